"""The failure explorer: filter evaluated programs, read why one failed, run it again or a fix, and label it.

Filters and the rows that pass them; the selected row's request, then tabs (the program beside the
reference, the recorded verdict, the world's change beside the reference's, run again or edit and
run); the label, appended to the annotator's file. What it computes lives in
:mod:`~aspera_workbench.ui.explorer_rows`, :mod:`~aspera_workbench.ui.world_change` and
:mod:`~aspera_workbench.ui.code_view`; programs run only in the sandbox (closed with the widget).
"""

from __future__ import annotations

import hashlib
import html
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pandas as pd
from IPython.display import display

from aspera_core.outcomes import Verdict
from aspera_core.records import ResultRow, counted_rows, read_results
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.analysis import (
    CATEGORIES,
    VERDICT_LABELS,
    AnnotationFile,
    AnnotationFileError,
    Label,
    labelling_sample,
    runs_frame,
    sample_digest,
)
from aspera_workbench.pipeline import load_params, project_root, resolve_path, results_files
from aspera_workbench.ui.answer_view import answer_notes_html, reasoning_html
from aspera_workbench.ui.code_view import code_html, diff_html
from aspera_workbench.ui.evaluation import ProgramRunner, checked_of
from aspera_workbench.ui.explorer_rows import (
    NONE,
    UNKNOWN_CHECKED,
    RowFilter,
    complexity_range,
    explorer_frame,
    filter_options,
    filter_rows,
    other_task_set_files,
    request_differs,
    row_title,
)
from aspera_workbench.ui.explorer_source import checked_results
from aspera_workbench.ui.verdict_view import checked_html, verdict_html
from aspera_workbench.ui.world_change import compare_html, pair_changes

#: The value of a filter set to "any" (ipywidgets shows a None value as no choice at all).
_ANY = ""
_FILTER_TITLES = {
    "model": "Model",
    "setting": "Setting",
    "seed": "Seed",
    "outcome": "Outcome",
    "category": "Error",
    "checked": "Checked",
    "tag": "Task tag",
}
_STYLE = """<style>
.aspera-edit textarea { font-family: monospace; font-size: 12px; }
.aspera-rows select { font-family: monospace; font-size: 12px; }
.aspera-explorer th, .aspera-explorer td { padding: 1px 6px; }
</style>"""


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _marked(widget: Any, name: str) -> Any:
    """The widget with the class ``aspera-<name>`` (how the browser tests find it)."""
    widget.add_class(f"aspera-{name}")
    return widget


def _button(description: str, icon: str, action: Callable[[], None], name: str = "", style: str = "") -> Any:
    button = widgets.Button(description=description, icon=icon, button_style=style)
    button.on_click(lambda _: action())
    return _marked(button, name) if name else button


