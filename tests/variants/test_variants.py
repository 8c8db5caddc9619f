"""The public functions: kinds, limits, reproducibility, errors, and every reference program of the project's set."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.tasks import function_name, load_tasks
from aspera_workbench.variants import KINDS, mutants, probes, rewrites, variants

REPO = Path(__file__).resolve().parents[2]

PROGRAM = '''def plan():
    """Doc."""
    ann = find_employee("Ann")[0]
    day = get_next_dow("Friday")
    add_event(Event(attendees=[ann], starts_at=combine(day, time_by_hm(2, 0, "pm"))))
'''


def test_rewrites_and_mutants_are_split_by_expected_verdict() -> None:
    assert {v.expected for v in rewrites(PROGRAM)} == {"pass"}
    assert {v.expected for v in mutants(PROGRAM)} == {"fail"}
    assert {v.expected for v in probes(PROGRAM)} == {"fail"}
    assert variants(PROGRAM) == rewrites(PROGRAM) + mutants(PROGRAM) + probes(PROGRAM)


def test_per_kind_limits_and_seed_reproduce() -> None:
    everything = variants(PROGRAM)
    limited = variants(PROGRAM, per_kind=1, seed=3, salt="1001")
    counts = {kind: sum(v.kind == kind for v in limited) for kind in KINDS}
    assert max(counts.values()) == 1
    assert {v.kind for v in limited} == {v.kind for v in everything}
    assert limited == variants(PROGRAM, per_kind=1, seed=3, salt="1001")
    picks = {tuple(v.source for v in variants(PROGRAM, per_kind=1, seed=seed)) for seed in range(8)}
    assert len(picks) > 1


def test_kinds_filter_and_errors() -> None:
    assert {v.kind for v in variants(PROGRAM, kinds=["drop_action", "rename_variables"])} == {
        "drop_action",
        "rename_variables",
    }
    with pytest.raises(ValueError, match="unknown variant kind"):
        mutants(PROGRAM, kinds=["drop_everything"])
    with pytest.raises(ValueError, match="does not parse"):
        variants("def broken(:\n")
    with pytest.raises(ValueError, match="no top-level function"):
        variants("x = 1\n")


def test_kinds_may_be_any_iterable() -> None:
    # The unknown-kind check must not use up the kinds before they are chosen.
    for generate in (variants, rewrites, mutants):
        listed = generate(PROGRAM, kinds=["drop_action", "rename_variables"])
        assert listed and generate(PROGRAM, kinds=iter(["drop_action", "rename_variables"])) == listed


def test_every_variant_of_the_project_tasks_is_a_valid_distinct_program() -> None:
    tasks = load_tasks(REPO / "data" / "aspera_workbench_v1")
    produced = set()
    for task in tasks:
        found = variants(task.program, apps=task.scenario.apps, per_kind=2, salt=task.query_id, query=task.query)
        sources = [v.source for v in found]
        assert len(set(sources)) == len(sources), task.query_id
        for variant in found:
            compile(variant.source, task.query_id, "exec")
            assert variant.source != task.program
            assert function_name(variant.source) == task.solution_name, (task.query_id, variant.description)
            produced.add(variant.kind)
    assert produced == set(KINDS)
