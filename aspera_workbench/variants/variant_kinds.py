"""The variant record, the kinds of variants, and seeded choices among them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

PASS = "pass"
FAIL = "fail"

#: Rewrites that keep behaviour identical: no deterministic evaluation program can reject one (they check the
#: executor and the audit's own machinery more than the evaluation programs).
IDENTITY_KINDS: dict[str, str] = {
    "reorder_statements": "two adjacent statements with no data or effect dependency swapped",
    "rename_variables": "local variables renamed (no capture; the function keeps its name)",
    "extract_helper": "a statement's work moved into a nested helper function called in its place",
    "inline_variable": "a single-use local variable replaced by the expression it holds",
    "equivalent_primitives": "a library call replaced by an equivalent combination (e.g. modify -> + timedelta)",
    "iteration_order": "a loop whose iterations are independent run in reverse order",
}

#: Correct programs that differ from the reference where the request leaves a freedom (proved from the request's
#: words, then by running both): a sound evaluation program accepts every one.
FREEDOM_KINDS: dict[str, str] = {
    "unstated_length": "a new event given another common length that fits, where the request states none",
    "unordered_assignment": "people given their slots, rooms or times in another order, where the request fixes none",
    "answer_rendering": "a text answer in other words or with dates and times in another format",
    "user_attendee": "the user listed among the attendees of an event they create (or left out)",
    "change_form": "the same change stored another way: update or replace, a series or its single events",
}

#: Semantics-preserving variants: a sound evaluation program accepts every one.
PRESERVING_KINDS: dict[str, str] = {**IDENTITY_KINDS, **FREEDOM_KINDS}

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

#: Programs that skip the task (the checklist's shortcut probes): a sound evaluation program rejects every one.
SHORTCUT_KINDS: dict[str, str] = {
    "handback_everything": "hands back at once with every fact of the world in the message",
    "list_everything": "answers with every candidate of the answer's type (every name, room, date, time, number...)",
    "delete_everything": "deletes every event of the user's calendar",
    "negate_answer": "the reference's yes/no answer turned over",
}

#: The Agentic Benchmark Checklist item (Zhu et al. 2025) a misjudged program of each kind shows an evaluation
#: program to fail; the trivial agents are the audit's baselines.
CHECKLIST: dict[str, str] = {
    **dict.fromkeys(IDENTITY_KINDS, "I.a.1"),
    "unstated_length": "I.g.1",
    "unordered_assignment": "I.g.1",
    "answer_rendering": "I.a.1",
    "user_attendee": "I.g.1",
    "change_form": "I.g.1",
    **dict.fromkeys(("drop_action", "duplicate_action", "shift_datetime", "change_attendee", "change_room"), "I.g.3"),
    "add_unrelated_event": "I.g.2",
    "swallow_handback": "I.g.3",
    "wrong_answer": "I.h.2",
    "handback_everything": "I.b.2",
    "list_everything": "I.b.2",
    "delete_everything": "I.g.2",
    "negate_answer": "I.b.1",
    "noop": "III.13",
    "handback": "III.13",
}

#: What each checklist item asks, in a few words.
CHECKLIST_ITEMS: dict[str, str] = {
    "I.a.1": "accepts answers equivalent to the ground truth",
    "I.b.1": "handles negated answers",
    "I.b.2": "is robust against listing all possible answers",
    "I.g.1": "accepts every state reachable by a correct solution",
    "I.g.2": "checks relevant and irrelevant state",
    "I.g.3": "rejects wrong or trivial state changes",
    "I.h.2": "minimises success by guessing",
    "III.13": "trivial agents (doing nothing, always asking) earn nothing",
}

#: Every kind of generated variant: preserving ones first, then mutants, then shortcut probes.
KINDS: dict[str, str] = {**PRESERVING_KINDS, **BREAKING_KINDS, **SHORTCUT_KINDS}


def expected_verdict(kind: str) -> str:
    """``"pass"`` for a preserving kind, ``"fail"`` for a breaking one or a shortcut (``KeyError`` for any other)."""
    if kind in PRESERVING_KINDS:
        return PASS
    if kind in BREAKING_KINDS or kind in SHORTCUT_KINDS:
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
