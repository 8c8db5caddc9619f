"""Evaluating untrusted programs in isolated worker processes: the evaluating process's side.

Three kinds of processes take part:

* the **evaluating process** (the caller of :meth:`Sandbox.run`) never forks.
  It may run threads (model clients, a progress bar) at any time; it does not
  even import the library;
* the **fork server** is a fresh interpreter started with ``posix_spawn``
  semantics (:mod:`subprocess`), which is safe however many threads exist. It
  imports the library, builds the namespaces every worker needs, probes the
  kernel layers and fingerprints the library (:mod:`~aspera_core.executor.server`);
  it runs no task code itself, has a single thread, and forks one
* **worker** per evaluation (:mod:`~aspera_core.executor.worker`), at most
  ``workers`` at a time, killing each at its deadline.

Jobs travel to the fork server through a pipe; the fork server reports each
worker's exit through another. A worker writes its reports to its slot's
in-memory file, which this process reads after the worker has exited
(:mod:`~aspera_core.executor.reports`): nobody ever waits for this process,
so how fast it produces jobs or takes results changes no verdict. A slot is a
report file and a private directory; there are twice as many slots as workers,
so the fork server holds the next jobs and starts one the moment a worker
exits (no processor waits for a round trip through this process).

What is protected
-----------------
* Other tasks and the run: every evaluation has its own process; a hang, a
  memory bomb, ``os._exit``, a crash or a self-inflicted signal ends that
  evaluation only.
* The host: no process creation, no network, no signals to other processes,
  no writes outside the evaluation's directory (audit hook everywhere;
  Landlock and seccomp on Linux/x86-64 also stop C-level and ctypes-based attempts).
* The verdict: replacing library, checking-tool or evaluator functions is
  detected (:mod:`~aspera_core.executor.integrity`) and reported as an
  execution error ``LibraryTampering``.

What is not
-----------
Reading files is allowed. A program can corrupt its own worker's memory, or
write into its own report file, and thereby forge its own verdict (only its
own); in-process checks can in principle be defeated by a determined
attacker. For hostile code beyond accidents and the behaviours above, run the
workbench inside a container or VM.
"""

from __future__ import annotations

import fcntl
import json
import marshal
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aspera_core.executor.confine import Protections
from aspera_core.executor.reports import MAX_REPORT_BYTES, build_verdict
from aspera_core.executor.worker import encode_job
from aspera_core.outcomes import Verdict


