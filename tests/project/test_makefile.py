"""``make test`` installs only when pyproject.toml changed, so it runs offline once set up."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The Makefile and pyproject.toml with a venv whose python exists."""
    shutil.copy(REPO / "Makefile", tmp_path)
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    return tmp_path


def planned(checkout: Path, target: str) -> str:
    """The commands ``make TARGET`` would run (``make -n``), nothing run."""
    # A make running this test passes its flags down; this make must not see them.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    done = subprocess.run(
        ["make", "-n", "--no-print-directory", target],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return done.stdout


def set_time(path: Path, seconds: float) -> None:
    os.utime(path, (seconds, seconds))


def test_make_test_installs_only_when_needed(checkout: Path) -> None:
    stamp = checkout / ".venv" / ".installed"
    assert "pip install -e" in planned(checkout, "test")  # never installed
    stamp.touch()
    set_time(checkout / "pyproject.toml", 1_000_000)
    set_time(stamp, 2_000_000)
    plan = planned(checkout, "test")
    assert "pip" not in plan and "pytest" in plan and "ruff check" in plan
    set_time(checkout / "pyproject.toml", 3_000_000)  # dependencies changed
    assert "pip install -e" in planned(checkout, "test")


def test_make_setup_always_installs_and_stamps(checkout: Path) -> None:
    stamp = checkout / ".venv" / ".installed"
    stamp.touch()
    set_time(checkout / "pyproject.toml", 1_000_000)
    plan = planned(checkout, "setup")
    assert "pip install -e '.[test]'" in plan and "touch .venv/.installed" in plan


def test_ci_runs_exactly_make_test() -> None:
    lines = [line for line in (REPO / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")]
    assert lines[-1] == "make test"
