"""The parameter set's agents are run into results files that the analysis finds again by their experiment."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.records import NotAResultsFile, read_results
from aspera_workbench.pipeline.evaluate import ResultsNotFound, evaluate_agents, results_files
from tests.analysis.support import result_row, write_results

ROOT = Path(__file__).resolve().parents[2]
MINI = "tests/fixtures/mini_release"


def test_agents_run_resume_and_never_touch_another_experiments_file(tmp_path: Path):
    folder = tmp_path / "results"
    folder.mkdir()
    foreign = write_results(folder / "reference.jsonl", [result_row("1", "success")], task_set_digest="another set")
    before = foreign.read_bytes()
    with pytest.raises(ResultsNotFound, match="run notebooks/02_evaluate.ipynb"):
        results_files(MINI, ["reference"], folder, root=ROOT)

    first = evaluate_agents(MINI, ["reference"], folder, root=ROOT, workers=1, progress=False)
    row = first.iloc[0]
    assert (row["label"], row["evaluated"], row["success"], row["expected"]) == ("reference", 4, 4, 4)
    assert Path(row["path"]) == folder / "reference.2.jsonl"
    assert foreign.read_bytes() == before

    again = evaluate_agents(MINI, ["reference"], folder, root=ROOT, workers=1, progress=False).iloc[0]
    assert (again["already_done"], again["evaluated"], again["path"]) == (4, 0, row["path"])

    extra = write_results(tmp_path / "mine.jsonl", [result_row("9001", "timeout", agent="mine")])
    files = results_files(MINI, ["reference"], folder, {"mine": str(extra)}, root=ROOT)
    assert files == {"reference": folder / "reference.2.jsonl", "mine": extra}
    assert read_results(files["reference"]).experiment.agent == "reference"


def test_unknown_agents_are_errors_unless_optional(tmp_path: Path):
    with pytest.raises(KeyError, match="unknown agent 'nobody'"):
        evaluate_agents(MINI, ["nobody"], tmp_path, root=ROOT, progress=False)
    with pytest.warns(UserWarning, match="'nobody' is not available"):
        report = evaluate_agents(MINI, [{"agent": "nobody", "optional": True}], tmp_path, root=ROOT, progress=False)
    assert report.empty
    with pytest.raises(FileNotFoundError, match="label 'x'"):
        results_files(MINI, [], tmp_path, {"x": "no/such.jsonl"}, root=ROOT)


@pytest.mark.parametrize("content", [b"# my notes\n", b'{"cells": []}\n', b"task,outcome\n1,success\n"])
def test_a_file_of_an_agents_name_that_is_not_a_results_file_is_refused_untouched(tmp_path: Path, content: bytes):
    # A README, a notebook or a CSV saved as reference.jsonl: neither appended to nor passed over silently.
    folder = tmp_path / "results"
    folder.mkdir()
    (folder / "reference.jsonl").write_bytes(content)
    with pytest.raises(NotAResultsFile, match="reference.jsonl is not a results file"):
        evaluate_agents(MINI, ["reference"], folder, root=ROOT, workers=1, progress=False)
    assert sorted(folder.iterdir()) == [folder / "reference.jsonl"]
    assert (folder / "reference.jsonl").read_bytes() == content
