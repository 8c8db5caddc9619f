"""Judging a results file end to end: the real openai client against a scripted server on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.records import Experiment
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents.model_agents import PromptStore
from aspera_workbench.judge import (
    JudgementsMismatch,
    JudgeVerdict,
    ProgramJudge,
    judge_results,
    latest_judgements,
    read_judgements,
)
from aspera_workbench.llm import Budget, LLMClient, LLMConfig, ResponseCache, RetryPolicy
from tests.judge.support import results_file
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
FAST_RETRIES = RetryPolicy(max_attempts=3, initial_backoff_s=0.01, max_backoff_s=0.05, max_total_wait_s=2.0)
EXPERIMENT = Experiment(agent="reference", task_set_digest="d", workbench_version="test")


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI_RELEASE)


@pytest.fixture
def results(tmp_path: Path, tasks: list[Task]) -> Path:
    """Every mini task's reference program (accepted), one under two seeds, a row without a program, a rejected one."""
    rows = [{"task_id": t.query_id, "outcome": "success", "program": t.program, "query": t.query} for t in tasks]
    first = tasks[0]
    rows.append({"task_id": first.query_id, "seed": 1, "outcome": "model_error", "query": first.query})
    rows.append({"task_id": first.query_id, "seed": 2, "outcome": "task_completion_error", "query": first.query})
    return results_file(tmp_path / "reference.jsonl", rows, EXPERIMENT)


def make_judge(
    server: ScriptedOpenAIServer, tmp_path: Path, model: str = "scripted-model", **options: object
) -> ProgramJudge:
    config = LLMConfig(model=model, base_url=server.base_url, api_key="test-key", retry=FAST_RETRIES, timeout_s=2.0)
    client = LLMClient(config, cache=ResponseCache(tmp_path / "cache"), **options)  # type: ignore[arg-type]
    return ProgramJudge(client, prompts=PromptStore(tmp_path / "prompts"))


def task_of(request: ScriptedRequest, tasks: list[Task]) -> Task:
    return next(task for task in tasks if f"Request: {task.query}" in request.last_user_text)


