"""The prompts come from template files, versioned by their digest, and carry what each step needs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.authoring import GUIDELINES, scenario_for
from aspera_workbench.generation import GenerationPrompts, GuidelineSet, PromptBuilder
from aspera_workbench.generation.prompts import TEMPLATES

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


@pytest.fixture(scope="module")
def builder() -> PromptBuilder:
    tasks = load_tasks(MINI)
    examples = {"queries": tasks[:2], "program": tasks[:1], "setup": tasks[1:2], "evaluation": tasks[2:3]}
    scenario = scenario_for(["exceptions", "time_utils", "company_directory", "work_calendar"])
    return PromptBuilder(GenerationPrompts.load(), scenario, GuidelineSet.default(), examples, max_listed_queries=2)


def test_the_version_changes_with_any_template_file(tmp_path: Path) -> None:
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    first = GenerationPrompts.load(copy).version
    assert first.startswith("gen-1+") and first == GenerationPrompts.load().version
    (copy / "repair.txt").write_text((copy / "repair.txt").read_text() + "Thank you.\n")
    assert GenerationPrompts.load(copy).version != first
    (copy / "review.txt").unlink()
    with pytest.raises(FileNotFoundError, match="review.txt"):
        GenerationPrompts.load(copy)


def test_the_query_step_lists_recent_requests_and_the_focus(builder: PromptBuilder) -> None:
    system, user = builder.queries(
        4, "loops over dates", ["Hey, [Assistant], one.", "Hey, [Assistant], two.", "Hey, [Assistant], three."]
    )
    assert "invent new requests" in system["content"] and "def find_events(" in system["content"]
    assert "room_booking" not in system["content"].split("```python", 1)[1].split("```", 1)[0].split("# ")[0]
    assert load_tasks(MINI)[0].query in system["content"]  # worked examples
    assert (
        "Invent 4 new requests" in user["content"]
        and "concentrate on requests of this kind: loops over dates" in user["content"]
    )
    assert "- Hey, [Assistant], three." in user["content"] and "Hey, [Assistant], one." not in user["content"]
    _, plain = builder.queries(2, None, [])
    assert "concentrate" not in plain["content"] and "already holds" not in plain["content"]


def test_program_setup_and_evaluation_steps(builder: PromptBuilder) -> None:
    task = load_tasks(MINI)[0]
    _, program = builder.program(task.query)
    assert f"Request: {task.query}" in program["content"] and GUIDELINES.generation_labelling[0] in program["content"]
    system, setup = builder.setup(task.query, task.program)
    assert "def setup_env_book_design_review_with_ottoline():" in setup["content"]
    assert "def simulate_org_structure(" in setup["content"] and GUIDELINES.runtime_setup[0] in setup["content"]
    assert load_tasks(MINI)[1].state_generation_programs[0].strip() in system["content"]
    system, evaluation = builder.evaluation(
        task.query, task.program, "def setup_env_x():\n    pass\n", "it returns None."
    )
    assert "def evaluate_book_design_review_with_ottoline(query: str, executable" in evaluation["content"]
    assert "What the reference program does in that world: it returns None." in evaluation["content"]
    assert "def repetition_schedule(" in evaluation["content"] and "def simulate_org_structure(" in system["content"]
    repaired = builder.follow_up([system, evaluation], "old answer", "evaluation", problem="It accepts doing nothing.")
    assert repaired[-2] == {"role": "assistant", "content": "old answer"}
    assert "It accepts doing nothing." in repaired[-1]["content"] and "evaluation program" in repaired[-1]["content"]
    reviewed = builder.follow_up([system, evaluation], "old", "setup", comment="add a distractor", problem="ignored")
    assert "asks for a change: add a distractor" in reviewed[-1]["content"]


def test_a_guideline_set_from_yaml(tmp_path: Path) -> None:
    path = tmp_path / "strict.yaml"
    path.write_text("generation_labelling: [Be brief.]\nruntime_setup: [Two distractors.]\nevaluation: [Check all.]\n")
    rules = GuidelineSet.load(path)
    assert (
        rules.name == "strict" and rules.for_step("setup") == ["Two distractors."] and rules.for_step("queries") == []
    )
    path.write_text("generation_labelling: Be brief.\n")
    with pytest.raises(ValueError, match="lists of strings"):
        GuidelineSet.load(path)
