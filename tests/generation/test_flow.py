"""A person's decisions on proposals: accept, edit, regenerate with a comment, reject; saved at once, resumable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aspera_core.tasks import TaskFormatError, load_tasks
from aspera_workbench.generation import (
    BatchReport,
    DecisionError,
    GenerationFlow,
    SessionFileError,
    open_generation,
    read_session,
)
from tests.generation.support import ScriptedModel, client, mini_tasks, params, script
from tests.support.openai_server import ScriptedOpenAIServer

PREFIX = "Hey, [Assistant], "
REVIEW = PREFIX + "add a 45-minute design review with Ottoline on the day after tomorrow, 2:30 PM."
MINUTES = PREFIX + "what is the total, in minutes, of my meetings with Brigida next week?"


def _tasks() -> dict:
    mini = {task.query_id: task for task in mini_tasks().values()}
    return {REVIEW: mini["9001"], MINUTES: mini["9002"]}


@pytest.fixture
def flow(scripted_openai: ScriptedOpenAIServer, tmp_path: Path):
    tasks = _tasks()
    wrong_evaluation = tasks[REVIEW].evaluation_programs[0].replace("timedelta(minutes=45)", "timedelta(minutes=30)")
    assert wrong_evaluation != tasks[REVIEW].evaluation_programs[0]
    model = script(
        scripted_openai,
        ScriptedModel(
            tasks,
            batches=[[REVIEW, MINUTES]],
            overrides={("evaluation", REVIEW): [wrong_evaluation, tasks[REVIEW].evaluation_programs[0]]},
        ),
    )
    settings = params(tmp_path, scripted_openai, examples_from=None, max_repairs=0)
    with open_generation(settings, client=client(scripted_openai, tmp_path)) as opened:
        opened.model = model  # type: ignore[attr-defined]
        yield opened


def test_accepting_needs_a_valid_task_and_writes_it_at_once(flow: GenerationFlow) -> None:
    review, minutes = flow.propose(2)
    assert [c.status for c in (review, minutes)] == ["new", "new"]
    with pytest.raises(DecisionError, match="only a valid task can be accepted"):
        flow.accept(review.id)
    flow.prepare(review.id)
    assert review.status == "invalid" and review.check is not None and review.check.stage == "evaluation"
    with pytest.raises(DecisionError, match="is invalid"):
        flow.accept(review.id)
    flow.prepare(minutes.id)
    task = flow.accept(minutes.id)
    assert task.query_id == "500" and [t.query for t in load_tasks(flow.target.root)] == [MINUTES]
    with pytest.raises(DecisionError, match="accepted already"):
        flow.reject(minutes.id, "changed my mind")


def test_regenerating_with_a_comment_sends_the_comment_and_the_previous_answer(
    flow: GenerationFlow, scripted_openai: ScriptedOpenAIServer
) -> None:
    review, _ = flow.propose(2)
    flow.prepare(review.id)
    assert review.status == "invalid"
    scripted_openai.clear_requests()
    flow.regenerate(review.id, "evaluation", "the meeting lasts 45 minutes, not 30")
    (request,) = scripted_openai.chat_requests
    assert (
        request.messages[-1]["role"] == "user"
        and "the meeting lasts 45 minutes, not 30" in request.messages[-1]["content"]
    )
    assert "timedelta(minutes=30)" in request.messages[-2]["content"]  # the answer being revised
    assert review.status == "valid" and review.comments == ["evaluation: the meeting lasts 45 minutes, not 30"]
    task = flow.accept(review.id)
    provenance = task.extra_fields["provenance"]
    assert provenance["comments"] == ["evaluation: the meeting lasts 45 minutes, not 30"]
    assert provenance["accepted_by"] == "person"


def test_a_persons_edit_is_checked_without_asking_the_model(
    flow: GenerationFlow, scripted_openai: ScriptedOpenAIServer
) -> None:
    review, _ = flow.propose(2)
    flow.prepare(review.id)
    fixed = _tasks()[REVIEW].evaluation_programs[0]
    scripted_openai.clear_requests()
    flow.edit(review.id, "evaluation", fixed)
    assert scripted_openai.chat_requests == []
    assert review.status == "valid" and review.edited == ["evaluation"]
    broken = fixed.replace("timedelta(minutes=45)", "timedelta(minutes=44)")
    flow.edit(review.id, "evaluation", broken)
    assert review.status == "invalid" and "should pass" in (review.reason or "")  # back to the person, no repair
    with pytest.raises(DecisionError, match="cannot be used"):
        flow.edit(review.id, "evaluation", "this is not Python")
    with pytest.raises(DecisionError, match="repeats the request of candidate"):
        flow.edit(review.id, "query", MINUTES.upper())
    flow.edit(review.id, "evaluation", fixed)
    task = flow.accept(review.id)
    assert task.extra_fields["provenance"]["edited_by_person"] == "evaluation"


def test_editing_a_later_step_checks_again_the_earlier_step_that_failed(flow: GenerationFlow) -> None:
    # A hard-coded answer fails the program check ("uses nothing from the library") but
    # passes the evaluation program. Editing the setup program afterwards used to check
    # only the setup and evaluation steps, so the candidate became valid and was accepted.
    _, minutes = flow.propose(2)
    flow.prepare(minutes.id)
    answer = re.search(r"it returns (\d+)", str(minutes.facts.get("behaviour")))
    assert minutes.status == "valid" and answer is not None, minutes.facts.get("behaviour")
    hard_coded = f"def total_minutes_with_brigida_next_week():\n    return {answer.group(1)}\n"
    flow.edit(minutes.id, "program", hard_coded)
    assert minutes.status == "invalid" and minutes.check is not None and minutes.check.stage == "program"
    assert minutes.setup is not None
    flow.edit(minutes.id, "setup", minutes.setup.replace('"""', '"""Edited by a person. ', 1))
    assert minutes.status == "invalid" and minutes.check is not None and minutes.check.stage == "program"
    with pytest.raises(DecisionError, match="is invalid"):
        flow.accept(minutes.id)
    flow.regenerate(minutes.id, "evaluation")  # regenerating a later step checks the program first too
    assert minutes.status == "invalid" and minutes.check is not None and minutes.check.stage == "program"


def test_rejecting_keeps_the_reason_and_a_reopened_session_continues(
    flow: GenerationFlow, tmp_path: Path, scripted_openai: ScriptedOpenAIServer
) -> None:
    review, minutes = flow.propose(2)
    flow.reject(review.id, "too close to an existing task")
    flow.prepare(minutes.id)
    session = flow.log.path
    state = read_session(session)
    assert state.candidates[review.id].status == "rejected"
    assert state.candidates[review.id].reason == "too close to an existing task"
    assert state.candidates[minutes.id].status == "valid"
    assert [d["action"] for d in state.decisions] == ["reject"]
    # A second flow on the same session file sees the open proposal, as it was left; it
    # takes the file over (a notebook cell run again), so the first one may not write any more.
    settings = params(tmp_path, scripted_openai, examples_from=None)
    with open_generation(settings, client=flow.generator.client) as again:
        assert [c.id for c in again.open_candidates()] == [minutes.id]
        assert again.candidate(minutes.id).program == minutes.program
        with pytest.raises(SessionFileError, match="was opened again"):
            flow.reject(minutes.id, "from the first flow")
        assert again.candidate(minutes.id).status == "valid"
        with pytest.raises(DecisionError, match="no candidate"):
            again.candidate("c9999")


def test_an_accept_interrupted_after_writing_is_completed_when_the_session_reopens(
    flow: GenerationFlow, tmp_path: Path, scripted_openai: ScriptedOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The task was in the set but the session did not say so: accepting again refused the
    # candidate as a repeat of its own task, and the batch mode went on to make another.
    _, minutes = flow.propose(2)
    flow.prepare(minutes.id)

    def crash(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(flow.log, "decision", crash)
    with pytest.raises(KeyboardInterrupt):
        flow.accept(minutes.id)
    assert [t.query for t in load_tasks(flow.target.root)] == [MINUTES]
    flow.close()
    settings = params(tmp_path, scripted_openai, examples_from=None)
    with open_generation(settings, client=flow.generator.client) as again:
        assert again.candidate(minutes.id).status == "valid"
        task = again.accept(minutes.id)
        assert task.query_id == "500" and again.candidate(minutes.id).status == "accepted"
        assert [t.query_id for t in load_tasks(again.target.root)] == ["500"]
    state = read_session(flow.log.path)
    assert state.candidates[minutes.id].task_id == "500" and state.written == {minutes.id: "500"}


def test_a_cut_last_line_is_ignored_when_reopening(flow: GenerationFlow) -> None:
    review, _ = flow.propose(2)
    with open(flow.log.path, "a", encoding="utf-8") as handle:
        handle.write('{"format": "aspera-generation-session", "version": 1, "event": "cand')
    state = read_session(flow.log.path)
    assert review.id in state.candidates
    flow.reject(review.id, "no")  # appending after a cut line starts a new line
    assert read_session(flow.log.path).candidates[review.id].status == "rejected"


def test_the_report_names_user_requests_and_model_calls_differently() -> None:
    # "0 of 3 requests became tasks" counted model calls that proposed nothing as requests,
    # next to "0 requests proposed" counting the users' requests.
    report = BatchReport(failed_calls=[("batch 1", "no JSON list"), ("batch 2", "no JSON list")])
    report.rejected.append(("Book room 3", "repeats task 1"))
    text = report.describe()
    assert text.splitlines()[0] == "0 of 1 proposed user requests became tasks (none)"
    assert "2 model calls proposed no user request" in text
    assert "not kept: Book room 3 -- repeats task 1" in text and "model call for batch 1: no JSON list" in text
    # with the calls counted (as a run counts them), the calls that proposed nothing get their denominator
    report.proposal_calls = 3
    assert "2 of 3 model calls proposing user requests proposed none" in report.describe()
    # a run that got no request at all said "0 of 0 proposed user requests became tasks (none)"
    assert BatchReport().describe().splitlines()[0] == "no user request was proposed in this run"


def test_the_report_says_how_many_proposals_were_repeats_dropped_unwritten() -> None:
    # "0 of 6 proposed user requests became tasks" stood next to "2 user requests
    # proposed: ..." in the session line: four of the six were repeats, dropped before
    # any program was written, which neither line said.
    report = BatchReport(dropped=4)
    report.rejected += [("Book room 3", "repeats task 1")] * 4 + [("Book room 4", "program: no function")] * 2
    first = report.describe().splitlines()[0]
    assert first == (
        "0 of 6 proposed user requests became tasks (none); "
        "4 of the 6 repeated a known request and were dropped before any program was written"
    )


def test_a_set_that_stops_loading_stops_the_batch_and_keeps_the_validated_candidate(flow: GenerationFlow) -> None:
    # The batch mode took every error of writing for a repeat found late and rejected the
    # candidate for good: a task validated (and paid for) was lost to a shard being edited.
    review, minutes = flow.propose(2)
    flow.prepare(minutes.id)
    flow.accept(minutes.id)
    flow.prepare(review.id)
    flow.edit(review.id, "evaluation", _tasks()[REVIEW].evaluation_programs[0])
    assert review.status == "valid"
    shard = flow.target.root / "plans" / "queries_001.nt"
    text = shard.read_text()
    shard.write_text(text.replace("    query: Hey", "    query_text: Hey", 1))
    with pytest.raises(TaskFormatError, match="required field is missing"):
        flow.run_batch([])
    assert review.status == "valid"
    shard.write_text(text)
    report = flow.run_batch([])
    assert report.accepted == ["501"] and review.status == "accepted"


def test_the_session_line_does_not_call_a_spend_of_unknown_cost_zero(flow: GenerationFlow) -> None:
    # The scripted model has no price: the line said "$0.0000 spent" for calls that cost something unknown.
    review, _ = flow.propose(2)
    flow.prepare(review.id)
    summary = flow.summary()
    answered = sum(1 for request in flow.requests() if request.get("error") is None)
    assert answered >= 2 and "$0.0000" not in summary
    assert f"spend unknown: {answered} answered model calls, none of known cost" in summary
