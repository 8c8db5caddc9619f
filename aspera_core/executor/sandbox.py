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
from aspera_core.executor.namespaces import scenario_key
from aspera_core.executor.reports import MAX_REPORT_BYTES, build_verdict, reported_verdict
from aspera_core.executor.worker import empty_directory, encode_job
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


# Evaluating process -> fork server: a command, then that many payload bytes. Kinds:
# b"p"repare (payload: marshalled scenarios), b"r"un (slot, number of programs,
# payload: the job), b"k"ill (slot). Closing the pipe stops the server.
COMMAND = struct.Struct("=cIII")
# Fork server -> evaluating process: a status, then that many payload bytes.
# Kinds: b"h"ello (payload: JSON protections), b"e"rror (payload: text; the
# server gives up), b"x" exited / b"t" killed at its deadline (wait status and
# seconds run).
STATUS = struct.Struct("=cIidI")

_STOP_WAIT_S = 5.0
_PIPE_SIZE = 1 << 20


@dataclass
class _Slot:
    index: int
    directory: str
    report: int


@dataclass
class _Running:
    jobs: list[Job]  # one job, or the programs a zygote evaluates on one task
    nonces: list[str]
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
            verdicts = sandbox.evaluate_many(task, programs)   # k programs, one task: cheaper

    Creating a sandbox returns at once; the fork server starts in the
    background (create the sandbox before loading tasks to overlap the two).
    It may be created and used from any thread, one :meth:`run` at a time.

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
        self._timeout_text = f"{self.config.timeout_s:g} s (+{self.config.grace_s:g} s grace)"
        #: Programs :meth:`evaluate_many` could not evaluate from a shared setup (evaluated alone).
        self.evaluated_alone = 0
        try:
            self._slots = [self._new_slot(index) for index in range(self.config.workers)]
            self._control, self._status = _spawn(self.config, self._state, self._slots)
        except BaseException:
            self.close()
            raise

    @property
    def protections(self) -> Protections:
        """The kernel layers workers apply (waits for the fork server to start)."""
        if self._protections is None:
            with self._using():
                while self._protections is None:
                    self._exits()
        return self._protections

    @property
    def server_pid(self) -> int | None:
        """Process id of the fork server (``None`` once closed)."""
        return None if self._state.server is None else self._state.server.pid

    def prepare(self, tasks: Iterable[Any]) -> None:
        """Have the fork server import what these tasks' scenarios need, so that workers inherit it.

        Optional: :meth:`run` prepares unseen scenarios itself.

        Args:
            tasks: Tasks that will be evaluated.
        """
        new = {}
        for task in tasks:
            key = scenario_key(task.scenario)
            if key not in self._prepared:
                self._prepared.add(key)
                new[key] = [list(part) for part in key]
        if new:
            self._command(b"p", 0, 0, marshal.dumps(list(new.values())))

    def evaluate(self, task: Any, program: str) -> Verdict:
        """Evaluate one program on one task in a worker.

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
        for job, verdict in self._run_units([job] for job in jobs):
            if verdict is not None:  # (always, for single jobs)
                yield job, verdict

    def evaluate_many(self, task: Any, programs: list[str]) -> list[Verdict]:
        """Evaluate several programs on one task, running the task's setup once per worker.

        Each worker becomes a zygote: it runs the first pair's setup up to the
        evaluation program's first call of the program, then forks one child
        per program from there (see :mod:`~aspera_core.executor.worker`). A
        program that cannot continue from the shared setup (its module code
        raised or printed, the evaluation program never called it, its child
        died) is evaluated on its own, so every verdict is the one
        :meth:`evaluate` gives.

        Args:
            task: The task.
            programs: The programs' sources.

        Returns:
            One verdict per program, in order.
        """
        verdicts: list[Verdict | None] = [None] * len(programs)
        groups = min(self.config.workers, len(programs) // 2)
        units = [[Job(task, programs[i], i) for i in range(g, len(programs), groups)] for g in range(groups)]
        for job, verdict in self._run_units(units):
            verdicts[job.key] = verdict
        alone = [Job(task, program, i) for i, program in enumerate(programs) if verdicts[i] is None]
        self.evaluated_alone += len(alone)
        for job, verdict in self.run(alone):
            verdicts[job.key] = verdict
        return verdicts  # type: ignore[return-value]

    def close(self) -> None:
        """Stop the fork server (killing any worker) and remove the sandbox's directory."""
        self._finalizer()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- jobs -------------------------------------------------------------------------------

    def _run_units(self, units: Iterable[list[Job]]) -> Iterator[tuple[Job, Verdict | None]]:
        with self._using():
            running: dict[int, _Running] = {}
            free = list(reversed(self._slots))
            try:
                pending, exhausted = iter(units), False
                while True:
                    while free and not exhausted:
                        unit = next(pending, None)
                        exhausted = unit is None
                        if unit is not None:
                            self._submit(unit, free, running)
                    if not running:
                        return
                    finished = []
                    for kind, index, status, seconds in self._exits():  # blocks until the server reports
                        current, slot = running.pop(index), self._slots[index]
                        data = os.pread(slot.report, MAX_REPORT_BYTES + 1, 0)
                        free.append(self._release(slot))
                        finished += self._verdicts(current, data, kind, status, seconds)
                    yield from finished
            finally:
                if running:
                    self._abandon(running, free)

    def _submit(self, unit: list[Job], free: list[_Slot], running: dict[int, _Running]) -> None:
        for job in unit:
            if not isinstance(job, Job):
                raise TypeError(f"the sandbox runs Job objects, not {type(job).__name__}")
        task = unit[0].task
        self.prepare([task])
        nonces = [os.urandom(8).hex() for _ in unit]
        payload = encode_job(task, [job.program for job in unit], nonces)
        pairs = min(len(task.state_generation_programs or ()), len(task.evaluation_programs or ()))
        slot = free.pop()
        running[slot.index] = _Running(unit, nonces, pairs)
        self._command(b"r", slot.index, len(unit), payload)

    def _verdicts(
        self, current: _Running, data: bytes, kind: bytes, status: int, seconds: float
    ) -> list[tuple[Job, Verdict | None]]:
        if len(current.jobs) == 1:
            verdict = build_verdict(
                data, current.nonces[0], status, kind == b"t", seconds, current.total, self._timeout_text
            )
            return [(current.jobs[0], verdict)]
        # a zygote: what its children reported (None: evaluate that program on its own)
        return [(job, reported_verdict(data, nonce, current.total)) for job, nonce in zip(current.jobs, current.nonces)]

    def _abandon(self, running: dict[int, _Running], free: list[_Slot]) -> None:
        """Kill the running evaluations and wait (bounded) until their slots are free again."""
        try:
            for index in running:
                self._command(b"k", index, 0, b"")
            deadline = time.monotonic() + _STOP_WAIT_S
            while running:
                for _, index, _, _ in self._exits(deadline - time.monotonic()):
                    running.pop(index, None)
                    free.append(self._release(self._slots[index]))
        except (OSError, RuntimeError):
            self.close()  # the server does not answer: stopping it kills every worker

    # -- slots and the fork server ---------------------------------------------------------

    def _new_slot(self, index: int) -> _Slot:
        directory = os.path.join(self._state.root, f"slot-{index}")
        os.mkdir(directory, 0o700)
        report = os.memfd_create(f"aspera-report-{index}", os.MFD_CLOEXEC)
        self._state.fds.append(report)
        return _Slot(index, directory, report)

    def _release(self, slot: _Slot) -> _Slot:
        """Empty a slot's report file and directory for the next evaluation."""
        os.ftruncate(slot.report, 0)
        os.lseek(slot.report, 0, os.SEEK_SET)
        try:
            os.chmod(slot.directory, 0o700)
            empty_directory(slot.directory)
        except OSError as error:
            raise RuntimeError(f"cannot clean the sandbox directory {slot.directory}: {error}") from error
        return slot

    def _using(self) -> _Using:
        if not self._finalizer.alive:
            raise RuntimeError("the sandbox is closed")
        return _Using(self._lock)

    def _command(self, kind: bytes, slot: int, programs: int, payload: bytes) -> None:
        if not self._finalizer.alive:
            raise RuntimeError("the sandbox is closed")
        data = memoryview(COMMAND.pack(kind, slot, programs, len(payload)) + payload)
        try:
            while data:
                data = data[os.write(self._control, data) :]
        except BrokenPipeError:
            self._died()

    def _died(self) -> None:
        code = None if self._state.server is None else self._state.server.poll()
        self.close()
        raise RuntimeError(f"the sandbox's fork server died unexpectedly (exit status {code})")

    def _exits(self, timeout: float | None = None) -> list[tuple[bytes, int, int, float]]:
        """Wait for the fork server's next reports (at most ``timeout`` seconds); return the exits among them."""
        if timeout is not None and not select.select([self._status], [], [], max(0.0, timeout))[0]:
            raise RuntimeError("the sandbox's fork server did not answer in time")
        data = os.read(self._status, 1 << 16)
        if not data:
            self._died()
        self._buffer += data
        exits = []
        while len(self._buffer) >= STATUS.size:
            kind, slot, status, seconds, length = STATUS.unpack_from(self._buffer)
            if len(self._buffer) < STATUS.size + length:
                break
            payload = bytes(self._buffer[STATUS.size : STATUS.size + length])
            del self._buffer[: STATUS.size + length]
            if kind == b"h":
                hello = json.loads(payload)
                self._protections = Protections(hello["landlock_abi"], hello["seccomp"], tuple(hello["notes"]))
            elif kind == b"e":
                self.close()
                raise RuntimeError(f"the sandbox's fork server failed to start: {payload.decode(errors='replace')}")
            else:
                exits.append((kind, slot, status, seconds))
        return exits


class _Using:
    """Holds the sandbox's lock for one run (or a look at its state); refuses a second user."""

    def __init__(self, lock: threading.Lock) -> None:
        self._lock = lock

    def __enter__(self) -> None:
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("the sandbox is already running jobs (one run at a time)")

    def __exit__(self, *exc_info: object) -> None:
        self._lock.release()
