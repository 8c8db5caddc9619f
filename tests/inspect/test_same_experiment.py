"""``aspera run`` and ``inspect eval`` against the same scripted OpenAI-compatible server give the same results.

Both commands run as users run them (subprocesses, inspect's ``openai`` provider,
the task found by its registered name), offline, with a key that no real
endpoint would accept. The inspect log is imported with ``aspera import-inspect``,
then the two results files are compared task by task: the same prompt (by
digest), the same program, the same outcome, and for ``ps`` the same selection.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log

from aspera_core.records import read_results
from tests.inspect.support import EMBEDDED, ROOT, answer
from tests.support.openai_server import Reply, ScriptedOpenAIServer

TASKS = 20
BIN = Path(sys.executable).parent


def run_command(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "OPENAI_API_KEY": "test-key-of-no-endpoint"}
    finished = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=environment, capture_output=True, text=True, timeout=600
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    return finished


@pytest.mark.parametrize("setting", ["cck", "ps"])
def test_aspera_run_and_inspect_eval_agree_task_by_task(setting: str, tmp_path: Path) -> None:
    def reply(request: object) -> Reply:
        return Reply.text(answer("\n".join(str(message.get("content")) for message in request.messages)))

    with ScriptedOpenAIServer(reply) as server:
        ours = tmp_path / "aspera" / "run.jsonl"
        run_command(
            BIN / "aspera", "run", "--tasks", EMBEDDED, "--agent", setting, "--model", "scripted-model",
            "--base-url", server.base_url, "--limit", str(TASKS), "--out", ours, "--workers", "2",
            "--no-cache", "--no-progress", cwd=ROOT,
        )  # fmt: skip
        logs = tmp_path / "logs"
        run_command(
            BIN / "inspect", "eval", "aspera_workbench/asper_bench", "--model", "openai/scripted-model",
            # (a local server speaks chat completions; inspect's openai provider may prefer OpenAI's responses API)
            "--model-base-url", server.base_url, "-M", "responses_api=false",
            "-T", f"setting={setting}", "-T", f"limit={TASKS}",
            "-T", "workers=2", "--log-dir", logs, "--display", "none", cwd=tmp_path,
        )  # fmt: skip
    (log,) = logs.glob("*.eval")
    header = read_eval_log(str(log), header_only=True)
    assert header.status == "success", header.error and header.error.traceback
    theirs = tmp_path / "inspect" / "run.jsonl"
    imported = run_command(BIN / "aspera", "import-inspect", log, "--out", theirs, "--tasks", EMBEDDED, cwd=ROOT)
    assert f"{TASKS} of {TASKS} samples added" in imported.stderr

    first, second = read_results(ours), read_results(theirs)
    assert second.experiment.parameters == {**first.experiment.parameters, "harness": "inspect_ai"}
    assert second.experiment.task_set_digest == first.experiment.task_set_digest
    assert (second.experiment.agent, second.experiment.setting) == (first.experiment.agent, first.experiment.setting)
    assert second.experiment.model == "openai/scripted-model"
    ran = {row.task_id: row for row in first.rows}
    evaluated = {row.task_id: row for row in second.rows}
    assert len(ran) == len(evaluated) == TASKS and ran.keys() == evaluated.keys()
    for task_id, row in ran.items():
        other = evaluated[task_id]
        assert (other.outcome, other.error_type, other.program) == (row.outcome, row.error_type, row.program), task_id
        assert other.generation.prompt_sha256 == row.generation.prompt_sha256, task_id
        assert other.generation.template_version == row.generation.template_version
        assert other.generation.requests == row.generation.requests
        assert other.seed == row.seed == 0 and other.pairs_total == row.pairs_total
        assert other.selection == row.selection, task_id
        assert other.details == row.details, task_id
    # The script gave every kind of answer, so every kind of outcome was compared.
    outcomes = {row.outcome.value for row in ran.values()}
    assert {"success", "execution_error", "parse_error"} <= outcomes
    # The stored prompts are the ones aspera run stored.
    assert {path.name for path in (theirs.parent / "prompts").iterdir()} == {
        path.name for path in (ours.parent / "prompts").iterdir()
    }
    if setting == "ps":
        assert any(row.selection.f1 == 1.0 for row in ran.values())
        assert any(row.selection.f1 == 0.0 for row in ran.values())
