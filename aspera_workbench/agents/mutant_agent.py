"""The mutant agent: a semantics-breaking mutant of the reference program, drawn by the seed."""

from __future__ import annotations

from typing import Any

from aspera_core.agents import BuiltinAgent, ProgramUnavailable, Proposal
from aspera_core.tasks import Task
from aspera_workbench.variants import BREAKING_KINDS, mutants, pick


class MutantAgent(BuiltinAgent):
    """Submits a mutant of the reference program of ``kinds`` (default: every kind of :mod:`aspera_workbench.variants`).

    One mutant is drawn per task and seed, reproducibly; the row's ``mutation`` says what
    changed. Realistic failures without a model. A mutant that changes nothing in the
    task's world may pass: an honest verdict (the audit tells such mutants apart).
    """

    name = "mutant"
    seeded = True

    def __init__(self, kinds: list[str] | None = None) -> None:
        unknown = sorted(set(kinds or ()) - set(BREAKING_KINDS))
        if unknown:
            raise ValueError(f"unknown mutation kind(s): {', '.join(unknown)}; known: {', '.join(BREAKING_KINDS)}")
        self.kinds = sorted(kinds) if kinds else None

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
