"""``aspera show``: one task's query, tags and programs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.cli.main import main

REPO = Path(__file__).resolve().parents[2]
TASK_SET = REPO / "data" / "aspera_workbench_v1"


def test_shows_query_tags_and_every_program(capsys: pytest.CaptureFixture[str]) -> None:
    task = next(t for t in load_tasks(TASK_SET) if len(t.pairs) == 2)
    assert main(["show", "--tasks", str(TASK_SET), task.query_id]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0] == f"task {task.query_id} ({task.shard})"
    assert lines[1] == f"query: {task.query}"
    assert lines[2] == f"tags: {', '.join(task.tags)}"
    assert lines[4] == "setup/evaluation pairs: 2"
    assert f"--- reference program ({task.solution_name}) ---\n{task.program}" in text
    for number, (setup, evaluation) in enumerate(task.pairs, start=1):
        assert f"--- setup program {number} ---\n{setup}" in text
        assert f"--- evaluation program {number} ---\n{evaluation}" in text


def test_json_is_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--tasks", str(TASK_SET), "1001", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["query_id"] == "1001" and record["tags"] == ["action", "relative_dates"]
    assert set(record) >= {"program", "query", "scenario", "state_generation_programs", "evaluation_programs"}


def test_an_unknown_id_is_exit_two_naming_the_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--tasks", str(TASK_SET), "42"]) == 2
    assert capsys.readouterr().err == (f"aspera show: error: no task '42' in {TASK_SET} (84 tasks, ids 1001 to 1084)\n")
