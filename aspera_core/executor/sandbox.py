"""Evaluating untrusted programs in isolated worker processes.

Design
------
Three kinds of processes take part:

* the **evaluating process** (the caller of :meth:`Sandbox.run`) imports the
  library, builds the namespace templates of every scenario and an integrity
  fingerprint, and then forks, once, a
* **fork server**: a small process that does nothing but fork one
* **worker** per task, at most ``workers`` at a time, and enforce each
  worker's deadline. The evaluating process keeps up to ``workers`` further
  jobs queued at the fork server, which starts one as soon as a worker exits,
  so no processor waits for a round trip.

Every worker starts as a copy of the pristine, warm fork server, so no state
can pass from one task to another, and starting one costs a ``fork`` rather
than an interpreter start. The evaluating process never forks after start-up:
it shares no memory pages with the workers (so it pays no copy-on-write cost
for them), and it may start threads (model clients) without making forks unsafe.

The fork server sets, once, what every worker inherits: no core dumps and a
file-size limit, ``PR_SET_NO_NEW_PRIVS``, log records and warnings routed to
whatever ``sys.stderr`` is when they are emitted (the worker's captured
stderr), and the integrity baseline's version tags. A worker then, before
running anything from the task:

1. becomes the leader of its own process group, asks to be killed if the fork
   server dies, and replaces every inherited file descriptor by ``/dev/null``
   except its own result pipe;
2. moves into its slot's private directory (also ``TMPDIR`` and ``HOME``);
3. limits its address space (current size + ``memory_mb``) and CPU time, and
   arms a timer that raises :class:`~aspera_core.executor.harness.TaskTimeout`
   at the deadline (so the verdict shows where a slow program was);
4. applies the kernel layers of :mod:`~aspera_core.executor.confine` (Landlock
   and seccomp, where available) and the audit hook of
   :mod:`~aspera_core.executor.guard`;
5. evaluates the task with :class:`~aspera_core.executor.harness.Evaluator`,
   writing each pair's result and then the verdict as JSON lines to its slot's
   pipe, and exits with ``os._exit``.

A slot is a private directory with its Landlock ruleset, audit guard and
result pipe; there are twice as many slots as workers, and a slot's directory
is emptied before it is used again.

The fork server kills a worker's process group when its hard deadline
(timeout + grace) passes and reports every worker's exit status. The
evaluating process reads the pipes, turns the reports into a verdict, empties
the slot's directory, and classifies a worker that ended without a verdict:
killed at the deadline or by ``SIGXCPU`` -> timeout; killed by ``SIGKILL`` it
did not send itself -> resource error (the kernel's out-of-memory killer); any
other exit or signal -> execution error.

What is protected
-----------------
* Other tasks and the run: every task has its own process; a hang, a memory
  bomb, ``os._exit``, a crash or a self-inflicted signal ends that task only.
* The host: no process creation, no network, no signals to other processes,
  no writes outside the task's directory (audit hook everywhere; Landlock and
  seccomp on Linux/x86-64 also stop C-level and ctypes-based attempts).
* The verdict: replacing library, checking-tool or evaluator functions is
  detected (:mod:`~aspera_core.executor.integrity`) and reported as an
  execution error ``LibraryTampering``.

What is not
-----------
Reading files is allowed. A program can corrupt its own worker's memory and
thereby forge its own verdict (only its own); in-process checks can in
principle be defeated by a determined attacker. For hostile code beyond
accidents and the behaviours above, run the workbench inside a container or VM.
"""

from __future__ import annotations

