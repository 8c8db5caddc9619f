"""Checks that a task set is sound: what ``aspera validate`` runs.

For every task the validator checks that

* **parse**: the record is well formed, and its programs follow the protocol's
  conventions (the AEP is one zero-argument function, each SIP one
  zero-argument ``setup_env*`` function, each EP one ``evaluate*`` function
  taking ``query``, ``executable`` and ``setup_function``);
* **setup**: every SIP is deterministic: run twice, each time in a fresh world,
  it builds the same world (ids are random ``uuid4`` strings by design, so they
  are replaced by first-appearance numbers before comparing);
* **reference**: the reference AEP passes;
* **noop**: a program that does nothing fails (for every kind of task: an
  information request is checked on the returned value, a hand-back task
  requires the program to ask);
* **handback**: a program that only hands back control fails, on every task: it
  is the trivial agent that always asks (the Agentic Benchmark Checklist's
  III.13). A task tagged ``handback`` has a world where asking the user is
  right; it needs a contrasting world where the request can be carried out,
  or always asking passes it;
* **wrong**: every hand-written wrong program kept beside the task set (see
  :mod:`aspera_core.tasks.wrong_programs` for their format) fails, and there is
  at least one. A set without a wrong-program folder (the published release
  has none) skips this check; the report's notes say so.

The set's index files are checked against its shards when it is read; their
disagreements are problems of the tasks they name, and what could not be
checked (no index files, say) is a note.

The module is pure logic. Running programs is delegated to callables that the
command line wires to the sandboxed executor: ``evaluate(task, program)``
returns the outcome of one program on a task, ``run_setup(task, i)`` a JSON-like
description of the world SIP *i* builds in a fresh context (the command line
uses per-table digests computed in the sandbox; ``ExecutionContext.to_dict()``
data works too and pinpoints a difference down to the field).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from aspera_core.task_ids import task_id_order
from aspera_core.tasks.index import INDEX_FILES
from aspera_core.tasks.release import repeats_an_id
from aspera_core.tasks.task import Task, TaskProblem
from aspera_core.tasks.taskset import open_task_set
from aspera_core.tasks.wrong_programs import WRONG_FOLDER, WrongProgram, load_wrong_programs

SUCCESS = "success"
HANDBACK_TAG = "handback"
EP_PARAMETERS = ("query", "executable", "setup_function")

OK, FAIL, SKIP = "ok", "FAIL", "-"
COLUMNS = ("task", "parse", "setup", "reference", "noop", "handback", "wrong", "probes", "verdict")
#: Why always handing back must fail, also on a task tagged ``handback``.
HANDBACK_WHY = (
    "always handing back is the trivial agent; a task tagged 'handback' needs a world where the request can be "
    "carried out too"
)

_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


class ProgramResult(Protocol):
    """What ``evaluate`` returns; the executor's verdict objects fit."""

    @property
    def outcome(self) -> str: ...

    @property
    def message(self) -> str | None: ...


Evaluate = Callable[[Task, str], "ProgramResult | str"]
RunSetup = Callable[[Task, int], Mapping[str, Any]]
BuildProgram = Callable[[Task], str]


@dataclass
class Check:
    """Result of one check of one task: ``status`` is ``"ok"``, ``"FAIL"`` or ``"-"`` (not run)."""

    status: str = SKIP
    detail: str = ""


@dataclass
class TaskReport:
    """Everything the validator found out about one task; ``problems`` holds one sentence each."""

    query_id: str
    expects_handback: bool = False
    checks: dict[str, Check] = field(default_factory=lambda: {name: Check() for name in COLUMNS[1:-1]})
    wrong_rejected: int = 0
    wrong_total: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems

    def fail(self, column: str, problem: str, detail: str = "") -> None:
        """Record a failed check and its problem."""
        self.checks[column] = Check(FAIL, detail)
        self.problems.append(f"{column}: {problem}")

    def passed(self, column: str, detail: str = "") -> None:
        """Record a check that found nothing wrong."""
        self.checks[column] = Check(OK, detail)


