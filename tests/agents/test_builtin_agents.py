"""The built-in agents and the agent registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_core.agents import (
    Agent,
    HandbackAgent,
    NoopAgent,
    ProgramUnavailable,
    Proposal,
    ReferenceAgent,
    ReplayAgent,
)
from aspera_core.records import Experiment, Outcome, ResultRow, ResultsWriter
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents import AGENTS, make_agent, register_agent

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


@pytest.fixture(scope="module")
def task() -> Task:
    return load_tasks(MINI_RELEASE)[0]


def test_reference_submits_the_task_program(task: Task) -> None:
    assert ReferenceAgent().program(task) == task.program


def test_noop_keeps_the_reference_name_and_does_nothing(task: Task) -> None:
    program = NoopAgent().program(task)
    assert program == f"def {task.solution_name}():\n    pass\n"
    namespace: dict[str, object] = {}
    exec(program, namespace)
    assert namespace[task.solution_name]() is None  # type: ignore[operator]


def test_handback_raises_requires_user_input(task: Task) -> None:
    from aspera_core import compat
    from aspera_core.library.exceptions import RequiresUserInput

    compat.install()
    program = HandbackAgent().program(task)
    assert program.startswith("from aspera.apps_implementation.exceptions import RequiresUserInput")
    namespace: dict[str, object] = {}
    exec(program, namespace)
    with pytest.raises(RequiresUserInput):
        namespace[task.solution_name]()  # type: ignore[operator]


def test_agents_follow_the_interface(task: Task) -> None:
    for agent in (ReferenceAgent(), NoopAgent(), HandbackAgent()):
        assert isinstance(agent, Agent)
        assert (agent.model, agent.setting, agent.seeded, agent.parameters()) == (None, None, False, {})
        assert agent.propose(task, None) == Proposal(program=agent.program(task))


def test_a_proposal_fails_only_before_evaluation() -> None:
    assert Proposal(failure=Outcome.MODEL_ERROR, message="429").program == ""
    with pytest.raises(ValueError, match="model_error or parse_error"):
        Proposal(program="def f(): pass", failure=Outcome.TIMEOUT)


def write_results(path: Path, rows: list[tuple[str, str]], model: str | None = None) -> None:
    experiment = Experiment(agent="someone", model=model, task_set_digest="x", workbench_version="0")
    with ResultsWriter(path, experiment) as writer:
        for task_id, program in rows:
            writer.write(
                ResultRow(
                    task_id=task_id,
                    query="q",
                    agent="someone",
                    model=model,
                    seed=1,
                    program=program,
                    outcome=Outcome.SUCCESS,
                    duration_s=0.0,
                    pairs_run=1,
                )
            )


def test_replay_matches_programs_by_task_id(tmp_path: Path, task: Task) -> None:
    path = tmp_path / "earlier.jsonl"
    write_results(
        path, [(task.query_id, "def a():\n    return 1\n"), (task.query_id, "def b():\n    pass\n")], model="m"
    )
    with path.open("a") as handle:
        handle.write('{"task_id": "cut off')  # an interrupted earlier run
    agent = ReplayAgent(path)
    assert agent.program(task) == "def a():\n    return 1\n"  # the first row wins
    assert (agent.name, agent.model, agent.seeded) == ("replay", "m", False)
    assert agent.parameters() == {"replay_sha256": agent.digest} and len(agent.digest) == 64


def test_replay_reads_the_minimal_format(tmp_path: Path, task: Task) -> None:
    path = tmp_path / "programs.jsonl"
    path.write_text(json.dumps({"task_id": int(task.query_id), "program": "def a():\n    pass\n"}) + "\n")
    assert ReplayAgent(path).program(task) == "def a():\n    pass\n"
    with pytest.raises(ValueError, match="folder"):
        ReplayAgent(tmp_path)


def test_replay_without_a_program_for_the_task(tmp_path: Path, task: Task) -> None:
    path = tmp_path / "earlier.jsonl"
    write_results(path, [("12345", "def a():\n    pass\n")])
    with pytest.raises(ProgramUnavailable, match=task.query_id):
        ReplayAgent(path).program(task)


def test_replay_passes_over_model_errors(tmp_path: Path, task: Task) -> None:
    # A model_error row holds no program (the model never answered); a resumed run appends the task's
    # judged row after it. Replaying the empty program would charge a parse_error to the model.
    path = tmp_path / "earlier.jsonl"
    experiment = Experiment(agent="cck", model="m", task_set_digest="x", workbench_version="0")
    common = {"query": "q", "agent": "cck", "model": "m", "seed": 0, "duration_s": 0.0, "pairs_run": 0}
    with ResultsWriter(path, experiment) as writer:
        writer.write(ResultRow(task_id=task.query_id, program="", outcome=Outcome.MODEL_ERROR, **common))
        writer.write(ResultRow(task_id="12345", program="", outcome=Outcome.MODEL_ERROR, **common))
        writer.write(
            ResultRow(task_id=task.query_id, program="def a():\n    pass\n", outcome=Outcome.SUCCESS, **common)
        )
    agent = ReplayAgent(path)
    assert agent.program(task) == "def a():\n    pass\n"
    other = task.model_copy(update={"query_id": "12345"})
    with pytest.raises(ProgramUnavailable, match="no program was obtained"):
        agent.program(other)
    only_errors = tmp_path / "errors.jsonl"
    with ResultsWriter(only_errors, experiment) as writer:
        writer.write(ResultRow(task_id=task.query_id, program="", outcome=Outcome.MODEL_ERROR, **common))
    with pytest.raises(ValueError, match="no lines with a task_id and a program"):
        ReplayAgent(only_errors)


def test_replay_needs_a_results_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="the replay agent's options: replay: Field required"):
        make_agent("replay")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(ValueError, match="no lines with a task_id and a program"):
        make_agent("replay", replay=str(empty))
    with pytest.raises(FileNotFoundError):
        make_agent("replay", replay=str(tmp_path / "missing.jsonl"))


def test_registry() -> None:
    assert {"reference", "noop", "handback", "replay"} <= set(AGENTS)
    assert isinstance(make_agent("noop", replay="ignored"), NoopAgent)
    with pytest.raises(KeyError, match="available"):
        make_agent("oracle")
    with pytest.raises(ValueError, match="already registered"):
        register_agent("noop", NoopAgent)


def test_registering_a_new_agent() -> None:
    register_agent("constant-for-test", lambda **_: NoopAgent())
    try:
        assert isinstance(make_agent("constant-for-test"), NoopAgent)
    finally:
        del AGENTS["constant-for-test"]


def test_the_mutant_agent_draws_a_breaking_mutant_reproducibly(task: Task) -> None:
    from aspera_workbench.agents import MutantAgent

    agent = MutantAgent()
    first, again = agent.propose(task, 0), agent.propose(task, 0)
    assert first == again and first.program != task.program and first.mutation
    kind = first.mutation.split(":")[0]
    assert kind in {"drop_action", "shift_datetime", "change_attendee", "change_room", "duplicate_action",
                    "add_unrelated_event", "swallow_handback", "wrong_answer"}  # fmt: skip
    drawn = {agent.propose(task, seed).program for seed in range(8)}
    assert len(drawn) > 1  # seeds draw different mutants
    only = MutantAgent(["shift_datetime"])
    assert only.propose(task, 3).mutation.startswith("shift_datetime: ")  # type: ignore[union-attr]
    assert (agent.seeded, only.parameters()) == (True, {"kinds": ["shift_datetime"]})
    with pytest.raises(ValueError, match="unknown mutation kind"):
        MutantAgent(["explode"])
    with pytest.raises(ProgramUnavailable, match="no mutant"):
        MutantAgent(["change_room"]).propose(task.model_copy(update={"program": "def f():\n    return 1\n"}), 0)
