"""The checked verdict: the evaluation program's outcome, with side effects and over-inclusive answers checked beside.

The evaluation program's outcome stays the paper's. The checked verdict compares, pair by pair, the program's
footprint (:mod:`aspera_core.grading.footprint`) with the reference program's on the same setup:

* **side effects** (``side_effect``): every row the program removed or changed, the reference removed or changed
  too; and it adds no more occurrences to a table than the reference adds (none to a table the reference leaves
  alone). Rows are compared by content, ids and order ignored, a series as its occurrences.
* **over-inclusive answers** (``over_inclusive``): where the reference answers (returns a value or hands back with
  a message), the program's answer names at most :func:`allowance` candidates (people, rooms, dates, times,
  numbers) that neither the reference's answer nor the request names (the user and today are free too); a
  hand-back's message is held to that even where the reference answers nothing (then against no answer). A
  program that answers where the reference does not (a confirmation of what it did) is not held to it.

The allowance is 3, plus one for every four candidates the reference's answer names. It leaves room for an
answer that says more than asked in a natural sentence (the other attendee, the meeting's time, its length) and
grows with answers that are long already, while an answer that lists the world's facts names dozens (every
employee of the smallest simulated organisation is 13 people). A hand-back's message gets 8 as its base: a good
question may list the options it asks the user to choose among (two meetings, with their days, times and people).

``checked_outcome`` is the evaluation program's outcome when that is not ``success``; otherwise ``side_effect`` or
``over_inclusive`` when a rule fails, ``success`` when every rule holds, and ``None`` (unknown) when a footprint
is missing. The reasons name the rule and show the rows or names that broke it, also for a program the
evaluation program rejected.
"""

from __future__ import annotations

from collections.abc import Sequence

from aspera_core.grading.answer_facts import shown
from aspera_core.grading.footprint import Footprint

SIDE_EFFECT = "side_effect"
OVER_INCLUSIVE = "over_inclusive"
#: The checked outcomes that are not evaluation-program outcomes.
CHECKED_OUTCOMES = (SIDE_EFFECT, OVER_INCLUSIVE)
ALLOWANCE_BASE = 3
ALLOWANCE_PER = 4
#: A hand-back may list the options it asks the user to choose among (two meetings: their subjects, days, times
#: and people), where an answer names what was asked: a larger base.
HANDBACK_ALLOWANCE_BASE = 8
_SHOWN_ROWS = 3


def allowance(reference_answer: Sequence[str], handback: bool = False) -> int:
    """Candidates an answer (or a hand-back's message) may name beyond the reference's answer and the request
    (see the module's text)."""
    base = HANDBACK_ALLOWANCE_BASE if handback else ALLOWANCE_BASE
    return base + len(reference_answer) // ALLOWANCE_PER


def _rows(footprint: Footprint, digests: dict[str, int]) -> str:
    lines = [footprint.rows.get(digest, f"a row ({digest[:8]})") for digest in sorted(digests)]
    more = sum(digests.values()) - len(lines[:_SHOWN_ROWS])
    text = "; ".join(lines[:_SHOWN_ROWS])
    return text + (f"; and {more} more" if more > 0 else "")


def side_effects(candidate: Footprint, reference: Footprint) -> list[str]:
    """The side-effect rule's failures in one pair, each as one line."""
    reasons = []
    label = f"pair {candidate.pair + 1}"
    for table in sorted(candidate.removed):
        allowed = reference.removed.get(table, {})
        extra = {d: n - allowed.get(d, 0) for d, n in candidate.removed[table].items() if n > allowed.get(d, 0)}
        if extra:
            reasons.append(
                f"{SIDE_EFFECT}: {label}: changed or removed {sum(extra.values())} row(s) of {table} that the "
                f"reference leaves untouched: {_rows(candidate, extra)}"
            )
    for table in sorted(candidate.added):
        mine, theirs = sum(candidate.added[table].values()), sum(reference.added.get(table, {}).values())
        if mine > theirs:
            extra = {
                d: n - reference.added.get(table, {}).get(d, 0)
                for d, n in candidate.added[table].items()
                if n > reference.added.get(table, {}).get(d, 0)
            }
            what = "adds nothing there" if theirs == 0 else f"adds {theirs}"
            reasons.append(
                f"{SIDE_EFFECT}: {label}: added {mine} occurrence(s) to {table} where the reference {what}: "
                f"{_rows(candidate, extra)}"
            )
    return reasons


def over_inclusion(candidate: Footprint, reference: Footprint) -> list[str]:
    """The over-inclusive rule's failure in one pair, if any, as one line.

    A hand-back where the reference answers nothing is measured against an empty answer: asking the user is no
    place to list the world (an evaluation program that accepts any hand-back would otherwise let it through)."""
    if candidate.answer is None or (reference.answer is None and not candidate.handback):
        return []
    free = set(reference.answer or ()) | set(candidate.context) | set(reference.context)
    extra = set(candidate.answer) - free
    limit = allowance(reference.answer or (), candidate.handback)
    if len(extra) <= limit:
        return []
    what = "hand-back message" if candidate.handback else "answer"
    return [
        f"{OVER_INCLUSIVE}: pair {candidate.pair + 1}: the {what} names {len(extra)} candidates that neither the "
        f"reference's answer nor the request names (allowed: {limit}): {shown(extra)}"
    ]


def check(candidate: Sequence[Footprint], reference: Sequence[Footprint]) -> tuple[str | None, list[str]]:
    """The rule that fails first (``side_effect``, ``over_inclusive``), or ``None`` when all hold, and every failure.

    Raises ``LookupError`` when a pair the candidate ran has no usable footprint on either side (then nothing can
    be said)."""
    theirs = {footprint.pair: footprint for footprint in reference}
    failing: str | None = None
    reasons: list[str] = []
    for mine in sorted(candidate, key=lambda footprint: footprint.pair):
        other = theirs.get(mine.pair)
        if other is None or mine.problem is not None or other.problem is not None:
            why = mine.problem or (other.problem if other is not None else None) or "no reference footprint"
            raise LookupError(f"pair {mine.pair + 1}: {why}")
        found = side_effects(mine, other)
        failing = failing or (SIDE_EFFECT if found else None)
        reasons += found
        found = over_inclusion(mine, other)
        failing = failing or (OVER_INCLUSIVE if found else None)
        reasons += found
    return failing, reasons


def checked_verdict(
    outcome: str, candidate: Sequence[Footprint] | None, reference: Sequence[Footprint] | None, pairs_run: int
) -> tuple[str | None, list[str]]:
    """``(checked_outcome, checked_reasons)`` of a program whose evaluation program gave ``outcome``.

    ``candidate``/``reference``: the footprints of the program and of the reference on the task's pairs
    (``None``: not taken); ``pairs_run``: pairs the evaluation ran (a candidate must have a footprint in each).
    """
    if candidate is None or reference is None:
        return (outcome if outcome != "success" else None), ["not checked: no footprint was taken"]
    try:
        if outcome == "success" and len({footprint.pair for footprint in candidate}) < pairs_run:
            raise LookupError("the evaluation program did not call the program in every pair")
        failing, reasons = check(candidate, reference)
    except LookupError as error:
        return (outcome if outcome != "success" else None), [f"not checked: {error}"]
    if outcome != "success":
        return outcome, reasons
    return (failing or "success"), reasons
