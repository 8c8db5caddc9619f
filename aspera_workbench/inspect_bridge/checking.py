"""The checked verdict of the programs the scorer evaluates, as ``aspera run`` takes it.

Each program's footprint is compared with the reference program's on the same pairs
(:mod:`aspera_core.grading`). The reference's footprints are taken once per task, in the
sandbox like any evaluation, and kept in the same disk cache as ``aspera run``'s
(:class:`aspera_core.runner.ReferenceFootprints`); programs never see them.
In the control setting nothing is checked (as in ``aspera run``: its programs change a
world of plain data, not the library's tables), so the checked verdict is unknown there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from aspera_core.executor import Verdict
from aspera_core.grading import Footprint, checked_verdict
from aspera_core.runner import ReferenceFootprints
from aspera_core.tasks import Task

#: Evaluates a program on a task with its footprints taken (the scorer's sandbox pool).
Evaluate = Callable[[Task, str], Verdict]


class CheckedVerdicts:
    """Checked verdicts of programs on some tasks, the reference's footprints taken on first need (thread safe)."""

    def __init__(self, tasks: list[Task], library_fixes: bool, evaluate: Evaluate) -> None:
        self.references = ReferenceFootprints.cached(tasks, library_fixes)
        self._evaluate = evaluate
        self._lock = threading.Lock()
        self._task_locks: dict[str, threading.Lock] = {}

    def reference(self, task: Task) -> tuple[Footprint, ...] | None:
        """The reference's footprints on ``task``: from the cache, or taken now (once, whichever thread asks first)."""
        with self._lock:
            task_lock = self._task_locks.setdefault(task.query_id, threading.Lock())
        with task_lock:
            with self._lock:
                found = self.references.get(task)
            if found is not None:
                return found
            verdict = self._evaluate(task, task.program)
            with self._lock:
                found = self.references.put(task, verdict.footprints)
                self.references.save()
            return found

    def check(self, task: Task, verdict: Verdict) -> tuple[str | None, list[str]]:
        """``(checked_outcome, checked_reasons)`` of a program whose evaluation gave ``verdict`` (footprints taken)."""
        reference = self.reference(task)
        try:
            footprints = [Footprint.from_json(item) for item in verdict.footprints]
        except (ValueError, TypeError):
            footprints = None
        return checked_verdict(verdict.outcome.value, footprints, reference, verdict.pairs_run)
