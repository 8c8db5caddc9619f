"""Dry runs: the dry-run task, tracebacks cut to the program's frames, the world's changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.agents.explore_dryrun import GenericWorld, dry_run_task, program_traceback, world_changes

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


def test_the_dry_run_task_never_carries_the_tasks_evaluation_program() -> None:
    task = load_tasks(MINI_RELEASE)[0]
    generic = dry_run_task(task)
    assert generic.state_generation_programs == (GenericWorld.load().setup,)
    assert generic.evaluation_programs[0] not in task.evaluation_programs
    assert tuple(generic.scenario.apps) == tuple(task.scenario.apps)
    own = dry_run_task(task, "task")
    assert own.state_generation_programs == (task.state_generation_programs[0],)
    assert own.evaluation_programs == generic.evaluation_programs
    with pytest.raises(ValueError, match="unknown dry-run world"):
        dry_run_task(task, "mine")


def test_the_generic_world_file_must_hold_one_function(tmp_path: Path) -> None:
    assert GenericWorld.load().setup.startswith("def setup_env_dry_run_world():")
    (tmp_path / "two.py").write_text("def a():\n    pass\n\n\ndef b():\n    pass\n")
    with pytest.raises(ValueError, match="exactly one function, not 2"):
        GenericWorld.load(tmp_path / "two.py")


def test_tracebacks_show_the_programs_frames_only() -> None:
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/somewhere/harness.py", line 10, in run\n'
        "    executable()\n"
        '  File "<program>", line 3, in draft\n'
        "    find_events(nonsense=1)\n"
        '  File "/somewhere/library/work_calendar.py", line 99, in find_events\n'
        "    secret_line_of_the_library()\n"
        "TypeError: bad argument\n"
    )
    shown = program_traceback(traceback)
    assert shown is not None and "/somewhere" not in shown and "secret_line" not in shown
    assert shown.splitlines() == [
        "Traceback (most recent call last):",
        '  File "<program>", line 3, in draft',
        "    find_events(nonsense=1)",
        "  ... (1 frame outside the program)",
        "TypeError: bad argument",
    ]
    assert program_traceback(None) is None


def test_world_changes_name_people_and_rows() -> None:
    people = [{"employee_id": "e1", "name": "Ana"}, {"employee_id": "e2", "name": "Bo"}]
    before = {
        "employees": people,
        "user_calendar": [
            {"event_id": "1", "subject": "Sync", "attendees": ["e1"], "starts_at": "09:00"},
            {"event_id": "2", "subject": "Old", "attendees": ["e2"], "starts_at": "10:00"},
        ],
    }
    after = {
        "employees": people,
        "user_calendar": [
            {"event_id": "1", "subject": "Sync", "attendees": ["e1", "e2"], "starts_at": "09:30"},
            {"event_id": "3", "subject": "New", "attendees": ["e2"], "starts_at": "11:00"},
        ],
    }
    assert world_changes(before, after) == [
        "user_calendar: changed 'Sync': attendees [Ana] -> [Ana, Bo]; starts_at '09:00' -> '09:30'",
        "user_calendar: added subject='New', attendees=[Bo], starts_at='11:00'",
        "user_calendar: removed subject='Old', attendees=[Bo], starts_at='10:00'",
    ]
    assert world_changes(before, before) == [] and world_changes(None, after) == []
