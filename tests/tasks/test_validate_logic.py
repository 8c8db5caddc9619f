"""The validator's decisions, with program runs replaced by scripted outcomes.

The end-to-end tests against the real executor are in test_validate_executor.py;
here each check is driven by a fake ``evaluate``/``run_setup`` so that every
decision rule can be exercised directly.
"""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path
from typing import Any

import pytest

from aspera_core.tasks import Task, load_tasks
from aspera_core.tasks.validation import (
    FAIL,
    OK,
    SKIP,
    SetReport,
    TaskReport,
    convention_problems,
    default_wrong_dir,
    first_difference,
    format_table,
    normalise_ids,
    validate_task,
    validate_task_set,
)
from aspera_core.tasks.wrong_programs import WrongProgram, read_wrong_programs

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MINI = FIXTURES / "mini_release"
NOOP = "def do_nothing():\n    pass\n"
HANDBACK = "def ask():\n    raise RequiresUserInput('?')\n"
BASELINES = {"noop": lambda task: NOOP, "handback": lambda task: HANDBACK}


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI)


def scripted(outcomes: dict[str, str], default: str = "task_completion_error"):
    """An evaluate() that looks up each program's outcome; the reference passes."""

    def evaluate(task: Task, program: str) -> str:
        if program == task.program:
            return outcomes.get("reference", "success")
        return outcomes.get(program, default)

    return evaluate


def steady_world(task: Task, index: int) -> dict[str, Any]:
    # A fresh random id each run, as the setup tools make: must not count.
    uid = str(uuid.uuid4())
    return {
        "employees": [{"employee_id": uid, "manager": None}],
        "user_calendar": [{"attendees": [uid]}],
    }


def run(task: Task, **overrides: Any):
    arguments = {
        "evaluate": scripted({}),
        "run_setup": steady_world,
        "baselines": BASELINES,
        "wrong_programs": [WrongProgram(task.query_id, "off by a day", "def p():\n    pass\n", 1, "w")],
    }
    arguments.update(overrides)
    return validate_task(task, **arguments)


def test_sound_task_passes_every_check(tasks: list[Task]) -> None:
    report = run(tasks[0])
    assert report.ok, report.problems
    assert {name: check.status for name, check in report.checks.items()} == {
        "parse": OK,
        "setup": OK,
        "reference": OK,
        "noop": OK,
        "handback": OK,
        "wrong": OK,
        "probes": "-",  # (the shortcut probes are the workbench's: aspera validate runs them)
    }
    assert report.checks["wrong"].detail == "1/1"


def test_failing_reference_is_a_problem(tasks: list[Task]) -> None:
    report = run(tasks[0], evaluate=scripted({"reference": "task_completion_error"}))
    assert report.checks["reference"].status == FAIL
    assert any("reference: expected to pass" in p for p in report.problems)


def test_noop_that_passes_means_a_lenient_ep(tasks: list[Task]) -> None:
    report = run(tasks[1], evaluate=scripted({NOOP: "success"}))
    assert not report.ok
    assert report.checks["noop"].status == FAIL
    assert report.problems == ["noop: expected to fail (doing nothing never solves a task), got success"]


def test_a_task_accepting_a_handback_is_reported(tasks: list[Task]) -> None:
    report = run(tasks[2], evaluate=scripted({HANDBACK: "success"}))
    assert report.checks["handback"].status == FAIL
    assert "always handing back is the trivial agent" in report.problems[0]


def test_the_handback_tag_does_not_excuse_always_asking(tasks: list[Task]) -> None:
    tagged = tasks[2].model_copy(update={"tags": ["handback"]})
    passes = run(tagged, evaluate=scripted({HANDBACK: "success"}))
    assert not passes.ok and passes.expects_handback
    assert "a task tagged 'handback' needs a world where the request can be carried out too" in passes.problems[0]
    # a tagged task that always asking fails (it has a world where the request must be carried out) is sound
    refuses = run(tagged, evaluate=scripted({HANDBACK: "handback_control"}))
    assert refuses.ok and refuses.checks["handback"].status == OK
    # noop must still fail on a hand-back task
    lenient = run(tagged, evaluate=scripted({HANDBACK: "handback_control", NOOP: "success"}))
    assert [p.split(":")[0] for p in lenient.problems] == ["noop"]


