"""The validator on real program runs in the sandboxed executor.

Each test builds a small task set from the mini-release fixture (some tasks
deliberately broken) and checks that validation reports exactly the problem
that was planted.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.tasks import Task, load_tasks, write_tasks
from aspera_core.tasks.validation import SetReport, format_table
from aspera_core.world.state import DatabaseNamespace
from aspera_workbench.cli.validate import SandboxSetupRunner, add_arguments, run, validate_with_executor
from tests.support.contrast import with_contrast

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CONFIG = SandboxConfig(workers=2, timeout_s=30)


@pytest.fixture(scope="module")
def mini() -> dict[str, Task]:
    tasks = {task.query_id: task for task in load_tasks(FIXTURES / "mini_release")}
    # Handing back is the right answer to 9003's world; the release format has no tags. Its contrasting world,
    # where the request is carried out, makes a program that always asks fail it.
    tasks["9003"] = with_contrast(tasks["9003"]).model_copy(update={"tags": ["handback"]})
    return tasks


def validate(tmp_path: Path, tasks: dict[str, Task]) -> SetReport:
    write_tasks(tasks.values(), tmp_path)
    shutil.copytree(FIXTURES / "mini_wrong", tmp_path / "wrong")
    # noop and handback programs come from the built-in agents
    return validate_with_executor(tmp_path, config=CONFIG)


def problems_by_task(report: SetReport) -> dict[str, list[str]]:
    return {task.query_id: task.problems for task in report.tasks if task.problems}


def test_sound_set_passes(tmp_path: Path, mini: dict[str, Task]) -> None:
    report = validate(tmp_path, mini)
    assert report.ok, format_table(report)
    rows = format_table(report).splitlines()
    assert rows[2].split() == ["9001", "ok", "ok", "ok", "ok", "ok", "4/4", "ok", "ok"]
    assert rows[4].split() == ["9003", "(handback)", "ok", "ok", "ok", "ok", "ok", "2/2", "ok", "ok"]
    # the hand-back program fails every task, 9003 too: its second world must be carried out
    outcomes = {t.query_id: t.checks["handback"].detail for t in report.tasks}
    assert set(outcomes.values()) == {"handback_control"}
    # the shortcut probes ran on every task and failed there
    assert {t.checks["probes"].status for t in report.tasks} == {"ok"}


def test_a_task_whose_only_world_calls_for_asking_is_reported(tmp_path: Path, mini: dict[str, Task]) -> None:
    # 9003 as the release has it: one world, where handing back is right. Always asking passes it, tagged or not.
    for tags in (["handback"], []):
        alone = mini["9003"].model_copy(
            update={
                "state_generation_programs": mini["9003"].state_generation_programs[:1],
                "evaluation_programs": mini["9003"].evaluation_programs[:1],
                "tags": tags,
            }
        )
        report = validate(tmp_path / f"tags-{len(tags)}", {**mini, "9003": alone})
        problems = problems_by_task(report)
        assert list(problems) == ["9003"]
        assert problems["9003"][0] == (
            "handback: expected to fail (always handing back is the trivial agent; a task tagged 'handback' needs "
            "a world where the request can be carried out too), got success"
        )
        assert "probes: every pair accepts the shortcut 'handback_everything'" in problems["9003"][1]


def test_ep_that_accepts_doing_nothing(tmp_path: Path, mini: dict[str, Task]) -> None:
    # An EP that runs the program but checks nothing.
    lenient = (
        "def evaluate_book_design_review_with_ottoline(query, executable, setup_function):\n"
        "    setup_function()\n"
        "    executable()\n"
    )
    broken = {**mini, "9001": mini["9001"].model_copy(update={"evaluation_programs": [lenient]})}
    report = validate(tmp_path, broken)
    problems = problems_by_task(report)
    assert list(problems) == ["9001"]
    assert problems["9001"][0] == ("noop: expected to fail (doing nothing never solves a task), got success")
    assert len(problems["9001"]) == 1 + 4 + 1  # noop, every wrong program, and deleting every event pass
    assert all(p.startswith("wrong: wrong/query_9001.py:") for p in problems["9001"][1:5])
    assert problems["9001"][5] == (
        "probes: every pair accepts the shortcut 'delete_everything' (deletes every event of the user's calendar)"
    )
    assert next(t for t in report.tasks if t.query_id == "9001").checks["wrong"].detail == "0/4"


@pytest.mark.parametrize(
    "source, where",
    [
        ("str(datetime.datetime.now())", "user_calendar"),
        ("__import__('uuid').uuid4().hex", "user_calendar"),
    ],
)
def test_nondeterministic_setup(tmp_path: Path, mini: dict[str, Task], source: str, where: str) -> None:
    sip = mini["9002"].state_generation_programs[0]
    assert "    import datetime\n" in sip
    extra = (
        "    _stamp = combine(get_next_dow('Thursday'), time_by_hm(4, 0, 'pm'))\n"
        "    add_event(Event(\n"
        f"        subject='Report ' + {source},\n"
        "        starts_at=_stamp,\n"
        "        ends_at=_stamp + datetime.timedelta(minutes=30),\n"
        "    ))\n"
    )
    changed = {
        **mini,
        "9002": mini["9002"].model_copy(update={"state_generation_programs": [sip + extra]}),
    }
    report = validate(tmp_path, changed)
    (problem,) = problems_by_task(report)["9002"]
    assert problem.startswith(
        f"setup: setup program 1 is not deterministic: two runs in fresh worlds differ at {where}: '8 rows, sha256 "
    )


def test_setup_runner_digests_each_table_of_the_world_in_the_sandbox(mini: dict[str, Task]) -> None:
    with Sandbox(CONFIG) as sandbox:
        runner = SandboxSetupRunner(sandbox)
        first, second = runner(mini["9001"], 0), runner(mini["9001"], 0)
    # fresh uuid4 ids in each run, yet the same world once ids are renumbered
    assert first == second
    assert first["employees"].startswith("13 rows, sha256 ")
    assert first["user_calendar"].startswith("3 rows, sha256 ")
    assert first["conference_rooms"].startswith("0 rows, ")
    assert set(first) == {ns.value for ns in DatabaseNamespace}


def test_setup_that_raises_is_reported(tmp_path: Path, mini: dict[str, Task]) -> None:
    sip = mini["9004"].state_generation_programs[0] + "    find_employee('Nobody At All')[0]\n"
    changed = {
        **mini,
        "9004": mini["9004"].model_copy(update={"state_generation_programs": [sip]}),
    }
    report = validate(tmp_path, changed)
    problems = problems_by_task(report)["9004"]
    assert problems[0].startswith("setup: setup program 1 raises ")
    # the same SIP runs inside the EP, so the reference fails too
    assert problems[1].startswith("reference: expected to pass")


def _cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="aspera validate")
    add_arguments(parser)
    return run(parser.parse_args(argv))


def test_command_prints_table_and_exits_zero(
    tmp_path: Path, mini: dict[str, Task], capsys: pytest.CaptureFixture[str]
) -> None:
    write_tasks(mini.values(), tmp_path)
    shutil.copytree(FIXTURES / "mini_wrong", tmp_path / "wrong")
    assert _cli(["--tasks", str(tmp_path), "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == [
        "task",
        "parse",
        "setup",
        "reference",
        "noop",
        "handback",
        "wrong",
        "probes",
        "verdict",
    ]
    assert out.endswith("4 tasks, 0 with problems: OK\n")


def test_command_exits_one_on_a_problem_and_can_print_json(
    tmp_path: Path, mini: dict[str, Task], capsys: pytest.CaptureFixture[str]
) -> None:
    write_tasks(mini.values(), tmp_path)
    (tmp_path / "wrong").mkdir()  # a wrong-program folder without the tasks' files
    assert _cli(["--tasks", str(tmp_path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and data["notes"] == []
    assert [t["problems"] for t in data["tasks"]] == [[f"wrong: no wrong programs (wrong/query_{n}.py)"] for n in mini]
    # the requirement can be lifted, or the wrong programs taken from elsewhere
    assert _cli(["--tasks", str(tmp_path), "--no-wrong-required"]) == 0
    wrong = str(FIXTURES / "mini_wrong")
    assert _cli(["--tasks", str(tmp_path / "plans"), "--wrong", wrong]) == 0
    capsys.readouterr()
    # given the plans folder or one shard, wrong/ is looked for beside plans/
    (tmp_path / "wrong").rmdir()
    shutil.copytree(FIXTURES / "mini_wrong", tmp_path / "wrong")
    assert _cli(["--tasks", str(tmp_path / "plans")]) == 0
    assert _cli(["--tasks", str(tmp_path / "plans" / "queries_001.nt")]) == 0


def test_a_set_without_wrong_folder_passes_with_one_note(
    tmp_path: Path, mini: dict[str, Task], capsys: pytest.CaptureFixture[str]
) -> None:
    # As the published release: shards and index files, no wrong/ folder.
    write_tasks(mini.values(), tmp_path)
    assert _cli(["--tasks", str(tmp_path), "--workers", "2"]) == 0
    out = capsys.readouterr().out
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert notes == [
        f"note: no wrong-program folder at {tmp_path / 'wrong'}: wrong programs not checked (--wrong FOLDER gives one)"
    ]
    assert out.endswith("4 tasks, 0 with problems: OK\n")


def test_command_exits_two_when_the_set_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from aspera_workbench.cli.main import main

    assert main(["validate", "--tasks", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert err == f"aspera validate: error: argument --tasks: no such task set: '{tmp_path / 'missing'}'\n"
    (tmp_path / "empty").mkdir()
    assert main(["validate", "--tasks", str(tmp_path / "empty")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aspera validate: error: no task shards") and err.count("\n") == 1
    assert main(["validate", "--tasks", str(tmp_path / "empty"), "--wrong", str(tmp_path / "nope")]) == 2
    assert capsys.readouterr().err.startswith("aspera validate: error: argument --wrong:")


@pytest.mark.parametrize(
    ("option", "value"), [("--timeout", "nan"), ("--timeout", "inf"), ("--timeout", "0"), ("--workers", "0")]
)
def test_bad_numbers_are_one_line_and_exit_two(option: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    from aspera_workbench.cli.main import main

    assert main(["validate", "--tasks", str(FIXTURES / "mini_release"), option, value]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"aspera validate: error: argument {option}: ") and err.count("\n") == 1
    assert value in err


def test_registered_as_an_aspera_subcommand(
    tmp_path: Path, mini: dict[str, Task], capsys: pytest.CaptureFixture[str]
) -> None:
    from aspera_workbench.cli.main import main

    write_tasks(mini.values(), tmp_path)
    shutil.copytree(FIXTURES / "mini_wrong", tmp_path / "wrong")
    assert main(["validate", "--tasks", str(tmp_path), "--workers", "2"]) == 0
    assert capsys.readouterr().out.endswith("4 tasks, 0 with problems: OK\n")
