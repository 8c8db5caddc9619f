"""Hand-made tasks for the variants that use a request's freedom and for the shortcut probes.

Each comes with an over-strict evaluation program (it rejects a correct program that uses the freedom, or one
that accepts a shortcut) and a sound one, written from the request alone; some requests fix what a variant
would change, so that no variant of that kind may be generated for them.
"""

from __future__ import annotations

from aspera_core.tasks import Task

from .support import task

# -- a meeting whose request states no length --------------------------------------------------------------

REVIEW_PROGRAM = '''
def book_review_with_ann():
    """Book a review with Ann on Friday at 2:30 PM (no length given: the library's default)."""
    ann = find_employee("Ann")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(2, 30, "pm"))
    add_event(Event(attendees=[ann], subject="Review", starts_at=start))
'''
REVIEW_SETUP = """
def setup_env_book_review_with_ann():
    import datetime

    simulate_org_structure(["Ann", "Bob"])
    bob = find_employee("Bob")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(9, 0, "am"))
    simulate_user_calendar([Event(attendees=[bob], subject="Standup", starts_at=start, ends_at=start + datetime.timedelta(minutes=15))])
"""
_REVIEW_CHECK = """
def evaluate_book_review_with_ann(query, executable, setup_function):
    import datetime

    setup_function()
    before = find_events()
    executable()
    added = [event for event in find_events() if event not in before]
    me = get_current_user()
    start = combine(get_next_dow("Friday"), time_by_hm(2, 30, "pm"))
    if len(added) != 1 or len(find_events()) != len(before) + 1:
        raise SolutionError("expected exactly one new event")
    event = added[0]
    if [p for p in event.attendees or [] if p != me] != [find_employee("Ann")[0]] or event.starts_at != start:
        raise SolutionError("wrong attendees or start")
    {length}
"""
REVIEW_STRICT = _REVIEW_CHECK.format(
    length='if event.ends_at != start + datetime.timedelta(minutes=16):\n        raise SolutionError("expected the default length")'
)
REVIEW_SOUND = _REVIEW_CHECK.format(length='if event.ends_at <= start:\n        raise SolutionError("no length")')

# -- one-to-ones with each report, back to back: the request fixes no order --------------------------------

ONE_TO_ONES_PROGRAM = '''
def one_to_ones_with_reports():
    """Back-to-back 30-minute one-to-ones with each of my direct reports next Monday from 10 AM."""
    import datetime

    slot = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    for report in find_reports_of(get_current_user()):
        add_event(Event(attendees=[report], subject="One-to-one", starts_at=slot, ends_at=slot + datetime.timedelta(minutes=30)))
        slot = slot + datetime.timedelta(minutes=30)
'''
ONE_TO_ONES_SETUP = """
def setup_env_one_to_ones_with_reports():
    simulate_org_structure(
        ["Ann"], user_role="Manager", user_team=Team.Engineering, teams_to_extend={Team.Engineering: ["Bob", "Cyd", "Dee"]}
    )
"""
_ONE_TO_ONES_CHECK = """
def evaluate_one_to_ones_with_reports(query, executable, setup_function):
    import datetime

    setup_function()
    executable()
    reports = find_reports_of(get_current_user())
    first = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    slots = [first + datetime.timedelta(minutes=30 * n) for n in range(len(reports))]
    me = get_current_user()
    events = sorted(find_events(), key=lambda event: event.starts_at)
    people = [[p for p in event.attendees or [] if p != me] for event in events]
    if len(reports) < 2 or len(events) != len(reports) or any(len(them) != 1 for them in people):
        raise SolutionError("expected one one-to-one per report")
    {pairing}
"""
ONE_TO_ONES_STRICT = _ONE_TO_ONES_CHECK.format(
    pairing='if [(them[0], e.starts_at) for them, e in zip(people, events)] != list(zip(reports, slots)):\n        raise SolutionError("expected the reports in directory order")'
)
ONE_TO_ONES_SOUND = _ONE_TO_ONES_CHECK.format(
    pairing='if sorted(e.starts_at for e in events) != slots or {them[0].employee_id for them in people} != {r.employee_id for r in reports}:\n        raise SolutionError("expected each report once, back to back")\n    if any(e.ends_at - e.starts_at != datetime.timedelta(minutes=30) for e in events):\n        raise SolutionError("expected 30 minutes each")'
)

# -- a question answered in text -------------------------------------------------------------------------------

