"""A candidate task while it is being generated, checked and decided on."""

from __future__ import annotations

import ast
import datetime
from dataclasses import asdict, dataclass, field
from typing import Any

from aspera_workbench.generation.checks import Check
from aspera_workbench.surface import names_used

#: Where a candidate stands.
NEW, VALID, INVALID, ACCEPTED, REJECTED = "new", "valid", "invalid", "accepted", "rejected"
STATUSES = (NEW, VALID, INVALID, ACCEPTED, REJECTED)
#: Candidates still waiting for a decision.
OPEN = (NEW, VALID, INVALID)
#: How a problem starts when the model gave no answer (a request error after the client's retries).
MODEL_ERROR = "model error"

#: How an invalid candidate whose problem is a model error is shown: it failed no check, and the
#: batch mode asks again (the session file keeps its status, ``invalid``).
LEFT_OPEN = "left open for a model error"


def is_model_error(problem: str | None) -> bool:
    """Whether a problem is the model giving no answer (as opposed to an answer that could not be used)."""
    return bool(problem) and str(problem).startswith(MODEL_ERROR)


def spent_usd(requests: list[dict[str, Any]]) -> float | None:
    """Dollars the recorded requests spent, or ``None`` when one answered afresh has no known cost (older
    records say 0 for such an answer, with a ``cost_usd`` of ``None``)."""
    total = 0.0
    for request in requests:
        if request.get("error") is not None or request.get("cached"):
            continue  # no answer, or one from the cache: nothing was spent
        if request.get("spent_usd") is None or request.get("cost_usd") is None:
            return None
        total += float(request["spent_usd"])
    return total


def now_text() -> str:
    """The current local time as the release writes timestamps (``%Y-%m-%d %H:%M:%S``)."""
    return datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")


@dataclass
class Candidate:
    """One request on its way to becoming a task (``id`` ``c0001``..., ``batch`` from 1).

    ``answers`` holds the model's latest raw answer per step, ``repairs`` the repairs asked per step
    since the last decision, ``attempts`` the requests per step (the sampling seed moves with it),
    ``requests`` one record per model request, ``facts`` what the checks found out.
    """

    id: str
    query: str
    focus: str | None = None
    batch: int = 0
    program: str | None = None
    setup: str | None = None
    evaluation: str | None = None
    status: str = NEW
    check: Check | None = None
    answers: dict[str, str] = field(default_factory=dict)
    repairs: dict[str, int] = field(default_factory=dict)
    attempts: dict[str, int] = field(default_factory=dict)
    edited: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    reason: str | None = None
    task_id: str | None = None
    created: str = field(default_factory=now_text)
    updated: str = field(default_factory=now_text)

    def code(self, step: str) -> str | None:
        """The program of a step (``program``, ``setup`` or ``evaluation``)."""
        return getattr(self, step)

    @property
    def expects_handback(self) -> bool:
        """Whether the reference program hands back in the task's world."""
        return bool(self.facts.get("expects_handback"))

    @property
    def unanswered(self) -> bool:
        """Whether it is invalid only because the model gave no answer for one of its programs."""
        return (
            self.status == INVALID
            and self.check is not None
            and any(is_model_error(problem) for problem in self.check.problems)
        )

    @property
    def shown_status(self) -> str:
        """The status as shown to a person: :data:`LEFT_OPEN` for an :attr:`unanswered` candidate."""
        return LEFT_OPEN if self.unanswered else self.status

    @property
    def spent_usd(self) -> float | None:
        """Dollars spent on this candidate's requests; ``None`` when one is of unknown cost (a sum would understate it)."""
        return spent_usd(self.requests)

    def to_json(self) -> dict[str, Any]:
        """JSON-compatible dictionary (the check as one too)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Candidate:
        """Rebuild from :meth:`to_json` output (KeyError, TypeError or ValueError for anything else)."""
        values = dict(data)
        check = values.pop("check", None)
        candidate = cls(**values)
        candidate.check = Check.from_json(check) if check is not None else None
        if candidate.status not in STATUSES:
            raise ValueError(f"unknown status {candidate.status!r}")
        return candidate


#: Tags of the workbench's vocabulary given by the primitives a program uses.
_TAG_NAMES = {
    "recurring": {"RepetitionSpec", "EventFrequency"},
    "rooms": {"search_conference_room", "find_available_time_slots", "summarise_availability", "ConferenceRoom"},
    "delete": {"delete_event"},
    "shared_calendar": {"share_calendar", "get_calendar"},
    "vacation": {"get_vacation_schedule"},
    "availability": {"find_available_slots", "find_available_time_slots"},
    "org_structure": {"find_manager_of", "find_reports_of", "find_team_of", "get_assistant"},
    "relative_dates": {"get_next_dow", "get_prev_dow", "parse_date_string", "this_week_dates", "DateExpressions"},
}


def derive_tags(program: str, facts: dict[str, Any], apps: list[str]) -> list[str]:
    """Category tags of a generated task (at least one), from its reference program and its checks' facts."""
    tags = []
    if facts.get("expects_handback"):
        tags.append("handback")  # (its evaluation checks the hand-back's message: a plain one must fail)
    elif facts.get("answers"):
        tags.append("information")
    if facts.get("changes_world") or not tags:
        tags.append("action")
    try:
        tree = ast.parse(program)
        used = set(names_used(program, apps))
    except SyntaxError:
        return tags
    nodes = list(ast.walk(tree))
    if any(isinstance(node, ast.For | ast.While | ast.comprehension) for node in nodes):
        tags.append("loop")
    if any(isinstance(node, ast.If | ast.IfExp) for node in nodes):
        tags.append("conditional")
    tags += [tag for tag, names in _TAG_NAMES.items() if names & used]
    return tags
