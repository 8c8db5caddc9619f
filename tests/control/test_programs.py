"""Control program files: their conventions and how a folder of them is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_workbench.control.control_programs import (
    control_program_problems,
    default_control_dir,
    load_control_programs,
    load_control_wrong_programs,
)

GOOD = "# Hey, [Assistant], do it.\ndef do_it(world):\n    return None\n"


@pytest.mark.parametrize(
    ("program", "problem"),
    [
        (GOOD, None),
        ("def do_it():\n    pass\n", "exactly one parameter"),
        ("def do_it(world, extra):\n    pass\n", "exactly one parameter"),
        ("def do_it(*worlds):\n    pass\n", "exactly one parameter"),
        ("import datetime\n\ndef do_it(world):\n    pass\n", "exactly one top-level function"),
        ("def a(world):\n    pass\n\ndef b(world):\n    pass\n", "exactly one top-level function"),
        ("def do_it(world)\n    pass\n", "does not parse"),
        ("def do_it(world):\n    import datetime, calendar\n    from collections import Counter\n", None),
        ("def do_it(world):\n    from aspera_core.library import work_calendar\n", "line 2: imports 'aspera_core'"),
        ("def do_it(world):\n    import numpy as np\n", "imports 'numpy', which is not a standard-library"),
    ],
)
def test_conventions(program: str, problem: str | None) -> None:
    found = control_program_problems(program)
    assert (found == []) if problem is None else (problem in found[0])


def test_the_control_folder_sits_beside_plans(tmp_path: Path) -> None:
    (tmp_path / "plans").mkdir()
    shard = tmp_path / "plans" / "queries_001.nt"
    shard.write_text("")
    assert default_control_dir(tmp_path) == tmp_path / "control"
    assert default_control_dir(tmp_path / "plans") == tmp_path / "control"
    assert default_control_dir(shard) == tmp_path / "control"
    assert default_control_dir(tmp_path / "release.tgz") is None


def test_reading_a_folder_reports_each_unusable_file(tmp_path: Path) -> None:
    folder = tmp_path / "control"
    (folder / "wrong").mkdir(parents=True)
    (folder / "query_7.py").write_text(GOOD)
    (folder / "query_8.py").write_text("def do_it():\n    pass\n")
    (folder / "notes.txt").write_text("stray")
    programs, problems = load_control_programs(folder)
    assert programs == {"7": GOOD}
    assert [(p.source, p.query_id) for p in problems] == [("control/notes.txt", None), ("control/query_8.py", "8")]
    assert load_control_programs(tmp_path / "missing") == ({}, [])


def test_wrong_control_programs_follow_the_wrong_layout_and_the_control_conventions(tmp_path: Path) -> None:
    folder = tmp_path / "control"
    (folder / "wrong").mkdir(parents=True)
    (folder / "wrong" / "query_7.py").write_text(
        "# Wrong: does nothing\ndef do_it(world):\n    pass\n\n\n# Wrong: no world\ndef do_it():\n    pass\n"
    )
    (folder / "wrong" / "query_8.py").write_text("def do_it(world):\n    pass\n")
    wrong, problems = load_control_wrong_programs(folder)
    assert [w.reason for w in wrong["7"]] == ["does nothing"]
    assert {(p.source, p.query_id) for p in problems} == {
        ("control/wrong/query_7.py", "7"),
        ("control/wrong/query_8.py", "8"),
    }