def default_workers() -> int:
    """Number of CPUs this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class SandboxConfig:
    """Limits and switches of the sandbox.

    Attributes:
        workers: Evaluations run at the same time (one process each).
        timeout_s: Wall-clock seconds an evaluation may take (all its pairs).
        memory_mb: Memory a worker may allocate on top of what it inherits.
        file_size_mb: Largest file a program may write in its directory.
        grace_s: Extra seconds after the timeout before the worker is killed
            (time for it to report where the program was stuck).
        kernel_confinement: Apply Landlock and seccomp where available.
        audit_hook: Install the audit-hook guard in workers.
    """

    workers: int = field(default_factory=default_workers)
    timeout_s: float = 10.0
    memory_mb: int = 1024
    file_size_mb: int = 64
    grace_s: float = 1.0
    kernel_confinement: bool = True
    audit_hook: bool = True

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValueError("workers must be at least 1")
        if self.timeout_s <= 0:
            raise ValueError("timeout_s must be positive")
        if self.grace_s < 0:
            raise ValueError("grace_s must not be negative")
        if self.memory_mb < 16:
            raise ValueError("memory_mb must be at least 16")
        if self.file_size_mb < 1:
            raise ValueError("file_size_mb must be at least 1")


@dataclass(frozen=True)
class Job:
    """One program to evaluate on one task.

    Attributes:
        task: The task (``aspera_core.tasks.Task`` or anything with the same fields).
        program: The candidate program's source.
        key: Anything the caller wants back with the verdict.
    """

    task: Any
    program: str
    key: Any = None


# Evaluating process -> fork server: a command, then that many payload bytes.
# Kinds: b"p"repare (payload: marshalled scenarios and programs), b"r"un (slot,
# nonce, payload: the job), b"k"ill (slot). Closing the pipe stops the server.
COMMAND = struct.Struct("=cI8sI")
# Fork server -> evaluating process: a status, then that many payload bytes.
# Kinds: b"h"ello (payload: JSON protections), b"e"rror (payload: text; the
# server gives up), b"x" exited / b"t" killed at its deadline (wait status and
# seconds run), b"c"ancelled (a queued job that never started).
STATUS = struct.Struct("=cIidI")

_STOP_WAIT_S = 5.0
_END = object()
_PIPE_SIZE = 1 << 20


@dataclass
class _Slot:
    index: int
    directory: str
    report: int


@dataclass
class _Running:
    job: Job
    nonce: str
    total: int


class _Process:
    """Everything that must be released when the sandbox goes away (also from ``weakref.finalize``)."""

    def __init__(self) -> None:
        self.root = tempfile.mkdtemp(prefix="aspera-sandbox-")
        self.fds: list[int] = []
        self.server: subprocess.Popen[bytes] | None = None
        self.control = -1

    def shutdown(self) -> None:
        """Stop the fork server (bounded wait, then kill) and remove the directory."""
        if self.control >= 0:
            os.close(self.control)  # the server sees end-of-file: it kills its workers and exits
            self.control = -1
        if self.server is not None:
            try:
                self.server.wait(_STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
            self.server = None
        for fd in self.fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self.fds = []
        shutil.rmtree(self.root, ignore_errors=True)


def _spawn(config: SandboxConfig, state: _Process, slots: list[_Slot]) -> tuple[int, int]:
    """Start the fork server in a fresh interpreter; return (control, status) ends."""
    control_read, control_write = os.pipe()
    status_read, status_write = os.pipe()
    state.fds += [control_read, status_write, status_read]
    state.control = control_write
    try:
        fcntl.fcntl(control_write, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)  # room for a task set's programs
    except OSError:
        pass
    settings = {
        "config": config.__dict__,
        "path": sys.path,
        "control": control_read,
        "status": status_write,
        "slots": [(slot.directory, slot.report) for slot in slots],
    }
    # The server gets this process's module search path before it imports anything of the package.
    boot = "import json, sys; s = json.loads(sys.argv[1]); sys.path[:] = s['path']; import aspera_core.executor.server as m; m.main(s)"
    if not sys.executable:
        raise RuntimeError("the sandbox needs sys.executable to start its fork server")
    state.server = subprocess.Popen(
        [sys.executable, "-c", boot, json.dumps(settings)],
        pass_fds=[control_read, status_write, *(slot.report for slot in slots)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        cwd=state.root,
        start_new_session=True,  # Ctrl-C reaches this process only; it stops the server
    )
    for fd in (control_read, status_write):
        os.close(fd)
        state.fds.remove(fd)
    return control_write, status_read


class Sandbox:
    """Evaluates programs on tasks in forked, confined worker processes.

    Use as a context manager, or call :meth:`close` when done (an unclosed
    sandbox is cleaned up when it is garbage collected)::

        with Sandbox(SandboxConfig(workers=2, timeout_s=5)) as sandbox:
            sandbox.prepare(tasks)            # optional: warms all scenarios up front
            for job, verdict in sandbox.run(jobs):
                ...

    Creating a sandbox returns at once: the fork server starts in the
    background (about half a second), so create it before loading tasks to
    overlap the two. It may be created and used from any thread; one
    :meth:`run` at a time.

    Args:
        config: Limits and switches.
    """

    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        self._state = _Process()
        self._finalizer = weakref.finalize(self, self._state.shutdown)
        self._lock = threading.Lock()
        self._protections: Protections | None = None
        self._prepared: set[tuple[Any, ...]] = set()
        self._buffer = bytearray()
        try:
            self._slots = [self._new_slot(index) for index in range(2 * self.config.workers)]
            self._control, self._status = _spawn(self.config, self._state, self._slots)
        except BaseException:
            self.close()
            raise

    # -- public API -----------------------------------------------------------------------

    @property
    def protections(self) -> Protections:
        """The kernel layers workers apply (waits for the fork server to start)."""
        if self._protections is None:
            with self._using():
                self._await_hello()
        if self._protections is None:  # pragma: no cover - _await_hello raises instead
            raise RuntimeError("the sandbox's fork server did not start")
        return self._protections

    @property
    def server_pid(self) -> int | None:
        """Process id of the fork server (``None`` once closed)."""
        return None if self._state.server is None else self._state.server.pid

    def prepare(self, tasks: Iterable[Any]) -> None:
        """Have the fork server import and compile what these tasks need, before workers start.

        Builds the namespaces of every scenario and compiles every setup and
        evaluation program once, so every worker inherits both. Optional:
        :meth:`run` prepares unseen scenarios itself.

        Args:
            tasks: Tasks that will be evaluated.
        """
        specs: dict[tuple[Any, ...], None] = {}
        for task in tasks:
            scenario = task.scenario
            self._prepared.add(_scenario_key(task))
            spec = (
                list(scenario.apps),
                None if scenario.simulation_tools is None else list(scenario.simulation_tools),
                None if scenario.evaluation_tools is None else list(scenario.evaluation_tools),
                list(task.state_generation_programs or ()),
                list(task.evaluation_programs or ()),
            )
            specs.setdefault(marshal.dumps(spec), None)
        if specs:
            self._command(b"p", 0, bytes(8), marshal.dumps([marshal.loads(s) for s in specs]))

    def evaluate(self, task: Any, program: str) -> Verdict:
        """Evaluate one program on one task in a worker.

        Args:
            task: The task.
            program: The program's source.

        Returns:
            The verdict.
        """
        for _, verdict in self.run([Job(task, program)]):
            return verdict
        raise RuntimeError("the sandbox returned no verdict")  # pragma: no cover

    def run(self, jobs: Iterable[Job]) -> Iterator[tuple[Job, Verdict]]:
        """Evaluate jobs, at most ``config.workers`` at a time.

        Jobs are taken from ``jobs`` lazily, as slots become free; taking them
        may block for as long as it likes (workers never wait for this
        process). Verdicts of evaluations that finished meanwhile are yielded
        once it returns. If ``jobs`` raises, or the caller stops iterating,
        the running evaluations are killed and their slots cleaned.

        Args:
            jobs: The jobs.

        Yields:
            ``(job, verdict)`` pairs in the order the evaluations finish.

        Raises:
            RuntimeError: the sandbox is closed or busy in another ``run``, or
                its fork server died.
            TypeError: an item of ``jobs`` is not a :class:`Job`.
        """
        with self._using():
            self._await_hello()
            running: dict[int, _Running] = {}
            free = list(reversed(self._slots))
            try:
                yield from self._loop(iter(jobs), running, free)
            finally:
                if running:
                    self._abandon(running, free)

    def close(self) -> None:
        """Stop the fork server (killing any worker) and remove the sandbox's directory."""
        self._finalizer()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- jobs -------------------------------------------------------------------------------

    def _loop(
        self, jobs: Iterator[Job], running: dict[int, _Running], free: list[_Slot]
    ) -> Iterator[tuple[Job, Verdict]]:
        exhausted = False
        while True:
            while free and not exhausted:
                job = next(jobs, _END)
                if job is _END:
                    exhausted = True
                else:
                    self._submit(job, free, running)
            if not running:
                return
            finished = []
            for kind, index, status, seconds in self._exits():  # blocks until the server reports
                current = running.pop(index)
                finished.append((current.job, self._collect(self._slots[index], current, kind, status, seconds)))
                free.append(self._slots[index])
            yield from finished

    def _submit(self, job: Job, free: list[_Slot], running: dict[int, _Running]) -> None:
        if not isinstance(job, Job):
            raise TypeError(f"the sandbox runs Job objects, not {type(job).__name__}")
        task = job.task
        if _scenario_key(task) not in self._prepared:
            self.prepare([task])
        payload = encode_job(task, job.program)
        total = min(len(task.state_generation_programs or ()), len(task.evaluation_programs or ()))
        slot = free.pop()
        nonce = os.urandom(8)
        running[slot.index] = _Running(job, nonce.hex(), total)
        self._command(b"r", slot.index, nonce, payload)

    def _collect(self, slot: _Slot, current: _Running, kind: bytes, status: int, seconds: float) -> Verdict:
        data = os.pread(slot.report, MAX_REPORT_BYTES + 1, 0)
        self._release(slot)
        return build_verdict(
            data,
            current.nonce,
            None if kind == b"c" else status,
            kind == b"t",
            seconds,
            current.total,
            f"{self.config.timeout_s:g} s (+{self.config.grace_s:g} s grace)",
        )

    def _abandon(self, running: dict[int, _Running], free: list[_Slot]) -> None:
        """Kill the running evaluations and wait (bounded) until their slots are free again."""
        try:
            for index in running:
                self._command(b"k", index, bytes(8), b"")
            deadline = time.monotonic() + _STOP_WAIT_S
            while running:
                for _, index, _, _ in self._exits(deadline - time.monotonic()):
                    running.pop(index, None)
                    self._release(self._slots[index])
                    free.append(self._slots[index])
        except (OSError, RuntimeError):
            self.close()  # the server does not answer: stopping it kills every worker

    # -- slots and the fork server ---------------------------------------------------------

    def _new_slot(self, index: int) -> _Slot:
        directory = os.path.join(self._state.root, f"slot-{index}")
        os.mkdir(directory, 0o700)
        report = os.memfd_create(f"aspera-report-{index}", os.MFD_CLOEXEC)
        self._state.fds.append(report)
        return _Slot(index, directory, report)

    def _release(self, slot: _Slot) -> None:
        """Empty a slot's report file and directory for the next evaluation."""
        os.ftruncate(slot.report, 0)
        os.lseek(slot.report, 0, os.SEEK_SET)
        try:
            os.chmod(slot.directory, 0o700)
            _empty_directory(slot.directory)
        except OSError as error:
            raise RuntimeError(f"cannot clean the sandbox directory {slot.directory}: {error}") from error

    def _using(self) -> _Using:
        if not self._finalizer.alive:
            raise RuntimeError("the sandbox is closed")
        return _Using(self._lock)

    def _command(self, kind: bytes, slot: int, nonce: bytes, payload: bytes) -> None:
        if not self._finalizer.alive:
            raise RuntimeError("the sandbox is closed")
        data = memoryview(COMMAND.pack(kind, slot, nonce, len(payload)) + payload)
        try:
            while data:
                data = data[os.write(self._control, data) :]
        except BrokenPipeError:
            self._died()

    def _died(self) -> None:
        code = None if self._state.server is None else self._state.server.poll()
        self.close()
        raise RuntimeError(f"the sandbox's fork server died unexpectedly (exit status {code})")

    def _await_hello(self) -> None:
        while self._protections is None:
            self._exits()

    def _exits(self, timeout: float | None = None) -> list[tuple[bytes, int, int, float]]:
        """Wait for the fork server's next reports (at most ``timeout`` seconds); return the exits among them."""
        if timeout is not None and not select.select([self._status], [], [], max(0.0, timeout))[0]:
            raise RuntimeError("the sandbox's fork server did not answer in time")
        data = os.read(self._status, 1 << 16)
        if not data:
            self._died()
        self._buffer += data
        return self._parse()

    def _parse(self) -> list[tuple[bytes, int, int, float]]:
        exits = []
        while len(self._buffer) >= STATUS.size:
            kind, slot, status, seconds, length = STATUS.unpack_from(self._buffer)
            if len(self._buffer) < STATUS.size + length:
                break
            payload = bytes(self._buffer[STATUS.size : STATUS.size + length])
            del self._buffer[: STATUS.size + length]
            if kind == b"h":
                self._protections = _protections(json.loads(payload))
            elif kind == b"e":
                self.close()
                raise RuntimeError(f"the sandbox's fork server failed to start: {payload.decode(errors='replace')}")
            else:
                exits.append((kind, slot, status, seconds))
        return exits


