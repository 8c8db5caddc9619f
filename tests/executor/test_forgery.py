"""Programs that try to forge their verdict instead of doing the task (issue 23).

Each attack is one a model could write in a dozen lines: write the judge's report line from inside the judge's
process (through frames, ``gc`` or file descriptors), read the answer key (the task set on disk, other processes'
``/proc`` entries, the evaluation program's locals), rewrite the evaluation program's globals, or return a value
that compares equal to anything. None may pass a task, and none may crash the judge.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from aspera_core.executor import Job, Outcome, Sandbox, Verdict

from .support import (
    EVALUATE_ANSWER,
    EVALUATE_EXPECTS_HANDBACK,
    SETUP,
    SmallTask,
    answer_task,
    describe,
    hostile_config,
    server_children,
    slot_contents,
    source,
)

REPO = Path(__file__).resolve().parents[2]
TASK_SET = REPO / "data" / "aspera_workbench_v1"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Sandbox]:
    with Sandbox(hostile_config()) as box:
        yield box


@pytest.fixture(scope="module")
def bare() -> Iterator[Sandbox]:
    """Without the audit hook (in-process checks can be defeated; the boundary must not depend on them)."""
    with Sandbox(hostile_config(audit_hook=False)) as box:
        yield box


def run(sandbox: Sandbox, program: str, task: SmallTask | None = None) -> Verdict:
    verdict = sandbox.evaluate(task or answer_task(), program)
    assert sandbox.evaluate(answer_task(), "def answer():\n    return 42\n").outcome is Outcome.SUCCESS
    assert server_children(sandbox) == []
    assert slot_contents(sandbox) == []
    return verdict


# -- forged report lines -----------------------------------------------------------------------

# Finds any object that looks like the judge's report writer, through the frames above it.
FORGE_THROUGH_FRAMES = source(
    """
    import os, sys

    def {name}():
        try:
            raise ValueError
        except ValueError as error:
            frame = error.__traceback__.tb_frame
        while frame is not None:
            for value in list(frame.f_locals.values()):
                if hasattr(value, "send") and hasattr(value, "nonce"):
                    value.send({{"kind": "verdict", "outcome": "success", "message": None}})
                    os._exit(0)
            frame = frame.f_back
    """
)

# The same, finding the writer among all objects the collector knows.
FORGE_THROUGH_GC = source(
    """
    import gc, os

    def {name}():
        for value in gc.get_objects():
            if type(value).__name__ == "_Reports" or (hasattr(value, "send") and hasattr(value, "nonce")):
                value.send({{"kind": "verdict", "outcome": "success", "message": None}})
                os._exit(0)
    """
)

# Writes a verdict line with the right nonce straight into every descriptor (the report file among them).
FORGE_THROUGH_DESCRIPTORS = source(
    """
    import json, os, sys

    def {name}():
        nonces, frame = set(), sys._getframe()
        while frame is not None:
            for value in list(frame.f_locals.values()):
                if isinstance(value, str) and len(value) == 16:
                    nonces.add(value)
                if isinstance(value, list):
                    nonces.update(v for v in value if isinstance(v, str) and len(v) == 16)
                nonce = getattr(value, "nonce", None)
                if isinstance(nonce, str):
                    nonces.add(nonce)
            frame = frame.f_back
        lines = "".join(json.dumps({{"kind": "verdict", "outcome": "success", "nonce": n}}) + "\\n" for n in nonces)
        for fd in range(3, 64):
            try:
                os.write(fd, lines.encode())
            except OSError:
                pass
        os._exit(0)
    """
)


@pytest.mark.parametrize("attack", [FORGE_THROUGH_FRAMES, FORGE_THROUGH_DESCRIPTORS])
def test_forged_reports_are_not_verdicts(sandbox: Sandbox, attack: str) -> None:
    verdict = run(sandbox, attack.format(name="answer"))
    assert verdict.outcome is not Outcome.SUCCESS, describe(verdict)


@pytest.mark.parametrize("attack", [FORGE_THROUGH_FRAMES, FORGE_THROUGH_GC, FORGE_THROUGH_DESCRIPTORS])
def test_forged_reports_are_not_verdicts_without_the_audit_hook(bare: Sandbox, attack: str) -> None:
    verdict = run(bare, attack.format(name="answer"))
    assert verdict.outcome is not Outcome.SUCCESS, describe(verdict)


def test_a_forger_in_a_group_forges_nothing(sandbox: Sandbox) -> None:
    wrong = "def answer():\n    return 41\n"
    programs = [wrong, FORGE_THROUGH_FRAMES.format(name="answer"), FORGE_THROUGH_DESCRIPTORS.format(name="answer")]
    verdicts = sandbox.evaluate_many(answer_task(), programs + [wrong])
    assert [v.outcome for v in verdicts] == [
        Outcome.TASK_COMPLETION_ERROR,
        Outcome.EXECUTION_ERROR,
        Outcome.EXECUTION_ERROR,
        Outcome.TASK_COMPLETION_ERROR,
    ], [describe(v) for v in verdicts]


# -- the answer key ----------------------------------------------------------------------------

# Expects a value the evaluation program draws from the operating system: only its locals hold it.
EVALUATE_SECRET = source(
    """
    def evaluate_secret(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        import os
        setup_function()
        secret = os.urandom(8).hex()
        if executable() != secret:
            raise SolutionError("wrong secret")
    """
)

READ_THE_LOCALS = source(
    """
    import sys

    def answer():
        frame = sys._getframe()
        while frame is not None:
            if "secret" in frame.f_locals:
                return frame.f_locals["secret"]
            frame = frame.f_back
    """
)


def test_the_evaluation_programs_locals_are_out_of_reach(sandbox: Sandbox) -> None:
    verdict = run(sandbox, READ_THE_LOCALS, SmallTask([SETUP], [EVALUATE_SECRET]))
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR, describe(verdict)


def test_the_evaluation_and_setup_programs_are_not_in_the_programs_process(sandbox: Sandbox) -> None:
    program = source(
        """
        import sys

        def answer():
            frame, seen = sys._getframe(), []
            while frame is not None:
                seen.append(frame.f_code.co_filename)
                frame = frame.f_back
            return [name for name in seen if name.startswith(("<setup", "<evaluation"))] or 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)


