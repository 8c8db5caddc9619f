"""A task set is parsed once and reused while its files are unchanged; its digest identifies its content."""

from __future__ import annotations

import io
import os
import pickle
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from aspera_core import release_names
from aspera_core.tasks import (
    Task,
    TaskFormatError,
    load_tasks,
    open_task_set,
    select_by_task_id,
    select_tasks,
    task_id_order,
    task_set_digest,
    tasks_digest,
    taskset,
    write_tasks,
)
from aspera_core.tasks.taskset import cache_folder

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("ASPERA_CACHE_DIR", str(folder))
    return folder / "tasks"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every real parse (cache misses)."""
    seen: list[str] = []
    real = taskset.parse_set_files

    def counting(files):
        seen.append(files.kind)
        return real(files)

    monkeypatch.setattr(taskset, "parse_set_files", counting)
    return seen


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(FIXTURE)


def test_an_unchanged_set_is_parsed_once(tmp_path: Path, tasks, cache, parses) -> None:
    write_tasks(tasks, tmp_path)
    assert load_tasks(tmp_path) == tasks
    assert load_tasks(tmp_path) == tasks
    assert parses == ["folder"]


def test_every_load_gets_its_own_objects(tmp_path: Path, tasks, cache, parses) -> None:
    write_tasks(tasks, tmp_path)
    first = load_tasks(tmp_path)
    first[0].tags.append("changed by a caller")
    assert load_tasks(tmp_path)[0].tags == []


def test_a_changed_shard_or_index_is_parsed_again(tmp_path: Path, tasks, cache, parses) -> None:
    write_tasks(tasks, tmp_path)
    load_tasks(tmp_path)
    shard = tmp_path / "plans" / "queries_001.nt"
    shard.write_text(shard.read_text().replace("def book_design_review", "def book_design_critique"))
    changed = load_tasks(tmp_path)
    assert "design_critique" in changed[0].program and len(parses) == 2
    (tmp_path / "plans" / "query_id_to_shard.json").write_text("{}")
    with pytest.raises(TaskFormatError, match="has no entry for task 9001"):
        load_tasks(tmp_path)
    assert len(parses) == 3


def test_a_rewrite_that_keeps_size_and_time_stamps_is_still_seen(tmp_path: Path, tasks, cache, parses) -> None:
    # Time stamps are coarse: a file rewritten right after it was read may keep its size and times.
    write_tasks(tasks, tmp_path)
    shard = tmp_path / "plans" / "queries_001.nt"
    load_tasks(tmp_path)
    before = shard.stat()
    shard.write_text(shard.read_text().replace("def book_design_review", "def book_design_REVIEW"))
    os.utime(shard, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert shard.stat().st_size == before.st_size
    assert "design_REVIEW" in load_tasks(tmp_path)[0].program
    assert len(parses) == 2
    load_tasks(tmp_path)  # same content: no new parse
    assert len(parses) == 2


def test_a_new_process_reads_the_parse_from_the_disk_cache(tmp_path: Path, tasks, cache, parses) -> None:
    write_tasks(tasks, tmp_path)
    load_tasks(tmp_path)
    assert len(list(cache.glob("*.pickle"))) == 1
    assert load_tasks(tmp_path) == tasks
    assert parses == ["folder"]
    # the same content elsewhere is the same entry; changed content is a new one
    write_tasks(tasks, tmp_path / "copy")
    load_tasks(tmp_path / "copy")
    assert parses == ["folder"]
    write_tasks(tasks[:3], tmp_path / "smaller")
    load_tasks(tmp_path / "smaller")
    assert parses == ["folder", "folder"] and len(list(cache.glob("*.pickle"))) == 2


def test_a_changed_tool_module_invalidates_the_disk_cache(
    tmp_path: Path, tasks, cache, parses, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Loading checks tool references against the tool modules' names, so a
    # parse kept on disk is only good while those modules are unchanged.
    tool = tmp_path / "tool.py"
    tool.write_text("def simulate():\n    pass\n")
    monkeypatch.setattr(taskset.known_names, "source_files", lambda: [tool])
    monkeypatch.setattr(taskset, "_parser_digest", None)
    write_tasks(tasks, tmp_path / "set")
    load_tasks(tmp_path / "set")
    load_tasks(tmp_path / "set")
    assert parses == ["folder"]
    tool.write_text("def simulate():\n    pass\n\n\ndef another():\n    pass\n")
    monkeypatch.setattr(taskset, "_parser_digest", None)  # as in a new process
    load_tasks(tmp_path / "set")
    assert parses == ["folder", "folder"]


def test_changed_module_names_invalidate_the_disk_cache(
    tmp_path: Path, tasks, cache, parses, monkeypatch: pytest.MonkeyPatch
) -> None:
    # scenario.apps is checked against the release's module names, kept outside compat.
    names = tmp_path / "release_names.py"
    names.write_text("APP_MODULES = ('exceptions',)\n")
    monkeypatch.setattr(release_names, "__file__", str(names))
    monkeypatch.setattr(taskset, "_parser_digest", None)
    write_tasks(tasks, tmp_path / "set")
    load_tasks(tmp_path / "set")
    names.write_text("APP_MODULES = ('exceptions', 'time_utils')\n")
    monkeypatch.setattr(taskset, "_parser_digest", None)  # as in a new process
    load_tasks(tmp_path / "set")
    assert parses == ["folder", "folder"]


def test_a_damaged_cache_entry_is_parsed_again(tmp_path: Path, tasks, cache, parses) -> None:
    write_tasks(tasks, tmp_path)
    load_tasks(tmp_path)
    (entry,) = cache.glob("*.pickle")
    entry.write_bytes(b"\x80\x04 cut short")
    assert load_tasks(tmp_path) == tasks and len(parses) == 2
    entry.write_bytes(pickle.dumps(("another format", None)))
    assert load_tasks(tmp_path) == tasks and len(parses) == 3


def test_a_cache_folder_others_can_write_is_not_read(tmp_path: Path, tasks, cache, parses) -> None:
    write_tasks(tasks, tmp_path)
    load_tasks(tmp_path)
    cache.chmod(0o777)
    load_tasks(tmp_path)
    assert len(parses) == 2


def test_the_disk_cache_can_be_turned_off_and_is_bounded(tmp_path: Path, tasks, monkeypatch, parses) -> None:
    monkeypatch.setenv("ASPERA_CACHE_DIR", "")
    assert cache_folder() is None
    write_tasks(tasks, tmp_path / "a")
    load_tasks(tmp_path / "a")
    load_tasks(tmp_path / "a")
    assert len(parses) == 2
    monkeypatch.setenv("ASPERA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(taskset, "DISK_CACHE_ENTRIES", 2)
    for count in (1, 2, 3):
        write_tasks(tasks[:count], tmp_path / f"set{count}")
        load_tasks(tmp_path / f"set{count}")
    assert len(list((tmp_path / "cache" / "tasks").glob("*.pickle"))) == 2


def test_cache_off_always_parses(tmp_path: Path, tasks, cache, parses) -> None:
    write_tasks(tasks, tmp_path)
    open_task_set(tmp_path, cache=False)
    open_task_set(tmp_path, cache=False)
    assert len(parses) == 2 and not cache.exists()


# -- the content digest -------------------------------------------------------------


def _tgz(root: Path) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for path in sorted((root / "plans").iterdir()):
            archive.add(path, arcname=f"release/plans/{path.name}")
    return buffer.getvalue()


def test_the_digest_depends_on_content_only(tmp_path: Path, tasks, cache) -> None:
    digest = task_set_digest(FIXTURE)
    assert len(digest) == 64 and digest == tasks_digest(tasks) == open_task_set(FIXTURE).digest
    assert task_set_digest(FIXTURE / "plans") == digest
    (tmp_path / "release.tgz").write_bytes(_tgz(FIXTURE))
    assert task_set_digest(tmp_path / "release.tgz") == digest
    write_tasks(tasks, tmp_path / "resharded", shard_size=1, renumber=True)
    assert task_set_digest(tmp_path / "resharded") == digest
    assert tasks_digest(reversed(tasks)) == digest


@pytest.mark.parametrize(
    "change",
    [
        {"query": "Hey, [Assistant], something else."},
        {"program": "def other():\n    pass\n"},
        {"tags": ["handback"]},
        {"timestamp": "2025-03-03 10:12:41"},
        {"extra_fields": {"feedback": "looks fine"}},
    ],
    ids=lambda change: next(iter(change)),
)
def test_the_digest_changes_with_any_field(tasks, change) -> None:
    changed = [tasks[0].model_copy(update=change), *tasks[1:]]
    assert tasks_digest(changed) != tasks_digest(tasks)


def test_the_digest_changes_with_a_setup_or_evaluation_program(tasks) -> None:
    task = tasks[1]
    sips = [
        task.state_generation_programs[0].replace("def setup_env", "def setup_env_x"),
        *task.state_generation_programs[1:],
    ]
    eps = [task.evaluation_programs[0] + "\n# a comment\n", *task.evaluation_programs[1:]]
    digest = tasks_digest(tasks)
    assert tasks_digest([tasks[0], task.model_copy(update={"state_generation_programs": sips}), *tasks[2:]]) != digest
    assert tasks_digest([tasks[0], task.model_copy(update={"evaluation_programs": eps}), *tasks[2:]]) != digest


def test_the_digest_is_the_same_in_another_process(tasks) -> None:
    code = "from aspera_core.tasks import task_set_digest; import sys; print(task_set_digest(sys.argv[1]))"
    env = {**os.environ, "ASPERA_CACHE_DIR": ""}
    out = subprocess.run([sys.executable, "-c", code, str(FIXTURE)], capture_output=True, text=True, env=env, cwd=REPO)
    assert out.stdout.strip() == tasks_digest(tasks)


def test_no_digest_for_a_set_that_does_not_load(tmp_path: Path, tasks, cache) -> None:
    write_tasks(tasks, tmp_path, shard_size=2, renumber=True)
    (tmp_path / "plans" / "queries_002.nt").unlink()
    with pytest.raises(TaskFormatError, match="no such shard"):
        task_set_digest(tmp_path)


def test_a_limit_keeps_the_first_tasks_in_id_order_with_all_their_items() -> None:
    # Rows of a results file come in completion order (1002 before 1001) and one per seed;
    # --limit counts tasks in the order a loaded task set has them, as select_tasks does.
    rows = [("1002", 0), ("10", 0), ("1001", 0), ("1002", 1), ("9", 0), ("1001", 1)]
    chosen = select_by_task_id(rows, lambda row: row[0], None, 2, str, order=task_id_order)
    assert chosen == [("10", 0), ("9", 0)]
    chosen = select_by_task_id(rows, lambda row: row[0], ["1002", "1001"], 1, str, order=task_id_order)
    assert chosen == [("1001", 0), ("1001", 1)]
    assert select_by_task_id(rows, lambda row: row[0], None, 0, str, order=task_id_order) == []
    # without an order, ids count in the order items first show them (a task set's own order)
    assert select_by_task_id(rows, lambda row: row[0], None, 1, str) == [("1002", 0), ("1002", 1)]
    assert sorted(["10", "9", "x", "1001"], key=task_id_order) == ["9", "10", "1001", "x"]


def test_unknown_ids_name_the_task_set_when_told_it() -> None:
    tasks = load_tasks(FIXTURE)
    with pytest.raises(ValueError) as error:
        select_tasks(tasks, ["9999", "9001", "12"], source="sets/mini")
    assert str(error.value) == "unknown task id(s): 9999, 12: not in sets/mini (4 tasks, ids 9001 to 9004)"
    with pytest.raises(ValueError) as error:
        select_tasks(tasks, ["9999"])  # callers that do not name the set keep their message
    assert str(error.value) == "unknown task id(s): 9999"
    with pytest.raises(ValueError, match=r"not in sets/empty \(0 tasks\)$"):
        select_tasks([], ["1"], source="sets/empty")
