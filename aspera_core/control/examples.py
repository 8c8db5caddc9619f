"""Worked examples for prompts, written once against the library and once against the control world.

The two settings must show a model the same examples, differing only in the
API, so every example here is a pair: the library program and its translation
to the control surface. Each program's docstring starts with the ``Query:``
line, as in the prompts of the original agents. The tests run both versions of
every pair on the same world and require the same stored changes and the same
answer, so a translation cannot drift from its original.

The queries are not tasks of the project's set. An agent that uses other
library examples should add their translations here as new pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class WorkedExample:
    """One example request with its solution in both settings.

    Attributes:
        query: the user's request.
        library: the solution as a zero-argument function using the assistant library.
        control: the same solution as a function of the control world.
    """

    query: str
    library: str
    control: str


WORKED_EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        query="Hey, [Assistant], set up a 45-minute design review with Ada the day after tomorrow at 3 PM.",
        library='''\
def design_review_with_ada():
    """Query: Hey, [Assistant], set up a 45-minute design review with Ada the day after tomorrow at 3 PM."""
    people = find_employee("Ada")
    # one person must answer to the name before anything is booked
    if len(people) != 1:
        raise RequiresUserInput(f"I found {len(people)} colleagues called Ada. Who do you mean?")
    day = now_().date() + datetime.timedelta(days=2)
    starts_at = combine(day, time_by_hm(3, 0, "pm"))
    add_event(
        Event(
            attendees=people,
            subject="Design review",
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=45),
        )
    )
''',
        control='''\
def design_review_with_ada(world):
    """Query: Hey, [Assistant], set up a 45-minute design review with Ada the day after tomorrow at 3 PM."""
    import datetime

    people = [p for p in world.employees if "ada" in p["name"].lower().split()]
    # one person must answer to the name before anything is booked
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Ada. Who do you mean?")
    day = world.now.date() + datetime.timedelta(days=2)
    starts_at = datetime.datetime.combine(day, datetime.time(15, 0))
    world.calendar.append(
        {
            "subject": "Design review",
            "attendees": [people[0]["employee_id"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=45),
        }
    )
''',
    ),
    WorkedExample(
        query="Hey, [Assistant], when does my last meeting next Wednesday end?",
        library='''\
def end_of_last_meeting_next_wednesday() -> datetime.datetime:
    """Query: Hey, [Assistant], when does my last meeting next Wednesday end?"""
    wednesday = get_next_dow("Wednesday", after=get_next_dow("Sunday"))
    ends = []
    # a series that began in the past is listed among the past events
    for event in find_past_events() + find_events():
        occurrences = [event] if event.repeats is None else get_event_instances(event)
        ends += [o.ends_at for o in occurrences if o.starts_at.date() == wednesday]
    if not ends:
        raise RequiresUserInput("You have no meeting next Wednesday.")
    return max(ends)
''',
        control='''\
def end_of_last_meeting_next_wednesday(world):
    """Query: Hey, [Assistant], when does my last meeting next Wednesday end?"""
    import datetime

    today = world.now.date()
    wednesday = today + datetime.timedelta(days=7 - today.weekday() + 2)
    # series entries only carry the rule: single events and occurrences are the meetings
    ends = [
        event["ends_at"]
        for event in world.calendar
        if event["repeats"] is None and event["starts_at"].date() == wednesday
    ]
    if not ends:
        raise world.RequiresUserInput("You have no meeting next Wednesday.")
    return max(ends)
''',
    ),
    WorkedExample(
        query="Hey, [Assistant], cancel tomorrow's retro with Bob.",
        library='''\
def cancel_retro_with_bob_tomorrow():
    """Query: Hey, [Assistant], cancel tomorrow's retro with Bob."""
    bob = find_employee("Bob")
    if len(bob) != 1:
        raise RequiresUserInput(f"I found {len(bob)} colleagues called Bob. Who do you mean?")
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    retros = [
        event
        for event in find_events(subject="retro")
        if event.starts_at.date() == tomorrow and bob[0] in (event.attendees or [])
    ]
    if len(retros) != 1:
        raise RequiresUserInput(f"I found {len(retros)} retros with Bob tomorrow. Which one?")
    delete_event(retros[0])
