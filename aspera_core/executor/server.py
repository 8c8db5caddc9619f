"""The fork server: a fresh, single-threaded interpreter that forks one worker per job.

It imports the library, prepares the slots' confinement and answers commands (``p``repare scenarios, ``r``un a
job, ``k``ill a slot). It never receives a task, so the candidates a worker forks before reading its job hold
none; it writes little memory between forks (each written page is copied). A worker past its deadline (timeout +
grace per program, one more for a zygote's setup) is killed with its group; when the command pipe closes, all are.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import marshal
import os
import select
import signal
import socket
import sys
import time
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from aspera_core.executor import confine, forking, wire, worker
from aspera_core.executor.guard import Guard
from aspera_core.executor.harness import Evaluator
from aspera_core.executor.inherited import Inherited, ServerSlot
from aspera_core.executor.namespaces import NamespaceTemplates
from aspera_core.executor.sandbox import (
    COMMAND,
    FDS_PER_MESSAGE,
    KEPT_ENVIRONMENT,
    STATUS,
    SandboxConfig,
    empty_directory,
    take_records,
    write_all,
)


@dataclass
class _Worker:
    slot: int
    pid: int
    started: float
    deadline: float
    killed_at_deadline: bool = False


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class ForkServer:
    """State of the fork server, inherited by every worker (``settings``: from the sandbox)."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.config = config = SandboxConfig(**settings["config"])
        self.control, self.status = int(settings["control"]), int(settings["status"])
        self.templates = NamespaceTemplates()
        self.protections = confine.probe(config.kernel_confinement)
        abi = self.protections.landlock_abi
        self.slots = [
            ServerSlot(
                directory,
                report,
                job,
                Guard(directory),
                confine.landlock_rules(directory, abi, reads=True) if abi else (),
            )
            for directory, report, job in settings["slots"]
        ]
        confine.set_shared_limits(config.file_size_mb, no_new_privileges=bool(abi or self.protections.seccomp))
        worker.prepare_inherited_state()
        wire.REGISTRY.value_modules += config.value_modules
        for name in config.value_modules:  # (an ImportError stops the server: the sandbox says why)
            importlib.import_module(name)
        # What a judge may read besides what a candidate may: the core, and the packages of the modules loaded for it.
        self.judge_paths = confine.package_paths(config.value_modules)
        seccomp = self.protections.seccomp
        self.shared = Inherited(
            os.getpid(),
            config,
            Evaluator(self.templates, interrupts_are_errors=True, library_fixes=config.library_fixes),
            self.protections,
            confine.readable_rules(confine.readable_paths()) if abi else (),
            confine.readable_rules(self.judge_paths) if abi else (),
            confine.SeccompFilter() if seccomp else None,
            confine.SeccompFilter(may_fork=True) if seccomp else None,
        )
        # Each worker on a CPU of its own, with all it forks: its judges and candidates take turns, and a turn woken
        # on the other worker's CPU while its own went idle left a core idle for 2.0 of the 72 CPU seconds of an
        # audit's first round (0.2 once pinned). With more workers than CPUs the scheduler places them.
        cpus = sorted(os.sched_getaffinity(0))
        self.cpus = cpus if config.workers <= len(cpus) else []
        self.workers: dict[int, _Worker] = {}  # pidfd -> worker
        self.poller = select.epoll()
        self.poller.register(self.control, select.EPOLLIN)
        self.buffer = bytearray()
        self.stopping = False
        # Once here, for every judge and candidate: the task's code and the programs see no more of the evaluating
        # process's environment than Python and the C library need (no API key, no user's paths).
        for name in [name for name in os.environ if name not in KEPT_ENVIRONMENT]:
            del os.environ[name]

    def report(self, kind: bytes, slot: int = 0, status: int = 0, seconds: float = 0.0, payload: bytes = b"") -> None:
        """Send one status record to the evaluating process."""
        write_all(self.status, STATUS.pack(kind, slot, status, seconds, len(payload)) + payload)

    def serve(self) -> None:
        """Answer commands until the evaluating process closes the pipe and every worker is gone."""
        hello = {**self.protections.__dict__, "audit_hook": self.config.audit_hook}
        self.report(b"h", payload=json.dumps(hello).encode())
        while not self.stopping or self.workers:
            for fd, _ in self.poller.poll(self._enforce_deadlines()):
                if fd == self.control:
                    self._read_commands()
                else:
                    self._reap(fd)

    def _enforce_deadlines(self) -> float:
        """Kill workers past their deadline; return seconds until the next one (-1: none)."""
        now, wait = time.monotonic(), -1.0
        for record in self.workers.values():
            if record.killed_at_deadline:
                continue
            if now >= record.deadline:
                record.killed_at_deadline = True
                _kill_group(record.pid)
            elif wait < 0 or record.deadline - now < wait:
                wait = record.deadline - now
        return wait

    def _reap(self, pidfd: int) -> None:
        record = self.workers.pop(pidfd)
        self.poller.unregister(pidfd)
        os.close(pidfd)
        _kill_group(record.pid)  # anything the worker left in its group (a zygote's child)
        _, status = os.waitpid(record.pid, 0)
        if not self.stopping:
            kind = b"t" if record.killed_at_deadline else b"x"
            self.report(kind, record.slot, status, time.monotonic() - record.started)

    def _read_commands(self) -> None:
        data = os.read(self.control, 1 << 20)
        if not data:  # the evaluating process closed the pipe, or died
            self.stopping = True
            self.poller.unregister(self.control)
            for record in self.workers.values():
                _kill_group(record.pid)
            return
        self.buffer += data
        for kind, slot, programs, payload in take_records(self.buffer, COMMAND):
            if kind == b"p":
                self._prepare(payload)
            elif kind == b"m":
                self._import(marshal.loads(payload))
            elif kind == b"r":
                self._start(slot, programs)
            elif kind == b"k":
                for record in self.workers.values():
                    if record.slot == slot:
                        _kill_group(record.pid)

    def _prepare(self, payload: bytes) -> None:
        for apps, simulation_tools, evaluation_tools in marshal.loads(payload):
            scenario = SimpleNamespace(apps=apps, simulation_tools=simulation_tools, evaluation_tools=evaluation_tools)
            try:
                self.templates.evaluation(scenario)
                self.templates.program(scenario)
            except Exception:  # noqa: BLE001 - each worker reports the same error for its task
                pass

    def _import(self, names: list[str]) -> None:
        """Import modules the tasks' programs import in their judges, which may then read their packages' code."""
        for name in names:
            with contextlib.suppress(Exception):  # (a judge importing it meets the error, and reports it)
                importlib.import_module(name)
        paths = [path for path in confine.package_paths(names) if path not in self.judge_paths]
        if paths and self.protections.landlock_abi:
            self.judge_paths += paths
            self.shared.judge_readable += confine.readable_rules(paths)

    def _start(self, slot: int, programs: int) -> None:
        # Descriptors a worker must not keep: everything open here (running workers' pidfds among them).
        closing = [int(name) for name in os.listdir("/proc/self/fd")]
        wire.REGISTRY.frozen = False
        wire.REGISTRY.refresh()
        # Frozen for workers and candidates: scanning every module there writes to (so copies) hundreds of
        # pages; a library module a program imports first is then not in it (its values cross as opaque).
        wire.REGISTRY.frozen = True
        address_space = confine.address_space()
        gc.freeze()  # the collector never scans, so never copies, what workers inherit
        pid = forking.fork()
        if pid == 0:  # pragma: no cover - runs in the worker
            if self.cpus:
                with contextlib.suppress(OSError):  # (a CPU taken away since: then anywhere)
                    os.sched_setaffinity(0, [self.cpus[slot % len(self.cpus)]])
            worker.run(self.shared, self.slots[slot], programs, address_space, closing)
        try:
            os.setpgid(pid, pid)
        except OSError:  # the worker already did it, or already exited
            pass
        pidfd = os.pidfd_open(pid)
        self.poller.register(pidfd, select.EPOLLIN)
        started = time.monotonic()
        rounds = 1 if programs <= 1 else programs + 1
        deadline = started + rounds * (self.config.timeout_s + self.config.grace_s)
        self.workers[pidfd] = _Worker(slot, pid, started, deadline)


