"""The embedded task set is sound and its shards are built from its code modules."""

import shutil
from pathlib import Path

from aspera_workbench.authoring import build_task_set
from aspera_workbench.cli.main import main

TASK_SET = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"


def test_committed_plans_are_the_build_of_the_code_modules(tmp_path):
    copy = tmp_path / "set"
    shutil.copytree(TASK_SET / "code", copy / "code")
    build_task_set(copy)
    built = sorted(p.name for p in (copy / "plans").iterdir())
    committed = sorted(p.name for p in (TASK_SET / "plans").iterdir())
    assert built == committed
    for name in built:
        assert (copy / "plans" / name).read_bytes() == (TASK_SET / "plans" / name).read_bytes(), (
            f"plans/{name} is out of date: run `aspera build-tasks {TASK_SET.relative_to(TASK_SET.parents[1])}`"
        )


def test_validate_is_green_on_every_task(capsys):
    status = main(["validate", "--tasks", str(TASK_SET)])
    output = capsys.readouterr().out
    assert status == 0, output
    assert "84 tasks, 0 with problems" in output