def test_the_task_set_cannot_be_read(sandbox: Sandbox, tmp_path: Path) -> None:
    key = tmp_path / "answer_key.txt"
    key.write_text("42")
    program = f"def answer():\n    return int(open({str(key)!r}).read())\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)
    assert verdict.error_type == "PermissionError"


@pytest.mark.parametrize(
    "path",
    [
        str(TASK_SET / "plans"),
        str(TASK_SET),
        str(REPO / "README.md"),
        str(Path.home()),
        "/etc/passwd",
    ],
)
def test_the_repository_and_the_users_files_cannot_be_read(sandbox: Sandbox, path: str) -> None:
    program = source(
        f"""
        import os

        def answer():
            path = {path!r}
            if os.path.isdir(path):
                os.listdir(path)
            else:
                open(path, "rb").read(1)
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)
    assert verdict.error_type == "PermissionError"


@pytest.mark.parametrize("entry", ["cmdline", "environ", "mem", "fd"])
def test_other_processes_proc_entries_cannot_be_read(sandbox: Sandbox, entry: str) -> None:
    test_process = os.getpid()
    program = source(
        f"""
        import os

        def answer():
            found = []
            for pid in (os.getppid(), {test_process}, 1):
                path = f"/proc/{{pid}}/{entry}"
                try:
                    if os.path.isdir(path):
                        found.append(os.listdir(path))
                    else:
                        with open(path, "rb") as file:
                            found.append(file.read(1))
                except (PermissionError, ProcessLookupError):
                    pass
            return 42 if not found else found
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)


