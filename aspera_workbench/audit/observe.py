"""Observing what a program does in a task's worlds, to tell equivalent programs apart.

An evaluation program can see three things of a run: how the world changed,
what the program returned, and which exception it raised. Two programs that
agree on all three in every world of a task get the same verdict from any
evaluation program of that task (the statuses of :mod:`aspera_workbench.audit.report` rest on this).

The observation runs in the sandbox like any evaluation: the task's
evaluation programs are replaced by :data:`PROBE_EVALUATION`, which builds the
world, runs the program, and prints one line per setup/evaluation pair.

Comparison rules:

* random ids (UUIDs) are replaced by their first-appearance number in the world
  the setup program built; ids created by the program all become ``<new>``
  (two programs need not draw the same random ids);
* each table is compared as a multiset of rows (the order rows were added in is
  not part of the comparison), through the rows added and removed by the run;
  lists of ids in a row are compared as sets (the library stores some sorted
  by the random ids);
* a recurring event is compared through its occurrences, which the calendar
  stores as rows of their own (all of them for a bounded rule, the first 23
  for an open-ended one), and whether its rule is bounded; how the rule is
  written is not compared (until Friday or until Saturday, for weekdays only,
  is the same series);
* the return value by its ``repr`` (sets sorted), ids replaced as above;
* the exception by its class name only (hand-back messages are free text).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import operator
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aspera_core.grading import IdNumbering, Vocabulary, canonical_value, mentions, world_delta
from aspera_core.world import NOW, get_current_context

MARKER = "aspera-audit-observation "

#: The evaluation program of an observation run: it judges nothing, it reports.
PROBE_EVALUATION = """\
def evaluate_audit_observation(query, executable, setup_function):
    from aspera_workbench.audit.observe import observe

    observe(executable, setup_function)
"""
#: The modules :data:`PROBE_EVALUATION` imports, for the sandbox to load for its judges (``Sandbox.prepare``).
PROBE_MODULES = (__name__,)

_SHOWN_ANSWER = 200
# What an evaluation program can see of a run.
_COMPARED = operator.attrgetter("raised", "answer_digest", "world_digest")


@dataclass(frozen=True)
class Observation:
    """What one program did in one world.

    ``raised`` is the class name of the exception it raised; ``answer`` the
    canonical return value, cut to 200 characters (``answer_digest`` is of the
    whole); ``world_digest`` digests the rows the run added and removed, and
    ``changes`` gives ``table -> "+added -removed"`` for every table it changed.
    """

    raised: str | None
    answer: str
    answer_digest: str
    world_digest: str
    changes: dict[str, str]
    #: What the freedom proofs compare (:mod:`aspera_workbench.audit.freedom`), kept out of the audit file: the
    #: change in the checked verdict's view, the user's id, the overlaps of each new event, the answer's facts.
    details: dict[str, Any] | None = dataclasses.field(default=None, compare=False)

    def same_as(self, other: Observation) -> bool:
        """Whether no evaluation program could tell the two runs apart."""
        return _COMPARED(self) == _COMPARED(other)

    def to_json(self) -> dict[str, Any]:
        return {name: value for name, value in dataclasses.asdict(self).items() if name != "details"}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Observation:
        """Rebuild from :meth:`to_json` output (``KeyError``, ``TypeError`` if it is not)."""
        return cls(
            raised=data["raised"],
            answer=str(data["answer"]),
            answer_digest=str(data["answer_digest"]),
            world_digest=str(data["world_digest"]),
            changes={str(k): str(v) for k, v in dict(data["changes"]).items()},
            details=data["details"] if isinstance(data.get("details"), dict) else None,
        )


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", errors="replace")).hexdigest()[:16]


def _stable_repr(value: Any) -> str:
    kind = type(value)
    if kind is list:
        return "[" + ", ".join(_stable_repr(v) for v in value) + "]"
    if kind is tuple:
        return "(" + ", ".join(_stable_repr(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if kind is dict:
        return "{" + ", ".join(f"{_stable_repr(k)}: {_stable_repr(v)}" for k, v in value.items()) + "}"
    if kind in (set, frozenset):
        return kind.__name__ + "(" + repr(sorted(_stable_repr(v) for v in value)) + ")"
    return repr(value)


def row_text(row: dict[str, Any], ids: Callable[[str], str]) -> str:
    """A row as the comparison sees it: canonical JSON text, a recurring event's rule reduced to finite or not."""
    repeats = row.get("repeats")
    if isinstance(repeats, dict):
        # A recurring event's occurrences are stored as rows of their own; the
        # rule itself is kept only as finite or not, so two rules with the
        # same occurrences ("until Saturday" or "until Friday" on weekdays) agree.
        finite = repeats.get("recurs_until") is not None or repeats.get("max_repetitions") is not None
        row = {**row, "repeats": {"finite": finite}}
    return json.dumps(canonical_value(row, ids), sort_keys=True)