import collections
import gc
import json
import logging
import os
import pickle
import select
import shutil
import signal
import struct
import sys
import tempfile
import time
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aspera_core import compat
from aspera_core.executor import confine
from aspera_core.executor.classify import ORIGIN_WORKER, error_type_name, exception_message, format_traceback
from aspera_core.executor.guard import Guard
from aspera_core.executor.harness import Evaluator, TaskLike, TaskTimeout, precompile
from aspera_core.executor.integrity import IntegrityBaseline
from aspera_core.executor.namespaces import NamespaceTemplates
from aspera_core.outcomes import Outcome, PairResult, Verdict, combine_pairs


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
        workers: Tasks evaluated at the same time (one process each).
        timeout_s: Wall-clock seconds a task may take (all its pairs).
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
        if self.memory_mb < 16:
            raise ValueError("memory_mb must be at least 16")


@dataclass(frozen=True)
class Job:
    """One program to evaluate on one task.

    Attributes:
        task: The task (``aspera_core.tasks.Task`` or any :class:`TaskLike`).
        program: The candidate program's source.
        key: Anything the caller wants back with the verdict.
    """

    task: TaskLike
    program: str
    key: Any = None


@dataclass(frozen=True)
class _Scenario:
    apps: list[str]
    simulation_tools: list[str] | None
    evaluation_tools: list[str] | None


@dataclass(frozen=True)
class _TaskSpec:
    """The part of a task a worker needs; small and cheap to send to the fork server."""

    query: str
    scenario: _Scenario
    state_generation_programs: list[str]
    evaluation_programs: list[str]

    @classmethod
    def of(cls, task: TaskLike) -> _TaskSpec:
        scenario = task.scenario
        return cls(
            query=task.query,
            scenario=_Scenario(
                list(scenario.apps),
                None if scenario.simulation_tools is None else list(scenario.simulation_tools),
                None if scenario.evaluation_tools is None else list(scenario.evaluation_tools),
            ),
            state_generation_programs=list(task.state_generation_programs or ()),
            evaluation_programs=list(task.evaluation_programs or ()),
        )


def _scenario_key(task: TaskLike) -> tuple[Any, ...]:
    scenario = task.scenario
    return (tuple(scenario.apps), tuple(scenario.simulation_tools or ()), tuple(scenario.evaluation_tools or ()))


# Error types of verdicts made for a worker that ended without reporting.
WORKER_TIMEOUT = "WorkerTimeout"
WORKER_EXIT = "WorkerExit"
WORKER_SIGNAL = "WorkerSignal"
WORKER_OUT_OF_MEMORY = "WorkerOutOfMemory"
WORKER_FLOOD = "WorkerFlood"

# A worker's reports are a few kilobytes; more means a program is writing
# into the result pipe.
MAX_REPORT_BYTES = 8 * 1024 * 1024

# Evaluating process -> fork server: a command header, then (for "run") a
# payload of that many bytes: the pickled (task spec, program), which only the
# worker decodes. Fork server -> evaluating process: one status record per
# finished worker. Both channels are private to trusted processes.
_COMMAND = struct.Struct("=cI8sI")  # kind (b"r"un, b"k"ill, b"s"top), slot, nonce, payload size
_STATUS = struct.Struct("=Iiid")  # slot, wait status, killed at the deadline (0/1), seconds run


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


@dataclass
class _Slot:
    """A private directory, its Landlock ruleset, audit guard and result pipe, reused task after task."""

    index: int
    directory: str
    ruleset: int | None
    guard: Guard
    read_end: int
    write_end: int


@dataclass
class _Running:
    """A job handed to the fork server, and what its worker has reported so far."""

    job: Job
    slot: _Slot
    nonce: str
    buffer: bytearray = field(default_factory=bytearray)
    flooded: bool = False


