"""The variant record, the kinds of variants, and seeded choices among them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

PASS = "pass"
FAIL = "fail"

#: Semantics-preserving rewrites: a sound evaluation program accepts every one.
PRESERVING_KINDS: dict[str, str] = {
    "reorder_statements": "two adjacent statements with no data or effect dependency swapped",
    "rename_variables": "local variables renamed (no capture; the function keeps its name)",
    "extract_helper": "a statement's work moved into a nested helper function called in its place",
    "inline_variable": "a single-use local variable replaced by the expression it holds",
    "equivalent_primitives": "a library call replaced by an equivalent combination (e.g. modify -> + timedelta)",
    "iteration_order": "a loop whose iterations are independent run in reverse order",
}

#: Semantics-breaking mutants: a sound evaluation program rejects every one.
BREAKING_KINDS: dict[str, str] = {
    "drop_action": "an action call (add_event, delete_event, share_calendar) removed",
    "duplicate_action": "an action performed twice",
    "shift_datetime": "a date or time constant moved (an hour, 15 minutes, a day, a weekday)",
    "change_attendee": "an attendee added, replaced or dropped",
    "change_room": "the meeting room changed or dropped",
    "add_unrelated_event": "an unrelated event added to the calendar",
    "swallow_handback": "a hand-back (raise RequiresUserInput) replaced by a silent return",
    "wrong_answer": "the returned answer altered (number + 1, negation, another name, a day later...)",
}

#: Every kind of generated variant, preserving ones first.
KINDS: dict[str, str] = {**PRESERVING_KINDS, **BREAKING_KINDS}


def expected_verdict(kind: str) -> str:
    """``"pass"`` for a preserving kind, ``"fail"`` for a breaking one (``KeyError`` for any other)."""
    if kind in PRESERVING_KINDS:
        return PASS
    if kind in BREAKING_KINDS:
        return FAIL
    raise KeyError(f"unknown variant kind {kind!r} (known: {', '.join(KINDS)})")


@dataclass(frozen=True)
class Variant:
    """A program derived from another by one rewrite of a kind of :data:`KINDS`.

    ``description`` says what was changed, with line numbers of the original
    program; ``expected`` is ``"pass"`` (semantics preserved) or ``"fail"`` (a mutant).
    """

    kind: str
    description: str
    source: str
    expected: str


T = TypeVar("T")


def seeded_random(seed: int, salt: str = "") -> random.Random:
    """A random generator that depends only on ``seed`` and ``salt`` (not on the process or hash seed)."""
    return random.Random(f"{seed}:{salt}")


def choose(items: Sequence[T], k: int | None, seed: int, salt: str = "") -> list[T]:
    """``k`` items (``None``: all) chosen reproducibly from ``seed`` and ``salt``, in their original order.

    ``salt`` distinguishes independent choices under one seed (e.g. a task id and a kind).
    """
    if k is None or k >= len(items):
        return list(items)
    if k <= 0:
        return []
    keep = sorted(seeded_random(seed, salt).sample(range(len(items)), k))
    return [items[index] for index in keep]


def pick(items: Sequence[T], seed: int, salt: str = "") -> T | None:
    """One item chosen reproducibly from ``seed`` and ``salt``; ``None`` when there is none."""
    if not items:
        return None
    return items[seeded_random(seed, salt).randrange(len(items))]
