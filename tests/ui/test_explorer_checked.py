"""The checked verdict in the failure explorer: a filter on it, its reasons for the selected row, and a rerun's."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_workbench.analysis import runs_frame
from aspera_workbench.ui.explorer import FailureExplorer
from aspera_workbench.ui.explorer_rows import RowFilter, explorer_frame, filter_options, filter_rows, row_title
from tests.support.checked_runs import TASKS, checked_run, without_checked_fields


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("explorer-checked")
    checked = checked_run(folder)
    return {"checked": checked, "older": without_checked_fields(checked, folder / "older.jsonl", model="older")}


def test_the_checked_filter_offers_the_verdicts_present_and_narrows_the_rows(files: dict[str, Path]) -> None:
    frame = explorer_frame(runs_frame({"checked": files["checked"]}), TASKS)
    assert filter_options(frame)["checked"] == ["success", "side_effect", "over_inclusive"]
    assert list(filter_rows(frame, RowFilter(checked="side_effect"))["task_id"]) == ["9101"]
    assert list(filter_rows(frame, RowFilter(checked="success"))["task_id"]) == ["9102", "9103"]
    # The evaluation program accepted all four: only the checked filter tells them apart.
    assert len(filter_rows(frame, RowFilter(outcome="success"))) == 4
    titles = [row_title(row) for _, row in frame.iterrows()]
    assert " · success (checked: side_effect) · " in titles[0] and " · success · " in titles[1]


def test_rows_without_a_checked_verdict_are_unknown_and_titled_as_before(files: dict[str, Path]) -> None:
    frame = explorer_frame(runs_frame({"older": files["older"]}), TASKS)
    assert filter_options(frame)["checked"] == ["unknown"]
    assert all("checked" not in row_title(row) for _, row in frame.iterrows())


@pytest.fixture
def explorer(files: dict[str, Path], tmp_path: Path):
    widget = FailureExplorer(runs_frame(files), TASKS, annotations_dir=tmp_path / "labels", auto_world=False)
    yield widget
    widget.close()


def test_a_row_shows_its_checked_verdict_and_the_reasons(explorer: FailureExplorer) -> None:
    explorer.filters["checked"].value = "side_effect"
    assert "<b>1</b> of 8 rows" in explorer.count.value
    shown = explorer.query.value
    assert "checked verdict: " in shown and ">side_effect</b>" in shown
    assert "side_effect: pair 1: added 2 occurrence(s) to user_calendar" in shown and "&#x27;Lunch&#x27;" in shown
    explorer.filters["checked"].value = "unknown"
    assert "<b>4</b> of 8 rows" in explorer.count.value
    assert "checked verdict: <i>unknown</i>" in explorer.query.value


def test_a_rerun_and_an_edit_get_a_fresh_checked_verdict(explorer: FailureExplorer) -> None:
    explorer.filters["checked"].value = "over_inclusive"
    explorer.run_again_button.click()
    assert explorer.message.value == "ran again: same outcome as recorded"
    assert ">over_inclusive</b>" in explorer.rerun.value and "over_inclusive: pair 1: the answer names" in (
        explorer.rerun.value
    )
    explorer.edit.value = explorer.task_of(explorer.current).program
    explorer.run_edit_button.click()
    assert explorer.message.value == "your edit: success"
    checked = explorer.rerun.value.split("checked verdict: ")[1]
    assert checked.startswith("<b") and ">success</b>" in checked.split("</div>")[0]