def test_nondeterministic_setup_is_reported_with_the_difference(tasks: list[Task]) -> None:
    runs = iter(range(100))

    def clocked_world(task: Task, index: int) -> dict[str, Any]:
        starts_at = f"2024-06-25T09:{next(runs):02d}"
        return {"user_calendar": [{"subject": "x", "starts_at": starts_at}]}

    report = run(tasks[0], run_setup=clocked_world)
    assert report.checks["setup"].status == FAIL
    assert report.problems == [
        "setup: setup program 1 is not deterministic: two runs in fresh worlds differ at "
        "user_calendar[0].starts_at: '2024-06-25T09:00' != '2024-06-25T09:01'"
    ]


def test_setup_that_raises_is_reported(tasks: list[Task]) -> None:
    def broken(task: Task, index: int) -> dict[str, Any]:
        raise NameError("name 'simulate_org' is not defined")

    report = run(tasks[0], run_setup=broken)
    assert report.problems == ["setup: setup program 1 raises NameError: name 'simulate_org' is not defined"]


def test_wrong_program_that_passes_is_reported(tasks: list[Task]) -> None:
    wrong = read_wrong_programs(
        "# Wrong: forgets the attendee\ndef p():\n    pass\n\n\n# Wrong: a day late\ndef q():\n    pass\n",
        tasks[0].query_id,
        "wrong/query_9001.py",
    )
    report = run(tasks[0], wrong_programs=wrong, evaluate=scripted({wrong[1].program: "success"}))
    assert report.checks["wrong"].status == FAIL
    assert report.checks["wrong"].detail == "1/2"
    assert report.problems == ["wrong: wrong/query_9001.py:7 (a day late) passes the task"]


def test_missing_wrong_programs(tasks: list[Task]) -> None:
    report = run(tasks[0], wrong_programs=None)
    assert report.problems == ["wrong: no wrong programs (wrong/query_9001.py)"]
    relaxed = run(tasks[0], wrong_programs=None, require_wrong=False)
    assert relaxed.ok and relaxed.checks["wrong"].status == SKIP


def test_harness_failure_is_reported_not_raised(tasks: list[Task]) -> None:
    def crashing(task: Task, program: str) -> str:
        raise RuntimeError("worker died")

    report = run(tasks[0], evaluate=crashing)
    assert "reference: expected to pass" in report.problems[0]
    assert "harness_error: RuntimeError: worker died" in report.problems[0]


def test_result_objects_with_outcome_and_message_are_understood(tasks: list[Task]) -> None:
    class Result:
        def __init__(self, outcome: str, message: str | None):
            self.outcome, self.message = outcome, message

    def evaluate(task: Task, program: str) -> Result:
        if program == task.program:
            return Result("task_completion_error", "Incorrect solution\nmore text")
        return Result("task_completion_error", None)

    report = run(tasks[0], evaluate=evaluate)
    assert report.problems == [
        "reference: expected to pass (it is the reference solution), got task_completion_error: Incorrect solution"
    ]


def test_normalise_ids_numbers_uuids_by_first_appearance() -> None:
    a, b = str(uuid.uuid4()), str(uuid.uuid4())
    world = {"rows": [{"id": a, "boss": b}, {"id": b, "boss": None, "link": f"meet/{a}"}], a: 1}
    assert normalise_ids(world) == {
        "rows": [
            {"id": "<id-1>", "boss": "<id-2>"},
            {"id": "<id-2>", "boss": None, "link": "meet/<id-1>"},
        ],
        "<id-1>": 1,
    }
    # the same structure with other ids normalises to the same value
    c, d = str(uuid.uuid4()), str(uuid.uuid4())
    other = {"rows": [{"id": c, "boss": d}, {"id": d, "boss": None, "link": f"meet/{c}"}], c: 1}
    assert normalise_ids(other) == normalise_ids(world)
    # but a different wiring does not
    swapped = {"rows": [{"id": c, "boss": d}, {"id": d, "boss": None, "link": f"meet/{d}"}], c: 1}
    assert normalise_ids(swapped) != normalise_ids(world)


