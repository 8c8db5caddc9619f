"""The audit as DataFrames for notebooks."""

from __future__ import annotations

from pathlib import Path

from aspera_workbench.audit import kind_table, kind_task_table, task_table, variant_table, weakest_table

from .test_report import REPORT


def test_tables_from_a_report_and_from_its_file(tmp_path: Path) -> None:
    path = tmp_path / "audit.json"
    REPORT.write(path)
    for source in (REPORT, path):
        variants = variant_table(source)
        assert len(variants) == 9 and variants["flagged"].sum() == 2
        assert list(variants.columns[:4]) == ["task_id", "kind", "origin", "expected"]
        kinds = kind_table(source).set_index(["kind", "expected"])
        assert kinds.loc[("drop_action", "fail"), "rate_name"] == "false_acceptance"
        assert (kinds.loc[("drop_action", "fail"), ["flagged", "judged", "equivalent"]] == [1, 2, 1]).all()
        tasks = task_table(source).set_index("task_id")
        assert tasks.loc["2", "false_rejections"] == 1 and tasks.loc["2", "must_pass_judged"] == 2
        weakest = weakest_table(source)
        assert list(weakest["error"]) == ["false_acceptance", "false_rejection"]
        assert len(weakest_table(source, limit=1)) == 1


def test_kind_task_table_splits_each_kind_by_task(tmp_path: Path) -> None:
    path = tmp_path / "audit.json"
    REPORT.write(path)
    for source in (REPORT, path):
        per_task = kind_task_table(source)
        assert list(per_task.columns) == ["kind", "expected", "task_id", "flagged", "judged"]
        counts = per_task.set_index(["kind", "expected", "task_id"])
        assert counts.loc[("drop_action", "fail", "1")].tolist() == [1, 2]  # the equivalent mutant is not judged
        assert counts.loc[("rename_variables", "pass", "2")].tolist() == [1, 1]
        assert counts.loc[("reference", "pass", "2")].tolist() == [0, 1]
        assert ("drop_action", "fail", "2") not in counts.index  # task 2 has no such mutant
        assert "noop" not in set(per_task["kind"])  # its verdict could not be decided: in no rate
        # Summed over tasks, the kind table.
        sums = per_task.groupby(["kind", "expected"])[["flagged", "judged"]].sum()
        kinds = kind_table(source).set_index(["kind", "expected"])[["flagged", "judged"]]
        assert sums.sort_index().equals(kinds.sort_index())


def test_task_shares_the_checklist_and_the_rejected_programs(tmp_path: Path) -> None:
    from aspera_workbench.audit import checklist_table, false_rejection_table, task_share_table

    path = tmp_path / "audit.json"
    REPORT.write(path)
    for source in (REPORT, path):
        shares = task_share_table(source).set_index("tasks_with")
        # task 1 accepted a mutant, task 2 rejected a rewrite; each share has its own denominator
        assert shares.loc["false acceptance", ["tasks", "of"]].tolist() == [1, 1]
        assert shares.loc["false rejection", ["tasks", "of"]].tolist() == [1, 2]
        assert shares.loc["either", ["tasks", "of", "share (%)"]].tolist() == [2, 2, 100.0]
        assert shares.loc["false rejection", "CI low (%)"] < 50 < shares.loc["false rejection", "CI high (%)"]
        items = checklist_table(source).set_index("item")
        assert items.loc["I.g.3", ["error", "tasks", "of", "shown_by"]].tolist() == [
            "false acceptance",
            1,
            2,
            "drop_action",
        ]
        assert items.loc["I.a.1", "error"] == "false rejection"
        rejected = false_rejection_table(source)
        assert rejected[["task_id", "kind"]].values.tolist() == [["2", "rename_variables"]]
        assert rejected.loc[0, "reference"] and rejected.loc[0, "program"]


def test_the_audited_subset_holds_the_sound_tasks_only() -> None:
    subset = REPORT.audited_subset()
    assert subset.audited == ("1", "2") and subset.task_ids == ()  # 1 flagged; 2 flagged and with a problem
    assert subset.task_set_digest == REPORT.task_set_digest and subset.size == "0 of 2 audited tasks"
