"""Prompts of model-backed agents and primitive-selection scores."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.agents.prompting import (
    TEMPLATES,
    PromptFiles,
    cck_messages,
    ps_messages,
    reference_primitives,
    return_annotation,
    selected_documentation,
    selected_names,
    selection_messages,
    selection_scores,
)
from aspera_core.tasks import Task, load_tasks

ROOT = Path(__file__).resolve().parents[2]
MINI_RELEASE = ROOT / "tests" / "fixtures" / "mini_release"


@pytest.fixture(scope="module")
def files() -> PromptFiles:
    return PromptFiles.load()


@pytest.fixture(scope="module")
def task() -> Task:
    return load_tasks(MINI_RELEASE)[1]


def test_cck_prompt_structure(files: PromptFiles, task: Task) -> None:
    system, user = cck_messages(task, files)
    assert (system["role"], user["role"]) == ("system", "user")
    text = system["content"]
    for app in task.scenario.apps:
        assert f"# {app}.py" in text
    assert text.count("Query: ") == 5  # the five worked examples
    assert "The examples follow these 10 guidelines" in text and "\n10. " in text
    assert "class NOT_GIVEN" not in text and "EMPLOYEE_FIELDS" not in text  # not documented by the original
    assert user["content"].rstrip().endswith("```python")
    assert f"Query: {task.query}" in user["content"]
    annotation = return_annotation(task.program)
    assert annotation and f"return type should be `{annotation}`" in user["content"]
    assert task.program.split(":")[0] not in text + user["content"]  # nothing else of the reference leaks


def test_without_guidelines_or_with_fewer_examples(files: PromptFiles, task: Task) -> None:
    system, _ = cck_messages(task, files, examples=1, guidelines=False)
    assert system["content"].count("Query: ") == 1 and "guidelines" not in system["content"]


def test_the_version_changes_with_any_prompt_file(tmp_path: Path, files: PromptFiles) -> None:
    data, templates = tmp_path / "data", tmp_path / "templates"
    shutil.copytree(ROOT / "data" / "prompts", data)
    shutil.copytree(TEMPLATES, templates)
    assert PromptFiles.load(data, templates).version == files.version
    (templates / "user.txt").write_text((templates / "user.txt").read_text() + "Be brief.\n")
    changed = PromptFiles.load(data, templates)
    assert changed.version != files.version and changed.version.startswith("1+")
    (data / "guidelines.yaml").write_text("program: nope\n")
    with pytest.raises(ValueError, match="needs lists"):
        PromptFiles.load(data, templates)
    (data / "examples.py").unlink()
    with pytest.raises(FileNotFoundError, match="examples.py"):
        PromptFiles.load(data, templates)


def test_selection_prompt_shows_one_module_and_the_query(files: PromptFiles, task: Task) -> None:
    (message,) = selection_messages(task, "room_booking", files)
    text = message["content"]
    assert "# room_booking.py" in text and "def search_conference_room(" in text
    assert "def find_events(" not in text
    assert f"Query: {task.query}" in text and "answer None" in text
    assert "keep these 3 guidelines in mind" in text


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            "```python\nfrom work_calendar import find_events, Event\nfrom time_utils import now_\n```",
            ["find_events", "Event", "now_"],
        ),
        ("None", []),
        ("", []),
        ("from aspera.apps.work_calendar import add_event", ["add_event"]),
        ("```python\nfrom work_calendar import *\n```", []),
        ("```python\nfrom work_calendar import (\n    add_event,\n    made_up_name,\n)\n```", ["add_event"]),
        ("I would use:\n```python\nfrom work_calendar import find_events\nthen call it(\n```", ["find_events"]),
    ],
    ids=["block", "none", "empty", "bare-line", "star", "wrapped-unknown", "broken-block"],
)
def test_selected_names(answer: str, expected: list[str]) -> None:
    assert selected_names(answer) == expected


def test_selection_scores_follow_the_original_conventions() -> None:
    assert selection_scores([], []).model_dump(include={"precision", "recall", "f1"}) == {
        "precision": 1.0,
        "recall": 1.0,
        "f1": 1.0,
    }
    assert (selection_scores([], ["a"]).precision, selection_scores([], ["a"]).f1) == (0.0, 0.0)
    nothing_needed = selection_scores(["a"], [])
    assert (nothing_needed.precision, nothing_needed.recall, nothing_needed.f1) == (0.0, 1.0, 0.0)
    scores = selection_scores(["a", "b", "c", "a"], ["a", "d"])
    assert scores.selected == ("a", "b", "c")
    assert (scores.precision, scores.recall) == (pytest.approx(1 / 3), 0.5)
    assert scores.f1 == pytest.approx(2 * (1 / 3) * 0.5 / (1 / 3 + 0.5))


def test_reference_primitives_count_documented_names_only(task: Task) -> None:
    names = reference_primitives(task)
    assert names and all(isinstance(name, str) for name in names)
    assert "get_event_by_id" not in names and "NOT_GIVEN" not in names


def test_ps_documentation_holds_what_was_selected_and_what_it_needs(files: PromptFiles, task: Task) -> None:
    text = selected_documentation(task, ["find_events", "search_conference_room", "not_a_name"], files)
    assert "def find_events(" in text
    assert "class Event(" in text  # mentioned by find_events' documentation
    assert "def share_calendar(" not in text
    if "room_booking" not in task.scenario.apps:
        assert "search_conference_room" not in text  # only the scenario's apps
    system, _ = ps_messages(task, ["find_events"], files)
    assert system["content"].count("Query: ") == 1 and "def find_events(" in system["content"]
    assert len(system["content"]) < len(cck_messages(task, files)[0]["content"])
