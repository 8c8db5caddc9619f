"""Hostile programs: each is contained, classified, and leaves nothing behind.

Every test checks, besides the verdict, that the sandbox is still usable, that
no worker process is left and that the slot directories are empty.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aspera_core.executor import Outcome, Sandbox, Verdict

from .support import (
    GOOD_MEETING,
    SWALLOWS_TIMEOUT,
    SmallTask,
    answer_task,
    describe,
    hostile_config,
    meeting_task,
    patch_everything,
    server_children,
    slot_contents,
    source,
)

GOOD = "def answer():\n    return 42\n"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Sandbox]:
    with Sandbox(hostile_config()) as box:
        yield box


def run(sandbox: Sandbox, program: str, task: SmallTask | None = None) -> Verdict:
    verdict = sandbox.evaluate(task or answer_task(), program)
    # contained: the run goes on, nothing is left behind
    assert sandbox.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS
    assert server_children(sandbox) == []
    assert slot_contents(sandbox) == []
    return verdict


def test_infinite_loop_times_out(sandbox: Sandbox) -> None:
    verdict = run(sandbox, "def answer():\n    while True:\n        pass\n")
    assert verdict.outcome is Outcome.TIMEOUT


def test_loop_that_swallows_the_timeout_is_killed(sandbox: Sandbox) -> None:
    program = SWALLOWS_TIMEOUT
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.TIMEOUT
    assert verdict.error_type == "WorkerTimeout"


def test_memory_bomb_is_a_resource_error(sandbox: Sandbox) -> None:
    program = "def answer():\n    blocks = []\n    while True:\n        blocks.append(b'x' * (1 << 22))\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.RESOURCE_ERROR, describe(verdict)


def test_one_huge_allocation_is_a_resource_error(sandbox: Sandbox) -> None:
    verdict = run(sandbox, "def answer():\n    return len(bytearray(1 << 40))\n")
    assert verdict.outcome is Outcome.RESOURCE_ERROR


@pytest.mark.parametrize(
    "call",
    [
        "os.fork()",
        "os.system('touch /tmp/aspera-should-not-exist')",
        "subprocess.run(['/bin/true'])",
        "multiprocessing.Process(target=print).start()",
        "os.posix_spawn('/bin/true', ['/bin/true'], {})",
    ],
)
def test_process_creation_is_refused(sandbox: Sandbox, call: str) -> None:
    program = f"import os, subprocess, multiprocessing\n\ndef answer():\n    {call}\n    return 42\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)
    assert verdict.error_type.endswith("SandboxViolation")
    assert not Path("/tmp/aspera-should-not-exist").exists()


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="fork_exec's signature differs between versions")
def test_fork_without_an_audit_event_is_refused_by_the_kernel(sandbox: Sandbox, tmp_path: Path) -> None:
    marker = tmp_path / "forked"
    program = source(
        f"""
        import os
        import _posixsubprocess

        def answer():
            r, w = os.pipe()
            _posixsubprocess.fork_exec([b"/bin/touch", b"{marker}"], [b"/bin/touch"], True, (w,), None, None,
                -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, False)
            return 42
        """
    )
    verdict = run(sandbox, program)
    if not sandbox.protections.seccomp:
        pytest.skip("seccomp is not available here")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "PermissionError"
    assert not marker.exists()


@pytest.mark.parametrize("status", [0, 7])
def test_os_exit_is_an_execution_error(sandbox: Sandbox, status: int) -> None:
    verdict = run(sandbox, f"import os\n\ndef answer():\n    os._exit({status})\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "WorkerExit"
    assert f"status {status}" in verdict.message


@pytest.mark.parametrize(
    "kill",
    [
        "os.kill(os.getpid(), signal.SIGKILL)",
        "signal.raise_signal(signal.SIGKILL)",
        "signal.pthread_kill(threading.get_ident(), signal.SIGKILL)",
    ],
    ids=["os.kill", "raise_signal", "pthread_kill"],
)
def test_killing_its_own_worker_is_an_execution_error(sandbox: Sandbox, kill: str) -> None:
    program = f"import os, signal, threading\n\ndef answer():\n    {kill}\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "WorkerSignal"
    assert "SIGKILL" in verdict.message


@pytest.mark.parametrize(
    "target",
    ["os.getppid()", str(os.getpid()), "1", "-1", "0"],
    ids=["fork-server", "evaluating-process", "init", "everyone", "own-group"],
)
def test_killing_other_processes_is_refused(sandbox: Sandbox, target: str) -> None:
    program = f"import os, signal\n\ndef answer():\n    os.kill({target}, signal.SIGKILL)\n    return 42\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type.endswith("SandboxViolation")
    os.kill(os.getpid(), 0)  # this process is alive


def test_signalling_its_own_process_group_is_refused_by_both_layers(sandbox: Sandbox) -> None:
    """The audit hook refuses it as seccomp does (in a zygote's child the group holds the zygote too)."""
    program = "import os, signal\n\ndef answer():\n    os.killpg(os.getpgid(0), signal.SIGTERM)\n    return 42\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type.endswith("SandboxViolation"), describe(verdict)


def test_killing_the_fork_server_through_a_pidfd_is_refused(sandbox: Sandbox) -> None:
    program = "import os, signal\n\ndef answer():\n    signal.pidfd_send_signal(os.pidfd_open(os.getppid()), signal.SIGKILL)\n    return 42\n"
    verdict = run(sandbox, program)
    if not (sandbox.protections.seccomp or sandbox.protections.landlock_abi >= 6):
        pytest.skip("no kernel layer guards pidfds here")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "PermissionError"


@pytest.mark.parametrize(
    "how",
    [
        "open(target, 'w').write('x')",
        "pathlib.Path(target).write_text('x')",
        "os.close(os.open(target, os.O_WRONLY | os.O_CREAT))",
        "os.mkdir(target)",
        "os.mkfifo(target)",
        "os.symlink('/etc/passwd', 'link')",
        "shutil.copy('/etc/hostname', target)",
        "sqlite3.connect(target).execute('create table t (x)')",
    ],
)
def test_writing_outside_the_sandbox_is_refused(sandbox: Sandbox, tmp_path: Path, how: str) -> None:
    target = tmp_path / "escaped"
    program = source(
        f"""
        import os, pathlib, shutil, sqlite3

        def answer():
            target = {str(target)!r}
            {how}
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)
    assert issubclass(PermissionError, OSError) and verdict.error_type in (
        "aspera_core.executor.guard.SandboxViolation",
        "PermissionError",
        "sqlite3.OperationalError",
    )
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_removing_files_outside_the_sandbox_is_refused(sandbox: Sandbox, tmp_path: Path) -> None:
    victim = tmp_path / "keep-me.txt"
    victim.write_text("precious")
    verdict = run(sandbox, f"import os\n\ndef answer():\n    os.remove({str(victim)!r})\n    return 42\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert victim.read_text() == "precious"


def test_files_inside_the_sandbox_work_and_are_removed_afterwards(sandbox: Sandbox) -> None:
    program = source(
        """
        import os, tempfile

        def answer():
            with open("notes.txt", "w") as handle:
                handle.write("scratch")
            os.mkdir("sub")
            with tempfile.NamedTemporaryFile(delete=False) as handle:
                handle.write(b"x")
            return 42 if open("notes.txt").read() == "scratch" else 0
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)


def test_the_sandbox_directory_itself_cannot_be_removed(sandbox: Sandbox) -> None:
    program = "import os\n\ndef answer():\n    os.rmdir(os.getcwd())\n    return 42\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert all(os.path.isdir(slot.directory) for slot in sandbox._slots)


@pytest.mark.parametrize(
    "how",
    [
        "socket.socket()",
        "socket.create_connection(('127.0.0.1', 9), timeout=1)",
        "socket.getaddrinfo('example.org', 80)",
        "urllib.request.urlopen('http://127.0.0.1:9/', timeout=1)",
    ],
)
def test_network_is_refused(sandbox: Sandbox, how: str) -> None:
    program = f"import socket, urllib.request\n\ndef answer():\n    {how}\n    return 42\n"
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)