def test_every_program_gets_one_judgement_with_its_verdict_explanation_tokens_and_cost(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        task = task_of(request, tasks)
        if "def solve():" in request.last_user_text:  # the rejected program of the first task
            return Reply.text(
                "It returns a number and does nothing asked.\nVerdict: incorrect",
                usage={"prompt_tokens": 1000, "completion_tokens": 100},
            )
        verdict = "incorrect" if task.query_id == tasks[-1].query_id else "correct"
        return Reply.text(
            f"Reasons for {task.query_id}.\nVerdict: {verdict}", usage={"prompt_tokens": 1000, "completion_tokens": 100}
        )

    scripted_openai.script(answer)
    out = tmp_path / "judged" / "reference.judged.jsonl"
    report = judge_results(
        results, out, make_judge(scripted_openai, tmp_path, model="gpt-4o-mini"), tasks=tasks, concurrency=3
    )
    assert (report.rows, report.programs, report.selected, report.written) == (6, 5, 5, 5)
    assert report.counts == {"correct": 3, "incorrect": 2} and report.stopped is None and report.remaining == 0
    assert len(scripted_openai.chat_requests) == 5  # the row without a program is not asked about
    read = read_judgements(out)
    assert read.header.judge.model == "gpt-4o-mini" and read.header.judged == EXPERIMENT
    assert read.header.judge.template_version.startswith("judge-1+")
    rows = {(row.task_id, row.seed): row for row in read.rows}
    assert set(rows) == {(t.query_id, 0) for t in tasks} | {(tasks[0].query_id, 2)}
    rejected = rows[(tasks[0].query_id, 2)]
    assert (rejected.verdict, rejected.evaluation.value) == (JudgeVerdict.INCORRECT, "task_completion_error")
    accepted = rows[(tasks[0].query_id, 0)]
    assert accepted.verdict is JudgeVerdict.CORRECT and accepted.explanation == f"Reasons for {tasks[0].query_id}."
    assert accepted.generation.usage.total_tokens == 1100 and not accepted.generation.cached
    # gpt-4o-mini: $0.15 per million prompt tokens and $0.60 per million completion tokens
    assert accepted.generation.cost_usd == pytest.approx(1000 * 0.15e-6 + 100 * 0.6e-6)
    assert accepted.generation.completion == f"Reasons for {tasks[0].query_id}.\nVerdict: correct"
    stored = PromptStore(tmp_path / "prompts").get(accepted.generation.prompt_sha256 or "")
    assert tasks[0].query in stored[1]["content"]
    for request in scripted_openai.chat_requests:  # each task's own scenario is documented
        task = task_of(request, tasks)
        assert ("# room_booking.py" in request.messages[0]["content"]) == ("room_booking" in task.scenario.apps)


def test_faults_are_retried_or_recorded_and_a_resumed_run_asks_only_about_failed_requests(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    ids = [task.query_id for task in tasks]
    seen: dict[str, int] = {}

    def faulty(request: ScriptedRequest) -> Reply:
        if "def solve():" in request.last_user_text:  # the first task's seed-2 program: answered at once
            return Reply.text("Verdict: incorrect")
        task_id = task_of(request, tasks).query_id
        attempt = seen[task_id] = seen.get(task_id, 0) + 1
        if task_id == ids[0]:
            return Reply.rate_limited(retry_after="0") if attempt == 1 else Reply.text("Fine.\nVerdict: correct")
        if task_id == ids[1]:
            return Reply.server_error(500)  # every attempt fails
        if task_id == ids[2]:
            return Reply.malformed() if attempt == 1 else Reply.text("Verdict: correct")
        return Reply.text("I would rather not say.")

    scripted_openai.script(faulty)
    out = tmp_path / "judged.jsonl"
    report = judge_results(results, out, make_judge(scripted_openai, tmp_path), tasks=tasks, ids=ids, limit=4)
    assert report.selected == 5 and report.failed_requests == 1 and report.remaining == 1  # 4 tasks, 5 programs
    rows = {row.task_id: row for row in read_judgements(out).rows if row.seed == 0}
    assert rows[ids[0]].verdict is JudgeVerdict.CORRECT and seen[ids[0]] == 2
    assert rows[ids[1]].verdict is JudgeVerdict.NOT_JUDGED and "500" in (rows[ids[1]].problem or "")
    assert rows[ids[1]].generation.error and not rows[ids[1]].answered and seen[ids[1]] == FAST_RETRIES.max_attempts
    assert rows[ids[2]].verdict is JudgeVerdict.CORRECT
    unreadable = rows[ids[3]]
    assert unreadable.verdict is JudgeVerdict.NOT_JUDGED and unreadable.answered
    assert "no 'Verdict" in (unreadable.problem or "") and unreadable.generation.completion == "I would rather not say."
    # The endpoint recovers: only the failed request is asked again; the unreadable answer is final.
    scripted_openai.script([Reply.text("Now I can tell.\nVerdict: incorrect")], repeat_last=True)
    scripted_openai.clear_requests()
    again = judge_results(results, out, make_judge(scripted_openai, tmp_path), tasks=tasks, ids=ids, limit=4)
    assert [task_of(r, tasks).query_id for r in scripted_openai.chat_requests] == [ids[1]]
    assert (again.already_done, again.written, again.remaining) == (4, 1, 0)
    latest = {row.task_id: row for row in latest_judgements(read_judgements(out).rows) if row.seed == 0}
    assert latest[ids[1]].verdict is JudgeVerdict.INCORRECT and latest[ids[3]].problem == unreadable.problem


def test_a_finished_file_asks_nothing_and_another_file_is_answered_from_the_cache(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    judge_results(results, tmp_path / "a.jsonl", make_judge(scripted_openai, tmp_path), tasks=tasks)
    scripted_openai.clear_requests()
    again = judge_results(results, tmp_path / "a.jsonl", make_judge(scripted_openai, tmp_path), tasks=tasks)
    assert (again.already_done, again.written) == (5, 0) and scripted_openai.chat_requests == []
    fresh = judge_results(results, tmp_path / "b.jsonl", make_judge(scripted_openai, tmp_path), tasks=tasks)
    assert fresh.written == 5 and scripted_openai.chat_requests == []
    assert all(row.generation.cached for row in read_judgements(tmp_path / "b.jsonl").rows)
    # scripted-model has no price: what the first answers cost is unknown (null), never a fake 0;
    # answers from the cache cost nothing more.
    assert {
        (row.generation.cost_usd, row.generation.spent_usd) for row in read_judgements(tmp_path / "a.jsonl").rows
    } == {(None, None)}
    assert {row.generation.spent_usd for row in read_judgements(tmp_path / "b.jsonl").rows} == {0.0}


def test_a_refused_key_stops_the_run_cleanly(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    scripted_openai.script([Reply.unauthorized()], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    report = judge_results(results, out, make_judge(scripted_openai, tmp_path), tasks=tasks, concurrency=1)
    assert report.stopped is not None and "key" in report.stopped.lower()
    assert len(scripted_openai.chat_requests) == 1 and report.written == 0 and report.remaining == 5
    assert read_judgements(out).rows == []


def test_the_spending_limit_stops_where_it_should(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    # gpt-4o-mini: $0.15 per million prompt tokens, so each answer costs $0.15 and the limit allows two.
    scripted_openai.script(
        [Reply.text("Verdict: correct", usage={"prompt_tokens": 1_000_000, "completion_tokens": 0})], repeat_last=True
    )
    budget = Budget(max_cost_usd=0.3)
    judge = make_judge(scripted_openai, tmp_path, model="gpt-4o-mini", budget=budget)
    report = judge_results(results, tmp_path / "judged.jsonl", judge, tasks=tasks, concurrency=1)
    assert report.stopped is not None and "0.30" in report.stopped
    assert report.written == 2 and len(scripted_openai.chat_requests) == 2 and report.remaining == 3
    assert budget.spent_usd == pytest.approx(0.3)
    assert [row.generation.cost_usd for row in read_judgements(tmp_path / "judged.jsonl").rows] == [
        pytest.approx(0.15)
    ] * 2


def test_without_the_task_set_every_program_sees_the_whole_scenario_and_bad_selections_are_refused(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    report = judge_results(
        results, tmp_path / "a.jsonl", make_judge(scripted_openai, tmp_path), tasks=tasks[1:], limit=2
    )
    assert report.notes and "not in the task set" in report.notes[0]
    report = judge_results(results, tmp_path / "b.jsonl", make_judge(scripted_openai, tmp_path), limit=1)
    assert report.written == 2 and report.notes == []  # the first task's programs under seeds 0 and 2
    assert all("# room_booking.py" in r.messages[0]["content"] for r in scripted_openai.chat_requests)
    with pytest.raises(ValueError, match="no program of task"):
        judge_results(results, tmp_path / "c.jsonl", make_judge(scripted_openai, tmp_path), ids=["424242"])
    with pytest.raises(ValueError, match="concurrency"):
        judge_results(results, tmp_path / "c.jsonl", make_judge(scripted_openai, tmp_path), concurrency=0)
    # A task set holding none of the results' tasks is another set: judging would pay for
    # requests that show every program the documentation of the wrong apps.
    asked = len(scripted_openai.chat_requests)
    other = [task.model_copy(update={"query_id": f"77{n}"}) for n, task in enumerate(tasks)]
    with pytest.raises(ValueError, match=r"none of the \d+ task\(s\) of .* is in the task set"):
        judge_results(results, tmp_path / "d.jsonl", make_judge(scripted_openai, tmp_path), tasks=other)
    assert len(scripted_openai.chat_requests) == asked and not (tmp_path / "d.jsonl").exists()


def test_programs_of_the_control_setting_are_refused(scripted_openai: ScriptedOpenAIServer, tmp_path: Path) -> None:
    control = Experiment(agent="cck", model="m", setting="control", task_set_digest="d", workbench_version="test")
    path = results_file(tmp_path / "control.jsonl", [{"task_id": "9001", "outcome": "success"}], control)
    with pytest.raises(ValueError, match="control setting"):
        judge_results(path, tmp_path / "judged.jsonl", make_judge(scripted_openai, tmp_path))
    assert not (tmp_path / "judged.jsonl").exists() and scripted_openai.chat_requests == []


def test_ids_and_limit_select_tasks_in_id_order_with_every_seed_and_name_unknown_ids_once_sorted(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    # --limit counts tasks in id order, as aspera run, summary and audit do, not programs in the
    # file's (completion) order: a task's programs under every seed are judged together.
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    first, last = tasks[0].query_id, tasks[-1].query_id
    out = tmp_path / "a.jsonl"
    report = judge_results(results, out, make_judge(scripted_openai, tmp_path), ids=[last, first], concurrency=1)
    assert report.selected == 3  # both programs of the first task (seeds 0 and 2), one of the last
    assert [(row.task_id, row.seed) for row in read_judgements(out).rows] == [(first, 0), (last, 0), (first, 2)]
    report = judge_results(
        results, tmp_path / "b.jsonl", make_judge(scripted_openai, tmp_path), ids=[last, first], limit=1
    )
    assert (report.programs, report.selected) == (5, 2)  # the first task, under seeds 0 and 2
    assert {(row.task_id, row.seed) for row in read_judgements(tmp_path / "b.jsonl").rows} == {(first, 0), (first, 2)}
    backwards = results_file(
        tmp_path / "backwards.jsonl",
        [{"task_id": "1002", "outcome": "success"}, {"task_id": "1001", "outcome": "success"}],
        EXPERIMENT,
    )
    announced: list[object] = []
    report = judge_results(
        backwards, tmp_path / "d.jsonl", make_judge(scripted_openai, tmp_path), limit=1, started=announced.append
    )
    assert announced == [report]
    assert [row.task_id for row in read_judgements(tmp_path / "d.jsonl").rows] == ["1001"]
    announced.clear()
    with pytest.raises(ValueError) as refused:
        judge_results(
            results,
            tmp_path / "c.jsonl",
            make_judge(scripted_openai, tmp_path),
            ids=["9", first, "12", "9"],
            started=announced.append,
        )
    assert announced == []  # refused before the start is announced
    assert str(refused.value) == f"no program of task(s) 9, 12 in {results}"  # names the file, ids in id order
    with pytest.raises(ValueError, match="^limit must not be negative$"):
        judge_results(results, tmp_path / "c.jsonl", make_judge(scripted_openai, tmp_path), limit=-1)
    assert not (tmp_path / "c.jsonl").exists()


def test_the_documented_apps_are_recorded_and_a_file_is_not_resumed_with_others(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], results: Path
) -> None:
    # With and without the task set, the same program gets another prompt: one file holds one kind.
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    judge_results(results, out, make_judge(scripted_openai, tmp_path), tasks=tasks, limit=1)
    assert "task set with digest" in read_judgements(out).header.judge.documented_apps
    before = out.read_bytes()
    with pytest.raises(JudgementsMismatch, match="documented_apps: .* for every program"):
        judge_results(results, out, make_judge(scripted_openai, tmp_path))
    with pytest.raises(JudgementsMismatch, match="documented_apps"):
        judge_results(results, out, make_judge(scripted_openai, tmp_path), tasks=tasks[1:])
    assert out.read_bytes() == before
    again = judge_results(results, out, make_judge(scripted_openai, tmp_path), tasks=tasks)
    assert again.already_done == 2 and again.written == 3


def test_tasks_not_in_the_task_set_are_named_in_the_one_task_id_order(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    first = tasks[0]
    rows = [{"task_id": task_id, "outcome": "success", "program": first.program, "query": first.query} for task_id in
            ("10", "9", first.query_id)]  # fmt: skip
    results = results_file(tmp_path / "results.jsonl", rows, EXPERIMENT)
    report = judge_results(results, tmp_path / "judged.jsonl", make_judge(scripted_openai, tmp_path), tasks=tasks)
    assert "2 task(s) are not in the task set (9, 10)" in report.notes[0], report.notes
