"""``aspera_workbench/asper_bench`` run by inspect's own eval with the ``mockllm/model`` provider: offline, no key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model

from aspera_workbench.inspect_bridge.benchmark import EMBEDDED_TASKS, BenchmarkError, load_benchmark
from aspera_workbench.inspect_bridge.task import asper_bench
from tests.inspect.support import answer

# Task ids by what the scripted model answers (id modulo 4): reference, does nothing, raises, prose.
REFERENCE, NOOP, RAISES, PROSE = "1004", "1001", "1002", "1003"


def scripted_model(control: bool = False, seeds: list[int | None] | None = None) -> Any:
    """mockllm answering from the shared script (with token counts: inspect would count them with a download)."""

    def output(messages: list[ChatMessage], tools: Any, tool_choice: Any, config: GenerateConfig) -> ModelOutput:
        if seeds is not None:
            seeds.append(config.seed)
        reply = ModelOutput.from_content("mockllm/model", answer("\n".join(m.text for m in messages), control))
        reply.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
        return reply

    return get_model("mockllm/model", custom_outputs=output)


def run(log_dir: Path, model: Any, **task_args: Any) -> EvalLog:
    # The task object, not its registered name: the tests' sys.path holds the checkout's root, where inspect
    # reads setuptools' aspera_workbench.egg-info and names the task without its package (docs/inspect.md).
    (log,) = inspect_eval(asper_bench(**task_args), model=model, log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    return log


def scores(log: EvalLog) -> dict[str, Any]:
    return {str(sample.id): sample.scores["sandbox_verdict"] for sample in log.samples}


def metrics(log: EvalLog) -> dict[str, float]:
    return {name: metric.value for group in log.results.scores for name, metric in group.metrics.items()}


def test_reference_scores_C_and_wrong_programs_I_with_the_outcome_in_the_metadata(tmp_path: Path) -> None:
    log = run(tmp_path, scripted_model(), ids=f"{REFERENCE},{NOOP},{RAISES},{PROSE}", workers=2)
    by_id = scores(log)
    assert by_id[REFERENCE].value == "C" and by_id[REFERENCE].metadata["outcome"] == "success"
    assert by_id[REFERENCE].explanation == "success"
    for task_id in (NOOP, RAISES, PROSE):
        assert by_id[task_id].value == "I"
    assert by_id[NOOP].metadata["outcome"] == "task_completion_error"
    raised = by_id[RAISES].metadata
    assert raised["outcome"] == "execution_error" and raised["error_type"] == "ValueError"
    assert by_id[RAISES].explanation == "execution_error: ValueError: scripted failure"
    assert raised["pairs"][0]["origin"] == "program" and raised["pairs_total"] >= 1
    assert by_id[PROSE].metadata["outcome"] == "parse_error"
    assert by_id[PROSE].metadata["message"] == "the answer contains no function definition"
    # What the program changed is shown: the reference of 1004 changes an event, the one that does nothing nothing.
    changes = by_id[REFERENCE].metadata["world_changes"]
    assert changes and any(table["changed"] for change in changes for table in change["tables"].values())
    assert all(not change["tables"] for change in by_id[NOOP].metadata["world_changes"])
    shown = metrics(log)
    assert shown["accuracy"] == pytest.approx(0.25) and shown["scored_pairs"] == 4
    assert shown["share_success"] == pytest.approx(0.25) and shown["share_parse_error"] == pytest.approx(0.25)
    assert shown["stderr"] > 0
    # The solver's record for the import: the parsed program, the prompt version, the seed.
    store = next(sample for sample in log.samples if str(sample.id) == REFERENCE).store
    assert "def " in store["aspera:program"] and store["aspera:seed"] == 0
    assert store["aspera:generation"]["template_version"] == load_benchmark(ids=REFERENCE).files.version


def test_epochs_are_seeds(tmp_path: Path) -> None:
    seeds: list[int | None] = []
    (log,) = inspect_eval(
        asper_bench(ids=REFERENCE, workers=1),
        model=scripted_model(seeds=seeds),
        epochs=2,
        log_dir=str(tmp_path),
        display="none",
    )
    assert sorted(seeds) == [0, 1]  # every request carries its epoch's seed
    assert sorted(sample.store["aspera:seed"] for sample in log.samples) == [0, 1]
    assert metrics(log)["scored_pairs"] == 2


def test_ps_records_the_selection_and_its_f1(tmp_path: Path) -> None:
    # 1004: the reference's primitives are selected (F1 1); 1001: nothing selected (F1 0).
    log = run(tmp_path, scripted_model(), setting="ps", ids=f"{REFERENCE},{NOOP}", workers=2)
    by_id = scores(log)
    assert by_id[REFERENCE].value == "C" and by_id[REFERENCE].metadata["selection_f1"] == 1.0
    assert by_id[NOOP].metadata["selection_f1"] == 0.0
    assert by_id[NOOP].metadata["selection"]["selected"] == [] and by_id[NOOP].metadata["selection"]["reference"]
    sample = next(sample for sample in log.samples if str(sample.id) == REFERENCE)
    selection = sample.store["aspera:selection"]
    assert selection["precision"] == 1.0 and selection["recall"] == 1.0 and selection["selected"]
    assert len(sample.store["aspera:details"]["selection_answers"]) == 12  # one selection request per module
    assert sample.store["aspera:generation"]["requests"] == 13
    assert metrics(log)["selection_f1"] == pytest.approx(0.5)


def test_control_programs_are_evaluated_in_the_control_world(tmp_path: Path) -> None:
    log = run(tmp_path, scripted_model(control=True), setting="control", ids=f"{REFERENCE},{NOOP}", workers=2)
    by_id = scores(log)
    assert by_id[REFERENCE].value == "C", by_id[REFERENCE].explanation
    assert by_id[NOOP].value == "I"
    assert log.eval.metadata["aspera"]["setting"] == "control"


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"setting": "library"}, "setting: expected one of cck, ps, control, got 'library'"),
        ({"tasks": "no/such/set"}, "tasks: no such task set: 'no/such/set'"),
        ({"ids": "99999"}, "ids: unknown task id(s): 99999"),
        ({"limit": 0}, "limit: expected a positive int, got 0"),
        ({"timeout": -1}, "timeout: expected a positive float, got -1"),
        ({"ids": ","}, "ids: no task id given"),
    ],
)
def test_bad_task_arguments_are_one_line_naming_the_argument(arguments: dict[str, Any], named: str) -> None:
    with pytest.raises(BenchmarkError) as raised:
        load_benchmark(**arguments)
    message = str(raised.value)
    assert message.startswith("asper_bench: ") and named in message and "\n" not in message


def test_the_embedded_set_is_the_default_and_a_release_archive_loads(tmp_path: Path) -> None:
    import tarfile

    assert load_benchmark().task_set == str(EMBEDDED_TASKS) and len(load_benchmark().selected) == 84
    archive = tmp_path / "release.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(EMBEDDED_TASKS, arcname="aspera_workbench_v1")
    assert load_benchmark(str(archive)).digest == load_benchmark().digest