''',
        control='''\
def cancel_retro_with_bob_tomorrow(world):
    """Query: Hey, [Assistant], cancel tomorrow's retro with Bob."""
    import datetime

    bob = [p["employee_id"] for p in world.employees if "bob" in p["name"].lower().split()]
    if len(bob) != 1:
        raise world.RequiresUserInput(f"I found {len(bob)} colleagues called Bob. Who do you mean?")
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    retros = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and "retro" in (event["subject"] or "").lower()
        and event["starts_at"].date() == tomorrow
        and bob[0] in (event["attendees"] or [])
    ]
    if len(retros) != 1:
        raise world.RequiresUserInput(f"I found {len(retros)} retros with Bob tomorrow. Which one?")
    world.calendar.remove(retros[0])
''',
    ),
    WorkedExample(
        query=(
            "Hey, [Assistant], set up a weekly 30-minute check-in with my manager on Fridays at 4 PM, "
            "four times, starting this Friday."
        ),
        library='''\
def weekly_check_in_with_manager():
    """Query: Hey, [Assistant], set up a weekly 30-minute check-in with my manager on Fridays at 4 PM, four times, starting this Friday."""
    manager = find_manager_of(get_current_user())
    if manager is None:
        raise RequiresUserInput("You have no manager in the directory.")
    starts_at = combine(get_next_dow("Friday"), time_by_hm(4, 0, "pm"))
    add_event(
        Event(
            attendees=[manager],
            subject="Check-in",
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=4),
        )
    )
''',
        control='''\
def weekly_check_in_with_manager(world):
    """Query: Hey, [Assistant], set up a weekly 30-minute check-in with my manager on Fridays at 4 PM, four times, starting this Friday."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    if me["manager"] is None:
        raise world.RequiresUserInput("You have no manager in the directory.")
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7 or 7)
    starts_at = datetime.datetime.combine(friday, datetime.time(16, 0))
    # one series entry: its occurrences are created when the calendar is saved
    world.calendar.append(
        {
            "subject": "Check-in",
            "attendees": [me["manager"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=30),
            "repeats": {"frequency": "weekly", "max_repetitions": 4},
        }
    )
''',
    ),
    WorkedExample(
        query="Hey, [Assistant], who is on holiday this Friday? Give me their names.",
        library='''\
def on_holiday_this_friday() -> list[str]:
    """Query: Hey, [Assistant], who is on holiday this Friday? Give me their names."""
    friday = get_next_dow("Friday")
    away = []
    for person in get_all_employees():
        holidays = get_vacation_schedule(person) or []
        if any(holiday.contains_date(friday) for holiday in holidays):
            away.append(person.name)
    return away
''',
        control='''\
def on_holiday_this_friday(world) -> list:
    """Query: Hey, [Assistant], who is on holiday this Friday? Give me their names."""
    import datetime

    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7 or 7)
    away = {
        holiday["employee_id"]
        for holiday in world.vacations
        if holiday["start"].date() <= friday <= holiday["end"].date()
    }
    return sorted(person["name"] for person in world.employees if person["employee_id"] in away)
''',
    ),
)


def render_worked_examples(setting: Literal["library", "control"]) -> str:
    """The worked examples of one setting, as one block of Python source for a prompt.

    Args:
        setting: ``"library"`` or ``"control"``.

    Returns:
        The example programs in order, separated by two blank lines.

    Raises:
        ValueError: an unknown setting.
    """
    if setting not in ("library", "control"):
        raise ValueError(f"unknown setting {setting!r}: expected 'library' or 'control'")
    return "\n\n".join(getattr(example, setting) for example in WORKED_EXAMPLES)
