"""Building a task set from authoring modules (aspera_workbench.authoring)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.tasks import TaskFormatError, load_tasks
from aspera_core.tasks.release import BUILT_MARKER, NotBuiltHere
from aspera_workbench.authoring import (
    APPS,
    APPS_WITHOUT_ROOMS,
    GUIDELINES,
    TIMESTAMP,
    build_task_set,
    load_authored_tasks,
)
from aspera_workbench.authoring.build import EVALUATION_TOOLS, SIMULATION_TOOLS

HEADER_5 = """from aspera.apps_implementation.exceptions import *
from aspera.apps_implementation.time_utils import *
from aspera.apps_implementation.room_booking import *
from aspera.apps_implementation.company_directory import *
from aspera.apps_implementation.work_calendar import *
from aspera.runtime_state_generation_tools_implementation.company_directory import *
from typing import Any, Callable
from aspera.execution_evaluation_tools_implementation.exceptions import *
"""
HEADER_4 = HEADER_5.replace("from aspera.apps_implementation.room_booking import *\n", "")

SOLUTION = '''def book_it():
    """Book it."""
    add_event(Event(subject="It", starts_at=now_()))
'''
SETUP = """def setup_env_book_it():
    simulate_org_structure([])
"""
EVALUATION = """def evaluate_book_it(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    setup_function()
    executable()
"""
ENTRY = """

if __name__ == '__main__':
    from aspera.simulation.execution_context import ExecutionContext, new_context

    with new_context(ExecutionContext()):
        evaluate_book_it(query="", executable=book_it, setup_function=setup_env_book_it)
"""


def module(query: str, tags: str, *, no_rooms: bool = False, pairs: int = 1) -> str:
    lines = [HEADER_4 if no_rooms else HEADER_5, "", "#OK:", f"# {query}", f"# Tags: {tags}"]
    if no_rooms:
        lines.append("# Apps: no room_booking")
    text = "\n".join(lines) + "\n" + SOLUTION
    for _ in range(pairs):
        text += "\n\n#OK:\n" + SETUP
    for _ in range(pairs):
        text += "\n\n" + EVALUATION
    return text + ENTRY


@pytest.fixture
def root(tmp_path: Path) -> Path:
    code = tmp_path / "code"
    code.mkdir()
    (code / "query_1002.py").write_text(
        module("Hey, [Assistant], book it twice.", "action, loop", no_rooms=True, pairs=2)
    )
    (code / "query_1001.py").write_text(module("Hey, [Assistant], book it.", "action, relative_dates"))
    # not a task module: ignored
    (code / "notes.py").write_text("x = 1\n")
    return tmp_path


def test_build_fills_query_tags_programs_and_scenario(root: Path) -> None:
    tasks = build_task_set(root)
    assert [t.query_id for t in tasks] == ["1001", "1002"]
    first, second = tasks
    assert first.query == "Hey, [Assistant], book it."
    assert first.tags == ["action", "relative_dates"]
    assert first.program == SOLUTION
    assert first.state_generation_programs == [SETUP]
    assert first.evaluation_programs == [EVALUATION]
    assert first.timestamp == TIMESTAMP
    assert first.scenario.apps == APPS
    assert first.scenario.query_solution == ["work_calendar_query_solution"]
    assert first.scenario.runtime_setup == ["work_calendar_runtime_setup"]
    assert first.scenario.evaluation == ["work_calendar_evaluation"]
    assert first.scenario.simulation_tools == SIMULATION_TOOLS
    assert first.scenario.evaluation_tools == EVALUATION_TOOLS
    assert first.scenario.guidelines == GUIDELINES
    assert second.scenario.apps == APPS_WITHOUT_ROOMS
    assert second.tags == ["action", "loop"]
    assert len(second.pairs) == 2

    # the written set loads back as the same tasks
    assert load_tasks(root) == tasks
    plans = root / "plans"
    assert sorted(p.name for p in plans.iterdir()) == [
        BUILT_MARKER,  # the build's own folder: a later build may replace it
        "queries_001.nt",
        "query_id_to_shard.json",
        "query_to_query_id.json",
    ]


def test_guidelines_have_three_to_six_items() -> None:
    for stage in (GUIDELINES.generation_labelling, GUIDELINES.runtime_setup, GUIDELINES.evaluation):
        assert stage is not None and 3 <= len(stage) <= 6


def test_rebuild_is_byte_identical(root: Path) -> None:
    build_task_set(root)
    plans = root / "plans"
    first = {p.name: p.read_bytes() for p in plans.iterdir()}
    build_task_set(root)
    assert {p.name: p.read_bytes() for p in plans.iterdir()} == first


def test_plans_the_build_did_not_write_are_left_alone(root: Path) -> None:
    # It was deleted as if it were a stale shard of an earlier build.
    (root / "plans").mkdir()
    (root / "plans" / "queries_009.nt").write_text("- stale\n")
    with pytest.raises(
        NotBuiltHere, match=r"plans holds a task set aspera build-tasks did not write \(queries_009\.nt"
    ):
        build_task_set(root)
    assert sorted(p.name for p in (root / "plans").iterdir()) == ["queries_009.nt"]
    assert (root / "plans" / "queries_009.nt").read_text() == "- stale\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (module("Hey, [Assistant], book it.", "action, teleport"), "unknown tags"),
        (module("Hey, [Assistant], book it.", ""), "Tags"),
        (
            module("Hey, [Assistant], book it.", "action").replace(
                "# Tags: action", "# Tags: action\n# Apps: no room_booking"
            ),
            "header imports",
        ),
        (
            module("Hey, [Assistant], book it.", "action").replace(
                "# Tags: action", "# Tags: action\n# Apps: everything"
            ),
            "Apps",
        ),
        (
            module("Hey, [Assistant], book it.", "action").replace(
                SOLUTION, SOLUTION + "\n\n" + SOLUTION.replace("book_it", "book_more")
            ),
            "two solution functions",
        ),
    ],
)
def test_malformed_modules_are_reported(root: Path, text: str, message: str) -> None:
    (root / "code" / "query_1003.py").write_text(text)
    with pytest.raises(TaskFormatError, match=message):
        load_authored_tasks(root)


def test_cli_subcommand(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from aspera_workbench.cli import build_tasks

    parser = argparse.ArgumentParser()
    build_tasks.add_arguments(parser)
    assert build_tasks.run(parser.parse_args([str(root)])) == 0
    assert "built 2 tasks" in capsys.readouterr().out
    assert (root / "plans" / "queries_001.nt").exists()
    (root / "empty").mkdir()
    assert build_tasks.run(parser.parse_args([str(root / "empty")])) == 2
    assert capsys.readouterr().err.startswith("aspera build-tasks: error: no code/ folder")


@pytest.mark.parametrize("name", ["query_01003.py", "query_0.py", "query_abc.py", "query_1003 (copy).py"])
def test_a_module_named_like_a_task_but_without_an_id_is_reported_not_skipped(root: Path, name: str) -> None:
    # query_01003.py was skipped without a word: the task its author wrote was missing
    # from the build, which reported success with one task fewer.
    (root / "code" / name).write_text(module("Hey, [Assistant], book it thrice.", "action"))
    with pytest.raises(TaskFormatError, match=r"expected a file named query_<id>\.py") as raised:
        load_authored_tasks(root)
    assert name in str(raised.value)


def test_a_module_that_is_not_utf8_is_reported_with_its_name(root: Path) -> None:
    # It ended the build in a UnicodeDecodeError traceback that named no file.
    (root / "code" / "query_1003.py").write_bytes(b"\xff\xfe# Hey, [Assistant], book it.\n")
    with pytest.raises(TaskFormatError, match=r"code/query_1003\.py: not UTF-8 text"):
        load_authored_tasks(root)
