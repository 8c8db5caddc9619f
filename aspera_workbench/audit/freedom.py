"""The second half of proving a freedom: the variant changed nothing the request fixes.

A variant of :data:`~aspera_workbench.variants.FREEDOM_KINDS` is generated only where the request's words leave
a freedom open (:mod:`aspera_workbench.variants.request_cues`). Once it has run beside the reference program on
every setup of the task, :func:`holds` compares the two observations (:mod:`aspera_workbench.audit.observe`):
they must agree on everything but the freedom the kind uses. Changes are compared in the checked verdict's view
(ids and row order ignored, a series as its occurrences: :mod:`aspera_core.grading.changes`), answers by the
facts they name (:mod:`aspera_core.grading.answer_facts`). Both raise the same exception class, or none, everywhere.

* ``unstated_length``: the same change but for the new events' end times; each lengthened event is new (no event
  the reference removed has its subject or attendees: a moved meeting keeps its length), and the new events
  overlap no more other events than the reference's do; the same answer facts.
* ``unordered_assignment``: the same rows removed; the rows added hold, column by column, the same values (the
  same people, the same slots, the same rooms, only paired otherwise); no more overlaps; the same answer facts.
* ``answer_rendering``: the same change; both answers are text naming the same facts.
* ``user_attendee``: the same change once the user is taken out of every new event's attendees; each event whose
  attendees differ is new (not a replacement of one the reference removed); the same answer facts.
* ``change_form``: the same change and the same answer facts (updating in place and replacing, a series and its
  occurrences, are already the same change in this view).

The observations carry these as digests (:func:`aspera_workbench.audit.observe.details`). A pair whose details are
missing or cut short (a change of more than 60 new events) proves nothing: ``None``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from aspera_workbench.audit.observe import Observation

Details = dict[str, Any]
# The fields of one new event in the details: its digest whole, without its end, without the user, and
# whether it replaces an event the run removed.
_WHOLE, _NO_END, _NO_USER, _REPLACES = range(4)


def _same(variant: Details, reference: Details, *fields: str) -> bool:
    return all(variant.get(name) == reference.get(name) for name in fields)


def _events(details: Details, field: int) -> Counter[str]:
    return Counter(event[field] for event in details.get("events") or [])


def _changed_are_new(variant: Details, reference: Details) -> bool:
    """The events whose whole digest differs between the runs are new events, not replacements of removed ones."""
    theirs = _events(reference, _WHOLE)
    for event in variant.get("events") or []:
        if theirs[event[_WHOLE]] > 0:
            theirs[event[_WHOLE]] -= 1
        elif event[_REPLACES]:
            return False
    return True


def _length(variant: Details, reference: Details) -> bool:
    return (
        _same(variant, reference, "removed", "added_elsewhere", "facts")
        and _events(variant, _NO_END) == _events(reference, _NO_END)
        and _changed_are_new(variant, reference)
        and variant.get("busy", 0) <= reference.get("busy", 0)
    )


def _order(variant: Details, reference: Details) -> bool:
    return (
        _same(variant, reference, "removed", "added_elsewhere", "columns", "facts")
        and len(variant.get("events") or []) == len(reference.get("events") or [])
        and variant.get("busy", 0) <= reference.get("busy", 0)
    )


def _rendering(variant: Details, reference: Details) -> bool:
    return _same(variant, reference, "removed", "added", "facts") and variant.get(
        "answer_type"
    ) == "str" == reference.get("answer_type")


def _user(variant: Details, reference: Details) -> bool:
    return (
        _same(variant, reference, "removed", "added_elsewhere", "facts_without_user")
        and _events(variant, _NO_USER) == _events(reference, _NO_USER)
        and _changed_are_new(variant, reference)
    )


def _form(variant: Details, reference: Details) -> bool:
    return _same(variant, reference, "removed", "added", "facts")


_RELATIONS: dict[str, Callable[[Details, Details], bool]] = {
    "unstated_length": _length,
    "unordered_assignment": _order,
    "answer_rendering": _rendering,
    "user_attendee": _user,
    "change_form": _form,
}


def holds(kind: str, variant: Observation, reference: Observation) -> bool | None:
    """Whether, in one world, the variant did what the reference did but for the freedom ``kind`` uses
    (``None``: the observations do not tell; ``KeyError`` for a kind that uses no freedom)."""
    relation = _RELATIONS[kind]
    mine, theirs = variant.details, reference.details
    if mine is None or theirs is None or mine.get("truncated") or theirs.get("truncated"):
        return None
    return variant.raised == reference.raised and relation(mine, theirs)


def proved(
    kind: str, observed: tuple[Observation, ...] | None, reference: tuple[Observation, ...] | None
) -> bool | None:
    """:func:`holds` in every world of a task: ``True`` if in all, ``False`` if not in one, ``None`` if unknown."""
    if observed is None or reference is None or len(observed) != len(reference):
        return None
    found = [holds(kind, mine, theirs) for mine, theirs in zip(observed, reference)]
    if False in found:
        return False
    return None if None in found else True
