"""The index files are read and checked against the shards; a disagreement names the file and the id."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import nestedtext
import pytest

from aspera_core.tasks import Task, TaskFormatError, load_tasks, open_task_set, write_tasks
from aspera_core.tasks.index import ID_INDEX, QUERY_INDEX

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASPERA_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(FIXTURE)


def release_copy(tasks: list[Task], root: Path, shard_size: int = 2) -> Path:
    """Four tasks in two shards (9001-9002, 9003-9004) with both index files."""
    write_tasks(tasks, root, shard_size=shard_size, renumber=True)
    return root


def index(root: Path, name: str) -> dict:
    return json.loads((root / "plans" / name).read_text())


def set_index(root: Path, name: str, data: dict) -> None:
    (root / "plans" / name).write_text(json.dumps(data, indent=4))


def problems(path: Path) -> list[str]:
    with pytest.raises(TaskFormatError) as caught:
        load_tasks(path)
    return [str(problem) for problem in caught.value.problems]


def test_a_deleted_shard_is_an_error_naming_the_index_and_the_ids(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    (root / "plans" / "queries_002.nt").unlink()
    found = problems(root)
    assert found[0] == (
        "query_id_to_shard.json: lists 2 tasks in queries_002.nt (9003, 9004), but there is no such shard"
    )
    assert found[1] == "query_to_query_id.json: lists 2 tasks that no shard holds (9003, 9004)"
    assert len(found) == 2


def test_a_deleted_shard_of_one_task_names_the_task(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path, shard_size=3)
    (root / "plans" / "queries_002.nt").unlink()
    assert (
        problems(root)[0]
        == "query_id_to_shard.json: task 9004: lists task 9004 in queries_002.nt, but there is no such shard"
    )


def test_a_shard_cut_short_is_an_error(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    shard = root / "plans" / "queries_002.nt"
    records = nestedtext.load(shard, top=list)
    shard.write_text(nestedtext.dumps(records[:1]) + "\n")  # task 9004 lost
    assert problems(root) == [
        "query_id_to_shard.json: task 9004: lists task 9004 in queries_002.nt, but that shard has no task 9004",
        "query_to_query_id.json: task 9004: lists task 9004, but no shard holds it",
    ]


def test_a_task_missing_from_the_index_is_an_error(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    ids = index(root, ID_INDEX)
    del ids["9002"]
    set_index(root, ID_INDEX, ids)
    assert problems(root) == ["query_id_to_shard.json: task 9002: has no entry for task 9002 (in queries_001.nt)"]


def test_a_task_in_the_wrong_shard_is_an_error(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    ids = index(root, ID_INDEX)
    ids["9001"] = ["queries_002.nt"]
    set_index(root, ID_INDEX, ids)
    assert problems(root) == [
        "query_id_to_shard.json: task 9001: puts task 9001 in queries_002.nt, but it is in queries_001.nt"
    ]


def test_an_extra_id_is_an_error(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    ids = index(root, ID_INDEX)
    ids["9005"] = ["queries_002.nt"]
    set_index(root, ID_INDEX, ids)
    assert problems(root) == [
        "query_id_to_shard.json: task 9005: lists task 9005 in queries_002.nt, but that shard has no task 9005"
    ]


def test_a_different_query_text_is_an_error(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    queries = index(root, QUERY_INDEX)
    old = tasks[1].query
    queries[old.replace("next week", "this week")] = queries.pop(old)
    set_index(root, QUERY_INDEX, queries)
    (found,) = problems(root)
    assert found.startswith("query_to_query_id.json: task 9002: lists task 9002 under a query that differs")
    assert "this week" in found and "next week" in found


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "query_id_to_shard.json:1: not valid JSON: Expecting property name"),
        ("[1, 2]", "query_id_to_shard.json: expected a JSON object mapping each key to a list of shard file names"),
        ('{"9001": "queries_001.nt"}', "query_id_to_shard.json: the entry '9001' should be a non-empty list"),
    ],
)
def test_a_broken_index_is_an_error(tmp_path: Path, tasks: list[Task], text: str, message: str) -> None:
    root = release_copy(tasks, tmp_path)
    (root / "plans" / ID_INDEX).write_text(text)
    assert problems(root)[0].startswith(message)


def test_a_set_without_index_files_loads_and_says_so(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    for name in (ID_INDEX, QUERY_INDEX):
        (root / "plans" / name).unlink()
    assert load_tasks(root) == tasks
    task_set = open_task_set(root)
    assert task_set.index == "absent"
    assert task_set.notes == (
        "no index files (query_id_to_shard.json, query_to_query_id.json) beside the shards: "
        "a missing shard or a task missing from a shard cannot be detected",
    )


def test_one_index_file_is_checked_alone(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    (root / "plans" / QUERY_INDEX).unlink()
    task_set = open_task_set(root)
    assert task_set.index == "partial" and not task_set.problems
    assert task_set.notes == (
        "query_to_query_id.json is missing beside the shards; only query_id_to_shard.json was checked",
    )
    (root / "plans" / "queries_002.nt").unlink()
    assert "no such shard" in problems(root)[0]


def test_a_single_shard_is_checked_against_its_part_of_the_index(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    shard = root / "plans" / "queries_001.nt"
    task_set = open_task_set(shard)
    assert [t.query_id for t in task_set.tasks] == ["9001", "9002"]
    assert not task_set.problems and task_set.index == "checked"
    assert task_set.notes == (
        "a single shard was read: 2 of the 4 tasks its index lists; give the folder to load the whole set",
    )
    # a shard cut short is caught even when given on its own
    ids = index(root, ID_INDEX)
    ids["9010"] = ["queries_001.nt"]
    set_index(root, ID_INDEX, ids)
    assert problems(shard) == [
        "query_id_to_shard.json: task 9010: lists task 9010 in queries_001.nt, but that shard has no task 9010"
    ]


def test_a_single_shard_without_index_loads_with_a_note(tmp_path: Path, tasks: list[Task]) -> None:
    shard = tmp_path / "queries_001.nt"
    shard.write_bytes((FIXTURE / "plans" / "queries_001.nt").read_bytes())
    task_set = open_task_set(shard)
    assert len(task_set.tasks) == 4 and task_set.index == "absent"
    assert task_set.notes[0].startswith(
        "no index files (query_id_to_shard.json, query_to_query_id.json) beside the shard:"
    )


def test_a_malformed_record_is_reported_once_not_as_an_index_disagreement(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path)
    shard = root / "plans" / "queries_002.nt"
    records = nestedtext.load(shard, top=list)
    records[1]["program"] = "x = 1"  # no function: task 9004 does not load
    shard.write_text(nestedtext.dumps(records) + "\n")
    found = problems(root)
    assert all("9004" in line and "index" not in line.split(":")[0] for line in found), found
    # a shard that does not parse at all
    shard.write_text("- [broken\n  : nested")
    found = problems(root)
    assert found and all(line.startswith("queries_002.nt") for line in found), found


def test_the_published_release_irregularity_of_task_108_is_accepted(tmp_path: Path, tasks: list[Task]) -> None:
    renumbered = [
        tasks[0].model_copy(update={"query_id": "108", "shard": None}),
        tasks[1].model_copy(update={"query_id": "109", "shard": None}),
    ]
    write_tasks(renumbered, tmp_path)
    queries = index(tmp_path, QUERY_INDEX)
    for task in renumbered:  # one word changed in each task's key
        queries[task.query.replace("Assistant", "Helper")] = queries.pop(task.query)
    set_index(tmp_path, QUERY_INDEX, queries)
    task_set = open_task_set(tmp_path)
    assert [p.query_id for p in task_set.problems] == ["109"]
    assert len(task_set.notes) == 1 and "task 108" in task_set.notes[0] and "known irregularity" in task_set.notes[0]
    # more than one word apart is an error for 108 too
    queries = {key.replace("Helper", "Somebody else"): value for key, value in queries.items()}
    set_index(tmp_path, QUERY_INDEX, queries)
    assert {p.query_id for p in open_task_set(tmp_path).problems} == {"108", "109"}


def _tgz(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def test_an_archive_missing_a_shard_is_an_error(tmp_path: Path, tasks: list[Task]) -> None:
    root = release_copy(tasks, tmp_path / "copy")
    plans = root / "plans"
    entries = {f"asper_bench/plans/{p.name}": p.read_bytes() for p in plans.iterdir() if p.name != "queries_002.nt"}
    archive = tmp_path / "release.tgz"
    archive.write_bytes(_tgz(entries))
    assert problems(archive)[0] == (
        "release.tgz:asper_bench/plans/query_id_to_shard.json: "
        "lists 2 tasks in queries_002.nt (9003, 9004), but there is no such shard"
    )
    complete = {f"asper_bench/plans/{p.name}": p.read_bytes() for p in plans.iterdir()}
    archive.write_bytes(_tgz(complete))
    assert load_tasks(archive) == tasks
    assert open_task_set(archive).index == "checked"


def test_aspera_run_on_a_copy_missing_a_shard_exits_two_and_writes_nothing(
    tmp_path: Path, tasks: list[Task], capsys: pytest.CaptureFixture[str]
) -> None:
    from aspera_workbench.cli.main import main

    root = release_copy(tasks, tmp_path / "copy")
    (root / "plans" / "queries_002.nt").unlink()
    out = tmp_path / "runs" / "reference.jsonl"
    assert main(["run", "--tasks", str(root), "--agent", "reference", "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "query_id_to_shard.json: lists 2 tasks in queries_002.nt (9003, 9004), but there is no such shard" in err
    assert not out.exists()