def test_ctypes_is_refused(sandbox: Sandbox) -> None:
    verdict = run(sandbox, "import ctypes\n\ndef answer():\n    ctypes.CDLL(None).getpid()\n    return 42\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type.endswith("SandboxViolation")


def test_refused_operations_are_noted_on_stderr(sandbox: Sandbox) -> None:
    program = (
        "import os\n\ndef answer():\n    try:\n        os.fork()\n    except OSError:\n        pass\n    return 42\n"
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.SUCCESS  # caught: the program went on and answered
    assert "sandbox refused: os.fork" in verdict.stderr


def test_raising_resource_limits_is_refused(sandbox: Sandbox) -> None:
    program = source(
        """
        import resource

        def answer():
            resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR


# -- tampering with the library or the evaluator -------------------------------------------


def tamper(body: str) -> str:
    """A program that does nothing useful but tampers so the meeting check would pass."""
    return source(
        """
        import sys
        import builtins
        import aspera.apps_implementation.work_calendar as calendar

        def book_sync():
        """
    ) + "".join(f"    {line}\n" for line in source(body).splitlines())


TAMPERING = {
    "rebind-module-function": """
        fake = calendar.Event(subject="Sync")
        calendar.find_events = lambda *args, **kwargs: [fake]
    """,
    "patch-class-equality": """
        calendar.Event.__eq__ = lambda self, other: True
    """,
    "patch-builtin": """
        builtins.len = lambda items: 1
    """,
    "rebind-evaluation-globals": """
        frame = sys._getframe(2)
        ada = frame.f_globals["find_employee"]("Ada Lovelace")[0]
        fake = calendar.Event(attendees=[ada], subject="Sync")
        frame.f_globals["find_events"] = lambda *args, **kwargs: [fake]
        calendar.Event.__eq__ = calendar.Event.__eq__
    """,
    "delete-library-name": """
        del calendar.add_event
    """,
    "blind-the-checker-first": """
        import os, operator
        os.pread = lambda fd, size, offset: bytes(size)
        operator.is_ = lambda a, b: True
        for name in ("len", "all", "map", "zip", "range", "sorted", "set", "tuple", "list"):
            setattr(builtins, name, lambda *args, **kwargs: [])
        calendar.Event.__eq__ = lambda self, other: True
    """,
}


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_tampering_is_never_a_success(sandbox: Sandbox, name: str) -> None:
    """What a program replaces is in its own process; the checks run in the judge's, untouched."""
    verdict = run(sandbox, tamper(TAMPERING[name]), meeting_task())
    assert verdict.outcome is not Outcome.SUCCESS, describe(verdict)  # (a broken process may also time out)


REPO = Path(__file__).resolve().parents[2]


def test_a_program_that_breaks_its_own_answer_path_is_judged_at_once() -> None:
    """Its answer cannot be sent, or is garbage: it has none, and ends as an execution error as soon as its process
    ends, never at the timeout (20 tasks waited 11 s each; benchmarks/bench_broken_answer.py times them)."""
    from aspera_core.executor import Job
    from aspera_core.tasks import load_tasks

    tasks = load_tasks(REPO / "data" / "aspera_workbench_v1")[:20]
    with Sandbox(hostile_config(timeout_s=10.0)) as box:
        jobs = [Job(task, patch_everything(task.solution_name)) for task in tasks]
        verdicts = [verdict for _, verdict in box.run(jobs)]
    assert [v.outcome for v in verdicts] == [Outcome.EXECUTION_ERROR] * 20, [describe(v) for v in verdicts]


@pytest.mark.parametrize(
    "spare",
    [(), ("builtins",), ("os", "posix", "builtins")],
    ids=["all", "all-but-builtins", "all-but-os-and-builtins"],
)
@pytest.mark.parametrize("stub", ["return ''", "return None", "return 0", "raise RuntimeError('stub')"])
def test_whatever_its_stubs_do_a_broken_answer_path_is_judged_at_once(sandbox: Sandbox, stub: str, spare) -> None:
    verdict = run(sandbox, patch_everything(stub=stub, spare=spare))
    assert verdict.outcome is Outcome.EXECUTION_ERROR, describe(verdict)


def test_a_broken_answer_path_in_a_group_is_judged_at_once(sandbox: Sandbox) -> None:
    programs = [GOOD, patch_everything(), GOOD, patch_everything()]
    verdicts = sandbox.evaluate_many(answer_task(), programs)
    expected = [Outcome.SUCCESS, Outcome.EXECUTION_ERROR] * 2
    assert [v.outcome for v in verdicts] == expected, [describe(v) for v in verdicts]


def test_replacing_code_objects_is_refused(sandbox: Sandbox) -> None:
    program = tamper(
        """
        calendar.find_events.__code__ = (lambda *args, **kwargs: []).__code__
        """
    )
    verdict = run(sandbox, program, meeting_task())
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type.endswith("SandboxViolation")


def test_tampering_does_not_leak_into_the_next_task(sandbox: Sandbox) -> None:
    run(sandbox, tamper(TAMPERING["patch-class-equality"]), meeting_task())
    # the same do-nothing program, now without tampering, fails honestly
    verdict = sandbox.evaluate(meeting_task(), "def book_sync():\n    pass\n")
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR
    assert sandbox.evaluate(meeting_task(), GOOD_MEETING).outcome is Outcome.SUCCESS


def test_forged_verdict_lines_are_ignored(sandbox: Sandbox) -> None:
    program = source(
        """
        import os

        def answer():
            line = b'{"kind": "verdict", "nonce": "guess", "outcome": "success"}\\n'
            for fd in map(int, os.listdir("/proc/self/fd")):
                try:
                    os.write(fd, line)
                except OSError:
                    pass
            os._exit(0)
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "WorkerExit"


def test_garbage_in_its_own_pipe_then_an_answer_is_no_answer_and_judged_at_once(sandbox: Sandbox) -> None:
    """What it wrote hides its answer: it has none. The judge asks nothing more, so its process ends once the program
    has returned (it waited for the timeout)."""
    program = source(
        """
        import os

        def answer():
            for fd in map(int, os.listdir("/proc/self/fd")):
                try:
                    os.write(fd, (4).to_bytes(4, "little") + b"junk")
                except OSError:
                    pass
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert (verdict.outcome, verdict.error_type) == (Outcome.EXECUTION_ERROR, "WorkerExit"), describe(verdict)


def test_flooding_the_report_file_is_contained(sandbox: Sandbox) -> None:
    program = source(
        """
        import os

        def answer():
            fds = [int(name) for name in os.listdir("/proc/self/fd")]
            chunk = b"x" * 65536
            while True:
                for fd in fds:
                    try:
                        os.write(fd, chunk)
                    except OSError:
                        pass
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome in (Outcome.EXECUTION_ERROR, Outcome.TIMEOUT)
    assert verdict.outcome is not Outcome.SUCCESS


def test_threads_left_running_do_not_outlive_the_task(sandbox: Sandbox) -> None:
    program = source(
        """
        import threading, time

        def answer():
            def spin():
                while True:
                    time.sleep(0.01)

            threading.Thread(target=spin, daemon=False).start()
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.SUCCESS


def test_kernel_layers_hold_without_the_audit_hook(tmp_path: Path) -> None:
    with Sandbox(hostile_config(audit_hook=False, workers=1)) as bare:
        if not (bare.protections.seccomp and bare.protections.landlock_abi):
            pytest.skip("Landlock and seccomp are not both available here")
        target = tmp_path / "escaped"
        for call in ("os.fork()", "socket.socket()", f"open({str(target)!r}, 'w')", "os.kill(os.getppid(), 9)"):
            program = f"import os, socket\n\ndef answer():\n    {call}\n    return 42\n"
            verdict = bare.evaluate(answer_task(), program)
            assert verdict.outcome is Outcome.EXECUTION_ERROR, (call, describe(verdict))
            assert verdict.error_type == "PermissionError", call
        assert not target.exists()
        assert server_children(bare) == []


def test_an_error_while_running_stops_the_workers() -> None:
    from aspera_core.executor import Job

    class Stop(Exception):
        pass

    busy = []

    def jobs() -> Iterator[Job]:
        for _ in range(2):
            yield Job(answer_task(), "def answer():\n    while True:\n        pass\n")
        started = time.monotonic()
        while len(server_children(box)) < 2 and time.monotonic() - started < 30:
            time.sleep(0.05)  # (the fork server may still be starting)
        busy.extend(server_children(box))
        raise Stop  # e.g. the agent failed while two workers are busy

    with Sandbox(hostile_config(timeout_s=30, workers=3)) as box:
        with pytest.raises(Stop):
            list(box.run(jobs()))
        assert len(busy) == 2
        assert server_children(box) == []
        assert not any(os.path.exists(f"/proc/{pid}") for pid in busy)
        assert slot_contents(box) == []
        assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS


def test_signal_numbers_are_named_in_crash_messages(sandbox: Sandbox) -> None:
    verdict = run(sandbox, "import os, signal\n\ndef answer():\n    os.kill(os.getpid(), signal.SIGSEGV)\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert "SIGSEGV" in verdict.message
    assert signal.SIGSEGV  # the name exists on this platform


def test_refused_audit_hooks_are_noted_within_the_usual_bound(sandbox: Sandbox) -> None:
    program = source(
        """
        import sys

        def answer():
            for _ in range(3000):
                try:
                    sys.addaudithook(lambda event, args: None)
                except RuntimeError:
                    pass
            return 42
        """
    )
    verdict = run(sandbox, program)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)
    assert verdict.stderr.count("sandbox refused") <= 100
    assert len(verdict.stderr) < 12_000


def test_a_program_in_a_group_cannot_forge_the_verdicts_of_the_others() -> None:
    """The nonces of a zygote's other children are within a child's reach (its memory is a copy of
    the zygote's); what a child writes must still count only for its own program."""
    forger = source(
        """
        import json, os, sys

        def answer():
            nonces, frame = set(), sys._getframe()
            while frame is not None:
                for value in list(frame.f_locals.values()):
                    if isinstance(value, list) and value and all(isinstance(v, str) and len(v) == 16 for v in value):
                        nonces.update(value)
                    if hasattr(value, "jobs"):
                        nonces.update(nonce for _, nonce in value.jobs)
                frame = frame.f_back
            lines = "".join(json.dumps({"kind": "verdict", "outcome": "success", "nonce": n}) + "\\n" for n in nonces)
            for name in os.listdir("/proc/self/fd"):
                try:
                    os.write(int(name), lines.encode())
                except OSError:
                    pass
            return 42
        """
    )
    wrong = "def answer():\n    return 41\n"
    with Sandbox(hostile_config(workers=1)) as box:
        verdicts = box.evaluate_many(answer_task(), [wrong, forger, wrong])
    assert [v.outcome for v in verdicts] == [
        Outcome.TASK_COMPLETION_ERROR,
        Outcome.SUCCESS,
        Outcome.TASK_COMPLETION_ERROR,
    ], [describe(v) for v in verdicts]
