"""What a candidate starts from: fresh namespaces in each pair (also where a forked process hands out its
templates themselves), and an environment holding only the names it keeps."""

from __future__ import annotations

import ast
import os

import pytest

from aspera_core.executor import Evaluator, NamespaceTemplates, Outcome, Sandbox
from aspera_core.executor.server import KEPT_ENVIRONMENT

from .support import SETUP, Scenario, SmallTask, answer_task, hostile_config, source

# Each pair's evaluation and program leave a global behind and fail if an earlier pair's is there.
EVALUATE_FRESH = source(
    """
    def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        setup_function()
        if "left_by_an_earlier_pair" in globals():
            raise SolutionError("the evaluation saw an earlier pair's global")
        globals()["left_by_an_earlier_pair"] = True
        result = executable()
        if result != 42:
            raise SolutionError(f"expected 42, got {result!r}")
    """
)
PROGRAM_FRESH = source(
    """
    def answer():
        earlier = "left_by_an_earlier_pair" in globals()
        globals()["left_by_an_earlier_pair"] = True
        return 0 if earlier else 42
    """
)


def test_a_single_use_template_is_handed_out_once_then_built_again() -> None:
    templates = NamespaceTemplates()
    scenario = Scenario()
    shared = templates.program(scenario)
    templates.single_use = True
    first = templates.program(scenario)
    first["left_by_an_earlier_pair"] = True
    second = templates.program(scenario)
    assert second is not first and second == shared
    assert "left_by_an_earlier_pair" not in templates.evaluation(scenario)


def test_every_pair_starts_with_fresh_namespaces() -> None:
    task = answer_task(EVALUATE_FRESH, pairs=3)
    with Sandbox(hostile_config(workers=1)) as box:
        verdicts = [box.evaluate(task, PROGRAM_FRESH), *box.evaluate_many(task, [PROGRAM_FRESH] * 2)]
    verdicts.append(Evaluator().evaluate(task, PROGRAM_FRESH))
    for verdict in verdicts:
        assert (verdict.outcome, verdict.pairs_run) == (Outcome.SUCCESS, 3), verdict.message


def test_the_candidate_keeps_only_the_named_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASPERA_TEST_SECRET", "not for programs")
    monkeypatch.setenv("TZ", "UTC")
    program = "import os\n\ndef answer():\n    print(sorted(os.environ.items()))\n    return 42\n"
    with Sandbox(hostile_config(workers=1)) as box:
        verdict = box.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.SUCCESS, verdict.message
    names = {name for name, _ in ast.literal_eval(verdict.stdout)}
    assert names <= {*KEPT_ENVIRONMENT, "TMPDIR", "HOME"} and {"TZ", "TMPDIR", "HOME"} <= names
    assert ("TZ", "UTC") in ast.literal_eval(verdict.stdout)


def test_the_setup_and_evaluation_programs_see_only_the_named_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # The fork server drops the rest once, so neither the judge nor any candidate holds it (an API key, say).
    monkeypatch.setenv("ASPERA_TEST_SECRET", "not for task code either")
    monkeypatch.setenv("TZ", "UTC")
    evaluation = source(
        """
        def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
            import os
            setup_function()
            extra = sorted(set(os.environ) - {*KEPT, "TMPDIR", "HOME"})
            if extra or os.environ.get("TZ") != "UTC":
                raise SolutionError(f"the evaluation saw {extra} (TZ={os.environ.get('TZ')!r})")
            if executable() != 42:
                raise SolutionError("expected 42")
        """
    ).replace("KEPT", repr(KEPT_ENVIRONMENT))
    with Sandbox(hostile_config(workers=1)) as box:
        verdict = box.evaluate(answer_task(evaluation), "def answer():\n    return 42\n")
    assert verdict.outcome is Outcome.SUCCESS, verdict.message


def test_the_candidate_holds_only_its_two_pipes_and_dev_null() -> None:
    program = source(
        """
        import os

        def answer():
            targets = []
            for name in os.listdir("/proc/self/fd"):
                try:
                    targets.append(os.readlink(f"/proc/self/fd/{name}"))
                except OSError:  # the listing's own descriptor, closed since
                    pass
            print(repr(targets))
            return 42
        """
    )
    with Sandbox(hostile_config(workers=2)) as box:
        verdict = box.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.SUCCESS, verdict.message
    targets = ast.literal_eval(verdict.stdout)
    pipes = [target for target in targets if target.startswith("pipe:")]
    assert len(pipes) == 2 and set(targets) - set(pipes) <= {os.devnull}, targets


def test_each_candidate_draws_its_own_random_numbers_before_any_context_seeds_them() -> None:
    # Python reseeds the random stream in a forked child; a fork server that forks without Python's at-fork hooks
    # must do the same, or every program's module code would draw the same numbers within a run.
    program = "import random\n\nDRAW = random.random()\n\ndef answer():\n    print(DRAW)\n    return 42\n"
    with Sandbox(hostile_config(workers=1)) as box:
        verdicts = [box.evaluate(answer_task(), program) for _ in range(3)]
    assert all(verdict.outcome is Outcome.SUCCESS for verdict in verdicts), [v.message for v in verdicts]
    assert len({verdict.stdout for verdict in verdicts}) == 3, [verdict.stdout for verdict in verdicts]


def test_the_fork_server_loads_none_of_the_core_s_runner_records_or_agents() -> None:
    # A candidate is a fork of the fork server's memory: what it has loaded, the server loaded. Every fork maps
    # those modules, and loading them delays the server's start, yet no judge or candidate uses them.
    program = source(
        """
        import sys

        def answer():
            print(sorted(name for name in sys.modules if name.startswith(("aspera_core", "tqdm"))))
            return 42
        """
    )
    with Sandbox(hostile_config(workers=1)) as box:
        verdict = box.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.SUCCESS, verdict.message
    loaded = ast.literal_eval(verdict.stdout)
    unneeded = ("aspera_core.runner", "aspera_core.records", "aspera_core.agents", "tqdm")
    assert [name for name in loaded if name.startswith(unneeded)] == []
    assert "aspera_core.library" in loaded


def test_no_process_of_a_sandbox_shows_the_environment_it_was_started_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """``/proc/self/environ`` shows a process's environment as it was when its program started: the fork server's,
    which every judge and candidate inherits. The server starts with what Python needs only, never an API key."""
    monkeypatch.setenv("ASPERA_TEST_SECRET", "sk-not-for-task-code-or-programs")
    shown = "    print(open('/proc/self/environ', 'rb').read())\n"
    program = "def answer():\n" + shown + "    return 42\n"
    task = SmallTask([SETUP + shown], answer_task().evaluation_programs)
    with Sandbox(hostile_config(workers=1)) as box:
        verdicts = [box.evaluate(answer_task(), program), box.evaluate(task, "def answer():\n    return 42\n")]
    for verdict in verdicts:
        assert verdict.outcome is Outcome.SUCCESS, verdict.message
        assert "PYTHONPATH=" in verdict.stdout and "ASPERA_TEST_SECRET" not in verdict.stdout, verdict.stdout
