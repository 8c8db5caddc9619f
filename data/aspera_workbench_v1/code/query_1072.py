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
# Hey, [Assistant], for each of my meetings next week with three or more colleagues that doesn't have a room yet, book the smallest room that fits everyone and is free for the whole meeting.
# Tags: action, rooms, loop, conditional, multi_step, relative_dates
def book_rooms_for_next_weeks_group_meetings():
    """Give every room-less meeting of next week that has at least three
    colleagues the smallest room that seats them and the user and is free
    for the whole meeting."""

    user = get_current_user()
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    plan = []
    for event in find_events():
        if not next_week.start <= event.starts_at.date() <= next_week.end:
            continue
        colleagues = [p for p in event.attendees or [] if p != user]
        if len(colleagues) < 3 or event.location:
            continue
        wanted = TimeInterval(start=event.starts_at, end=event.ends_at)
        # the user takes a seat too
        options = [
            option
            for option in search_conference_room(
                [wanted], capacity=len(colleagues) + 1
            )
            if any(slot.includes(wanted) for slot in option.free_slots)
        ]
        if not options:
            raise RequiresUserInput(
                f"No room fits '{event.subject}' on {event.starts_at:%A}."
            )
        smallest = min(options, key=lambda option: option.room.capacity)
        plan.append((event, smallest.room.room_name))
    # rooms are only booked once every meeting has one
    for event, room_name in plan:
        event.location = room_name
        add_event(event)


#OK:
def setup_env_book_rooms_for_next_weeks_group_meetings():
    """World in which the user asks:

    Hey, [Assistant], for each of my meetings next week with three or more colleagues that doesn't have a room yet, book the smallest room that fits everyone and is free for the whole meeting.

    Rooms, in storage order: Albatross (10 seats), Kestrel (4), Osprey (6),
    Puffin (3). Next week's group meetings without a room: Monday 10-11
    with three colleagues (Kestrel is booked 10:30-11:30, so Osprey),
    Thursday 15-16 with three colleagues (Kestrel), Friday 9:30-10 with
    five colleagues (Osprey is booked 9-9:45, so Albatross). Skipped:
    a two-colleague meeting on Tuesday, a group meeting on Wednesday that
    already has a room, a group meeting this Thursday and one the week
    after next.
    """

    import datetime

    names = ["Radhika", "Sigrun", "Thibault", "Ysolde", "Zbigniew"]
    simulate_org_structure(names)
    radhika, sigrun, thibault, ysolde, zbigniew = [
        find_employee(name)[0] for name in names
    ]

    monday = get_next_dow("Monday")
    day = {
        "this_thu": get_next_dow("Thursday"),
        "mon": monday,
        "tue": monday + datetime.timedelta(days=1),
        "wed": monday + datetime.timedelta(days=2),
        "thu": monday + datetime.timedelta(days=3),
        "fri": monday + datetime.timedelta(days=4),
        "mon_after": monday + datetime.timedelta(days=7),
    }

    def at(key, hour, minute):
        return combine(day[key], datetime.time(hour, minute))

    def meeting(people, subject, key, start, end, location=None):
        return Event(
            attendees=people,
            subject=subject,
            location=location,
            starts_at=at(key, *start),
            ends_at=at(key, *end),
        )

    simulate_user_calendar(
        [
            meeting(
                [radhika, sigrun, thibault],
                "Vendor scorecard",
                "this_thu",
                (10, 0),
                (11, 0),
            ),
            meeting(
                [radhika, sigrun, thibault],
                "Data model review",
                "mon",
                (10, 0),
                (11, 0),
            ),
            meeting([radhika, sigrun], "Pairing", "tue", (14, 0), (15, 0)),
            meeting(
                [sigrun, thibault, ysolde, zbigniew],
                "Capacity planning",
                "wed",
                (11, 0),
                (12, 30),
                location="Osprey",
            ),
            meeting(
                [radhika, thibault, ysolde],
                "Accessibility audit",
                "thu",
                (15, 0),
                (16, 0),
            ),
            meeting(
                [radhika, sigrun, thibault, ysolde, zbigniew],
                "Quarterly kickoff",
                "fri",
                (9, 30),
                (10, 0),
            ),
            meeting(
                [sigrun, ysolde, zbigniew],
                "Retro",
                "mon_after",
                (10, 0),
                (11, 0),
            ),
        ]
    )

    def booking(key, start, end):
        return TimeInterval(start=at(key, *start), end=at(key, *end))

    simulate_conference_room("Albatross", 10)
    simulate_conference_room(
        "Kestrel", 4, {day["mon"]: [booking("mon", (10, 30), (11, 30))]}
    )
    simulate_conference_room(
        "Osprey", 6, {day["fri"]: [booking("fri", (9, 0), (9, 45))]}
    )
    simulate_conference_room("Puffin", 3)


def evaluate_book_rooms_for_next_weeks_group_meetings(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], for each of my meetings next week with three or more colleagues that doesn't have a room yet, book the smallest room that fits everyone and is free for the whole meeting.

    Data model review must be in Osprey, Accessibility audit in Kestrel and
    Quarterly kickoff in Albatross, each otherwise unchanged. Every other
    event stays as it was and nothing is added.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    expected = {
        "Data model review": "Osprey",
        "Accessibility audit": "Kestrel",
        "Quarterly kickoff": "Albatross",
    }
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    wrongly_changed = [e.subject for e in removed if e.subject not in expected]
    if wrongly_changed:
        raise SolutionError(
            f"these meetings should not change: {wrongly_changed}"
        )
    if len(added) != len(removed):
        raise SolutionError(
            f"expected meetings to be updated, found {len(added)} new and "
            f"{len(removed)} changed events"
        )
    for subject, room in expected.items():
        old = [e for e in upcoming_before if e.subject == subject][0]
        new = [e for e in upcoming_after if e.subject == subject]
        if len(new) != 1:
            raise SolutionError(f"expected one '{subject}', found {len(new)}")
        new = new[0]
        if new.location != room:
            raise SolutionError(
                f"expected '{subject}' in {room}, found {new.location!r}"
            )
        if (
            new.attendees != old.attendees
            or new.starts_at != old.starts_at
            or new.ends_at != old.ends_at
        ):
            raise SolutionError(f"'{subject}' changed more than its room")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_book_rooms_for_next_weeks_group_meetings(
            query="",
            executable=book_rooms_for_next_weeks_group_meetings,
            setup_function=setup_env_book_rooms_for_next_weeks_group_meetings,
        )
