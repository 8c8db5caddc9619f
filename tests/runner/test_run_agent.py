"""Running agents over task sets: rows, selection, identity, resume, seeds, concurrency and replay."""

from __future__ import annotations

import errno
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from aspera_core.agents import NoopAgent, ProgramUnavailable, Proposal, ReferenceAgent, ReplayAgent, StopRun
from aspera_core.executor import SandboxConfig
from aspera_core.records import ExperimentMismatch, Generation, NotAResultsFile, Outcome, read_results, read_rows
from aspera_core.runner import AgentFailed, RunWarning, run_agent, select_tasks
from aspera_core.tasks import Task, load_tasks, tasks_digest

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
CONFIG = SandboxConfig(workers=2, timeout_s=5)


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI_RELEASE)


class ScriptedAgent:
    """A seeded agent that waits like a model would and answers from a function."""

    name = "scripted"
    model = "script-1"
    setting = "cck"
    seeded = True

    def __init__(self, answer: Any, delay_s: float = 0.0) -> None:
        self.answer = answer
        self.delay_s = delay_s
        self.calls: list[tuple[str, int | None]] = []
        self.lock = threading.Lock()
        self.active = 0
        self.most_active = 0

    def parameters(self) -> dict[str, Any]:
        return {"temperature": 0.0}

    def propose(self, task: Task, seed: int | None) -> Proposal:
        with self.lock:
            self.calls.append((task.query_id, seed))
            self.active += 1
            self.most_active = max(self.most_active, self.active)
        try:
            time.sleep(self.delay_s)
            return self.answer(task, seed)
        finally:
            with self.lock:
                self.active -= 1


def reference_answer(task: Task, seed: int | None) -> Proposal:
    return Proposal(program=task.program, generation=Generation(completion=task.program, requests=1))


