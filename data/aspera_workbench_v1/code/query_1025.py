from aspera.apps_implementation.exceptions import *
from aspera.apps_implementation.time_utils import *
from aspera.apps_implementation.company_directory import *
from aspera.apps_implementation.work_calendar import *
from aspera.runtime_state_generation_tools_implementation.room_booking import *
from aspera.runtime_state_generation_tools_implementation.company_directory import *
from aspera.runtime_state_generation_tools_implementation.work_calendar import *
from typing import Any, Callable
from aspera.execution_evaluation_tools_implementation.exceptions import *
from aspera.execution_evaluation_tools_implementation.work_calendar import *
from aspera.execution_evaluation_tools_implementation.time_utils import *


#OK:
# Hey, [Assistant], when is my next meeting with Isadora? Tell me its date and start time.
# Tags: information, recurring
# Apps: no room_booking
def next_meeting_with_isadora() -> datetime.datetime:
    """Return the start of the earliest upcoming meeting that Isadora
    attends, occurrences of recurring series included."""

    isadora = find_employee("Isadora")[0]
    now = now_()
    starts = []
    # a series that started in the past is listed among the past events
    for event in find_past_events() + find_events():
        if isadora not in (event.attendees or []):
            continue
        if event.repeats is None:
            occurrences = [event]
        else:
            occurrences = get_event_instances(event)
        for occurrence in occurrences:
            if occurrence.starts_at >= now:
                starts.append(occurrence.starts_at)
    if not starts:
        raise RequiresUserInput("You have no upcoming meeting with Isadora.")
    return min(starts)


#OK:
def setup_env_next_meeting_with_isadora():
    """World in which the user asks:

    Hey, [Assistant], when is my next meeting with Isadora? Tell me its date and start time.

    A weekly "Analytics sync" with Isadora began on Thursday 13 June
    (10:00-10:30), so its next occurrence is Thursday 2024-06-27 at 10:00.
    Later: a one-off dashboard review with her on Friday and a group
    meeting with her and Odile next Monday. Distractors: a meeting with her
    yesterday and one with Magnus tomorrow.
    """

    import datetime

    simulate_org_structure(["Isadora", "Odile", "Magnus"])
    isadora = find_employee("Isadora")[0]
    odile = find_employee("Odile")[0]
    magnus = find_employee("Magnus")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([isadora], on(6, 28, 11, 0), 30, "Dashboard review"),
        ([isadora, odile], on(7, 1, 14, 0), 60, "Data council"),
        ([isadora], on(6, 24, 15, 0), 60, "Metrics deep dive"),
        ([magnus], on(6, 26, 10, 0), 30, "Quota planning"),
    ]
    events = [
        Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )
        for people, start, minutes, subject in plan
    ]
    sync = on(6, 13, 10, 0)
    events.append(
        Event(
            attendees=[isadora],
            subject="Analytics sync",
            starts_at=sync,
            ends_at=sync + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=10
            ),
        )
    )
    simulate_user_calendar(events)


def evaluate_next_meeting_with_isadora(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], when is my next meeting with Isadora? Tell me its date and start time.

    The program must return 2024-06-27 10:00, the next occurrence of the
    weekly analytics sync, and must not change the calendar. The answer is
    a datetime, or a text that names that date (in any common format) and
    that time, and no other date or time of day (the sync's end, 10:30, may
    be named too): a text naming every date and time is no answer.
    """

    import datetime
    import re

    month_names = (
        "january february march april may june july august september "
        "october november december"
    ).split()
    weekdays = "monday tuesday wednesday thursday friday saturday sunday"
    month = (
        r"\b(jan|feb|mar|apr|may|jun|jul|aug|sept|sep|oct|nov|dec|"
        + "|".join(month_names)
        + r")\b\.?"
    )
    day = r"\b(\d{1,2})(?:st|nd|rd|th)?\b"

    def month_number(name):
        return [m[:3] for m in month_names].index(name[:3]) + 1

    def date_options(year, month, day):
        try:
            return {datetime.date(year, month, day)}
        except ValueError:
            return set()

    def dates_named(text):
        """Each date the text names, as the set of dates it can mean, and
        whether it is a calendar date (not only a weekday or "tomorrow")."""
        found = []
        for y, m, d in re.findall(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", text):
            found.append((date_options(int(y), int(m), int(d)), True))
        for d, m, y in re.findall(
            day + r"(?:\s+of)?\s+" + month + r"(?:,?\s+(\d{4})\b)?", text
        ):
            options = date_options(int(y or 2024), month_number(m), int(d))
            found.append((options, True))
        for m, d, y in re.findall(
            month + r"\s+" + day + r"(?:,?\s+(\d{4})\b)?", text
        ):
            options = date_options(int(y or 2024), month_number(m), int(d))
            found.append((options, True))
        numeric = r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b"
        numeric_dots = r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b"
        for a, b, y in re.findall(numeric, text) + re.findall(numeric_dots, text):
            year = 2024 if not y else 2000 + int(y) % 100
            options = date_options(year, int(b), int(a))
            options |= date_options(year, int(a), int(b))
            found.append((options, True))
        weekday = r"\b(" + weekdays.replace(" ", "|") + r")\b"
        for name in re.findall(weekday, text):
            options = {expected.date()} if name == "thursday" else set()
            found.append((options, False))
        today = datetime.date(2024, 6, 25)
        for after, word in re.findall(r"\b(day after )?(today|tomorrow)\b", text):
            shift = {"today": 0, "tomorrow": 1}[word] + (1 if after else 0)
            found.append(({today + datetime.timedelta(days=shift)}, False))
        return found

    def times_named(text):
        """Every time of day the text names, as (hour, minute) pairs."""
        found = []
        half_day = r"(?:\s*([ap])\.?m\b\.?)?"
        clock = r"(?<![\d:.])(\d{1,2})[:.](\d{2})(?![.\d])(?::\d{2})?" + half_day
        for h, m, half in re.findall(clock, text):
            hour = int(h) % 12 + (12 if half == "p" else 0) if half else int(h)
            found.append((hour, int(m)))
        for h, half in re.findall(r"(?<![\d:])(\d{1,2})\s*([ap])\.?m\b", text):
            found.append((int(h) % 12 + (12 if half == "p" else 0), 0))
        found += [(12, 0)] * len(re.findall(r"\b(?:noon|midday)\b", text))
        found += [(0, 0)] * len(re.findall(r"\bmidnight\b", text))
        return found

    expected = datetime.datetime(2024, 6, 27, 10, 0)

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, datetime.datetime):
        if answer != expected:
            raise SolutionError(f"expected {expected}, got {answer}")
    elif isinstance(answer, str):
        text = re.sub(r"(\d)t(\d)", r"\1 \2", answer.lower())
        dates = dates_named(text)
        times = times_named(text)
        if (
            not any(explicit and expected.date() in o for o, explicit in dates)
            or any(expected.date() not in options for options, _ in dates)
            or (10, 0) not in times
            or any(time not in ((10, 0), (10, 30)) for time in times)
        ):
            raise SolutionError(
                "expected a text naming 2024-06-27 at 10:00 and no other date "
                f"or time, got {answer!r}"
            )
    else:
        raise SolutionError(f"expected a date and time, got {answer!r}")
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar was changed")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_next_meeting_with_isadora(
            query="",
            executable=next_meeting_with_isadora,
            setup_function=setup_env_next_meeting_with_isadora,
        )
