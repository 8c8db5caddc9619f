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
# Hey, [Assistant], set up a daily 15-minute stand-up with everyone in my team at 9:15 AM on weekdays, starting next Monday and running until the end of August.
# Tags: action, recurring, org_structure, relative_dates
# Apps: no room_booking
def daily_stand_up_with_my_team():
    """Create a weekday series of 15-minute stand-ups at 9:15 AM with the
    user's whole team, from next Monday to the end of August."""

    team = find_team_of(get_current_user())
    starts_at = combine(get_next_dow("Monday"), time_by_hm(9, 15, "am"))
    ends_at = modify(
        starts_at,
        Duration(15, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    # the series is bounded by the last day of August
    end_of_august = date_by_mdy(month=8, day=31)
    add_event(
        Event(
            attendees=team,
            subject="Daily stand-up",
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=RepetitionSpec(
                frequency=EventFrequency.DAILY,
                which_weekday=[0, 1, 2, 3, 4],
                recurs_until=end_of_august,
            ),
        )
    )


#OK:
def setup_env_daily_stand_up_with_my_team():
    """World in which the user asks:

    Hey, [Assistant], set up a daily 15-minute stand-up with everyone in my team at 9:15 AM on weekdays, starting next Monday and running until the end of August.

    The user is a team member in Engineering, a team extended with Priya
    and Greta. The calendar already holds a
    weekly team sync with the same team on Thursdays and a one-off meeting
    next Monday at 10 AM.
    """

    import datetime

    simulate_org_structure(
        ["Anselm", "Hamish", "Leopold"],
        user_team=Team.Engineering,
        teams_to_extend={Team.Engineering: ["Priya", "Greta"]},
    )
    team = find_team_of(get_current_user())
    anselm = find_employee("Anselm")[0]

    thursday = get_next_dow("Thursday")
    next_monday = get_next_dow("Monday")
    sync = combine(thursday, time_by_hm(2, 0, "pm"))
    other = combine(next_monday, time_by_hm(10, 0, "am"))
    simulate_user_calendar(
        [
            Event(
                attendees=team,
                subject="Team sync",
                starts_at=sync,
                ends_at=sync + datetime.timedelta(minutes=45),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, max_repetitions=10
                ),
            ),
            Event(
                attendees=[anselm],
                subject="Security questionnaire",
                starts_at=other,
                ends_at=other + datetime.timedelta(minutes=30),
            ),
        ]
    )


def evaluate_daily_stand_up_with_my_team(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a daily 15-minute stand-up with everyone in my team at 9:15 AM on weekdays, starting next Monday and running until the end of August.

    The new events must yield one 15-minute stand-up at 9:15 on every
    weekday from Monday 2024-07-01 to Friday 2024-08-30 (45 meetings) and no
    other, each with exactly the user's team (`find_team_of` of the user,
    its manager included; the user may be listed too). One series is the
    natural solution; single events are accepted too. Nothing else may
    change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    if removed:
        raise SolutionError(f"{len(removed)} existing events changed or went")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if not added:
        raise SolutionError("no stand-up was added")

    user = get_current_user()
    team = sorted(p.employee_id for p in find_team_of(user))
    starts = []
    for event in added:
        invited = sorted(
            p.employee_id for p in event.attendees or [] if p != user
        )
        if invited != team:
            raise SolutionError(
                f"the stand-up must invite the {len(team)} members of the "
                f"user's team, found {len(invited)} invitees"
            )
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=15):
            raise SolutionError(
                f"expected 15-minute stand-ups, found {event.duration.number}"
            )
        if event.repeats is None:
            starts.append(event.starts_at)
        else:
            starts += repetition_schedule(
                event.starts_at.time(),
                deepcopy(event.repeats),
                event.starts_at.date(),
            )
    expected = []
    day = get_next_dow("Monday")
    while day <= date_by_mdy(month=8, day=31):
        if day.weekday() < 5:
            expected.append(combine(day, time_by_hm(9, 15, "am")))
        day = day + datetime.timedelta(days=1)
    starts.sort()
    if starts != expected:
        extra = [str(s) for s in starts if s not in expected][:3]
        missing = [str(s) for s in expected if s not in starts][:3]
        raise SolutionError(
            f"expected {len(expected)} stand-ups on weekdays 2024-07-01 to "
            f"2024-08-30 at 9:15, found {len(starts)}; unexpected {extra}, "
            f"missing {missing}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_daily_stand_up_with_my_team(
            query="",
            executable=daily_stand_up_with_my_team,
            setup_function=setup_env_daily_stand_up_with_my_team,
        )
