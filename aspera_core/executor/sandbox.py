"""Evaluating untrusted programs in isolated processes: the public API, on the evaluating process's side.

The evaluating process never forks (so it may run threads): it starts the fork server in a fresh interpreter, sends
it jobs and learns when each worker exited; reports are read from the slot's in-memory file afterwards, so nothing
waits for this process. What a program can and cannot influence: docs/running.md.
"""

from __future__ import annotations

import contextlib
import json
import marshal
import os
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from aspera_core.executor.confine import Protections
from aspera_core.executor.harness import marshalled_code, pair_programs
from aspera_core.executor.namespaces import scenario_key
from aspera_core.executor.reports import MAX_REPORT_BYTES, build_verdict, reported_verdicts
from aspera_core.outcomes import Verdict

# Evaluating process -> fork server: kind, slot, programs, payload length; then the
# payload. b"p"repare (marshalled scenarios), b"m"odules to import (marshalled names), b"r"un (the job is in the
# slot's job file, never sent to the server), b"k"ill (the slot's worker). Closing the pipe stops the server.
COMMAND = struct.Struct("=cIII")
# Fork server -> evaluating process: kind, slot, wait status, seconds, payload length.
# b"h"ello (JSON protections), b"e"rror (text: the server gave up), b"x" a worker
# exited, b"t" a worker was killed at its deadline.
STATUS = struct.Struct("=cIidI")
_STOP_WAIT_S = 5.0


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def take_records(buffer: bytearray, header: struct.Struct) -> Iterator[tuple[Any, ...]]:
    """Remove and yield the complete records at the start of ``buffer``: the header's fields, then the payload."""
    while len(buffer) >= header.size:
        *fields, length = header.unpack_from(buffer)  # (the header ends with the payload's length)
        end = header.size + length
        if len(buffer) < end:
            return
        payload = bytes(buffer[header.size : end])
        del buffer[:end]
        yield (*fields, payload)


def default_workers() -> int:
    """Number of CPUs this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class SandboxConfig:
    """Limits and switches of the sandbox."""

    workers: int = field(default_factory=default_workers)  # evaluations at a time, one process each
    timeout_s: float = 10.0  # wall-clock seconds for an evaluation (all its pairs)
    memory_mb: int = 1024  # on top of what a worker inherits
    file_size_mb: int = 64  # largest file a program may write in its directory
    grace_s: float = 1.0  # after the timeout, for the worker to report where the program was stuck
    kernel_confinement: bool = True  # Landlock and seccomp, where available
    audit_hook: bool = True  # the guard of executor.guard
    library_fixes: bool = False  # the library's documented fixes (docs/compatibility.md); default: original behaviour
    #: Modules whose value classes cross between the judge and the program as themselves, besides the library's
    #: (a setting's own world, e.g. the workbench's control surface); the fork server imports them.
    value_modules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "value_modules", tuple(self.value_modules))  # (a list, once through JSON)
        for wrong, message in (
            (self.workers < 1, "workers must be at least 1"),
            (self.timeout_s <= 0, "timeout_s must be positive"),
            (self.grace_s < 0, "grace_s must not be negative"),
            (self.memory_mb < 16, "memory_mb must be at least 16"),
            (self.file_size_mb < 1, "file_size_mb must be at least 1"),
            (not all(type(name) is str for name in self.value_modules), "value_modules must be module names"),
        ):
            if wrong:
                raise ValueError(message)

    def registering(self, modules: Iterable[str]) -> SandboxConfig:
        """This config with ``modules`` added to :attr:`value_modules` (those already there are not repeated)."""
        added = tuple(dict.fromkeys(name for name in modules if name not in self.value_modules))
        return replace(self, value_modules=self.value_modules + added) if added else self


@dataclass(frozen=True)
class Job:
    """One program to evaluate on one task."""

    task: Any  # aspera_core.tasks.Task, or anything with the same fields
    program: str
    key: Any = None  # anything the caller wants back with the verdict
    capture_world: bool = False  # report the world's tables around the program, pair by pair (Verdict.world)
    footprints: bool = False  # report the program's footprint, pair by pair (Verdict.footprints)

    @property
    def observes(self) -> int:
        """What the judge records around the program: 1 the world's tables, 2 footprints (bits)."""
        return int(self.capture_world) | (2 if self.footprints else 0)