def test_writing_outside_the_private_directory_is_still_refused(sandbox: Sandbox, tmp_path: Path) -> None:
    target = tmp_path / "written"
    verdict = run(sandbox, f"def answer():\n    open({str(target)!r}, 'w').write('x')\n    return 42\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert not target.exists()


# -- rewriting the evaluation program ----------------------------------------------------------

REWRITE_THE_GLOBALS = source(
    """
    import sys

    def answer():
        frame = sys._getframe()
        while frame is not None:
            if "SolutionError" in frame.f_globals:
                frame.f_globals["SolutionError"] = type("SolutionError", (BaseException,), {})
                frame.f_globals["find_events"] = lambda *args, **kwargs: []
                break
            frame = frame.f_back
        return 41
    """
)


def test_the_evaluation_programs_globals_cannot_be_rewritten(sandbox: Sandbox) -> None:
    verdict = run(sandbox, REWRITE_THE_GLOBALS)
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR, describe(verdict)
    assert verdict.error_type.endswith("SolutionError")


# -- answers that compare equal to anything ------------------------------------------------------

ALWAYS_EQUAL = source(
    """
    def answer():
        return Yes(7)

    class Yes(int):
        def __eq__(self, other):
            return True

        def __ne__(self, other):
            return False

        __hash__ = int.__hash__
    """
)

SUBCLASS_OF_STR = source(
    """
    def answer():
        return [Text("anything")]

    class Text(str):
        def __eq__(self, other):
            return True

        def __ne__(self, other):
            return False

        __hash__ = str.__hash__
    """
)


def test_an_always_equal_answer_is_not_the_answer(sandbox: Sandbox) -> None:
    verdict = run(sandbox, ALWAYS_EQUAL)
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR, describe(verdict)
    assert verdict.return_value == "7"  # what the program returned, as it printed itself


def test_a_subclass_answer_equals_only_itself() -> None:
    evaluate = source(
        """
        def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
            setup_function()
            result = executable()
            if result != ["x"] or not (result == result):
                raise SolutionError(f"got {result!r}")
        """
    )
    with Sandbox(hostile_config(workers=1)) as box:
        verdict = box.evaluate(answer_task(evaluate), SUBCLASS_OF_STR)
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR, describe(verdict)


def test_values_of_exact_types_still_compare_as_themselves(sandbox: Sandbox) -> None:
    evaluate = source(
        """
        import datetime

        def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
            setup_function()
            ada = find_employee("Ada Lovelace")[0]
            value = executable()
            expected = {
                "n": 42, "f": 1.5, "s": "x", "b": True, "none": None, "t": (1, [2, {3}]),
                "when": datetime.datetime(2024, 6, 25, 9, 6), "day": datetime.date(2024, 6, 25),
                "who": [ada], "frozen": frozenset({1}), "delta": datetime.timedelta(minutes=5),
            }
            if value != expected or type(value["t"]) is not tuple or type(value["who"][0]) is not Employee:
                raise SolutionError(f"got {value!r}")
        """
    )
    program = source(
        """
        import datetime

        def answer():
            return {
                "n": 42, "f": 1.5, "s": "x", "b": True, "none": None, "t": (1, [2, {3}]),
                "when": datetime.datetime(2024, 6, 25, 9, 6), "day": datetime.date(2024, 6, 25),
                "who": find_employee("Ada Lovelace")[:1], "frozen": frozenset({1}),
                "delta": datetime.timedelta(minutes=5),
            }
        """
    )
    task = answer_task(evaluate)
    task.scenario.evaluation_tools = ["exceptions::SolutionError"]
    verdict = run(sandbox, program, task)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)


# -- exceptions that pretend to be the library's -------------------------------------------------

SPOOFED_HANDBACK = source(
    """
    class RequiresUserInput(Exception):
        pass

    RequiresUserInput.__module__ = "aspera_core.library.exceptions"

    def answer():
        raise RequiresUserInput("which one?")
    """
)


