"""The mini release's hand-back task 9003 with a contrasting world, as a task set sound under the workbench's rules
needs it: a program that always asks must fail somewhere (Agentic Benchmark Checklist III.13).

In the second world only one colleague is called Wendeline and the user has one catch-up with her, so the
request must be carried out: the catch-up moves one hour later, keeping its length, and nothing else changes.
"""

from __future__ import annotations

from aspera_core.tasks import Task

SETUP_ONE_WENDELINE = """def setup_env_push_back_catch_up_with_wendeline():
    import datetime

    simulate_org_structure(["Wendeline Ash", "Fenwick"])
    ash = find_employee("Wendeline Ash")[0]
    fenwick = find_employee("Fenwick")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for colleague, at, subject in ((ash, time_by_hm(11, 0, "am"), "Catch-up"), (fenwick, time_by_hm(2, 0, "pm"), "Catch-up")):
        start = combine(tomorrow, at)
        add_event(Event(attendees=[colleague], subject=subject, starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))
"""

EVALUATE_ONE_WENDELINE = """def evaluate_push_back_catch_up_with_wendeline(query, executable, setup_function):
    import datetime

    setup_function()
    ash = find_employee("Wendeline Ash")[0]
    (old,) = find_events(attendees=[ash])
    others = [event for event in find_events() if event.event_id != old.event_id]
    executable()
    moved = find_events(attendees=[ash])
    if len(moved) != 1 or len(find_events()) != len(others) + 1:
        raise SolutionError("expected the one catch-up with Wendeline to be moved, and nothing added or removed")
    hour = datetime.timedelta(hours=1)
    if (moved[0].starts_at, moved[0].ends_at) != (old.starts_at + hour, old.ends_at + hour):
        raise SolutionError("expected the catch-up one hour later, with its length")
    if [event for event in find_events() if event.attendees != [ash]] != others:
        raise SolutionError("another event changed")
"""


def with_contrast(task: Task) -> Task:
    """9003 with the world in which the request is carried out as its second pair."""
    assert task.query_id == "9003", task.query_id
    return task.model_copy(
        update={
            "state_generation_programs": [*task.state_generation_programs, SETUP_ONE_WENDELINE],
            "evaluation_programs": [*task.evaluation_programs, EVALUATE_ONE_WENDELINE],
        }
    )