class Sandbox:
    """Evaluates programs on tasks in forked, confined worker processes.

    Use as a context manager, or call :meth:`close` when done::

        with Sandbox(SandboxConfig(workers=2, timeout_s=5)) as sandbox:
            sandbox.prepare(tasks)            # optional: warms all scenarios up front
            for job, verdict in sandbox.run(jobs):
                ...

    Create the sandbox before starting threads in this process: the fork
    server is forked from it.

    Args:
        config: Limits and switches.
    """

    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        compat.install()
        self.protections = confine.probe(self.config.kernel_confinement)
        self._templates = NamespaceTemplates()
        self._evaluator = Evaluator(self._templates, integrity=None, interrupts_are_errors=True, single_use=True)
        self._prepared: set[tuple[Any, ...]] = set()
        self._root = tempfile.mkdtemp(prefix="aspera-sandbox-")
        self._slots: list[_Slot] = []
        self._server: _ServerHandle | None = None
        self._closed = False
        try:
            # Twice as many slots as workers: the fork server keeps the next
            # jobs queued and starts one the moment a worker exits.
            for index in range(2 * self.config.workers):
                self._slots.append(self._new_slot(index))
        except BaseException:
            self.close()
            raise

    # -- public API -------------------------------------------------------------------

    def prepare(self, tasks: Iterable[TaskLike]) -> None:
        """Import and build everything the tasks need, before workers start.

        Builds the namespaces of every scenario and compiles every setup and
        evaluation program, so workers inherit both.

        Calling it is optional (:meth:`run` prepares unseen scenarios itself, at
        the price of restarting the fork server), but it keeps every worker warm.

        Args:
            tasks: Tasks that will be evaluated.
        """
        new = False
        for task in tasks:
            # Compiled once here, the code is inherited by every worker forked
            # later (a server already running compiles in its workers instead).
            precompile(task)
            key = _scenario_key(task)
            if key in self._prepared:
                continue
            self._prepared.add(key)
            new = True
            scenario = task.scenario
            try:
                self._templates.evaluation(scenario.apps, scenario.simulation_tools, scenario.evaluation_tools)
                self._templates.program(scenario.apps)
            except Exception:  # noqa: BLE001 - workers report the same error for each task
                pass
        if new and self._server is not None:
            self._server.stop()
            self._server = None

    def evaluate(self, task: TaskLike, program: str) -> Verdict:
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

        Jobs are taken from ``jobs`` lazily, as workers become free.

        Args:
            jobs: The jobs.

        Yields:
            ``(job, verdict)`` pairs in the order the evaluations finish.

        Raises:
            RuntimeError: the sandbox is closed, or its fork server died.
        """
        if self._closed:
            raise RuntimeError("the sandbox is closed")
        pending = iter(jobs)
        waiting: Job | None = None
        exhausted = False
        running: dict[int, _Running] = {}
        free = list(reversed(self._slots))
        poller = select.epoll()
        slot_of_fd = {slot.read_end: slot for slot in self._slots}
        for fd in slot_of_fd:
            poller.register(fd, select.EPOLLIN)
        watched: _ServerHandle | None = None  # the server whose status pipe the poller watches
        try:
            while True:
                while not exhausted and free:
                    job = waiting or next(pending, None)
                    waiting = None
                    if job is None:
                        exhausted = True
                        break
                    if _scenario_key(job.task) not in self._prepared:
                        if running:  # finish the running jobs before restarting the server
                            waiting = job
                            break
                        self.prepare([job.task])
                    server = self._ensure_server()
                    if watched is not server:
                        # (a closed pipe leaves the poller by itself, and its
                        # number may be reused by the new one)
                        poller.register(server.status, select.EPOLLIN)
                        watched = server
                    slot = free.pop()
                    nonce = os.urandom(8).hex()
                    running[slot.index] = _Running(job, slot, nonce)
                    server.start_job(slot.index, nonce, _TaskSpec.of(job.task), job.program)
                if not running:
                    if waiting is not None:
                        continue
                    return
                server = self._server
                assert server is not None
                for fd, _ in poller.poll():
                    if fd == server.status:
                        for slot_index, status, timed_out, seconds in server.read_exits():
                            current = running.pop(slot_index)
                            _read_available(current.slot.read_end, current.buffer)
                            verdict = _verdict_from_worker(current, status, timed_out, seconds, self.config)
                            self._release(current.slot, free)
                            yield current.job, verdict
                        continue
                    slot = slot_of_fd[fd]
                    current = running.get(slot.index)
                    if current is None or current.flooded:
                        _read_available(fd, bytearray())  # nothing to keep
                        continue
                    _read_available(fd, current.buffer)
                    if len(current.buffer) > MAX_REPORT_BYTES:
                        current.flooded = True  # a program writing into its result pipe
                        server.kill(slot.index)
        finally:
            if running and self._server is not None:
                # Stopped early (an error, or the caller stopped iterating):
                # the server kills the workers it is running.
                self._server.stop()
                self._server = None
                for current in running.values():
                    self._release(current.slot, free)
            poller.close()

    def close(self) -> None:
        """Stop the fork server (killing any worker) and remove the sandbox's directory."""
        if self._server is not None:
            self._server.stop()
            self._server = None
        for slot in self._slots:
            for fd in (slot.ruleset, slot.read_end, slot.write_end):
                if fd is not None:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
        self._slots = []
        shutil.rmtree(self._root, ignore_errors=True)
        self._closed = True

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- evaluating process side ---------------------------------------------------------

    def _new_slot(self, index: int) -> _Slot:
        directory = os.path.join(self._root, f"slot-{index}")
        os.mkdir(directory, 0o700)
        abi = self.protections.landlock_abi
        ruleset = confine.landlock_ruleset(directory, abi) if abi else None
        read_end, write_end = os.pipe()
        os.set_blocking(read_end, False)
        return _Slot(index, directory, ruleset, Guard(directory), read_end, write_end)

    def _ensure_server(self) -> _ServerHandle:
        if self._server is None:
            # The audit hook refuses changes to __code__ and defaults in workers,
            # so the (audited, slower) code fingerprint is only needed without it.
            self._evaluator.integrity = IntegrityBaseline(check_code=not self.config.audit_hook)
            self._server = _ServerHandle.start(self)
        return self._server

    def _release(self, slot: _Slot, free: list[_Slot]) -> None:
        """Empty a slot's directory for the next task and make the slot available."""
        _read_available(slot.read_end, bytearray())  # nothing may leak into the next task
        try:
            os.chmod(slot.directory, 0o700)
            _empty_directory(slot.directory)
        except OSError as error:
            raise RuntimeError(f"cannot clean the sandbox directory {slot.directory}: {error}") from error
        free.append(slot)