class FailureExplorer:
    """An ipywidgets view for exploring failed programs and labelling them (``view`` is the root widget).

    ``annotations_dir`` ``None`` hides labelling; a labelling ``sample`` of ``runs`` gets a switch
    limiting the list to it; ``auto_world`` evaluates the selected row's program and the reference
    at once to show the world's change (else on "Show the world's change").
    """

    def __init__(
        self,
        runs: pd.DataFrame,
        tasks: Iterable[Task],
        *,
        annotations_dir: str | os.PathLike[str] | None = None,
        annotator: str = "",
        sample: pd.DataFrame | None = None,
        timeout_s: float = 10.0,
        auto_world: bool = True,
    ) -> None:
        task_list = list(tasks)
        self.tasks = {task.query_id: task for task in task_list}
        self.frame = explorer_frame(runs, task_list)
        self.annotations_dir = Path(annotations_dir) if annotations_dir is not None else None
        self.auto_world = auto_world
        self.runner = ProgramRunner(timeout_s=timeout_s)
        self._rows_by_file: dict[str, dict[tuple[str, int | None], ResultRow]] = {}
        self._files: dict[str, AnnotationFile] = {}
        self._sample_rows = None if sample is None else self._rows_of(sample)
        self._refreshing = False
        self._shown_fields: tuple[Any, Any, str] | None = None  # the label fields as last filled in
        self._label_row: Any = None  # the row whose label the fields hold
        #: Labels typed and not saved, by row, kept while the person looks at other rows (this session only).
        self._drafts: dict[Any, tuple[Any, Any, str]] = {}
        self.notice = _marked(
            widgets.HTML(self._notice_html(other_task_set_files(self.frame["path"], task_list))), "notice"
        )

        options = filter_options(self.frame)
        self.filters: dict[str, widgets.Dropdown] = {}
        for name, title in _FILTER_TITLES.items():
            dropdown = widgets.Dropdown(
                options=[("any", _ANY)] + [(value, value) for value in options[name]],
                value=_ANY,
                description=title,
                layout=widgets.Layout(width="260px"),
            )
            _marked(dropdown, f"filter-{name}").observe(self._filters_changed, names="value")
            self.filters[name] = dropdown
        span = complexity_range(self.frame) or (0, 0)
        self.complexity = widgets.IntRangeSlider(
            value=span,
            min=span[0],
            max=span[1],
            description="Complexity",
            disabled=complexity_range(self.frame) is None,
            layout=widgets.Layout(width="340px"),
        )
        _marked(self.complexity, "filter-complexity").observe(self._filters_changed, names="value")
        self.only_sample = widgets.Checkbox(
            value=sample is not None,
            description=(
                f"only the labelling sample ({len(self._sample_rows)} rows, id {sample_digest(sample)})"
                if sample is not None
                else "no labelling sample"
            ),
            disabled=sample is None,
            indent=False,
            layout=widgets.Layout(width="360px"),
        )
        _marked(self.only_sample, "filter-sample").observe(self._filters_changed, names="value")
        self.count = _marked(widgets.HTML(), "count")
        self.rows = _marked(widgets.Select(options=[], rows=10, layout=widgets.Layout(width="98%")), "rows")
        self.rows.observe(self._row_selected, names="value")

        self.query, self.programs, self.recorded, self.world, self.rerun = (
            _marked(widgets.HTML(), name) for name in ("query", "programs", "recorded", "world", "rerun")
        )
        self.world_button = _button("Show the world's change", "globe", lambda: self._act(self.show_world))
        self.run_again_button = _button("Run again", "repeat", lambda: self._act(self.run_again), "run-again")
        self.edit = _marked(widgets.Textarea(layout=widgets.Layout(width="98%", height="260px")), "edit")
        self.run_edit_button = _button("Run my edit", "play", lambda: self._act(self.run_edit), "run-edit", "info")
        self.tabs = widgets.Tab(
            children=[
                self.programs,
                self.recorded,
                widgets.VBox([self.world_button, self.world]),
                widgets.VBox([widgets.HBox([self.run_again_button, self.run_edit_button]), self.edit, self.rerun]),
            ],
            titles=["Programs", "Recorded verdict", "World change", "Run / edit"],
        )

        self.annotator = widgets.Text(
            value=annotator, placeholder="your name", description="Annotator", layout=widgets.Layout(width="260px")
        )
        _marked(self.annotator, "annotator").observe(lambda _: self._annotator_changed(), names="value")
        self.verdict_choice = widgets.ToggleButtons(
            options=list(VERDICT_LABELS),
            value=None,
            description="Verdict is",
            tooltips=[
                "the evaluation program accepted or rejected this program rightly",
                "it should have decided the other way",
                "cannot tell",
            ],
        )
        _marked(self.verdict_choice, "verdict")
        self.category = widgets.Dropdown(
            options=list(CATEGORIES), description="Category", layout=widgets.Layout(width="420px")
        )
        _marked(self.category, "category")
        self.note = widgets.Textarea(
            placeholder="what went wrong, in your words", description="Note", layout=widgets.Layout(width="70%")
        )
        _marked(self.note, "note")
        self.save_button = _button("Save label", "save", lambda: self._act(self.save_label), "save", "success")
        self.label_status = _marked(widgets.HTML(), "label-status")
        self.message = _marked(widgets.HTML(), "message")
        self._buttons = [self.world_button, self.run_again_button, self.run_edit_button, self.save_button]

        labelling = (
            [
                widgets.HTML("<b>Label this row</b>"),
                widgets.HBox([self.annotator, self.verdict_choice]),
                self.category,
                widgets.HBox([self.note, self.save_button]),
                self.label_status,
            ]
            if self.annotations_dir is not None
            else []
        )
        filters = list(self.filters.values())
        self.view = widgets.VBox(
            [
                widgets.HTML(_STYLE),
                self.notice,
                widgets.HBox(filters[:3]),
                widgets.HBox(filters[3:]),
                widgets.HBox([self.complexity, self.only_sample, self.count]),
                self.rows,
                self.query,
                self.tabs,
                *labelling,
                self.message,
            ]
        )
        self.view.add_class("aspera-explorer")
        self.refresh()

    def _ipython_display_(self) -> None:
        display(self.view)

    def _notice_html(self, others: Sequence[Path]) -> str:
        """A warning naming the results files of another task set (empty when there are none)."""
        if not others:
            return ""
        files = len(set(self.frame["path"]))
        names = ", ".join(html.escape(path.name) for path in others)
        return (
            f'<div style="color:#D55E00">{len(others)} of {files} results files were produced on another task set '
            f"than the one shown beside them ({names}): their reference programs, world changes and runs come from "
            "this task set and may not be what was evaluated.</div>"
        )

    # -- rows --------------------------------------------------------------------------

    def _rows_of(self, sample: pd.DataFrame) -> frozenset[int]:
        """The explorer's row numbers of a sample's rows (matched by system, task and seed)."""
        keys = {self._key(row) for _, row in sample.iterrows()}
        return frozenset(index for index, row in self.frame.iterrows() if self._key(row) in keys)

    def chosen(self) -> RowFilter:
        """The filters as the person set them."""
        values = {name: None if dropdown.value == _ANY else dropdown.value for name, dropdown in self.filters.items()}
        span = complexity_range(self.frame)
        complexity = tuple(self.complexity.value) if span is not None and tuple(self.complexity.value) != span else None
        rows = self._sample_rows if self.only_sample.value and self._sample_rows is not None else None
        return RowFilter(**values, complexity=complexity, rows=rows)  # type: ignore[arg-type]

    def visible(self) -> pd.DataFrame:
        """The rows that pass the filters."""
        return filter_rows(self.frame, self.chosen())

    def _filters_changed(self, _change: dict[str, Any]) -> None:
        if not self._refreshing:
            self.refresh()

    def refresh(self) -> None:
        """List the rows that pass the filters, keeping the selection if it still passes."""
        shown = self.visible()
        labelled = self._labelled_keys()
        options = [(row_title(row, self._key(row) in labelled), int(index)) for index, row in shown.iterrows()]
        keep = self.rows.value if self.rows.value in set(shown.index) else None
        if keep is None and options:
            keep = options[0][1]
        self._refreshing = True
        try:
            self.rows.options = options
            self.rows.value = keep
        finally:
            self._refreshing = False
        self.count.value = f"&nbsp;<b>{len(shown)}</b> of {len(self.frame)} rows"
        self.show(keep)

    def _row_selected(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change.get("new") is not None:
            self.show(change["new"])

    @property
    def current(self) -> pd.Series | None:
        """The selected row of :attr:`frame`."""
        return None if self.rows.value is None else self.frame.loc[self.rows.value]

    def result_row(self, row: pd.Series) -> ResultRow | None:
        """The results file's row behind a frame row (with its traceback and pairs)."""
        path = str(row["path"])
        if path not in self._rows_by_file:
            rows = counted_rows(read_results(path).rows)
            self._rows_by_file[path] = {(r.task_id, r.seed): r for r in rows}
        seed = None if pd.isna(row["seed"]) else int(row["seed"])
        return self._rows_by_file[path].get((str(row["task_id"]), seed))

    def task_of(self, row: pd.Series) -> Task | None:
        """The row's task, if it is in the task set."""
        return self.tasks.get(str(row["task_id"]))

    def show(self, index: int | None) -> None:
        """Show one row (``None``: clear)."""
        self.rerun.value = ""
        self.message.value = ""
        if index is None:
            self.query.value = "<i>No row passes these filters.</i>"
            for area in (self.programs, self.recorded, self.world):
                area.value = ""
            self.edit.value = ""
            self._show_label()
            return
        row = self.frame.loc[index]
        task = self.task_of(row)
        fixes = " · library fixes on" if row["library_fixes"] else ""
        complexity = "" if pd.isna(row["task_complexity"]) else f" · task complexity {row['task_complexity']}"
        self.query.value = (
            f"<div style='margin-top:6px'><b>{html.escape(str(row['system']))}</b> · task {html.escape(str(row['task_id']))}"
            f"{'' if row['seed_name'] == NONE else ' · seed ' + html.escape(row['seed_name'])}{fixes}{complexity}"
            f" · tags: {html.escape(', '.join(row['tags']) or 'none')}</div>"
            f"<div style='font-size:15px;margin:4px 0'>{html.escape(str(row['query']))}</div>"
            f"<div>automatic error category: <i>{html.escape(str(row['category']))}</i></div>" + self._checked_html(row)
        )
        if request_differs(row, task):
            self.query.value += (
                f'<div style="color:#D55E00">the request recorded in this row differs from task '
                f"{html.escape(str(row['task_id']))}'s request in the task set: the row was evaluated on another "
                "version of the task, so its reference program and runs here are not what judged it</div>"
            )
        program = str(row["program"])
        if task is None:
            self.programs.value = (
                f"<i>task {html.escape(str(row['task_id']))} is not in the task set: no reference program</i>"
                + code_html(program)
            )
        else:
            self.programs.value = diff_html(program, task.program)
        recorded = self.result_row(row)
        self.recorded.value = verdict_html(recorded, "Recorded verdict") if recorded is not None else ""
        if recorded is not None:  # how its answer ended, and the model's thinking folded
            self.query.value += answer_notes_html(recorded)
            self.recorded.value += reasoning_html(recorded)
        self.edit.value = program
        self.world.value = ""
        self._show_label()
        if self.auto_world and task is not None:
            self._act(self.show_world)

    @staticmethod
    def _checked_html(row: pd.Series) -> str:
        """The row's recorded checked verdict and the reasons it gives (unknown where it has none)."""
        outcome = None if row["checked_name"] == UNKNOWN_CHECKED else str(row["checked_name"])
        reasons = row.get("checked_reasons", ())
        return checked_html(outcome, reasons if isinstance(reasons, (tuple, list)) else ())

    # -- running ---------------------------------------------------------------------------

    def _act(self, action: Callable[[], str]) -> None:
        """Run an action with the buttons disabled; its result, or its error, goes to the message line."""
        for button in self._buttons:
            button.disabled = True
        try:
            self.message.value = action()
        except (AnnotationFileError, RuntimeError, ValueError, OSError) as error:
            self.message.value = f'<span style="color:#D55E00">{html.escape(str(error))}</span>'
        finally:
            for button in self._buttons:
                button.disabled = False

    def _require(self) -> tuple[pd.Series, Task]:
        row = self.current
        if row is None:
            raise ValueError("no row is selected")
        task = self.task_of(row)
        if task is None:
            raise ValueError(f"task {row['task_id']} is not in the task set: it cannot be run")
        return row, task

    def evaluate(self, program: str) -> tuple[Verdict, Verdict | None]:
        """Evaluate a program on the selected row's task, as the row was (library fixes), with the reference."""
        row, task = self._require()
        return self.runner.evaluate(task, program, library_fixes=bool(row["library_fixes"]))

    def show_world(self) -> str:
        """Evaluate the selected row's program and the reference with the world captured; show both changes."""
        row, _ = self._require()
        verdict, reference = self.evaluate(str(row["program"]))
        self.world.value = self._world_html(verdict, reference)
        return ""

    def _world_html(self, verdict: Verdict, reference: Verdict | None) -> str:
        theirs = pair_changes(reference.world) if reference is not None else None
        note = (
            f"<div>this run: {html.escape(verdict.outcome.value)}"
            + (f"; reference: {html.escape(reference.outcome.value)}" if reference is not None else "")
            + "</div>"
        )
        return note + compare_html(pair_changes(verdict.world), theirs)

    @staticmethod
    def _fresh_checked(verdict: Verdict, reference: Verdict | None) -> str:
        """A fresh evaluation's checked verdict, against the reference's evaluated beside it."""
        return checked_html(*checked_of(verdict, reference))

    def run_again(self) -> str:
        """Evaluate the selected row's program again; show the fresh verdict and the world's change."""
        row, _ = self._require()
        verdict, reference = self.evaluate(str(row["program"]))
        self.rerun.value = verdict_html(verdict, "Run again") + self._fresh_checked(verdict, reference)
        self.rerun.value += self._world_html(verdict, reference)
        same = verdict.outcome.value == row["outcome_name"]
        return "ran again: " + (
            "same outcome as recorded" if same else f"recorded {row['outcome_name']}, now {verdict.outcome.value}"
        )

    def run_edit(self) -> str:
        """Evaluate the program in the edit box on the selected row's task; show its verdict and world change."""
        self._require()
        verdict, reference = self.evaluate(self.edit.value)
        self.rerun.value = verdict_html(verdict, "Your edit") + self._fresh_checked(verdict, reference)
        self.rerun.value += self._world_html(verdict, reference)
        return f"your edit: {html.escape(verdict.outcome.value)}"

    # -- labelling -------------------------------------------------------------------------

    def annotation_file(self) -> AnnotationFile:
        """The annotator's file (opened and checked once per name)."""
        if self.annotations_dir is None:
            raise ValueError("no annotations folder was given: labelling is off")
        name = self.annotator.value.strip()
        if not name:
            raise ValueError("type your name in the Annotator box first (it names your labels file)")
        if name not in self._files:
            self._files[name] = AnnotationFile(self.annotations_dir, name)
        return self._files[name]

    @staticmethod
    def _key(row: pd.Series) -> tuple[str, str, int | None]:
        return (str(row["system"]), str(row["task_id"]), None if pd.isna(row["seed"]) else int(row["seed"]))

    def _labelled_keys(self) -> set[tuple[str, str, int | None]]:
        try:
            labels = self.annotation_file().labels if self.annotator.value.strip() else []
        except (ValueError, AnnotationFileError):
            return set()
        return {(label.system, label.task_id, label.seed) for label in labels}

    def _fields(self) -> tuple[Any, Any, str]:
        return self.verdict_choice.value, self.category.value, self.note.value

    def _annotator_changed(self) -> None:
        """Show the new annotator's label of the row, unless the fields hold one not saved yet."""
        if self._shown_fields is not None and self._fields() != self._shown_fields:
            self.label_status.value = "<i>your label is not saved yet: Save keeps it under this name</i>"
            return
        self._show_label()

    def _show_label(self) -> None:
        """Put the annotator's label of the selected row (if any) into the label fields.

        A label typed and not saved for the row shown before is kept as a draft, and a
        row's draft comes back when the row is shown again.
        """
        if self._shown_fields is not None and self._label_row is not None:
            if self._fields() != self._shown_fields:
                self._drafts[self._label_row] = self._fields()
            else:
                self._drafts.pop(self._label_row, None)
        self._label_row = self.rows.value
        row = self.current
        existing = None
        if row is not None and self.annotations_dir is not None and self.annotator.value.strip():
            try:
                existing = self.annotation_file().latest(*self._key(row))
            except (ValueError, AnnotationFileError) as error:
                self.label_status.value = f'<span style="color:#D55E00">{html.escape(str(error))}</span>'
                return
        self.verdict_choice.value = existing.verdict if existing else None
        default = str(row["category"]) if row is not None and str(row["category"]) in CATEGORIES else None
        self.category.value = (existing.category if existing and existing.category else default) or list(CATEGORIES)[0]
        self.note.value = existing.note if existing else ""
        self._shown_fields = self._fields()  # what the fields hold before the person types
        draft = self._drafts.get(self._label_row)
        if draft is not None:
            self.verdict_choice.value, self.category.value, self.note.value = draft
            self.label_status.value = "<i>your label of this row is not saved yet (kept while you looked at others)</i>"
            return
        self.label_status.value = (
            f"<i>your label from {html.escape(existing.time)}: verdict {html.escape(existing.verdict)}</i>"
            if existing
            else ""
        )
        if existing and row is not None and existing.program_sha256 not in (None, _sha256(str(row["program"]))):
            self.label_status.value += (
                ' <span style="color:#D55E00">given to another program of this row (its results changed since): '
                "check it and save it again</span>"
            )

    def save_label(self) -> str:
        """Append the label fields as the annotator's label of the selected row."""
        row = self.current
        if row is None:
            raise ValueError("no row is selected")
        if self.verdict_choice.value is None:
            raise ValueError("choose whether the evaluation program's verdict is correct, wrong or unsure")
        file = self.annotation_file()
        system, task_id, seed = self._key(row)
        written = file.append(
            Label(
                annotator=file.annotator,
                system=system,
                task_id=task_id,
                seed=seed,
                verdict=self.verdict_choice.value,
                category=self.category.value,
                note=self.note.value.strip(),
                outcome=row["outcome_name"],
                auto_category=str(row["auto_category"]),
                model=None if row["model_name"] == NONE or pd.isna(row["model"]) else str(row["model"]),
                setting=None if row["setting_name"] == NONE else row["setting_name"],
                program_sha256=_sha256(str(row["program"])),
            )
        )
        self._shown_fields = self._fields()  # saved: nothing unsaved any more
        self._drafts.pop(self.rows.value, None)
        self.label_status.value = (
            f"<i>saved: verdict {html.escape(written.verdict)}, {html.escape(written.category or 'no category')} "
            f"({len(file.labels)} label{'' if len(file.labels) == 1 else 's'} in {html.escape(file.path.name)})</i>"
        )
        self._refresh_titles()
        return ""

    def _refresh_titles(self) -> None:
        labelled = self._labelled_keys()
        options = [
            (row_title(self.frame.loc[i], self._key(self.frame.loc[i]) in labelled), i) for _, i in self.rows.options
        ]
        self._refreshing = True
        try:
            value = self.rows.value
            self.rows.options = options
            self.rows.value = value
        finally:
            self._refreshing = False

    def close(self) -> None:
        """Stop the sandboxes and close the widgets."""
        self.runner.close()
        self.view.close()


def open_explorer(
    params_file: str | os.PathLike[str] = "params/default.yaml",
    overrides: Sequence[str] = (),
    *,
    annotations_dir: str | os.PathLike[str] | None = "annotations",
    annotator: str = "",
    sample_size: int = 0,
    sample_seed: int = 0,
    root: str | os.PathLike[str] | None = None,
    auto_world: bool = True,
    results: str | Sequence[str] = (),
    tasks: str | os.PathLike[str] | None = None,
) -> FailureExplorer:
    """Open the failure explorer on the results of a parameter set, or on results files named alone.

    Args:
        params_file: A pipeline parameter file (its task set, agents, results
            folder, extra results files, library fixes and time limit are used).
        overrides: ``key=value`` overrides of single parameters.
        annotations_dir: Folder of the annotators' label files; ``None`` turns labelling off.
        annotator: The person labelling (may be typed in the widget instead).
        sample_size: Above 0: draw a labelling sample of that many rows
            (stratified by system and outcome; the same for every annotator).
        sample_seed: Seed of the sample.
        root: The project root that paths are relative to (found when ``None``).
        auto_world: See :class:`FailureExplorer`.
        results: Results files to explore instead of the parameter set's (a
            list, or text with commas between them).
        tasks: The task set those results were produced on (``None``: the parameter set's).

    Returns:
        The explorer (display it as a cell's last value).

    Raises:
        aspera_workbench.pipeline.ParamsError: a bad parameter file.
        aspera_workbench.pipeline.ResultsNotFound: an agent has not been run yet.
        aspera_workbench.ui.explorer_source.ExploreArgumentError: a named results file is missing or unusable.
    """
    root = Path(root) if root is not None else project_root()
    params = load_params(resolve_path(params_file, root), overrides)
    named = checked_results(results, root)
    if named:
        files: Sequence[Path] | dict[str, Path] = named
    else:
        files = results_files(
            params.tasks,
            params.agents,
            params.results_dir,
            params.results,
            root=root,
            library_fixes=params.library_fixes,
        )
    runs = runs_frame(files)
    tasks_path = resolve_path(tasks if tasks else params.tasks, root)
    assert tasks_path is not None
    task_list = load_tasks(tasks_path)
    sample = labelling_sample(runs, sample_size, seed=sample_seed) if sample_size > 0 else None
    return FailureExplorer(
        runs,
        task_list,
        annotations_dir=resolve_path(annotations_dir, root) if annotations_dir is not None else None,
        annotator=annotator,
        sample=sample,
        timeout_s=params.timeout_s,
        auto_world=auto_world,
    )


def error_notice(what: str, error: BaseException) -> widgets.HTML:
    """An error shown on the page as its message (Voila would show only "There was an error when executing cell")."""
    text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
    return widgets.HTML(
        "<div class='aspera-error' style='border:1px solid #d93025;background:#fce8e6;padding:8px 12px;"
        f"font-size:14px'><b>{html.escape(what)}:</b> {html.escape(text)}</div>"
    )
