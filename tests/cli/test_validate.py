"""``aspera validate --surface control``: the control programs of a set, with the exit codes and errors of ``aspera validate``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from aspera_workbench.cli.main import main
from tests.control.support import small_set

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


def test_control_programs_kept_elsewhere_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = small_set(tmp_path / "set")
    elsewhere = shutil.move(root / "control", tmp_path / "kept-elsewhere")
    args = ["validate", "--tasks", str(root), "--surface", "control", "--control", str(elsewhere), "--workers", "2"]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and [task["query_id"] for task in report["tasks"]] == ["1001", "1005", "1010"]


def test_problems_exit_one_and_are_listed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = small_set(tmp_path)
    control = root / "control"
    (control / "query_1005.py").write_text("def move(world):\n    return None\n")  # a reference doing nothing
    assert main(["validate", "--tasks", str(root), "--surface", "control", "--workers", "2"]) == 1
    out = capsys.readouterr().out
    assert "reference: expected to pass (it is the control reference), got task_completion_error" in out
    assert out.endswith("3 tasks, 1 with problems\n")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--surface", "control"], "no control programs to validate (no folder "),
        (["--surface", "control", "--control", "nowhere"], "argument --control: 'nowhere' does not exist"),
        (["--control", "."], "--control names control programs: use it with --surface control"),
        (["--surface", "control", "--wrong", "."], "--wrong names library programs"),
        (["--surface", "sqlite"], "argument --surface: invalid choice: 'sqlite'"),
    ],
)
def test_bad_arguments_exit_two_with_one_line(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", "--tasks", str(MINI_RELEASE), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aspera validate: error: ") and err.count("\n") == 1 and message in err


def test_a_weakened_evaluation_program_is_refused_naming_task_pair_and_probe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from aspera_core.tasks import write_tasks
    from tests.audit.test_shortcut_check import SOUND, WEAKENED

    root = tmp_path / "set"
    write_tasks([SOUND, WEAKENED], root)
    assert main(["validate", "--tasks", str(root), "--workers", "2", "--no-wrong-required"]) == 1
    out = capsys.readouterr().out
    assert "task 9301: probes: pair 2 accepts the shortcut 'list_everything'" in out
    assert "task 9302" not in out.split("Problems:")[1]
    assert main(["validate", "--tasks", str(root), "--workers", "2", "--no-wrong-required", "--no-probes"]) == 0
