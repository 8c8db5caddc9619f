"""The inspect task with a local reasoning model: the program comes from the final text, cut answers are marked.

inspect's ``openai`` provider talks to the scripted server, which answers each task as a server
of reasoning models does: thinking with a wrong draft inline or in ``reasoning_content``, an
answer cut off while thinking or in the middle of the program, a prompt reported far shorter
than sent. The scores' metadata and the imported rows must say which answers were cut.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from inspect_ai.model import get_model

from aspera_core.records import Outcome, read_results
from aspera_workbench.cli.main import main
from aspera_workbench.inspect_bridge.task import asper_bench
from tests.inspect.support import EMBEDDED, embedded_tasks
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

IDS = ["1001", "1002", "1003", "1004", "1005"]
DRAFT = "```python\ndef draft():\n    return None\n```"
THOUGHT = f"A first try:\n{DRAFT}\nNo, that does nothing."


def task_id_of(request: ScriptedRequest) -> str:
    text = request.last_user_text
    found = [task for task in embedded_tasks() if f"Query: {task.query}" in text]
    return max(found, key=lambda task: len(task.query)).query_id


def reply(request: ScriptedRequest) -> Reply:
    if "You are choosing tools" in str(request.messages[0].get("content")):  # ps: the draft import is in the thinking
        return Reply.text("<think>\n```python\nfrom work_calendar import delete_event\n```\n</think>\nNone")
    task_id = task_id_of(request)
    program = next(task.program for task in embedded_tasks() if task.query_id == task_id)
    final = f"```python\n{program}```"
    if task_id == "1001":
        return Reply.text(f"<think>\n{THOUGHT}\n</think>\n\n{final}")
    if task_id == "1002":
        return Reply.text(final, reasoning=THOUGHT)
    if task_id == "1003":
        return Reply.text(f"<think>\n{THOUGHT}\nBut then", finish_reason="length")
    if task_id == "1004":
        lines = program.splitlines()
        return Reply.text("```python\n" + "\n".join(lines[: len(lines) // 2]) + "\n", finish_reason="length")
    return Reply.text(final, usage={"prompt_tokens": 50, "completion_tokens": 100})  # the window cut the prompt


@pytest.mark.parametrize("setting", ["cck", "ps"])
def test_the_inspect_task_takes_the_final_text_and_marks_cut_answers(
    setting: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with ScriptedOpenAIServer(reply) as server:
        model = get_model(
            "openai/scripted-model", base_url=server.base_url, api_key="test-key-of-no-endpoint", responses_api=False
        )
        logs = tmp_path / "logs"
        task = asper_bench(setting=setting, ids=",".join(IDS), workers=2)
        inspect_eval(task, model=model, log_dir=str(logs), display="none", max_retries=1)
        assert server.script_errors == []
    (log,) = logs.glob("*.eval")
    evaluated = read_eval_log(str(log))
    assert evaluated.status == "success"
    scores = {str(sample.id): next(iter(sample.scores.values())) for sample in evaluated.samples or []}
    assert {task_id: score.value for task_id, score in scores.items()} == {
        "1001": "C", "1002": "C", "1003": "I", "1004": "I", "1005": "C",
    }  # fmt: skip
    marks = {
        task_id: (score.metadata["truncated"], score.metadata["finish_reason"]) for task_id, score in scores.items()
    }
    assert marks == {
        "1001": (False, "stop"), "1002": (False, "stop"), "1003": (True, "length"), "1004": (True, "length"),
        "1005": (False, "stop"),
    }  # fmt: skip
    assert scores["1003"].metadata["outcome"] == Outcome.PARSE_ERROR.value
    assert [task_id for task_id, score in scores.items() if score.metadata["prompt_truncated"]] == ["1005"]

    out = tmp_path / "imported.jsonl"
    assert main(["import-inspect", str(log), "--out", str(out), "--tasks", str(EMBEDDED)]) == 0
    rows = {row.task_id: row for row in read_results(out).rows}
    for task_id in ("1001", "1002"):
        generation = rows[task_id].generation
        assert generation is not None and "def draft" not in rows[task_id].program
        assert "def draft" in (generation.reasoning or "") and "def draft" not in (generation.completion or "")
    assert [task_id for task_id, row in rows.items() if row.generation and row.generation.truncated] == ["1003", "1004"]
    if setting == "ps":  # the import drafted in the thinking is not selected, and the answers kept are the answers
        assert all(row.selection is not None and row.selection.selected == () for row in rows.values())
        assert set(rows["1001"].details["selection_answers"].values()) == {"None"}
