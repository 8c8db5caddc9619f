"""``aspera import-inspect``: an inspect log as a results file, idempotent, refusing logs of other task sets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import match

from aspera_core.records import read_results
from aspera_core.tasks import open_task_set
from aspera_workbench.cli.main import main
from aspera_workbench.inspect_bridge.task import asper_bench
from aspera_workbench.judge import read_judgements
from tests.inspect.support import EMBEDDED, MINI_RELEASE, answer
from tests.support.openai_server import Reply, ScriptedOpenAIServer

IDS = "1001,1002,1003,1004"  # does nothing, raises, prose, the reference


def model(failing: str | None = None) -> Any:
    def output(messages: list[ChatMessage], tools: Any, tool_choice: Any, config: GenerateConfig) -> ModelOutput:
        text = "\n".join(message.text for message in messages)
        if failing is not None and f"Query: {failing}" in text:
            raise RuntimeError("the scripted endpoint is down")
        reply = ModelOutput.from_content("mockllm/model", answer(text))
        reply.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
        return reply

    return get_model("mockllm/model", custom_outputs=output)


def log_of(tmp_path: Path, task: Task, name: str, **options: Any) -> Path:
    logs = tmp_path / name
    inspect_eval(task, model=options.pop("model", None) or model(), log_dir=str(logs), display="none", **options)
    (log,) = [path for path in logs.iterdir() if path.suffix in (".eval", ".json")]
    return log


@pytest.fixture(scope="module")
def embedded_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return log_of(tmp_path_factory.mktemp("embedded"), asper_bench(ids=IDS, workers=2), "logs")


def test_import_makes_rows_of_the_usual_schema_and_twice_adds_nothing(
    embedded_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "runs" / "inspect.jsonl"
    assert main(["import-inspect", str(embedded_log), "--out", str(out), "--tasks", str(EMBEDDED)]) == 0
    assert "4 of 4 samples added" in capsys.readouterr().err
    written = out.read_bytes()
    assert main(["import-inspect", str(embedded_log), "--out", str(out)]) == 0
    assert "0 of 4 samples added" in capsys.readouterr().err and out.read_bytes() == written

    results = read_results(out)
    experiment = results.experiment
    assert (experiment.agent, experiment.model, experiment.setting) == ("cck", "mockllm/model", "cck")
    assert experiment.task_set_digest == open_task_set(EMBEDDED).digest
    assert experiment.parameters["harness"] == "inspect_ai" and experiment.parameters["temperature"] == 0.0
    rows = {row.task_id: row for row in results.rows}
    assert {task_id: row.outcome.value for task_id, row in rows.items()} == {
        "1001": "task_completion_error",
        "1002": "execution_error",
        "1003": "parse_error",
        "1004": "success",
    }
    assert rows["1003"].program == "" and rows["1003"].message == "the answer contains no function definition"
    assert rows["1002"].error_type == "ValueError" and rows["1002"].pairs[0].origin == "program"
    assert rows["1004"].generation.usage.total_tokens == 110 and rows["1004"].seed == 0
    # inspect keeps its own accounts: what the requests cost is unknown here (null), not 0
    assert (rows["1004"].generation.cost_usd, rows["1004"].generation.spent_usd) == (None, None)
    prompt = out.parent / "prompts" / f"{rows['1004'].generation.prompt_sha256}.json"
    assert prompt.is_file()  # kept once by digest, as aspera run keeps it

    assert main(["summary", str(out)]) == 0
    summary = capsys.readouterr().out
    assert "model mockllm/model" in summary and "judged programs             4" in summary


def test_a_log_of_another_task_set_is_refused_with_its_digest(
    embedded_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mini_log = log_of(tmp_path, asper_bench(tasks=str(MINI_RELEASE), workers=1), "mini")
    mini_digest = open_task_set(MINI_RELEASE).digest
    assert main(["import-inspect", str(mini_log), "--out", str(tmp_path / "x.jsonl"), "--tasks", str(EMBEDDED)]) == 2
    error = capsys.readouterr().err.strip()
    assert f"a log of another task set (digest {mini_digest})" in error and "\n" not in error
    assert not (tmp_path / "x.jsonl").exists()

    out = tmp_path / "embedded.jsonl"
    assert main(["import-inspect", str(embedded_log), "--out", str(out)]) == 0
    before = out.read_bytes()
    assert main(["import-inspect", str(mini_log), "--out", str(out)]) == 2
    assert mini_digest in capsys.readouterr().err
    assert out.read_bytes() == before  # refused untouched


def test_files_that_are_not_logs_of_this_task_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.eval"
    text.write_text("not a log\n")
    assert main(["import-inspect", str(text), "--out", str(tmp_path / "out.jsonl")]) == 2
    assert f"{text}: not an inspect log" in capsys.readouterr().err

    other = Task(dataset=[Sample(input="Say hi", target="hi")], scorer=match(), name="greeting")
    foreign = log_of(tmp_path, other, "other", model=get_model("mockllm/model", custom_outputs=[_hi()]))
    assert main(["import-inspect", str(foreign), "--out", str(tmp_path / "out.jsonl")]) == 2
    assert "a log of task 'greeting', not of aspera_workbench/asper_bench" in capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()


def _hi() -> ModelOutput:
    reply = ModelOutput.from_content("mockllm/model", "hi")
    reply.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return reply


def test_samples_without_an_answer_are_model_errors_and_a_json_log_imports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    failing = open_task_set(EMBEDDED).tasks[0]  # 1001
    log = log_of(
        tmp_path,
        asper_bench(ids="1001,1004", workers=1),
        "logs",
        model=model(failing=failing.query),
        fail_on_error=False,
        retry_on_error=0,
        log_format="json",
    )
    assert log.suffix == ".json"
    out = tmp_path / "out.jsonl"
    assert main(["import-inspect", str(log), "--out", str(out)]) == 0
    rows = {row.task_id: row for row in read_results(out).rows}
    assert rows["1001"].outcome.value == "model_error" and "the scripted endpoint is down" in rows["1001"].message
    assert rows["1004"].outcome.value == "success"
    assert main(["import-inspect", str(log), "--out", str(out)]) == 0
    assert len(read_results(out).rows) == 2  # the model error is not added twice either
    # A later log of the same experiment (a retry) brings the missing verdict, and only that.
    retried = log_of(tmp_path, asper_bench(ids="1001,1004", workers=1), "retry", log_format="json")
    assert main(["import-inspect", str(retried), "--out", str(out)]) == 0
    assert "1 of 2 samples added" in capsys.readouterr().err
    assert [row.outcome.value for row in read_results(out).rows if row.task_id == "1001"] == [
        "model_error",
        "task_completion_error",
    ]


def test_aspera_judge_reads_an_imported_file(
    embedded_log: Path,
    tmp_path: Path,
    scripted_openai: ScriptedOpenAIServer,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "inspect.jsonl"
    assert main(["import-inspect", str(embedded_log), "--out", str(out)]) == 0
    scripted_openai.script([Reply.text("Checked.\nVerdict: correct")], repeat_last=True)
    monkeypatch.setenv("ASPERA_TEST_KEY", "secret")
    judged = tmp_path / "judged.jsonl"
    arguments = ["judge", str(out), "--model", "scripted-model", "--base-url", scripted_openai.base_url]
    arguments += ["--api-key-env", "ASPERA_TEST_KEY", "--out", str(judged), "--tasks", str(EMBEDDED), "--no-progress"]
    assert main([*arguments, "--cache-dir", str(tmp_path / "cache")]) == 0, capsys.readouterr().err
    verdicts = {judgement.task_id: judgement.verdict.value for judgement in read_judgements(judged).rows}
    assert verdicts == {"1001": "correct", "1002": "correct", "1004": "correct"}  # 1003 has no program to judge


def test_a_damaged_sample_refuses_the_whole_log_naming_the_sample_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = log_of(tmp_path, asper_bench(ids="1001,1004", workers=1), "logs", log_format="json")
    data = json.loads(log.read_text())
    data["samples"][1]["scores"]["sandbox_verdict"]["metadata"]["outcome"] = "fine"
    log.write_text(json.dumps(data))
    out = tmp_path / "out.jsonl"
    assert main(["import-inspect", str(log), "--out", str(out)]) == 2
    error = capsys.readouterr().err.strip()
    assert f"{log}: sample 1004 (epoch 1): outcome: Input should be" in error and "\n" not in error
    assert not out.exists()  # nothing of the log was written
