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
# Hey, [Assistant], the Birch room is closed tomorrow. Move each of my meetings there to another room that fits everyone and is free at the same time, or cancel the meeting if no room works.
# Tags: action, rooms, loop, conditional, delete, multi_step, relative_dates
def relocate_meetings_out_of_birch():
    """Give each of tomorrow's meetings in Birch another room that seats
    all its people and is free for the whole meeting; delete the meetings
    for which no such room exists."""

    user = get_current_user()
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    in_birch = [
        event
        for event in find_events()
        if event.starts_at.date() == tomorrow
        and (event.location or "").strip().lower() == "birch"
    ]
    for event in in_birch:
        headcount = len([p for p in event.attendees or [] if p != user]) + 1
        wanted = TimeInterval(start=event.starts_at, end=event.ends_at)
        options = [
            option
            for option in search_conference_room([wanted], capacity=headcount)
            if option.room.room_name.lower() != "birch"
            and any(slot.includes(wanted) for slot in option.free_slots)
        ]
        if options:
            event.location = options[0].room.room_name
            add_event(event)
        else:
            # the user asked to cancel meetings that cannot be relocated
            delete_event(event)


#OK:
def setup_env_relocate_meetings_out_of_birch():
    """World in which the user asks:

    Hey, [Assistant], the Birch room is closed tomorrow. Move each of my meetings there to another room that fits everyone and is free at the same time, or cancel the meeting if no room works.

    Tomorrow's meetings in Birch: Standup 9:30-10:00 (3 people; Alder is
    booked and Hazel too, so only Rowan works), Planning poker 13:00-14:00
    (7 people; Rowan and Hazel are booked and Alder is too small, so it is
    cancelled), and a one-on-one with Gaspard 15:00-15:30 (Alder, Rowan
    and Hazel are all free then). A Thursday meeting in Birch and a
    meeting in Hazel tomorrow stay as they are.
    """

    import datetime

    names = ["Elspeth", "Ferdia", "Gaspard", "Hamish", "Ilario", "Jolyon"]
    simulate_org_structure(names)
    elspeth, ferdia, gaspard, hamish, ilario, jolyon = [
        find_employee(name)[0] for name in names
    ]

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def meeting(people, subject, day, start, end, location):
        return Event(
            attendees=people,
            subject=subject,
            location=location,
            starts_at=at(day, *start),
            ends_at=at(day, *end),
        )

    simulate_user_calendar(
        [
            meeting(
                [elspeth, ferdia],
                "Standup",
                tomorrow,
                (9, 30),
                (10, 0),
                "Birch",
            ),
            meeting(
                [hamish], "Vendor call", tomorrow, (11, 0), (11, 30), "Hazel"
            ),
            meeting(
                [elspeth, ferdia, gaspard, hamish, ilario, jolyon],
                "Planning poker",
                tomorrow,
                (13, 0),
                (14, 0),
                "Birch",
            ),
            meeting(
                [gaspard], "One-on-one", tomorrow, (15, 0), (15, 30), "Birch"
            ),
            meeting(
                [ilario, jolyon],
                "Sprint review",
                thursday,
                (10, 0),
                (11, 0),
                "Birch",
            ),
        ]
    )

    def booking(start, end):
        return TimeInterval(start=at(tomorrow, *start), end=at(tomorrow, *end))

    simulate_conference_room(
        "Birch",
        6,
        {tomorrow: [booking((9, 30), (10, 0)), booking((13, 0), (14, 0))]},
    )
    simulate_conference_room(
        "Alder",
        4,
        {tomorrow: [booking((9, 0), (10, 0)), booking((15, 30), (16, 0))]},
    )
    simulate_conference_room(
        "Rowan", 8, {tomorrow: [booking((12, 30), (13, 30))]}
    )
    simulate_conference_room(
        "Hazel",
        12,
        {tomorrow: [booking((9, 0), (11, 30)), booking((13, 45), (15, 0))]},
    )


def evaluate_relocate_meetings_out_of_birch(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], the Birch room is closed tomorrow. Move each of my meetings there to another room that fits everyone and is free at the same time, or cancel the meeting if no room works.

    Planning poker must be deleted. Standup and One-on-one must keep their
    attendees, subject and times but be located in a room other than Birch
    that seats all their people (the user included) and is free for the
    whole meeting. Every other event stays as it was and nothing is added.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    if [e for e in upcoming_after if e.subject == "Planning poker"]:
        raise SolutionError(
            "Planning poker has no possible room and must be cancelled"
        )
    relocated = ["Standup", "One-on-one"]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    wrongly_changed = [
        e.subject
        for e in removed
        if e.subject not in relocated and e.subject != "Planning poker"
    ]
    if wrongly_changed:
        raise SolutionError(
            f"these meetings should not change: {wrongly_changed}"
        )
    if len(added) != len(removed) - 1:
        raise SolutionError(
            f"expected two updated and one deleted, found {len(added)} "
            f"new and {len(removed)} changed or deleted events"
        )
    user = get_current_user()
    for subject in relocated:
        old = [e for e in upcoming_before if e.subject == subject][0]
        new = [e for e in upcoming_after if e.subject == subject]
        if len(new) != 1:
            raise SolutionError(f"expected one '{subject}', found {len(new)}")
        new = new[0]
        if (
            new.attendees != old.attendees
            or new.starts_at != old.starts_at
            or new.ends_at != old.ends_at
        ):
            raise SolutionError(f"'{subject}' changed more than its room")
        headcount = len([p for p in old.attendees if p != user]) + 1
        wanted = TimeInterval(start=old.starts_at, end=old.ends_at)
        suitable = [
            option.room.room_name
            for option in search_conference_room([wanted], capacity=headcount)
            if option.room.room_name != "Birch"
            and any(slot.includes(wanted) for slot in option.free_slots)
        ]
        if new.location not in suitable:
            raise SolutionError(
                f"expected '{subject}' in one of {suitable}, found "
                f"{new.location!r}"
            )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_relocate_meetings_out_of_birch(
            query="",
            executable=relocate_meetings_out_of_birch,
            setup_function=setup_env_relocate_meetings_out_of_birch,
        )
