"""The checked verdict on hand-made tasks whose evaluation programs are weak on purpose.

The cases are the issue's: programs that do more than asked (an extra event, a deleted row, an answer listing
everything) must fail the checked verdict although the evaluation program accepts them; correct programs that do
the work another way (a series for single events, an update in place for a replacement, the user listed as an
attendee, a sentence naming one more person) must pass it.
"""

from __future__ import annotations

import json

import pytest

from aspera_core.agents import ReplayAgent
from aspera_core.executor import SandboxConfig
from aspera_core.runner import run_agent
from tests.audit.support import BOOK_PROGRAM, BOOK_SETUP, BOOK_WEAK, code, task

# -- a booking whose evaluation program only looks for a meeting with Ann -------------------------------------

BOOK = task(
    "9101",
    "Book a 45-minute review with Ann and Bob on Friday at 2:30 PM in Maple.",
    BOOK_PROGRAM,
    [BOOK_SETUP],
    [BOOK_WEAK],
)

BOOK_AND_LUNCH = (
    BOOK_PROGRAM.rstrip()
    + """
    add_event(Event(subject="Lunch", starts_at=start.replace(hour=12, minute=0), ends_at=start.replace(hour=13, minute=0)))
"""
)
BOOK_AND_DELETE = (
    BOOK_PROGRAM.rstrip()
    + """
    for event in find_events(subject="Planning"):
        delete_event(event)
"""
)
BOOK_WITH_USER = BOOK_PROGRAM.replace("attendees=[ann, bob]", "attendees=[ann, bob, get_current_user()]")

# -- three weekly sessions: singles in the reference, one series in the alternative ---------------------------

WEEKLY_SINGLES = '''
def weekly_sessions():
    """Three weekly 30-minute sessions with Ann, Mondays at 10 AM from next Monday."""
    ann = find_employee("Ann")[0]
    first = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    for week in range(3):
        start = first + datetime.timedelta(weeks=week)
        add_event(Event(attendees=[ann], subject="Session", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))
'''
WEEKLY_SERIES = """
def weekly_sessions():
    ann = find_employee("Ann")[0]
    start = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[ann],
            subject="Session",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=3),
        )
    )
"""
WEEKLY_SETUP = """
def setup_env_weekly_sessions():
    simulate_org_structure(["Ann", "Bob"])
"""
WEEKLY_WEAK = """
def evaluate_weekly_sessions(query, executable, setup_function):
    setup_function()
    executable()
    if not find_events(attendees=[find_employee("Ann")[0]]):
        raise SolutionError("no session with Ann")
"""
WEEKLY = task(
    "9102",
    "Set up three weekly 30-minute sessions with Ann on Mondays at 10 AM.",
    WEEKLY_SINGLES,
    [WEEKLY_SETUP],
    [WEEKLY_WEAK],
)

# -- moving a meeting: replaced in the reference, updated in place in the alternative -------------------------

MOVE_REPLACE = '''
def move_planning():
    """Move Planning to 11 AM the same day."""
    event = find_events(subject="Planning")[0]
    delete_event(event)
    start = event.starts_at.replace(hour=11)
    add_event(Event(attendees=event.attendees, subject=event.subject, starts_at=start, ends_at=start + (event.ends_at - event.starts_at)))
'''
MOVE_IN_PLACE = """
def move_planning():
    event = find_events(subject="Planning")[0]
    length = event.ends_at - event.starts_at
    event.starts_at = event.starts_at.replace(hour=11)
    event.ends_at = event.starts_at + length
    add_event(event)
"""
MOVE_AND_DROP_OTHER = (
    MOVE_IN_PLACE.rstrip()
    + """
    for other in find_events(subject="Standup"):
        delete_event(other)
"""
)
MOVE_SETUP = """
def setup_env_move_planning():
    import datetime

    simulate_org_structure(["Ann", "Cyd"])
    cyd = find_employee("Cyd")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(9, 0, "am"))
    simulate_user_calendar([
        Event(attendees=[cyd], subject="Planning", starts_at=start, ends_at=start + datetime.timedelta(hours=1)),
        Event(attendees=[cyd], subject="Standup", starts_at=start.replace(hour=15), ends_at=start.replace(hour=15, minute=15)),
    ])
"""
MOVE_WEAK = """
def evaluate_move_planning(query, executable, setup_function):
    setup_function()
    executable()
    if not any(event.starts_at.hour == 11 for event in find_events(subject="Planning")):
        raise SolutionError("Planning was not moved to 11")
"""
MOVE = task("9103", "Move my Planning meeting on Friday to 11 AM.", MOVE_REPLACE, [MOVE_SETUP], [MOVE_WEAK])

