"""What a task's own setup and evaluation programs may read in the judge (issue 39).

A task set is code, perhaps a third party's or a model's: its programs run in the judge, which holds no program and no
report channel they could misuse, yet could read the user's files and send them out in an error message. After the
judge has read its job it is confined for reads as a candidate is, but for the base packages' code, which it may read
whole. Each refused read is a ``PermissionError`` the setup program can catch: the task still runs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from aspera_core.executor import Outcome, Sandbox

from .support import SETUP, SmallTask, describe, hostile_config, server_children, source

REPO = Path(__file__).resolve().parents[2]
TASK_SET = REPO / "data" / "aspera_workbench_v1"

# The setup program tries each path, then builds its world; the evaluation program fails naming every read that went
# the wrong way (refused where it should have been read, or read where it should have been refused).
SETUP_TRYING = source(
    """
    import os

    def setup_env_answer():
        wrong = []
        for path, allowed in {paths!r}:
            try:
                if os.path.isdir(path):
                    os.listdir(path)
                else:
                    with open(path, "rb") as file:
                        file.read(1)
                read = True
            except PermissionError:
                read = False
            if read is not allowed:
                wrong.append(("read" if read else "refused") + " " + path)
        simulate_org_structure(["Ada Lovelace"])
        if wrong:
            raise RuntimeError("; ".join(wrong))
    """
)


def task_trying(paths: list[tuple[str, bool]]) -> SmallTask:
    evaluate = source(
        """
        def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
            setup_function()
            if executable() != 42:
                raise SolutionError("wrong answer")
        """
    )
    return SmallTask([SETUP_TRYING.format(paths=paths)], [evaluate])


def refused_paths(tmp_path: Path) -> list[str]:
    users_file = tmp_path / "notes.txt"
    users_file.write_text("the user's own notes")
    results = tmp_path / "runs" / "reference.jsonl"
    results.parent.mkdir()
    results.write_text("{}\n")
    paths = [
        str(users_file),  # the user's files
        str(tmp_path),
        str(Path.home()),
        str(results),  # results
        str(TASK_SET),  # the task set, its other tasks
        str(TASK_SET / "plans"),
        str(REPO / "README.md"),  # the repository's own files beside the packages
        str(REPO / "tests"),
        str(REPO / "aspera_workbench"),  # (no base package: see the last test)
        "/etc/passwd",
        f"/proc/{os.getpid()}/cmdline",  # other processes' /proc entries
        f"/proc/{os.getpid()}/environ",
        "/proc/1/cmdline",
    ]
    if os.geteuid() == 0:
        paths.append("/etc/shadow")  # (readable to root, as the issue found)
    return paths


ALLOWED = [
    os.__file__,  # Python's standard library
    sys.modules["pydantic"].__file__,  # installed packages
    str(REPO / "aspera_core" / "library" / "work_calendar.py"),  # the base packages' code
    str(REPO / "aspera_core" / "runner" / "run.py"),
    "/usr/share/zoneinfo/UTC",  # time zones
    "/proc/self/status",  # its own /proc entries
]


@pytest.fixture(scope="module")
def sandbox():
    with Sandbox(hostile_config()) as box:
        if not box.protections.landlock_abi:
            pytest.skip("reads are confined by Landlock, which this kernel does not offer")
        yield box


def test_the_setup_program_reads_none_of_the_users_files_and_the_task_still_runs(sandbox, tmp_path: Path) -> None:
    paths = [(path, False) for path in refused_paths(tmp_path)] + [(path, True) for path in ALLOWED]
    verdict = sandbox.evaluate(task_trying(paths), "def answer():\n    return 42\n")
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)
    assert server_children(sandbox) == []


@pytest.mark.parametrize("where", ["setup", "evaluation"])
def test_each_refused_read_is_a_permission_error_the_task_program_sees(sandbox, tmp_path: Path, where: str) -> None:
    """Not caught, the refusal is the task's own failure, told as such (here, in a verdict's message)."""
    secret = tmp_path / "secret.txt"
    secret.write_text("the user's secret")
    read = f"    open({str(secret)!r}).read()\n"
    setup = SETUP + (read if where == "setup" else "")
    evaluate = source(
        """
        def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
            setup_function()
            executable()
        """
    ) + (read if where == "evaluation" else "")
    verdict = sandbox.evaluate(SmallTask([setup], [evaluate]), "def answer():\n    return 42\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)
    assert verdict.error_type == "PermissionError"
    assert "the user's secret" not in (verdict.message or "") + (verdict.traceback or "")


def test_a_zygote_and_its_children_are_confined_alike(sandbox, tmp_path: Path) -> None:
    paths = [(path, False) for path in refused_paths(tmp_path)] + [(path, True) for path in ALLOWED[:-1]]
    task = task_trying(paths)
    programs = ["def answer():\n    return 42\n", "def answer():\n    return 41\n"] * 2
    verdicts = sandbox.evaluate_many(task, programs)
    assert [v.outcome for v in verdicts] == [Outcome.SUCCESS, Outcome.TASK_COMPLETION_ERROR] * 2, [
        describe(v) for v in verdicts
    ]
    assert sandbox.evaluated_alone == 0


def test_the_audits_observation_probe_imports_its_module_once_the_sandbox_loaded_it() -> None:
    """The workbench's code is no base package: a judge reads it once its sandbox loaded a module of it for the
    judges (``Sandbox.prepare(tasks, modules=...)``), as the audit does for its probe."""
    from aspera_core.tasks import load_tasks
    from aspera_workbench.audit.observe import MARKER, PROBE_EVALUATION, PROBE_MODULES

    task = load_tasks(TASK_SET)[0]
    probe = SmallTask(list(task.state_generation_programs), [PROBE_EVALUATION] * len(task.evaluation_programs))
    probe.scenario = task.scenario
    observe = str(REPO / "aspera_workbench" / "audit" / "observe.py")
    reads = SmallTask([SETUP_TRYING.format(paths=[(observe, True)])], task_trying([]).evaluation_programs)
    with Sandbox(hostile_config(workers=1)) as box:
        if not box.protections.landlock_abi:
            pytest.skip("reads are confined by Landlock, which this kernel does not offer")
        before = box.evaluate(probe, task.program), box.evaluate(reads, "def answer():\n    return 42\n")
        box.prepare([probe], modules=PROBE_MODULES)
        after = box.evaluate(probe, task.program), box.evaluate(reads, "def answer():\n    return 42\n")
    assert [v.error_type for v in before] == ["PermissionError", "RuntimeError"], [describe(v) for v in before]
    assert [v.outcome for v in after] == [Outcome.SUCCESS] * 2, [describe(v) for v in after]
    assert MARKER in after[0].stdout
