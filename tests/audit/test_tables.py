"""The audit as DataFrames for notebooks."""

from __future__ import annotations

from pathlib import Path

from aspera_core.audit import kind_table, task_table, variant_table, weakest_table

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