def world_change(
    before: dict[str, list[dict[str, Any]]], after: dict[str, list[dict[str, Any]]], ids: Callable[[str], str]
) -> dict[str, dict[str, list[str]]]:
    """``table -> {"added": [...], "removed": [...]}`` (sorted canonical row texts) for every table a run changed.

    ``before`` and ``after`` are ``ExecutionContext.to_dict()`` after setup and
    after the program; ``ids`` replaces ids in a row's text (:class:`IdNumbering`).
    """
    change: dict[str, dict[str, list[str]]] = {}
    for table in sorted(set(before) | set(after)):
        old = Counter(row_text(row, ids) for row in before.get(table, []))
        new = Counter(row_text(row, ids) for row in after.get(table, []))
        added, removed = sorted((new - old).elements()), sorted((old - new).elements())
        if added or removed:
            change[table] = {"added": added, "removed": removed}
    return change


def observe(executable: Callable[[], Any], setup_function: Callable[[], Any]) -> None:
    """Build the world, run the program, and print one observation line (the body of :data:`PROBE_EVALUATION`)."""
    setup_function()
    before = get_current_context().to_dict()
    raised, value = None, None
    try:
        value = executable()
    except Exception as error:  # noqa: BLE001 - the exception is what is observed
        raised = type(error).__name__
    after = get_current_context().to_dict()
    ids = IdNumbering(before)
    change = world_change(before, after, ids)
    answer = ids(_stable_repr(value))
    record = {
        "raised": raised,
        "answer": answer[:_SHOWN_ANSWER],
        "answer_digest": _digest(answer),
        "world_digest": _digest(json.dumps(change, sort_keys=True)),
        "changes": {t: f"+{len(c['added'])} -{len(c['removed'])}" for t, c in change.items()},
        "details": details(before, after, ids, value),
    }
    sys.stdout.write(MARKER + json.dumps(record, default=str) + "\n")


# A probe run's output is kept to its last 4,000 characters, so the details travel as short digests: enough for
# the freedom proofs, and small for a change of dozens of events. More new events than this prove nothing.
_DETAIL_ROWS = 60
_SHORT = 10


def _short(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:_SHORT]


def _bag(rows: list[Any]) -> str:
    """A digest of a multiset (order ignored)."""
    return _short(sorted(json.dumps(row, sort_keys=True, default=str) for row in rows))


def _overlaps(row: dict[str, Any], after: dict[str, list[dict[str, Any]]]) -> int:
    """Events of the user's calendar, and of the attendees' calendars, that overlap a new event (itself not counted)."""
    start, end = row.get("starts_at"), row.get("ends_at")
    if not isinstance(start, str) or not isinstance(end, str):
        return 0
    people = set(row.get("attendees") or [])
    others = list(after.get("user_calendar") or [])
    others += [r for r in after.get("shared_calendars") or [] if r.get("calendar_id") in people]
    found = sum(
        1
        for other in others
        if not other.get("repeats")
        and isinstance(other.get("starts_at"), str)
        and isinstance(other.get("ends_at"), str)
        and other["starts_at"] < end
        and start < other["ends_at"]
    )
    return max(0, found - 1)


