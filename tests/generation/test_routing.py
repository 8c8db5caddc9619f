"""Issue 28: the engine blames the step that can fix a failure and never builds on a cut-off answer.

Every test runs the engine against the scripted OpenAI-protocol server on 127.0.0.1,
answering with the mini release's programs except where a test makes an answer
truncated (``finish_reason: "length"``), misplaced (a world without the colleague the
request names) or crashing (an evaluation program that raises on the do-nothing program).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.cli.validate import validate_with_executor
from aspera_workbench.generation import generate_tasks, open_generation, read_provenance, read_session
from aspera_workbench.generation.candidate import spent_usd
from aspera_workbench.generation.checks import Check, failure_of, is_lookup_failure
from aspera_workbench.ui.generation import check_html
from tests.generation.support import ROOT, SANDBOX, ScriptedModel, client, fenced, mini_tasks, params, script
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

PREFIX = "Hey, [Assistant], "
REVIEW = PREFIX + "set up a 45-minute design review with Ottoline, two days from now at 2:30 in the afternoon."
MINUTES = PREFIX + "how many minutes of meetings with Brigida do I have next week in total?"
CATCH_UP = PREFIX + "move my catch-up with Wendeline an hour later and tell me which meeting you need if unsure."
SPARE = PREFIX + "book the design review with Ottoline for 2:30 PM the day after tomorrow, 45 minutes long."
INTERNALS = ("evaluate_setup_world_digest", "beartype", "/work/", str(Path(__file__).resolve().parents[2]))


def _mini() -> dict[str, object]:
    return {task.query_id: task for task in mini_tasks().values()}


def _run(server: ScriptedOpenAIServer, tmp_path: Path, model: ScriptedModel, **values):
    script(server, model)
    values.setdefault("rounds", [{"tasks": 1, "max_queries": 1}])  # one proposal: a rejection is not asked anew
    settings = params(tmp_path, server, examples_from=None, **values)
    report, flow = generate_tasks(settings, client=client(server, tmp_path))
    return report, flow, settings


def _last_user(request: ScriptedRequest) -> str:
    return request.last_user_text


def _requests_for(server: ScriptedOpenAIServer, role_words: str, query: str) -> list[ScriptedRequest]:
    return [
        r
        for r in server.chat_requests
        if role_words in str(r.messages[0]["content"]) and f"Request: {query}" in str(r.messages[1]["content"])
    ]


# -- 1. a reference program failing a lookup in the setup's world goes back to the setup --------------


def test_a_world_without_the_colleague_sends_the_setup_back_not_the_reference(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    # Before: the correct reference program was asked again (twice) and the task rejected.
    mini = _mini()
    good = mini["9002"]
    # the organisation forgets Brigida: her meetings are Lysander's
    without_brigida = (
        good.state_generation_programs[0]  # type: ignore[attr-defined]
        .replace('["Brigida", "Lysander", "Marguerite"]', '["Lysander", "Marguerite"]')
        .replace('brigida = find_employee("Brigida")[0]', 'brigida = find_employee("Lysander")[0]')
    )
    assert without_brigida != good.state_generation_programs[0]
    model = ScriptedModel(
        {MINUTES: good},  # type: ignore[dict-item]
        batches=[[MINUTES]],
        overrides={("setup", MINUTES): [without_brigida, good.state_generation_programs[0]]},
    )
    report, flow, _ = _run(scripted_openai, tmp_path, model)
    assert report.accepted == ["500"]
    assert model.count("program", MINUTES) == 1 and model.count("setup", MINUTES) == 2
    repair = _last_user(_requests_for(scripted_openai, "write setup programs", MINUTES)[-1])
    assert "looks up something that is not there: IndexError: list index out of range" in repair
    assert "the reference program, line" in repair and 'find_employee("Brigida")[0]' in repair
    assert not any(internal in repair for internal in INTERNALS), repair


def test_a_search_error_blames_the_setup_and_the_program_once_the_setup_repairs_run_out(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    mini = _mini()
    task = mini["9001"]
    # the user's own profile is looked up: a world without the organisation raises SearchError
    program = task.program.replace(
        '    ottoline = find_employee("Ottoline")[0]',
        '    me = get_current_user()\n    ottoline = find_employee("Ottoline")[0]',
    )
    empty = 'def setup_env_book_design_review_with_ottoline():\n    """Only the docstring came through."""\n'
    model = ScriptedModel(
        {REVIEW: task},  # type: ignore[dict-item]
        batches=[[REVIEW]],
        overrides={("program", REVIEW): [program], ("setup", REVIEW): [empty]},
    )
    report, flow, _ = _run(scripted_openai, tmp_path, model, max_repairs=1)
    candidate = flow.candidates[0]
    # setup asked, repaired once, then the other step the check names, the program, once
    assert model.count("setup", REVIEW) == 2 and model.count("program", REVIEW) == 2
    assert candidate.repairs == {"setup": 1, "program": 1}
    assert candidate.check is not None and candidate.check.stage == "setup" and candidate.check.also == ["program"]
    (reason,) = [reason for query, reason in report.rejected if query == REVIEW]
    assert "SearchError: Unable to retrieve user profile from the company directory." in reason
    assert "me = get_current_user()" in reason
    assert not any(internal in reason for internal in INTERNALS), reason
    # the person sees both options
    shown = check_html(candidate)
    assert "setup program; or the the reference program" not in shown
    assert "Problem (setup program; or the reference program may be what has to change" in shown


def test_a_failure_of_the_programs_own_making_still_blames_the_program_alone() -> None:
    failure = failure_of(
        "NameError",
        "name 'brigida' is not defined",
        'Traceback (most recent call last):\n  File "<program>", line 2, in f\n    return len(brigida)\n'
        "NameError: name 'brigida' is not defined\n",
    )
    assert not is_lookup_failure(failure)
    indexed = failure_of(
        "IndexError",
        "list index out of range",
        'Traceback (most recent call last):\n  File "<program>", line 2, in f\n    x = sorted([1])[3]\nIndexError: list index out of range\n',
    )
    assert not is_lookup_failure(indexed)  # an index error on a line that looks nothing up
    # the empty result of a lookup kept in a name and indexed on a later line
    kept = failure_of(
        "IndexError",
        "list index out of range",
        'Traceback (most recent call last):\n  File "<program>", line 3, in f\n    marisol = people[0]\nIndexError: list index out of range\n',
    )
    program = 'def f():\n    people = find_employee("Marisol")\n    marisol = people[0]\n'
    assert is_lookup_failure(kept, program) and not is_lookup_failure(kept, "def f():\n    people = [1]\n")


# -- 2. an answer cut off by the token limit is never used ---------------------------------------------


def test_a_setup_cut_off_by_the_token_limit_is_asked_again_with_room_then_sent_back(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    mini = _mini()
    task = mini["9001"]
    setup = task.state_generation_programs[0]
    # cut after the docstring: it parses, runs and is deterministic, and builds nothing
    cut = setup[: setup.index("    import datetime")]
    truncated = Reply.text(fenced(cut).rstrip("`\n"), finish_reason="length")
    model = ScriptedModel(
        {REVIEW: task},  # type: ignore[dict-item]
        batches=[[REVIEW]],
        overrides={("setup", REVIEW): [truncated, truncated, setup]},
    )
    report, flow, settings = _run(scripted_openai, tmp_path, model, max_repairs=1)
    assert report.accepted == ["500"]
    asked = _requests_for(scripted_openai, "write setup programs", REVIEW)
    assert len(asked) == 3
    first_tokens = read_session(settings.session).candidates["c0001"].requests[1]["usage"]["completion_tokens"]
    assert asked[0].body.get("max_tokens") is None and asked[1].body["max_tokens"] == 2 * first_tokens
    assert "The answer was cut off (the token limit of" in _last_user(asked[2])
    records = [r for r in read_session(settings.session).candidates["c0001"].requests if r["step"] == "setup"]
    assert [r["finish_reason"] for r in records] == ["length", "length", "stop"]
    written = load_tasks(Path(settings.out))[0]
    assert written.state_generation_programs[0].strip() == setup.strip()


def test_a_reference_cut_off_every_time_is_rejected_as_cut_off_and_never_run(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    mini = _mini()
    task = mini["9001"]
    cut = Reply.text(fenced(task.program[:200]).rstrip("`\n"), finish_reason="length")
    model = ScriptedModel(
        {REVIEW: task},  # type: ignore[dict-item]
        batches=[[REVIEW]],
        overrides={("program", REVIEW): [cut]},
    )
    report, flow, _ = _run(scripted_openai, tmp_path, model, max_repairs=0)
    (reason,) = [reason for query, reason in report.rejected if query == REVIEW]
    assert reason.startswith("program: The answer was cut off")
    assert flow.candidates[0].program is None and model.count("setup") == 0


def test_a_list_of_requests_cut_off_is_not_read(scripted_openai: ScriptedOpenAIServer, tmp_path: Path) -> None:
    task = _mini()["9001"]
    cut = Reply.text('```json\n["' + REVIEW + '", "Hey, [Assistant], move my', finish_reason="length")
    model = ScriptedModel({REVIEW: task}, batches=[[REVIEW]], query_answers=[cut, cut])  # type: ignore[dict-item]
    report, flow, settings = _run(scripted_openai, tmp_path, model)
    (batch,) = read_session(settings.session).batches
    assert [r["finish_reason"] for r in batch["requests"]] == ["length", "length", "stop"]
    assert [c.query for c in flow.candidates] == [REVIEW] and report.accepted == ["500"]


# -- 3. hand-back tasks: the rule is stated, a message check is accepted, the tag's origin is named -----


def _message_checking(evaluation: str) -> str:
    checked = evaluation.replace(
        "    except RequiresUserInput:\n",
        "    except RequiresUserInput as question:\n"
        '        if "which meeting" not in str(question).lower():\n'
        '            raise SolutionError("the question does not ask which meeting is meant")\n',
    )
    assert checked != evaluation
    return checked


def test_an_evaluation_checking_the_hand_backs_message_is_accepted_with_the_handback_tag(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9003"]
    model = ScriptedModel(
        {CATCH_UP: task},  # type: ignore[dict-item]
        batches=[[CATCH_UP]],
        overrides={("evaluation", CATCH_UP): [_message_checking(task.evaluation_programs[0])]},  # type: ignore[attr-defined]
    )
    report, flow, settings = _run(scripted_openai, tmp_path, model, max_repairs=0)
    assert report.accepted == ["500"], report.describe()
    (written,) = load_tasks(Path(settings.out))
    assert "handback" in written.tags  # (a world where asking is right, told apart from always asking)
    assert "handback fails (the evaluation checks what the hand-back says)" in read_provenance(written)["checks"]  # type: ignore[index]
    validated = validate_with_executor(Path(settings.out), config=SANDBOX)
    assert validated.ok, [t.problems for t in validated.tasks]
    # the prompt states the rule
    prompt = _last_user(_requests_for(scripted_openai, "write evaluation programs", CATCH_UP)[0])
    assert "since a program that always asks must not pass" in prompt
    assert "one that only raises `RequiresUserInput` with a generic message" in prompt


def test_a_world_where_asking_is_right_and_any_hand_back_passes_goes_back_to_the_setup(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9003"]  # its evaluation expects a hand-back and checks nothing of it
    model = ScriptedModel({CATCH_UP: task}, batches=[[CATCH_UP]])  # type: ignore[dict-item]
    report, flow, _ = _run(scripted_openai, tmp_path, model, max_repairs=0)
    (reason,) = [reason for query, reason in report.rejected if query == CATCH_UP]
    assert reason.startswith("setup: In the world the setup program builds, the reference program hands back")
    assert "Build a world in which the request can be carried out" in reason


def test_a_hand_back_accepted_in_a_task_to_carry_out_names_why_the_engine_expects_it_to_fail(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9001"]
    evaluation = task.evaluation_programs[0].replace(  # type: ignore[attr-defined]
        "    _ = executable()\n",
        "    try:\n        _ = executable()\n    except RequiresUserInput:\n        return\n",
    )
    model = ScriptedModel(
        {REVIEW: task},  # type: ignore[dict-item]
        batches=[[REVIEW]],
        overrides={("evaluation", REVIEW): [evaluation]},
    )
    report, _, _ = _run(scripted_openai, tmp_path, model, max_repairs=0)
    (reason,) = [reason for query, reason in report.rejected if query == REVIEW]
    assert "A program that only hands back control" in reason
    assert "the reference program does not hand back in the world the setup program builds" in reason
    assert "tag it if asking the user is right" not in reason  # the model never sets tags


# -- 4. a full round processes no leftover, now or in a rerun -------------------------------------------


def test_leftover_proposals_are_listed_once_and_a_rerun_of_a_full_round_leaves_them(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    mini = _mini()
    model = ScriptedModel(
        {REVIEW: mini["9001"], MINUTES: mini["9002"], SPARE: mini["9001"]},  # type: ignore[dict-item]
        batches=[[REVIEW, MINUTES, SPARE]],
    )
    report, flow, settings = _run(
        scripted_openai, tmp_path, model, per_request=3, rounds=[{"tasks": 1, "max_queries": 3}]
    )
    assert report.accepted == ["500"] and report.not_processed == [MINUTES, SPARE]
    assert report.tried == 3 and report.rejected == []
    text = report.describe()
    assert text.startswith("1 of 3 proposed user requests became tasks")
    assert "2 of 3 proposed user requests were not processed: their round had its tasks" in text
    assert "3 user requests taken up in this session" in flow.summary()
    asked = len(model.asked)
    again, _ = generate_tasks(settings, client=client(scripted_openai, tmp_path))
    assert len(model.asked) == asked  # no call spent on the leftovers
    assert again.tried == 0 and again.waiting == [MINUTES, SPARE]
    assert "2 user requests proposed in earlier runs still not processed" in again.describe()
    # a round that wants more takes them up before asking for new requests
    more = settings.model_copy(update={"rounds": [settings.rounds[0].model_copy(update={"tasks": 2})]})
    third, _ = generate_tasks(more, client=client(scripted_openai, tmp_path))
    assert third.accepted == ["501"] and model.count("queries") == 1
    assert third.waiting == [SPARE] and len(load_tasks(Path(settings.out))) == 2


# -- 5. the evaluation program crashing on the do-nothing program is its own finding --------------------


def test_an_evaluation_raising_on_the_do_nothing_program_goes_back_to_the_evaluation_step(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9002"]
    good = task.evaluation_programs[0]  # type: ignore[attr-defined]
    crashing = (
        "def evaluate_total_minutes_with_brigida_next_week(query, executable, setup_function):\n"
        "    setup_function()\n"
        "    answer = executable()\n"
        "    if answer - 135 != 0:\n"
        '        raise SolutionError("expected 135 minutes")\n'
    )
    model = ScriptedModel(
        {MINUTES: task},  # type: ignore[dict-item]
        batches=[[MINUTES]],
        overrides={("evaluation", MINUTES): [crashing, good]},
    )
    report, flow, _ = _run(scripted_openai, tmp_path, model, max_repairs=1)
    assert report.accepted == ["500"]
    assert flow.candidates[0].repairs == {"evaluation": 1}
    repair = _last_user(_requests_for(scripted_openai, "write evaluation programs", MINUTES)[-1])
    assert "The evaluation program raised on the do-nothing program" in repair
    assert "TypeError: unsupported operand type(s) for -: 'NoneType' and 'int'" in repair
    assert "the evaluation program, line 4, in evaluate_total_minutes_with_brigida_next_week:" in repair
    assert "if answer - 135 != 0:" in repair
    assert not any(internal in repair for internal in INTERNALS), repair


# -- 6. the model sees only its own code; a setup failure carries its line ------------------------------


def test_a_failing_setup_is_shown_with_its_line_and_nothing_of_the_workbench(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9001"]
    setup = task.state_generation_programs[0]  # type: ignore[attr-defined]
    broken = setup.replace("    import datetime\n", "    import datetime\n    count = len(3)\n", 1)
    model = ScriptedModel(
        {REVIEW: task},  # type: ignore[dict-item]
        batches=[[REVIEW]],
        overrides={("setup", REVIEW): [broken]},
    )
    report, _, _ = _run(scripted_openai, tmp_path, model, max_repairs=0)
    (reason,) = [reason for query, reason in report.rejected if query == REVIEW]
    line = broken.splitlines().index("    count = len(3)") + 1
    assert reason == (
        "setup: The setup program fails: TypeError: object of type 'int' has no len()\n"
        f"  the setup program, line {line}, in setup_env_book_design_review_with_ottoline:\n"
        "    count = len(3)"
    )


def test_workbench_frames_and_paths_are_cut_from_a_traceback() -> None:
    root = str(Path(__file__).resolve().parents[2])
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "<evaluation 1>", line 3, in evaluate_setup_world_digest\n'
        "    executable()\n"
        '  File "<program>", line 5, in daily_stand_up\n'
        "    team = find_team_of(get_current_user())\n"
        "                        ^^^^^^^^^^^^^^^^^^\n"
        '  File "<@beartype(aspera_core.library.company_directory.get_current_user) at 0x7f38>", line 12, in get_current_user\n'
        f'  File "{root}/aspera_core/library/company_directory.py", line 171, in get_current_user\n'
        "    raise SearchError(_NO_USER_MESSAGE)\n"
        "aspera_core.library.exceptions.SearchError: Unable to retrieve user profile from the company directory.\n"
    )
    failure = failure_of(
        "aspera_core.library.exceptions.SearchError",
        f"not found in {root}/aspera_core/library/x.py",
        traceback,
        probe=True,
    )
    assert failure.describe() == (
        "SearchError: not found in aspera_core/library/x.py\n"
        "  the reference program, line 5, in daily_stand_up:\n"
        "    team = find_team_of(get_current_user())"
    )
    assert is_lookup_failure(failure)
    # an evaluation program the model wrote keeps its frames
    own = failure_of("TypeError", "x", traceback.replace("evaluate_setup_world_digest", "evaluate_mine"))
    assert own.frames[0][:3] == ("evaluation", 3, "evaluate_mine")


def test_a_check_read_from_an_older_session_file_has_no_other_step() -> None:
    old = {"ok": False, "stage": "setup", "problems": ["x"], "notes": [], "facts": {}}
    assert Check.from_json(old).also == []
    assert Check.from_json(asdict(Check(False, "setup", ["x"], also=["program"]))).also == ["program"]


# -- 7. spend is null when the price is unknown -------------------------------------------------------


def test_the_spend_of_a_model_without_a_price_is_recorded_as_unknown(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9001"]
    model = ScriptedModel({REVIEW: task}, batches=[[REVIEW]])  # type: ignore[dict-item]
    report, flow, settings = _run(scripted_openai, tmp_path, model)
    assert report.accepted == ["500"]
    candidate = read_session(settings.session).candidates["c0001"]
    assert all(r["spent_usd"] is None and r["cost_usd"] is None for r in candidate.requests)
    assert candidate.spent_usd is None
    (written,) = load_tasks(Path(settings.out))
    # NestedText holds no null: the task model writes None as an empty value
    assert read_provenance(written)["spent_usd"] == ""  # type: ignore[index]
    assert "spend unknown" in flow.summary()


def test_the_spend_of_a_priced_model_is_a_number_and_an_old_zero_of_unknown_cost_is_unknown(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9001"]
    model = ScriptedModel({REVIEW: task}, batches=[[REVIEW]])  # type: ignore[dict-item]
    script(scripted_openai, model)
    settings = params(tmp_path, scripted_openai, model="gpt-4o-mini", examples_from=None)
    report, _ = generate_tasks(settings, client=client(scripted_openai, tmp_path, model="gpt-4o-mini"))
    (written,) = load_tasks(Path(settings.out))
    assert float(read_provenance(written)["spent_usd"]) > 0  # type: ignore[index]
    # records written before the spend was kept as unknown: 0 spent, of no known cost
    assert spent_usd([{"spent_usd": 0.0, "cost_usd": None, "cached": False, "error": None}]) is None
    assert spent_usd([{"spent_usd": 0.0, "cost_usd": None, "cached": True, "error": None}]) == 0.0


def test_the_authored_set_keeps_null_for_an_unknown_spend(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    task = _mini()["9001"]
    model = ScriptedModel({REVIEW: task}, batches=[[REVIEW]])  # type: ignore[dict-item]
    script(scripted_openai, model)
    settings = params(tmp_path, scripted_openai, examples_from=None)
    with open_generation(settings, client=client(scripted_openai, tmp_path)) as flow:
        (candidate,) = flow.propose(1)
        flow.prepare(candidate.id)
        provenance = flow._provenance(candidate, "person", "2024-06-25 09:06:00")
    assert provenance["spent_usd"] is None
    assert json.loads(json.dumps(provenance))["spent_usd"] is None


@pytest.fixture(autouse=True)
def _no_script_errors(scripted_openai: ScriptedOpenAIServer):
    yield
    assert scripted_openai.script_errors == []


# -- found by the trial: a hand-back task whose sampled mutants all lie past the hand-back -------------


def test_a_hand_back_world_is_not_blamed_when_the_sampled_mutants_only_touch_code_past_the_hand_back() -> None:
    # Task 1067 of the project's set hands back (Cedar is too small); the 8 mutants drawn for a
    # draft task (id "1") all change code after the hand-back, so they all behaved like the
    # reference, and the engine told the setup to build a world where the details matter.
    from aspera_core.executor import Sandbox
    from aspera_workbench.generation.candidate import derive_tags
    from aspera_workbench.generation.checks import TaskChecker

    (task,) = [t for t in load_tasks(ROOT / "data" / "aspera_workbench_v1") if t.query_id == "1067"]
    # (its evaluation made to check what the hand-back says, as a single world where asking is right must)
    evaluation = task.evaluation_programs[0].replace(
        "    except RequiresUserInput:\n",
        "    except RequiresUserInput as question:\n"
        '        if "seats" not in str(question):\n'
        '            raise SolutionError("the question does not say Cedar is too small")\n',
    )
    assert evaluation != task.evaluation_programs[0]
    draft = task.model_copy(
        update={
            "query_id": "1",
            "state_generation_programs": task.state_generation_programs[:1],
            "evaluation_programs": [evaluation],
            "tags": derive_tags(task.program, {"expects_handback": True}, list(task.scenario.apps)),
        }
    )
    with Sandbox(SANDBOX) as sandbox:
        check = TaskChecker(sandbox, mutants=8, rewrites=0).check_task(draft)
    assert check.ok, check.problems
    mutants = check.facts["mutants"]
    assert mutants["rejected"] >= 1 and mutants["tried"] > 8
    assert any("drawn" in note for note in check.notes)


def test_a_reference_handing_back_in_a_world_without_the_colleague_sends_the_setup_back(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path
) -> None:
    # A careful reference program asks the user when the colleague is not found: in a world that
    # forgot her it hands back, and the evaluation program of the action rejects that. The world is
    # what must change (or, if asking is right, the evaluation): not the evaluation alone.
    task = _mini()["9001"]
    program = task.program.replace(  # type: ignore[attr-defined]
        '    ottoline = find_employee("Ottoline")[0]  # by structure guideline #1\n',
        '    people = find_employee("Ottoline")\n'
        "    if not people:\n"
        '        raise RequiresUserInput("I could not find Ottoline. Who do you mean?")\n'
        "    ottoline = people[0]\n",
    )
    assert program != task.program  # type: ignore[attr-defined]
    setup = task.state_generation_programs[0]  # type: ignore[attr-defined]
    without = setup.replace('["Ottoline", "Casimir", "Perpetua"]', '["Casimir", "Perpetua"]').replace(
        'ottoline = find_employee("Ottoline")[0]', 'ottoline = find_employee("Casimir")[0]'
    )
    model = ScriptedModel(
        {REVIEW: task},  # type: ignore[dict-item]
        batches=[[REVIEW]],
        overrides={("program", REVIEW): [program], ("setup", REVIEW): [without, setup]},
    )
    report, flow, _ = _run(scripted_openai, tmp_path, model, max_repairs=1)
    assert report.accepted == ["500"], report.describe()
    assert model.count("setup", REVIEW) == 2 and model.count("evaluation", REVIEW) == 1
    assert flow.candidates[0].repairs == {"setup": 1}
    repair = _last_user(_requests_for(scripted_openai, "write setup programs", REVIEW)[-1])
    assert "hands back in the world the setup program builds" in repair
    assert "I could not find Ottoline. Who do you mean?" in repair