@dataclass
class SetReport:
    """The validation of a whole task set.

    Attributes:
        tasks: One report per task (including tasks that failed to load).
        problems: Problems not tied to one task (unreadable shards, stray wrong-program files).
        notes: What could not be checked (no wrong-program folder, no index files); not problems.
    """

    tasks: list[TaskReport]
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when neither the set nor any task has a problem."""
        return not self.problems and all(task.ok for task in self.tasks)

    def to_json(self) -> dict[str, Any]:
        """Return the report as JSON-compatible data."""
        return {
            "ok": self.ok,
            "problems": list(self.problems),
            "notes": list(self.notes),
            "tasks": [{**asdict(task), "ok": task.ok} for task in self.tasks],
        }


def normalise_ids(value: Any) -> Any:
    """Replace UUID-shaped substrings by ``<id-N>``, numbered by first appearance.

    Two worlds built by the same deterministic program differ only in their
    random ids; after this they compare equal.
    """
    numbers: dict[str, int] = {}

    def number(match: re.Match[str]) -> str:
        uid = match.group(0).lower()
        numbers.setdefault(uid, len(numbers) + 1)
        return f"<id-{numbers[uid]}>"

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            return _UUID.sub(number, item)
        if isinstance(item, Mapping):
            return {walk(k): walk(v) for k, v in item.items()}
        if isinstance(item, (list, tuple)):
            return [walk(v) for v in item]
        return item

    return walk(value)


def first_difference(left: Any, right: Any, path: str = "") -> str | None:
    """Where two JSON-like values first differ, e.g. ``employees[3].name: 'Ann' != 'Bob'``; ``None`` if equal."""
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        for key in list(left) + [k for k in right if k not in left]:
            if key not in left or key not in right:
                return f"{path}.{key}: present in only one world".lstrip(".")
            found = first_difference(left[key], right[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(left, list) and isinstance(right, list):
        for index, (a, b) in enumerate(zip(left, right)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        if len(left) != len(right):
            return f"{path or 'world'}: {len(left)} rows != {len(right)} rows".lstrip(".")
        return None
    if left != right:
        return f"{path.lstrip('.') or 'world'}: {_short(left)} != {_short(right)}"
    return None


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: Starts the line on which a setup probe prints its digests (as JSON).
DIGEST_LINE = "world digests: "

#: The program a setup probe evaluates after the setup program: a digest of each
#: table of the world it built, with the random ids renumbered by first appearance,
#: printed as one JSON line (data, not a repr to be parsed back).
WORLD_PROBE = """\
def setup_world_digest():
    import hashlib
    import json

    from aspera_core.tasks.validation import normalise_ids
    from aspera_core.world.state import get_current_context

    world = normalise_ids(get_current_context().to_dict())
    digests = {}
    for table, rows in world.items():
        text = json.dumps(rows, sort_keys=True)
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        digests[table] = f"{len(rows)} rows, sha256 {digest}"
    print("world digests: " + json.dumps(digests))
"""

#: The evaluation program of a setup probe: build the world, then take its digest.
PROBE_EVALUATION = """\
def evaluate_setup_world_digest(query, executable, setup_function):
    setup_function()
    executable()