def _replaces(row: dict[str, Any], removed: list[dict[str, Any]]) -> bool:
    """Whether a new event shares its subject or its attendees with an event the run removed (it replaces it)."""
    subject = (row.get("subject") or "").casefold()
    people = sorted(row.get("attendees") or [])
    return any(
        (subject and (old.get("subject") or "").casefold() == subject)
        or (people and sorted(old.get("attendees") or []) == people)
        for old in removed
    )


def details(
    before: dict[str, list[dict[str, Any]]], after: dict[str, list[dict[str, Any]]], ids: IdNumbering, value: Any
) -> dict[str, Any]:
    """What the freedom proofs compare (:mod:`aspera_workbench.audit.freedom`), as digests: the change in the
    checked verdict's view; per new event of the user's calendar, its digest whole, without its end and without
    the user among its attendees, and whether it replaces a removed event; the new events' values column by
    column; their overlaps with other events; the answer's type and facts, with and without the user."""
    delta = world_delta(before, after, ids)
    calendar = delta.get("user_calendar")
    added = list(calendar.added) if calendar is not None else []
    removed_events = list(calendar.removed) if calendar is not None else []
    users = [row for row in after.get("employees") or [] if row.get("is_user")]
    user = ids(users[0]["employee_id"]) if users else None
    user_fact = f"person:{str(users[0].get('name')).lower()}" if users else None

    def without_user(row: dict[str, Any]) -> dict[str, Any]:
        people = row.get("attendees")
        return {**row, "attendees": [p for p in people if p != user] if isinstance(people, list) else people}

    columns: dict[str, list[Any]] = {}
    for row in added:
        for name, item in row.items():
            columns.setdefault(name, []).append(item)
    new_ids = {r.get("event_id") for r in before.get("user_calendar") or []}
    new_events = [
        r for r in after.get("user_calendar") or [] if not r.get("repeats") and r.get("event_id") not in new_ids
    ]
    facts = sorted(mentions(value, Vocabulary.of(after, NOW.date())))
    return {
        "truncated": len(added) > _DETAIL_ROWS,
        "removed": _bag([[table, row] for table, change in delta.items() for row in change.removed]),
        "added": _bag([[table, row] for table, change in delta.items() for row in change.added]),
        "added_elsewhere": _bag(
            [[table, row] for table, change in delta.items() if table != "user_calendar" for row in change.added]
        ),
        "events": [
            [
                _short(row),
                _short({k: v for k, v in row.items() if k != "ends_at"}),
                _short(without_user(row)),
                int(_replaces(row, removed_events)),
            ]
            for row in added[:_DETAIL_ROWS]
        ],
        "columns": {name: _bag(values) for name, values in sorted(columns.items())},
        "busy": sum(_overlaps(row, after) for row in new_events),
        "answer_type": type(value).__name__,
        "facts": _short(facts),
        "facts_without_user": _short([fact for fact in facts if fact != user_fact]),
    }


def idle_observation(raised: str | None = None) -> Observation:
    """What a program that changes nothing and returns ``None`` (or raises ``raised`` at once) is observed to do.

    The ``noop`` and ``handback`` baselines behave like this in every world, so
    they need no observation run.
    """
    return Observation(
        raised=raised,
        answer="None",
        answer_digest=_digest(_stable_repr(None)),
        world_digest=_digest(json.dumps({}, sort_keys=True)),
        changes={},
    )


def read_observations(stdout: str) -> list[Observation]:
    """One observation per readable observation line of a probe run's ``stdout`` (program output may be mixed in)."""
    found = []
    for line in stdout.splitlines():
        if line.startswith(MARKER):
            try:
                found.append(Observation.from_json(json.loads(line[len(MARKER) :])))
            except (ValueError, KeyError, TypeError):
                continue
    return found
