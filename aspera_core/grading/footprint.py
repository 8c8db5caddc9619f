"""A program's footprint in one setup/evaluation pair: what it changed in the world and what it answered.

The judge takes it around the program's first call in each pair (the world's tables before and after, the value
returned or the hand-back raised), after the evaluation has ended, so that it costs the program none of its time.
It travels to the evaluating process as plain JSON and is compared there with the reference program's footprint
on the same pair (:mod:`aspera_core.grading.rules`); the program never sees either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aspera_core.grading.answer_facts import Vocabulary, date_key, mentions
from aspera_core.grading.changes import describe, people_names, row_digest, world_delta
from aspera_core.grading.ids import IdNumbering, Tables
from aspera_core.world import NOW

#: Bumped whenever a footprint of the same run could come out differently: cached references are then retaken.
GRADING_VERSION = "1"
HANDBACK = "RequiresUserInput"
#: Rows described for people, per footprint (a program that deletes everything changes hundreds).
_DESCRIBED_ROWS = 40


@dataclass(frozen=True)
class Footprint:
    """What one program did in one pair, in the comparison's view (:mod:`aspera_core.grading.changes`).

    ``added``/``removed``: per table, how often each row (by digest) was added or removed; ``rows``: a readable
    line for some of those digests. ``answer``: the candidates the answer names (the returned value, or the
    hand-back's message), ``None`` when there was none (``None`` returned, or another exception); ``handback``:
    it raised ``RequiresUserInput``. ``context``: candidates an answer may name freely (the request's, the user,
    today). ``problem``: why the footprint could not be taken (then nothing else is set).
    """

    pair: int
    added: dict[str, dict[str, int]] = field(default_factory=dict)
    removed: dict[str, dict[str, int]] = field(default_factory=dict)
    rows: dict[str, str] = field(default_factory=dict)
    answer: tuple[str, ...] | None = None
    handback: bool = False
    context: tuple[str, ...] = ()
    problem: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "pair": self.pair,
            "added": self.added,
            "removed": self.removed,
            "rows": self.rows,
            "answer": None if self.answer is None else list(self.answer),
            "handback": self.handback,
            "context": list(self.context),
            "problem": self.problem,
        }

    @classmethod
    def from_json(cls, data: Any) -> Footprint:
        """Rebuild from :meth:`to_json` output, checking every type (``ValueError`` if it is not one)."""
        if not isinstance(data, dict) or type(data.get("pair")) is not int:
            raise ValueError("not a footprint")

        def counts(value: Any) -> dict[str, dict[str, int]]:
            if not isinstance(value, dict):
                raise ValueError("malformed footprint counts")
            return {
                str(table): {str(key): int(n) for key, n in dict(rows).items() if type(n) is int and n > 0}
                for table, rows in value.items()
                if isinstance(rows, dict)
            }

        answer = data.get("answer")
        rows = data.get("rows")
        problem = data.get("problem")
        return cls(
            pair=data["pair"],
            added=counts(data.get("added", {})),
            removed=counts(data.get("removed", {})),
            rows={str(k): str(v) for k, v in rows.items()} if isinstance(rows, dict) else {},
            answer=None if answer is None else tuple(str(key) for key in list(answer)),
            handback=data.get("handback") is True,
            context=tuple(str(key) for key in list(data.get("context") or [])),
            problem=None if problem is None else str(problem),
        )


def take(
    pair: int, before: Tables | None, after: Tables | None, value: Any, raised: BaseException | None, query: str
) -> Footprint:
    """The footprint of one call: ``before``/``after`` are the world's tables around it (``None``: unreadable),
    ``value`` what it returned, ``raised`` what it raised, ``query`` the request."""
    if before is None or after is None:
        return Footprint(pair, problem="the world could not be read around the program's call")
    ids = IdNumbering(before)
    delta = world_delta(before, after, ids)
    names = people_names(after, ids) if delta else {}
    rows: dict[str, str] = {}
    added: dict[str, dict[str, int]] = {}
    removed: dict[str, dict[str, int]] = {}
    for table, change in delta.items():
        for side, target in ((change.added, added), (change.removed, removed)):
            counted = target.setdefault(table, {})
            for row in side:
                digest = row_digest(row)
                counted[digest] = counted.get(digest, 0) + 1
                if digest not in rows and len(rows) < _DESCRIBED_ROWS:
                    rows[digest] = describe(table, row, names)
    today = NOW.date()
    vocabulary = Vocabulary.of(after, today)
    # (the request's candidates: the same for every program evaluated on this world)
    handback = raised is not None and type(raised).__name__ == HANDBACK
    answer: frozenset[str] | None = None
    if handback:
        answer = mentions(str(raised.args[0]) if raised.args else "", vocabulary)  # type: ignore[union-attr]
    elif raised is None and value is not None:
        answer = mentions(value, vocabulary)
    user = [row["name"] for row in after.get("employees") or [] if row.get("is_user") and row.get("name")]
    context = mentions(query, vocabulary) | mentions(user, vocabulary) | {date_key(today)}
    return Footprint(
        pair,
        added={table: counts for table, counts in added.items() if counts},
        removed={table: counts for table, counts in removed.items() if counts},
        rows=rows,
        answer=None if answer is None else tuple(sorted(answer)),
        handback=handback,
        context=tuple(sorted(context)),
    )
