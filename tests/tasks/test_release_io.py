"""Loading and writing task sets in the release layout."""

from __future__ import annotations

import errno
import io
import json
import tarfile
from pathlib import Path
from typing import Any

import nestedtext
import pytest

from aspera_core.tasks import Task, TaskFormatError, dump_task, load_task, load_tasks, render_code_module, write_tasks
from aspera_workbench.authoring import read_code_module, read_code_query, read_code_tags

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
RELEASE_FILES = [
    "plans/queries_001.nt",
    "plans/query_id_to_shard.json",
    "plans/query_to_query_id.json",
]
CODE_FILES = [f"code/query_{n}.py" for n in range(9001, 9005)]


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(FIXTURE)


def test_fixture_loads_in_id_order(tasks: list[Task]) -> None:
    assert [t.query_id for t in tasks] == ["9001", "9002", "9003", "9004"]
    assert [t.solution_name for t in tasks] == [
        "book_design_review_with_ottoline",
        "total_minutes_with_brigida_next_week",
        "push_back_catch_up_with_wendeline",
        "add_syncs_with_thaddeus_next_week",
    ]
    assert all(t.shard == "queries_001.nt" for t in tasks)
    assert tasks[0].timestamp == "2025-03-03 10:12:40"
    assert tasks[0].tags == []
    assert "room_booking" not in tasks[0].scenario.apps
    assert tasks[0].scenario.guidelines is not None
    assert len(tasks[0].scenario.guidelines.runtime_setup or []) == 5
    assert tasks[0].scenario.simulation_tools[1] == "company_directory::simulate_org_structure"


def test_loaded_tasks_are_what_validation_builds(tasks: list[Task]) -> None:
    # The reader checks every field itself and builds tasks without validating again.
    for task in tasks:
        rebuilt = Task.model_validate(task.model_dump())
        assert rebuilt == task and rebuilt.model_dump() == task.model_dump()
        assert rebuilt.scenario.guidelines == task.scenario.guidelines
        assert type(task.scenario) is type(rebuilt.scenario)


def test_empty_and_absent_symbols_in_apps_both_mean_none(tasks: list[Task]) -> None:
    absent, empty = tasks[1].scenario, tasks[2].scenario
    assert absent.symbols_in_apps is None and empty.symbols_in_apps is None
    assert "symbols_in_apps" not in absent.key_order
    assert "symbols_in_apps" in empty.key_order
    assert "symbols_in_apps" not in absent.to_record()
    assert empty.to_record()["symbols_in_apps"] == ""


def test_round_trip_is_byte_for_byte(tasks: list[Task], tmp_path: Path) -> None:
    written = write_tasks(tasks, tmp_path, write_code=True)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == sorted(RELEASE_FILES + CODE_FILES)
    for name in RELEASE_FILES + CODE_FILES:
        assert (tmp_path / name).read_bytes() == (FIXTURE / name).read_bytes(), name


def test_index_files_are_plain_json_dumps(tmp_path: Path, tasks: list[Task]) -> None:
    write_tasks(tasks, tmp_path)
    text = (tmp_path / "plans" / "query_id_to_shard.json").read_text()
    assert not text.endswith("\n")
    assert text == json.dumps(json.loads(text), indent=4)


def test_code_modules_read_back_to_the_shard_programs(tasks: list[Task]) -> None:
    for task in tasks:
        text = (FIXTURE / "code" / f"query_{task.query_id}.py").read_text()
        aep, sips, eps = read_code_module(text)
        assert aep == task.program
        assert sips == task.state_generation_programs
        assert eps == task.evaluation_programs
        assert read_code_query(text) == task.query
        assert render_code_module(task) == text


def test_single_record_dump_and_load(tasks: list[Task]) -> None:
    for task in tasks:
        text = dump_task(task)
        assert not text.startswith("-")
        again = load_task(text)
        assert again == task
        assert dump_task(again) == text


def test_tasks_built_in_code_are_written_in_canonical_order(tasks: list[Task]) -> None:
    original = tasks[2]
    fresh = Task(
        query_id=original.query_id,
        program=original.program,
        query=original.query,
        scenario=original.scenario.model_copy(update={"key_order": ()}),
        state_generation_programs=original.state_generation_programs,
        evaluation_programs=original.evaluation_programs,
        timestamp=original.timestamp,
        tags=["handback", "ambiguous person"],
    )
    record = fresh.to_record()
    assert list(record) == [
        "query_id",
        "program",
        "query",
        "scenario",
        "state_generation_programs",
        "evaluation_programs",
        "timestamp",
        "tags",
    ]
    assert "symbols_in_apps" not in record["scenario"]
    again = load_task(dump_task(fresh))
    assert again.tags == ["handback", "ambiguous person"]
    # Layout is not content: the fresh task equals the loaded one but for tags.
    assert again.model_copy(update={"tags": []}) == original


