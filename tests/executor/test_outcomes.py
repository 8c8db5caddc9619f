"""Every outcome, reached by a real program evaluated in the sandbox."""

from __future__ import annotations

import pytest

from aspera_core.executor import Outcome, Sandbox

from .support import (
    EVALUATE_BARE_ASSERT,
    EVALUATE_EXPECTS_HANDBACK,
    GOOD_MEETING,
    answer_task,
    describe,
    meeting_task,
    source,
)


def test_success(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(answer_task(), "def answer():\n    return 42\n")
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)
    assert (verdict.error_type, verdict.message, verdict.traceback) == (None, None, None)
    assert verdict.pairs_run == verdict.pairs_total == 1
    assert verdict.return_value == "42"


def test_success_with_library_calls_and_local_import(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(meeting_task(), GOOD_MEETING)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)


@pytest.mark.parametrize("program", ["def answer():\n    return 42 +\n", "def answer(:\n    return 42\n"])
def test_syntax_error_runs_no_pair(sandbox: Sandbox, program: str) -> None:
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.SYNTAX_ERROR
    assert verdict.error_type == "SyntaxError"
    assert verdict.pairs_run == 0
    assert "SyntaxError" in verdict.traceback


def test_indentation_error_is_a_syntax_error(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(answer_task(), "def answer():\nreturn 42\n")
    assert verdict.outcome is Outcome.SYNTAX_ERROR
    assert verdict.error_type == "IndentationError"


@pytest.mark.parametrize("text", ["I cannot help with that request.", "", "x = 42\n"])
def test_parse_error_when_no_function_is_defined(sandbox: Sandbox, text: str) -> None:
    verdict = sandbox.evaluate(answer_task(), text)
    assert verdict.outcome is Outcome.PARSE_ERROR
    assert verdict.pairs_run == 0


def test_execution_error_keeps_type_message_and_traceback(sandbox: Sandbox) -> None:
    program = "def answer():\n    return undefined_name + 1\n"
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "NameError"
    assert "undefined_name" in verdict.message
    # the traceback shows the program's line, not the executor's frames
    assert 'File "<program>", line 2, in answer' in verdict.traceback
    assert "return undefined_name + 1" in verdict.traceback
    assert "aspera_core/executor" not in verdict.traceback


def test_task_completion_error_from_solution_error(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(answer_task(), "def answer():\n    return 41\n")
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR
    assert verdict.error_type.endswith("SolutionError")
    assert "expected 42, got 41" in verdict.message


def test_bare_assert_in_evaluation_is_task_completion(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(answer_task(EVALUATE_BARE_ASSERT), "def answer():\n    return 41\n")
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR
    assert verdict.error_type == "AssertionError"


def test_assert_failing_inside_the_program_is_an_execution_error(sandbox: Sandbox) -> None:
    program = "def answer():\n    assert 1 == 2, 'my own check'\n    return 42\n"
    verdict = sandbox.evaluate(answer_task(EVALUATE_BARE_ASSERT), program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.message == "my own check"


def test_building_an_employee_by_hand_is_task_completion(sandbox: Sandbox) -> None:
    program = 'def answer():\n    Employee(name="Ada Lovelace")\n    return 42\n'
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR, describe(verdict)
    assert verdict.error_type == "pydantic_core._pydantic_core.ValidationError"


def test_handback_control(sandbox: Sandbox) -> None:
    program = 'def answer():\n    raise RequiresUserInput("Which Ada do you mean?")\n'
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.HANDBACK_CONTROL
    assert verdict.error_type.endswith("RequiresUserInput")
    assert verdict.message == "Which Ada do you mean?"


def test_handback_expected_by_the_evaluation_is_success(sandbox: Sandbox) -> None:
    program = 'def answer():\n    raise RequiresUserInput("Which Ada do you mean?")\n'
    verdict = sandbox.evaluate(answer_task(EVALUATE_EXPECTS_HANDBACK), program)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)


def test_a_class_named_like_the_handback_exception_counts_as_handback(sandbox: Sandbox) -> None:
    program = source(
        """
        class RequiresUserInput(Exception):
            pass

        def answer():
            raise RequiresUserInput("Which Ada?")
        """
    )
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.HANDBACK_CONTROL


def test_timeout(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(answer_task(), "def answer():\n    while True:\n        pass\n")
    assert verdict.outcome is Outcome.TIMEOUT
    # the worker reported where the program was stuck
    assert 'File "<program>"' in verdict.traceback


def test_resource_error(sandbox: Sandbox) -> None:
    program = source(
        """
        def answer():
            hoard = []
            while True:
                hoard.append(bytearray(1 << 20))
        """
    )
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.RESOURCE_ERROR, describe(verdict)
    assert verdict.error_type == "MemoryError"


def test_system_exit_is_an_execution_error(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(answer_task(), "import sys\n\ndef answer():\n    sys.exit(0)\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "SystemExit"


def test_error_in_setup_program_is_an_execution_error(sandbox: Sandbox) -> None:
    broken_setup = "def setup_env_answer():\n    assert False, 'broken world'\n"
    verdict = sandbox.evaluate(answer_task(setup=broken_setup), "def answer():\n    return 42\n")
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.message == "broken world"
    assert verdict.pairs[0].origin == "setup"


def test_output_logs_and_warnings_never_fail_a_task(sandbox: Sandbox) -> None:
    program = source(
        """
        import logging
        import sys
        import warnings

        def answer():
            print("thinking")
            print("to stderr", file=sys.stderr)
            logging.getLogger("anything").warning("a log line")
            warnings.warn("a warning")
            return 42
        """
    )
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)
    assert "thinking" in verdict.stdout
    assert "to stderr" in verdict.stderr
    assert "a log line" in verdict.stderr
    assert "a warning" in verdict.stderr


def test_output_is_kept_as_a_bounded_tail(sandbox: Sandbox) -> None:
    program = "def answer():\n    for i in range(100000):\n        print('line', i)\n    return 42\n"
    verdict = sandbox.evaluate(answer_task(), program)
    assert verdict.outcome is Outcome.SUCCESS
    assert len(verdict.stdout) < 5000
    assert verdict.stdout.rstrip().endswith("line 99999")


def test_pairs_run_in_order_and_all_must_pass(sandbox: Sandbox) -> None:
    task = answer_task(pairs=2)
    assert sandbox.evaluate(task, "def answer():\n    return 42\n").pairs_run == 2
    # the program remembers nothing between pairs: module code runs again for each pair
    program = source(
        """
        import builtins

        def answer():
            builtins.__dict__.setdefault("calls", []).append(1)
            return 42 if len(builtins.calls) == 1 else 0
        """
    )
    verdict = sandbox.evaluate(task, program)
    assert verdict.outcome is not Outcome.SUCCESS


def test_task_completion_error_stops_the_remaining_pairs(sandbox: Sandbox) -> None:
    verdict = sandbox.evaluate(answer_task(pairs=3), "def answer():\n    return 41\n")
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR
    assert verdict.pairs_run == 1
    assert verdict.pairs_total == 3


def test_handback_in_one_pair_wins_over_an_execution_error_in_another() -> None:
    from aspera_core.executor import Evaluator

    first = source(
        """
        def setup_env_answer():
            simulate_org_structure(["Ada Lovelace"])
        """
    )
    second = "def setup_env_answer():\n    simulate_org_structure([])\n"
    task = answer_task()
    task.state_generation_programs = [first, second]
    task.evaluation_programs = [task.evaluation_programs[0]] * 2
    program = source(
        """
        def answer():
            if find_employee("Ada Lovelace"):
                return undefined_name
            raise RequiresUserInput("Who?")
        """
    )
    verdict = Evaluator().evaluate(task, program)
    assert [pair.outcome for pair in verdict.pairs] == [Outcome.EXECUTION_ERROR, Outcome.HANDBACK_CONTROL]
    assert verdict.outcome is Outcome.HANDBACK_CONTROL


@pytest.mark.parametrize("outcome", list(Outcome))
def test_outcome_values_are_the_project_vocabulary(outcome: Outcome) -> None:
    assert outcome.value in {
        "success",
        "syntax_error",
        "execution_error",
        "task_completion_error",
        "handback_control",
        "timeout",
        "resource_error",
        "parse_error",
        "model_error",
    }
