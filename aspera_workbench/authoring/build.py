"""Build the workbench's own task set from its authoring sources.

The workbench's tasks (``data/aspera_workbench_v1``) are written by hand as one
readable module per task, ``<root>/code/query_<id>.py``, in the release's code
layout (format A.7) plus a few comment lines that the release's code reader
ignores::

    #OK:
    # Hey, [Assistant], <the query>
    # Tags: action, relative_dates
    # Apps: no room_booking            (optional)
    def the_solution():
        ...

    #OK:
    def setup_env_the_solution():
        ...

    def evaluate_the_solution(query, executable, setup_function):
        ...

Every task gets the same scenario except for the app list (four apps without
``room_booking`` when the module says so). The build reads nothing but the
code modules and uses no clock, so building twice gives byte-identical files.

Command line: ``aspera build-tasks ROOT``.
"""

from __future__ import annotations

import re
from pathlib import Path

from aspera_core.tasks import Guidelines, Scenario, Task, TaskFormatError, TaskProblem, write_tasks
from aspera_workbench.authoring.code_reader import code_error, read_code_module, read_code_query, read_code_tags

CODE_FOLDER = "code"
PLANS_FOLDER = "plans"
#: The owner named in the marker file of ``plans/``.
BUILDER = "aspera build-tasks"

#: Every record gets this timestamp, so rebuilding never changes a shard.
TIMESTAMP = "2026-11-29 12:00:00"

APPS = ["exceptions", "time_utils", "room_booking", "company_directory", "work_calendar"]
APPS_WITHOUT_ROOMS = ["exceptions", "time_utils", "company_directory", "work_calendar"]
SIMULATION_TOOLS = [
    "room_booking::simulate_conference_room",
    "company_directory::simulate_org_structure",
    "company_directory::simulate_vacation_schedule",
    "work_calendar::simulate_user_calendar",
    "work_calendar::simulate_employee_calendar",
]
EVALUATION_TOOLS = [
    "exceptions::SolutionError",
    "work_calendar::assert_user_calendar_shared",
    "time_utils::repetition_schedule",
]

#: How this task set was written, stage by stage (informational, format A.4).
GUIDELINES = Guidelines(
    generation_labelling=[
        "Write the solution as one function without parameters that calls only the "
        "assistant library; import standard-library modules inside the function if needed.",
        "Find people with find_employee and work out relative dates with the time "
        "utilities instead of writing literal dates.",
        "If the person or meeting the request refers to cannot be found, or more than one "
        "matches, or the request cannot be carried out as asked, raise RequiresUserInput "
        "before changing anything.",
        "Give new events exactly the length the user asked for rather than the default duration.",
        "Return the answer of an information request; an action request returns nothing.",
    ],
    runtime_setup=[
        "Create the organisation with simulate_org_structure before anything else and look "
        "people up afterwards; do not rely on where a name lands in the chart.",
        "Derive every date from the fixed clock (Tuesday 2024-06-25 09:06) and keep meetings "
        "inside working hours unless the task is about something else.",
        "Add distractors that differ from what the request targets in one respect only: "
        "another day, another colleague, a similar subject, or a meeting already over.",
        "Include recurring series wherever the request touches them, also series whose first "
        "occurrence is in the past.",
        "Keep the world deterministic: no identifiers, no real clock, and no randomness "
        "beyond the draws of the organisation generator.",
    ],
    evaluation=[
        "Run the setup first, record the upcoming and past events, then call the program once.",
        "Compare events by their content, never by id, and accept every reasonable way of "
        "reaching the goal (updating or replacing an event, one series or single events "
        "where they are equivalent, listing the user as an attendee or not).",
        "Check that everything the request did not mention is left as it was.",
        "For a request that must be handed back, require RequiresUserInput and an unchanged "
        "calendar at the moment it was raised.",
        "Raise SolutionError with a one-line message saying what was expected and what was found.",
    ],
)

#: Category tags a task may carry (``# Tags:``).
TAG_VOCABULARY = frozenset(
    {
        "action",
        "information",
        "handback",
        "multi_step",
        "loop",
        "conditional",
        "recurring",
        "rooms",
        "org_structure",
        "vacation",
        "availability",
        "relative_dates",
        "shared_calendar",
        "delete",
        "reschedule",
    }
)

_FILE_NAME = re.compile(r"query_([1-9][0-9]*)\.py")
_APPS_LINE = re.compile(r"^#\s*Apps:(.*)$")
_APP_IMPORT = re.compile(r"^from aspera\.apps_implementation\.(\w+) import \*\s*$")
_NO_ROOMS = "no room_booking"


