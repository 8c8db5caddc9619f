"""The body of a worker: one process per job, forked from the warm fork server (about 5 ms of CPU, against
0.2 s for a fresh interpreter), so no state passes from one job to the next.

Before running anything from the task a worker leads its own process group, dies with the fork server, points
every inherited descriptor but its report file at ``/dev/null``, moves into its slot's directory (also
``TMPDIR`` and ``HOME``), applies its limits, the kernel layers and the audit hook, and arms a timer raising
:class:`~aspera_core.executor.harness.TaskTimeout`. Then it evaluates, reports and exits with ``os._exit``.

With several programs the worker is a *zygote*: it runs the first pair's setup once and, where the evaluation
program first calls the program, forks one child per program, each with the ordinary seccomp filter, the time
a lone evaluation would have left and a report file of its own (the zygote forwards only that child's lines).
k programs cost 70-82% of the CPU time of k separate evaluations (``benchmarks/bench_executor.py``).
"""

from __future__ import annotations

import _signal
import logging
import marshal
import os
import random
import signal
import sys
import tempfile
import time
import warnings
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from aspera_core.executor import confine
from aspera_core.executor.harness import Fallback, TaskTimeout, pair_failure
from aspera_core.executor.reports import MAX_REPORT_BYTES, encode, read_messages, verdict_message
from aspera_core.executor.sandbox import empty_directory, write_all
from aspera_core.outcomes import ORIGIN_HARNESS

if TYPE_CHECKING:
    from aspera_core.executor.guard import Guard
    from aspera_core.executor.server import ForkServer, ServerSlot


def decode_job(payload: bytes) -> tuple[Any, list[str], list[str], bool]:
    """The task, programs, nonces and world-capture flag :func:`~aspera_core.executor.sandbox.encode_job` wrote."""
    query, apps, simulation, evaluation, setups, checks, programs, nonces, capture = marshal.loads(payload)
    scenario = SimpleNamespace(apps=apps, simulation_tools=simulation, evaluation_tools=evaluation)
    task = SimpleNamespace(query=query, scenario=scenario, state_generation_programs=setups, evaluation_programs=checks)
    return task, programs, nonces, capture


class _Reports:
    """Writes report lines for the program being evaluated (its nonce changes in a zygote's child)."""

    def __init__(self, fd: int) -> None:
        self.fd, self.nonce = fd, ""

    def send(self, message: dict[str, Any]) -> None:
        write_all(self.fd, (encode({**message, "nonce": self.nonce}) + "\n").encode("ascii"))  # a memfd: never blocks


def run(server: ForkServer, slot: ServerSlot, payload: bytes, address_space: int, closing: list[int]) -> None:
    """Confine this freshly forked process, evaluate the job, report, and exit (never returns)."""
    reports = _Reports(slot.report)
    warm = False
    try:
        task, programs, nonces, capture = decode_job(payload)
        warm = len(programs) > 1
        guard = _confine(server, slot, address_space, closing, warm)
        guard.on_self_signal = lambda number: reports.send({"kind": "signal", "signal": number})
        _announce_self_signals(guard)
        server.evaluator.refusal_count = lambda: guard.refusals
        signal.setitimer(signal.ITIMER_REAL, server.config.timeout_s)
        if warm:
            program: Any = _Zygote(server, slot, guard, reports, list(zip(programs, nonces))).fork
        else:
            program, reports.nonce = programs[0], nonces[0]
        verdict = server.evaluator.evaluate(
            task,
            program,
            on_pair_start=lambda index: reports.send({"kind": "start", "index": index}),
            on_pair_end=lambda pair: reports.send({"kind": "pair", "pair": pair.to_json()}),
            capture_world=capture,
        )
        signal.setitimer(signal.ITIMER_REAL, 0)
        reports.send(verdict_message(verdict, "".join(f"[sandbox refused: {text}]\n" for text in guard.denials)))
    except Fallback:
        pass  # (a zygote or its child) the evaluating process evaluates the program on its own
    except BaseException as exc:  # noqa: BLE001 - report anything, then exit
        if not warm:
            _report_failure(reports, exc)
    finally:
        os._exit(0)


def _confine(server: ForkServer, slot: ServerSlot, address_space: int, closing: list[int], zygote: bool) -> Guard:
    config = server.config
    os.setpgid(0, 0)
    confine.die_with_parent(signal.SIGKILL)
    if os.getppid() != server.pid:  # the fork server is already gone
        os._exit(3)
    _isolate_descriptors(closing, (slot.report,) if slot.ruleset is None else (slot.report, slot.ruleset))
    os.chdir(slot.directory)
    os.environ["TMPDIR"] = os.environ["HOME"] = tempfile.tempdir = slot.directory
    confine.set_worker_limits(address_space, config.memory_mb, config.timeout_s + config.grace_s)
    confine.apply(server.protections, slot.ruleset, server.zygote_seccomp if zygote else server.seccomp)
    if slot.ruleset is not None:
        os.close(slot.ruleset)
    if server.evaluator.integrity is not None:
        server.evaluator.integrity.arm()
    guard = slot.guard
    guard.pid = os.getpid()
    if config.audit_hook:
        guard.install()
    return guard


