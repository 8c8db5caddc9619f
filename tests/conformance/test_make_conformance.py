"""``make conformance`` exits 0 when only documented deviations differ, and names them."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conformance.deviations import DEVIATIONS
from tests.conformance.run_conformance import main as run_conformance

REPO = Path(__file__).resolve().parents[2]


def make_command() -> list[str]:
    """The command ``make conformance`` runs, as an argument list (make -n: nothing is run)."""
    # A make running this test passes its flags down; this make must not see them.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    plan = subprocess.run(
        ["make", "-n", "--no-print-directory", "-o", ".venv/.installed", "conformance"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    (line,) = [line for line in plan.replace("\\\n", " ").splitlines() if "run_conformance.py" in line]
    return shlex.split(line)


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_conformance_passes_with_the_documented_deviations(capsys: pytest.CaptureFixture[str]) -> None:
    command = make_command()
    assert command[0].endswith("python") and command[1] == "tests/conformance/run_conformance.py"
    assert command[command.index("--deviations") + 1] == "tests/conformance/deviations.py"
    done = subprocess.run([sys.executable, *command[1:]], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:]
    lines = done.stdout.splitlines()
    if DEVIATIONS:
        assert lines[-2] == f"{len(DEVIATIONS)} documented deviation(s) skipped: {', '.join(DEVIATIONS)}"
    else:
        assert "skipped" not in done.stdout
    assert lines[-1].endswith(" passed, 0 failed")


def test_a_deviation_that_no_longer_differs_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listed = tmp_path / "deviations.py"
    listed.write_text('DEVIATIONS = {"room_booking-001": "pretend this one differs"}\n')
    argv = ["--adapter", "tests.conformance.adapter:run_program", "--only", "room_booking-00", "-v"]
    assert run_conformance([*argv, "--deviations", str(listed)]) == 1
    out = capsys.readouterr().out
    assert "FAIL room_booking-001" in out and "matches the original: drop it" in out
    assert run_conformance(argv) == 0