ROOM_PROGRAM = '''
def planning_room() -> str:
    """Where is my Planning meeting on Friday?"""
    return find_events(subject="Planning")[0].location
'''
ROOM_SETUP = """
def setup_env_planning_room():
    import datetime

    simulate_org_structure(["Ann"])
    start = combine(get_next_dow("Friday"), time_by_hm(10, 0, "am"))
    simulate_user_calendar([Event(subject="Planning", location="Maple", starts_at=start, ends_at=start + datetime.timedelta(hours=1))])
"""
ROOM_STRICT = """
def evaluate_planning_room(query, executable, setup_function):
    setup_function()
    if executable() != "Maple":
        raise SolutionError("expected Maple")
"""
ROOM_SOUND = """
def evaluate_planning_room(query, executable, setup_function):
    setup_function()
    before = find_events()
    answer = executable()
    if find_events() != before:
        raise SolutionError("the calendar changed")
    words = set(answer.lower().replace(".", " ").replace(":", " ").split()) if isinstance(answer, str) else set()
    others = {person.name.lower() for person in get_all_employees()} | {"oak", "birch"}
    if "maple" not in words or words & others:
        raise SolutionError("expected the answer to name Maple and no other room or person")
"""

WHEN_PROGRAM = '''
def planning_start() -> str:
    """When does my Planning meeting on Friday start?"""
    return find_events(subject="Planning")[0].starts_at.strftime("%Y-%m-%d %H:%M")
'''
WHEN_STRICT = """
def evaluate_planning_start(query, executable, setup_function):
    setup_function()
    start = combine(get_next_dow("Friday"), time_by_hm(10, 0, "am"))
    if start.strftime("%Y-%m-%d") not in executable():
        raise SolutionError("expected the date as YYYY-MM-DD")
"""

# -- moving a meeting: updated in place by the reference ------------------------------------------------------

MOVE_PROGRAM = '''
def move_planning():
    """Move my Planning meeting on Friday to 11 AM."""
    event = find_events(subject="Planning")[0]
    length = event.ends_at - event.starts_at
    event.starts_at = event.starts_at.replace(hour=11)
    event.ends_at = event.starts_at + length
    add_event(event)
'''
MOVE_SETUP = """
def setup_env_move_planning():
    import datetime

    simulate_org_structure(["Ann"])
    ann = find_employee("Ann")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(9, 0, "am"))
    simulate_user_calendar([Event(attendees=[ann], subject="Planning", starts_at=start, ends_at=start + datetime.timedelta(hours=1))])
"""
MOVE_STRICT = """
def evaluate_move_planning(query, executable, setup_function):
    setup_function()
    old = find_events(subject="Planning")[0]
    executable()
    moved = get_event_by_id(old.event_id)
    if moved.starts_at.hour != 11 or len(find_events()) != 1:
        raise SolutionError("the meeting was not moved")
"""
MOVE_SOUND = """
def evaluate_move_planning(query, executable, setup_function):
    setup_function()
    old = find_events(subject="Planning")[0]
    executable()
    events = find_events()
    if len(events) != 1 or events[0].starts_at != old.starts_at.replace(hour=11) or events[0].ends_at - events[0].starts_at != old.ends_at - old.starts_at:
        raise SolutionError("the meeting was not moved to 11 with its length")
"""

# -- questions and requests the shortcut probes try -----------------------------------------------------------

HOLIDAY_PROGRAM = '''
def ann_on_holiday() -> bool:
    """Is Ann on holiday next week?"""
    return bool(get_vacation_schedule(find_employee("Ann")[0]))
'''
HOLIDAY_SETUP = """
def setup_env_ann_on_holiday():
    simulate_org_structure(["Ann", "Bob"])
"""
HOLIDAY_WEAK = """
def evaluate_ann_on_holiday(query, executable, setup_function):
    setup_function()
    if not isinstance(executable(), bool):
        raise SolutionError("expected yes or no")
"""
HOLIDAY_SOUND = """
def evaluate_ann_on_holiday(query, executable, setup_function):
    setup_function()
    before = find_events()
    if executable() is not False or find_events() != before:
        raise SolutionError("Ann has no holiday: expected False, and no change")
"""

MANAGER_PROGRAM = '''
def ann_manager() -> str:
    """Who is Ann's manager?"""
    return find_manager_of(find_employee("Ann")[0]).name
'''
MANAGER_SETUP = """
def setup_env_ann_manager():
    simulate_org_structure(["Ann", "Bob", "Cyd"])
"""
MANAGER_WEAK = """
def evaluate_ann_manager(query, executable, setup_function):
    setup_function()
    if find_manager_of(find_employee("Ann")[0]).name not in str(executable()):
        raise SolutionError("the manager is not named")
"""
MANAGER_SOUND = """
def evaluate_ann_manager(query, executable, setup_function):
    setup_function()
    answer = str(executable())
    if find_events():
        raise SolutionError("the calendar changed")
    manager = find_manager_of(find_employee("Ann")[0]).name
    others = [person.name for person in get_all_employees() if person.name != manager and person.name in answer]
    if manager not in answer or others:
        raise SolutionError("expected the manager's name and nobody else's")
"""

