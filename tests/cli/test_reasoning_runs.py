"""``aspera run --agent cck`` on the 84 embedded tasks against servers that answer as local reasoning models do.

The scenarios of issue 40's "done means", on the embedded task set instead of the release:

* every answer holds a wrong draft inside ``<think>`` and then the reference program: 84 of 84 pass;
* a tenth of the answers are cut off by the token limit: each is flagged, whatever its verdict, and
  ``aspera run`` and ``aspera summary`` count them;
* the server reports 4,096 prompt tokens for every request (a prompt of 49,000 characters and more):
  the run stops after its first answer with one line; ``--allow-short-context`` runs on, rows marked.
"""

from __future__ import annotations

import json
import warnings
from functools import cache
from pathlib import Path

import pytest

from aspera_core.records import Outcome, read_rows
from aspera_core.runner import RunWarning
from aspera_core.tasks import Task, open_task_set
from aspera_workbench.cli.main import main
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

EMBEDDED = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"
WRONG_DRAFT = "```python\ndef draft():\n    return None\n```"


@cache
def embedded() -> tuple[Task, ...]:
    return open_task_set(EMBEDDED).tasks


def task_of(request: ScriptedRequest) -> Task:
    """The task whose request ends the prompt (the longest query found, so no query is taken for a part of another)."""
    text = request.last_user_text
    return max((task for task in embedded() if f"Query: {task.query}" in text), key=lambda task: len(task.query))


def thinking_then_reference(request: ScriptedRequest) -> Reply:
    program = task_of(request).program
    return Reply.text(
        f"<think>\nA first try:\n{WRONG_DRAFT}\nNo: that does nothing.\n</think>\n\n```python\n{program}```"
    )


def cck(server: ScriptedOpenAIServer, out: Path, *extra: str) -> int:
    arguments = ["run", "--tasks", str(EMBEDDED), "--agent", "cck", "--model", "scripted-model"]
    arguments += ["--base-url", server.base_url, "--out", str(out), "--workers", "2", "--no-cache", "--no-progress"]
    return main([*arguments, *extra])


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")


def test_a_wrong_draft_in_the_thinking_before_the_right_program_scores_84_of_84(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted_openai.script(thinking_then_reference)
    out = tmp_path / "think.jsonl"
    assert cck(scripted_openai, out) == 0
    assert "84 evaluated (success 84)" in capsys.readouterr().err
    rows = read_rows(out)
    assert len(rows) == 84 and all("def draft" not in row.program for row in rows)
    assert all(row.generation and row.generation.reasoning and "def draft" in row.generation.reasoning for row in rows)


def test_a_tenth_of_the_answers_cut_off_is_flagged_row_by_row_and_counted_by_run_and_summary(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = [task.query_id for task in embedded()]
    cut = set(ids[::10])  # 9 of 84

    def answer(request: ScriptedRequest) -> Reply:
        task = task_of(request)
        if task.query_id not in cut:
            return thinking_then_reference(request)
        if ids.index(task.query_id) % 20:  # cut in the middle of the program
            lines = task.program.splitlines()
            return Reply.text("```python\n" + "\n".join(lines[: len(lines) // 2]) + "\n", finish_reason="length")
        return Reply.text(f"<think>\nA first try:\n{WRONG_DRAFT}\nBut then", finish_reason="length")  # in the thinking

    scripted_openai.script(answer)
    out = tmp_path / "cut.jsonl"
    with warnings.catch_warnings(record=True) as caught:  # said while the run goes on, if its first answers are cut
        assert cck(scripted_openai, out) == 0
    assert len([warning for warning in caught if "cut off by the token limit" in str(warning.message)]) <= 1
    err = capsys.readouterr().err
    rows = {row.task_id: row for row in read_rows(out)}
    assert {task_id for task_id, row in rows.items() if row.generation and row.generation.truncated} == cut
    assert all(rows[task_id].generation.finish_reason == "length" for task_id in cut)  # type: ignore[union-attr]
    verdicts: dict[str, int] = {}
    for task_id in cut:
        verdicts[rows[task_id].outcome.value] = verdicts.get(rows[task_id].outcome.value, 0) + 1
    assert rows[ids[0]].outcome is Outcome.PARSE_ERROR and sum(verdicts.values()) == 9
    assert f"in {out}: 9 of 84 answers cut off by the token limit (finish_reason length; their outcomes: " in err
    assert "raise --max-tokens" in err
    assert aspera_summary(out, capsys).count("9 of 84 answers cut off by the token limit") == 1
    summary = json.loads(aspera_summary(out, capsys, "--json"))
    assert (summary["answers"], summary["truncated"], summary["prompt_truncated"]) == (84, 9, 0)
    assert summary["truncated_outcomes"] == verdicts


def aspera_summary(out: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["summary", str(out), "--tasks", str(EMBEDDED), *extra]) == 0
    return capsys.readouterr().out


def test_a_server_reporting_4096_prompt_tokens_stops_the_run_after_its_first_answer_unless_allowed(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def short_window(request: ScriptedRequest) -> Reply:
        reply = thinking_then_reference(request)
        return Reply.text(reply.payload.message["content"], usage={"prompt_tokens": 4096, "completion_tokens": 200})

    scripted_openai.script(short_window)
    out = tmp_path / "short.jsonl"
    assert cck(scripted_openai, out) == 3
    err = capsys.readouterr().err
    assert len(scripted_openai.chat_requests) == 1 and read_rows(out) == []
    (stop,) = [line for line in err.splitlines() if "stopped early" in line]
    assert stop.startswith("aspera run: stopped early: the endpoint did not see the whole prompt: ")
    assert "and it reports 4,096 prompt tokens" in stop and "characters in " in stop
    for advice in ("Ollama: num_ctx", "vLLM: --max-model-len", "llama.cpp: -c", "--allow-short-context"):
        assert advice in stop

    scripted_openai.clear_requests()
    # Said once while the run goes on (aspera run prints it as a warning line; here pytest catches it).
    with pytest.warns(RunWarning, match=r"the run goes on \(--allow-short-context\)") as caught:
        assert cck(scripted_openai, out, "--allow-short-context") == 0
    assert len([warning for warning in caught if "--allow-short-context" in str(warning.message)]) == 1
    err = capsys.readouterr().err
    assert "84 evaluated (success 84)" in err
    assert len(scripted_openai.chat_requests) == 84
    assert all(row.generation and row.generation.prompt_truncated for row in read_rows(out))
    assert f"in {out}: 84 of 84 answers to prompts the endpoint did not see whole" in err
    assert "84 of 84 answers to prompts the endpoint did not see whole" in aspera_summary(out, capsys)
