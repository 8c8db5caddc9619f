"""notebooks/01_generate.ipynb: thin, and in batch mode it generates, writes and measures tasks under papermill."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pandas as pd
import papermill
import pytest
import yaml

import aspera_core
from aspera_core.tasks import load_tasks
from tests.generation.support import MINI_RELEASE, ScriptedModel, mini_tasks, script
from tests.support.openai_server import ScriptedOpenAIServer

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "01_generate.ipynb"
REQUEST = "Hey, [Assistant], two days from now at 2:30 PM, a 45-minute design review with Ottoline, please."


def test_the_notebook_is_thin_and_uses_only_the_public_api() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert notebook.metadata.kernelspec["name"] == "python3"
    assert any("parameters" in cell.metadata.get("tags", []) for cell in notebook.cells)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    assert not re.search(r"^\s*(def|class)\s", code, re.MULTILINE)
    assert [line.strip() for line in code.splitlines() if re.match(r"\s*(import|from)\s", line)] == [
        "import aspera_workbench as wb"
    ]
    assert set(re.findall(r"\bac\.(\w+)", code)) <= set(aspera_core.__all__)
    assert not any(cell.outputs for cell in notebook.cells if cell.cell_type == "code")


def test_batch_mode_under_papermill(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script(scripted_openai, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")  # the kernel inherits it
    settings = {
        "model": "scripted-model",
        "base_url": scripted_openai.base_url,
        "out": str(tmp_path / "out"),
        "session": str(tmp_path / "session.jsonl"),
        "cache_dir": str(tmp_path / "cache"),
        "examples_from": str(MINI_RELEASE),
        "rounds": [{"tasks": 1, "focus": "reviews"}],
        "mutants": 2,
        "rewrites": 0,
        "workers": 1,
    }
    (tmp_path / "generate.yaml").write_text(yaml.safe_dump(settings))
    executed = papermill.execute_notebook(
        str(NOTEBOOK),
        str(tmp_path / "executed.ipynb"),
        parameters={
            "params_file": str(tmp_path / "generate.yaml"),
            "batch": True,
            "figures_dir": str(tmp_path / "figures"),
        },
        kernel_name="python3",
        cwd=str(NOTEBOOK.parent),
        progress_bar=False,
    )
    assert not executed.metadata.papermill.get("exception")
    assert [task.query for task in load_tasks(tmp_path / "out")] == [REQUEST]
    text = "\n".join(o.get("text", "") for cell in executed.cells for o in cell.get("outputs", []))
    assert "1 of 1 proposed user requests became tasks (2001)" in text
    table = pd.read_csv(tmp_path / "figures" / "generation_diversity_by_focus.csv")
    assert list(table["focus"]) == ["reviews"] and list(table["tasks"]) == [1]
    assert (tmp_path / "figures" / "generation_diversity.png").stat().st_size > 5000
