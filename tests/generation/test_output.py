"""Accepted tasks merge into existing task sets without id or query clashes, with their provenance."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.tasks import SHARD_SIZE, Task, TaskFormatError, load_tasks
from aspera_core.tasks.wrong_programs import load_wrong_programs
from aspera_workbench.authoring import build_task_set
from aspera_workbench.generation import GeneratedTask, TaskSetTarget, normalise_query, read_provenance

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini_release"
PROJECT = ROOT / "data" / "aspera_workbench_v1"


def generated(task: Task, query: str, wrong: bool = True) -> GeneratedTask:
    mutant = task.program.replace("45", "30", 1)
    return GeneratedTask(
        task.model_copy(update={"query": query, "query_id": "1", "shard": None, "tags": ["action"]}),
        {"model": "m", "focus": "", "comments": ["program: shorter"], "edited_by_person": False},
        [("books 30 minutes\ninstead of 45", mutant)] if wrong else [],
    )


def test_repeats_are_found_whatever_the_case_spacing_and_prefix() -> None:
    assert normalise_query("Hey, [Assistant],   Book a ROOM for tomorrow!") == normalise_query(
        "book a room for tomorrow"
    )
    assert normalise_query("Hey, [Assistant], book a room") != normalise_query("book a room for tomorrow")


def test_tasks_join_a_set_of_shards_after_its_highest_id(tmp_path: Path) -> None:
    shutil.copytree(MINI, tmp_path / "set")
    target = TaskSetTarget(tmp_path / "set", first_id=10)
    before = {path.name: path.read_bytes() for path in (tmp_path / "set" / "plans").iterdir()}
    source = load_tasks(MINI)[0]
    written = target.write(
        [
            generated(source, "Hey, [Assistant], a new request."),
            generated(source, "Hey, [Assistant], another one.", wrong=False),
        ]
    )
    assert [task.query_id for task in written] == ["9005", "9006"]
    tasks = load_tasks(tmp_path / "set")
    assert [task.query_id for task in tasks] == ["9001", "9002", "9003", "9004", "9005", "9006"]
    assert tasks[:4] == load_tasks(MINI)  # the old records are unchanged
    assert before.keys() == {p.name for p in (tmp_path / "set" / "plans").iterdir()}  # same shard filled
    provenance = read_provenance(tasks[4])
    assert provenance == {"model": "m", "focus": "", "comments": ["program: shorter"], "edited_by_person": "no"}
    assert read_provenance(tasks[0]) is None
    assert (tmp_path / "set" / "code" / "query_9005.py").is_file()  # the set has readable modules: one more
    wrong, problems = load_wrong_programs(tmp_path / "set" / "wrong")
    assert problems == [] and [w.reason for w in wrong["9005"]] == ["books 30 minutes instead of 45"]
    assert "9006" not in wrong


def test_a_repeated_request_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    shutil.copytree(MINI, tmp_path / "set")
    before = sorted(p.read_bytes() for p in (tmp_path / "set" / "plans").iterdir())
    source = load_tasks(MINI)[0]
    repeat = generated(
        source, "hey [assistant] BOOK a 45-minute design review with Ottoline for the day after tomorrow at 2:30 PM"
    )
    with pytest.raises(TaskFormatError, match="repeats task 9001"):
        TaskSetTarget(tmp_path / "set").write([generated(source, "Hey, [Assistant], fresh."), repeat])
    twice = [generated(source, "Hey, [Assistant], fresh."), generated(source, "Hey, [Assistant], Fresh!")]
    with pytest.raises(TaskFormatError, match="repeats task \\(new\\)"):
        TaskSetTarget(tmp_path / "set").write(twice)
    assert sorted(p.read_bytes() for p in (tmp_path / "set" / "plans").iterdir()) == before
    assert not (tmp_path / "set" / "wrong").exists()


def test_a_new_set_starts_at_first_id_and_a_full_shard_opens_the_next(tmp_path: Path) -> None:
    source = load_tasks(MINI)[0]
    target = TaskSetTarget(tmp_path / "new", first_id=2001)
    first = target.write([generated(source, f"Hey, [Assistant], request {n}.", wrong=False) for n in range(SHARD_SIZE)])
    assert first[0].query_id == "2001"
    target.write([generated(source, "Hey, [Assistant], one more.", wrong=False)])
    shards = sorted(p.name for p in (tmp_path / "new" / "plans").glob("*.nt"))
    assert shards == ["queries_001.nt", "queries_002.nt"]
    assert [t.query_id for t in load_tasks(tmp_path / "new" / "plans" / "queries_002.nt")] == [str(2001 + SHARD_SIZE)]


def test_an_authored_set_gets_an_authoring_module_and_is_rebuilt(tmp_path: Path) -> None:
    root = tmp_path / "authored"
    (root / "code").mkdir(parents=True)
    for name in ("query_1001.py", "query_1003.py"):
        shutil.copy(PROJECT / "code" / name, root / "code" / name)
    build_task_set(root)
    source = load_tasks(root)[1]
    written = TaskSetTarget(root).write([generated(source, "Hey, [Assistant], a request of my own.")])
    assert [task.query_id for task in written] == ["1004"]
    module = (root / "code" / "query_1004.py").read_text()
    assert "# Tags: action\n# Apps: no room_booking\n# Generated: {" in module
    rebuilt = build_task_set(root)  # what `aspera build-tasks` does: the new task stays
    assert [task.query_id for task in rebuilt] == ["1001", "1003", "1004"]
    assert read_provenance(rebuilt[2], root) == {
        "comments": ["program: shorter"],
        "edited_by_person": "no",
        "focus": "",
        "model": "m",
    }


def test_a_set_that_does_not_load_is_not_written_to(tmp_path: Path) -> None:
    shutil.copytree(MINI, tmp_path / "set")
    shard = tmp_path / "set" / "plans" / "queries_001.nt"
    shard.write_text(shard.read_text().replace("query_id: 9002", "query_id: 9001", 1))
    broken = shard.read_bytes()
    source = load_tasks(MINI)[0]
    with pytest.raises(TaskFormatError, match="duplicate query id"):
        TaskSetTarget(tmp_path / "set").write([generated(source, "Hey, [Assistant], fresh.")])
    assert shard.read_bytes() == broken


@pytest.mark.parametrize("change", ["unbuildable", "unbuilt"])
def test_an_authored_set_whose_code_and_plans_disagree_is_not_written_to(tmp_path: Path, change: str) -> None:
    # It was taken for a set of shards: the new task went into the shards and got a
    # release-style module without '# Tags:' or its provenance, which the next
    # `aspera build-tasks` refused (or, once tagged, rebuilt without the provenance).
    root = tmp_path / "authored"
    (root / "code").mkdir(parents=True)
    for name in ("query_1001.py", "query_1003.py"):
        shutil.copy(PROJECT / "code" / name, root / "code" / name)
    build_task_set(root)
    if change == "unbuildable":  # a module the author is still writing
        (root / "code" / "query_1005.py").write_text("def work_in_progress(:\n")
    else:  # a finished module that was not built yet
        shutil.copy(PROJECT / "code" / "query_1002.py", root / "code" / "query_1002.py")
    before = {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}
    source = load_tasks(root)[1]
    target = TaskSetTarget(root)
    with pytest.raises(TaskFormatError, match="aspera build-tasks"):
        target.check()
    with pytest.raises(TaskFormatError, match="aspera build-tasks"):
        target.write([generated(source, "Hey, [Assistant], a request of my own.")])
    assert {path: path.read_bytes() for path in root.rglob("*") if path.is_file()} == before
