"""Small hand-made tasks whose evaluation programs are known to be sound, weak or over-strict."""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path

from aspera_core.tasks import Task, load_tasks

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


def code(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


@cache
def _template() -> Task:
    return load_tasks(MINI_RELEASE)[0]


def task(query_id: str, query: str, program: str, setups: list[str], evaluations: list[str]) -> Task:
    """A task with the scenario of the four-task fixture (no room booking)."""
    return Task(
        query_id=query_id,
        program=code(program),
        query=query,
        scenario=_template().scenario,
        state_generation_programs=[code(s) for s in setups],
        evaluation_programs=[code(e) for e in evaluations],
    )


BOOK_PROGRAM = '''
def book_review():
    """Book a 45-minute review with Ann and Bob on Friday at 2:30 PM in Maple."""
    ann = find_employee("Ann")[0]
    bob = find_employee("Bob")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(2, 30, "pm"))
    end = modify(start, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add)
    add_event(Event(attendees=[ann, bob], subject="Review", starts_at=start, ends_at=end, location="Maple"))
'''

BOOK_SETUP = """
def setup_env_book_review():
    import datetime

    simulate_org_structure(["Ann", "Bob", "Cyd"])
    cyd = find_employee("Cyd")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(10, 0, "am"))
    simulate_user_calendar(
        [Event(attendees=[cyd], subject="Planning", starts_at=start, ends_at=start + datetime.timedelta(hours=1))]
    )
"""

# Checks everything the request fixes, and that nothing else changed.
BOOK_SOUND = """
def evaluate_book_review(query, executable, setup_function):
    import datetime

    setup_function()
    before, past = find_events(), find_past_events()
    executable()
    after = find_events()
    if find_past_events() != past or any(event not in after for event in before):
        raise SolutionError("existing events changed")
    added = [event for event in after if event not in before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    event = added[0]
    wanted = {find_employee("Ann")[0].employee_id, find_employee("Bob")[0].employee_id}
    me = get_current_user()  # (listing the user among the attendees is the user's choice)
    if sorted(p.employee_id for p in event.attendees or [] if p != me) != sorted(wanted):
        raise SolutionError("wrong attendees")
    start = combine(get_next_dow("Friday"), time_by_hm(2, 30, "pm"))
    if (event.starts_at, event.ends_at) != (start, start + datetime.timedelta(minutes=45)):
        raise SolutionError("wrong time")
    if event.location != "Maple" or event.repeats is not None:
        raise SolutionError("wrong room or a repeating event")
    try:
        assert_user_calendar_shared([])
    except AssertionError:
        raise SolutionError("the calendar was shared")
"""

# Deliberately weak: only checks that some upcoming event includes Ann.
BOOK_WEAK = """
def evaluate_book_review(query, executable, setup_function):
    setup_function()
    executable()
    ann = find_employee("Ann")[0]
    if not any(ann in (event.attendees or []) for event in find_events()):
        raise SolutionError("no meeting with Ann")
"""

COUNT_PROGRAM = '''
def count_meetings_with_ann() -> int:
    """Count next week's meetings with Ann."""
    ann = find_employee("Ann")[0]
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    count = 0
    for event in find_events(attendees=[ann]):
        if week.start <= event.starts_at.date() <= week.end:
            count += 1
    return count
'''

COUNT_SETUP = """
def setup_env_count_meetings_with_ann():
    import datetime

    simulate_org_structure(["Ann", "Bob"])
    ann, bob = find_employee("Ann")[0], find_employee("Bob")[0]
    monday = get_next_dow("Monday")
    plan = [([ann], monday), ([ann], monday + datetime.timedelta(days=2)), ([bob], monday),
            ([ann], get_next_dow("Friday"))]
    events = []
    for people, day in plan:
        start = combine(day, time_by_hm(11, 0, "am"))
        events.append(Event(attendees=people, subject="Chat", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))
    simulate_user_calendar(events)
"""

COUNT_SOUND = """
def evaluate_count_meetings_with_ann(query, executable, setup_function):
    setup_function()
    before = find_events()
    answer = executable()
    if answer != 2 or isinstance(answer, bool):
        raise SolutionError(f"expected 2, got {answer!r}")
    if find_events() != before:
        raise SolutionError("the calendar changed")
"""

CANCEL_PROGRAM = '''
def cancel_meeting_with_ann():
    """Cancel tomorrow's meeting with Ann, asking when there is not exactly one."""
    ann = find_employee("Ann")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    meetings = [e for e in find_events(attendees=[ann]) if e.starts_at.date() == tomorrow]
    if len(meetings) != 1:
        raise RequiresUserInput("Which meeting with Ann do you mean?")
    delete_event(meetings[0])
'''


def _cancel_setup(name: str, hours: tuple[int, ...]) -> str:
    return f"""
def setup_env_{name}():
    import datetime

    simulate_org_structure(["Ann", "Bob"])
    ann = find_employee("Ann")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    events = []
    for hour in {hours!r}:
        start = combine(tomorrow, time_by_hm(hour, 0, "am"))
        events.append(Event(attendees=[ann], subject="Sync", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))
    simulate_user_calendar(events)
"""


CANCEL_ONE = """
def evaluate_one(query, executable, setup_function):
    setup_function()
    before = find_events()
    executable()
    if len(find_events()) != len(before) - 1 or any(e not in before for e in find_events()):
        raise SolutionError("expected the one meeting to be cancelled")
"""

CANCEL_TWO = """
def evaluate_two(query, executable, setup_function):
    setup_function()
    before = find_events()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("expected a question: there are two meetings with Ann")
    if find_events() != before:
        raise SolutionError("nothing may change before the user answers")
"""

BLOCKS_PROGRAM = '''
def block_prep_and_review():
    """Block 2 to 3 PM tomorrow twice, once for preparation and once for review."""
    start = combine(parse_date_string(DateExpressions["Tomorrow"]), time_by_hm(2, 0, "pm"))
    for subject in ["Prep", "Review"]:
        add_event(Event(subject=subject, starts_at=start, ends_at=start + datetime.timedelta(hours=1)))
'''

BLOCKS_SETUP = """
def setup_env_block_prep_and_review():
    simulate_org_structure(["Ann"])
"""

# Over-strict: insists on the order the two blocks were added in (same start, so
# the calendar lists them in insertion order), which the request does not fix.
BLOCKS_STRICT = """
def evaluate_block_prep_and_review(query, executable, setup_function):
    import datetime

    setup_function()
    executable()
    start = combine(now_().date() + datetime.timedelta(days=1), time_by_hm(2, 0, "pm"))
    if [(e.subject, e.starts_at) for e in find_events()] != [("Prep", start), ("Review", start)]:
        raise SolutionError("expected Prep then Review at 2 PM tomorrow")
"""


def sound_tasks() -> list[Task]:
    """Tasks whose evaluation programs accept every correct program and reject every wrong one."""
    return [
        task("9101", "Hey, [Assistant], book a 45-minute review with Ann and Bob on Friday at 2:30 PM in Maple.",
             BOOK_PROGRAM, [BOOK_SETUP], [BOOK_SOUND]),
        task("9103", "Hey, [Assistant], how many meetings do I have with Ann next week?",
             COUNT_PROGRAM, [COUNT_SETUP], [COUNT_SOUND]),
        task("9104", "Hey, [Assistant], cancel my meeting with Ann tomorrow.", CANCEL_PROGRAM,
             [_cancel_setup("one", (9,)), _cancel_setup("two", (9, 11))], [CANCEL_ONE, CANCEL_TWO]),
    ]  # fmt: skip


def weak_task() -> Task:
    """The booking task with an evaluation program that only looks for a meeting with Ann."""
    return task("9102", "Hey, [Assistant], set up a 45-minute review with Ann and Bob on Friday at 2:30 PM in Maple.",
                BOOK_PROGRAM, [BOOK_SETUP], [BOOK_WEAK])  # fmt: skip


def strict_task() -> Task:
    """A task whose evaluation program rejects a correct reordering of two bookings."""
    return task("9105", "Hey, [Assistant], block 2 to 3 PM tomorrow for prep and for review.",
                BLOCKS_PROGRAM, [BLOCKS_SETUP], [BLOCKS_STRICT])  # fmt: skip
