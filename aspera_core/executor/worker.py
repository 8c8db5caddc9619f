"""The body of a worker: one process, forked from the fork server, per job.

A worker starts as a copy of the pristine, warm fork server, so no state
passes from one job to another, and starting one costs a ``fork`` (about
5 ms of CPU in all per task) rather than an interpreter start with the
library's imports (about 0.2 s: the fork server's own start). Before running
anything from the task it:

1. leads its own process group (the fork server kills the group at the
   deadline) and asks to be killed if the fork server dies;
2. points every inherited file descriptor at ``/dev/null`` except its report
   file and its Landlock ruleset (closed once applied): other slots' reports
   and the fork server's pipes stay out of reach;
3. moves into its slot's private directory (also ``TMPDIR`` and ``HOME``);
4. limits its address space (current size + ``memory_mb``) and CPU time;
5. applies the kernel layers of :mod:`~aspera_core.executor.confine` and the
   audit hook of :mod:`~aspera_core.executor.guard`, and makes the signals a
   program raises in its own process known to the report (see
   :func:`_announce_self_signals`);
6. arms a timer that raises :class:`~aspera_core.executor.harness.TaskTimeout`
   at the deadline, so the verdict shows where a slow program was;

then evaluates the program, writes its reports
(:mod:`~aspera_core.executor.reports`) and exits with ``os._exit``.

A job with several programs for one task makes the worker a *zygote*: it
runs the first pair's setup once, up to the evaluation program's first call
of the program, and there forks one child per program, one after the other
(see :class:`_Zygote`). Its seccomp filter lets it fork; each child installs
the ordinary worker filter on top before its program runs; it has the time a
lone evaluation would have left after the setup, and its own report file. A
child that cannot continue from the shared setup reports nothing, and the
evaluating process evaluates that program on its own. Measured with
``benchmarks/bench_executor.py``: k programs on one task cost 70-82% of the
CPU time of k separate evaluations. Forking the children *before* the setup
instead saved nothing (103-113%): the setup is what is worth sharing.
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
from aspera_core.executor.classify import error_type_name, exception_message, format_traceback
from aspera_core.executor.harness import Fallback, TaskTimeout
from aspera_core.executor.reports import MAX_REPORT_BYTES, encode, read_messages, verdict_message
from aspera_core.executor.sandbox import empty_directory
from aspera_core.outcomes import Outcome, PairResult

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

    def send(self, message: dict[str, Any], _write: Any = os.write, _view: Any = memoryview) -> None:
        view = _view((encode({**message, "nonce": self.nonce}) + "\n").encode("ascii"))
        while view:  # a file in memory: never blocks
            view = view[_write(self.fd, view) :]

    def start(self, index: int) -> None:
        self.send({"kind": "start", "index": index})

    def pair(self, pair: PairResult) -> None:
        self.send({"kind": "pair", "pair": pair.to_json()})


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
            program: Any = _Zygote(server, slot, guard, reports, programs, nonces).fork
        else:
            program, reports.nonce = programs[0], nonces[0]
        verdict = server.evaluator.evaluate(
            task, program, on_pair_start=reports.start, on_pair_end=reports.pair, capture_world=capture
        )
        signal.setitimer(signal.ITIMER_REAL, 0)
        refused = "".join(f"[sandbox refused: {text}]\n" for text in guard.denials)
        reports.send(verdict_message(verdict, refused))
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
    os.environ["TMPDIR"] = os.environ["HOME"] = slot.directory
    tempfile.tempdir = slot.directory
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
        self,
        server: ForkServer,
        slot: ServerSlot,
        guard: Guard,
        reports: _Reports,
        programs: list[str],
        nonces: list[str],
    ) -> None:
        self.server, self.slot, self.guard, self.reports = server, slot, guard, reports
        self.jobs = list(zip(programs, nonces))
        self.started = time.monotonic()  # the evaluation's timer starts now

    def fork(self) -> str:
        """In each child, return its program; in the zygote, wait for the children one by one, then exit.

        A child has the time a lone evaluation would have left after the shared
        setup, and reports into a file of its own, from which the zygote
        forwards only the lines carrying the child's nonce: every child can
        find its siblings' nonces in its copy of the zygote's memory.
        """
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
                self._forward(report, nonce)
                empty_directory(self.slot.directory)  # each child starts with an empty directory
        except BaseException:  # noqa: BLE001, S110 - the programs without a verdict are evaluated alone
            pass
        os._exit(0)

    def _forward(self, report: int, nonce: str) -> None:
        data = os.pread(report, MAX_REPORT_BYTES + 1, 0)
        os.close(report)
        if len(data) <= MAX_REPORT_BYTES:  # (a flood: no verdict, the program is evaluated alone)
            self.reports.nonce = nonce
            for message in read_messages(data, nonce):
                self.reports.send(message)

    def _become_worker(self, nonce: str, report: int, seconds: float) -> None:
        os.dup2(report, self.slot.report)  # the slot's report file is out of reach from now on
        os.close(report)
        server, guard = self.server, self.guard
        guard.pid = os.getpid()
        if server.protections.seccomp:
            guard.permitted.add("ctypes.call_function")
            server.seccomp.install(guard.pid)  # type: ignore[union-attr]
            guard.permitted.clear()
        if server.evaluator.integrity is not None:
            server.evaluator.integrity.arm()  # its own memory
        self.reports.nonce = nonce  # (no "start" line: a child without a verdict is evaluated alone anyway)
        signal.setitimer(signal.ITIMER_REAL, seconds)


def _report_failure(reports: _Reports, exc: BaseException) -> None:
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        outcome = Outcome.TIMEOUT if isinstance(exc, TaskTimeout) else Outcome.EXECUTION_ERROR
        message = {
            "kind": "verdict",
            "outcome": (Outcome.RESOURCE_ERROR if isinstance(exc, MemoryError) else outcome).value,
            "error_type": error_type_name(exc),
            "message": "the worker failed outside the program: " + exception_message(exc),
            "traceback": format_traceback(exc),
        }
        reports.send(message)
    except BaseException:  # noqa: BLE001 - nothing more can be done; the exit status tells the rest
        pass


def _isolate_descriptors(closing: list[int], keep: tuple[int, ...]) -> None:
    """Point the inherited descriptors ``closing`` (except ``keep``) and 0-2 at /dev/null.

    The numbers stay taken, so no stale object of the fork server can later
    close or write to a descriptor the program opened.
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
    """Writes log records to whatever ``sys.stderr`` is when they are emitted (the captured stderr)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
        except Exception:  # noqa: BLE001 - logging must never break the program
            self.handleError(record)


def _show_warning(message: Any, category: type, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def _announce_self_signals(guard: Guard) -> None:
    """Have ``signal.raise_signal`` and ``signal.pthread_kill``, which raise no audit event, announce
    their signal as ``os.kill`` does, so that a program's own ``SIGKILL`` is not taken for the
    out-of-memory killer's (an honest label, not a protection)."""

    def announce(signalnum: object) -> None:
        if isinstance(signalnum, int) and signalnum and guard.on_self_signal is not None:
            guard.on_self_signal(signalnum)

    for module in (signal, _signal):

        def raise_signal(signalnum: int, _raise: Any = module.raise_signal) -> None:
            announce(signalnum)
            _raise(signalnum)

        def pthread_kill(thread_id: int, signalnum: int, _kill: Any = module.pthread_kill) -> None:
            announce(signalnum)
            _kill(thread_id, signalnum)

        module.raise_signal, module.pthread_kill = raise_signal, pthread_kill


def _raise_timeout(signum: int, frame: Any) -> None:
    raise TaskTimeout("the task's time limit was reached")


def prepare_inherited_state() -> None:
    """Settings every worker inherits, made once in the fork server.

    Log records and warnings go to the captured stderr, whatever the host
    configured; oversized writes fail with ``EFBIG`` instead of killing the
    worker; the deadline timer raises :class:`TaskTimeout`.
    """
    logging.root.handlers[:] = [_CurrentStderrHandler()]
    warnings.showwarning = _show_warning
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.signal(signal.SIGALRM, _raise_timeout)
    sys.dont_write_bytecode = True
