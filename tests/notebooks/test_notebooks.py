"""The notebooks stay thin, and run from the folder JupyterLab starts them in, showing their figures."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import nbformat
import pandas as pd
import papermill
import pytest

import aspera_core
from aspera_core.tasks import load_tasks
from aspera_workbench.audit import read_audit
from aspera_workbench.judge import JudgementsWriter
from aspera_workbench.pipeline.pipeline_params import NOTEBOOKS
from tests.analysis.support import model_run
from tests.judge.support import JUDGED, SETUP, judgement

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"


@pytest.mark.parametrize("name", [*NOTEBOOKS, "00_tour", "06_failure_explorer"])
def test_notebooks_are_thin_and_use_only_the_public_api(name: str):
    notebook = nbformat.read(NOTEBOOK_DIR / f"{name}.ipynb", as_version=4)
    assert notebook.metadata.kernelspec["name"] == "python3"
    code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    assert any("parameters" in cell.metadata.get("tags", []) for cell in notebook.cells)
    text = "\n".join(code)
    assert not re.search(r"^\s*(def|class|lambda\s*:.*:)\s", text, re.MULTILINE)  # logic lives in aspera_core
    imports = [line.strip() for line in text.splitlines() if re.match(r"\s*(import|from)\s", line)]
    assert imports == ["import aspera_workbench as wb"]
    used = set(re.findall(r"\bac\.(\w+)", text))
    assert used <= set(aspera_core.__all__), used - set(aspera_core.__all__)
    assert not any(cell.outputs for cell in notebook.cells if cell.cell_type == "code")  # stored without outputs


def test_complexity_notebook_runs_from_the_notebooks_folder_and_shows_its_figures(tmp_path: Path):
    figures = tmp_path / "figures"
    executed = papermill.execute_notebook(
        str(NOTEBOOK_DIR / "03_complexity.ipynb"),
        str(tmp_path / "03_complexity.ipynb"),
        parameters={"tasks": "tests/fixtures/mini_release", "figures_dir": str(figures)},  # root found by the notebook
        kernel_name="python3",
        cwd=str(NOTEBOOK_DIR),
        progress_bar=False,
    )
    assert not executed.metadata.papermill.get("exception")
    images = [
        output for cell in executed.cells for output in cell.get("outputs", []) if "image/png" in output.get("data", {})
    ]
    assert len(images) == 4
    tasks = load_tasks(ROOT / "tests" / "fixtures" / "mini_release")
    table = pd.read_csv(figures / "table1_dataset.csv").set_index("quantity")["value"]
    assert float(table["tasks"]) == 4 and float(table["setup/evaluation pairs"]) == 4
    assert float(table["reference programs (AEP): raw lines"]) == sum(len(t.program.splitlines()) for t in tasks)
    per_task = pd.read_csv(figures / "complexity_per_task.csv", dtype={"task_id": str}).set_index("task_id")
    assert list(per_task.index) == [t.query_id for t in tasks]
    assert list(per_task["query_words"]) == [len(t.query.split()) for t in tasks]
    for name in ("complexity_distributions", "query_length_vs_primitives", "program_length_distribution"):
        assert (figures / f"{name}.png").stat().st_size > 5000 and (figures / f"{name}.pdf").exists()


def test_audit_notebook_shows_the_audit_the_judge_and_the_seeds(tmp_path: Path):
    ids = [task.query_id for task in load_tasks(ROOT / "tests" / "fixtures" / "mini_release")]
    ok, wrong = "success", "task_completion_error"
    run = model_run(
        tmp_path / "cck.jsonl", "gpt-x", "cck", {0: dict.fromkeys(ids, ok), 1: dict(zip(ids, [ok, wrong, ok, wrong]))}
    )
    judged = tmp_path / "cck.judged.jsonl"
    with JudgementsWriter(judged, SETUP, JUDGED) as writer:
        for task_id, verdict, outcome in zip(
            ids, ["correct", "correct", "incorrect", "not_judged"], [ok, wrong, wrong, ok]
        ):
            writer.write(judgement(task_id, verdict, outcome))
    figures = tmp_path / "figures"
    executed = papermill.execute_notebook(
        str(NOTEBOOK_DIR / "07_audit.ipynb"),
        str(tmp_path / "07_audit.ipynb"),
        parameters={
            "tasks": "tests/fixtures/mini_release",
            "agents": [],
            "results": {"cck": str(run)},
            "results_dir": str(tmp_path / "results"),
            "audit_per_kind": 1,
            "audit_max_variants": 2,
            "judgements": {"judge": str(judged)},
            "bootstrap_samples": 200,
            "workers": 2,
            "figures_dir": str(figures),
        },
        kernel_name="python3",
        cwd=str(NOTEBOOK_DIR),
        progress_bar=False,
    )
    assert not executed.metadata.papermill.get("exception")
    images = [
        output for cell in executed.cells for output in cell.get("outputs", []) if "image/png" in output.get("data", {})
    ]
    (audit,) = (tmp_path / "results").glob("audit-*.json")
    report = read_audit(audit)
    # audit rates, judge confusion and agreement, verdict flips; the weakest tasks and the checklist when
    # something was flagged (the mini release's hand-back task 9003 has no world where always asking fails)
    assert report.flagged and len(images) == 6
    shares = pd.read_csv(figures / "audit_task_shares.csv").set_index("tasks_with")
    assert shares.loc["false acceptance", "tasks"] == sum(task.has("false_acceptance") for task in report.tasks)
    checklist = pd.read_csv(figures / "audit_checklist.csv").set_index("item")
    assert checklist.loc["III.13", "shown_by"] == "handback"
    rates = pd.read_csv(figures / "audit_rates.csv").set_index(["kind", "must"])
    assert rates.loc[("all kinds", "pass"), "judged"] == report.rate("pass").judged
    assert rates.loc[("all kinds", "fail"), "flagged"] == report.rate("fail").errors
    # clustered by task: every task of the mini set has a judged program that must pass
    assert rates.loc[("all kinds", "pass"), "tasks"] == sum(task.rate("pass").judged > 0 for task in report.tasks)
    agreement = pd.read_csv(figures / "judge_agreement.csv").iloc[0]
    assert (agreement["programs"], agreement["not judged"], agreement["compared"]) == (4, 1, 3)
    assert agreement["accuracy (%)"] == pytest.approx(100 * 2 / 3)
    shown = "\n".join(
        output["data"].get("text/plain", "")
        for cell in executed.cells
        for output in cell.get("outputs", [])
        if "data" in output
    )
    assert "gpt-x (CCK)" in shown and "75.0 ± 35.4" in shown  # success over the two seeds: 100 % and 50 %
    assert (figures / "audit_weakest.csv").exists()  # the flagged programs of the mini set, listed
    for name in ("audit_rates", "judge_confusion", "judge_agreement", "verdict_flips_share"):
        assert (figures / f"{name}.png").stat().st_size > 5000 and (figures / f"{name}.pdf").exists()


def test_error_taxonomy_notebook_shows_labels_and_agreement_when_annotators_have_labelled(tmp_path: Path):
    from aspera_workbench.analysis.annotation import AnnotationFile, Label

    ids = [task.query_id for task in load_tasks(ROOT / "tests" / "fixtures" / "mini_release")]
    outcomes = dict(zip(ids, ["success", "task_completion_error", "task_completion_error", "execution_error"]))
    run = model_run(tmp_path / "cck.jsonl", "gpt-x", "cck", {0: outcomes})
    folder = tmp_path / "annotations"
    for name, verdicts in (("ann", "cwcw"), ("bea", "cwww")):
        file = AnnotationFile(folder, name)
        for task_id, verdict in zip(ids, verdicts):
            verdict = {"c": "correct", "w": "wrong"}[verdict]
            file.append(
                Label(name, "gpt-x (CCK)", task_id, 0, verdict, "wrong effect or answer", outcome=outcomes[task_id])
            )
    figures = tmp_path / "figures"
    executed = papermill.execute_notebook(
        str(NOTEBOOK_DIR / "04_error_taxonomy.ipynb"),
        str(tmp_path / "04.ipynb"),
        parameters={
            "tasks": "tests/fixtures/mini_release",
            "agents": [],
            "results": {"cck": str(run)},
            "annotations": str(folder),
            "bootstrap_samples": 200,
            "figures_dir": str(figures),
        },
        kernel_name="python3",
        cwd=str(NOTEBOOK_DIR),
        progress_bar=False,
    )
    assert not executed.metadata.papermill.get("exception")
    taxonomy = pd.read_csv(figures / "labelled_taxonomy.csv").iloc[0]
    assert (taxonomy["category"], taxonomy["rows"], taxonomy["labelled"]) == ("wrong effect or answer", 4, 4)
    agreement = pd.read_csv(figures / "annotator_agreement.csv").set_index("question")
    # Verdicts c w c w against c w w w: p_o = 3/4, p_e = 1/2 * 1/4 + 1/2 * 3/4 = 1/2, kappa = 1/2.
    assert agreement.loc["verdict", "statistic"] == "Cohen's kappa"
    assert agreement.loc["verdict", "kappa"] == pytest.approx(0.5)
    verdicts = pd.read_csv(figures / "verdict_agreement.csv").iloc[0]
    assert (verdicts["labels"], verdicts["wrong"]) == (8, 5) and verdicts["judged wrong (%)"] == pytest.approx(62.5)


def test_tour_notebook_follows_one_task_and_a_wrong_program(tmp_path: Path):
    executed = papermill.execute_notebook(
        str(NOTEBOOK_DIR / "00_tour.ipynb"),
        str(tmp_path / "00_tour.ipynb"),
        parameters={"task_id": "1029"},
        kernel_name="python3",
        cwd=str(NOTEBOOK_DIR),
        progress_bar=False,
    )
    assert not executed.metadata.papermill.get("exception")
    shown = "\n".join(
        output["data"].get("text/html", "")
        for cell in executed.cells
        for output in cell.get("outputs", [])
        if "data" in output
    )
    assert "share my calendar with my manager" in shown
    assert ">success</b>" in shown and ">task_completion_error</b>" in shown
    assert "What is wrong:" in shown and "differs from the reference" in shown


@pytest.mark.parametrize("path", sorted(NOTEBOOK_DIR.glob("*.ipynb")), ids=lambda path: path.stem)
def test_papermill_parses_every_parameter_without_a_warning(path: Path, caplog: pytest.LogCaptureFixture):
    # papermill reads a parameters cell line by line and gives up on a line with a second "=" (one in an
    # inline comment is enough): it warns on every run and drops that parameter from --help-notebook.
    caplog.set_level(logging.WARNING, logger="papermill")
    parsed = papermill.inspect_notebook(str(path))
    assert not [record.getMessage() for record in caplog.records if record.name.startswith("papermill")]
    notebook = nbformat.read(path, as_version=4)
    cell = next(cell for cell in notebook.cells if "parameters" in cell.metadata.get("tags", []))
    assigned = re.findall(r"^(\w+)\s*=", cell.source, re.MULTILINE)
    assert list(parsed) == assigned


@pytest.mark.parametrize("name", [*NOTEBOOKS, "00_tour", "06_failure_explorer"])
def test_every_interval_a_notebook_draws_has_the_parameter_sets_confidence(name: str):
    """A notebook calling a function that takes ``confidence`` declares the parameter and passes it on,
    so that ``-p confidence=0.9`` changes every table's intervals, not only some."""
    import inspect

    notebook = nbformat.read(NOTEBOOK_DIR / f"{name}.ipynb", as_version=4)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    calls = re.findall(r"\bac\.(\w+)\(", code)
    takes = sorted(
        {
            called
            for called in calls
            if callable(getattr(aspera_core, called, None))
            and "confidence" in inspect.signature(getattr(aspera_core, called)).parameters
        }
    )
    if not takes:
        return
    parameters = next(cell.source for cell in notebook.cells if "parameters" in cell.metadata.get("tags", []))
    assert re.search(r"^confidence\s*=", parameters, re.MULTILINE), f"{name} does not declare confidence"
    stats = re.search(r"^stats\s*=(.*)$", code, re.MULTILINE)
    for called in takes:
        for call in re.finditer(rf"\bac\.{called}\(", code):
            depth, end = 1, call.end()
            while depth:  # the call's arguments, up to its closing parenthesis
                depth += {"(": 1, ")": -1}.get(code[end], 0)
                end += 1
            arguments = code[call.end() : end]
            passed = re.search(r"\bconfidence\b", arguments) or (
                "**stats" in arguments and stats is not None and "confidence" in stats.group(1)
            )
            assert passed, f"{name}: wb.{called}({arguments} without the confidence parameter"


