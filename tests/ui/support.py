"""Results for the explorer's tests: real evaluations of a few programs on tasks of the embedded task set."""

from __future__ import annotations

import json
from pathlib import Path

from aspera_core.executor import SandboxConfig
from aspera_core.runner import run_agent
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents import make_agent

TASKS = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"

#: Cancels only the meetings with Fenella: too many (the reference cancels those with exactly Fenella and Ruairi).
TOO_MANY = """def cancel_meetings_with_fenella_and_ruairi():
    fenella = find_employee("Fenella")[0]
    for meeting in find_events(attendees=[fenella]):
        delete_event(meeting)
"""

#: Calls a function the library does not have.
UNKNOWN_NAME = """def share_calendar_with_my_manager():
    share_calendar([find_boss()])
"""

#: Task ids and the programs a made-up model wrote for them.
PROGRAMS = {"1018": TOO_MANY, "1029": UNKNOWN_NAME}


def explorer_tasks() -> list[Task]:
    """The tasks the explorer's tests use."""
    return [task for task in load_tasks(TASKS) if task.query_id in PROGRAMS]


def explorer_results(folder: Path) -> list[Path]:
    """Evaluate the reference programs and the made-up model's programs; return both results files."""
    folder.mkdir(parents=True, exist_ok=True)
    tasks = explorer_tasks()
    programs = folder / "model-programs.jsonl"
    programs.write_text(
        "".join(json.dumps({"task_id": t, "program": p, "model": "model-a"}) + "\n" for t, p in PROGRAMS.items())
    )
    config = SandboxConfig(workers=1, timeout_s=10)
    files = []
    for name, agent in (("reference", make_agent("reference")), ("model-a", make_agent("replay", replay=programs))):
        out = folder / f"{name}.jsonl"
        run_agent(tasks, agent, out, config, progress=False)
        files.append(out)
    return files