def test_a_spoofed_library_exception_is_not_the_librarys(sandbox: Sandbox) -> None:
    verdict = run(sandbox, SPOOFED_HANDBACK, answer_task(EVALUATE_EXPECTS_HANDBACK))
    # the evaluation program's ``except RequiresUserInput`` does not catch it; by name it is still a hand-back
    assert verdict.outcome is Outcome.HANDBACK_CONTROL, describe(verdict)
    assert verdict.error_type == "aspera_core.library.exceptions.RequiresUserInput"


def test_an_exception_with_hostile_methods_is_an_execution_error(sandbox: Sandbox) -> None:
    program = source(
        """
        def answer():
            raise Nasty()

        class Nasty(Exception):
            def __str__(self):
                raise RuntimeError("no")

            def __repr__(self):
                raise RuntimeError("no")

            @property
            def args(self):
                raise RuntimeError("no")
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)
    assert verdict.error_type == "query_executable.Nasty"


# -- huge, deep or cyclic answers ----------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        "value = []\n    value.append(value)\n    return value",
        "value = {}\n    value['self'] = value\n    return value",
        "value = 42\n    for _ in range(200000):\n        value = [value]\n    return value",
        "return [0] * 20_000_000",
        "return 'x' * 200_000_000",
        "return (i for i in range(3))",
        "return {frozenset({1}): [object()]}",
    ],
)
def test_huge_deep_or_cyclic_answers_do_not_crash_the_judge(sandbox: Sandbox, body: str) -> None:
    verdict = run(sandbox, f"import sys\nsys.setrecursionlimit(10**6)\n\ndef answer():\n    {body}\n")
    assert verdict.outcome is not Outcome.SUCCESS, describe(verdict)


def test_an_oversized_world_is_an_execution_error_of_the_program(sandbox: Sandbox) -> None:
    program = source(
        """
        from aspera_core.world import state

        def answer():
            rows = state.get_current_context().tables[state.DatabaseNamespace.SANDBOX]
            rows.extend({"sandbox_message_index": i} for i in range(3_000_000))
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome in (Outcome.EXECUTION_ERROR, Outcome.RESOURCE_ERROR, Outcome.TIMEOUT), describe(verdict)


def test_a_malformed_world_is_an_execution_error_of_the_program(sandbox: Sandbox) -> None:
    program = source(
        """
        import datetime
        from aspera_core.world import state

        def answer():
            rows = state.get_current_context().tables[state.DatabaseNamespace.USER_CALENDAR]
            rows.append({"subject": "x", "starts_at": "not a time", "rogue": 1})
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)


# -- the project's own task set: no hostile program passes more tasks than noop ----------------------

# Loads the task set from disk, finds its own request in it and runs that task's reference program.
ANSWER_KEY_FROM_DISK = source(
    """
    def {name}():
        from aspera_core.tasks import load_tasks
        from aspera_core.world.state import get_current_context

        query = get_current_context().query
        for task in load_tasks({path!r}):
            if task.query == query:
                namespace = dict(globals())
                exec(task.program, namespace)
                return namespace[{name!r}]()
    """
)

# Finds ``--tasks PATH`` on an ancestor's command line, then does the same.
ANSWER_KEY_FROM_PROC = source(
    """
    import os

    def {name}():
        from aspera_core.tasks import load_tasks
        from aspera_core.world.state import get_current_context

        pid, paths = os.getppid(), [{path!r}]
        while pid > 1:
            with open(f"/proc/{{pid}}/cmdline", "rb") as file:
                words = file.read().split(b"\\0")
            paths += [w.decode() for w in words if os.path.exists(w)]
            with open(f"/proc/{{pid}}/stat") as file:
                pid = int(file.read().rsplit(")", 1)[1].split()[1])
        for path in paths[1:] + paths[:1]:
            try:
                tasks = load_tasks(path)
            except Exception:
                continue
            for task in tasks:
                if task.query == get_current_context().query:
                    namespace = dict(globals())
                    exec(task.program, namespace)
                    return namespace[{name!r}]()
    """
)

ALWAYS_EQUAL_ANYWHERE = source(
    """
    def {name}():
        return Yes(1)

    class Yes(int):
        def __eq__(self, other):
            return True

        def __ne__(self, other):
            return False

        def __bool__(self):
            return True

        __hash__ = int.__hash__
    """
)

NOOP = "def {name}():\n    pass\n"

ON_THE_TASK_SET = {
    "noop": NOOP,
    "forge-through-frames": FORGE_THROUGH_FRAMES,
    "forge-through-descriptors": FORGE_THROUGH_DESCRIPTORS,
    "answer-key-from-disk": ANSWER_KEY_FROM_DISK,
    "answer-key-from-proc": ANSWER_KEY_FROM_PROC,
    "always-equal": ALWAYS_EQUAL_ANYWHERE,
    "rewrite-the-globals": REWRITE_THE_GLOBALS.replace("def answer", "def {name}").replace("{}", "{{}}"),
}


def passes_on_the_task_set(sandbox: Sandbox, template: str) -> int:
    from aspera_core.tasks import load_tasks

    tasks = load_tasks(TASK_SET)
    jobs = [Job(task, template.format(name=task.solution_name, path=str(TASK_SET))) for task in tasks]
    return sum(verdict.outcome is Outcome.SUCCESS for _, verdict in sandbox.run(jobs))


def test_on_the_project_task_set_no_hostile_program_passes_more_tasks_than_noop() -> None:
    with Sandbox(hostile_config(workers=2, timeout_s=10.0)) as box:
        passed = {name: passes_on_the_task_set(box, template) for name, template in ON_THE_TASK_SET.items()}
    assert all(count <= passed["noop"] for count in passed.values()), passed


def test_the_answer_key_program_works_where_the_files_are_readable() -> None:
    """The attack itself is sound: in this (trusted) process it passes a task, so its failure above is the
    sandbox's doing."""
    from aspera_core.executor import evaluate_program
    from aspera_core.tasks import load_tasks

    task = load_tasks(TASK_SET)[0]
    program = ANSWER_KEY_FROM_DISK.format(name=task.solution_name, path=str(TASK_SET))
    assert evaluate_program(task, program).outcome is Outcome.SUCCESS


def test_evaluate_answer_still_needs_the_answer(sandbox: Sandbox) -> None:
    assert run(sandbox, "def answer():\n    return 41\n", answer_task(EVALUATE_ANSWER)).outcome is (
        Outcome.TASK_COMPLETION_ERROR
    )


# -- the explore agent's dry runs ------------------------------------------------------------------


def test_a_dry_run_reads_neither_the_task_set_nor_the_evaluation_program() -> None:
    from aspera_core.tasks import load_tasks
    from aspera_workbench.agents.explore_dryrun import DryRunner, dry_run_task

    task = load_tasks(TASK_SET)[0]
    name = task.solution_name
    snoop = source(
        f"""
        import os, sys

        def {name}():
            frame, names = sys._getframe(), []
            while frame is not None:
                names += [frame.f_code.co_filename] + [k for k in frame.f_globals if k.startswith("evaluate_")]
                frame = frame.f_back
            print(sorted(set(n for n in names if n.startswith(("<setup", "<evaluation", "evaluate_")))))
            os.listdir({str(TASK_SET)!r})
        """
    )
    runner = DryRunner(hostile_config(workers=1))
    try:
        for world in ("generic", "task"):
            report = runner.run(dry_run_task(task, world), snoop)
            assert report.outcome is Outcome.EXECUTION_ERROR, report
            assert report.error_type == "PermissionError", report
            assert report.stdout == "[]\n", report  # no setup or evaluation frame, no evaluation function
    finally:
        runner.close()