def test_first_difference() -> None:
    assert first_difference({"a": [1, 2]}, {"a": [1, 2]}) is None
    assert first_difference({"a": [1, 2]}, {"a": [1, 3]}) == "a[1]: 2 != 3"
    assert first_difference({"a": [1]}, {"a": [1, 2]}) == "a: 1 rows != 2 rows"
    assert first_difference({"a": 1}, {"b": 1}) == "a: present in only one world"


def test_conventions(tasks: list[Task]) -> None:
    assert convention_problems(tasks[0]) == []
    ep = tasks[0].evaluation_programs[0].replace("setup_function: Callable", "setup: Callable", 1)
    aep = tasks[0].program.replace("def book_design_review_with_ottoline():", "def book(when):")
    changed = tasks[0].model_copy(update={"program": "import datetime\n\n" + aep, "evaluation_programs": [ep]})
    problems = convention_problems(changed)
    assert problems[0] == "the reference program must be exactly one top-level function"
    assert problems[1].startswith(
        "evaluation program 1 must be an 'evaluate*' function taking "
        "(query, executable, setup_function), got 'evaluate_book_design_review_with_ottoline'"
    )
    assert convention_problems(tasks[0].model_copy(update={"program": aep})) == [
        "the reference function 'book' must take no arguments"
    ]


def _task_set(tmp_path: Path, wrong: bool = True) -> Path:
    shutil.copytree(MINI / "plans", tmp_path / "plans")
    if wrong:
        shutil.copytree(FIXTURES / "mini_wrong", tmp_path / "wrong")
    return tmp_path


