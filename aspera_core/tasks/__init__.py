"""Tasks: the task model and the Asper-Bench release format (shards, indexes, code files).

Typical use::

    from aspera_core.tasks import load_tasks, write_tasks

    tasks = load_tasks("path/to/release.tgz")     # or a folder, plans/ or one .nt
    write_tasks(tasks, "out", write_code=True)    # shards, index files, code/

    task_set = open_task_set("out")               # tasks, problems, notes, content digest
    print(len(task_set.tasks), task_set.digest, task_set.notes)
"""

from aspera_core.tasks.code_modules import (
    read_code_module,
    read_code_query,
    read_code_tags,
    render_code_module,
)
from aspera_core.tasks.nt_records import dump_task, load_task, read_task_record
from aspera_core.tasks.release import SHARD_SIZE, shard_name, write_tasks
from aspera_core.tasks.task import (
    Guidelines,
    Scenario,
    Task,
    TaskFormatError,
    TaskProblem,
    function_name,
    task_id_order,
)
from aspera_core.tasks.taskset import (
    TaskSet,
    load_tasks,
    open_task_set,
    read_task_set,
    select_by_task_id,
    select_tasks,
    task_set_digest,
    tasks_digest,
)

__all__ = [
    "SHARD_SIZE",
    "Guidelines",
    "Scenario",
    "Task",
    "TaskFormatError",
    "TaskProblem",
    "TaskSet",
    "dump_task",
    "function_name",
    "load_task",
    "load_tasks",
    "open_task_set",
    "read_code_module",
    "read_code_query",
    "read_code_tags",
    "read_task_record",
    "read_task_set",
    "select_by_task_id",
    "select_tasks",
    "task_id_order",
    "render_code_module",
    "shard_name",
    "task_set_digest",
    "tasks_digest",
    "write_tasks",
]