# -- a question whose evaluation program only looks for the name in the answer --------------------------------

MANAGER_PROGRAM = '''
def ann_manager() -> str:
    """Who is Ann's manager?"""
    return find_manager_of(find_employee("Ann")[0]).name
'''
MANAGER_SENTENCE = """
def ann_manager() -> str:
    ann = find_employee("Ann")[0]
    manager = find_manager_of(ann)
    others = [e.name for e in find_reports_of(manager) if e.name != "Ann"]
    return f"Ann's manager is {manager.name}; {others[0]} reports to {manager.name} too." if others else manager.name
"""
MANAGER_EVERYTHING = """
def ann_manager() -> str:
    names = [e.name for e in get_all_employees()]
    numbers = [str(n) for n in range(60)]
    return "Maybe one of: " + ", ".join(names + numbers)
"""
MANAGER_SETUP = """
def setup_env_ann_manager():
    simulate_org_structure(["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"])
"""
MANAGER_WEAK = """
def evaluate_ann_manager(query, executable, setup_function):
    setup_function()
    answer = executable()
    manager = find_manager_of(find_employee("Ann")[0])
    if manager.name not in str(answer):
        raise SolutionError("the manager is not named")
"""
MANAGER = task("9104", "Who is Ann's manager?", MANAGER_PROGRAM, [MANAGER_SETUP], [MANAGER_WEAK])

CASES = {
    # (task, program): the checked outcome it must get (the evaluation program accepts every one)
    "an extra unrelated event": (BOOK, BOOK_AND_LUNCH, "side_effect"),
    "an unrelated event deleted": (BOOK, BOOK_AND_DELETE, "side_effect"),
    "an unrelated event deleted beside an update in place": (MOVE, MOVE_AND_DROP_OTHER, "side_effect"),
    "an answer listing everyone and every number": (MANAGER, MANAGER_EVERYTHING, "over_inclusive"),
    "the reference itself (booking)": (BOOK, BOOK_PROGRAM, "success"),
    "the user listed as an attendee": (BOOK, BOOK_WITH_USER, "success"),
    "a series for the reference's single events": (WEEKLY, WEEKLY_SERIES, "success"),
    "an update in place for the reference's replacement": (MOVE, MOVE_IN_PLACE, "success"),
    "a sentence naming one more person": (MANAGER, MANAGER_SENTENCE, "success"),
}


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Every case run once through ``run_agent`` (each program replayed on its task, reference runs included)."""
    folder = tmp_path_factory.mktemp("checked")
    found = {}
    for number, (name, (case_task, program, _)) in enumerate(CASES.items()):
        replay = folder / f"replay-{number}.jsonl"
        replay.write_text(json.dumps({"task_id": case_task.query_id, "program": code(program)}) + "\n")
        out = folder / f"results-{number}.jsonl"
        run_agent([case_task], ReplayAgent(replay), out, SandboxConfig(workers=1, timeout_s=10), progress=False)
        found[name] = json.loads(out.read_text().splitlines()[-1])
    return found


@pytest.mark.parametrize("name", list(CASES))
def test_the_checked_verdict_of_each_case(rows: dict[str, dict], name: str) -> None:
    row = rows[name]
    assert row["outcome"] == "success", row["message"]  # the weak evaluation program accepts every one
    assert row["checked_outcome"] == CASES[name][2], row["checked_reasons"]


def test_a_failure_names_its_rule_and_shows_what_broke_it(rows: dict[str, dict]) -> None:
    (lunch,) = rows["an extra unrelated event"]["checked_reasons"]
    assert lunch.startswith("side_effect: pair 1: added 2 occurrence(s) to user_calendar where the reference adds 1")
    assert "'Lunch'" in lunch
    (deleted,) = rows["an unrelated event deleted"]["checked_reasons"]
    assert "'Planning'" in deleted and "with Cyd" in deleted
    (listed,) = rows["an answer listing everyone and every number"]["checked_reasons"]
    assert listed.startswith("over_inclusive: pair 1: the answer names") and "(allowed: 3)" in listed


def test_successes_carry_no_reasons(rows: dict[str, dict]) -> None:
    assert all(not rows[name]["checked_reasons"] for name, case in CASES.items() if case[2] == "success")
