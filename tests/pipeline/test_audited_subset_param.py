"""The pipeline's ``audited_subset:`` parameter: checked before any notebook runs, and read as the tables read it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_core.records import AuditedSubset
from aspera_core.tasks import load_tasks, tasks_digest
from aspera_workbench.pipeline import ParamsError, check_notebook_params, load_params, load_subset

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini_release"


def subset(digest: str | None = None) -> AuditedSubset:
    tasks = load_tasks(MINI)
    ids = tuple(task.query_id for task in tasks)
    return AuditedSubset(task_set="mini", task_set_digest=digest or tasks_digest(tasks), audited=ids, task_ids=ids[:2])


def test_no_subset_is_the_default_and_reads_as_none() -> None:
    assert load_params(ROOT / "params" / "default.yaml").audited_subset is None
    assert load_subset(None, root=ROOT) is None


def test_a_subset_of_the_task_set_is_accepted_and_read_from_the_project_root(tmp_path: Path) -> None:
    path = subset().write(tmp_path / "subset.json")
    load_params(ROOT / "params" / "mini.yaml", [f"audited_subset={path}"]).check_files(ROOT)
    assert load_subset(path, root=ROOT) == subset()
    audit = tmp_path / "audit.json"  # or the audit file that holds it
    audit.write_text(json.dumps({"format": "aspera-audit", "audited_subset": subset().to_json()}))
    load_params(ROOT / "params" / "mini.yaml", [f"audited_subset={audit}"]).check_files(ROOT)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, r"^audited_subset: .*nowhere.json does not exist"),
        ("{", r"^audited_subset: .*subset.json: not a JSON file"),
        ('{"format": "aspera-audited-subset", "version": 1}', r"^audited_subset: .*malformed audited subset"),
    ],
)
def test_a_missing_or_malformed_subset_is_refused_naming_the_key(tmp_path: Path, content: str | None, message: str):
    path = tmp_path / ("nowhere.json" if content is None else "subset.json")
    if content is not None:
        path.write_text(content)
    with pytest.raises(ParamsError, match=message) as caught:
        load_params(ROOT / "params" / "mini.yaml", [f"audited_subset={path}"]).check_files(ROOT)
    assert "\n" not in str(caught.value)


def test_a_subset_of_another_task_set_is_refused_naming_both_digests(tmp_path: Path) -> None:
    path = subset("0" * 64).write(tmp_path / "other.json")
    with pytest.raises(ParamsError, match=r"^audited_subset: .*other.json is an audited subset of another") as caught:
        load_params(ROOT / "params" / "mini.yaml", [f"audited_subset={path}"]).check_files(ROOT)
    assert "000000000000" in str(caught.value) and tasks_digest(load_tasks(MINI))[:12] in str(caught.value)


def test_the_tables_notebook_declares_the_parameter_and_checks_it_on_its_own(tmp_path: Path) -> None:
    import papermill

    declared = papermill.inspect_notebook(str(ROOT / "notebooks" / "05_paper_tables_figures.ipynb"))
    assert "audited_subset" in declared
    other = subset("0" * 64).write(tmp_path / "other.json")
    namespace = {"tasks": str(MINI), "audited_subset": str(other), "root": str(ROOT)}
    with pytest.raises(ParamsError, match="^audited_subset: "):
        check_notebook_params("05_paper_tables_figures", namespace)
