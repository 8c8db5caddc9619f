"""A guided tour of one task, for teaching: the request, the world, the reference program, its verdict, a wrong program.

Each step answers with something a notebook shows as it is (frames; programs and verdicts as HTML
with inline styles), so the executed notebook reads the same as static HTML. Programs run in the
sandbox, with the world captured before and after.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

import pandas as pd

from aspera_core.outcomes import Verdict
from aspera_core.tasks import Task, WrongProgram, default_wrong_dir, load_tasks, load_wrong_programs
from aspera_workbench.pipeline import project_root, resolve_path
from aspera_workbench.ui.code_view import code_html, diff_html
from aspera_workbench.ui.evaluation import ProgramRunner
from aspera_workbench.ui.verdict_view import verdict_html
from aspera_workbench.ui.world_change import TABLE_TITLES, compare_html, pair_changes, readable_table


class Html(str):
    """Text that a notebook shows as HTML (also in a static HTML export)."""

    def _repr_html_(self) -> str:
        return str(self)


class Tour:
    """One task and its hand-written wrong programs, step by step; close it (or use ``with``) to stop its sandbox."""

    def __init__(self, task: Task, wrong: list[WrongProgram], timeout_s: float = 10.0) -> None:
        self.task = task
        self.wrong = wrong
        self._runner = ProgramRunner(timeout_s=timeout_s, workers=1)
        self._verdicts: dict[str, Verdict] = {}

    def request(self) -> Html:
        """The user's request, the task's id and tags."""
        tags = ", ".join(self.task.tags) or "none"
        return Html(
            f"<div>task {html.escape(self.task.query_id)} · tags: {html.escape(tags)} · "
            f"{len(self.task.evaluation_programs)} setup/evaluation pair(s)</div>"
            f"<blockquote style='font-size:16px'>{html.escape(self.task.query)}</blockquote>"
        )

    def program(self, which: str = "reference") -> Html:
        """A program, highlighted: ``reference``, ``wrong`` (the first wrong program), or ``evaluation``."""
        return Html(code_html(self._source(which)))

    def wrong_diff(self) -> Html:
        """The wrong program beside the reference program, with what is wrong with it."""
        wrong = self._wrong()
        return Html(
            f"<div><b>What is wrong:</b> {html.escape(wrong.reason)}</div>"
            + diff_html(wrong.program, self.task.program, "wrong program", "reference program")
        )

    def run(self, which: str = "reference") -> Verdict:
        """Evaluate a program (``reference`` or ``wrong``) on the task; evaluated once, then remembered."""
        if which not in self._verdicts:
            verdict, _ = self._runner.evaluate(self.task, self._source(which), with_reference=False)
            self._verdicts[which] = verdict
        return self._verdicts[which]

    def verdict(self, which: str = "reference") -> Html:
        """What the evaluation programs decided on a program: outcome, error, each pair."""
        return Html(verdict_html(self.run(which), f"Verdict on the {which} program"))

    def world(self, table: str, when: str = "before", which: str = "reference", pair: int = 0) -> pd.DataFrame:
        """One table of a pair's world, readable, ``before`` (as the setup left it) or ``after`` program ``which`` ran.

        Raises:
            ValueError: ``when`` is neither, or the program did not run in that pair.
            KeyError: the world has no such table.
        """
        if when not in ("before", "after"):
            raise ValueError(f"when must be 'before' or 'after', not {when!r}")
        entry = next((item for item in self.run(which).world if item["pair"] == pair), None)
        if entry is None or not isinstance(entry.get(when), dict):
            raise ValueError(f"the {which} program did not run in pair {pair} of task {self.task.query_id}")
        # Ids numbered by the world before the program ran, as the change view numbers them.
        before = entry["before"] if isinstance(entry.get("before"), dict) else None
        frame = readable_table(entry[when], table, before=before)
        frame.attrs["title"] = TABLE_TITLES.get(table, table)
        return frame

    def change(self, which: str = "reference") -> Html:
        """What a program changed in each pair's world; for the wrong program, beside the reference's change."""
        mine = pair_changes(self.run(which).world)
        theirs = pair_changes(self.run("reference").world) if which != "reference" else None
        return Html(compare_html(mine, theirs))

    def _source(self, which: str) -> str:
        if which == "reference":
            return self.task.program
        if which == "wrong":
            return self._wrong().program
        if which == "evaluation":
            return self.task.evaluation_programs[0]
        raise ValueError(f"no program {which!r}: reference, wrong or evaluation")

    def _wrong(self) -> WrongProgram:
        if not self.wrong:
            raise ValueError(f"task {self.task.query_id} has no hand-written wrong program")
        return self.wrong[0]

    def close(self) -> None:
        """Stop the sandbox."""
        self._runner.close()

    def __enter__(self) -> Tour:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_tour(
    tasks: str | os.PathLike[str],
    task_id: str | int,
    *,
    wrong: int = 0,
    root: str | os.PathLike[str] | None = None,
    timeout_s: float = 10.0,
) -> Tour:
    """Open the tour of one task of a set (relative to the project ``root``), showing its ``wrong`` program first.

    Raises:
        KeyError: the task set has no such task.
        ValueError: ``wrong`` is not the number of one of the task's wrong programs.
    """
    path = resolve_path(tasks, Path(root) if root is not None else project_root())
    assert path is not None
    chosen = next((task for task in load_tasks(path) if task.query_id == str(task_id)), None)
    if chosen is None:
        raise KeyError(f"task set {tasks} has no task {task_id}")
    folder = default_wrong_dir(Path(path))
    programs = load_wrong_programs(folder)[0].get(chosen.query_id, []) if folder is not None else []
    if programs and not 0 <= wrong < len(programs):
        raise ValueError(f"task {task_id} has {len(programs)} wrong programs: wrong must be 0 to {len(programs) - 1}")
    return Tour(chosen, programs[wrong:] + programs[:wrong], timeout_s=timeout_s)
