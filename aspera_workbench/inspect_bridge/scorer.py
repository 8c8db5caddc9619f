"""The scorer: the workbench sandbox's verdict on the parsed program, as an inspect score.

``C`` for ``success``, ``I`` otherwise; the metadata holds what a results row holds about
the evaluation (its checked verdict too) and what the program changed in each pair's world,
so that ``inspect view`` shows why a program failed. Inspect scores many samples at once and a sandbox
runs one batch at a time, hence single-worker sandboxes lent to one score each.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

import anyio
from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState
from pydantic_core import to_jsonable_python

from aspera_core.executor import Job, Sandbox, SandboxConfig, Verdict
from aspera_core.outcomes import Outcome
from aspera_workbench.inspect_bridge.benchmark import Benchmark
from aspera_workbench.inspect_bridge.checking import CheckedVerdicts
from aspera_workbench.inspect_bridge.metrics import checked_accuracy, outcome_shares, scored_pairs, selection_f1
from aspera_workbench.inspect_bridge.solver import STORE


class SandboxPool:
    """Up to ``config.workers`` single-worker sandboxes, made when first needed, each lent to one evaluation
    at a time; one that failed is closed and another made in its place.
    """

    def __init__(self, config: SandboxConfig) -> None:
        self.config = config
        self._idle: list[Sandbox] = []
        self._made = 0  # sandboxes idle or lent
        self._closed = False
        self._changed = threading.Condition()

    def _borrow(self) -> Sandbox:
        with self._changed:
            while not self._idle and self._made >= self.config.workers and not self._closed:
                self._changed.wait()
            if self._closed:
                raise RuntimeError("the sandbox pool is closed")
            if self._idle:
                return self._idle.pop()
            self._made += 1
        try:
            return Sandbox(dataclasses.replace(self.config, workers=1))
        except BaseException:
            self._give_back(None)
            raise

    def _give_back(self, sandbox: Sandbox | None) -> None:
        with self._changed:
            if sandbox is None:
                self._made -= 1
            elif self._closed:
                sandbox.close()
            else:
                self._idle.append(sandbox)
            self._changed.notify()

    def evaluate(self, task: Any, program: str, footprints: bool = False) -> Verdict:
        """The verdict on ``program`` for ``task``, with the world captured (and its footprints, if asked; blocking)."""
        sandbox = self._borrow()
        try:
            job = Job(task, program, capture_world=True, footprints=footprints)
            # Taking every result ends the run: only then may another evaluation use the sandbox.
            verdicts = [verdict for _, verdict in sandbox.run([job])]
        except BaseException:
            sandbox.close()
            self._give_back(None)
            raise
        self._give_back(sandbox)
        if not verdicts:
            raise RuntimeError("the sandbox returned no verdict")
        return verdicts[0]

    def close(self) -> None:
        """Close the idle sandboxes now and the lent ones as they come back."""
        with self._changed:
            self._closed = True
            idle, self._idle = self._idle, []
            self._made -= len(idle)
            self._changed.notify_all()
        for sandbox in idle:
            sandbox.close()


def world_changes(world: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    # deferred: the readable comparison (ui) loads pandas and the widgets, needed only once a verdict is in.
    from aspera_workbench.ui import pair_changes

    shown = []
    for change in pair_changes(world):
        tables = {
            name: {
                "added": list(table.added),
                "removed": list(table.removed),
                "changed": [{"before": before, "after": after} for before, after in table.changed],
            }
            for name, table in change.tables.items()
        }
        shown.append({"pair": change.pair, "readable": change.readable, "tables": tables})
    return to_jsonable_python(shown, fallback=str)


def verdict_metadata(verdict: Verdict) -> dict[str, Any]:
    return {
        "outcome": verdict.outcome.value,
        "error_type": verdict.error_type,
        "message": verdict.message,
        "traceback": verdict.traceback,
        "duration_s": verdict.duration_s,
        "pairs_run": verdict.pairs_run,
        "pairs_total": verdict.pairs_total,
        "pairs": [
            {
                "index": pair.index,
                "outcome": pair.outcome.value,
                "origin": pair.origin,
                "error_type": pair.error_type,
                "message": pair.message,
            }
            for pair in verdict.pairs
        ],
        "stdout": verdict.stdout,
        "stderr": verdict.stderr,
        "return_value": verdict.return_value,
        "world_changes": world_changes(verdict.world),
    }


def answer_marks(generation: Mapping[str, Any] | None) -> dict[str, Any]:
    """How the program's answer ended, as the results row records it (``truncated``: the token limit cut it off)."""
    generation = generation or {}
    return {
        "finish_reason": generation.get("finish_reason"),
        "truncated": bool(generation.get("truncated")),
        "prompt_truncated": bool(generation.get("prompt_truncated")),
    }


def explanation(metadata: Mapping[str, Any]) -> str:
    error = ": ".join(part for part in (metadata.get("error_type"), metadata.get("message")) if part)
    return f"{metadata['outcome']}: {error}" if error else str(metadata["outcome"])


def setting_metrics(setting: str) -> list[Any]:
    shown = [accuracy(), stderr(), checked_accuracy(), scored_pairs(), outcome_shares()]
    return [*shown, selection_f1()] if setting == "ps" else shown


def checked_metadata(checked: tuple[str | None, list[str]] | None) -> dict[str, Any]:
    """The checked verdict as the score's metadata holds it (``None``: not checked, unknown)."""
    outcome, reasons = checked if checked is not None else (None, [])
    return {"checked_outcome": outcome, "checked_reasons": list(reasons)}


@scorer(metrics=[accuracy(), stderr(), checked_accuracy()])
def sandbox_verdict(benchmark: Benchmark) -> Scorer:
    """The sandbox's verdict on the program the solver parsed (``C`` for success, else ``I``), with its checked
    verdict in the metadata (:mod:`~aspera_workbench.inspect_bridge.checking`)."""
    pool = SandboxPool(benchmark.sandbox)
    checking = (
        None
        if benchmark.control
        else CheckedVerdicts(
            list(benchmark.selected), benchmark.sandbox.library_fixes, partial(pool.evaluate, footprints=True)
        )
    )

    async def score(state: TaskState, target: Target) -> Score:
        task = benchmark.tasks[str(state.sample_id)]
        program = state.store.get(STORE.program)
        if program is None:
            metadata: dict[str, Any] = {
                "outcome": Outcome.PARSE_ERROR.value,
                "message": state.store.get(STORE.problem),
                "pairs_run": 0,
                "pairs_total": min(len(task.state_generation_programs), len(task.evaluation_programs)),
                **checked_metadata((Outcome.PARSE_ERROR.value, [])),  # as aspera run records a parse failure
            }
        else:
            verdict = await anyio.to_thread.run_sync(
                partial(pool.evaluate, footprints=checking is not None), benchmark.evaluation_task(task), program
            )
            metadata = verdict_metadata(verdict)
            checked = None if checking is None else await anyio.to_thread.run_sync(checking.check, task, verdict)
            metadata.update(checked_metadata(checked))
        selection = state.store.get(STORE.selection)
        if selection is not None:  # ps: what was selected, its precision and recall, and the F1 the metric averages
            metadata["selection"] = selection
            metadata["selection_f1"] = selection["f1"]
        metadata["seed"] = state.store.get(STORE.seed)
        metadata.update(answer_marks(state.store.get(STORE.generation)))
        success = metadata["outcome"] == Outcome.SUCCESS.value
        return Score(
            value=CORRECT if success else INCORRECT,
            answer=program,
            explanation=explanation(metadata),
            metadata=metadata,
        )

    return score
