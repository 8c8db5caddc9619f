"""A worker, the *judge*: one process per job, forked from the fork server (so no state passes between jobs).

Before it reads its job it forks one candidate per program (:mod:`~aspera_core.executor.candidate`); then it
confines itself, runs the setup and evaluation programs, reports and exits. If a candidate's process ended, the
judge ends the same way, so the verdict reads as it did when they were one process. With several programs it is a
*zygote*: it runs the shared setup once and, where the EP first calls the program, forks one child judge per
program but the last, which it judges itself.
"""

from __future__ import annotations

import logging
import marshal
import os
import signal
import sys
import tempfile
import time
import warnings
from types import SimpleNamespace
from typing import Any

from aspera_core.executor import candidate, confine, forking
from aspera_core.executor.harness import Fallback, TaskTimeout, pair_failure, pair_programs, with_footprints
from aspera_core.executor.inherited import Inherited, ServerSlot
from aspera_core.executor.reports import MAX_REPORT_BYTES, complete_lines, encode, verdict_message
from aspera_core.executor.sandbox import empty_directory, write_all
from aspera_core.outcomes import ORIGIN_HARNESS


def decode_job(payload: bytes) -> tuple[Any, list[str], list[str], int]:
    """The task, programs, nonces and what to observe (:attr:`~aspera_core.executor.sandbox.Job.observes`)
    :func:`~aspera_core.executor.sandbox.encode_job` wrote."""
    query, apps, simulation, evaluation, setups, checks, compiled, programs, nonces, observe = marshal.loads(payload)
    scenario = SimpleNamespace(apps=apps, simulation_tools=simulation, evaluation_tools=evaluation)
    task = SimpleNamespace(query=query, scenario=scenario, state_generation_programs=setups, evaluation_programs=checks)
    # The setup and evaluation programs as the evaluating process compiled them (by text and file name).
    named = zip(pair_programs(setups, checks), compiled)
    task.compiled = {key: marshal.loads(code) for key, code in named if code is not None}
    return task, programs, nonces, observe


class _Reports:
    """Writes report lines for the program being evaluated (its nonce changes in a zygote's child)."""

    def __init__(self, fd: int) -> None:
        self.fd, self.nonce = fd, ""

    def send(self, message: dict[str, Any]) -> None:
        write_all(self.fd, (encode({**message, "nonce": self.nonce}) + "\n").encode("ascii"))  # a memfd: never blocks


def run(server: Inherited, slot: ServerSlot, programs: int, address_space: int, closing: list[int]) -> None:
    """Fork the candidates, then read the job, confine this process, evaluate, report, and exit (never returns)."""
    reports = _Reports(slot.report)
    warm = programs > 1
    server.evaluator.templates.single_use = True  # (this process's and its candidates' own copies)
    try:
        os.setpgid(0, 0)
        confine.die_with_parent(signal.SIGKILL)
        if os.getppid() != server.pid:  # the fork server is already gone
            os._exit(3)
        # The slot's directory is home, temporary folder and working folder, set before the candidates are forked
        # so that they inherit it (set in each, it cost a candidate about 0.4 ms of its first writes to memory).
        os.chdir(slot.directory)
        os.environ["TMPDIR"] = os.environ["HOME"] = tempfile.tempdir = slot.directory
        # Before anything of the task is in this process: the candidates' memory is the fork server's.
        channels = [candidate.spawn(server, slot, address_space) for _ in range(max(1, programs))]
        task, sources, nonces, observe = decode_job(os.pread(slot.job, os.fstat(slot.job).st_size, 0))
        keep = [slot.report] + [fd for c in channels for fd in (c.to_candidate, c.from_candidate)]
        _confine(server, slot, address_space, closing, warm, keep)

        def on_signal(number: int) -> None:
            reports.send({"kind": "signal", "signal": number})

        signal.setitimer(signal.ITIMER_REAL, server.config.timeout_s)
        if warm:
            program: Any = _Zygote(server, slot, reports, list(zip(sources, nonces, channels)), on_signal).fork
        else:
            program, reports.nonce = sources[0], nonces[0]
            server.evaluator.remote = candidate.RemoteProgram(channels[0], on_signal)
        verdict = server.evaluator.evaluate(
            task,
            program,
            on_pair_start=lambda index: reports.send({"kind": "start", "index": index}),
            on_pair_end=lambda pair: reports.send({"kind": "pair", "pair": pair.to_json()}),
            capture_world=bool(observe & 1),
            footprints=bool(observe & 2),
        )
        signal.setitimer(signal.ITIMER_REAL, 0)
        if observe & 2:  # (taken once the program's time is up, so that it costs the program none of it)
            verdict = with_footprints(verdict, task.query, keep_world=bool(observe & 1))
        denials = server.evaluator.remote.denials
        reports.send(verdict_message(verdict, "".join(f"[sandbox refused: {text}]\n" for text in denials)))
    except Fallback:
        pass  # (a zygote or its child) the evaluating process evaluates the program on its own
    except candidate.CandidateGone as gone:
        if not warm:  # end as the program's process ended; (a zygote's child: evaluated alone)
            candidate.mirror_death(gone.status)
    except BaseException as exc:  # noqa: BLE001 - report anything, then exit
        if not warm:
            _report_failure(reports, exc)
    finally:
        _end_candidate(server)
        os._exit(0)