def _read_available(fd: int, buffer: bytearray) -> None:
    """Append everything readable now from a non-blocking pipe (bounded)."""
    while len(buffer) <= MAX_REPORT_BYTES:
        try:
            data = os.read(fd, 1 << 16)
        except BlockingIOError:
            return
        if not data:
            return
        buffer += data


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
            shutil.rmtree(target, onerror=make_writable_and_retry)
        else:
            os.unlink(target)


# -- the fork server ----------------------------------------------------------------------------


class _ServerHandle:
    """The evaluating process's end of the fork server."""

    def __init__(self, pid: int, control: int, status: int) -> None:
        self.pid = pid
        self.control = control
        self.status = status
        self._buffer = bytearray()

    @classmethod
    def start(cls, sandbox: Sandbox) -> _ServerHandle:
        control_read, control_write = os.pipe()
        status_read, status_write = os.pipe()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - a closed or odd stream
                pass
        parent = os.getpid()
        gc.freeze()  # the server and its workers never scan (so never copy) inherited objects
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the fork server
            try:
                os.close(control_write)
                os.close(status_read)
                for slot in sandbox._slots:
                    os.close(slot.read_end)
                _serve(sandbox, control_read, status_write, parent)
            finally:
                os._exit(0)
        gc.unfreeze()
        os.close(control_read)
        os.close(status_write)
        return cls(pid, control_write, status_read)

    def start_job(self, slot: int, nonce: str, spec: _TaskSpec, program: str) -> None:
        payload = pickle.dumps((spec, program), protocol=pickle.HIGHEST_PROTOCOL)
        _write_all(self.control, _COMMAND.pack(b"r", slot, bytes.fromhex(nonce), len(payload)) + payload)

    def kill(self, slot: int) -> None:
        _write_all(self.control, _COMMAND.pack(b"k", slot, bytes(8), 0))

    def read_exits(self) -> list[tuple[int, int, bool, float]]:
        data = os.read(self.status, 1 << 16)
        if not data:
            raise RuntimeError("the sandbox's fork server died unexpectedly")
        self._buffer += data
        whole = len(self._buffer) - len(self._buffer) % _STATUS.size
        exits = [
            (slot, status, bool(late), seconds)
            for slot, status, late, seconds in _STATUS.iter_unpack(self._buffer[:whole])
        ]
        del self._buffer[:whole]
        return exits

    def stop(self) -> None:
        try:
            _write_all(self.control, _COMMAND.pack(b"s", 0, bytes(8), 0))
        except OSError:
            pass
        for fd in (self.control, self.status):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def _serve(sandbox: Sandbox, control: int, status: int, parent: int) -> None:
    """Main loop of the fork server: start workers on request, enforce deadlines, report exits.

    The loop is deliberately plain: after every fork, each memory page this
    process writes to is copied, so it touches as little as it can.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the evaluating process handles Ctrl-C
    confine.die_with_parent(signal.SIGKILL)
    if os.getppid() != parent:
        return
    # Settings every worker needs, made once here and inherited by each fork.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # oversized writes fail with EFBIG instead
    signal.signal(signal.SIGALRM, _raise_timeout)
    confine.set_shared_limits(sandbox.config.file_size_mb)
    if sandbox.protections.landlock_abi or sandbox.protections.seccomp:
        confine.no_new_privileges()
    sys.dont_write_bytecode = True
    _route_logs_and_warnings()
    seccomp = confine.SeccompFilter() if sandbox.protections.seccomp else None
    size = confine.AddressSpace()
    if sandbox._evaluator.integrity is not None:
        sandbox._evaluator.integrity.snapshot()  # workers inherit it
    limit = sandbox.config.timeout_s + sandbox.config.grace_s
    poller = select.epoll()
    poller.register(control, select.EPOLLIN)
    # Descriptors a worker must not keep: everything open here now, plus the
    # process descriptors of the workers running when it is forked.
    inherited = [int(name) for name in os.listdir("/proc/self/fd")]
    workers: dict[int, list[Any]] = {}  # pidfd -> [slot, pid, deadline, killed at deadline, started]
    queued: collections.deque[tuple[int, bytes, bytes]] = collections.deque()  # (slot, nonce, payload)
    most = sandbox.config.workers
    buffer = bytearray()
    header = _COMMAND.size
    stopping = False

    def start(slot: int, nonce: bytes, payload: bytes) -> None:
        closing = inherited + list(workers)
        pid = _fork_worker(sandbox, seccomp, size.current(), closing, slot, nonce.hex(), payload)
        pidfd = os.pidfd_open(pid)
        poller.register(pidfd, select.EPOLLIN)
        begun = time.monotonic()
        workers[pidfd] = [slot, pid, begun + limit, 0, begun]

    while not stopping or workers:
        timeout = -1.0
        if workers:
            now = time.monotonic()
            for worker in workers.values():
                if not worker[3]:
                    if now >= worker[2]:
                        worker[3] = 1
                        _kill(worker[1])
                    elif timeout < 0 or worker[2] - now < timeout:
                        timeout = worker[2] - now
        for fd, _ in poller.poll(timeout):
            if fd != control:
                slot, pid, _, late, begun = workers.pop(fd)
                poller.unregister(fd)
                _, exit_status = os.waitpid(pid, 0)
                os.close(fd)
                if queued and not stopping:
                    start(*queued.popleft())  # first keep the processors busy
                if not stopping:
                    _write_all(status, _STATUS.pack(slot, exit_status, late, time.monotonic() - begun))
                continue
            data = os.read(control, 1 << 20)
            if not data:  # the evaluating process is gone
                stopping = True
                queued.clear()
                poller.unregister(control)
                for worker in workers.values():
                    _kill(worker[1])
                continue
            buffer += data
            while len(buffer) >= header:
                kind, slot, nonce, length = _COMMAND.unpack_from(buffer)
                if len(buffer) < header + length:
                    break
                payload = bytes(buffer[header : header + length])
                del buffer[: header + length]
                if kind == b"r":
                    if len(workers) < most:
                        start(slot, nonce, payload)
                    else:
                        queued.append((slot, nonce, payload))
                elif kind == b"k":
                    for worker in workers.values():
                        if worker[0] == slot:
                            _kill(worker[1])
                else:  # stop
                    stopping = True
                    queued.clear()
                    for worker in workers.values():
                        _kill(worker[1])


def _fork_worker(
    sandbox: Sandbox,
    seccomp: confine.SeccompFilter | None,
    address_space: int,
    closing: list[int],
    slot_index: int,
    nonce: str,
    payload: bytes,
) -> int:
    server = os.getpid()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the worker
        _worker_main(sandbox, seccomp, address_space, closing, sandbox._slots[slot_index], nonce, payload, server)
    try:
        os.setpgid(pid, pid)
    except OSError:  # the worker already did it, or already exited
        pass
    return pid


def _kill(pid: int) -> None:
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


# -- the worker ------------------------------------------------------------------------------


def _json(
    message: dict[str, Any],
    _quote: Any = json.encoder.encode_basestring_ascii,
    _isinstance: Any = isinstance,
    _str: Any = str,
    _int: Any = int,
    _float: Any = float,
    _dict: Any = dict,
    _int_text: Any = int.__repr__,
    _float_text: Any = float.__repr__,
) -> str:
    """A flat (or one level nested) message as ASCII JSON.

    Written out by hand with builtins bound at definition: it runs after the
    program, which may have replaced ``list``, ``isinstance`` and the like,
    and :func:`json.dumps` looks those up when it runs.
    """
    parts = []
    for key, value in message.items():
        if value is None:
            text = "null"
        elif value is True:
            text = "true"
        elif value is False:
            text = "false"
        elif _isinstance(value, _str):
            text = _quote(value)
        elif _isinstance(value, _int):
            text = _int_text(value)
        elif _isinstance(value, _float):
            text = _float_text(value)
        elif _isinstance(value, _dict):
            text = _json(value)
        else:
            text = _quote(_str(value))
        parts.append(_quote(key) + ":" + text)
    return "{" + ",".join(parts) + "}"


def _send(fd: int, message: dict[str, Any], _write: Any = os.write, _view: Any = memoryview) -> None:
    view = _view((_json(message) + "\n").encode("ascii"))
    while view:
        view = view[_write(fd, view) :]


def _isolate_descriptors(closing: list[int], keep: tuple[int, ...]) -> None:
    """Point the inherited descriptors ``closing`` (except ``keep``) and 0-2 at /dev/null.

    The numbers stay taken, so no stale object of the evaluating process can
    later close or write to a descriptor the program opened.
    """
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in closing:
        if fd != devnull and fd not in keep:
            try:
                os.dup2(devnull, fd, inheritable=False)
            except OSError:  # closed since it was listed
                pass
    for standard in (0, 1, 2):
        os.dup2(devnull, standard)
    os.close(devnull)


class _CurrentStderrHandler(logging.Handler):
    """Writes log records to whatever ``sys.stderr`` is when they are emitted."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
        except Exception:  # noqa: BLE001 - logging must never break the program
            self.handleError(record)