def test_set_with_a_malformed_task_reports_it_and_checks_the_rest(tmp_path: Path) -> None:
    root = _task_set(tmp_path)
    shard = root / "plans" / "queries_001.nt"
    text = shard.read_text()
    shard.write_text(text.replace("    query: Hey, [Assistant], push", "    ask: push"))
    (root / "plans" / "queries_002.nt").write_text("-\n    query_id: 1\n  program: x\n")
    (root / "wrong" / "query_77.py").write_text("# Wrong: x\ndef f():\n    pass\n")
    report = validate_task_set(root, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    assert [t.query_id for t in report.tasks] == ["9001", "9002", "9003", "9004"]
    broken = report.tasks[2]
    assert broken.checks["parse"].status == FAIL
    assert broken.checks["reference"].status == SKIP
    assert broken.problems[0] == ("parse: queries_001.nt:372: field 'query': required field is missing")
    assert [t.ok for t in report.tasks] == [True, True, False, True]
    assert len(report.problems) == 2
    assert report.problems[0].startswith("queries_002.nt:3: not valid NestedText")
    assert report.problems[1] == "wrong/query_77.py: there is no task 77"
    assert not report.ok


def test_set_report_table_and_json(tmp_path: Path) -> None:
    root = _task_set(tmp_path)
    (root / "wrong" / "query_9002.py").write_text("def f():\n    pass\n")
    report = validate_task_set(root, evaluate=scripted({NOOP: "success"}), run_setup=steady_world, baselines=BASELINES)
    by_id = {t.query_id: t for t in report.tasks}
    assert by_id["9002"].checks["wrong"].status == FAIL
    assert "needs a '# Wrong: <what is wrong>' line" in by_id["9002"].problems[0]
    assert all(t.checks["noop"].status == FAIL for t in report.tasks)
    table = format_table(report)
    lines = table.splitlines()
    assert lines[0].split() == ["task", "parse", "setup", "reference", "noop", "handback", "wrong", "probes", "verdict"]
    assert lines[2].split() == ["9001", "ok", "ok", "ok", "FAIL", "ok", "4/4", "-", "PROBLEM"]
    assert "  task 9001: noop: expected to fail" in table
    assert lines[-1] == "4 tasks, 4 with problems"
    data = report.to_json()
    assert data["ok"] is False
    assert data["tasks"][0]["checks"]["noop"] == {"status": "FAIL", "detail": "success"}


@pytest.mark.parametrize(
    ("tasks_total", "problems", "summary"),
    [
        (1, 1, "1 task, 0 with problems, 1 problem outside tasks"),
        (2, 3, "2 tasks, 0 with problems, 3 problems outside tasks"),
        (1, 0, "1 task, 0 with problems: OK"),
    ],
)
def test_summary_line_counts_in_singular_and_plural(tasks_total: int, problems: int, summary: str) -> None:
    report = SetReport(
        tasks=[TaskReport(query_id=str(9001 + i)) for i in range(tasks_total)],
        problems=[f"queries_00{i}.nt:1: not valid NestedText" for i in range(problems)],
    )
    assert format_table(report).splitlines()[-1] == summary


def test_wrong_folder_defaults_to_the_set_and_can_be_overridden(tmp_path: Path) -> None:
    root = _task_set(tmp_path, wrong=False)
    # no wrong/ folder (as in the published release): not checked, and said so
    bare = validate_task_set(root, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    assert bare.ok and [t.checks["wrong"].status for t in bare.tasks] == ["-"] * 4
    assert bare.notes == [
        f"no wrong-program folder at {root / 'wrong'}: wrong programs not checked (--wrong FOLDER gives one)"
    ]
    assert format_table(bare).splitlines()[-3].startswith("note: no wrong-program folder at ")
    # a wrong/ folder that lacks a task's file: that task has a problem
    (root / "wrong").mkdir()
    empty = validate_task_set(root, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    for task in empty.tasks:
        assert task.problems == [f"wrong: no wrong programs (wrong/query_{task.query_id}.py)"]
    with pytest.raises(FileNotFoundError, match="no wrong-program folder"):
        validate_task_set(
            root, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES, wrong_dir=tmp_path / "nope"
        )
    given = validate_task_set(
        root,
        evaluate=scripted({}),
        run_setup=steady_world,
        baselines=BASELINES,
        wrong_dir=FIXTURES / "mini_wrong",
    )
    assert given.ok
    assert [t.checks["wrong"].detail for t in given.tasks] == ["4/4", "3/3", "2/2", "3/3"]


def test_prefetch_sees_every_run_before_any_check(tmp_path: Path) -> None:
    root = _task_set(tmp_path)
    seen: list[tuple[str, str]] = []
    asked: list[tuple[str, str]] = []

    def prefetch(runs: list[tuple[Task, str]]) -> None:
        assert not asked, "prefetch must come first"
        seen.extend((task.query_id, program) for task, program in runs)

    def evaluate(task: Task, program: str) -> str:
        asked.append((task.query_id, program))
        return "success" if program == task.program else "task_completion_error"

    report = validate_task_set(root, evaluate=evaluate, run_setup=steady_world, baselines=BASELINES, prefetch=prefetch)
    assert report.ok
    # reference + noop + handback + wrong programs (4, 3, 2, 3)
    assert len(seen) == 4 * 3 + 12
    assert sorted(asked) == sorted(seen)


def test_default_wrong_dir(tmp_path: Path) -> None:
    root = _task_set(tmp_path, wrong=False)
    assert default_wrong_dir(root) == root / "wrong"
    assert default_wrong_dir(root / "plans") == root / "wrong"
    assert default_wrong_dir(root / "plans" / "queries_001.nt") == root / "wrong"
    archive = root / "set.tgz"
    archive.write_bytes(b"")
    assert default_wrong_dir(archive) is None
    loose = tmp_path / "loose"
    (loose / "wrong").mkdir(parents=True)
    assert default_wrong_dir(loose) == loose / "wrong"


def test_index_disagreements_and_notes_are_reported(tmp_path: Path, tasks: list[Task]) -> None:
    from aspera_core.tasks import write_tasks

    write_tasks(tasks, tmp_path, shard_size=2, renumber=True)
    shutil.copytree(FIXTURES / "mini_wrong", tmp_path / "wrong")
    ids = (tmp_path / "plans" / "query_id_to_shard.json").read_text().replace('"queries_001.nt"', '"queries_009.nt"', 1)
    (tmp_path / "plans" / "query_id_to_shard.json").write_text(ids)
    report = validate_task_set(tmp_path, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    assert not report.ok
    first = next(t for t in report.tasks if t.query_id == "9001")
    assert first.problems == [
        "parse: query_id_to_shard.json: puts task 9001 in queries_009.nt, but it is in queries_001.nt"
    ]
    # a lost shard: the set fails, naming the shard and its tasks
    (tmp_path / "plans" / "queries_002.nt").unlink()
    report = validate_task_set(tmp_path, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    assert "query_id_to_shard.json: lists 2 tasks in queries_002.nt (9003, 9004), but there is no such shard" in (
        report.problems
    )
    assert "wrong/query_9003.py: there is no task 9003" in report.problems


def test_a_record_with_a_bad_id_is_one_task_and_the_index_entries_it_orphans_are_set_problems(tmp_path: Path) -> None:
    root = _task_set(tmp_path, wrong=False)
    shard = root / "plans" / "queries_001.nt"
    shard.write_text(shard.read_text().replace("query_id: 9001", "query_id: abc", 1))
    report = validate_task_set(root, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    # four records in the shard, four rows: the index files' entries for 9001
    # name no record, so they are not a fifth task; the bad id comes last, in the one task-id order
    assert [t.query_id for t in report.tasks] == ["9002", "9003", "9004", "abc"]
    assert report.tasks[-1].problems == [
        "parse: queries_001.nt:2: field 'query_id': expected a positive integer without leading zeros, got 'abc'"
    ]
    assert report.problems == [
        "query_id_to_shard.json: task 9001: lists task 9001 in queries_001.nt, but that shard has no task 9001",
        "query_to_query_id.json: task 9001: lists task 9001, but no shard holds it",
    ]
    assert format_table(report).splitlines()[-1] == "4 tasks, 1 with problems, 2 problems outside tasks"


def test_an_unreadable_wrong_program_of_no_task_is_not_a_task(tmp_path: Path) -> None:
    root = _task_set(tmp_path)
    (root / "wrong" / "query_77.py").write_text("def f(:\n")
    report = validate_task_set(root, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    assert [t.query_id for t in report.tasks] == ["9001", "9002", "9003", "9004"]
    assert len(report.problems) == 1 and report.problems[0].startswith("wrong/query_77.py:1: task 77: ")


def test_a_record_repeating_an_id_is_a_row_of_its_own_and_both_uses_are_located(tmp_path: Path) -> None:
    # Both records count: the set's shards hold four, so the table has four rows, not three.
    root = _task_set(tmp_path, wrong=False)
    shard = root / "plans" / "queries_001.nt"
    shard.write_text(shard.read_text().replace("query_id: 9001", "query_id: 9002", 1))
    report = validate_task_set(root, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES)
    assert [t.query_id for t in report.tasks] == ["9002", "9002", "9003", "9004"]
    # The first 9002 (the record that was 9001) has another query than the index lists for 9002.
    assert (
        len(report.tasks[0].problems) == 1 and "query_to_query_id.json: lists task 9002" in report.tasks[0].problems[0]
    )
    assert report.tasks[1].problems == [
        "parse: queries_001.nt:193: field 'query_id': duplicate query id; also used in queries_001.nt:2 (task 9002)"
    ]
    assert report.tasks[1].checks["parse"].status == FAIL and report.tasks[1].checks["reference"].status == SKIP
    assert format_table(report).splitlines()[-1] == "4 tasks, 2 with problems, 2 problems outside tasks"
