"""The Python guide's custom-agent example and minimal replay format work as written (docs/python.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aspera_core.agents import Agent, ReplayAgent
from aspera_core.tasks import load_tasks
from aspera_workbench.agents import AGENTS, make_agent

REPO = Path(__file__).resolve().parents[2]
GUIDE = (REPO / "docs" / "python.md").read_text(encoding="utf-8")
TASK_SET = REPO / "data" / "aspera_workbench_v1"


def block_after(heading: str, language: str) -> str:
    section = GUIDE[GUIDE.index(heading) :]
    match = re.search(rf"```{language}\n(.*?)```", section, re.DOTALL)
    assert match, f"no {language} block after {heading!r}"
    return match.group(1)


def test_the_custom_agent_example_registers_a_working_agent() -> None:
    code = block_after("## Custom agents", "python")
    try:
        exec(compile(code, "docs/python.md", "exec"), {})
        agent = make_agent("shortest")
        # every member of the Agent protocol (checked by name: on Python 3.11 a
        # protocol's isinstance also demands caches a sandbox run may add to it)
        members = {name for name in vars(Agent) if not name.startswith("_")} | set(Agent.__annotations__)
        assert members == {"name", "model", "setting", "seeded", "parameters", "propose"}
        assert all(hasattr(agent, name) for name in members) and callable(agent.propose)
        task = load_tasks(TASK_SET)[0]
        assert agent.propose(task, None).program == task.program
    finally:
        AGENTS.pop("shortest", None)


def test_the_minimal_replay_format_is_read(tmp_path: Path) -> None:
    example = json.loads(block_after("## Replaying programs written elsewhere", "json"))
    assert set(example) == {"task_id", "program"}
    task = next(t for t in load_tasks(TASK_SET) if t.query_id == example["task_id"])
    lines = [
        json.dumps({"task_id": task.query_id, "program": task.program}),
        "not json at all",
        json.dumps({"task_id": task.query_id, "program": "def later(): pass"}),  # the first line counts
    ]
    path = tmp_path / "programs.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert ReplayAgent(path).program(task) == task.program


def test_the_python_api_example_names_real_functions() -> None:
    code = block_after("## The modules behind `aspera_core`", "python")
    imports = "\n".join(line for line in code.splitlines() if line.startswith("from "))
    exec(compile(imports, "docs/python.md", "exec"), {})
    with pytest.raises(FileNotFoundError):
        exec(compile(imports + "\nopen_task_set('no/such/set')", "docs/python.md", "exec"), {})
