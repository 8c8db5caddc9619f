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
# Hey, [Assistant], find the first free 45 minutes tomorrow after 1 PM and block them as Focus time.
# Tags: action, availability, relative_dates
# Apps: no room_booking
def block_focus_time_tomorrow_afternoon():
    """Add a 45-minute Focus time block in the earliest gap of tomorrow's
    calendar that starts at 1 PM or later and is long enough."""

    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    one_pm = combine(tomorrow, time_by_hm(1, 0, "pm"))
    needed = datetime.timedelta(minutes=45)
    slots = find_available_slots(
        find_events(), get_search_settings("work"), tomorrow
    )
    for slot in sorted(slots, key=lambda s: s.start):
        # only the part of a gap after 1 PM counts
        start = max(slot.start, one_pm)
        if slot.end - start >= needed:
            add_event(
                Event(
                    subject="Focus time",
                    starts_at=start,
                    ends_at=start + needed,
                )
            )
            return
    raise RequiresUserInput(
        "There is no free 45-minute slot tomorrow after 1 PM."
    )


#OK:
def setup_env_block_focus_time_tomorrow_afternoon():
    """World in which the user asks:

    Hey, [Assistant], find the first free 45 minutes tomorrow after 1 PM and block them as Focus time.

    Tomorrow after 1 PM the gaps are 13:20-13:40 (20 minutes), 15:00-15:40
    (40 minutes) and 16:10-17:10, so the block goes to 16:10-16:55. The
    morning has a long gap and today's afternoon is free; both must be
    ignored.
    """

    import datetime

    simulate_org_structure(["Dunstan", "Eirwen", "Fiorella"])
    dunstan = find_employee("Dunstan")[0]
    eirwen = find_employee("Eirwen")[0]
    fiorella = find_employee("Fiorella")[0]

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def meeting(people, subject, day, hour, minute, minutes):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([fiorella], "Standup", today, 9, 30, 30),
            meeting([dunstan], "Vendor intro", tomorrow, 10, 0, 60),
            meeting([eirwen], "Lunch and learn", tomorrow, 12, 30, 50),
            meeting([dunstan], "Vendor call", tomorrow, 13, 40, 50),
            meeting([eirwen], "Hiring sync", tomorrow, 14, 30, 30),
            meeting([dunstan, eirwen], "Design crit", tomorrow, 15, 40, 30),
            meeting([fiorella], "Roadmap pass", thursday, 13, 0, 60),
        ]
    )


def evaluate_block_focus_time_tomorrow_afternoon(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find the first free 45 minutes tomorrow after 1 PM and block them as Focus time.

    Exactly one event must be added: tomorrow 16:10-16:55, with a subject
    mentioning focus and no colleagues invited. Nothing else may change.
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
        raise SolutionError(f"expected one new event, found {len(added)}")
    block = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=1), datetime.time(16, 10)
    )
    if block.starts_at != start or block.ends_at != start + datetime.timedelta(
        minutes=45
    ):
        raise SolutionError(
            f"expected the block at {start} for 45 minutes, found "
            f"{block.starts_at} to {block.ends_at}"
        )
    if "focus" not in (block.subject or "").lower():
        raise SolutionError(
            f"expected a Focus time subject, got {block.subject!r}"
        )
    user = get_current_user()
    if [p for p in block.attendees or [] if p != user]:
        raise SolutionError("the focus block must not invite colleagues")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_block_focus_time_tomorrow_afternoon(
            query="",
            executable=block_focus_time_tomorrow_afternoon,
            setup_function=setup_env_block_focus_time_tomorrow_afternoon,
        )
