"""The generation widget, driven in Python: its buttons take the flow's decisions, errors show in its message line."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.generation import open_generation, read_session
from aspera_workbench.ui import GenerationWidget
from tests.generation.support import ScriptedModel, client, mini_tasks, params, script
from tests.support.openai_server import Reply, ScriptedOpenAIServer

PREFIX = "Hey, [Assistant], "
REVIEW = PREFIX + "set up a 45-minute design review with Ottoline two days from now at 2:30 PM."
MINUTES = PREFIX + "sum up, in minutes, my meetings with Brigida next week."


@pytest.fixture
def widget(scripted_openai: ScriptedOpenAIServer, tmp_path: Path):
    mini = {task.query_id: task for task in mini_tasks().values()}
    tasks = {REVIEW: mini["9001"], MINUTES: mini["9002"]}
    lenient = "def evaluate_book_design_review_with_ottoline(query, executable, setup_function):\n    setup_function()\n    executable()\n"
    script(
        scripted_openai,
        ScriptedModel(
            tasks,
            batches=[[REVIEW, MINUTES]],
            overrides={("evaluation", REVIEW): [lenient, tasks[REVIEW].evaluation_programs[0]]},
        ),
    )
    settings = params(tmp_path, scripted_openai, examples_from=None, max_repairs=0)
    with open_generation(settings, client=client(scripted_openai, tmp_path)) as flow:
        yield GenerationWidget(flow, count=2)


def test_proposing_shows_the_first_proposal_checked(widget: GenerationWidget) -> None:
    assert "No proposal waiting" in widget.checks.value
    widget.focus.value = "meetings with one colleague"
    widget.propose_button.click()
    assert [label.split("]")[0] for label, _ in widget.proposals.options] == ["c0001 [invalid", "c0002 [new"]
    candidate = widget.current
    assert candidate is not None and candidate.focus == "meetings with one colleague"
    assert widget.query.value == REVIEW and widget.code["program"].value == candidate.program
    assert "fails a check" in widget.checks.value and "does nothing" in widget.checks.value
    assert widget.tabs.selected_index == 2 and widget.step.value == "evaluation"  # the step to fix
    assert not any(button.disabled for button in widget._buttons)


def test_accept_refused_then_regenerated_with_a_comment_then_accepted(widget: GenerationWidget) -> None:
    widget.propose_button.click()
    widget.accept_button.click()
    assert "only a valid task can be accepted" in widget.message.value
    widget.step.value = "evaluation"
    widget.comment.value = "also check the meeting's time and length"
    widget.regenerate_button.click()
    assert widget.current is not None and widget.current.status == "valid" and widget.comment.value == ""
    widget.accept_button.click()
    assert "written as task 500" in widget.message.value
    assert [task.query for task in load_tasks(widget.flow.target.root)] == [REVIEW]
    # The accepted proposal left the list; the next one was prepared when it was shown.
    assert [value for _, value in widget.proposals.options] == ["c0002"]
    assert widget.current is not None and widget.current.status == "valid"


def test_edits_in_the_text_areas_are_checked_and_reject_takes_the_comment(widget: GenerationWidget) -> None:
    widget.propose_button.click()
    widget.edit_button.click()
    assert widget.message.value == "nothing was edited"
    candidate = widget.current
    assert candidate is not None
    widget.code["evaluation"].value = mini_tasks()[next(iter(mini_tasks()))].evaluation_programs[0]
    widget.edit_button.click()
    assert "checked again after editing evaluation: valid" in widget.message.value
    assert candidate.edited == ["evaluation"]
    widget.comment.value = "a near copy of an existing task"
    widget.reject_button.click()
    state = read_session(widget.flow.log.path)
    assert state.candidates[candidate.id].status == "rejected"
    assert state.candidates[candidate.id].reason == "a near copy of an existing task"
    assert [d["action"] for d in state.decisions] == ["edit", "reject"]


def test_a_file_in_the_way_of_an_accepted_task_is_named_in_the_message_line(widget: GenerationWidget) -> None:
    # A user's file where the task's wrong programs go made accept raise FileExistsError
    # out of the button's handler: the message line stayed at "working...".
    mine = widget.flow.target.root / "wrong" / "query_500.py"
    mine.parent.mkdir(parents=True)
    mine.write_text("# mine\n")
    widget.propose_button.click()
    widget.proposals.value = "c0002"
    assert widget.current is not None and widget.current.status == "valid"
    widget.accept_button.click()
    assert str(mine) in widget.message.value and "working" not in widget.message.value
    assert mine.read_text() == "# mine\n" and widget.current is not None and widget.current.status == "valid"
    assert not any(button.disabled for button in widget._buttons)


def test_an_edit_that_cannot_be_used_stays_in_its_text_area(widget: GenerationWidget) -> None:
    # The refusal refreshed the text areas from the candidate: the person's text, with
    # one typo in it, was replaced by the old program and had to be typed again.
    widget.propose_button.click()
    candidate = widget.current
    assert candidate is not None and candidate.program is not None
    first, rest = candidate.program.split("\n", 1)
    typed = first.replace("def ", "def (", 1) + "\n    # a long edit of mine\n" + rest
    widget.code["program"].value = typed
    widget.query.value = REVIEW + " Please."
    widget.edit_button.click()
    assert "cannot be used" in widget.message.value
    assert widget.code["program"].value == typed and widget.query.value == REVIEW + " Please."
    assert "a long edit of mine" not in (candidate.program or "")
    widget.code["program"].value = typed.replace("def (", "def ", 1)
    widget.edit_button.click()  # fixed: both edits are taken
    assert "checked again after editing query, program" in widget.message.value
    assert candidate.query == REVIEW + " Please." and "a long edit of mine" in (candidate.program or "")


def test_accept_and_regenerate_refuse_to_drop_edits_that_were_not_checked(widget: GenerationWidget) -> None:
    # Accept wrote the unedited task and Regenerate replaced the text areas: the person's
    # edits were lost without a word.
    widget.propose_button.click()
    widget.proposals.value = "c0002"
    candidate = widget.current
    assert candidate is not None and candidate.status == "valid"
    first, rest = (candidate.program or "").split("\n", 1)
    edited = first + "\n    # my note on this program\n" + rest
    widget.code["program"].value = edited
    widget.accept_button.click()
    assert "not checked" in widget.message.value and "reference program" in widget.message.value
    assert widget.code["program"].value == edited and candidate.status == "valid"
    assert not (widget.flow.target.root / "plans").exists() or load_tasks(widget.flow.target.root) == []
    widget.step.value = "setup"
    widget.regenerate_button.click()
    assert "not checked" in widget.message.value and widget.code["program"].value == edited
    widget.edit_button.click()
    widget.accept_button.click()
    assert "written as task 500" in widget.message.value
    assert "# my note on this program" in load_tasks(widget.flow.target.root)[0].program


def test_switching_proposals_keeps_unchecked_edits_for_when_the_person_comes_back(widget: GenerationWidget) -> None:
    widget.propose_button.click()
    first = widget.current
    assert first is not None
    widget.query.value = REVIEW + " Thanks!"
    widget.proposals.value = "c0002"
    assert widget.query.value == MINUTES
    widget.proposals.value = first.id
    assert widget.query.value == REVIEW + " Thanks!"
    assert "unchecked edits" in widget.checks.value


def test_a_proposal_the_model_did_not_answer_is_shown_left_open_not_failing_a_check(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    # It was listed as [invalid], "fails a check", though no check had run on it.
    mini = {task.query_id: task for task in mini_tasks().values()}
    model = ScriptedModel(
        {REVIEW: mini["9001"]}, batches=[[REVIEW]], overrides={("program", REVIEW): [Reply.malformed()]}
    )
    script(scripted_openai, model)
    settings = params(tmp_path, scripted_openai, examples_from=None, max_repairs=0)
    with open_generation(settings, client=client(scripted_openai, tmp_path)) as flow:
        widget = GenerationWidget(flow, count=1)
        widget.propose_button.click()
        assert [label.split("]")[0] for label, _ in widget.proposals.options] == ["c0001 [left open for a model error"]
        assert "fails a check" not in widget.checks.value and "regenerate the step" in widget.checks.value
        assert "0 invalid" in widget.summary.value and "1 left open for a model error" in widget.summary.value
        assert flow.candidates[0].status == "invalid"  # the session file keeps the status old sessions know
