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
# Hey, [Assistant], find the earliest hour this week when Jolyon, Keturah and I are all free and a room for three is available, then book a meeting with them there.
# Tags: action, availability, rooms, shared_calendar, multi_step, loop, relative_dates
def meet_jolyon_and_keturah_in_a_room():
    """Schedule a one-hour meeting with Jolyon and Keturah at the earliest
    time this working week when all three calendars are free and some room
    with at least three seats is free for the whole hour."""

    jolyon = find_employee("Jolyon")[0]
    keturah = find_employee("Keturah")[0]
    now = now_()
    settings = get_search_settings("work")
    hour = datetime.timedelta(hours=1)
    # the rest of this week's working days, today included
    days = [
        day
        for day in this_week_dates()
        if day >= now.date() and day.weekday() < 5
    ]
    # everybody's meetings block the time: the user's and both colleagues'
    busy = find_events() + get_calendar(jolyon) + get_calendar(keturah)
    rooms = [option.room for option in search_conference_room(days, capacity=3)]
    for day in days:
        day_end = combine(day, settings.latest_free_slot_finish)
        for slot in find_available_slots(busy, settings, day):
            start = max(slot.start, now)
            end = min(slot.end, day_end)
            if end - start < hour:
                continue
            # inside this common gap, find the earliest hour some room is free
            best = None
            for room in rooms:
                window = TimeInterval(start=start, end=end)
                for free in find_available_time_slots(room.room_name, [window]):
                    if free.end - free.start < hour:
                        continue
                    if best is None or free.start < best[0]:
                        best = (free.start, room.room_name)
            if best is not None:
                add_event(
                    Event(
                        attendees=[jolyon, keturah],
                        subject="Meeting with Jolyon and Keturah",
                        location=best[1],
                        starts_at=best[0],
                        ends_at=best[0] + hour,
                    )
                )
                return
    raise RequiresUserInput(
        "I found no hour this week when the three of you and a room are free."
    )


#OK:
def setup_env_meet_jolyon_and_keturah_in_a_room():
    """World in which the user asks:

    Hey, [Assistant], find the earliest hour this week when Jolyon, Keturah and I are all free and a room for three is available, then book a meeting with them there.

    Common free time of the three: today only 30 minutes, tomorrow
    10:00-11:30, Thursday 14:00-16:30. Tomorrow Quartz (4 seats) is booked
    10:00-11:00 and Garnet (6 seats) 10:15-11:30, so no room is free for an
    hour; Onyx is always free but seats only two. On Thursday Quartz is
    booked 14:00-14:40 and Garnet is free, so the meeting goes to Thursday
    14:00-15:00 in Garnet.
    """

    import datetime

    simulate_org_structure(["Jolyon", "Keturah", "Leontyne", "Mirela"])
    jolyon = find_employee("Jolyon")[0]
    keturah = find_employee("Keturah")[0]
    leontyne = find_employee("Leontyne")[0]
    mirela = find_employee("Mirela")[0]

    today = now_().date()
    day = {
        "mon": today - datetime.timedelta(days=1),
        "tue": today,
        "wed": today + datetime.timedelta(days=1),
        "thu": today + datetime.timedelta(days=2),
    }

    def at(key, hour, minute):
        return combine(day[key], datetime.time(hour, minute))

    def meeting(people, subject, key, start, end):
        return Event(
            attendees=people,
            subject=subject,
            starts_at=at(key, *start),
            ends_at=at(key, *end),
        )

    simulate_user_calendar(
        [
            meeting([leontyne], "Quarter planning", "tue", (9, 30), (12, 0)),
            meeting([mirela], "Customer visit", "tue", (13, 0), (15, 0)),
            meeting([leontyne], "Hiring panel", "tue", (15, 0), (17, 10)),
            meeting([mirela], "Standup", "wed", (9, 15), (10, 0)),
            meeting([leontyne], "Lunch talk", "wed", (12, 0), (13, 0)),
            meeting([mirela], "Offsite prep", "wed", (13, 0), (15, 0)),
            meeting([leontyne], "Budget day", "wed", (15, 0), (17, 10)),
            meeting([mirela], "Ops review", "thu", (9, 0), (10, 30)),
            meeting([leontyne], "Lunch talk", "thu", (12, 0), (13, 0)),
            meeting([mirela], "Wrap-up", "thu", (16, 30), (17, 10)),
        ]
    )
    simulate_employee_calendar(
        jolyon,
        [
            meeting([mirela], "Kickoff", "mon", (10, 0), (11, 0)),
            meeting([mirela], "Pairing", "tue", (12, 0), (12, 30)),
            meeting([leontyne], "Hiring loop", "thu", (10, 30), (12, 0)),
        ],
    )
    simulate_employee_calendar(
        keturah,
        [
            meeting([leontyne], "Vendor call", "wed", (11, 30), (12, 0)),
            meeting([mirela], "Design crit", "thu", (13, 0), (14, 0)),
        ],
    )

    def booking(key, start, end):
        return TimeInterval(start=at(key, *start), end=at(key, *end))

    simulate_conference_room("Onyx", 2)
    simulate_conference_room(
        "Quartz",
        4,
        {
            day["wed"]: [booking("wed", (10, 0), (11, 0))],
            day["thu"]: [booking("thu", (14, 0), (14, 40))],
        },
    )
    simulate_conference_room(
        "Garnet", 6, {day["wed"]: [booking("wed", (10, 15), (11, 30))]}
    )


def evaluate_meet_jolyon_and_keturah_in_a_room(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find the earliest hour this week when Jolyon, Keturah and I are all free and a room for three is available, then book a meeting with them there.

    Exactly one event must be added: Thursday 14:00-15:00 with Jolyon and
    Keturah (the user may be listed too), located in a room with at least
    three seats that is free for that hour (only Garnet qualifies).
    Nothing else may change.
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
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new meeting, found {len(added)}")
    meeting = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=2), datetime.time(14, 0)
    )
    if (
        meeting.starts_at != start
        or meeting.ends_at != start + datetime.timedelta(hours=1)
    ):
        raise SolutionError(
            f"expected the meeting at {start} for one hour, found "
            f"{meeting.starts_at} to {meeting.ends_at}"
        )
    user = get_current_user()
    invited = sorted(p.name for p in meeting.attendees or [] if p != user)
    if invited != ["Jolyon", "Keturah"]:
        raise SolutionError(f"expected Jolyon and Keturah, found {invited}")
    wanted = TimeInterval(start=meeting.starts_at, end=meeting.ends_at)
    suitable = [
        option.room.room_name
        for option in search_conference_room([wanted], capacity=3)
        if any(slot.includes(wanted) for slot in option.free_slots)
    ]
    if meeting.location not in suitable:
        raise SolutionError(
            f"expected a free room for three ({suitable}), found "
            f"{meeting.location!r}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_meet_jolyon_and_keturah_in_a_room(
            query="",
            executable=meet_jolyon_and_keturah_in_a_room,
            setup_function=setup_env_meet_jolyon_and_keturah_in_a_room,
        )
