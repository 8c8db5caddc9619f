from aspera.apps_implementation.exceptions import *
from aspera.apps_implementation.time_utils import *
from aspera.apps_implementation.room_booking import *
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
# Hey, [Assistant], on each weekday next week when I don't have a meeting with Eudora yet, schedule a 30-minute check-in with her at the first time after 2 PM when she and I are both free and a room is available, and book that room.
# Tags: action, availability, rooms, shared_calendar, loop, conditional, multi_step, relative_dates
def check_ins_with_eudora_next_week():
    """On every weekday of next week without a meeting with Eudora, add a
    30-minute check-in with her at the earliest time from 2 PM on when
    both calendars and some room are free, located in that room."""

    eudora = find_employee("Eudora")[0]
    settings = get_search_settings("work")
    length = datetime.timedelta(minutes=30)
    weekdays = parse_duration_to_calendar("NextWeek")[0][:5]
    mine = find_events()
    busy = mine + [e for e in get_calendar(eudora) if e.ends_at is not None]
    rooms = [
        option.room for option in search_conference_room(weekdays, capacity=2)
    ]
    plan = []
    for day in weekdays:
        # days that already have a meeting with Eudora are skipped
        if any(
            e.starts_at.date() == day and eudora in (e.attendees or [])
            for e in mine
        ):
            continue
        two_pm = combine(day, time_by_hm(2, 0, "pm"))
        day_end = combine(day, settings.latest_free_slot_finish)
        best = None
        for slot in find_available_slots(busy, settings, day):
            start = max(slot.start, two_pm)
            end = min(slot.end, day_end)
            if end - start < length:
                continue
            # the earliest half hour inside this common gap with a free room
            for room in rooms:
                window = TimeInterval(start=start, end=end)
                for free in find_available_time_slots(room.room_name, [window]):
                    if free.end - free.start < length:
                        continue
                    if best is None or free.start < best[0]:
                        best = (free.start, room.room_name)
            if best is not None:
                break
        if best is None:
            raise RequiresUserInput(
                f"I found no common time with a free room on {day:%A}."
            )
        plan.append(
            Event(
                attendees=[eudora],
                subject="Check-in with Eudora",
                location=best[1],
                starts_at=best[0],
                ends_at=best[0] + length,
            )
        )
    # the calendar is only changed once every day has a slot
    for event in plan:
        add_event(event)


#OK:
def setup_env_check_ins_with_eudora_next_week():
    """World in which the user asks:

    Hey, [Assistant], on each weekday next week when I don't have a meeting with Eudora yet, schedule a 30-minute check-in with her at the first time after 2 PM when she and I are both free and a room is available, and book that room.

    Next week: Monday already has a meeting with Eudora. Tuesday: the user
    is busy 14:00-15:00 and Eudora 15:00-15:30; Nook is booked 15:30-16:00
    and Alcove 15:30-16:15, so 16:00-16:30 in Nook. Wednesday: all free,
    14:00-14:30 in either room. Thursday: the user is busy 13:30-14:20 and
    Eudora 14:40-15:00, so 15:00-15:30. Friday: Eudora is busy 14:00-16:00
    and Nook 16:00-17:00, so 16:00-16:30 in Alcove.
    """

    import datetime

    simulate_org_structure(["Eudora", "Fintan", "Gisella"])
    eudora = find_employee("Eudora")[0]
    fintan = find_employee("Fintan")[0]
    gisella = find_employee("Gisella")[0]

    monday = get_next_dow("Monday")
    day = {
        "this_fri": get_next_dow("Friday"),
        "mon": monday,
        "tue": monday + datetime.timedelta(days=1),
        "thu": monday + datetime.timedelta(days=3),
        "fri": monday + datetime.timedelta(days=4),
    }

    def at(key, hour, minute):
        return combine(day[key], datetime.time(hour, minute))

    def meeting(person, subject, key, start, end):
        return Event(
            attendees=[person],
            subject=subject,
            starts_at=at(key, *start),
            ends_at=at(key, *end),
        )

    simulate_user_calendar(
        [
            meeting(eudora, "Mentoring", "this_fri", (14, 0), (14, 30)),
            meeting(eudora, "Quarter goals", "mon", (11, 0), (11, 30)),
            meeting(fintan, "Architecture board", "tue", (14, 0), (15, 0)),
            meeting(gisella, "Interview", "thu", (13, 30), (14, 20)),
        ]
    )
    simulate_employee_calendar(
        eudora,
        [
            meeting(fintan, "Support rota", "tue", (15, 0), (15, 30)),
            meeting(gisella, "Pairing", "thu", (14, 40), (15, 0)),
            meeting(fintan, "Offsite", "fri", (14, 0), (16, 0)),
        ],
    )

    def booking(key, start, end):
        return TimeInterval(start=at(key, *start), end=at(key, *end))

    simulate_conference_room(
        "Nook",
        2,
        {
            day["tue"]: [booking("tue", (15, 30), (16, 0))],
            day["fri"]: [booking("fri", (16, 0), (17, 0))],
        },
    )
    simulate_conference_room(
        "Alcove", 4, {day["tue"]: [booking("tue", (15, 30), (16, 15))]}
    )


def evaluate_check_ins_with_eudora_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], on each weekday next week when I don't have a meeting with Eudora yet, schedule a 30-minute check-in with her at the first time after 2 PM when she and I are both free and a room is available, and book that room.

    Exactly four 30-minute events with Eudora (the user may be listed too)
    must be added next week: Tuesday 16:00, Wednesday 14:00, Thursday
    15:00 and Friday 16:00, each located in a room that is free for that
    half hour (Nook on Tuesday, Alcove on Friday, either on Wednesday and
    Thursday). Nothing else may change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    if any(e not in upcoming_after for e in upcoming_before):
        raise SolutionError("an existing event was changed or deleted")
    added = sorted(
        [e for e in upcoming_after if e not in upcoming_before],
        key=lambda e: e.starts_at,
    )
    monday = get_next_dow("Monday")
    expected = [
        combine(monday + datetime.timedelta(days=offset), datetime.time(*hm))
        for offset, hm in [
            (1, (16, 0)),
            (2, (14, 0)),
            (3, (15, 0)),
            (4, (16, 0)),
        ]
    ]
    found = [e.starts_at for e in added]
    if found != expected:
        raise SolutionError(
            f"expected check-ins at {[str(s) for s in expected]}, found "
            f"{[str(s) for s in found]}"
        )
    user = get_current_user()
    eudora = find_employee("Eudora")[0]
    for event in added:
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=30):
            raise SolutionError(
                f"the check-in at {event.starts_at} does not last 30 minutes"
            )
        if [p for p in event.attendees or [] if p != user] != [eudora]:
            raise SolutionError(
                f"the check-in at {event.starts_at} must invite Eudora alone"
            )
        wanted = TimeInterval(start=event.starts_at, end=event.ends_at)
        suitable = [
            option.room.room_name
            for option in search_conference_room([wanted], capacity=2)
            if any(slot.includes(wanted) for slot in option.free_slots)
        ]
        if event.location not in suitable:
            raise SolutionError(
                f"the check-in at {event.starts_at} must be in one of "
                f"{suitable}, found {event.location!r}"
            )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_check_ins_with_eudora_next_week(
            query="",
            executable=check_ins_with_eudora_next_week,
            setup_function=setup_env_check_ins_with_eudora_next_week,
        )
