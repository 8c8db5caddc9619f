"""The failure explorer driven in Python: filters list rows, a row shows its programs, runs and labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_workbench.analysis import runs_frame
from aspera_workbench.ui.explorer import FailureExplorer, open_explorer
from tests.ui.support import explorer_results, explorer_tasks


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return explorer_results(tmp_path_factory.mktemp("explorer") / "results")


@pytest.fixture
def explorer(results: list[Path], tmp_path: Path):
    widget = FailureExplorer(
        runs_frame(results), explorer_tasks(), annotations_dir=tmp_path / "labels", annotator="ann", auto_world=False
    )
    yield widget
    widget.close()


def listed(widget: FailureExplorer) -> list[str]:
    return [title for title, _ in widget.rows.options]


def choose(widget: FailureExplorer, model: str, task_id: str) -> None:
    widget.rows.value = next(
        index
        for title, index in widget.rows.options
        if title.removeprefix("✓ ").startswith(model) and f"task {task_id}" in title
    )


def test_the_outcome_filter_changes_the_listed_rows(explorer: FailureExplorer) -> None:
    assert len(listed(explorer)) == 4 and "<b>4</b> of 4 rows" in explorer.count.value
    assert all(dropdown.label == "any" for dropdown in explorer.filters.values())  # shown, not blank
    explorer.filters["outcome"].value = "execution_error"
    assert [title.split(" · ")[:3] for title in listed(explorer)] == [
        ["model-a (replay)", "task 1029", "execution_error"]
    ]
    assert "<b>1</b> of 4 rows" in explorer.count.value and "find_boss" in explorer.programs.value
    explorer.filters["model"].value = "reference"
    assert listed(explorer) == [] and "No row passes" in explorer.query.value
    explorer.filters["outcome"].value = ""
    assert len(listed(explorer)) == 2


def test_a_row_shows_its_program_beside_the_reference_and_its_recorded_error(explorer: FailureExplorer) -> None:
    choose(explorer, "model-a", "1029")
    assert "share my calendar with my manager" in explorer.query.value
    assert "find_boss" in explorer.programs.value and "find_manager_of" in explorer.programs.value
    assert "aspera-diff-replace" in explorer.programs.value or "aspera-diff-delete" in explorer.programs.value
    assert "execution_error" in explorer.recorded.value and "NameError" in explorer.recorded.value
    assert "Traceback" in explorer.recorded.value
    assert explorer.edit.value == explorer.current["program"]


def test_world_change_run_again_and_edit_and_run(explorer: FailureExplorer) -> None:
    choose(explorer, "model-a", "1018")
    explorer.world_button.click()
    assert "differs from the reference" in explorer.world.value and "Pricing" in explorer.world.value
    explorer.run_again_button.click()
    assert explorer.message.value == "ran again: same outcome as recorded"
    assert "task_completion_error" in explorer.rerun.value
    explorer.edit.value = explorer.task_of(explorer.current).program
    explorer.run_edit_button.click()
    assert explorer.message.value == "your edit: success"
    assert "same change as the reference" in explorer.rerun.value
    explorer.edit.value = "def broken(:\n"
    explorer.run_edit_button.click()
    assert explorer.message.value == "your edit: syntax_error"


def test_saving_a_label_appends_one_line_to_the_annotators_file(explorer: FailureExplorer, tmp_path: Path) -> None:
    choose(explorer, "model-a", "1018")
    explorer.save_button.click()
    assert "choose whether the evaluation program" in explorer.message.value
    path = tmp_path / "labels" / "ann.jsonl"
    assert not path.exists()
    explorer.verdict_choice.value = "correct"
    explorer.category.value = "wrong effect or answer"
    explorer.note.value = "cancels the meeting with Fenella alone"
    explorer.save_button.click()
    lines = path.read_text().splitlines()
    assert len(lines) == 1
    label = json.loads(lines[0])
    assert (label["system"], label["task_id"], label["seed"], label["verdict"], label["outcome"]) == (
        "model-a (replay)",
        "1018",
        None,
        "correct",
        "task_completion_error",
    )
    assert label["note"] == "cancels the meeting with Fenella alone" and label["model"] == "model-a"
    assert sum(title.startswith("✓ ") for title in listed(explorer)) == 1
    # Another row, then back: the fields show the label given; a second save adds a line.
    choose(explorer, "reference", "1018")
    assert explorer.verdict_choice.value is None and explorer.note.value == ""
    choose(explorer, "model-a", "1018")
    assert explorer.verdict_choice.value == "correct" and "your label from" in explorer.label_status.value
    explorer.verdict_choice.value = "wrong"
    explorer.save_button.click()
    assert len(path.read_text().splitlines()) == 2 and path.read_text().startswith(lines[0])
    explorer.annotator.value = "../x"
    explorer.save_button.click()
    assert "annotator name" in explorer.message.value


def test_typing_the_annotator_name_keeps_a_label_not_saved_yet(explorer: FailureExplorer, tmp_path: Path) -> None:
    # Each keystroke in the name box reloaded the label fields: a verdict, category and note typed
    # before the name (Save asked for it) were wiped.
    explorer.annotator.value = ""
    choose(explorer, "model-a", "1018")
    explorer.verdict_choice.value = "wrong"
    explorer.category.value = "wrong effect or answer"
    explorer.note.value = "books the room twice"
    explorer.save_button.click()
    assert "Annotator" in explorer.message.value or "annotator" in explorer.message.value
    for typed in ("a", "an", "ann"):
        explorer.annotator.value = typed
    assert (explorer.verdict_choice.value, explorer.note.value) == ("wrong", "books the room twice")
    explorer.save_button.click()
    saved = json.loads((tmp_path / "labels" / "ann.jsonl").read_text().splitlines()[-1])
    assert (saved["verdict"], saved["note"]) == ("wrong", "books the room twice")
    # with nothing typed, a change of name shows that annotator's own label of the row
    explorer.annotator.value = "bea"
    explorer.annotator.value = "ann"
    assert explorer.verdict_choice.value == "wrong" and "your label from" in explorer.label_status.value


def test_a_label_not_saved_yet_comes_back_when_its_row_is_shown_again(explorer: FailureExplorer) -> None:
    # Looking at another row refilled the label fields: what was chosen and typed was gone.
    choose(explorer, "model-a", "1018")
    explorer.verdict_choice.value = "unsure"
    explorer.note.value = "depends on the room's capacity"
    choose(explorer, "reference", "1018")
    assert explorer.verdict_choice.value is None and explorer.note.value == ""
    choose(explorer, "model-a", "1018")
    assert (explorer.verdict_choice.value, explorer.note.value) == ("unsure", "depends on the room's capacity")
    assert "not saved yet" in explorer.label_status.value
    explorer.save_button.click()
    choose(explorer, "reference", "1018")
    choose(explorer, "model-a", "1018")
    assert "your label from" in explorer.label_status.value  # saved: no draft any more


def test_the_labelling_sample_limits_the_list(results: list[Path], tmp_path: Path) -> None:
    runs = runs_frame(results)
    sample = runs[runs["system"] == "reference"]
    widget = FailureExplorer(runs, explorer_tasks(), sample=sample, auto_world=False)
    try:
        assert len(listed(widget)) == 2 and "only the labelling sample (2 rows" in widget.only_sample.description
        widget.only_sample.value = False
        assert len(listed(widget)) == 4
        assert widget.annotations_dir is None and "Save label" not in str(widget.view.children)
    finally:
        widget.close()


def test_open_explorer_reads_a_parameter_set(results: list[Path], tmp_path: Path) -> None:
    params = tmp_path / "explore.yaml"
    params.write_text(
        f"name: explore\ntasks: {explorer_tasks_dir()}\nagents: []\nresults_dir: {tmp_path}\n"
        f"results:\n  reference: {results[0]}\n  model-a: {results[1]}\n"
    )
    widget = open_explorer(params, annotations_dir=tmp_path / "labels", sample_size=2, root=tmp_path, auto_world=False)
    try:
        assert len(widget.frame) == 4 and len(listed(widget)) == 2
        assert widget.notice.value == ""  # runs on a part of the set belong to it
    finally:
        widget.close()


def explorer_tasks_dir() -> Path:
    from tests.ui.support import TASKS

    return TASKS


def test_rows_evaluated_on_another_task_set_are_pointed_out(results: list[Path], tmp_path: Path) -> None:
    # The task set given to the explorer has another version of task 1018 (another request): the
    # results files were not produced on it, so the reference and re-runs shown are not what was judged.
    changed = [
        task.model_copy(update={"query": task.query + " Please."}) if task.query_id == "1018" else task
        for task in explorer_tasks()
    ]
    widget = FailureExplorer(runs_frame(results), changed, auto_world=False)
    try:
        assert "2 of 2 results files" in widget.notice.value and "another task set" in widget.notice.value
        assert results[0].name in widget.notice.value
        choose(widget, "model-a", "1018")
        assert "differs from task 1018's request in the task set" in widget.query.value
        choose(widget, "model-a", "1029")
        assert "differs from task" not in widget.query.value
    finally:
        widget.close()


def test_results_of_the_task_set_shown_raise_no_notice(explorer: FailureExplorer) -> None:
    assert explorer.notice.value == ""
    choose(explorer, "model-a", "1018")
    assert "differs from task" not in explorer.query.value


def test_a_label_given_to_another_program_of_the_row_says_so(explorer: FailureExplorer, tmp_path: Path) -> None:
    # The row's results changed since the label was given (a new run under the same system name):
    # the label is shown, but as one about another program, not as the label of what is on screen.
    from aspera_workbench.analysis.annotation import AnnotationFile, Label

    AnnotationFile(tmp_path / "labels", "ann").append(
        Label(
            annotator="ann",
            system="model-a (replay)",
            task_id="1018",
            seed=None,
            verdict="wrong",
            program_sha256="0" * 64,
        )
    )
    explorer._files.clear()
    choose(explorer, "model-a", "1029")
    choose(explorer, "model-a", "1018")
    assert explorer.verdict_choice.value == "wrong"
    assert "another program" in explorer.label_status.value
    explorer.save_button.click()
    assert "another program" not in explorer.label_status.value
    choose(explorer, "model-a", "1029")
    choose(explorer, "model-a", "1018")
    assert "your label from" in explorer.label_status.value and "another program" not in explorer.label_status.value


def test_a_row_cut_off_by_the_token_limit_says_so_and_folds_the_models_thinking(tmp_path: Path) -> None:
    from aspera_core.records import Generation, Outcome
    from tests.analysis.support import result_row, write_results

    thinking = "First try:\ndef draft():\n    return '<none>'\nNo, that ignores the request."
    cut = Generation(completion="```python\ndef solve(", finish_reason="length", truncated=True, reasoning=thinking,
                     reasoning_chars=len(thinking))  # fmt: skip
    whole = Generation(completion="```python\ndef solve():\n    pass\n```", finish_reason="stop")
    rows = [
        result_row(
            "1018", Outcome.PARSE_ERROR, agent="cck", model="model-b", setting="cck", seed=0, program="", generation=cut
        ),  # fmt: skip
        result_row(
            "1029", Outcome.TASK_COMPLETION_ERROR, agent="cck", model="model-b", setting="cck", seed=0, generation=whole
        ),  # fmt: skip
    ]
    path = write_results(tmp_path / "cck.jsonl", rows)
    widget = FailureExplorer(runs_frame([path]), explorer_tasks(), auto_world=False)
    try:
        choose(widget, "model-b", "1018")
        assert "the answer was cut off by the token limit (finish_reason length)" in widget.query.value
        assert "automatic error category: <i>cut off by the token limit</i>" in widget.query.value
        folded = widget.recorded.value.split('<details class="aspera-reasoning">', 1)[1]
        assert f"({len(thinking)} characters)" in folded and "return &#x27;&lt;none&gt;&#x27;" in folded
        choose(widget, "model-b", "1029")
        assert "cut off" not in widget.query.value and "aspera-reasoning" not in widget.recorded.value
    finally:
        widget.close()
