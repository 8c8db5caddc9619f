"""The audit's rates with Wilson intervals and their denominators, from the audit's kind table.

With the per-task counts the intervals are clustered by task: variants of one task are judged by
the same evaluation program, so its errors come together.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest

from aspera_workbench.analysis.audit_rates import ALL_KINDS, audit_rates, kind_label
from aspera_workbench.analysis.wilson import wilson_bounds, wilson_interval
from aspera_workbench.audit import kind_table, kind_task_table
from tests.audit.test_report import REPORT


def kinds() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "kind": ["reference", "rename_variables", "noop", "drop_action", "change_room"],
            "expected": ["pass", "pass", "fail", "fail", "fail"],
            "flagged": [0, 1, 0, 2, 0],
            "judged": [10, 9, 10, 8, 0],
            "equivalent": [0, 0, 0, 3, 1],
            "not_equivalent": [0, 1, 0, 0, 0],
            "undetermined": [0, 0, 0, 1, 0],
        }
    )


def test_rates_intervals_and_totals() -> None:
    table = audit_rates(kinds(), confidence=0.9)
    assert list(table["kind"]) == [
        "reference",
        "rename_variables",
        ALL_KINDS,
        "noop",
        "drop_action",
        "change_room",
        ALL_KINDS,
    ]
    assert list(table["error"][:3]) == ["false rejection"] * 3 and set(table["error"][3:]) == {"false acceptance"}
    totals = table[table["kind"] == ALL_KINDS].set_index("must")
    assert (totals.loc["pass", "flagged"], totals.loc["pass", "judged"], totals.loc["pass", "excluded"]) == (1, 19, 1)
    assert (totals.loc["fail", "flagged"], totals.loc["fail", "judged"], totals.loc["fail", "excluded"]) == (2, 18, 5)
    drop = table[table["kind"] == "drop_action"].iloc[0]
    assert drop["rate (%)"] == pytest.approx(25.0)
    low, high = wilson_interval(2, 8, 0.9)
    assert (drop["CI low (%)"], drop["CI high (%)"]) == (pytest.approx(100 * low), pytest.approx(100 * high))
    reference = table[table["kind"] == "reference"].iloc[0]
    assert reference["rate (%)"] == 0.0 and reference["CI low (%)"] == 0.0 and 0 < reference["CI high (%)"] < 30
    room = table[table["kind"] == "change_room"].iloc[0]
    assert math.isnan(room["rate (%)"]) and room["excluded"] == 1  # nothing judged: no rate
    assert table.attrs["confidence"] == 0.9


def test_a_table_without_the_counts_is_refused() -> None:
    with pytest.raises(ValueError, match="undetermined"):
        audit_rates(kinds().drop(columns=["undetermined"]))


@pytest.mark.parametrize(
    ("kind", "label"),
    [
        ("hand_written_wrong", "hand-written wrong"),
        ("handback", "hand-back"),
        ("swallow_handback", "swallow hand-back"),
        ("add_unrelated_event", "add unrelated event"),
        ("reference", "reference"),
        (ALL_KINDS, ALL_KINDS),
    ],
)
def test_kind_names_read_as_words_with_the_hyphens_of_the_prose(kind: str, label: str) -> None:
    assert kind_label(kind) == label


def per_task(rows: list[tuple[str, str, list[tuple[int, int]]]]) -> pd.DataFrame:
    """A per-task table from (kind, expected, [(flagged, judged) of task 1, of task 2...])."""
    return pd.DataFrame(
        [
            {"kind": kind, "expected": expected, "task_id": str(task), "flagged": flagged, "judged": judged}
            for kind, expected, counts in rows
            for task, (flagged, judged) in enumerate(counts, start=1)
        ],
        columns=["kind", "expected", "task_id", "flagged", "judged"],
    )


def kinds_of(tasks: pd.DataFrame) -> pd.DataFrame:
    """The kind table the per-task table sums to (nothing excluded)."""
    sums = tasks.groupby(["kind", "expected"], sort=False)[["flagged", "judged"]].sum().reset_index()
    return sums.assign(equivalent=0, not_equivalent=0, undetermined=0)


# Five tasks with four judged mutants each, four of the twenty accepted: all by one task's evaluation
# program, or one by each of four.
CONCENTRATED = [(4, 4), (0, 4), (0, 4), (0, 4), (0, 4)]
SPREAD = [(1, 4), (1, 4), (1, 4), (1, 4), (0, 4)]


def test_errors_of_one_task_widen_the_interval_clustered_by_task() -> None:
    tasks = per_task([("drop_action", "fail", CONCENTRATED), ("swap_arguments", "fail", SPREAD)])
    plain = audit_rates(kinds_of(tasks)).set_index("kind")
    clustered = audit_rates(kinds_of(tasks), per_task=tasks).set_index("kind")
    for kind in ("drop_action", "swap_arguments"):
        assert (clustered.loc[kind, "flagged"], clustered.loc[kind, "judged"]) == (4, 20)  # the rate is unchanged
        assert clustered.loc[kind, "rate (%)"] == pytest.approx(20.0)
        assert clustered.loc[kind, "tasks"] == 5
    # One evaluation program behind every error: the five tasks, not the twenty programs, are the sample.
    low, high = wilson_bounds(0.2, 5)
    concentrated = clustered.loc["drop_action"]
    assert concentrated["CI low (%)"] == pytest.approx(100 * low)
    assert concentrated["CI high (%)"] == pytest.approx(100 * high)
    assert concentrated["CI low (%)"] < plain.loc["drop_action", "CI low (%)"]
    assert concentrated["CI high (%)"] > plain.loc["drop_action", "CI high (%)"] + 10
    # Errors as spread as independent programs would be: the plain interval.
    for bound in ("CI low (%)", "CI high (%)"):
        assert clustered.loc["swap_arguments", bound] == pytest.approx(plain.loc["swap_arguments", bound], abs=0.5)


def test_a_kind_without_errors_is_bounded_by_its_task_count() -> None:
    tasks = per_task([("reference", "pass", [(0, 2)] * 5), ("rename_variables", "pass", [(0, 3), (0, 0), (0, 3)])])
    table = audit_rates(kinds_of(tasks), confidence=0.9, per_task=tasks).set_index("kind")
    reference = table.loc["reference"]
    assert (reference["flagged"], reference["judged"], reference["tasks"]) == (0, 10, 5)
    assert reference["CI low (%)"] == 0.0
    assert reference["CI high (%)"] == pytest.approx(100 * wilson_interval(0, 5, 0.9)[1])  # not 0 of 10
    renamed = table.loc["rename_variables"]
    assert (renamed["judged"], renamed["tasks"]) == (6, 2)  # a task with nothing judged is no sample
    assert renamed["CI high (%)"] == pytest.approx(100 * wilson_interval(0, 2, 0.9)[1])


def test_the_rate_over_all_kinds_counts_each_task_once() -> None:
    # Task 1's evaluation program accepted every mutant of both kinds: over all kinds still one task of three.
    tasks = per_task([("drop_action", "fail", [(2, 2), (0, 2), (0, 2)]), ("noop", "fail", [(1, 1), (0, 1), (0, 1)])])
    table = audit_rates(kinds_of(tasks), per_task=tasks)
    total = table[table["kind"] == ALL_KINDS].iloc[0]
    assert (total["flagged"], total["judged"], total["tasks"]) == (3, 9, 3)
    low, high = wilson_bounds(3 / 9, 3)  # the tasks' counts (3/3, 0/3, 0/3): the task count is the sample
    assert (total["CI low (%)"], total["CI high (%)"]) == (pytest.approx(100 * low), pytest.approx(100 * high))
    assert list(table.columns) == [
        "kind",
        "must",
        "error",
        "flagged",
        "judged",
        "tasks",
        "rate (%)",
        "CI low (%)",
        "CI high (%)",
        "excluded",
    ]


def test_a_kind_nothing_was_judged_in_has_no_tasks_and_no_interval() -> None:
    tasks = per_task([("noop", "fail", [(0, 1), (1, 1)]), ("change_room", "fail", [(0, 0), (0, 0)])])
    kinds = kinds_of(tasks).assign(equivalent=[0, 2])
    room = audit_rates(kinds, per_task=tasks).set_index("kind").loc["change_room"]
    assert (room["judged"], room["tasks"], room["excluded"]) == (0, 0, 2)
    assert math.isnan(room["rate (%)"]) and math.isnan(room["CI low (%)"]) and math.isnan(room["CI high (%)"])


def test_per_task_counts_of_another_audit_are_refused() -> None:
    tasks = per_task([("drop_action", "fail", CONCENTRATED)])
    with pytest.raises(ValueError, match=r"drop_action.*fail.*4 flagged / 20 judged.*3 flagged / 20 judged"):
        audit_rates(kinds_of(tasks).assign(flagged=3), per_task=tasks)
    with pytest.raises(ValueError, match="task_id"):
        audit_rates(kinds_of(tasks), per_task=tasks.drop(columns=["task_id"]))


def test_the_audits_own_tables_give_the_clustered_rates() -> None:
    table = audit_rates(kind_table(REPORT), per_task=kind_task_table(REPORT)).set_index(["kind", "must"])
    assert table.loc[("rename_variables", "pass"), ["flagged", "judged", "tasks"]].tolist() == [1, 2, 2]
    assert table.loc[(ALL_KINDS, "pass"), ["flagged", "judged", "tasks"]].tolist() == [1, 4, 2]
    assert table.loc[("drop_action", "fail"), ["flagged", "judged", "tasks", "excluded"]].tolist() == [1, 2, 1, 1]
