"""The checked verdict in ``aspera run``'s summary line and in ``aspera summary``, and ``--subset``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_workbench.cli.main import main
from tests.audit.support import code
from tests.support.checked_runs import (
    PROGRAMS,
    checked_run,
    experiment_digest,
    subset_of,
    without_checked_fields,
    write_task_set,
)


def aspera(*args: object) -> int:
    return main([str(arg) for arg in args])


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The hand-made tasks, and a results file of the replayed programs on them."""
    folder = tmp_path_factory.mktemp("checked-cli")
    return {"tasks": write_task_set(folder / "tasks"), "out": checked_run(folder), "folder": folder}


def test_the_run_line_shows_the_checked_verdict_with_its_denominator(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    replay = run["folder"] / "programs.jsonl"
    replay.write_text("".join(json.dumps({"task_id": i, "program": code(p)}) + "\n" for i, p in PROGRAMS.items()))
    out = run["folder"] / "from-the-command-line.jsonl"
    args = ["run", "--tasks", run["tasks"], "--agent", "replay", "--replay", replay, "--out", out]
    assert aspera(*args, "--no-progress", "--workers", "1") == 0
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert "4 evaluated (success 4); 0 already in " in last
    assert "; checked: success 2, side_effect 1, over_inclusive 1 of 4 evaluated; " in last
    assert "unknown" not in last  # every program was checked


def test_summary_shows_the_checked_counts_beside_the_outcomes(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert aspera("summary", run["out"]) == 0
    text = capsys.readouterr().out
    assert "checked verdict (of the 4 judged programs:" in text
    rows = {
        line.split()[0]: line.split()[1:3]
        for line in text.splitlines()[
            text.splitlines().index(next(line for line in text.splitlines() if line.startswith("checked verdict")))
            + 1 :
        ][:5]
    }
    assert rows["success"] == ["2", "50.0%"] and rows["side_effect"] == ["1", "25.0%"]
    assert rows["over_inclusive"] == ["1", "25.0%"] and rows["unknown"] == ["0", "0.0%"]
    assert aspera("summary", run["out"], "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["checked"]["success"] == 2 and summary["checked_success_rate"] == 0.5


def test_summary_of_a_file_written_before_the_checked_verdict_says_it_is_unknown(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    old = without_checked_fields(run["out"], run["folder"] / "old.jsonl")
    assert aspera("summary", old, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["checked"]["unknown"] == 4 and summary["checked"]["success"] == 0
    assert summary["checked_success_rate"] is None and summary["success_rate"] == 1.0


def test_summary_on_an_audited_subset(run: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    subset = subset_of(("9101", "9102"), audited=("9101", "9102", "9103"))
    path = subset.write(run["folder"] / "subset.json")
    assert aspera("summary", run["out"], "--subset", path) == 0
    text = capsys.readouterr().out
    assert f"audited subset ({path}): 2 of 3 audited tasks" in text
    assert "evaluation program's success: 2 of 2 judged programs (100.0%)" in text
    assert "checked success: 1 of 2 judged programs (50.0%)" in text
    assert "rows for 1 task(s) the audit did not audit (not in these figures): 9104" in text
    assert aspera("summary", run["out"], "--subset", path, "--json") == 0
    found = json.loads(capsys.readouterr().out)["subset"]
    assert (found["n"], found["success"], found["checked_success"], found["not_audited"]) == (2, 2, 1, ["9104"])
    assert found["file"] == str(path)


def test_summary_reads_the_subset_inside_an_audit_file(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    audit = run["folder"] / "audit.json"
    audit.write_text(json.dumps({"format": "aspera-audit", "audited_subset": subset_of(("9103",)).to_json()}))
    assert aspera("summary", run["out"], "--subset", audit) == 0
    assert f"audited subset ({audit}): 1 of 4 audited tasks" in capsys.readouterr().out


def test_a_subset_of_another_task_set_is_refused_naming_both_digests(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = subset_of(("9101",), digest="f" * 64).write(run["folder"] / "other.json")
    assert aspera("summary", run["out"], "--subset", path) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("aspera summary: error: ")
    assert "f" * 12 in line and experiment_digest(run["out"])[:12] in line


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "no such file"),
        ("{not json", "not a JSON file"),
        ('{"format": "aspera-audited-subset", "version": 1, "task_set_digest": "abc"}', "malformed audited subset"),
        ('{"format": "aspera-audit"}', "written before audits recorded their audited subset"),
        ("[1, 2]", "neither an audited subset nor an audit file"),
    ],
)
def test_a_missing_or_malformed_subset_file_is_refused_in_one_line(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str], content: str | None, problem: str
) -> None:
    path = run["folder"] / "bad-subset.json"
    path.unlink(missing_ok=True)
    if content is not None:
        path.write_text(content)
    assert aspera("summary", run["out"], "--subset", path) == 2
    captured = capsys.readouterr()
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("aspera summary: error: ") and problem in line and str(path) in line
    assert captured.out == ""
    if content is not None:
        assert path.read_text() == content  # never touched


def test_a_subset_for_a_file_that_records_no_task_set_is_refused(
    run: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    headless = run["folder"] / "headless.jsonl"
    headless.write_text("\n".join(run["out"].read_text().splitlines()[1:]) + "\n")
    path = subset_of(("9101",)).write(run["folder"] / "subset-headless.json")
    assert aspera("summary", headless, "--subset", path) == 2
    assert "records no task set" in capsys.readouterr().err