def serve_when_asked(channel: int) -> None:
    """Entry point of the fork server process (:mod:`~aspera_core.executor.boot`): import the library, then take the
    sandbox's settings and descriptors from the socket ``channel`` and serve (exit if it closes without them)."""
    with contextlib.suppress(Exception):  # (the server meets the error again, and tells the sandbox)
        NamespaceTemplates()  # imports the library while the evaluating process starts
    with socket.socket(fileno=channel) as handover:
        try:
            message, fds, _, _ = socket.recv_fds(handover, 1 << 20, FDS_PER_MESSAGE)
            settings = json.loads(message) if message else None
            while settings and len(fds) < 2 + 2 * len(settings["slots"]):  # (more than one message holds)
                more = socket.recv_fds(handover, 16, FDS_PER_MESSAGE)[1]
                if not more:
                    raise ConnectionResetError("the sandbox closed the channel")
                fds += more
        except OSError:  # the sandbox was never made (the command stopped first), or it died meanwhile
            settings = None
    if not settings:
        os._exit(0)
    sys.path[:] = settings["path"]  # for the value modules, as the evaluating process finds them
    settings["control"], settings["status"] = fds[0], fds[1]
    settings["slots"] = [(directory, fds[2 + 2 * i], fds[3 + 2 * i]) for i, directory in enumerate(settings["slots"])]
    os.chdir(settings["root"])
    main(settings)


def main(settings: dict[str, Any]) -> None:
    """Serve the sandbox of ``settings`` (its descriptors: ``control``, ``status`` and each slot's)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the evaluating process handles Ctrl-C
    try:
        server = ForkServer(settings)
    except BaseException as error:  # noqa: BLE001 - told to the evaluating process, which raises
        message = f"{type(error).__name__}: {error}".encode("utf-8", "replace")
        write_all(int(settings["status"]), STATUS.pack(b"e", 0, 0, 0.0, len(message)) + message)
        os._exit(1)
    server.serve()
    try:  # the evaluating process removes it too, unless it was killed
        empty_directory(settings["root"])
        os.rmdir(settings["root"])
    except OSError:
        pass
    os._exit(0)