def test_reference_rows(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "reference.jsonl"
    report = run_agent(tasks, ReferenceAgent(), out, CONFIG, task_set="mini", progress=False)
    results = read_results(out)
    assert report.evaluated == 4 and report.counts == {"success": 4} and report.expected == 4
    assert results.experiment is not None
    assert (results.experiment.agent, results.experiment.task_set) == ("reference", "mini")
    assert results.experiment.task_set_digest == tasks_digest(tasks)
    by_id = {row.task_id: row for row in results.rows}
    assert sorted(by_id) == ["9001", "9002", "9003", "9004"]
    for task in tasks:
        row = by_id[task.query_id]
        assert row.outcome is Outcome.SUCCESS
        assert (row.query, row.program, row.agent, row.model, row.seed, row.setting) == (
            task.query,
            task.program,
            "reference",
            None,
            None,
            None,
        )
        assert row.tags == tuple(task.tags)
        assert (row.pairs_run, row.pairs_total) == (1, 1)
        assert [(p.index, p.outcome) for p in row.pairs] == [(0, Outcome.SUCCESS)]
        assert row.run_id == report.run_id and row.started_at.endswith("+00:00")
    assert by_id["9002"].return_value == "135"


def test_rows_keep_the_detail_of_every_pair(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    run_agent(tasks, NoopAgent(), out, CONFIG, ids=["9001"], progress=False)
    (row,) = read_rows(out)
    (pair,) = row.pairs
    assert pair.outcome is Outcome.TASK_COMPLETION_ERROR and pair.origin == "evaluation"
    assert pair.error_type and pair.error_type.endswith("SolutionError") and pair.message


def test_resume_skips_tasks_already_in_the_file(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    first = run_agent(tasks, NoopAgent(), out, CONFIG, limit=2, progress=False)
    second = run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    third = run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    assert (first.evaluated, second.evaluated, second.already_done, third.evaluated) == (2, 2, 2, 0)
    rows = read_rows(out)
    assert sorted(row.task_id for row in rows) == ["9001", "9002", "9003", "9004"]
    assert all(row.outcome is Outcome.TASK_COMPLETION_ERROR for row in rows)
    assert len({row.run_id for row in rows}) == 2


def test_another_agent_into_the_same_file_is_refused(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "reference.jsonl"
    run_agent(tasks, ReferenceAgent(), out, CONFIG, progress=False)
    before = out.read_bytes()
    with pytest.raises(ExperimentMismatch, match="agent: 'reference' != 'noop'"):
        run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    assert out.read_bytes() == before
    changed = [tasks[0].model_copy(update={"query": tasks[0].query + " Please."}), *tasks[1:]]
    with pytest.raises(ExperimentMismatch, match="task_set_digest"):
        run_agent(changed, ReferenceAgent(), out, CONFIG, progress=False)
    report = run_agent(tasks, NoopAgent(), out, CONFIG, force_new=True, progress=False)
    assert report.out == tmp_path / "reference.2.jsonl" and report.evaluated == 4
    assert out.read_bytes() == before
    assert {row.agent for row in read_rows(report.out)} == {"noop"}


def test_force_new_resumes_out_when_it_holds_the_same_experiment(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    run_agent(tasks, NoopAgent(), out, CONFIG, limit=2, progress=False)
    report = run_agent(tasks, NoopAgent(), out, CONFIG, force_new=True, progress=False)
    assert (report.out, report.already_done, report.evaluated) == (out, 2, 2)
    again = run_agent(tasks, NoopAgent(), out, CONFIG, force_new=True, progress=False)
    assert (again.out, again.already_done, again.evaluated) == (out, 4, 0)
    assert [path.name for path in tmp_path.iterdir()] == ["noop.jsonl"]
    assert len(read_rows(out)) == 4


def test_force_new_again_resumes_the_file_it_started(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "run.jsonl"
    run_agent(tasks, ReferenceAgent(), out, CONFIG, progress=False)
    first = run_agent(tasks, NoopAgent(), out, CONFIG, limit=2, force_new=True, progress=False)
    second = run_agent(tasks, NoopAgent(), out, CONFIG, force_new=True, progress=False)
    assert first.out == second.out == tmp_path / "run.2.jsonl"
    assert (second.already_done, second.evaluated) == (2, 2)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["run.2.jsonl", "run.jsonl"]


def test_force_new_takes_the_first_file_of_this_experiment_or_the_first_free_one(
    tmp_path: Path, tasks: list[Task]
) -> None:
    out = tmp_path / "run.jsonl"
    run_agent(tasks, ReferenceAgent(), out, CONFIG, progress=False)
    notes = tmp_path / "run.2.jsonl"
    notes.write_text("not results\n")  # not a results file: passed over, untouched
    run_agent(tasks, NoopAgent(), tmp_path / "run.4.jsonl", CONFIG, limit=1, progress=False)
    noop = run_agent(tasks, NoopAgent(), out, CONFIG, force_new=True, progress=False)
    assert (noop.out, noop.already_done) == (tmp_path / "run.4.jsonl", 1)  # never a new number for this experiment
    fixed = run_agent(tasks, ReferenceAgent(), out, CONFIG, library_fixes=True, force_new=True, progress=False)
    assert fixed.out == tmp_path / "run.3.jsonl"  # the first number that is free
    (tmp_path / "run.5.jsonl").write_text("\n")  # whitespace only: free to start
    third = run_agent(tasks, NoopAgent(), out, CONFIG, library_fixes=True, force_new=True, progress=False)
    assert third.out == tmp_path / "run.5.jsonl"
    assert notes.read_text() == "not results\n"
    assert len(list(tmp_path.iterdir())) == 5


@pytest.mark.parametrize("content", ["# Notes\n\nkeep me\n", '{"a": 1}\n'])
def test_force_new_refuses_a_file_that_is_not_a_results_file(tmp_path: Path, tasks: list[Task], content: str) -> None:
    out = tmp_path / "README.md"
    out.write_text(content)
    with pytest.raises(NotAResultsFile, match="is not a results file"):
        run_agent(tasks, NoopAgent(), out, CONFIG, force_new=True, progress=False)
    assert out.read_text() == content
    assert sorted(path.name for path in tmp_path.iterdir()) == ["README.md"]


def test_force_new_refuses_a_folder(tmp_path: Path, tasks: list[Task]) -> None:
    (tmp_path / "runs").mkdir()
    with pytest.raises(NotAResultsFile, match="is a folder"):
        run_agent(tasks, NoopAgent(), tmp_path / "runs", CONFIG, force_new=True, progress=False)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["runs"]


def test_resume_after_a_cut_off_row(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    run_agent(tasks, NoopAgent(), out, CONFIG, ids=["9001", "9002"], progress=False)
    text = out.read_text()
    out.write_text(text[: len(text) - 30])  # the run was killed while writing 9002's row
    with pytest.warns(UserWarning, match="cut-off"):
        run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    ids = [row.task_id for row in read_rows(out)]
    assert sorted(ids) == ["9001", "9002", "9003", "9004"]


def test_resume_keeps_a_complete_last_row_without_its_newline(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    out.write_bytes(out.read_bytes()[:-1])  # only the final newline is lost
    report = run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    assert (report.evaluated, report.already_done, report.expected) == (0, 4, 4)
    assert sorted(row.task_id for row in read_rows(out)) == ["9001", "9002", "9003", "9004"]


def test_resume_after_a_cut_off_row_evaluates_that_task_again(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    out.write_bytes(out.read_bytes()[:-30])  # the last row is cut off
    with pytest.warns(UserWarning, match="removed a cut-off last line"):
        report = run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    assert (report.evaluated, report.already_done, report.expected) == (1, 3, 4)
    assert sorted(row.task_id for row in read_rows(out)) == ["9001", "9002", "9003", "9004"]


def test_selection(tasks: list[Task]) -> None:
    assert [t.query_id for t in select_tasks(tasks, ids=["9003", "9001"])] == ["9001", "9003"]
    assert [t.query_id for t in select_tasks(tasks, limit=3)] == ["9001", "9002", "9003"]
    assert [t.query_id for t in select_tasks(tasks, ids=["9004", "9002"], limit=1)] == ["9002"]
    with pytest.raises(ValueError, match="unknown task id"):
        select_tasks(tasks, ids=["1"])
    with pytest.raises(ValueError):
        select_tasks(tasks, limit=-1)


def test_nothing_selected_is_an_error_and_creates_no_file(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "none.jsonl"
    with pytest.raises(ValueError, match="no task selected"):
        run_agent(tasks, NoopAgent(), out, CONFIG, limit=0, progress=False)
    with pytest.raises(ValueError, match="no task selected"):
        run_agent([], NoopAgent(), out, CONFIG, progress=False)
    assert not out.exists()


def test_replay_reproduces_the_outcomes(tmp_path: Path, tasks: list[Task]) -> None:
    first = tmp_path / "first.jsonl"
    run_agent(tasks, ReferenceAgent(), first, CONFIG, ids=["9001", "9003"], progress=False)
    replayed = tmp_path / "replayed.jsonl"
    with pytest.warns(RunWarning) as caught:
        report = run_agent(tasks, ReplayAgent(first), replayed, CONFIG, progress=False)
    assert sorted(str(w.message).split(":")[0] for w in caught) == ["task 9002", "task 9004"]
    assert report.unavailable == ["9002", "9004"] and report.remaining == 0
    before = {row.task_id: (row.program, row.outcome) for row in read_rows(first)}
    after = {row.task_id: (row.program, row.outcome) for row in read_rows(replayed)}
    assert after == before
    assert {row.agent for row in read_rows(replayed)} == {"replay"}


def test_many_skipped_tasks_are_warned_of_in_one_line(tmp_path: Path, tasks: list[Task]) -> None:
    replay = tmp_path / "elsewhere.jsonl"
    replay.write_text('{"task_id": "1", "program": "def p():\\n    pass\\n"}\n')
    with pytest.warns(RunWarning) as caught:
        report = run_agent(tasks, ReplayAgent(replay), tmp_path / "out.jsonl", CONFIG, progress=False)
    assert report.unavailable == ["9001", "9002", "9003", "9004"]
    assert [str(warning.message) for warning in caught] == [
        f"4 of 4 task(s) skipped (9001, 9002, 9003 and 1 more); the first: task 9001: {replay} has no program "
        "for task 9001"
    ]


def test_seeded_agents_get_one_row_per_task_and_seed(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "seeds.jsonl"
    agent = ScriptedAgent(reference_answer)
    report = run_agent(tasks, agent, out, CONFIG, seeds=[0, 1], ids=["9001", "9002"], progress=False)
    assert (report.expected, report.evaluated) == (4, 4)
    assert sorted(agent.calls) == [("9001", 0), ("9001", 1), ("9002", 0), ("9002", 1)]
    rows = read_rows(out)
    assert sorted((r.task_id, r.seed) for r in rows) == sorted(agent.calls)
    assert {(r.model, r.setting) for r in rows} == {("script-1", "cck")}
    assert all(r.generation is not None and r.generation.requests == 1 for r in rows)
    again = ScriptedAgent(reference_answer)
    report = run_agent(tasks, again, out, CONFIG, seeds=[0, 1, 2], ids=["9001", "9002"], progress=False)
    assert sorted(again.calls) == [("9001", 2), ("9002", 2)] and report.already_done == 4
    with pytest.raises(ValueError, match="without repeats"):
        run_agent(tasks, again, out, CONFIG, seeds=[1, 1], progress=False)


def test_programs_are_requested_concurrently_and_verdicts_do_not_change(tmp_path: Path, tasks: list[Task]) -> None:
    many = [task.model_copy(update={"query_id": str(10000 + i), "query": f"{task.query} ({i})"})
            for i, task in enumerate(tasks * 8)]  # fmt: skip
    slow = ScriptedAgent(reference_answer, delay_s=0.2)
    report = run_agent(many, slow, tmp_path / "slow.jsonl", CONFIG, concurrency=16, progress=False)
    # Sixteen producers wait at the same time; the verdicts are those of the fast path.
    assert report.counts == {"success": 32} and slow.most_active > 8


def test_model_errors_are_recorded_apart_and_asked_again(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "flaky.jsonl"

    def fail_on_9002(task: Task, seed: int | None) -> Proposal:
        if task.query_id == "9002":
            return Proposal(failure=Outcome.MODEL_ERROR, message="HTTP 500 after 5 attempts")
        if task.query_id == "9003":
            return Proposal(failure=Outcome.PARSE_ERROR, message="no program in the answer")
        return reference_answer(task, seed)

    report = run_agent(tasks, ScriptedAgent(fail_on_9002), out, CONFIG, progress=False)
    assert (report.evaluated, report.model_errors) == (3, 1)
    outcomes = {row.task_id: row.outcome for row in read_rows(out)}
    assert outcomes == {
        "9001": Outcome.SUCCESS,
        "9002": Outcome.MODEL_ERROR,
        "9003": Outcome.PARSE_ERROR,
        "9004": Outcome.SUCCESS,
    }
    retry = ScriptedAgent(reference_answer)
    report = run_agent(tasks, retry, out, CONFIG, progress=False)
    assert retry.calls == [("9002", 0)] and report.counts == {"success": 1}


def test_stop_run_keeps_every_finished_row(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "budget.jsonl"

    def stop_after_two(task: Task, seed: int | None) -> Proposal:
        if task.query_id in ("9003", "9004"):
            raise StopRun("the spending limit of 0.01 USD is reached")
        return reference_answer(task, seed)

    report = run_agent(tasks, ScriptedAgent(stop_after_two), out, CONFIG, concurrency=1, progress=False)
    assert report.stopped == "the spending limit of 0.01 USD is reached"
    assert report.evaluated == 2 and report.remaining == 2
    # 9003 raised the stop while it was being worked on; 9004 was never started
    assert (report.cut_short, report.not_attempted) == (1, 1)
    assert sorted(row.task_id for row in read_rows(out)) == ["9001", "9002"]


@pytest.mark.parametrize("concurrency", [1, 3])
def test_a_run_stopped_on_its_first_task_counts_what_it_never_started(
    tmp_path: Path, tasks: list[Task], concurrency: int
) -> None:
    """Nothing was obtained, so no program counts as asked for; the report says what was cut short or left."""

    def stop_at_once(task: Task, seed: int | None) -> Proposal:
        raise StopRun("nothing answers at the endpoint")

    out = tmp_path / "stopped.jsonl"
    report = run_agent(tasks, ScriptedAgent(stop_at_once), out, CONFIG, concurrency=concurrency, progress=False)
    assert report.stopped and report.asked == 0 and report.evaluated == report.model_errors == 0
    assert report.cut_short >= 1 and report.cut_short + report.not_attempted == report.expected == 4
    if concurrency == 1:
        assert (report.cut_short, report.not_attempted) == (1, 3)
    assert read_rows(out) == []


def test_an_agent_that_crashes_stops_the_run_with_a_clear_error(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "crash.jsonl"

    def crash(task: Task, seed: int | None) -> Proposal:
        if task.query_id == "9003":
            raise KeyError("boom")
        if task.query_id == "9004":
            raise ProgramUnavailable("nothing for this one")
        return reference_answer(task, seed)

    with pytest.raises(AgentFailed, match="agent scripted failed on task 9003: KeyError"):
        run_agent(tasks, ScriptedAgent(crash), out, CONFIG, concurrency=1, progress=False)
    assert sorted(row.task_id for row in read_rows(out)) == ["9001", "9002"]


class ClosableAgent(ScriptedAgent):
    """A scripted agent holding a resource: it records when the runner closes it."""

    def __init__(self, answer: Any) -> None:
        super().__init__(answer)
        self.closed = 0
        self.proposed_after_close = False

    def propose(self, task: Task, seed: int | None) -> Proposal:
        self.proposed_after_close |= self.closed > 0
        return super().propose(task, seed)

    def close(self) -> None:
        self.closed += 1


def test_an_agent_with_close_is_closed_when_the_run_ends_however_it_ends(tmp_path: Path, tasks: list[Task]) -> None:
    finished = ClosableAgent(reference_answer)
    run_agent(tasks, finished, tmp_path / "closed.jsonl", CONFIG, concurrency=2, progress=False)
    assert finished.closed == 1 and not finished.proposed_after_close and len(finished.calls) == 4

    def crash(task: Task, seed: int | None) -> Proposal:
        raise KeyError("boom")

    crashed = ClosableAgent(crash)
    with pytest.raises(AgentFailed):
        run_agent(tasks, crashed, tmp_path / "crashed.jsonl", CONFIG, concurrency=1, progress=False)
    assert crashed.closed == 1
    # Nothing left to do: the agent is still closed once (a resumed run of a finished file).
    again = run_agent(tasks, finished, tmp_path / "closed.jsonl", CONFIG, progress=False)
    assert again.already_done == 4 and finished.closed == 2


def test_library_fixes_are_part_of_the_experiment_and_of_every_row(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "fixed.jsonl"
    run_agent(tasks, ReferenceAgent(), out, CONFIG, library_fixes=True, ids=["9001"], progress=False)
    results = read_results(out)
    assert results.experiment is not None and results.experiment.library_fixes
    assert [row.library_fixes for row in results.rows] == [True]
    with pytest.raises(ExperimentMismatch, match="library_fixes: True != False"):
        run_agent(tasks, ReferenceAgent(), out, CONFIG, progress=False)


def test_an_agent_that_cannot_write_a_named_file_stops_the_run_with_that_files_error(
    tmp_path: Path, tasks: list[Task]
) -> None:
    # A full disk under the prompts folder was reported as "agent cck failed on task ...:
    # OSError(28, 'No space left on device')" (exit 1), naming no file.
    out = tmp_path / "full.jsonl"
    prompt = tmp_path / "prompts" / "abc.json"

    def full_disk(task: Task, seed: int | None) -> Proposal:
        if task.query_id == "9003":
            raise OSError(errno.ENOSPC, "No space left on device", str(prompt))
        return reference_answer(task, seed)

    with pytest.raises(OSError) as failed:
        run_agent(tasks, ScriptedAgent(full_disk), out, CONFIG, concurrency=1, progress=False)
    assert not isinstance(failed.value, AgentFailed)
    assert (failed.value.filename, failed.value.strerror) == (str(prompt), "No space left on device")
    assert sorted(row.task_id for row in read_rows(out)) == ["9001", "9002"]
