"""The judge's prompt: built from its own files, versioned by their digest, never showing the reference; verdicts read."""

from __future__ import annotations

import ast
import builtins
import shutil
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.judge import JudgeVerdict
from aspera_workbench.judge.judge_prompts import (
    TEMPLATES,
    JudgePromptFiles,
    judge_messages,
    parse_verdict,
    without_imports,
)
from aspera_workbench.surface.primitives import ALL_MODULES, module_primitives

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


@pytest.fixture(scope="module")
def files() -> JudgePromptFiles:
    return JudgePromptFiles.load()


def test_the_prompt_shows_the_scenario_docs_the_date_the_request_and_the_program_but_never_the_reference(
    files: JudgePromptFiles,
) -> None:
    tasks = load_tasks(MINI_RELEASE)
    task = next(t for t in tasks if "room_booking" not in t.scenario.apps)
    candidate = "from datetime import timedelta\nimport os\n\ndef solve() -> None:\n    add_event(Event(subject='x'))\n"
    system, user = judge_messages(files, task.query, candidate, task.scenario.apps)
    assert (system["role"], user["role"]) == ("system", "user")
    assert "# work_calendar.py" in system["content"] and "def add_event(" in system["content"]
    assert "# room_booking.py" not in system["content"]  # only the task's own apps are documented
    assert all(f"{number}. " in system["content"] for number in range(1, len(files.guidelines) + 1))
    assert "Verdict: correct" in system["content"] and "Verdict: incorrect" in system["content"]
    assert "2024-06-25 09:06, a Tuesday" in user["content"]
    assert f"Request: {task.query}" in user["content"]
    assert "def solve() -> None:" in user["content"] and "import" not in user["content"].split("```python")[1]
    assert task.program.strip() not in system["content"] + user["content"]
    other = next(t for t in tasks if "room_booking" in t.scenario.apps)
    assert "# room_booking.py" in judge_messages(files, other.query, candidate, other.scenario.apps)[0]["content"]


def test_without_imports_keeps_everything_else_and_leaves_unparseable_text_alone() -> None:
    program = "import datetime\nfrom os import (\n    path,\n)\n\ndef f():\n    import json\n    return 1\n"
    assert without_imports(program) == "def f():\n    import json\n    return 1"
    assert without_imports("def broken(:\n    pass\n") == "def broken(:\n    pass"


def test_the_version_is_the_digest_of_every_prompt_file(tmp_path: Path, files: JudgePromptFiles) -> None:
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    assert JudgePromptFiles.load(copy).version == files.version
    guidelines = copy / "guidelines.yaml"
    guidelines.write_text(guidelines.read_text() + "- Another rule.\n")
    changed = JudgePromptFiles.load(copy)
    assert changed.version != files.version and changed.version.startswith("judge-1+")
    assert changed.guidelines[-1] == "Another rule."


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("guidelines.yaml", "rules: none\n", "non-empty list"),
        (
            "examples.yaml",
            "- query: q\n  program: p\n  verdict: maybe\n  explanation: e\n",
            "example 1: verdict must be",
        ),
        ("examples.yaml", "- query: q\n  program: p\n", "example 1 needs exactly the fields"),
        ("examples.yaml", "- [unclosed\n", "not valid YAML"),
    ],
)
def test_malformed_prompt_files_are_named(tmp_path: Path, name: str, text: str, message: str) -> None:
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    (copy / name).write_text(text)
    with pytest.raises(ValueError, match=message) as caught:
        JudgePromptFiles.load(copy)
    assert name in str(caught.value)
    (copy / "user.txt").unlink()
    with pytest.raises(FileNotFoundError, match="user.txt"):
        JudgePromptFiles.load(copy)


def test_the_judged_examples_are_programs_written_against_the_documented_library(files: JudgePromptFiles) -> None:
    assert {example.verdict for example in files.examples} == {"correct", "incorrect"}
    documented = {name for module in ALL_MODULES for name in module_primitives(module, documented_only=True)}
    for example in files.examples:
        tree = ast.parse(example.program)
        assert [type(node) for node in tree.body] == [ast.FunctionDef]
        names = [node for node in ast.walk(tree) if isinstance(node, ast.Name)]
        assigned = {node.id for node in names if isinstance(node.ctx, ast.Store)}
        read = {node.id for node in names if isinstance(node.ctx, ast.Load)}
        assert not read - assigned - documented - set(dir(builtins)), example.query


@pytest.mark.parametrize(
    ("answer", "verdict", "explanation"),
    [
        ("It books the right slot.\nVerdict: correct", JudgeVerdict.CORRECT, "It books the right slot."),
        ("Wrong day.\n\n**Verdict:** Incorrect.", JudgeVerdict.INCORRECT, "Wrong day."),
        (
            "Verdict: incorrect\nOn reflection it is fine.\nFinal verdict: correct",
            JudgeVerdict.CORRECT,
            "Verdict: incorrect\nOn reflection it is fine.",
        ),
        ("Verdict: correct", JudgeVerdict.CORRECT, None),
    ],
)
def test_the_last_verdict_line_counts(answer: str, verdict: JudgeVerdict, explanation: str | None) -> None:
    parsed = parse_verdict(answer)
    assert (parsed.verdict, parsed.explanation, parsed.problem) == (verdict, explanation, None)


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        (None, "empty"),
        ("   \n", "empty"),
        ("The program looks right to me.", "no 'Verdict: correct|incorrect' line"),
        ("Hard to say.\nVerdict: partly correct", "says 'partly correct'"),
        ('{"verdict": "correct"}', "no 'Verdict"),
        ("The verdict is clear: correct", "no 'Verdict"),
    ],
)
def test_answers_without_a_readable_verdict_are_not_judged(answer: str | None, problem: str) -> None:
    parsed = parse_verdict(answer)
    assert parsed.verdict is JudgeVerdict.NOT_JUDGED
    assert parsed.problem is not None and problem in parsed.problem