class _Zygote:
    """The deferred program of a zygote: :meth:`fork` runs where the first pair first calls the program."""

    def __init__(
        self, server: ForkServer, slot: ServerSlot, guard: Guard, reports: _Reports, jobs: list[tuple[str, str]]
    ) -> None:
        self.server, self.slot, self.guard, self.reports, self.jobs = server, slot, guard, reports, jobs
        self.started = time.monotonic()  # the evaluation's timer starts now

    def fork(self) -> str:
        """In each child, return its program; in the zygote, wait for the children one by one, then exit.

        A child reports into its own file, from which the zygote forwards only lines with the child's nonce
        (a child can find its siblings' nonces in its copy of the zygote's memory)."""
        signal.setitimer(signal.ITIMER_REAL, 0)  # the shared setup is done
        left = max(self.server.config.timeout_s - (time.monotonic() - self.started), 0.001)
        try:
            for program, nonce in self.jobs:
                stream = random.getstate()  # the random module reseeds itself in a forked child
                report = os.memfd_create("aspera-child-report", os.MFD_CLOEXEC)
                self.guard.permitted.add("os.fork")
                pid = os.fork()
                self.guard.permitted.clear()
                if pid == 0:
                    random.setstate(stream)
                    self._become_worker(nonce, report, left)
                    return program
                signal.setitimer(signal.ITIMER_REAL, left + self.server.config.grace_s)  # then give up the group
                os.waitpid(pid, 0)
                signal.setitimer(signal.ITIMER_REAL, 0)
                data = os.pread(report, MAX_REPORT_BYTES + 1, 0)
                os.close(report)
                if len(data) <= MAX_REPORT_BYTES:  # (a flood: no verdict, the program is evaluated alone)
                    self.reports.nonce = nonce
                    for message in read_messages(data, nonce):
                        self.reports.send(message)
                empty_directory(self.slot.directory)  # each child starts with an empty directory
        except BaseException:  # noqa: BLE001, S110 - the programs without a verdict are evaluated alone
            pass
        os._exit(0)

    def _become_worker(self, nonce: str, report: int, seconds: float) -> None:
        os.dup2(report, self.slot.report)  # the slot's report file is out of reach from now on
        os.close(report)
        server, guard = self.server, self.guard
        guard.pid = os.getpid()
        if server.seccomp is not None:
            guard.permitted.add("ctypes.call_function")
            server.seccomp.install(guard.pid)
            guard.permitted.clear()
        if server.evaluator.integrity is not None:
            server.evaluator.integrity.arm()  # its own memory
        self.reports.nonce = nonce  # (no "start" line: a child without a verdict is evaluated alone anyway)
        signal.setitimer(signal.ITIMER_REAL, seconds)


def _report_failure(reports: _Reports, exc: BaseException) -> None:
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        failure = pair_failure(0, exc, ORIGIN_HARNESS)  # timeout, resource or execution error
        message = "the worker failed outside the program: " + failure.message
        fields = {"outcome": failure.outcome.value, "error_type": failure.error_type, "traceback": failure.traceback}
        reports.send({"kind": "verdict", "message": message, **fields})
    except BaseException:  # noqa: BLE001 - nothing more can be done; the exit status tells the rest
        pass


def _isolate_descriptors(closing: list[int], keep: tuple[int, ...]) -> None:
    """Point ``closing`` (except ``keep``) and 0-2 at /dev/null; the numbers stay taken, so nothing stale hits them."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in [*closing, 0, 1, 2]:
        if fd != devnull and fd not in keep:
            try:
                os.dup2(devnull, fd, inheritable=fd < 3)
            except OSError:  # closed since it was listed
                pass
    os.close(devnull)


def _announce_self_signals(guard: Guard) -> None:
    """Make ``raise_signal`` and ``pthread_kill`` (no audit event) announce their signal like ``os.kill``, so that a
    program's own ``SIGKILL`` is not taken for the out-of-memory killer's (an honest label, not a protection)."""

    def announcing(function: Any) -> Any:
        def call(*args: Any) -> None:
            if args and isinstance(args[-1], int) and args[-1] and guard.on_self_signal is not None:
                guard.on_self_signal(args[-1])
            function(*args)

        return call

    for module in (signal, _signal):
        module.raise_signal = announcing(module.raise_signal)
        module.pthread_kill = announcing(module.pthread_kill)


class _CurrentStderrHandler(logging.Handler):
    """Writes log records to whatever ``sys.stderr`` is when they are emitted (the captured stderr)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
        except Exception:  # noqa: BLE001 - logging must never break the program
            self.handleError(record)


def _show_warning(message: Any, category: type, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def _raise_timeout(signum: int, frame: Any) -> None:
    raise TaskTimeout("the task's time limit was reached")


def prepare_inherited_state() -> None:
    """Set once in the fork server for every worker: logs and warnings go to the captured stderr, oversized
    writes fail with ``EFBIG`` instead of killing the worker, the deadline timer raises :class:`TaskTimeout`."""
    logging.root.handlers[:] = [_CurrentStderrHandler()]
    warnings.showwarning = _show_warning
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.signal(signal.SIGALRM, _raise_timeout)
    sys.dont_write_bytecode = True