def _end_candidate(server: Inherited) -> None:
    """Close the candidate's pipe (it exits at end of file) and collect it, so that its resource usage is counted
    with this worker's (a zygote's child leaves its candidate to the zygote, whose child it is)."""
    remote = server.evaluator.remote
    if remote is None or remote.gone is not None:
        return
    channel = remote.channel
    channel.close()
    if channel.parent:
        try:
            os.waitpid(channel.pid, 0)
        except ChildProcessError:
            pass


def _confine(
    server: Inherited, slot: ServerSlot, address_space: int, closing: list[int], zygote: bool, keep: list[int]
) -> None:
    """The judge's own confinement, once it has read its job: the task's programs, perhaps a third party's, run here.

    As a candidate's, but it may read the core's code whole and the packages of the modules its fork server loaded
    for it (:func:`~aspera_core.executor.confine.package_paths`), and a zygote's filter lets it fork its children, who
    keep its Landlock domain (its /proc entries, not theirs)."""
    config, abi = server.config, server.protections.landlock_abi
    rules = (*slot.rules, *server.readable, *server.judge_readable)
    descriptors = {fd for _, fd in rules}  # (its candidates are forked: closed, not kept)
    ruleset = confine.own_ruleset(abi, rules) if abi else None  # (no rules without Landlock)
    confine.isolate_descriptors([fd for fd in [*closing, 0, 1, 2] if fd not in descriptors], (*keep, ruleset))
    confine.set_worker_limits(address_space, config.memory_mb, config.timeout_s + config.grace_s)
    confine.apply(server.protections, ruleset, server.zygote_seccomp if zygote else server.seccomp)
    if ruleset is not None:
        os.close(ruleset)


class _Zygote:
    """The deferred program of a zygote: :meth:`fork` runs where the first pair first calls the program."""

    def __init__(
        self, server: Inherited, slot: ServerSlot, reports: _Reports, jobs: list[tuple[str, str, Any]], on_signal: Any
    ) -> None:
        self.server, self.slot, self.reports, self.jobs, self.on_signal = server, slot, reports, jobs, on_signal
        self.started = time.monotonic()  # the evaluation's timer starts now

    def fork(self) -> str:
        """In each child, return its program; in the zygote, wait for the children one by one, then return the last
        program, which the zygote judges itself (no state need be kept for another).

        A child judges one program, with the candidate forked for it; it reports into its own file, from which
        the zygote forwards its complete lines as they are: only the child writes there (no candidate holds any of
        its descriptors), so there is nothing to filter, and parsing and writing each line again copied some 90
        of the zygote's pages per program."""
        signal.setitimer(signal.ITIMER_REAL, 0)  # the shared setup is done
        left = max(self.server.config.timeout_s - (time.monotonic() - self.started), 0.001)
        try:
            for program, nonce, channel in self.jobs[:-1]:
                report = os.memfd_create("aspera-child-report", os.MFD_CLOEXEC)
                pid = forking.fork(keep_random=True)  # (os.fork() itself if the setup left a thread running)
                if pid == 0:
                    self._become_worker(nonce, report, left, channel)
                    return program
                channel.close()  # its candidate ends with the child
                signal.setitimer(signal.ITIMER_REAL, left + self.server.config.grace_s)  # then give up the group
                os.waitpid(pid, 0)
                signal.setitimer(signal.ITIMER_REAL, 0)
                data = os.pread(report, MAX_REPORT_BYTES + 1, 0)
                os.close(report)
                if len(data) <= MAX_REPORT_BYTES:  # (a flood: no verdict, the program is evaluated alone)
                    write_all(self.slot.report, complete_lines(data))
                _reap_candidates()
                empty_directory(self.slot.directory)  # each program starts with an empty directory
        except BaseException:  # noqa: BLE001, S110 - the programs without a verdict are evaluated alone
            os._exit(0)
        program, nonce, channel = self.jobs[-1]
        # Given up when a child would have been: a program that outlives its time then has no verdict here.
        channel.deadline = time.monotonic() + left + self.server.config.grace_s
        self.server.evaluator.remote = candidate.RemoteProgram(channel, self.on_signal)  # (its parent: this process)
        self.reports.nonce = nonce  # (its lines follow the forwarded ones in the slot's report)
        signal.setitimer(signal.ITIMER_REAL, left)
        return program

    def _become_worker(self, nonce: str, report: int, seconds: float, channel: Any) -> None:
        os.dup2(report, self.slot.report)
        os.close(report)
        for _, _, other in self.jobs:
            if other is not channel:
                other.close()
        channel.parent = False  # (its candidate is the zygote's child)
        self.server.evaluator.remote = candidate.RemoteProgram(channel, self.on_signal)
        self.reports.nonce = nonce  # (no "start" line: a child without a verdict is evaluated alone anyway)
        signal.setitimer(signal.ITIMER_REAL, seconds)


def _reap_candidates() -> None:
    """Collect the candidates that have exited (a zygote forked them)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass
    except ChildProcessError:
        pass


def _report_failure(reports: _Reports, exc: BaseException) -> None:
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        failure = pair_failure(0, exc, ORIGIN_HARNESS)  # timeout, resource or execution error
        message = "the worker failed outside the program: " + failure.message
        fields = {"outcome": failure.outcome.value, "error_type": failure.error_type, "traceback": failure.traceback}
        reports.send({"kind": "verdict", "message": message, **fields})
    except BaseException:  # noqa: BLE001 - nothing more can be done; the exit status tells the rest
        pass


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