def encode_job(task: Any, programs: list[str], nonces: list[str], observe: int = 0) -> bytes:
    """A job as the bytes a worker decodes (:mod:`marshal`: plain strings and lists); ``observe``: :attr:`Job.observes`."""
    scenario = task.scenario
    tools = [None if t is None else list(t) for t in (scenario.simulation_tools, scenario.evaluation_tools)]
    setups, checks = list(task.state_generation_programs or ()), list(task.evaluation_programs or ())
    fields = (task.query, list(scenario.apps), *tools, setups, checks, compiled(task), programs, nonces, int(observe))
    return marshal.dumps(fields)


def readable(fd: int, timeout: float) -> bool:
    """Whether ``fd`` has something to read within ``timeout`` seconds (``poll``: descriptors past 1023 too)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(max(0, int(timeout * 1000))))


def compiled(task: Any) -> list[bytes | None]:
    """The task's setup and evaluation programs compiled, pair by pair (each distinct one is compiled once)."""
    programs = pair_programs(task.state_generation_programs or (), task.evaluation_programs or ())
    return [marshalled_code(text, filename) for text, filename in programs]


def empty_directory(path: str) -> None:
    """Remove everything inside ``path`` (usually nothing), making what a program locked writable first."""

    def writable_then_retry(function: Any, failed: str, _exc: Any) -> None:
        os.chmod(os.path.dirname(failed), 0o700)
        function(failed)

    for entry in list(os.scandir(path)):
        if entry.is_dir(follow_symlinks=False):
            os.chmod(entry.path, 0o700)
            if sys.version_info >= (3, 12):
                shutil.rmtree(entry.path, onexc=writable_then_retry)
            else:
                shutil.rmtree(entry.path, onerror=writable_then_retry)
        else:
            os.unlink(entry.path)


@dataclass
class _Slot:
    index: int
    directory: str
    report: int
    job: int


@dataclass
class _Running:
    jobs: list[Job]  # one job, or the programs a zygote evaluates on one task
    nonces: list[str]
    pairs_total: int


