"""Programs written twice, against the library and against the control world, that must behave the same.

Each pair answers one request (not a task of the project's set) once with
the library and once with the control surface. Both run on identical worlds:
the outcome and every stored table must be the same. The pairs cover reading
paths the mapping tests do not: past events, recurring series and their
occurrences, holidays, the directory's manager links.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from aspera_core.executor import NamespaceTemplates
from aspera_core.tasks import function_name

from .support import run_control, run_library, small_world, tables

APPS = ["exceptions", "time_utils", "company_directory", "work_calendar"]


@dataclass(frozen=True)
class Pair:
    """One request with its program in both settings."""

    query: str
    library: str
    control: str


PAIRS: tuple[Pair, ...] = (
    Pair(
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
    Pair(
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
    Pair(
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
    Pair(
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
    Pair(
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


def _function(source: str, namespace: dict[str, Any]) -> Any:
    exec(compile(source, "<pair>", "exec"), namespace)
    return namespace[function_name(source)]


def _outcome(run: Any, context: Any, function: Any) -> tuple[str, Any]:
    try:
        return "returned", run(context, function)
    except Exception as error:  # a hand-back is an outcome like any other here
        return type(error).__name__, str(error)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: function_name(pair.library))
def test_both_programs_store_the_same_changes_and_give_the_same_answer(pair: Pair) -> None:
    library = _function(pair.library, NamespaceTemplates().program(SimpleNamespace(apps=APPS)))
    control = _function(pair.control, {})
    with_library, with_control = small_world(), small_world()
    library_outcome = _outcome(run_library, with_library, library)
    control_outcome = _outcome(run_control, with_control, control)
    assert control_outcome == library_outcome
    assert tables(with_control) == tables(with_library)
    # the pair has an effect or an answer in this world
    assert library_outcome[0] == "returned"
    assert library_outcome[1] or tables(with_library) != tables(small_world())
    assert f'"""Query: {pair.query}' in pair.library and f'"""Query: {pair.query}' in pair.control