CANCEL_PROGRAM = '''
def cancel_syncs_with_ann():
    """Cancel my syncs with Ann."""
    for event in find_events(attendees=[find_employee("Ann")[0]]):
        delete_event(event)
'''
CANCEL_SETUP = """
def setup_env_cancel_syncs_with_ann():
    import datetime

    simulate_org_structure(["Ann", "Bob"])
    ann, bob = find_employee("Ann")[0], find_employee("Bob")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(9, 0, "am"))
    simulate_user_calendar([
        Event(attendees=[ann], subject="Sync", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)),
        Event(attendees=[bob], subject="Review", starts_at=start.replace(hour=14), ends_at=start.replace(hour=15)),
    ])
"""
CANCEL_WEAK = """
def evaluate_cancel_syncs_with_ann(query, executable, setup_function):
    setup_function()
    executable()
    if find_events(attendees=[find_employee("Ann")[0]]):
        raise SolutionError("a sync with Ann is left")
"""
CANCEL_SOUND = """
def evaluate_cancel_syncs_with_ann(query, executable, setup_function):
    setup_function()
    kept = find_events(attendees=[find_employee("Bob")[0]])
    executable()
    if find_events(attendees=[find_employee("Ann")[0]]) or find_events() != kept:
        raise SolutionError("expected only the syncs with Ann to go")
"""


def freedom_tasks(sound: bool) -> list[Task]:
    """One task per kind of freedom, with the sound or the over-strict evaluation program."""
    pick = (lambda strict, fine: fine) if sound else (lambda strict, fine: strict)
    return [
        task("9201", "Hey, [Assistant], book a review with Ann on Friday at 2:30 PM.", REVIEW_PROGRAM,
             [REVIEW_SETUP], [pick(REVIEW_STRICT, REVIEW_SOUND)]),
        task("9202", "Hey, [Assistant], set up back-to-back 30-minute one-to-ones with each of my direct reports next Monday from 10 AM.",
             ONE_TO_ONES_PROGRAM, [ONE_TO_ONES_SETUP], [pick(ONE_TO_ONES_STRICT, ONE_TO_ONES_SOUND)]),
        task("9203", "Hey, [Assistant], which room is my Planning meeting on Friday in?", ROOM_PROGRAM,
             [ROOM_SETUP], [pick(ROOM_STRICT, ROOM_SOUND)]),
        task("9204", "Hey, [Assistant], move my Planning meeting on Friday to 11 AM.", MOVE_PROGRAM,
             [MOVE_SETUP], [pick(MOVE_STRICT, MOVE_SOUND)]),
    ]  # fmt: skip


def fixed_tasks() -> list[Task]:
    """Requests that fix what a variant would change: no variant of that kind may be generated for them."""
    return [
        task("9211", "Hey, [Assistant], book a 16-minute review with Ann on Friday at 2:30 PM.", REVIEW_PROGRAM,
             [REVIEW_SETUP], [REVIEW_STRICT]),
        task("9212", "Hey, [Assistant], set up back-to-back one-to-ones with my direct reports next Monday from 10 AM, in alphabetical order.",
             ONE_TO_ONES_PROGRAM, [ONE_TO_ONES_SETUP], [ONE_TO_ONES_STRICT]),
        task("9213", "Hey, [Assistant], which room is my Planning meeting on Friday in? Just give me the room's name.",
             ROOM_PROGRAM, [ROOM_SETUP], [ROOM_STRICT]),
        task("9214", "Hey, [Assistant], book a review between Ann and Bob on Friday at 2:30 PM.", REVIEW_PROGRAM,
             [REVIEW_SETUP], [REVIEW_STRICT]),
    ]  # fmt: skip


def shortcut_tasks(sound: bool) -> list[Task]:
    """Tasks a shortcut probe passes when their evaluation program is weak."""
    pick = (lambda weak, fine: fine) if sound else (lambda weak, fine: weak)
    return [
        task("9221", "Hey, [Assistant], is Ann on holiday next week?", HOLIDAY_PROGRAM, [HOLIDAY_SETUP],
             [pick(HOLIDAY_WEAK, HOLIDAY_SOUND)]),
        task("9222", "Hey, [Assistant], who is Ann's manager?", MANAGER_PROGRAM, [MANAGER_SETUP],
             [pick(MANAGER_WEAK, MANAGER_SOUND)]),
        task("9223", "Hey, [Assistant], cancel my syncs with Ann.", CANCEL_PROGRAM, [CANCEL_SETUP],
             [pick(CANCEL_WEAK, CANCEL_SOUND)]),
    ]  # fmt: skip
