"""``aspera stats``: Table 1 of any task set, as text or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "data" / "aspera_workbench_v1"


def test_stats_prints_table_one_of_the_project_set(capsys: pytest.CaptureFixture[str]):
    assert main(["stats", "--tasks", str(PROJECT)]) == 0
    out = capsys.readouterr().out
    assert "| tasks | 84 | 250 |" in out
    assert "| setup/evaluation pairs | 108 |  |" in out
    assert "| all five modules | documented | 44 | 4 | 20 | 1 | 0 | 5 | 69 |" in out
    assert "| all five modules | callable | 51 | 10 | 25 | 3 | 6 | 5 | 89 |" in out
    assert "62" in out  # the notes say where the paper's other count comes from


def test_stats_json_holds_the_same_numbers(capsys: pytest.CaptureFixture[str]):
    assert main(["stats", "--tasks", str(ROOT / "tests" / "fixtures" / "mini_release"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    table = {row["quantity"]: row["value"] for row in data["table1"]}
    tasks = load_tasks(ROOT / "tests" / "fixtures" / "mini_release")
    assert table["tasks"] == 4
    assert table["evaluation programs (EP): raw lines"] == sum(
        len(p.splitlines()) for t in tasks for p in t.evaluation_programs
    )
    documented = [r for r in data["primitives"] if r["module"] == "all five modules" and r["counted"] == "documented"]
    assert documented[0]["primitives"] == 69


def test_stats_on_a_missing_set_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["stats", "--tasks", str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aspera stats: error:") and len(err.strip().splitlines()) == 1


def test_data_readme_shows_the_current_output_for_the_project_set(capsys: pytest.CaptureFixture[str]):
    assert main(["stats", "--tasks", "data/aspera_workbench_v1"]) == 0
    printed = capsys.readouterr().out.rstrip()
    readme = (ROOT / "data" / "README.md").read_text()
    block = readme.split("$ aspera stats --tasks data/aspera_workbench_v1\n", 1)[1].split("\n```", 1)[0]
    assert block == printed, "data/README.md's `aspera stats` block is out of date: paste the command's output"
