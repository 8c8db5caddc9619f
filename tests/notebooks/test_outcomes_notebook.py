"""The outcomes notebook runs under papermill with its parameters and writes its outputs."""

from pathlib import Path

import pandas as pd
import papermill
import yaml

from aspera_core.records import Experiment, Outcome, ResultRow, ResultsWriter

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "outcomes.ipynb"


def write_run(path: Path, outcomes: list[Outcome]) -> None:
    experiment = Experiment(agent=path.stem, task_set_digest="test", workbench_version="test")
    with ResultsWriter(path, experiment) as writer:
        for index, outcome in enumerate(outcomes):
            writer.write(
                ResultRow(
                    task_id=str(index + 1),
                    query="q",
                    agent=path.stem,
                    program="def p(): pass\n",
                    outcome=outcome,
                    duration_s=0.01,
                    pairs_run=1,
                )
            )


def test_default_parameters_name_the_runs_of_make_reproduce():
    params = yaml.safe_load((ROOT / "params" / "outcomes.yaml").read_text())
    assert set(params["runs"]) == {"reference", "noop", "handback"}
    makefile = (ROOT / "Makefile").read_text()
    for label, path in params["runs"].items():
        assert f"--agent {label} --out $(RUNS)/{Path(path).name}" in makefile


def test_notebook_writes_table_and_figure(tmp_path: Path):
    write_run(tmp_path / "good.jsonl", [Outcome.SUCCESS, Outcome.SUCCESS, Outcome.TIMEOUT])
    write_run(tmp_path / "bad.jsonl", [Outcome.TASK_COMPLETION_ERROR] * 3)
    parameters = {
        "runs": {"good": str(tmp_path / "good.jsonl"), "bad": str(tmp_path / "bad.jsonl")},
        "figure_path": str(tmp_path / "figures" / "outcomes.png"),
        "table_path": str(tmp_path / "figures" / "outcomes.csv"),
    }
    executed = papermill.execute_notebook(
        str(NOTEBOOK),
        str(tmp_path / "executed.ipynb"),
        parameters=parameters,
        kernel_name="python3",
        cwd=str(ROOT),
        progress_bar=False,
    )
    assert not executed.metadata.papermill.get("exception")
    table = pd.read_csv(parameters["table_path"], index_col="run")
    assert table.loc["good", "success"] == 2 and table.loc["good", "timeout"] == 1
    assert table.loc["bad", "task_completion_error"] == 3 and table.loc["bad", "success_rate"] == 0.0
    assert Path(parameters["figure_path"]).stat().st_size > 1000


def test_notebook_stays_thin():
    import nbformat

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    assert "def " not in code and "class " not in code  # logic lives in aspera_core
    assert notebook.metadata.kernelspec["name"] == "python3"
    assert any("parameters" in cell.metadata.get("tags", []) for cell in notebook.cells)
