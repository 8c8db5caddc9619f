"""The whole engine in batch mode against the scripted OpenAI-protocol server: only valid tasks are written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.cli.validate import validate_with_executor
from aspera_workbench.generation import generate_tasks, read_provenance, read_session
from aspera_workbench.llm import Budget
from tests.generation.support import SANDBOX, ScriptedModel, client, mini_tasks, params, script
from tests.support.openai_server import Reply, ScriptedOpenAIServer

PREFIX = "Hey, [Assistant], "
GOOD = PREFIX + "please put a 45-minute design review with Ottoline in my calendar the day after tomorrow at 2:30 PM."
REPAIRED = PREFIX + "tell me how many minutes of meetings with Brigida I have next week, in total."
RANDOM_SETUP = (
    PREFIX + "every weekday next week without a meeting with Thaddeus, add a 15-minute 9:30 AM sync with him."
)
LENIENT = (
    PREFIX + "book a design review with Ottoline, 45 minutes, two days from now at half past two in the afternoon."
)
BROKEN = PREFIX + "cancel everything I have on Friday afternoon."
FAILING = PREFIX + "how long are my meetings with Brigida next week, in minutes?"


def _by_query() -> dict[str, object]:
    mini = {task.query_id: task for task in mini_tasks().values()}
    return {
        GOOD: mini["9001"],
        REPAIRED: mini["9002"],
        RANDOM_SETUP: mini["9004"],
        LENIENT: mini["9001"],
        BROKEN: mini["9001"],
        FAILING: mini["9002"],
    }


def _nondeterministic(setup: str) -> str:
    return (
        setup.rstrip()
        + "\n    simulate_user_calendar([Event(subject='Note ' + __import__('uuid').uuid4().hex[:6], starts_at=combine(get_next_dow('Friday'), time_by_hm(4, 0, 'pm')))])\n"
    )


LENIENT_EP = (
    "def evaluate_book_design_review_with_ottoline(query, executable, setup_function):\n"
    "    setup_function()\n"
    "    executable()\n"
)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory):
    """One batch session: five proposals, each failing (or not) in its own way; then a second run."""
    tmp_path = tmp_path_factory.mktemp("engine")
    tasks = _by_query()
    mini = mini_tasks()
    repeated = next(iter(mini))  # a request of the example set
    model = ScriptedModel(
        tasks,  # type: ignore[arg-type]
        batches=[[GOOD, repeated, REPAIRED, RANDOM_SETUP, LENIENT, BROKEN, FAILING]],
        query_answers=["Here are some ideas, in prose, without any list."],
        overrides={
            ("program", REPAIRED): ["def total_minutes(:\n    return 1\n", tasks[REPAIRED].program],  # type: ignore[attr-defined]
            ("setup", GOOD): ["I would rather describe the world in words.", tasks[GOOD].state_generation_programs[0]],  # type: ignore[attr-defined]
            ("setup", RANDOM_SETUP): [_nondeterministic(tasks[RANDOM_SETUP].state_generation_programs[0])],  # type: ignore[attr-defined]
            ("evaluation", LENIENT): [LENIENT_EP],
            ("program", BROKEN): [Reply.malformed()],
            ("program", FAILING): [
                "def minutes_with_brigida() -> int:\n    return len(find_events(attendees=[brigida]))\n"
            ],
        },
    )
    with ScriptedOpenAIServer() as server:
        script(server, model)
        settings = params(
            tmp_path,
            server,
            examples_from=str(Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"),
            rounds=[{"tasks": 5, "max_queries": 7}],
            per_request=7,
        )
        report, flow = generate_tasks(settings, client=client(server, tmp_path))
        asked_first = list(model.asked)
        again, _ = generate_tasks(settings, client=client(server, tmp_path))
        asked_again = model.asked[len(asked_first) :]
    return {
        "tmp": tmp_path,
        "report": report,
        "again": again,
        "flow": flow,
        "model": model,
        "asked_first": asked_first,
        "asked_again": asked_again,
        "settings": settings,
        "repeated": repeated,
    }


def test_only_fully_validated_tasks_are_written(run: dict) -> None:
    out = Path(run["settings"].out)
    written = load_tasks(out)
    assert [task.query for task in written] == [GOOD, REPAIRED]
    assert [task.query_id for task in written] == ["500", "501"]
    assert run["report"].accepted == ["500", "501"]
    report = validate_with_executor(out, config=SANDBOX)
    assert report.ok, [task.problems for task in report.tasks]
    assert all(task.wrong_total >= 1 for task in report.tasks)  # rejected mutants kept as wrong programs


def test_every_other_request_is_reported_with_its_reason(run: dict) -> None:
    reasons = dict(run["report"].rejected)
    assert set(reasons) == {run["repeated"], RANDOM_SETUP, LENIENT, FAILING}
    assert reasons[run["repeated"]].startswith("repeats the request of task 9001 of ")
    assert "setup: The setup program is not deterministic" in reasons[RANDOM_SETUP]
    assert reasons[LENIENT].startswith(
        "evaluation: A program that does nothing, run through the evaluation program, should fail"
    )
    # The model not answering says nothing about the request: it stays open, to be asked again.
    assert [(query, problem.split(":")[:2]) for query, problem in run["report"].unanswered] == [
        (BROKEN, ["program", " model error"])
    ]
    assert "1 of 7 proposed user requests left open: the model did not answer" in run["report"].describe()
    assert reasons[FAILING].startswith(
        "program: In the world the setup program builds, the reference program fails with NameError: name 'brigida' is not defined"
    )


def test_malformed_answers_and_failed_checks_go_back_to_the_model(run: dict) -> None:
    model = run["model"]
    assert model.count("queries") == 2  # the prose answer was asked again
    assert model.count("program", REPAIRED) == 2 and model.count("setup", GOOD) == 2
    assert model.count("setup", RANDOM_SETUP) == 2  # one repair (max_repairs=1), then given up
    assert model.count("program", FAILING) == 2 and model.count("setup", FAILING) == 1  # the program was blamed
    assert "The setup program that builds the world:" in model_messages(run, "program", FAILING)[-1]["content"]
    flow = run["flow"]
    by_query = {candidate.query: candidate for candidate in flow.candidates}
    assert by_query[REPAIRED].repairs == {"program": 1}
    assert by_query[GOOD].repairs == {"setup": 1}
    repair = model_messages(run, "program", REPAIRED)[-1]["content"]
    assert "does not parse" in repair or "could not find" in repair


def model_messages(run: dict, step: str, query: str) -> list[dict]:
    session = read_session(run["settings"].session)
    digest = [r for r in session.candidates[_id(run, query)].requests if r["step"] == step][-1]["prompt_sha256"]
    prompts = Path(run["settings"].session).parent / "prompts" / f"{digest}.json"
    return json.loads(prompts.read_text())


def _id(run: dict, query: str) -> str:
    return next(c.id for c in run["flow"].candidates if c.query == query)


def test_provenance_is_in_each_record(run: dict) -> None:
    good = load_tasks(Path(run["settings"].out))[0]
    provenance = read_provenance(good)
    assert provenance is not None
    assert provenance["model"] == "scripted-model" and provenance["accepted_by"] == "batch"
    assert provenance["templates"].startswith("gen-1+") and provenance["edited_by_person"] == "no"
    assert provenance["repairs"] == "program 0, setup 1, evaluation 0"
    assert "mutants rejected" in provenance["checks"]
    assert good.tags and "action" in good.tags


def test_a_second_run_continues_the_session_and_asks_only_what_the_model_left_unanswered(run: dict) -> None:
    assert run["asked_again"] and set(run["asked_again"]) == {("program", BROKEN)}
    assert run["again"].accepted == [] and run["again"].rejected == []
    assert [query for query, _ in run["again"].unanswered] == [BROKEN]
    assert run["report"].rounds == [{"round": 1, "focus": None, "tasks": 5, "accepted": 2, "tried": 7}]
    session = read_session(run["settings"].session)
    statuses = sorted(c.status for c in session.candidates.values())
    assert statuses == ["accepted"] * 2 + ["invalid"] + ["rejected"] * 3
    assert session.written == {_id(run, GOOD): "500", _id(run, REPAIRED): "501"}


def test_the_spending_limit_stops_the_run_and_keeps_what_is_done(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    tasks = {GOOD: _by_query()[GOOD]}
    model = script(scripted_openai, ScriptedModel(tasks, batches=[[GOOD]]))  # type: ignore[arg-type]
    settings = params(tmp_path, scripted_openai, model="gpt-4o-mini", examples_from=None)
    limited = client(scripted_openai, tmp_path, model="gpt-4o-mini", budget=Budget(max_cost_usd=1e-9))
    report, flow = generate_tasks(settings, client=limited)
    assert report.stopped and "limit" in report.stopped
    assert model.count("queries") == 1 and report.accepted == []
    assert not (tmp_path / "generated" / "plans").exists()


def test_a_proposal_the_model_never_answered_uses_up_no_try_and_is_asked_again_next_run(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    # The failed proposal calls used to use up the round's tries for good: the trial's first
    # run sent 3 failing calls and exited 0, and the next run, with the endpoint back, sent nothing.
    tasks = {GOOD: _by_query()[GOOD]}
    model = script(
        scripted_openai,
        ScriptedModel(tasks, batches=[[GOOD]], query_answers=[Reply.malformed()] * 20),  # type: ignore[arg-type]
    )
    settings = params(
        tmp_path, scripted_openai, examples_from=None, rounds=[{"tasks": 1, "max_queries": 3}], per_request=1
    )
    report, _ = generate_tasks(settings, client=client(scripted_openai, tmp_path))
    assert len(read_session(settings.session).batches) == 1  # the round stopped: the endpoint is down
    assert report.failed_calls == [] and [batch for batch, _ in report.unanswered_calls] == ["batch 1"]
    assert "model error" in report.unanswered_calls[0][1]
    assert report.rounds == [{"round": 1, "focus": None, "tasks": 1, "accepted": 0, "tried": 0}]
    text = report.describe()
    assert "proposed no user request" not in text
    assert "1 of 1 model calls proposing user requests failed" in text
    assert "model call for batch 1 failed: model error" in text
    model.query_answers.clear()  # the endpoint answers again
    again, _ = generate_tasks(settings, client=client(scripted_openai, tmp_path))
    assert again.accepted == ["500"] and again.unanswered_calls == []
    assert again.rounds == [{"round": 1, "focus": None, "tasks": 1, "accepted": 1, "tried": 1}]


def test_an_answer_that_proposes_no_request_still_uses_up_its_try(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    tasks = {GOOD: _by_query()[GOOD]}
    model = script(
        scripted_openai,
        ScriptedModel(tasks, batches=[[GOOD]], query_answers=["Some ideas, in prose."] * 2),  # type: ignore[arg-type]
    )
    settings = params(
        tmp_path, scripted_openai, examples_from=None, rounds=[{"tasks": 1, "max_queries": 1}], per_request=1
    )
    report, _ = generate_tasks(settings, client=client(scripted_openai, tmp_path))
    assert [batch for batch, _ in report.failed_calls] == ["batch 1"] and report.unanswered_calls == []
    assert "1 of 1 model calls proposing user requests proposed none" in report.describe()
    asked = len(model.asked)
    again, _ = generate_tasks(settings, client=client(scripted_openai, tmp_path))
    assert len(model.asked) == asked and again.rounds[0]["tried"] == 1  # the round's one try is used up
