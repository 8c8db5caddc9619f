"""Replays the conformance suite of the original library against ours.

Each case is a small program plus the value or error the original library
produced for it; the comparison rules live in ``run_conformance.py``.
"""

import json
import pathlib

import pytest

from tests.conformance.adapter import run_program
from tests.conformance.deviations import DEVIATIONS
from tests.conformance.run_conformance import check_case

HERE = pathlib.Path(__file__).parent


def _load(name: str) -> list[dict]:
    return [json.loads(line) for line in (HERE / name).read_text(encoding="utf-8").splitlines() if line.strip()]


#: The original suite, kept verbatim.
CASES = _load("cases.jsonl")
#: This project's own cases (each says in its ``note`` how its expectation was obtained).
EXTRA_CASES = _load("cases_extra.jsonl")

#: Cases whose result changes when the library's documented fixes are on (they
#: are not deviations: by default the library behaves as the original).
FIXED_BY_LIBRARY_FIXES = {"room_booking-038"}


@pytest.mark.parametrize("case", CASES + EXTRA_CASES, ids=[c["id"] for c in CASES + EXTRA_CASES])
def test_case(case):
    outcome = check_case(case, run_program)
    if case["id"] in DEVIATIONS:
        assert not outcome.ok, f"deviation no longer needed: {DEVIATIONS[case['id']]}"
        return
    assert outcome.ok, outcome.detail


def test_suite_is_complete():
    assert len(CASES) == 539


def test_extra_cases_have_new_ids_and_notes():
    ids = [case["id"] for case in CASES + EXTRA_CASES]
    assert len(ids) == len(set(ids))
    assert all(case.get("note") for case in EXTRA_CASES)


def test_library_fixes_change_exactly_the_documented_cases():
    by_id = {case["id"]: case for case in CASES}
    for case_id in FIXED_BY_LIBRARY_FIXES:
        assert not check_case(by_id[case_id], lambda p: run_program(p, library_fixes=True)).ok
    fixed = run_program(by_id["room_booking-038"]["program"], library_fixes=True)["result"]
    assert fixed.startswith("Room: Saffron (Capacity: 6)\n  Available: 2024-06-26 09:06 to 2024-06-26 10:00")
    assert "Cobalt" not in fixed
    # Every other case of the area behaves the same with the fixes on.
    for case in CASES:
        if case["area"] == "room_booking.summarise_availability" and case["id"] not in FIXED_BY_LIBRARY_FIXES:
            assert check_case(case, lambda p: run_program(p, library_fixes=True)).ok, case["id"]