class _Using:
    """Holds the sandbox's lock for one ``run`` (or a look at its state); refuses a second user."""

    def __init__(self, lock: threading.Lock) -> None:
        self._lock = lock

    def __enter__(self) -> None:
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("the sandbox is already running jobs (one run at a time)")

    def __exit__(self, *exc_info: object) -> None:
        self._lock.release()


def _protections(data: dict[str, Any]) -> Protections:
    return Protections(
        landlock_abi=int(data["landlock_abi"]), seccomp=bool(data["seccomp"]), notes=tuple(data["notes"])
    )


def _scenario_key(task: Any) -> tuple[Any, ...]:
    scenario = task.scenario
    return (tuple(scenario.apps), tuple(scenario.simulation_tools or ()), tuple(scenario.evaluation_tools or ()))


def _empty_directory(path: str) -> None:
    """Remove everything inside ``path`` (usually nothing), fixing permissions as needed."""
    with os.scandir(path) as entries:
        names = [entry.name for entry in entries]
    for name in names:
        target = os.path.join(path, name)
        if os.path.isdir(target) and not os.path.islink(target):

            def make_writable_and_retry(function: Any, failed: str, _exc: Any) -> None:
                os.chmod(os.path.dirname(failed), 0o700)
                function(failed)

            os.chmod(target, 0o700)
            if sys.version_info >= (3, 12):
                shutil.rmtree(target, onexc=make_writable_and_retry)
            else:
                shutil.rmtree(target, onerror=make_writable_and_retry)
        else:
            os.unlink(target)