class _Resources:
    """What the sandbox must release, also when it is garbage collected (``weakref.finalize``)."""

    def __init__(self) -> None:
        self.root = tempfile.mkdtemp(prefix="aspera-sandbox-")
        self.fds: list[int] = []
        self.server: subprocess.Popen[bytes] | None = None
        self.control = -1

    def release(self) -> None:
        """Stop the fork server (a bounded wait, then a kill) and remove the directory."""
        if self.control >= 0:
            os.close(self.control)  # end of file: the server kills its workers and exits
            self.control = -1
        if self.server is not None:
            try:
                self.server.wait(_STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
            self.server = None
        for fd in self.fds:
            os.close(fd)
        self.fds = []
        shutil.rmtree(self.root, ignore_errors=True)

    def spawn(self, config: SandboxConfig, slots: list[_Slot], started: StartedServer | None) -> int:
        """Hand the fork server (``started``, or one started now) its settings and descriptors; return the status
        pipe. A server started earlier that has ended meanwhile is replaced."""
        control_read, self.control = os.pipe()
        status_read, status_write = os.pipe()
        self.fds.append(status_read)
        settings = {
            "config": config.__dict__,
            "path": sys.path,
            "slots": [slot.directory for slot in slots],
            "root": self.root,  # removed by the server too, should this process be killed
        }
        fds = [control_read, status_write, *(fd for slot in slots for fd in (slot.report, slot.job))]
        try:
            for attempt in (started, None):
                server = attempt or start_fork_server()
                self.server = server.process
                try:
                    with server.channel:
                        _hand_over(server.channel, json.dumps(settings).encode(), fds)
                    break
                except OSError:  # it ended before it was asked (its error, if any, is on stderr), or was taken
                    if attempt is None:
                        raise RuntimeError("the sandbox's fork server ended as it started") from None
                    server.process.poll()  # (collected if it ended; a server another sandbox took is left to it)
        finally:
            os.close(control_read)
            os.close(status_write)
        return status_read


@dataclass
class StartedServer:
    """A fork server that waits for its sandbox's settings on ``channel`` (:func:`start_fork_server`)."""

    process: subprocess.Popen[bytes]
    channel: socket.socket


#: Environment variables the fork server keeps for its judges and candidates (how Python and the C library read
#: time and text).
KEPT_ENVIRONMENT = ("TZ", "LANG", "LC_ALL", "LC_CTYPE", "PATH")


def fork_server_environment(environ: Mapping[str, str], path: Iterable[str]) -> dict[str, str]:
    """The environment a fork server starts with: :data:`KEPT_ENVIRONMENT`, what starts Python (its ``PYTHON*``
    settings, ``LD_LIBRARY_PATH``) and ``path`` as ``PYTHONPATH``, nothing else of ``environ``. A process's
    environment as it started stays readable in its ``/proc/self/environ``, and in every fork's, whatever it deletes
    later: an API key must never be in it. (``aspera``'s early start makes the same, without importing the core.)"""
    kept = {name: value for name, value in environ.items() if name in KEPT_ENVIRONMENT or name.startswith("PYTHON")}
    kept |= {name: environ[name] for name in ("LD_LIBRARY_PATH",) if name in environ}
    return kept | {"PYTHONPATH": os.pathsep.join(entry for entry in path if entry)}


#: How a fork server is started: the file that runs it (not its module: see there), then the socket's descriptor.
SERVER_COMMAND = ("-P", os.path.join(os.path.dirname(os.path.abspath(__file__)), "boot.py"))


def start_fork_server() -> StartedServer:
    """Start a fork server in a fresh interpreter (safe whatever threads exist), to be given to :class:`Sandbox`.

    It imports the library meanwhile; a command may start it before its own imports. It finds the package as this
    process does (its ``sys.path`` now) and exits once ``channel`` closes unused."""
    if not sys.executable:
        raise RuntimeError("the sandbox needs sys.executable to start its fork server")
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    environment = fork_server_environment(os.environ, sys.path)
    try:
        process = subprocess.Popen(
            [sys.executable, *SERVER_COMMAND, str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            cwd="/",
            env=environment,
            start_new_session=True,  # Ctrl-C reaches the evaluating process only; it stops the server
        )
    except BaseException:
        ours.close()
        raise
    finally:
        theirs.close()
    return StartedServer(process, ours)


#: Descriptors sent in one message (the kernel's limit is 253).
FDS_PER_MESSAGE = 240


def _hand_over(channel: socket.socket, settings: bytes, fds: list[int]) -> None:
    socket.send_fds(channel, [settings], fds[:FDS_PER_MESSAGE])
    for start in range(FDS_PER_MESSAGE, len(fds), FDS_PER_MESSAGE):
        socket.send_fds(channel, [b"+"], fds[start : start + FDS_PER_MESSAGE])


class Sandbox:
    """Evaluates programs on tasks in confined worker processes.

    Use as a context manager or call :meth:`close` (an unclosed sandbox is cleaned up when garbage collected)::

        with Sandbox(SandboxConfig(workers=2, timeout_s=5)) as sandbox:
            for job, verdict in sandbox.run(jobs):
                ...
            verdicts = sandbox.evaluate_many(task, programs)  # k programs, one task: cheaper

    The fork server starts in the background (about 1 s, the library's import): create the sandbox before loading
    tasks, or pass it a ``server`` from :func:`start_fork_server`, called earlier (``aspera run`` calls it before its
    own imports). Any thread may use it, one :meth:`run` at a time.
    """

    def __init__(self, config: SandboxConfig | None = None, server: StartedServer | None = None) -> None:
        self.config = config or SandboxConfig()
        self._resources = _Resources()
        self._finalizer = weakref.finalize(self, self._resources.release)
        self._lock = threading.Lock()
        self._protections: Protections | None = None
        self._prepared: set[tuple[Any, ...]] = set()
        self._modules: set[str] = set()
        self._buffer = bytearray()
        #: Programs :meth:`evaluate_many` could not evaluate from a shared setup (evaluated alone).
        self.evaluated_alone = 0
        try:
            self._slots = [self._new_slot(index) for index in range(self.config.workers)]
            self._status = self._resources.spawn(self.config, self._slots, server)
        except BaseException:
            self.close()
            raise

    @property
    def protections(self) -> Protections:
        """The kernel layers workers apply (waits for the fork server's hello)."""
        while self._protections is None:
            with self._using():
                self._exits()
        return self._protections

    @property
    def server_pid(self) -> int | None:
        """Process id of the fork server (``None`` once closed)."""
        return None if self._resources.server is None else self._resources.server.pid

    def prepare(self, tasks: Iterable[Any], modules: Iterable[str] = ()) -> None:
        """Have the fork server import what these tasks need, for every worker to inherit, and compile their setup
        and evaluation programs until it is ready (optional: it costs no time; the rest compile as they are sent).

        ``modules``: modules the tasks' setup or evaluation programs import beyond Python's, the installed packages'
        and the core's (the audit's probe imports its own): the fork server imports them for every judge, which may
        then read their packages' code too. A judge may read no other code (docs/running.md), so it cannot import them
        itself: for them this call is needed."""
        with self._using():
            tasks = list(tasks)
            new = [name for name in dict.fromkeys(modules) if name not in self._modules]
            if new:
                self._modules.update(new)
                self._command(b"m", 0, 0, marshal.dumps(new))
            self._prepare(tasks)
            for task in tasks:
                if self._protections is not None or readable(self._status, 0.0):
                    break  # it said hello (or failed): a job waiting for its compiling would wait for this
                compiled(task)

    def _prepare(self, tasks: Iterable[Any]) -> None:
        new = {key for key in (scenario_key(task.scenario) for task in tasks) if key not in self._prepared}
        if new:
            self._prepared |= new
            self._command(b"p", 0, 0, marshal.dumps([[list(part) for part in key] for key in new]))

    def evaluate(self, task: Any, program: str) -> Verdict:
        """Evaluate one program on one task in a worker; return the verdict."""
        for _, verdict in self.run([Job(task, program)]):
            return verdict
        raise RuntimeError("the sandbox returned no verdict")  # pragma: no cover

    def run(self, jobs: Iterable[Job]) -> Iterator[tuple[Job, Verdict]]:
        """Yield ``(job, verdict)`` as evaluations finish, at most ``config.workers`` at a time.

        Jobs are taken lazily (taking one may block: workers never wait for this process). If ``jobs`` raises or
        the caller stops iterating, running evaluations are killed. Raises ``RuntimeError`` (closed, busy in
        another ``run``, or the fork server died) and ``TypeError`` (an item is not a :class:`Job`).
        """
        for job, verdict in self._run_units(map(self._checked_group, ([job] for job in jobs))):
            if verdict is not None:  # (always, for single jobs)
                yield job, verdict

    def evaluate_many(self, task: Any, programs: list[str]) -> list[Verdict]:
        """One verdict per program, in order: the programs are dealt into groups (:meth:`run_groups`)."""
        verdicts: list[Verdict | None] = [None] * len(programs)
        groups = max(1, min(self.config.workers, len(programs) // 2))
        units = [[Job(task, programs[i], i) for i in range(g, len(programs), groups)] for g in range(groups)]
        for job, verdict in self.run_groups(units):
            verdicts[job.key] = verdict
        return verdicts  # type: ignore[return-value]

    def run_groups(self, groups: Iterable[list[Job]]) -> Iterator[tuple[Job, Verdict]]:
        """Like :meth:`run`, for groups of jobs on one task each, which share that task's setup in a *zygote*.

        A job that cannot continue from the shared setup is evaluated alone afterwards, so every verdict is the
        one :meth:`run` gives. ``ValueError``: a group mixes tasks or holds a job that captures the world.
        """
        alone: list[Job] = []
        units = (unit for unit in map(self._checked_group, groups) if unit)
        for job, verdict in self._run_units(units):
            if verdict is None:
                alone.append(job)
            else:
                yield job, verdict
        self.evaluated_alone += len(alone)
        yield from self.run(alone)

    @staticmethod
    def _checked_group(group: list[Job]) -> list[Job]:
        group = list(group)
        for job in group:
            if not isinstance(job, Job):
                raise TypeError(f"the sandbox runs Job objects, not {type(job).__name__}")
        if len(group) > 1:
            if any(job.task is not group[0].task for job in group):
                raise ValueError("the jobs of a group must share one task object")
            if any(job.observes for job in group):
                raise ValueError("a job that captures the world or footprints runs alone, not in a group")
        return group

    def close(self) -> None:
        """Stop the fork server (killing any worker) and remove the sandbox's directory."""
        self._finalizer()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _run_units(self, units: Iterable[list[Job]]) -> Iterator[tuple[Job, Verdict | None]]:
        with self._using():
            running: dict[int, _Running] = {}
            free = list(reversed(self._slots))
            pending = iter(units)
            try:
                while True:
                    while free and (unit := next(pending, None)) is not None:
                        self._submit(unit, free.pop(), running)
                    if not running:
                        return
                    finished = []
                    for kind, index, status, seconds in self._exits():  # blocks until the server reports
                        slot = self._slots[index]
                        data = os.pread(slot.report, MAX_REPORT_BYTES + 1, 0)
                        free.append(self._release(slot))
                        finished += self._verdicts(running.pop(index), data, kind, status, seconds)
                    yield from finished
            finally:
                if running:
                    self._abandon(running, free)

    def _submit(self, unit: list[Job], slot: _Slot, running: dict[int, _Running]) -> None:
        task = unit[0].task
        self._prepare([task])
        nonces = [os.urandom(8).hex() for _ in unit]
        observe = unit[0].observes if len(unit) == 1 else 0  # (a zygote's programs never capture)
        payload = encode_job(task, [job.program for job in unit], nonces, observe)
        pairs = min(len(task.state_generation_programs or ()), len(task.evaluation_programs or ()))
        running[slot.index] = _Running(unit, nonces, pairs)
        os.ftruncate(slot.job, 0)
        write_at = 0
        while write_at < len(payload):
            write_at += os.pwrite(slot.job, payload[write_at:], write_at)
        self._command(b"r", slot.index, len(unit), b"")

    def _verdicts(
        self, current: _Running, data: bytes, kind: bytes, status: int, seconds: float
    ) -> list[tuple[Job, Verdict | None]]:
        if len(current.jobs) > 1:  # a zygote: what its children reported (None: evaluate alone)
            return list(zip(current.jobs, reported_verdicts(data, current.nonces, current.pairs_total)))
        limit = f"{self.config.timeout_s:g} s (+{self.config.grace_s:g} s grace)"
        verdict = build_verdict(data, current.nonces[0], status, kind == b"t", seconds, current.pairs_total, limit)
        return [(current.jobs[0], verdict)]

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

    def _new_slot(self, index: int) -> _Slot:
        directory = os.path.join(self._resources.root, f"slot-{index}")
        os.mkdir(directory, 0o700)
        report = os.memfd_create(f"aspera-report-{index}", os.MFD_CLOEXEC)
        self._resources.fds.append(report)
        job = os.memfd_create(f"aspera-job-{index}", os.MFD_CLOEXEC)
        self._resources.fds.append(job)
        return _Slot(index, directory, report, job)

    def _release(self, slot: _Slot) -> _Slot:
        """Empty a slot's report file and directory for the next evaluation."""
        os.ftruncate(slot.report, 0)
        os.lseek(slot.report, 0, os.SEEK_SET)
        os.ftruncate(slot.job, 0)
        try:
            os.chmod(slot.directory, 0o700)
            empty_directory(slot.directory)
        except OSError as error:
            raise RuntimeError(f"cannot clean the sandbox directory {slot.directory}: {error}") from error
        return slot

    @contextlib.contextmanager
    def _using(self) -> Iterator[None]:
        """Hold the sandbox for one run (or a look at its state); refuse a second user."""
        if not self._finalizer.alive:
            raise RuntimeError("the sandbox is closed")
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("the sandbox is already running jobs (one run at a time)")
        try:
            yield
        finally:
            self._lock.release()

    def _command(self, kind: bytes, slot: int, programs: int, payload: bytes) -> None:
        if not self._finalizer.alive:
            raise RuntimeError("the sandbox is closed")
        try:
            write_all(self._resources.control, COMMAND.pack(kind, slot, programs, len(payload)) + payload)
        except BrokenPipeError:
            self._died()

    def _died(self) -> None:
        code = None if self._resources.server is None else self._resources.server.poll()
        self.close()
        raise RuntimeError(f"the sandbox's fork server died unexpectedly (exit status {code})")

    def _exits(self, timeout: float | None = None) -> list[tuple[bytes, int, int, float]]:
        """Wait for the fork server's next reports (at most ``timeout`` seconds); return the exits among them."""
        if timeout is not None and not readable(self._status, timeout):
            raise RuntimeError("the sandbox's fork server did not answer in time")
        data = os.read(self._status, 1 << 16)
        if not data:
            self._died()
        self._buffer += data
        exits = []
        for kind, slot, status, seconds, payload in take_records(self._buffer, STATUS):
            if kind == b"h":
                hello = json.loads(payload)
                self._protections = Protections(**{**hello, "notes": tuple(hello["notes"])})
            elif kind == b"e":
                self.close()
                raise RuntimeError(f"the sandbox's fork server failed to start: {payload.decode(errors='replace')}")
            else:
                exits.append((kind, slot, status, seconds))
        return exits
