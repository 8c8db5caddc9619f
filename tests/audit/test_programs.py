"""The programs an audit runs on a task, and the alternatives folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.tasks.wrong_programs import WrongProgram
from aspera_workbench.audit import AlternativesError, candidates, load_alternatives, read_alternatives

from .support import sound_tasks

ALTERNATIVES = """# Correct: builds the start with datetime arithmetic
def book_review():
    pass


# Wrong: books Thursday instead

def book_review():
    pass
"""


def test_read_alternatives_takes_each_function_with_its_declaration() -> None:
    found = read_alternatives(ALTERNATIVES, "9101", "alt/query_9101.py")
    assert [(a.correct, a.reason, a.line) for a in found] == [
        (True, "builds the start with datetime arithmetic", 2),
        (False, "books Thursday instead", 8),
    ]
    assert found[1].program == "def book_review():\n    pass\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("def f():\n    pass\n", "alt/query_1.py:1: function 'f' needs a '# Correct: <why>' or '# Wrong: <why>' line"),
        ("# Right: fine\ndef f():\n    pass\n", "alt/query_1.py:2: function 'f' needs"),
        ("import os\n", "alt/query_1.py:1: only undecorated function definitions"),
        ("# Wrong: x\ndef f(:\n", "alt/query_1.py:2: does not parse as Python"),
        ("", "alt/query_1.py: holds no solution"),
    ],
)
def test_read_alternatives_names_the_file_and_line_of_a_problem(text: str, message: str) -> None:
    with pytest.raises(AlternativesError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        read_alternatives(text, "1", "alt/query_1.py")


def test_load_alternatives(tmp_path: Path) -> None:
    (tmp_path / "query_9101.py").write_text(ALTERNATIVES)
    (tmp_path / ".hidden.py").write_text("junk")
    assert list(load_alternatives(tmp_path)) == ["9101"]
    (tmp_path / "notes.py").write_text(ALTERNATIVES)
    with pytest.raises(AlternativesError, match="must be named query_<id>.py"):
        load_alternatives(tmp_path)
    with pytest.raises(AlternativesError, match="no such folder"):
        load_alternatives(tmp_path / "missing")


def test_candidates_reference_first_then_baselines_variants_and_declared_programs() -> None:
    task = sound_tasks()[0]
    wrong = [WrongProgram(task.query_id, "books Thursday", "def book_review():\n    return 1\n", 3, "wrong/q.py")]
    # (a wrong one that only said "pass" would be the noop baseline, kept once)
    alternatives = read_alternatives(
        ALTERNATIVES.replace("pass", "return 2", 1).replace("pass", "return 3"), task.query_id, "alt.py"
    )
    found = candidates(task, per_kind=1, wrong=wrong, alternatives=alternatives)
    assert [c.kind for c in found[:3]] == ["reference", "noop", "handback"]
    assert [c.expected for c in found[:3]] == ["pass", "fail", "fail"]  # (trivial agents must fail)
    assert [c.kind for c in found[-3:]] == ["hand_written_wrong", "alternative_correct", "alternative_wrong"]
    assert found[-3].description == "wrong/q.py:3: books Thursday"
    generated = [c for c in found if c.origin == "generated"]
    assert len({c.kind for c in generated}) == len(generated)  # one per kind
    # at most N generated variants in all, the same ones for the same seed
    limited = candidates(task, max_variants=4, seed=5)
    assert len([c for c in limited if c.origin == "generated"]) == 4
    assert limited == candidates(task, max_variants=4, seed=5)


def test_a_declared_program_wins_over_an_identical_generated_one() -> None:
    task = sound_tasks()[0]
    generated = [c for c in candidates(task, kinds=["drop_action"]) if c.origin == "generated"]
    [dropped] = [c for c in generated if "add_event" in c.description]
    alternative = read_alternatives("# Wrong: forgets to book\n" + dropped.source, task.query_id, "alt.py")
    found = candidates(task, kinds=["drop_action"], alternatives=alternative)
    same = [c for c in found if c.source == dropped.source]
    assert [c.kind for c in same] == ["alternative_wrong"]
