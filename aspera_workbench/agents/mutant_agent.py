"""The mutant agent: a semantics-breaking mutant of the reference program, drawn by the seed."""

from __future__ import annotations

import difflib
from typing import Any

from aspera_core.agents import BuiltinAgent, ProgramUnavailable, Proposal
from aspera_core.tasks import Task
from aspera_workbench.variants import BREAKING_KINDS, mutants, pick


def check_kinds(kinds: list[str] | None) -> list[str] | None:
    """``kinds``, or ``ValueError`` naming the first unknown mutant kind (with the closest known one)."""
    for kind in kinds or ():
        if kind not in BREAKING_KINDS:
            close = difflib.get_close_matches(kind, list(BREAKING_KINDS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ValueError(f"unknown mutation kind {kind!r}{hint}; known: {', '.join(BREAKING_KINDS)}")
    return kinds


class MutantAgent(BuiltinAgent):
    """Submits a mutant of the reference program of ``kinds`` (default: every kind of :mod:`aspera_workbench.variants`).

    One mutant is drawn per task and seed, reproducibly; the row's ``mutation`` says what
    changed. Realistic failures without a model. A mutant that changes nothing in the
    task's world may pass: an honest verdict (the audit tells such mutants apart).
    """

    name = "mutant"
    seeded = True

    def __init__(self, kinds: list[str] | None = None) -> None:
        self.kinds = sorted(kinds) if check_kinds(kinds) else None

    def parameters(self) -> dict[str, Any]:
        return {"kinds": self.kinds}

    def propose(self, task: Task, seed: int | None = None) -> Proposal:
        try:
            candidates = mutants(task.program, kinds=self.kinds, apps=list(task.scenario.apps))
        except ValueError as error:
            raise ProgramUnavailable(f"the reference program cannot be mutated: {error}") from None
        chosen = pick(candidates, seed=seed or 0, salt=task.query_id)
        if chosen is None:
            raise ProgramUnavailable("no mutant of the allowed kinds applies to this reference program")
        return Proposal(program=chosen.source, mutation=f"{chosen.kind}: {chosen.description}")
