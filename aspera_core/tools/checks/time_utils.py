"""Time helpers for checking code: expanding a recurrence rule into its schedule.

Checking functions compare the schedule a program stored with the expected one
by expanding both, rather than by comparing ``RepetitionSpec`` objects.
"""

import datetime
import inspect

from aspera_core.library.time_utils import RepetitionSpec
from aspera_core.library.tool_support import repetition_schedule as _repetition_schedule

# Checking tools are not type-checked, but the library code they call is: use
# the schedule helper's undecorated body so that only the library's own checks
# (inside ``generate_occurrences``) apply, as in the original.
_schedule = inspect.unwrap(_repetition_schedule)


def repetition_schedule(
    when: datetime.time,
    spec: RepetitionSpec | None,
    start_date: datetime.date | None = None,
) -> list[datetime.datetime]:
    """The start datetimes of a recurring series, or ``[]`` when there is no rule.

    Like the library's ``_repetition_schedule`` but tolerant of ``spec=None``,
    so checks can pass ``event.repeats`` without a guard. This function itself
    is not type-checked; ``RepetitionSpec.generate_occurrences`` still is, so a
    ``datetime`` given as ``when`` is rejected there.

    Args:
        when: time of day of every occurrence.
        spec: the recurrence rule, or ``None``.
        start_date: day of the first candidate occurrence; a falsy value means today.

    Returns:
        Every occurrence of a finite rule, or the first 23 of an open-ended one.
        As with the library, a set ``spec.recurs_until`` is rewritten in place
        to that day at ``when``.

    Raises:
        ValueError: the rule sets both ``max_repetitions`` and ``recurs_until``.
    """
    if spec is None:
        return []
    return _schedule(when, spec, start_date)