def test_tags_added_to_a_loaded_task_go_after_timestamp(tasks: list[Task]) -> None:
    tagged = tasks[0].model_copy(update={"tags": ["relative date"]})
    keys = list(tagged.to_record())
    assert keys[keys.index("timestamp") + 1] == "tags"
    text = dump_task(tagged)
    assert text.endswith("timestamp: 2025-03-03 10:12:40\ntags:\n    - relative date")


def test_unknown_keys_survive_a_round_trip(tmp_path: Path) -> None:
    records = nestedtext.load(FIXTURE / "plans" / "queries_001.nt", top=list)
    records[0] = {
        **records[0],
        "edited_program": records[0]["program"].replace("45", "30"),
        "feedback": "wrong length",
    }
    records[1]["scenario"]["future_key"] = {"a": "b"}
    shard = tmp_path / "queries_001.nt"
    text = nestedtext.dumps(records) + "\n"
    shard.write_text(text)
    loaded = load_tasks(shard)
    assert loaded[0].extra_fields["feedback"] == "wrong length"
    assert loaded[1].scenario.extra_fields == {"future_key": {"a": "b"}}
    out = tmp_path / "out"
    write_tasks(loaded, out)
    assert (out / "plans" / "queries_001.nt").read_text() == text


def _tgz(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


@pytest.mark.parametrize("suffix", [".tgz", ".tar.gz"])
def test_archive_is_read_in_memory_skipping_appledouble(tmp_path: Path, tasks: list[Task], suffix: str) -> None:
    shard = (FIXTURE / "plans" / "queries_001.nt").read_bytes()
    archive = tmp_path / f"release{suffix}"
    archive.write_bytes(
        _tgz(
            {
                "asper_bench/plans/queries_001.nt": shard,
                "asper_bench/plans/._queries_001.nt": b"\x00\x05\x16\x07 mac metadata \xff",
                "asper_bench/._plans": b"\x00\x05\x16\x07",
                "asper_bench/plans/query_id_to_shard.json": (FIXTURE / "plans" / "query_id_to_shard.json").read_bytes(),
                # correction corpora use the same shard names but are not tasks
                "asper_bench/plan_corrections/queries_001.nt": b"not: a list\n",
                "asper_bench/code/query_9001.py": b"def f(): pass\n",
            }
        )
    )
    assert load_tasks(archive) == tasks


def test_archive_without_shards_is_an_error(tmp_path: Path) -> None:
    archive = tmp_path / "empty.tgz"
    archive.write_bytes(_tgz({"readme.txt": b"nothing here"}))
    with pytest.raises(TaskFormatError, match="no task shards"):
        load_tasks(archive)


def test_single_shard_and_plans_folder(tasks: list[Task]) -> None:
    assert load_tasks(FIXTURE / "plans" / "queries_001.nt") == tasks
    assert load_tasks(FIXTURE / "plans") == tasks


def test_appledouble_files_in_a_folder_are_skipped(tmp_path: Path, tasks: list[Task]) -> None:
    plans = tmp_path / "plans"
    plans.mkdir()
    (plans / "queries_001.nt").write_bytes((FIXTURE / "plans" / "queries_001.nt").read_bytes())
    (plans / "._queries_001.nt").write_bytes(b"\x00\x05\x16\x07\xff\xfe")
    assert load_tasks(tmp_path) == tasks


def test_missing_path_raises_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_tasks(tmp_path / "nope")


def _numbered_tasks(template: Task, count: int) -> list[Task]:
    return [
        template.model_copy(update={"query_id": str(n), "query": f"{template.query} (variant {n})", "shard": None})
        for n in range(count, 0, -1)  # reversed: the writer must sort
    ]


def test_writer_splits_into_shards_of_32(tmp_path: Path, tasks: list[Task]) -> None:
    many = _numbered_tasks(tasks[0], 70)
    write_tasks(many, tmp_path)
    plans = tmp_path / "plans"
    assert sorted(p.name for p in plans.glob("queries*.nt")) == [
        "queries_001.nt",
        "queries_002.nt",
        "queries_003.nt",
    ]
    sizes = [len(nestedtext.load(plans / f"queries_00{n}.nt", top=list)) for n in (1, 2, 3)]
    assert sizes == [32, 32, 6]
    third = nestedtext.load(plans / "queries_003.nt", top=list)
    assert [r["query_id"] for r in third] == [str(n) for n in range(65, 71)]
    id_index = json.loads((plans / "query_id_to_shard.json").read_text())
    assert list(id_index) == [str(n) for n in range(1, 71)]
    assert id_index["32"] == ["queries_001.nt"]
    assert id_index["33"] == ["queries_002.nt"]
    assert id_index["70"] == ["queries_003.nt"]
    query_index = json.loads((plans / "query_to_query_id.json").read_text())
    assert query_index[f"{tasks[0].query} (variant 65)"] == ["65"]
    assert [t.query_id for t in load_tasks(tmp_path)] == [str(n) for n in range(1, 71)]


def test_writer_renumbers_on_request(tmp_path: Path, tasks: list[Task]) -> None:
    write_tasks(tasks, tmp_path, shard_size=3, renumber=True)
    names = sorted(p.name for p in (tmp_path / "plans").glob("queries*.nt"))
    assert names == ["queries_001.nt", "queries_002.nt"]
    assert [t.shard for t in load_tasks(tmp_path)] == ["queries_001.nt"] * 3 + ["queries_002.nt"]


def test_writer_refuses_to_leave_stale_shards(tmp_path: Path, tasks: list[Task]) -> None:
    write_tasks(tasks, tmp_path, shard_size=1, renumber=True)
    with pytest.raises(FileExistsError, match="queries_004.nt"):
        write_tasks(tasks[:2], tmp_path, shard_size=1, renumber=True)


def test_writer_rejects_duplicate_ids(tmp_path: Path, tasks: list[Task]) -> None:
    clash = tasks[1].model_copy(update={"query_id": tasks[0].query_id})
    with pytest.raises(TaskFormatError, match="duplicate query id"):
        write_tasks([tasks[0], clash], tmp_path)


def test_tags_line_of_a_code_module() -> None:
    text = (
        "from x import *\n\n\n#OK:\n# Hey, [Assistant], move it.\n"
        "# Tags: handback, reschedule , handback,\ndef move():\n    pass\n"
    )
    assert read_code_tags(text) == ["handback", "reschedule"]
    assert read_code_query(text) == "Hey, [Assistant], move it."
    assert read_code_module(text)[0] == "def move():\n    pass\n"
    assert read_code_tags((FIXTURE / "code" / "query_9001.py").read_text()) == []


@pytest.mark.parametrize("failing", ["query_to_query_id.json", "query_9004.py"])
@pytest.mark.parametrize("error", [RuntimeError("disk full"), KeyboardInterrupt()])
def test_an_interrupted_write_leaves_the_old_set_intact(
    tmp_path: Path, tasks: list[Task], monkeypatch: pytest.MonkeyPatch, error: BaseException, failing: str
) -> None:
    write_tasks(tasks, tmp_path, write_code=True)
    before = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    changed = [t.model_copy(update={"query": t.query + " Thanks!"}) for t in tasks]

    real_open = Path.open

    def fail_while_staging(path: Path, *args, **kwargs):
        if path.parent.name.startswith(".") and path.name == failing:
            raise error
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(Path, "open", fail_while_staging)
    with pytest.raises(type(error)):
        write_tasks(changed, tmp_path, write_code=True, replace=True)
    after = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before


def _release_archive(path: Path) -> Path:
    """A release-style archive of the embedded set: <name>/plans/<shards and index files>."""
    plans = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1" / "plans"
    with tarfile.open(path, "w:gz") as archive:
        archive.add(plans, arcname="aspera_workbench_v1/plans")
    return path


@pytest.mark.parametrize(
    "spoil",
    [
        lambda data: data[:3000],  # cut off in the middle of the compressed stream
        lambda data: data[: len(data) // 2],
        lambda data: data[:-10],  # the gzip trailer lost
        lambda data: b"# Not an archive\n\nJust a text file renamed to .tgz.\n",
        lambda data: data[:10],  # a gzip header and nothing else
        lambda data: b"",
    ],
    ids=["first-3000-bytes", "half", "no-trailer", "text", "header-only", "empty"],
)
def test_an_unreadable_archive_is_one_problem_naming_it(tmp_path: Path, spoil) -> None:
    whole = _release_archive(tmp_path / "whole.tgz")
    assert len(load_tasks(whole)) == 84
    broken = tmp_path / "broken.tgz"
    broken.write_bytes(spoil(whole.read_bytes()))
    with pytest.raises(TaskFormatError) as raised:
        load_tasks(broken)
    assert str(raised.value) == f"{broken}: not a readable gzip tar archive (truncated?)"


def test_a_shard_that_cannot_be_written_names_its_file_and_leaves_the_old_set(
    tasks: list[Task], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On a full disk the error named no file: aspera generate said only "[Errno 28] No space left on device".
    write_tasks(tasks, tmp_path)
    before = {path.name: path.read_bytes() for path in (tmp_path / "plans").iterdir()}
    opened = Path.open

    def full_disk(self: Path, *args: Any, **kwargs: Any) -> Any:
        if ".staging-" in str(self) and self.suffix == ".nt":
            raise OSError(errno.ENOSPC, "No space left on device")
        return opened(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", full_disk)
    with pytest.raises(OSError) as failed:
        write_tasks(tasks[:1], tmp_path)
    assert failed.value.errno == errno.ENOSPC
    assert failed.value.filename is not None and Path(failed.value.filename).parent == tmp_path / "plans"
    monkeypatch.undo()
    assert {path.name: path.read_bytes() for path in (tmp_path / "plans").iterdir()} == before