"""


class SetupProgramError(Exception):
    """A setup program failed (raised, timed out or was stopped) in its probe."""


class SetupRunner:
    """Runs one setup program through ``evaluate`` and returns a digest of each table it built.

    Setup programs may come from a model (generated task sets), so they get the
    same isolation as any other program: the probe is an ordinary evaluation
    whose only pair is the setup program followed by :data:`WORLD_PROBE`, run by
    the ``evaluate`` the caller passes (the sandbox's).
    """

    def __init__(self, evaluate: Callable[[Task, str], Any]):
        self.evaluate = evaluate

    def __call__(self, task: Task, index: int) -> Mapping[str, str]:
        """Table name -> row count and digest of the world SIP ``index`` builds; SetupProgramError if it does not complete."""
        probe = task.model_copy(
            update={
                "program": WORLD_PROBE,
                "state_generation_programs": [task.state_generation_programs[index]],
                "evaluation_programs": [PROBE_EVALUATION],
            }
        )
        verdict = self.evaluate(probe, WORLD_PROBE)
        outcome = str(getattr(verdict.outcome, "value", verdict.outcome))
        lines = [line for line in verdict.stdout.splitlines() if line.startswith(DIGEST_LINE)]
        if outcome != SUCCESS or not lines:
            error = (verdict.error_type or outcome).rsplit(".", 1)[-1]
            raise SetupProgramError(f"{error}: {verdict.message}")
        return json.loads(lines[-1][len(DIGEST_LINE) :])  # the probe prints last


def _single_function(program: str) -> ast.FunctionDef | None:
    try:
        body = ast.parse(program).body
    except SyntaxError:
        return None
    if len(body) == 1 and isinstance(body[0], ast.FunctionDef):
        return body[0]
    return None


def _parameter_names(function: ast.FunctionDef) -> list[str]:
    arguments = function.args
    names = [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]
    if arguments.vararg:
        names.append("*" + arguments.vararg.arg)
    if arguments.kwarg:
        names.append("**" + arguments.kwarg.arg)
    return names


def convention_problems(task: Task) -> list[str]:
    """One sentence per violation of the protocol's program conventions (format A.8) by a well-formed task."""
    problems: list[str] = []
    solution = _single_function(task.program)
    if solution is None:
        problems.append("the reference program must be exactly one top-level function")
    else:
        if _parameter_names(solution):
            problems.append(f"the reference function {solution.name!r} must take no arguments")
        if solution.name.startswith(("setup_env", "evaluate")):
            problems.append(f"the reference function {solution.name!r} must not be named like a SIP or EP")
    for index, (sip, ep) in enumerate(task.pairs, start=1):
        setup = _single_function(sip)
        if setup is None:
            problems.append(f"setup program {index} must be exactly one top-level function")
        elif not setup.name.startswith("setup_env") or _parameter_names(setup):
            problems.append(
                f"setup program {index} must be a zero-argument 'setup_env*' function, "
                f"got {setup.name!r}({', '.join(_parameter_names(setup))})"
            )
        check = _single_function(ep)
        if check is None:
            problems.append(f"evaluation program {index} must be exactly one top-level function")
            continue
        names = _parameter_names(check)
        if not check.name.startswith("evaluate") or [n for n in names if n in EP_PARAMETERS] != list(EP_PARAMETERS):
            problems.append(
                f"evaluation program {index} must be an 'evaluate*' function taking "
                f"({', '.join(EP_PARAMETERS)}), got {check.name!r}({', '.join(names)})"
            )
    return problems


def _outcome(result: ProgramResult | str) -> tuple[str, str]:
    """Split an evaluation result into its outcome name and a short detail."""
    if isinstance(result, str):
        return result, ""
    outcome = str(getattr(result.outcome, "value", result.outcome))
    lines = (getattr(result, "message", None) or "").strip().splitlines()
    return outcome, lines[0][:120] if lines else ""


class _TaskValidator:
    """Runs the checks of one task and fills its report."""

    def __init__(
        self,
        task: Task,
        evaluate: Evaluate,
        run_setup: RunSetup,
        baselines: Mapping[str, BuildProgram],
    ):
        self.task = task
        self.evaluate = evaluate
        self.run_setup = run_setup
        self.baselines = baselines
        self.report = TaskReport(task.query_id, expects_handback=HANDBACK_TAG in task.tags)

    def run_program(self, program: str) -> tuple[str, str]:
        try:
            return _outcome(self.evaluate(self.task, program))
        except Exception as error:  # the harness itself failed; report, go on
            return "harness_error", f"{type(error).__name__}: {error}"

    def check_parse(self) -> None:
        problems = convention_problems(self.task)
        if problems:
            for problem in problems:
                self.report.fail("parse", problem)
        else:
            self.report.checks["parse"] = Check(OK)

    def check_setup(self) -> None:
        for index in range(len(self.task.state_generation_programs)):
            worlds = []
            for _ in range(2):
                try:
                    worlds.append(normalise_ids(self.run_setup(self.task, index)))
                except Exception as error:
                    problem = f"setup program {index + 1} raises {type(error).__name__}: {error}"
                    self.report.fail("setup", problem, "raises")
                    return
            difference = first_difference(worlds[0], worlds[1])
            if difference is not None:
                problem = (
                    f"setup program {index + 1} is not deterministic: two runs in fresh worlds differ at {difference}"
                )
                self.report.fail("setup", problem, "differs")
                return
        self.report.checks["setup"] = Check(OK)

    def expect(self, column: str, program: str, should_pass: bool, why: str) -> None:
        outcome, message = self.run_program(program)
        detail = outcome if not message else f"{outcome}: {message}"
        if (outcome == SUCCESS) == should_pass:
            self.report.checks[column] = Check(OK, outcome)
            return
        expectation = "pass" if should_pass else "fail"
        self.report.fail(column, f"expected to {expectation} ({why}), got {detail}", outcome)

    def check_programs(self) -> None:
        self.expect("reference", self.task.program, True, "it is the reference solution")
        for name, should_pass, why in (
            ("noop", False, "doing nothing never solves a task"),
            ("handback", False, HANDBACK_WHY),
        ):
            builder = self.baselines.get(name)
            if builder is not None:
                self.expect(name, builder(self.task), should_pass, why)

    def check_wrong(self, programs: list[WrongProgram] | None, required: bool) -> None:
        if programs is None:
            if required:
                problem = f"no wrong programs ({WRONG_FOLDER}/query_{self.task.query_id}.py)"
                self.report.fail("wrong", problem, "0/0")
            return
        self.report.wrong_total = len(programs)
        for wrong in programs:
            outcome, message = self.run_program(wrong.program)
            if outcome == SUCCESS:
                self.report.problems.append(f"wrong: {wrong.source}:{wrong.line} ({wrong.reason}) passes the task")
            else:
                self.report.wrong_rejected += 1
        counts = f"{self.report.wrong_rejected}/{self.report.wrong_total}"
        ok = self.report.wrong_rejected == self.report.wrong_total
        self.report.checks["wrong"] = Check(OK if ok else FAIL, counts)


def default_wrong_dir(path: Path) -> Path | None:
    """Where the wrong programs of a task set live: ``wrong/`` beside ``plans/`` (``None`` for an archive).

    A folder given with a ``wrong`` folder of its own uses that one.
    """
    if path.is_dir():
        beside = (path / "plans").is_dir() or (path / WRONG_FOLDER).is_dir()
        root = path if beside else path.parent
    elif path.suffix == ".nt":
        root = path.parent.parent if path.parent.name == "plans" else path.parent
    else:
        return None
    return root / WRONG_FOLDER


def wrong_folder(path: Path, given: str | Path | None) -> tuple[Path | None, str | None]:
    """The wrong-program folder to use (``given``, else the default), or a note saying why there is none."""
    if given is not None:
        if not Path(given).is_dir():
            raise FileNotFoundError(f"no wrong-program folder {given}")
        return Path(given), None
    folder = default_wrong_dir(path)
    if folder is not None and folder.is_dir():
        return folder, None
    where = "in an archive" if folder is None else f"at {folder}"
    return None, f"no wrong-program folder {where}: wrong programs not checked (--wrong FOLDER gives one)"


def planned_programs(
    task: Task,
    baselines: Mapping[str, BuildProgram],
    wrong_programs: list[WrongProgram] | None,
) -> list[str]:
    """The programs :func:`validate_task` evaluates on a task, in order: reference, baselines, wrong programs."""
    programs = [task.program]
    programs += [baselines[name](task) for name in ("noop", "handback") if name in baselines]
    return programs + [wrong.program for wrong in wrong_programs or []]


def validate_task(
    task: Task,
    *,
    evaluate: Evaluate,
    run_setup: RunSetup,
    baselines: Mapping[str, BuildProgram],
    wrong_programs: list[WrongProgram] | None = None,
    require_wrong: bool = True,
) -> TaskReport:
    """Run every check on one well-formed task.

    Args:
        task: The task.
        evaluate: Runs a program (function source, no imports) on the task and
            returns its outcome, as a string or an object with ``outcome`` and ``message``.
        run_setup: Runs SIP *i* in a fresh world and returns a JSON-like
            description of it; raises if the SIP raises.
        baselines: Program builders by name: ``"noop"`` and ``"handback"``; a missing one is skipped.
        wrong_programs: The task's hand-written wrong programs, if any.
        require_wrong: Whether a task without wrong programs is a problem.
    """
    validator = _TaskValidator(task, evaluate, run_setup, baselines)
    validator.check_parse()
    validator.check_setup()
    validator.check_programs()
    validator.check_wrong(wrong_programs, require_wrong)
    return validator.report


def validate_task_set(
    path: str | Path,
    *,
    evaluate: Evaluate,
    run_setup: RunSetup,
    baselines: Mapping[str, BuildProgram],
    wrong_dir: str | Path | None = None,
    require_wrong: bool = True,
    progress: Callable[[TaskReport], None] | None = None,
    prefetch: Callable[[list[tuple[Task, str]]], None] | None = None,
) -> SetReport:
    """Validate every task of a task set (anything :func:`~aspera_core.tasks.load_tasks` takes).

    ``evaluate``, ``run_setup`` and ``baselines`` are as for :func:`validate_task`.
    ``wrong_dir`` defaults to :func:`default_wrong_dir`; when that folder does not
    exist, wrong programs are not checked and a note says so. ``progress`` gets
    each task's report when it is done; ``prefetch`` gets, once before any check,
    every (task, program) run the checks will ask ``evaluate`` for, so a caller
    can run them in parallel.

    Raises:
        FileNotFoundError: ``path``, or a ``wrong_dir`` given, does not exist.
        TaskFormatError: ``path`` holds no task shard.
    """
    path = Path(path)
    task_set = open_task_set(path)
    tasks, load_problems = list(task_set.tasks), list(task_set.problems)
    notes = list(task_set.notes)
    folder, note = wrong_folder(path, wrong_dir)
    if note:
        notes.append(note)
        require_wrong = False
    wrong, wrong_problems = load_wrong_programs(folder) if folder else ({}, [])
    reports: dict[str, TaskReport] = {}
    # One row per record of the shards; index entries and wrong-program files
    # naming an id no record has are problems of the set, not more tasks.
    records = {task.query_id for task in tasks}
    records |= {p.query_id for p in load_problems if p.query_id is not None and not _from_index(p)}
    # A record repeating an earlier record's id is a record too: it gets a row of its
    # own rather than being merged into the row of the task whose id it repeats.
    repeats = [_repeat_row(p) for p in load_problems if repeats_an_id(p)]
    load_problems = [p for p in load_problems if not repeats_an_id(p)]
    set_problems = _attach(load_problems, reports, "parse", records)
    set_problems += _attach(wrong_problems, reports, "wrong", records)
    unreadable_wrong = {p.query_id for p in wrong_problems}
    # Tasks that failed to load still exist: their wrong programs are not strays.
    known = {task.query_id for task in tasks} | set(reports)
    for query_id in sorted(set(wrong) - known, key=task_id_order):
        set_problems.append(f"{WRONG_FOLDER}/query_{query_id}.py: there is no task {query_id}")
    if prefetch is not None:
        prefetch(
            [
                (task, program)
                for task in tasks
                for program in planned_programs(task, baselines, wrong.get(task.query_id))
            ]
        )
    for task in tasks:
        report = validate_task(
            task,
            evaluate=evaluate,
            run_setup=run_setup,
            baselines=baselines,
            wrong_programs=wrong.get(task.query_id),
            require_wrong=require_wrong and task.query_id not in unreadable_wrong,
        )
        earlier = reports.get(task.query_id)
        if earlier is not None:  # a clashing record or an unreadable wrong-program file
            report.problems[:0] = earlier.problems
            failed = {k: c for k, c in earlier.checks.items() if c.status == FAIL}
            report.checks.update(failed)
        reports[task.query_id] = report
        if progress is not None:
            progress(report)
    rows = [*reports.values(), *repeats]  # a repeat after the first use of its id (the sort is stable)
    ordered = sorted(rows, key=lambda r: task_id_order(r.query_id))
    return SetReport(ordered, set_problems, notes)


def _repeat_row(problem: TaskProblem) -> TaskReport:
    """The row of a record that repeats an earlier record's id: it failed to parse, nothing else was checked."""
    row = TaskReport(str(problem.query_id))
    row.fail("parse", str(replace(problem, query_id=None, record=None)))
    return row


def _from_index(problem: TaskProblem) -> bool:
    """Whether a problem was found in an index file (rather than in a shard's record)."""
    return problem.source is not None and PurePosixPath(problem.source).name in INDEX_FILES


def _attach(
    problems: Iterable[TaskProblem], reports: dict[str, TaskReport], column: str, records: set[str]
) -> list[str]:
    """File problems under the report of their task, one of ``records``; return the others."""
    loose: list[str] = []
    for problem in problems:
        if problem.query_id is None or problem.query_id not in records:
            loose.append(str(problem))
            continue
        report = reports.setdefault(problem.query_id, TaskReport(problem.query_id))
        # The report row names the task already.
        report.fail(column, str(replace(problem, query_id=None, record=None)))
    return loose


def format_table(report: SetReport) -> str:
    """The set report as a plain-text table, then the problems and notes, ending with a summary line."""
    rows = [list(COLUMNS)]
    for task in report.tasks:
        cells = [task.query_id + (" (handback)" if task.expects_handback else "")]
        for column in COLUMNS[1:-1]:
            check = task.checks[column]
            if column == "wrong" and check.status != SKIP:
                cells.append(f"{check.detail or '0/0'}" + ("" if check.status == OK else " FAIL"))
            else:
                cells.append(check.status)
        cells.append("ok" if task.ok else "PROBLEM")
        rows.append(cells)
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    details = [f"  {problem}" for problem in report.problems]
    for task in report.tasks:
        details += [f"  task {task.query_id}: {problem}" for problem in task.problems]
    bad = sum(not task.ok for task in report.tasks)
    if details:
        lines += ["", "Problems:"] + details
    if report.notes:
        lines += [""] + [f"note: {note}" for note in report.notes]
    summary = f"{len(report.tasks)} task{'' if len(report.tasks) == 1 else 's'}, {bad} with problems"
    if report.problems:
        problems = len(report.problems)
        summary += f", {problems} problem{'' if problems == 1 else 's'} outside tasks"
    lines += ["", summary + (": OK" if report.ok else "")]
    return "\n".join(lines) + "\n"
