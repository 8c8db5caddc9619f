"""The checked verdict in inspect: in the scorer's metadata, as a second metric, and carried by the import."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model

from aspera_core.records import read_results
from aspera_workbench.inspect_bridge.log_import import checked_fields, import_log
from aspera_workbench.inspect_bridge.task import asper_bench
from tests.audit.support import code
from tests.inspect.test_mockllm_eval import REFERENCE, metrics, scripted_model
from tests.inspect.test_mockllm_eval import scores as scored
from tests.support.checked_runs import CHECKED, PROGRAMS, TASKS, checked_run, write_task_set


def replaying_model() -> Any:
    """Answers each task's request with the replayed program of tests/support/checked_runs.py."""

    def output(messages: list[ChatMessage], tools: Any, tool_choice: Any, config: GenerateConfig) -> ModelOutput:
        text = "\n".join(message.text for message in messages)
        (task,) = [task for task in TASKS if f"Query: {task.query}" in text]
        reply = ModelOutput.from_content("mockllm/model", f"```python\n{code(PROGRAMS[task.query_id])}```\n")
        reply.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
        return reply

    return get_model("mockllm/model", custom_outputs=output)


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("inspect-checked")
    tasks = write_task_set(folder / "tasks")
    (log,) = inspect_eval(
        asper_bench(tasks=str(tasks), workers=2), model=replaying_model(), log_dir=str(folder / "logs"), display="none"
    )
    assert log.status == "success", log.error
    (path,) = (folder / "logs").iterdir()
    return {"folder": folder, "log": log, "path": path}


def test_the_score_metadata_carries_the_checked_verdict_and_its_reasons(evaluated: dict[str, Any]) -> None:
    by_id = scored(evaluated["log"])
    assert {task_id: score.value for task_id, score in by_id.items()} == dict.fromkeys(CHECKED, "C")
    assert {task_id: score.metadata["checked_outcome"] for task_id, score in by_id.items()} == CHECKED
    (lunch,) = by_id["9101"].metadata["checked_reasons"]
    assert lunch.startswith("side_effect: pair 1: added 2 occurrence(s) to user_calendar") and "'Lunch'" in lunch
    (listed,) = by_id["9104"].metadata["checked_reasons"]
    assert listed.startswith("over_inclusive: pair 1: the answer names")
    assert by_id["9102"].metadata["checked_reasons"] == []


def test_a_second_metric_gives_the_checked_success_rate(evaluated: dict[str, Any]) -> None:
    shown = metrics(evaluated["log"])
    assert shown["accuracy"] == pytest.approx(1.0)  # the evaluation programs accept all four
    assert shown["checked_accuracy"] == pytest.approx(0.5) and shown["checked_unknown"] == 0
    assert shown["scored_pairs"] == 4


def test_the_import_carries_the_checked_verdict_as_aspera_run_records_it(evaluated: dict[str, Any]) -> None:
    out = evaluated["folder"] / "imported.jsonl"
    import_log(evaluated["path"], out)
    imported = {row.task_id: row for row in read_results(out).rows}
    ran = {row.task_id: row for row in read_results(checked_run(evaluated["folder"])).rows}
    for task_id, row in ran.items():
        assert imported[task_id].checked_outcome == row.checked_outcome == CHECKED[task_id]
        assert imported[task_id].checked_reasons == row.checked_reasons, task_id


def test_a_score_without_the_fields_imports_as_unknown() -> None:
    assert checked_fields({"outcome": "success"}) == {"checked_outcome": None, "checked_reasons": ()}
    assert checked_fields({"checked_outcome": "side_effect", "checked_reasons": ["side_effect: x"]}) == {
        "checked_outcome": "side_effect",
        "checked_reasons": ("side_effect: x",),
    }


def test_the_control_setting_is_not_checked_and_its_checked_rate_is_unknown(tmp_path: Path) -> None:
    (log,) = inspect_eval(
        asper_bench(setting="control", ids=REFERENCE, workers=1),
        model=scripted_model(control=True),
        log_dir=str(tmp_path),
        display="none",
    )
    score = scored(log)[REFERENCE]
    assert score.value == "C" and score.metadata["checked_outcome"] is None
    shown = metrics(log)
    assert math.isnan(shown["checked_accuracy"]) and shown["checked_unknown"] == 1
    assert json.loads(json.dumps(score.metadata["checked_reasons"])) == []
