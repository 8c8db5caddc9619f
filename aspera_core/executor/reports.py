"""What a worker reports, and how the evaluating process turns reports into a verdict.

A worker writes JSON lines to its slot's in-memory file, read once it has exited; lines without the job's nonce
are ignored. A worker without a verdict is judged by how it ended (:func:`death`).
"""

from __future__ import annotations

import json
import os
import signal
from typing import Any

from aspera_core.outcomes import ORIGIN_WORKER, Outcome, PairResult, Verdict, combine_pairs

# Error types of verdicts made for a worker that ended without reporting.
WORKER_TIMEOUT = "WorkerTimeout"
WORKER_EXIT = "WorkerExit"
WORKER_SIGNAL = "WorkerSignal"
WORKER_OUT_OF_MEMORY = "WorkerOutOfMemory"
WORKER_FLOOD = "WorkerFlood"

#: A worker's reports are a few kilobytes; more means a program wrote into the report file.
MAX_REPORT_BYTES = 8 * 1024 * 1024


# The C encoder of the json module, made now: encoding with it after the program ran
# looks up no builtins the program could have replaced (json.dumps would).
_encode_c = json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, str, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True
)


def encode(message: dict[str, Any], _join: Any = "".join) -> str:
    """A report message as one line of ASCII JSON (values: text, numbers, ``None``, lists and dicts of them)."""
    return _join(_encode_c(message, 0))


def verdict_message(verdict: Verdict, extra_stderr: str = "") -> dict[str, Any]:
    """The ``verdict`` line of a finished evaluation (its pairs were reported one by one)."""
    message = {**verdict.__dict__, "kind": "verdict", "outcome": verdict.outcome.value}
    message["stderr"] += extra_stderr
    del message["pairs"]
    return message


def complete_lines(data: bytes) -> bytes:
    """``data`` up to its last newline (a line cut off by a kill is dropped whole)."""
    return data[: data.rfind(b"\n") + 1]


def read_messages(data: bytes, nonce: str) -> list[dict[str, Any]]:
    """The well-formed lines of ``data`` that carry ``nonce``."""
    return messages_by_nonce(data).get(nonce, [])


def messages_by_nonce(data: bytes) -> dict[str, list[dict[str, Any]]]:
    """The well-formed lines of ``data``, by the nonce they carry (a zygote's report is read once, not once per
    program: with 23 programs that was 23 times 46 lines)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for line in data.split(b"\n"):
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            continue  # garbage a program wrote, or a line cut off by a kill
        if isinstance(message, dict) and type(nonce := message.get("nonce")) is str:
            found.setdefault(nonce, []).append(message)
    return found


# Fields a verdict line may carry, and their types (a forged or garbled line must not break the reader).
_FIELDS = dict.fromkeys(("error_type", "message", "traceback", "stdout", "stderr", "return_value"), str)
_FIELDS.update(pairs_run=int, pairs_total=int, duration_s=float)


def _valid(name: str, value: Any) -> bool:
    kind = _FIELDS.get(name)
    if kind is None or isinstance(value, bool):
        return False
    if kind is float:
        return isinstance(value, int | float) and value >= 0
    return isinstance(value, kind) and (kind is str or value >= 0)


def _pairs(messages: list[dict[str, Any]]) -> list[PairResult]:
    pairs = []
    for message in messages:
        if message.get("kind") == "pair":
            try:
                pairs.append(PairResult.from_json(message["pair"]))
            except (KeyError, TypeError, ValueError):
                continue
    return pairs


def reported_verdicts(data: bytes, nonces: list[str], total: int) -> list[Verdict | None]:
    """The verdict reported for the job of each of ``nonces`` (``None``: none, or flooded); ``total``: the task's
    pairs."""
    found = {} if len(data) > MAX_REPORT_BYTES else messages_by_nonce(data)  # (a flood counts as no report)
    return [_reported(found.get(nonce, []), total, 0.0) for nonce in nonces]


def _messages(data: bytes, nonce: str) -> list[dict[str, Any]]:
    return [] if len(data) > MAX_REPORT_BYTES else read_messages(data, nonce)  # (a flood counts as no report)


def _reported(messages: list[dict[str, Any]], total: int, elapsed: float) -> Verdict | None:
    final = next((m for m in reversed(messages) if m.get("kind") == "verdict"), {})
    try:
        outcome = Outcome(final.get("outcome"))
    except (TypeError, ValueError):
        return None  # no verdict, or a malformed one: judged like a worker that sent none
    pairs = _pairs(messages)
    fields = {name: value for name, value in final.items() if _valid(name, value)}  # each on its own
    fields["duration_s"] = float(fields.get("duration_s", elapsed))
    defaults = {"pairs_run": len(pairs), "pairs_total": total}
    world = final.get("world") if isinstance(final.get("world"), list) else []
    worlds = tuple(w for w in world if isinstance(w, dict) and isinstance(w.get("pair"), int))
    taken = final.get("footprints") if isinstance(final.get("footprints"), list) else []
    footprints = tuple(f for f in taken if isinstance(f, dict) and type(f.get("pair")) is int)
    return Verdict(outcome=outcome, **{**defaults, **fields}, pairs=tuple(pairs), world=worlds, footprints=footprints)


def build_verdict(
    data: bytes, nonce: str, status: int, timed_out: bool, elapsed: float, total: int, timeout: str
) -> Verdict:
    """The verdict of one job: the one its worker reported (even past the deadline), else how the worker ended.

    ``status``: wait status; ``timed_out``: killed at the deadline; ``timeout``: the limit as messages name it.
    """
    messages = _messages(data, nonce)
    reported = _reported(messages, total, elapsed)
    if reported is not None:
        return reported
    flooded = len(data) > MAX_REPORT_BYTES
    pairs = _pairs(messages)
    started = sum(1 for m in messages if m.get("kind") == "start")
    self_signals = {m["signal"] for m in messages if m.get("kind") == "signal" and isinstance(m.get("signal"), int)}
    outcome, error_type, text = death(status, timed_out, flooded, self_signals, timeout)
    in_flight = PairResult(index=len(pairs), outcome=outcome, error_type=error_type, message=text, origin=ORIGIN_WORKER)
    deciding = combine_pairs(pairs + [in_flight]) or in_flight
    return Verdict(
        outcome=deciding.outcome,
        error_type=deciding.error_type,
        message=deciding.message,
        traceback=deciding.traceback,
        pairs_run=max(started, len(pairs)),
        pairs_total=total,
        duration_s=elapsed,
        pairs=(*pairs, in_flight),
    )


def death(
    status: int, timed_out: bool, flooded: bool, self_signals: set[int], timeout: str
) -> tuple[Outcome, str, str]:
    """Outcome, error type and message for a worker that ended without a verdict."""
    if flooded:
        return Outcome.EXECUTION_ERROR, WORKER_FLOOD, "the program flooded the worker's report file"
    if timed_out:
        return Outcome.TIMEOUT, WORKER_TIMEOUT, f"no verdict within {timeout}; the worker was killed"
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
            message = "the worker was killed by SIGKILL without reporting (most likely out of memory)"
            return Outcome.RESOURCE_ERROR, WORKER_OUT_OF_MEMORY, message
        return Outcome.EXECUTION_ERROR, WORKER_SIGNAL, f"the worker process crashed with {name}"
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else status
    message = (
        f"the worker process exited with status {code} before reporting a verdict "
        "(the program ended the process, e.g. with os._exit)"
    )
    return Outcome.EXECUTION_ERROR, WORKER_EXIT, message
