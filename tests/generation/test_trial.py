"""The trial of benchmarks/trial_generation.py on a few of the project's tasks: it runs, and says what it saw."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.generation import read_session
from tests.generation.support import ROOT


def _trial():
    spec = importlib.util.spec_from_file_location("trial_generation", ROOT / "benchmarks" / "trial_generation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_trial_with_sloppy_first_answers_repairs_them_and_writes_a_set_that_validates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "trial"
    assert _trial().main(["--tasks", "3", "--faults", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "3 of 3 proposed user requests became tasks" in printed
    assert "written set: 3 tasks; validates: yes; reference passes 3 of 3, noop fails 3 of 3" in printed
    session = read_session(out / "session.jsonl")
    first, second, third = session.candidates.values()
    # the first task's setup came back cut off twice: never used, sent back once, then answered whole
    assert [r["finish_reason"] for r in first.requests if r["step"] == "setup"] == ["length", "length", "stop"]
    assert first.repairs == {"setup": 1} and second.repairs == {"program": 1} and third.repairs == {}
    assert len(load_tasks(out / "generated")) == 3