def _first_code_after_parameters(name: str) -> str:
    notebook = nbformat.read(NOTEBOOK_DIR / f"{name}.ipynb", as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    at = next(n for n, cell in enumerate(code) if "parameters" in cell.metadata.get("tags", []))
    return code[at + 1].source


@pytest.mark.parametrize("name", [*NOTEBOOKS, "00_tour", "06_failure_explorer"])
def test_every_notebook_checks_its_parameters_before_anything_else(name: str):
    # Run on its own (JupyterLab, papermill), a notebook gets the checks `aspera pipeline` makes.
    first = _first_code_after_parameters(name)
    lines = [line for line in first.splitlines() if line.strip()]
    assert lines[:2] == ["import aspera_workbench as wb", f'wb.check_notebook_params("{name}", globals())']


@pytest.mark.parametrize(
    ("name", "parameters", "expected"),
    [
        # Both used to write eight tables and figures, then fail (the second without naming the parameter).
        ("04_error_taxonomy", {"confidence": 1.5}, "confidence: Input should be less than 1, got 1.5"),
        (
            "06_failure_explorer",
            {"sample_size": -3},
            "sample_size: Input should be greater than or equal to 0, got -3",
        ),
    ],
)
def test_a_notebook_run_on_its_own_refuses_a_bad_parameter_in_one_line_before_writing(
    tmp_path: Path, name: str, parameters: dict, expected: str
):
    ids = [task.query_id for task in load_tasks(ROOT / "tests" / "fixtures" / "mini_release")]
    run = model_run(tmp_path / "cck.jsonl", "gpt-x", "cck", {0: dict.fromkeys(ids, "success")})
    figures = tmp_path / "figures"
    given = {"tasks": "tests/fixtures/mini_release", "agents": [], "results": {"cck": str(run)}}
    if name == "06_failure_explorer":
        given = {"params_file": "params/mini.yaml", "overrides": [f"results={{cck: {run}}}", "agents=[]"]}
    else:
        given["figures_dir"] = str(figures)
    with pytest.raises(papermill.PapermillExecutionError) as raised:
        papermill.execute_notebook(
            str(NOTEBOOK_DIR / f"{name}.ipynb"),
            str(tmp_path / f"{name}.ipynb"),
            parameters={**given, **parameters},
            kernel_name="python3",
            cwd=str(NOTEBOOK_DIR),
            progress_bar=False,
        )
    assert (raised.value.ename, raised.value.evalue) == ("ParamsError", expected)
    assert raised.value.exec_count == 3  # the cell right after the parameters and the ones papermill injects
    assert not figures.exists() and not (tmp_path / "annotations").exists()
