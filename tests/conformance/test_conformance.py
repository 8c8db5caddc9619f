"""Replays the conformance suite of the original library against ours.

Each case is a small program plus the value or error the original library
produced for it; the comparison rules live in ``run_conformance.py``.
"""

import json
import pathlib

import pytest

from aspera_core.conformance import run_program
from tests.conformance.deviations import DEVIATIONS
from tests.conformance.run_conformance import check_case

HERE = pathlib.Path(__file__).parent
CASES = [json.loads(line) for line in (HERE / "cases.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case):
    outcome = check_case(case, run_program)
    if case["id"] in DEVIATIONS:
        assert not outcome.ok, f"deviation no longer needed: {DEVIATIONS[case['id']]}"
        return
    assert outcome.ok, outcome.detail


def test_suite_is_complete():
    assert len(CASES) == 539