def scenario_for(apps: list[str]) -> Scenario:
    """The scenario every authored task gets, with the given app list."""
    return Scenario(
        apps=list(apps),
        query_solution=["work_calendar_query_solution"],
        runtime_setup=["work_calendar_runtime_setup"],
        evaluation=["work_calendar_evaluation"],
        guidelines=GUIDELINES,
        simulation_tools=list(SIMULATION_TOOLS),
        evaluation_tools=list(EVALUATION_TOOLS),
    )


def _comment_value(lines: list[str], pattern: re.Pattern[str]) -> tuple[str, int] | None:
    """The text after the first comment line matching ``pattern``, with its 1-based line."""
    for number, line in enumerate(lines, start=1):
        match = pattern.match(line)
        if match:
            return match.group(1).strip(), number
    return None


def read_authored_task(path: str | Path) -> Task:
    """Build one task from its module ``.../code/query_<id>.py``; TaskFormatError if it breaks the format."""
    path = Path(path)
    source = f"{path.parent.name}/{path.name}"
    match = _FILE_NAME.fullmatch(path.name)
    if match is None:
        raise code_error(
            "expected a file named query_<id>.py (the id a positive whole number, no leading zero)", source
        )
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise code_error(f"not UTF-8 text (byte {error.start})", source) from None
    lines = text.splitlines()

    query = read_code_query(text)
    if query is None or query.startswith("Apps:"):
        raise code_error("no query line ('# <query>') under the solution's #OK: marker", source)

    tags = read_code_tags(text)
    if not tags:
        raise code_error("no '# Tags:' line listing the task's categories", source)
    unknown = [tag for tag in tags if tag not in TAG_VOCABULARY]
    if unknown:
        raise code_error(f"unknown tags {unknown}; allowed: {sorted(TAG_VOCABULARY)}", source)

    apps = APPS
    found = _comment_value(lines, _APPS_LINE)
    if found is not None:
        apps_text, apps_line = found
        if apps_text != _NO_ROOMS:
            raise code_error(f"the only '# Apps:' value is {_NO_ROOMS!r}", source, apps_line)
        apps = APPS_WITHOUT_ROOMS
    imported = [m.group(1) for m in map(_APP_IMPORT.match, lines) if m]
    if imported and imported != apps:
        message = f"the header imports the apps {imported} but the scenario lists {apps}"
        raise code_error(message, source)

    aep, sips, eps = read_code_module(text, source)
    return Task(
        query_id=match.group(1),
        program=aep,
        query=query,
        scenario=scenario_for(apps),
        state_generation_programs=sips,
        evaluation_programs=eps,
        timestamp=TIMESTAMP,
        tags=tags,
    )


def _module_order(path: Path) -> tuple[int, str, int]:
    """Sort key of a code module: those without a usable id first, by name, then the others by id."""
    match = _FILE_NAME.fullmatch(path.name)
    return (1, "", int(match.group(1))) if match else (0, path.name, 0)


def load_authored_tasks(root: str | Path) -> list[Task]:
    """Build every task of ``<root>/code/``, in id order; one TaskFormatError lists every bad module."""
    code = Path(root) / CODE_FOLDER
    if not code.is_dir():
        raise FileNotFoundError(f"no {CODE_FOLDER}/ folder in {root}")
    # a module named like a task module but without a usable id (query_042.py) is read
    # too, so that its name is reported, not skipped: its task would be missing from
    # the build without a word. Such modules come first, by name; the others by id.
    tasks: list[Task] = []
    problems: list[TaskProblem] = []
    for path in sorted(code.glob("query_*.py"), key=_module_order):
        try:
            tasks.append(read_authored_task(path))
        except TaskFormatError as error:
            problems += error.problems
    if problems:
        raise TaskFormatError(problems)
    return tasks


def build_task_set(root: str | Path) -> list[Task]:
    """Build ``<root>/plans/`` from ``<root>/code/``.

    The new plans replace those of an earlier build in one step, once every
    module has been read and the tasks checked: shards left over from an
    earlier build are dropped, and on any error the old plans stay as they
    were. A ``plans/`` folder the build did not write (shards or index files
    without the marker file :data:`~aspera_core.tasks.release.BUILT_MARKER`)
    stops the build before anything is written. Other files in ``plans/`` are kept.

    Raises:
        FileNotFoundError: ``<root>/code`` does not exist.
        TaskFormatError: a module breaks the format, or two tasks share an id or a query.
        aspera_core.tasks.NotBuiltHere: ``plans/`` holds a set the build did not write.
        OSError: the plans cannot be written (the old ones are then intact).
    """
    tasks = load_authored_tasks(root)
    write_tasks(tasks, root, replace=True, owner=BUILDER)
    return tasks
