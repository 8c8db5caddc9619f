"""``aspera audit`` from the command line: reports, the JSON file, exit statuses, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks, tasks_digest, write_tasks
from aspera_workbench.cli.main import main
from tests.audit.support import strict_task, weak_task

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
PROJECT = Path(__file__).resolve().parents[2]
QUICK = ["--tasks", MINI_RELEASE, "--limit", "1", "--per-kind", "1", "--max-variants", "1", "--no-progress"]

WRONG_ALTERNATIVE = """# Correct: the same review, computed in one expression
def book_review():
    start = combine(get_next_dow("Friday"), time_by_hm(2, 30, "pm"))
    add_event(Event(attendees=[find_employee("Ann")[0], find_employee("Bob")[0]], subject="Review",
                    starts_at=start, ends_at=start + datetime.timedelta(minutes=45), location="Maple"))


# Wrong: forgets Bob and books Thursday
def book_review():
    start = combine(get_next_dow("Thursday"), time_by_hm(2, 30, "pm"))
    add_event(Event(attendees=[find_employee("Ann")[0]], subject="Review",
                    starts_at=start, ends_at=start + datetime.timedelta(minutes=45), location="Maple"))
"""


def aspera(*args: object) -> int:
    return main([str(arg) for arg in args])


def test_published_layout_without_wrong_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, subset = tmp_path / "audit.json", tmp_path / "audited.json"
    status = aspera(
        "audit", "--tasks", MINI_RELEASE, "--per-kind", "1", "--out", out, "--subset-out", subset, "--no-progress",
        "--workers", 2,
    )  # fmt: skip
    captured = capsys.readouterr()
    # the spec's release-style examples: 9001 and 9004 demand exactly the named attendees (the user listed among
    # them is rejected), and 9003's only world calls for asking, so always asking passes it
    assert status == 1, captured.out + captured.err
    data = json.loads(out.read_text())
    assert [task["task_id"] for task in data["tasks"]] == ["9001", "9002", "9003", "9004"]
    flagged = {
        task["task_id"]: {(v["kind"], v["error"]) for v in task["variants"] if v["flagged"]} for task in data["tasks"]
    }
    assert flagged == {
        "9001": {("user_attendee", "false_rejection")},
        "9002": set(),
        "9003": {("handback", "false_acceptance"), ("handback_everything", "false_acceptance")},
        "9004": {("user_attendee", "false_rejection")},
    }
    for task in data["tasks"]:
        for variant in task["variants"]:
            assert {"kind", "expected", "actual", "flagged"} <= set(variant)
    assert "rejected by evaluation 1, line 49: assert new_event.attendees == [ottoline]" in captured.out
    assert "tasks with at least one false rejection: 2 of 4 tasks (50.0%, Wilson 95% 15.0-85.0%)" in captured.out
    # mutants of code 9003's world never reaches change nothing
    assert any(v["status"] == "equivalent" for v in data["tasks"][2]["variants"])
    assert data["audited_subset"]["task_ids"] == ["9002"] == json.loads(subset.read_text())["task_ids"]
    assert f"audited subset (1 of 4 audited tasks) written to {subset}" in captured.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["audit.json", "audited.json"]


def test_weak_and_strict_evaluation_programs_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tasks([weak_task(), strict_task()], tmp_path / "set")
    alternatives = tmp_path / "mine"
    alternatives.mkdir()
    (alternatives / "query_9102.py").write_text(WRONG_ALTERNATIVE)
    out = tmp_path / "audit.json"
    status = aspera(
        "audit", "--tasks", tmp_path / "set", "--alternatives", alternatives, "--kinds", "shift_datetime,iteration_order",
        "--out", out, "--no-progress",
    )  # fmt: skip
    text = capsys.readouterr().out
    assert status == 1
    weakest = text.split("weakest evaluation programs")[1]
    assert "task 9102:" in weakest and "accepted shift_datetime: line 5: Friday -> Saturday" in weakest
    assert "accepted alternative_wrong: line 9: forgets Bob and books Thursday" in weakest
    assert "rejected iteration_order: lines 4-5" in weakest
    data = json.loads(out.read_text())
    kinds = {v["kind"] for task in data["tasks"] for v in task["variants"]}
    assert kinds == {"reference", "noop", "handback", "shift_datetime", "iteration_order", "alternative_correct", "alternative_wrong"}  # fmt: skip
    correct = [v for v in data["tasks"][0]["variants"] if v["kind"] == "alternative_correct"]
    assert [(v["actual"], v["flagged"]) for v in correct] == [("pass", False)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tasks", "no/such/set"], "no/such/set"),
        (["--tasks", MINI_RELEASE, "--kinds", "drop_everything"], "unknown variant kind(s): drop_everything"),
        (["--tasks", MINI_RELEASE, "--ids", "12345"], "unknown task id(s): 12345"),
        (
            ["--tasks", MINI_RELEASE, "--limit", "0"],
            "argument --limit: Input should be greater than or equal to 1, got '0'",
        ),
        (
            ["--tasks", MINI_RELEASE, "--out", MINI_RELEASE / "plans" / "queries_001.nt" / "a.json"],
            "is a file, not a folder",
        ),
        (["--tasks", MINI_RELEASE, "--alternatives", "no/such/folder"], "no such folder"),
        (
            ["--tasks", MINI_RELEASE, "--max-variants", "-1"],
            "argument --max-variants: Input should be greater than or equal to 0, got '-1'",
        ),
        (["--tasks", MINI_RELEASE, "--timeout", "0"], "argument --timeout: Input should be greater than 0, got '0'"),
        (
            ["--tasks", MINI_RELEASE, "--weakest", "-1"],
            "argument --weakest: Input should be greater than or equal to 0, got '-1'",
        ),
        (
            ["--tasks", MINI_RELEASE, "--workers", "0"],
            "argument --workers: Input should be greater than or equal to 1, got '0'",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert aspera("audit", *args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("aspera audit: error: ")
    assert message in captured.err


def test_limit_keeps_the_first_tasks_after_ids_in_id_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "audit.json"
    common = ["audit", "--tasks", MINI_RELEASE, "--per-kind", "1", "--max-variants", "1", "--no-progress"]
    assert aspera(*common, "--ids", "9004,9002", "9003", "--limit", "2", "--out", out) == 1  # (9003: always asking)
    assert "aspera audit: 2 tasks from" in capsys.readouterr().err
    assert [task["task_id"] for task in json.loads(out.read_text())["tasks"]] == ["9002", "9003"]
    assert aspera(*common, "--limit", "1", "--out", out) in (0, 1)
    assert [task["task_id"] for task in json.loads(out.read_text())["tasks"]] == ["9001"]


def test_bad_alternatives_name_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "query_9001.py").write_text("def book_design_review_with_ottoline():\n    pass\n")
    assert aspera("audit", "--tasks", MINI_RELEASE, "--alternatives", folder) == 2
    assert "query_9001.py:1: function 'book_design_review_with_ottoline' needs a '# Correct" in capsys.readouterr().err
    (folder / "query_9001.py").unlink()
    (folder / "query_77.py").write_text(WRONG_ALTERNATIVE)
    assert aspera("audit", "--tasks", MINI_RELEASE, "--alternatives", folder) == 2
    assert "query_77.py: no task 77 in" in capsys.readouterr().err


def _results_file(folder: Path) -> bytes:
    out = folder / "results.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--limit", "1", "--out", out, "--no-progress") == 0
    return out.read_bytes()


@pytest.mark.parametrize(
    "content",
    [
        lambda folder: (PROJECT / "README.md").read_bytes(),
        _results_file,
        lambda folder: b'{"format": "something-else", "tasks": []}\n',
        lambda folder: bytes(range(256)),
    ],
    ids=["readme", "results-file", "other-json", "binary"],
)
def test_out_refuses_a_file_that_is_not_an_audit(tmp_path: Path, capsys: pytest.CaptureFixture[str], content) -> None:
    data = content(tmp_path)
    target = tmp_path / "precious.md"
    target.write_bytes(data)
    capsys.readouterr()
    assert aspera("audit", *QUICK, "--out", target) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("aspera audit: error: --out ") and "not an audit file" in captured.err
    assert target.read_bytes() == data


def test_out_replaces_an_earlier_audit_or_an_empty_file_and_makes_missing_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "new" / "deeper" / "audit.json"
    assert aspera("audit", *QUICK, "--out", out) == 0
    first = json.loads(out.read_text())
    assert aspera("audit", *QUICK, "--seed", "1", "--out", out) == 0
    second = json.loads(out.read_text())
    assert (first["settings"]["seed"], second["settings"]["seed"]) == (0, 1)
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    assert aspera("audit", *QUICK, "--out", empty) == 0
    assert json.loads(empty.read_text())["format"] == "aspera-audit"
    assert sorted(p.name for p in out.parent.iterdir()) == ["audit.json"]


def test_the_audit_file_records_the_digest_of_the_whole_task_set(tmp_path: Path) -> None:
    # The path alone does not say which version of the tasks was audited; a selection (--limit 1)
    # records the digest of the set it was chosen from, as a results file does.
    out = tmp_path / "audit.json"
    assert aspera("audit", *QUICK, "--out", out) == 0
    data = json.loads(out.read_text())
    assert data["source"] == str(MINI_RELEASE)
    assert data["task_set_digest"] == tasks_digest(load_tasks(MINI_RELEASE))


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs Linux's /sys")
def test_unwritable_out_is_refused_before_the_audit_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert aspera("audit", *QUICK, "--out", "/sys/a.json") == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1, captured.err  # no "N tasks from" line: nothing ran
    assert captured.err.startswith("aspera audit: error: argument --out: cannot create '/sys/a.json'")


def test_the_progress_bar_has_its_total_from_the_first_frame_and_stays_complete(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A bar without a total first ("0program [00:00, ?program/s]"), cleared at the end, left
    # the user looking at the last frame drawn before completion ("64/65").
    with_bar = [arg for arg in QUICK if arg != "--no-progress"]
    assert aspera("audit", *with_bar) in (0, 1)
    err = capsys.readouterr().err
    lines = [line.strip() for line in err.replace("\r", "\n").splitlines() if line.strip()]
    frames = [line for line in lines if "program/s" in line]
    assert frames, err
    assert not [frame for frame in frames if re.match(r"\d+program \[", frame)], frames  # never without a total
    total = re.search(r"\| \d+/(\d+) \[", frames[0])
    assert total is not None, frames
    assert all(f"/{total[1]} [" in frame for frame in frames), frames
    assert lines[-1] == frames[-1] and f"| {total[1]}/{total[1]} [" in frames[-1] and "100%" in frames[-1], frames
    assert err.endswith("\n")  # left on screen, complete, on a line of its own
    assert aspera("audit", *QUICK) in (0, 1)
    assert "program/s" not in capsys.readouterr().err  # --no-progress: no bar, no line


def test_the_start_line_counts_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "audit.json"
    aspera("audit", *QUICK, "--workers", "1", "--out", out)
    start = capsys.readouterr().err.splitlines()[0]
    assert "1 variant per kind" in start and start.endswith("; 1 worker"), start
    aspera("audit", "--tasks", MINI_RELEASE, "--limit", "1", "--per-kind", "2", "--max-variants", "2", "--out", out)
    start = capsys.readouterr().err.splitlines()[0]
    assert "2 variants per kind" in start and "(s)" not in start, start


def test_an_unknown_id_names_the_task_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert aspera("audit", "--tasks", MINI_RELEASE, "--ids", "12345", "--no-progress") == 2
    assert f"unknown task id(s): 12345: not in {MINI_RELEASE}" in capsys.readouterr().err


def test_out_refuses_a_symbolic_link_to_nothing_as_run_and_judge_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The audit was written through the link, creating a file (and its folders) wherever it pointed.
    link = tmp_path / "audit.json"
    link.symlink_to(tmp_path / "elsewhere" / "audit.json")
    capsys.readouterr()
    assert aspera("audit", *QUICK, "--out", link) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(
        f"aspera audit: error: --out {link} is a symbolic link to {tmp_path / 'elsewhere' / 'audit.json'}, "
        "which does not exist"
    )
    assert [path.name for path in tmp_path.iterdir()] == ["audit.json"] and link.is_symlink()


def test_out_refuses_a_symbolic_link_to_nothing_above_the_file_naming_the_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # --out sub/link/a.json made the missing folder the link points to and wrote the audit there (exit 0).
    (tmp_path / "sub").mkdir()
    link = tmp_path / "sub" / "link"
    link.symlink_to("../gone")
    for out in (link / "a.json", link / "deeper" / "a.json"):
        assert aspera("audit", *QUICK, "--out", out) == 2
        err = capsys.readouterr().err
        assert err == f"aspera audit: error: --out {out}: {link} is a symbolic link to ../gone, which does not exist\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"] and [p.name for p in link.parent.iterdir()] == ["link"]
