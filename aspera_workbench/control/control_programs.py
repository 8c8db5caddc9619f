"""Control programs kept beside a task set: one reference per task, and wrong ones.

Layout, next to the task set's ``plans/`` and ``wrong/`` folders::

    control/query_<id>.py         the control reference program of task <id>
    control/wrong/query_<id>.py   wrong control programs, in the layout of ``wrong/``

A reference file holds exactly one top-level function that takes one
parameter (the world); comment lines may precede it (the query, by
convention). The file's text is submitted as it is, like an agent's answer.
Wrong-program files follow :mod:`aspera_core.tasks.wrong_programs`: one or more
functions, each preceded by a ``# Wrong: <what is wrong>`` line.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import replace
from pathlib import Path

from aspera_core.tasks import WRONG_FOLDER, TaskProblem, WrongProgram, load_wrong_programs

CONTROL_FOLDER = "control"
_FILE_NAME = re.compile(r"query_([1-9][0-9]*)\.py")


def control_program_problems(program: str) -> list[str]:
    """One sentence per convention a control program breaks.

    It must parse, hold exactly one top-level function and nothing else, that
    function must take exactly one positional parameter (the world), and it
    may import standard-library modules only.
    """
    try:
        body = ast.parse(program).body
    except SyntaxError as error:
        return [f"does not parse as Python: line {error.lineno}: {error.msg}"]
    if len(body) != 1 or not isinstance(body[0], ast.FunctionDef):
        return ["must hold exactly one top-level function and nothing else"]
    problems = []
    arguments = body[0].args
    positional = arguments.posonlyargs + arguments.args
    if len(positional) != 1 or arguments.vararg or arguments.kwonlyargs or arguments.kwarg:
        problems.append(f"the function {body[0].name!r} must take exactly one parameter (the world)")
    for node in ast.walk(body[0]):
        if isinstance(node, ast.Import):
            roots = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots = [node.module.split(".")[0]]
        else:
            continue
        problems += [
            f"line {node.lineno}: imports {root!r}, which is not a standard-library module"
            for root in roots
            if root not in sys.stdlib_module_names
        ]
    return problems


def default_control_dir(task_set: str | Path) -> Path | None:
    """Where the control programs of a task set live: ``control/`` beside ``plans/`` (``None`` for an archive).

    ``task_set`` is a release folder, its ``plans`` folder, or a shard inside
    it; the folder returned may not exist.
    """
    path = Path(task_set)
    if path.is_dir():
        root = path.parent if path.name == "plans" else path
    elif path.suffix == ".nt":
        root = path.parent.parent if path.parent.name == "plans" else path.parent
    else:
        return None
    return root / CONTROL_FOLDER


def load_control_programs(folder: str | Path) -> tuple[dict[str, str], list[TaskProblem]]:
    """The reference programs of a ``control`` folder by task id, and the problems of the files left out.

    A missing folder holds no programs.
    """
    programs: dict[str, str] = {}
    problems: list[TaskProblem] = []
    folder = Path(folder)
    if not folder.is_dir():
        return programs, problems
    for path in sorted(folder.iterdir()):
        if path.is_dir() or path.name.startswith("."):
            continue
        display = f"{CONTROL_FOLDER}/{path.name}"
        match = _FILE_NAME.fullmatch(path.name)
        if match is None:
            problems.append(TaskProblem("control programs must be named query_<id>.py", source=display))
            continue
        query_id = match.group(1)
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            problems.append(TaskProblem("not valid UTF-8 text", display, query_id))
            continue
        found = control_program_problems(text)
        if found:
            problems += [TaskProblem(problem, display, query_id) for problem in found]
            continue
        programs[query_id] = text
    return programs, problems


def load_control_wrong_programs(folder: str | Path) -> tuple[dict[str, list[WrongProgram]], list[TaskProblem]]:
    """The wrong control programs (``<control folder>/wrong/query_<id>.py``) by task id, and the problems found.

    Each program must also follow the control conventions; one that does not is left out.
    """
    found, read_problems = load_wrong_programs(Path(folder) / WRONG_FOLDER)
    problems = [replace(p, source=f"{CONTROL_FOLDER}/{p.source}" if p.source else p.source) for p in read_problems]
    usable: dict[str, list[WrongProgram]] = {}
    for query_id, programs in found.items():
        usable[query_id] = []
        for program in programs:
            broken = control_program_problems(program.program)
            source = f"{CONTROL_FOLDER}/{program.source}"
            problems += [TaskProblem(problem, source, query_id, line=program.line) for problem in broken]
            if not broken:
                usable[query_id].append(program)
    return usable, problems
