"""Prompts of model-backed agents and primitive-selection scores."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents.agent_prompts import (
    TEMPLATES,
    PromptFiles,
    builtin_annotation,
    cck_messages,
    control_messages,
    ps_messages,
    reference_primitives,
    return_annotation,
    selected_documentation,
    selected_names,
    selection_messages,
    selection_scores,
)
from aspera_workbench.control import render_control_docs
from aspera_workbench.surface.primitives import ALL_MODULES, module_primitives

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


def test_the_version_covers_the_control_prompt_files(tmp_path: Path, files: PromptFiles) -> None:
    data, templates = tmp_path / "data", tmp_path / "templates"
    shutil.copytree(ROOT / "data" / "prompts", data)
    shutil.copytree(TEMPLATES, templates)
    examples = data / "examples_control.py"
    examples.write_text(examples.read_text() + "\n# one more comment\n")
    assert PromptFiles.load(data, templates).version != files.version
    shutil.copy(ROOT / "data" / "prompts" / "examples_control.py", examples)
    (templates / "control_user.txt").write_text("Be brief.\n$return_type\nQuery: $query\n")
    assert PromptFiles.load(data, templates).version != files.version
    (templates / "control_user.txt").unlink()
    with pytest.raises(FileNotFoundError, match="control_user.txt"):
        PromptFiles.load(data, templates)
    shutil.copy(TEMPLATES / "control_user.txt", templates)
    examples.unlink()
    with pytest.raises(FileNotFoundError, match="examples_control.py"):
        PromptFiles.load(data, templates)


@pytest.mark.parametrize(
    ("control", "message"),
    [
        ("", "needs a mapping 'control'"),
        ("control:\n  11: Out of range.\n", "needs a mapping 'control'"),
        ("control: [one, two]\n", "needs a mapping 'control'"),
    ],
)
def test_control_guidelines_replace_library_ones_by_number(tmp_path: Path, control: str, message: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "prompts", data)
    text = (data / "guidelines.yaml").read_text()
    (data / "guidelines.yaml").write_text(text[: text.index("\ncontrol:")] + "\n" + control)
    with pytest.raises(ValueError, match=message):
        PromptFiles.load(data)


def test_control_examples_must_translate_the_library_ones_one_for_one(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "prompts", data)
    path = data / "examples_control.py"
    path.write_text(path.read_text().replace("Query: Cancel my quarterly", "Query: Cancel my yearly"))
    with pytest.raises(ValueError, match="one for one"):
        PromptFiles.load(data)


def test_the_control_guidelines_keep_the_numbers_and_name_no_library_function(files: PromptFiles) -> None:
    assert len(files.control_guidelines) == len(files.guidelines) == 10
    changed = [n for n, (a, b) in enumerate(zip(files.guidelines, files.control_guidelines), 1) if a != b]
    assert changed == [2, 3, 5, 8, 10]
    library_names = {name for module in ALL_MODULES for name in module_primitives(module, documented_only=True)}
    for guideline in files.control_guidelines:
        words = set(guideline.replace("(", " ").replace(",", " ").split())
        assert not words & library_names, guideline
    assert any("now_" in g for g in files.guidelines) and not any("now_" in g for g in files.control_guidelines)


def test_control_prompt_structure(files: PromptFiles, task: Task) -> None:
    reference = "# the query\ndef answer(world) -> list[str]:\n    return []\n"
    system, user = control_messages(task, files, reference=reference)
    text = system["content"]
    assert render_control_docs().strip() in text
    assert "# work_calendar.py" not in text and "def find_events(" not in text  # nothing of the library
    assert text.count("Query: ") == 5 and text.count("(world)") == 5  # the five translated examples
    for example in files.control_examples:
        assert example.strip() in text
    assert "The examples follow these 10 guidelines" in text and "\n10. " in text
    for guideline in files.control_guidelines:
        assert guideline in text
    assert "takes one argument, `world`" in user["content"] and "takes no arguments" not in user["content"]
    assert "return type should be `list[str]`" in user["content"]
    assert f"Query: {task.query}" in user["content"] and user["content"].rstrip().endswith("```python")
    # the same structure as the library prompt: role, documentation, examples, guidelines; question, fence
    library_system, library_user = cck_messages(task, files)
    assert text.split("\n", 1)[0][:60] == library_system["content"].split("\n", 1)[0][:60]
    assert (
        user["content"].splitlines()[1:]
        == library_user["content"].replace(f"`{return_annotation(task.program)}`", "`list[str]`").splitlines()[1:]
    )


def test_control_prompt_options(files: PromptFiles, task: Task) -> None:
    system, user = control_messages(task, files, examples=1, guidelines=False)
    assert system["content"].count("Query: ") == 1 and "guidelines" not in system["content"]
    assert "return type" not in user["content"]  # no reference program, no hint


@pytest.mark.parametrize(
    ("program", "expected"),
    [
        ("def f(world) -> int:\n    return 1\n", "int"),
        ("def f(world) -> list[str]:\n    return []\n", "list[str]"),
        ("def f(world) -> dict[str, int] | None:\n    return None\n", "dict[str, int] | None"),
        ("def f(world) -> datetime.datetime:\n    pass\n", None),
        ("def f(world) -> list[Event]:\n    return []\n", None),
        ("def f(world):\n    pass\n", None),
        (None, None),
        ("def f(:\n", None),
    ],
)
def test_only_built_in_return_types_are_recommended_to_control_programs(
    program: str | None, expected: str | None
) -> None:
    assert builtin_annotation(program) == expected


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
