"""The body of a worker: one process, forked from the fork server, per evaluation.

A worker starts as a copy of the pristine, warm fork server, so no state
passes from one evaluation to another and starting one costs a ``fork``
rather than an interpreter start. Before running anything from the task it:

1. leads its own process group (the fork server kills the group at the
   deadline) and asks to be killed if the fork server dies;
2. points every inherited file descriptor at ``/dev/null`` except its report
   file (other slots' reports, the fork server's pipes stay out of reach);
3. moves into its slot's private directory (also ``TMPDIR`` and ``HOME``);
4. limits its address space (current size + ``memory_mb``) and CPU time, and
   arms a timer that raises :class:`~aspera_core.executor.harness.TaskTimeout`
   at the deadline, so the verdict shows where a slow program was;
5. applies the kernel layers of :mod:`~aspera_core.executor.confine` and the
   audit hook of :mod:`~aspera_core.executor.guard`;

then evaluates the program with the
:class:`~aspera_core.executor.harness.Evaluator` and writes its reports
(:mod:`~aspera_core.executor.reports`), and exits with ``os._exit``.
"""

from __future__ import annotations

import logging
import marshal
import os
import signal
import sys
import tempfile
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aspera_core.executor import confine
from aspera_core.executor.classify import error_type_name, exception_message, format_traceback
from aspera_core.executor.harness import TaskTimeout
from aspera_core.executor.reports import encode, verdict_message
from aspera_core.outcomes import Outcome

if TYPE_CHECKING:
    from aspera_core.executor.server import ForkServer, ServerSlot


@dataclass(frozen=True)
class ScenarioSpec:
    """The scenario fields the harness reads."""

    apps: list[str]
    simulation_tools: list[str] | None
    evaluation_tools: list[str] | None


@dataclass(frozen=True)
class TaskSpec:
    """The task fields the harness reads, as a worker receives them."""

    query: str
    scenario: ScenarioSpec
    state_generation_programs: list[str]
    evaluation_programs: list[str]


def encode_job(task: Any, program: str) -> bytes:
    """A job as the bytes a worker decodes (:func:`marshal`: plain strings and lists)."""
    scenario = task.scenario
    return marshal.dumps(
        (
            task.query,
            list(scenario.apps),
            None if scenario.simulation_tools is None else list(scenario.simulation_tools),
            None if scenario.evaluation_tools is None else list(scenario.evaluation_tools),
            list(task.state_generation_programs or ()),
            list(task.evaluation_programs or ()),
            program,
        )
    )


def decode_job(payload: bytes) -> tuple[TaskSpec, str]:
    """The task and program :func:`encode_job` wrote."""
    query, apps, simulation, evaluation, setups, checks, program = marshal.loads(payload)
    return TaskSpec(query, ScenarioSpec(apps, simulation, evaluation), setups, checks), program


def send(fd: int, message: dict[str, Any], _write: Any = os.write, _view: Any = memoryview) -> None:
    """Append one report line to the report file (never blocks: it is a file in memory)."""
    view = _view((encode(message) + "\n").encode("ascii"))
    while view:
        view = view[_write(fd, view) :]


def run(server: ForkServer, slot: ServerSlot, nonce: str, payload: bytes, address_space: int, closing: list[int]):
    """Confine this freshly forked process, evaluate the job, report, and exit (never returns)."""
    fd = slot.report
    try:
        _confine(server, slot, address_space, closing)
        guard = slot.guard
        guard.pid = os.getpid()
        guard.on_self_signal = lambda number: send(fd, {"kind": "signal", "nonce": nonce, "signal": number})
        if server.config.audit_hook:
            guard.install()
        signal.setitimer(signal.ITIMER_REAL, server.config.timeout_s)
        task, program = decode_job(payload)
        verdict = server.evaluator.evaluate(
            task,
            program,
            on_pair_start=lambda index: send(fd, {"kind": "start", "nonce": nonce, "index": index}),
            on_pair_end=lambda pair: send(fd, {"kind": "pair", "nonce": nonce, "pair": pair.to_json()}),
        )
        signal.setitimer(signal.ITIMER_REAL, 0)
        refused = "".join(f"[sandbox refused: {text}]\n" for text in guard.denials)
        send(fd, verdict_message(verdict, nonce, refused))
    except BaseException as exc:  # noqa: BLE001 - report anything, then exit
        _report_failure(fd, nonce, exc)
    finally:
        os._exit(0)


def _confine(server: ForkServer, slot: ServerSlot, address_space: int, closing: list[int]) -> None:
    config = server.config
    os.setpgid(0, 0)
    confine.die_with_parent(signal.SIGKILL)
    if os.getppid() != server.pid:  # the fork server is already gone
        os._exit(3)
    keep = (slot.report,) if slot.ruleset is None else (slot.report, slot.ruleset)
    _isolate_descriptors(closing, keep)
    os.chdir(slot.directory)
    os.environ["TMPDIR"] = os.environ["HOME"] = slot.directory
    tempfile.tempdir = slot.directory
    confine.set_worker_limits(address_space, config.memory_mb, config.timeout_s + config.grace_s)
    confine.apply(server.protections, slot.ruleset, server.seccomp)
    if slot.ruleset is not None:
        os.close(slot.ruleset)
    if server.evaluator.integrity is not None:
        server.evaluator.integrity.arm()


def _report_failure(fd: int, nonce: str, exc: BaseException) -> None:
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        outcome = Outcome.TIMEOUT if isinstance(exc, TaskTimeout) else Outcome.EXECUTION_ERROR
        if isinstance(exc, MemoryError):
            outcome = Outcome.RESOURCE_ERROR
        message = {
            "kind": "verdict",
            "nonce": nonce,
            "outcome": outcome.value,
            "error_type": error_type_name(exc),
            "message": "the worker failed outside the program: " + exception_message(exc),
            "traceback": format_traceback(exc),
        }
        send(fd, message)
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
