"""Table 1 on the known task sets: the mini release fixture and the project's own set."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest
from radon.complexity import cc_visit

from aspera_core.tasks import load_tasks
from aspera_workbench.analysis.dataset import dataset_statistics, dataset_table
from aspera_workbench.analysis.frames import programs_frame, tasks_frame

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini_release"
PROJECT = ROOT / "data" / "aspera_workbench_v1"


@pytest.fixture(scope="module")
def project_tasks():
    return load_tasks(PROJECT)


def values(tasks) -> dict[str, float]:
    return dict(dataset_statistics(tasks))


def test_mini_release_table_one_counts_what_the_fixture_holds():
    tasks = load_tasks(MINI)
    table = values(tasks)
    assert table["tasks"] == 4 and table["setup/evaluation pairs"] == 4
    programs = {
        "reference programs (AEP)": [t.program for t in tasks],
        "setup programs (SIP)": [p for t in tasks for p in t.state_generation_programs],
        "evaluation programs (EP)": [p for t in tasks for p in t.evaluation_programs],
    }
    for label, texts in programs.items():
        assert table[f"{label}: programs"] == len(texts) == 4
        assert table[f"{label}: raw lines"] == sum(text.count("\n") + (not text.endswith("\n")) for text in texts)
        blank_or_comment = sum(
            1 for text in texts for line in text.splitlines() if not line.strip() or line.strip().startswith("#")
        )
        assert table[f"{label}: code lines"] == table[f"{label}: raw lines"] - blank_or_comment
    words = [len(t.query.split()) for t in tasks]
    assert table["query length (words): min"] == min(words) and table["query length (words): max"] == max(words)
    assert table["query length (words): mean"] == pytest.approx(statistics.fmean(words), abs=0.01)


def test_project_set_table_one(project_tasks):
    table = values(project_tasks)
    assert table["tasks"] == 84 and table["setup/evaluation pairs"] == 108
    assert table["setup programs (SIP): programs"] == 108 == table["evaluation programs (EP): programs"]
    assert table["distinct app combinations"] == 2
    # data/README.md: cyclomatic complexity 1 to 19, median 5
    assert (table["cyclomatic complexity of AEP: min"], table["cyclomatic complexity of AEP: max"]) == (1, 19)
    assert table["cyclomatic complexity of AEP: median"] == 5
    assert table["reference programs (AEP): raw lines"] == sum(len(t.program.splitlines()) for t in project_tasks)


def test_complexity_is_radons_figure_for_each_reference_function(project_tasks):
    frame = tasks_frame(project_tasks)
    for task in project_tasks[:20]:
        blocks = {block.name: block.complexity for block in cc_visit(task.program)}
        name = task.program.split("def ", 1)[1].split("(", 1)[0].strip()
        assert frame.loc[task.query_id, "complexity"] == blocks[name]


def test_table_one_has_the_paper_column_only_where_the_paper_reports_the_quantity():
    table = dataset_table(load_tasks(MINI))
    paper = dict(zip(table["quantity"], table["paper"]))
    assert paper["tasks"] == "250"
    assert paper["reference programs (AEP): raw lines"] == "about 9k"
    assert paper["setup/evaluation pairs"] == "" and paper["query length (words): median"] == ""
    assert (
        dict(zip(table["quantity"], table["value"]))[
            "library primitives, documented (functions + methods + aliases + classes)"
        ]
        == 69
    )


def test_programs_frame_has_one_row_per_program(project_tasks):
    frame = programs_frame(project_tasks)
    assert frame["kind"].value_counts().to_dict() == {"setup": 108, "evaluation": 108, "reference": 84}
    assert (
        frame.loc[frame["kind"] == "reference", "raw_lines"].sum()
        == values(project_tasks)["reference programs (AEP): raw lines"]
    )


def test_table_one_in_markdown_has_two_decimals_for_means_and_separated_thousands(project_tasks):
    from aspera_workbench.analysis.artefacts import markdown_table

    text = markdown_table(dataset_table(project_tasks))
    assert "| library documentation, documented only: words | 6," in text
    means = [line for line in text.splitlines() if ": mean |" in line]
    assert means and all(line.split(" | ")[1].split(".")[1].__len__() == 2 for line in means)