def _show_warning(message: Any, category: type, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def _route_logs_and_warnings() -> None:
    """Send log records and warnings to the captured stderr, whatever the evaluating process configured."""
    logging.root.handlers[:] = [_CurrentStderrHandler()]
    warnings.showwarning = _show_warning


def _raise_timeout(signum: int, frame: Any) -> None:
    raise TaskTimeout("the task's time limit was reached")


def _worker_main(
    sandbox: Sandbox,
    seccomp: confine.SeccompFilter | None,
    address_space: int,
    closing: list[int],
    slot: _Slot,
    nonce: str,
    payload: bytes,
    server: int,
) -> None:
    """Body of a worker process; never returns."""
    config = sandbox.config
    fd = slot.write_end
    try:
        os.setpgid(0, 0)
        confine.die_with_parent(signal.SIGKILL)
        if os.getppid() != server:  # pragma: no cover - the fork server is already gone
            os._exit(3)
        _isolate_descriptors(closing, (fd,) if slot.ruleset is None else (fd, slot.ruleset))
        os.chdir(slot.directory)
        os.environ["TMPDIR"] = os.environ["HOME"] = slot.directory
        tempfile.tempdir = slot.directory
        confine.set_worker_limits(address_space, config.memory_mb, config.timeout_s + config.grace_s)
        confine.apply(sandbox.protections, slot.ruleset, seccomp, set_no_new_privileges=False)
        if slot.ruleset is not None:
            os.close(slot.ruleset)

        def note_self_signal(number: int) -> None:
            _send(fd, {"kind": "signal", "nonce": nonce, "signal": number})

        if sandbox._evaluator.integrity is not None:
            sandbox._evaluator.integrity.arm()
        guard = slot.guard
        guard.pid = os.getpid()
        guard.on_self_signal = note_self_signal
        if config.audit_hook:
            guard.install()
        signal.setitimer(signal.ITIMER_REAL, config.timeout_s)
        spec, program = pickle.loads(payload)
        verdict = sandbox._evaluator.evaluate(
            spec,
            program,
            on_pair_start=lambda index: _send(fd, {"kind": "start", "nonce": nonce, "index": index}),
            on_pair_end=lambda pair: _send(fd, {"kind": "pair", "nonce": nonce, "pair": pair.to_json()}),
        )
        signal.setitimer(signal.ITIMER_REAL, 0)
        stderr = verdict.stderr
        if guard.denials:
            stderr += "".join(f"[sandbox refused: {text}]\n" for text in guard.denials)
        _send(
            fd,
            {
                "kind": "verdict",
                "nonce": nonce,
                "outcome": verdict.outcome.value,
                "error_type": verdict.error_type,
                "message": verdict.message,
                "traceback": verdict.traceback,
                "pairs_run": verdict.pairs_run,
                "pairs_total": verdict.pairs_total,
                "duration_s": verdict.duration_s,
                "stdout": verdict.stdout,
                "stderr": stderr,
                "return_value": verdict.return_value,
            },
        )
    except BaseException as exc:  # noqa: BLE001 - report anything, then exit
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
            outcome = Outcome.TIMEOUT if isinstance(exc, TaskTimeout) else Outcome.EXECUTION_ERROR
            if isinstance(exc, MemoryError):
                outcome = Outcome.RESOURCE_ERROR
            _send(
                fd,
                {
                    "kind": "verdict",
                    "nonce": nonce,
                    "outcome": outcome.value,
                    "error_type": error_type_name(exc),
                    "message": "the worker failed outside the program: " + exception_message(exc),
                    "traceback": format_traceback(exc),
                },
            )
        except BaseException:  # noqa: BLE001
            pass
    finally:
        os._exit(0)


# -- turning a worker's reports into a verdict --------------------------------------------------


def _messages(current: _Running) -> list[dict[str, Any]]:
    messages = []
    for line in bytes(current.buffer).split(b"\n"):
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            continue  # garbage a program wrote into the pipe, or a cut-off line
        if isinstance(message, dict) and message.get("nonce") == current.nonce:
            messages.append(message)
    return messages


def _death(
    status: int, timed_out: bool, flooded: bool, self_signals: set[int], config: SandboxConfig
) -> tuple[Outcome, str, str]:
    """Outcome, error type and message for a worker that ended without a verdict."""
    if flooded:
        return (
            Outcome.EXECUTION_ERROR,
            WORKER_FLOOD,
            "the program wrote more than the worker's report channel accepts; the worker was killed",
        )
    if timed_out:
        return (
            Outcome.TIMEOUT,
            WORKER_TIMEOUT,
            f"no verdict within {config.timeout_s:g} s (+{config.grace_s:g} s grace); the worker was killed",
        )
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        if number in self_signals:
            return Outcome.EXECUTION_ERROR, WORKER_SIGNAL, f"the program sent {name} to its own worker process"
        if number == signal.SIGXCPU:
            return Outcome.TIMEOUT, WORKER_TIMEOUT, "the CPU time limit was exceeded"
        if number == signal.SIGKILL:
            return (
                Outcome.RESOURCE_ERROR,
                WORKER_OUT_OF_MEMORY,
                "the worker was killed by SIGKILL without reporting (most likely out of memory)",
            )
        return Outcome.EXECUTION_ERROR, WORKER_SIGNAL, f"the worker process crashed with {name}"
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else status
    return (
        Outcome.EXECUTION_ERROR,
        WORKER_EXIT,
        f"the worker process exited with status {code} before reporting a verdict "
        "(the program ended the process, e.g. with os._exit)",
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _count(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def _seconds(value: Any, default: float) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0 else default


def _verdict_from_worker(
    current: _Running, status: int, timed_out: bool, elapsed: float, config: SandboxConfig
) -> Verdict:
    messages = _messages(current)
    pairs = []
    for message in messages:
        if message.get("kind") == "pair":
            try:
                pairs.append(PairResult.from_json(message["pair"]))
            except (KeyError, TypeError, ValueError):
                continue
    started = [m for m in messages if m.get("kind") == "start"]
    task = current.job.task
    total = min(len(task.state_generation_programs or ()), len(task.evaluation_programs or ()))
    final = next((m for m in reversed(messages) if m.get("kind") == "verdict"), None)
    if final is not None and not current.flooded:
        # A verdict that arrived counts even if the deadline passed while the
        # worker was exiting.
        try:
            outcome = Outcome(final["outcome"])
        except (KeyError, TypeError, ValueError):
            pass  # a malformed report: judged like a worker that sent none
        else:
            # Each field on its own: a program that broke builtins may garble one.
            return Verdict(
                outcome=outcome,
                error_type=_text(final.get("error_type")),
                message=_text(final.get("message")),
                traceback=_text(final.get("traceback")),
                pairs_run=_count(final.get("pairs_run"), len(pairs)),
                pairs_total=_count(final.get("pairs_total"), total),
                duration_s=_seconds(final.get("duration_s"), elapsed),
                stdout=_text(final.get("stdout")) or "",
                stderr=_text(final.get("stderr")) or "",
                return_value=_text(final.get("return_value")),
                pairs=tuple(pairs),
            )
    self_signals = {m["signal"] for m in messages if m.get("kind") == "signal" and isinstance(m.get("signal"), int)}
    outcome, error_type, message = _death(status, timed_out, current.flooded, self_signals, config)
    in_flight = PairResult(
        index=len(pairs), outcome=outcome, error_type=error_type, message=message, origin=ORIGIN_WORKER
    )
    results = pairs + [in_flight]
    deciding = combine_pairs(results) or in_flight
    return Verdict(
        outcome=deciding.outcome,
        error_type=deciding.error_type,
        message=deciding.message,
        traceback=deciding.traceback,
        pairs_run=max(len(started), len(pairs)),
        pairs_total=total,
        duration_s=elapsed,
        pairs=tuple(results),
    )
