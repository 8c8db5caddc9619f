"""How a primitive-selection (PS) run selected: mean scores with their denominator, and a warning when it selected nothing.

A model that answers the selection prompts in a shape the parser does not
read (or that declines to import anything) leaves ``selected: []`` on every
row: its programs are then written without library documentation and score
F1 0, which looks like a weak model rather than a broken run. The report
makes that visible in ``aspera run`` and ``aspera summary``.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from aspera_core.records import ResultRow, counted_rows, judged
from aspera_core.wording import count


@dataclass(frozen=True)
class SelectionReport:
    """The selection scores of a run's judged programs (one per task and seed).

    ``programs`` (with a recorded selection) is the denominator; each mean is over the
    programs that have the score (``None`` if none has).
    """

    programs: int
    selected_nothing: int
    precision: float | None
    recall: float | None
    f1: float | None

    @property
    def mostly_empty(self) -> bool:
        return 2 * self.selected_nothing > self.programs

    def describe(self) -> str:
        def percent(value: float | None) -> str:
            return "-" if value is None else f"{100 * value:.1f}%"

        return (
            f"primitive selection: mean precision {percent(self.precision)}, recall {percent(self.recall)}, "
            f"F1 {percent(self.f1)} over {count(self.programs, 'program')} with a selection; "
            f"{self.selected_nothing} of them selected nothing"
        )

    def warning(self) -> str | None:
        if not self.mostly_empty:
            return None
        return (
            f"the model selected no primitive for {self.selected_nothing} of {count(self.programs, 'program')}: "
            "they were written without the library's documentation; read the answers to the selection "
            "prompts (details.selection_answers in the rows) before reading their scores as the model's"
        )

    def as_json(self) -> dict[str, Any]:
        """The report as plain data (``aspera summary --json``)."""
        return dataclasses.asdict(self)


def selection_report(rows: Iterable[ResultRow]) -> SelectionReport | None:
    """The selection report of the counted rows (as for the outcome counts); ``None`` without any selection."""
    scored = [row.selection for row in counted_rows(rows) if judged(row) and row.selection is not None]
    if not scored:
        return None

    def mean(values: list[float | None]) -> float | None:
        present = [value for value in values if value is not None]
        return fmean(present) if present else None

    return SelectionReport(
        programs=len(scored),
        selected_nothing=sum(1 for selection in scored if not selection.selected),
        precision=mean([selection.precision for selection in scored]),
        recall=mean([selection.recall for selection in scored]),
        f1=mean([selection.f1 for selection in scored]),
    )


#: After this many programs, a run whose selections are mostly empty is warned of while it goes on.
EARLY_AFTER = 3


class EmptySelectionWatch:
    """Counts a run's selections as they are made (from several threads), and says once when most are empty."""

    def __init__(self, early_after: int = EARLY_AFTER) -> None:
        self.early_after = early_after
        self.proposed = 0
        self.empty = 0
        self.warned = False
        self._lock = threading.Lock()

    def record(self, selected: Collection[str]) -> str | None:
        with self._lock:
            self.proposed += 1
            self.empty += not selected
            if self.warned or self.proposed < self.early_after or 2 * self.empty <= self.proposed:
                return None
            self.warned = True
            return (
                f"the model selected no primitive for {self.empty} of the first {count(self.proposed, 'program')} "
                "(the run goes on; its end says how many in all)"
            )
