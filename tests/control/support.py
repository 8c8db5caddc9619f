"""A small simulated world for the control tests, and helpers to run programs on it."""

from __future__ import annotations

import datetime
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aspera_core.library.company_directory import find_employee
from aspera_core.library.time_utils import EventFrequency, RepetitionSpec, TimeInterval
from aspera_core.library.work_calendar import Event
from aspera_core.tasks import Task, load_tasks, write_tasks
from aspera_core.tasks.validation import normalise_ids
from aspera_core.tools.setup.company_directory import simulate_org_structure, simulate_vacation_schedule
from aspera_core.tools.setup.room_booking import simulate_conference_room
from aspera_core.tools.setup.work_calendar import simulate_employee_calendar, simulate_user_calendar
from aspera_core.world.state import ExecutionContext, new_context
from aspera_workbench.control import wrap_control_program

TOMORROW = datetime.date(2024, 6, 26)
YESTERDAY = datetime.date(2024, 6, 24)
TASK_SET = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"
SUBSET = ("1001", "1005", "1010")


def at(day: datetime.date, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour, minute))


def small_world() -> ExecutionContext:
    """Ada and Bob in the directory; a single meeting, a past meeting and a weekly
    series in the user's calendar; a meeting in Bob's calendar; Ada on holiday
    on Friday; one room with a booking; the calendar shared with nobody."""
    context = ExecutionContext()
    with new_context(context):
        simulate_org_structure(["Ada", "Bob"])
        ada, bob = find_employee("Ada")[0], find_employee("Bob")[0]
        simulate_user_calendar(
            [
                Event(attendees=[ada], subject="Sync", starts_at=at(TOMORROW, 10), ends_at=at(TOMORROW, 10, 30)),
                Event(attendees=[bob], subject="Retro", starts_at=at(TOMORROW, 14), ends_at=at(TOMORROW, 15)),
                Event(
                    attendees=[ada, bob],
                    subject="Weekly review",
                    starts_at=at(TOMORROW, 11),
                    ends_at=at(TOMORROW, 12),
                    repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=3),
                ),
                Event(subject="Yesterday", starts_at=at(YESTERDAY, 9), ends_at=at(YESTERDAY, 10)),
            ]
        )
        simulate_employee_calendar(
            bob, [Event(subject="Bob's call", starts_at=at(TOMORROW, 16), ends_at=at(TOMORROW, 17))]
        )
        friday = datetime.date(2024, 6, 28)
        simulate_vacation_schedule(ada, [TimeInterval(at(friday, 0), at(friday, 23, 59))])
        simulate_conference_room("Aspen", 6, {TOMORROW: [TimeInterval(at(TOMORROW, 9), at(TOMORROW, 10))]})
    return context


def run_control(context: ExecutionContext, program: Callable[[Any], Any]) -> Any:
    """Run a control program on ``context`` the way an evaluation program calls it."""
    with new_context(context):
        return wrap_control_program(program)()


def run_library(context: ExecutionContext, program: Callable[[], Any]) -> Any:
    """Run a library program (a plain function using the library) on ``context``."""
    with new_context(context):
        return program()


def tables(context: ExecutionContext) -> dict[str, Any]:
    """The world's tables with random ids numbered by first appearance, for comparisons.

    A grant lists its ids sorted, so its order follows the random ids; it is
    sorted again after numbering to compare worlds built with different ids.
    """
    data = normalise_ids(context.to_dict())
    for grant in data["user_metadata"]:
        grant["calendar_visible_to"] = sorted(grant["calendar_visible_to"])
    return data


def small_set(tmp_path: Path) -> Path:
    """Three tasks of the project's set (one tagged handback) with their control programs."""
    tasks: list[Task] = [task for task in load_tasks(TASK_SET) if task.query_id in SUBSET]
    write_tasks(tasks, tmp_path, renumber=True)
    (tmp_path / "control" / "wrong").mkdir(parents=True)
    for query_id in SUBSET:
        for part in ("", "wrong/"):
            name = f"{part}query_{query_id}.py"
            shutil.copy(TASK_SET / "control" / name, tmp_path / "control" / name)
    return tmp_path
