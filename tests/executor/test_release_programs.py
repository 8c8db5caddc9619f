"""Programs written for the release run unchanged: with its import lines, its star-import namespace."""

from __future__ import annotations

import pytest

from aspera_core.executor import Evaluator, Job, Outcome, Sandbox, evaluate_program
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.authoring import read_code_module

from .support import MINI_RELEASE, describe

pytestmark = pytest.mark.skipif(not MINI_RELEASE.exists(), reason="mini release fixture missing")


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI_RELEASE)


def release_header(task: Task) -> str:
    """The import header of the task's code/ module, as the release writes it."""
    text = (MINI_RELEASE / "code" / f"query_{task.query_id}.py").read_text(encoding="utf-8")
    return "".join(line + "\n" for line in text.splitlines() if line.startswith(("from ", "import ")))


def test_reference_programs_pass(sandbox: Sandbox, tasks: list[Task]) -> None:
    for job, verdict in sandbox.run(Job(task, task.program) for task in tasks):
        assert verdict.outcome is Outcome.SUCCESS, (job.task.query_id, describe(verdict))


def test_reference_programs_pass_with_the_release_import_header(sandbox: Sandbox, tasks: list[Task]) -> None:
    jobs = [Job(task, release_header(task) + "\n\n" + task.program) for task in tasks]
    assert all(job.program.startswith("from aspera.apps_implementation.exceptions import *") for job in jobs)
    for job, verdict in sandbox.run(jobs):
        assert verdict.outcome is Outcome.SUCCESS, (job.task.query_id, describe(verdict))


def test_code_modules_run_unchanged(sandbox: Sandbox, tasks: list[Task]) -> None:
    """The AEP read back from a code/ module (explicit imports, local imports) passes."""
    for task in tasks:
        text = (MINI_RELEASE / "code" / f"query_{task.query_id}.py").read_text(encoding="utf-8")
        program, _sips, _eps = read_code_module(text)
        verdict = sandbox.evaluate(
            task, "from aspera.apps_implementation.work_calendar import *\nimport datetime\n\n" + program
        )
        assert verdict.outcome is Outcome.SUCCESS, (task.query_id, describe(verdict))


def test_named_imports_from_release_modules(sandbox: Sandbox, tasks: list[Task]) -> None:
    task = next(t for t in tasks if t.query_id == "9002")
    program = (
        "from aspera.apps_implementation.company_directory import find_employee\n"
        "import aspera.apps_implementation.work_calendar as calendar\n\n" + task.program
    )
    verdict = sandbox.evaluate(task, program)
    assert verdict.outcome is Outcome.SUCCESS, describe(verdict)
    assert verdict.return_value == "135"


def test_doing_nothing_fails_every_task(sandbox: Sandbox, tasks: list[Task]) -> None:
    jobs = [Job(task, f"def {task.solution_name}():\n    pass\n") for task in tasks]
    for job, verdict in sandbox.run(jobs):
        assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR, (job.task.query_id, describe(verdict))


def test_handing_back_passes_only_the_ambiguous_task(sandbox: Sandbox, tasks: list[Task]) -> None:
    program = "def {name}():\n    raise RequiresUserInput('Which one do you mean?')\n"
    outcomes = {
        job.task.query_id: verdict.outcome
        for job, verdict in sandbox.run(Job(t, program.format(name=t.solution_name)) for t in tasks)
    }
    assert outcomes == {
        "9001": Outcome.HANDBACK_CONTROL,
        "9002": Outcome.HANDBACK_CONTROL,
        "9003": Outcome.SUCCESS,
        "9004": Outcome.HANDBACK_CONTROL,
    }


def test_in_process_evaluation_gives_the_same_verdicts(tasks: list[Task]) -> None:
    evaluator = Evaluator()
    for task in tasks:
        assert evaluate_program(task, task.program, evaluator).outcome is Outcome.SUCCESS
        assert evaluator.evaluate(task, f"def {task.solution_name}():\n    pass\n").outcome is (
            Outcome.TASK_COMPLETION_ERROR
        )


def test_program_module_is_registered_only_while_it_runs(tasks: list[Task]) -> None:
    import sys

    program = "import sys\n\ndef {name}():\n    assert 'query_executable' in sys.modules\n    assert __name__ == 'query_executable'\n"
    task = tasks[0]
    verdict = Evaluator().evaluate(task, program.format(name=task.solution_name))
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR  # ran without errors, did nothing
    assert "query_executable" not in sys.modules


def test_programs_may_import_from_the_tool_packages(sandbox: Sandbox, tasks: list[Task]) -> None:
    """Import lines naming the setup and checking tool packages resolve too."""
    task = next(t for t in tasks if t.query_id == "9002")
    program = (
        "from aspera.runtime_state_generation_tools_implementation.company_directory import *\n"
        "from aspera.execution_evaluation_tools_implementation.exceptions import SolutionError\n"
        "from aspera.simulation.execution_context import ExecutionContext\n\n"
        f"def {task.solution_name}():\n"
        "    raise SolutionError('I give up')\n"
    )
    verdict = sandbox.evaluate(task, program)
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR, describe(verdict)
    assert verdict.error_type == "aspera_core.tools.checks.exceptions.SolutionError"
    assert verdict.pairs[0].origin == "program"


def test_triple_quotes_and_backslashes_need_no_escaping(sandbox: Sandbox, tasks: list[Task]) -> None:
    task = next(t for t in tasks if t.query_id == "9002")
    program = (
        f"def {task.solution_name}() -> int:\n"
        "    '''A docstring with ''' + \"\\\\n\" + ''' escapes.'''\n"
        "    text = 'a\\nb'\n"
        "    assert text.count('\\n') == 1\n"
        "    return 135\n"
    )
    verdict = sandbox.evaluate(task, program)
    assert verdict.outcome is Outcome.TASK_COMPLETION_ERROR or verdict.outcome is Outcome.SUCCESS, describe(verdict)
    assert verdict.return_value == "135"
