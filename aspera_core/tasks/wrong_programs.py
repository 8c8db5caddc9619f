"""Hand-written wrong programs kept beside a task set.

Each task of a set should come with at least one plausible *wrong* program (a
wrong date, a wrong attendee, an extra side effect, a missing step); the
validator runs them and expects every one to be rejected by the task's EPs.
That shows the EPs can tell a near miss from a correct program.

Format
------
Wrong programs for task ``<id>`` live in ``<set>/wrong/query_<id>.py``. The file
holds one or more top-level functions, each directly preceded by a comment line
``# Wrong: <what is wrong>`` (blank lines may separate the comment from the
``def``)::

    # Wrong: books the meeting on Wednesday instead of Thursday
    def book_design_review_with_ottoline():
        ...


    # Wrong: also invites the user's manager
    def book_design_review_with_ottoline():
        ...

Each function is submitted on its own, like an agent's answer: it runs with
the harness star imports of the scenario's apps, so it needs no imports of its
own; a standard-library module is imported inside the function (as released
programs do). Nothing else may stand at the top level: no imports, no
assignments, no decorators, so the file cannot change what a function means.
Functions may share a name (usually the reference solution's name).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from aspera_core.tasks.task import TaskFormatError, TaskProblem

WRONG_FOLDER = "wrong"
_WRONG_COMMENT = re.compile(r"^#\s*Wrong:\s*(.*?)\s*$")
_FILE_NAME = re.compile(r"query_([1-9][0-9]*)\.py")


@dataclass(frozen=True)
class WrongProgram:
    """One hand-written wrong program: ``reason`` is its ``# Wrong:`` comment, ``line`` the 1-based line of its ``def``."""

    query_id: str
    reason: str
    program: str
    line: int
    source: str


def read_wrong_programs(text: str, query_id: str, source: str) -> list[WrongProgram]:
    """The wrong programs of one task from the text of its ``query_<id>.py``, in file order.

    Raises:
        TaskFormatError: the file does not follow the format; every problem in it is reported.
    """
    try:
        module = ast.parse(text)
    except SyntaxError as error:
        message = f"does not parse as Python: {error.msg}"
        problem = TaskProblem(message, source, query_id, line=error.lineno)
        raise TaskFormatError([problem]) from None
    lines = text.splitlines()
    programs: list[WrongProgram] = []
    problems: list[TaskProblem] = []
    for node in module.body:
        if not isinstance(node, ast.FunctionDef) or node.decorator_list:
            message = "only undecorated function definitions may stand at the top level"
            problems.append(TaskProblem(message, source, query_id, line=node.lineno))
            continue
        reason = _reason_above(lines, node.lineno - 1)
        if not reason:
            message = f"function {node.name!r} needs a '# Wrong: <what is wrong>' line above it"
            problems.append(TaskProblem(message, source, query_id, line=node.lineno))
            continue
        body = "\n".join(lines[node.lineno - 1 : node.end_lineno]) + "\n"
        programs.append(WrongProgram(query_id, reason, body, node.lineno, source))
    if not programs and not problems:
        problems.append(TaskProblem("holds no wrong program", source, query_id))
    if problems:
        raise TaskFormatError(problems)
    return programs


def _reason_above(lines: list[str], def_index: int) -> str | None:
    """The text of the ``# Wrong:`` comment nearest above a ``def`` line."""
    index = def_index - 1
    while index >= 0 and not lines[index].strip():
        index -= 1
    if index < 0:
        return None
    match = _WRONG_COMMENT.match(lines[index])
    return match.group(1) if match and match.group(1) else None


def load_wrong_programs(
    folder: str | Path,
) -> tuple[dict[str, list[WrongProgram]], list[TaskProblem]]:
    """Programs by task id from every ``query_<id>.py`` of a wrong-program folder (a missing folder holds none).

    Files that cannot be read contribute no programs, only their problems.
    """
    found: dict[str, list[WrongProgram]] = {}
    problems: list[TaskProblem] = []
    folder = Path(folder)
    if not folder.is_dir():
        return found, problems
    for path in sorted(folder.iterdir()):
        if path.name.startswith(("._", ".")) or path.suffix != ".py":
            continue
        match = _FILE_NAME.fullmatch(path.name)
        if match is None:
            message = "wrong-program files must be named query_<id>.py"
            problems.append(TaskProblem(message, source=f"{WRONG_FOLDER}/{path.name}"))
            continue
        query_id = match.group(1)
        display = f"{WRONG_FOLDER}/{path.name}"
        try:
            found[query_id] = read_wrong_programs(path.read_text("utf-8"), query_id, display)
        except UnicodeDecodeError:
            problems.append(TaskProblem("not valid UTF-8 text", display, query_id))
        except TaskFormatError as error:
            problems += error.problems
    return found, problems
