"""Tasks: the task model and the Asper-Bench release format (shards, indexes, code files).

Typical use::

    from aspera_core.tasks import load_tasks, write_tasks

    tasks = load_tasks("path/to/release.tgz")     # or a folder, plans/ or one .nt
    write_tasks(tasks, "out", write_code=True)    # shards, index files, code/

    task_set = open_task_set("out")               # tasks, problems, notes, content digest
    print(len(task_set.tasks), task_set.digest, task_set.notes)
"""

from aspera_core.task_ids import task_id_order
from aspera_core.tasks.code_modules import render_code_module
from aspera_core.tasks.nt_records import dump_task, load_task, read_task_record
from aspera_core.tasks.release import SHARD_SIZE, NotBuiltHere, shard_files, shard_folder, shard_name, write_tasks
from aspera_core.tasks.task import (
    Guidelines,
    Scenario,
    Task,
    TaskFormatError,
    TaskProblem,
    function_name,
)
from aspera_core.tasks.taskset import (
    TaskSet,
    cache_folder,
    load_tasks,
    open_task_set,
    read_task_set,
    select_by_task_id,
    select_tasks,
    task_set_digest,
    tasks_digest,
)
from aspera_core.tasks.validation import (
    FAIL,
    HANDBACK_TAG,
    HANDBACK_WHY,
    OK,
    PROBE_EVALUATION,
    SUCCESS,
    BuildProgram,
    Check,
    SetReport,
    SetupProgramError,
    SetupRunner,
    TaskReport,
    convention_problems,
    default_wrong_dir,
    first_difference,
    format_table,
    normalise_ids,
    validate_task,
    validate_task_set,
)
from aspera_core.tasks.wrong_programs import WRONG_FOLDER, WrongProgram, load_wrong_programs

__all__ = [
    "FAIL",
    "HANDBACK_TAG",
    "HANDBACK_WHY",
    "OK",
    "NotBuiltHere",
    "PROBE_EVALUATION",
    "SHARD_SIZE",
    "SUCCESS",
    "WRONG_FOLDER",
    "BuildProgram",
    "Check",
    "Guidelines",
    "Scenario",
    "SetReport",
    "SetupProgramError",
    "SetupRunner",
    "Task",
    "TaskFormatError",
    "TaskProblem",
    "TaskReport",
    "TaskSet",
    "WrongProgram",
    "convention_problems",
    "default_wrong_dir",
    "dump_task",
    "first_difference",
    "format_table",
    "function_name",
    "load_task",
    "cache_folder",
    "load_tasks",
    "load_wrong_programs",
    "normalise_ids",
    "open_task_set",
    "read_task_record",
    "read_task_set",
    "render_code_module",
    "select_by_task_id",
    "select_tasks",
    "shard_files",
    "shard_folder",
    "shard_name",
    "task_id_order",
    "task_set_digest",
    "tasks_digest",
    "validate_task",
    "validate_task_set",
    "write_tasks",
]
