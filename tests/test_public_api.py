"""The two packages: ``aspera_core`` is light and eager, ``aspera_workbench`` gives notebooks their names."""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import aspera_core
import aspera_workbench

ROOT = Path(__file__).resolve().parents[1]

#: What the core must never load: the workbench and the research layer's dependencies.
HEAVY = (
    "aspera_workbench",
    "pandas",
    "matplotlib",
    "seaborn",
    "scipy",
    "openai",
    "papermill",
    "jupyter",
    "voila",
    "ipywidgets",
    "ipykernel",
    "nbformat",
    "inspect_ai",
)


def loaded_after(statement: str) -> list[str]:
    """Module names a fresh interpreter has loaded after running ``statement``."""
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])


def test_the_core_loads_nothing_of_the_workbench_or_its_dependencies():
    modules = loaded_after("import aspera_core")
    assert [name for name in modules if name.split(".")[0].startswith(HEAVY)] == []


def test_the_core_api_is_eager_and_each_name_is_its_module_object():
    # Every public name is bound when the package is imported (no lazy look-up to hide a broken import).
    assert set(aspera_core.__all__) <= set(vars(aspera_core))
    assert aspera_core.run_agent is importlib.import_module("aspera_core.runner").run_agent
    assert aspera_core.SandboxConfig is importlib.import_module("aspera_core.executor").SandboxConfig


def test_the_workbench_facade_names_only_what_notebooks_call_and_resolves_each():
    called = set()
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(notebook.read_text())["cells"]:
            source = "".join(cell["source"])
            called |= set(re.findall(r"\bwb\.(\w+)", source))
    public = set(aspera_workbench.__all__) - {"__version__"}
    # the Python guide's script example also uses make_agent and run_agent
    assert public - called <= {"make_agent", "run_agent"}, sorted(public - called)
    for name in public:
        module = importlib.import_module(aspera_workbench._PUBLIC[name])
        assert getattr(aspera_workbench, name) is getattr(module, name), name
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        aspera_workbench.nothing_here  # noqa: B018


def test_importing_the_workbench_stays_cheap():
    modules = loaded_after("import aspera_workbench")
    assert [name for name in modules if name.split(".")[0] in {"pandas", "matplotlib", "openai", "papermill"}] == []


def test_the_python_guide_example_runs(tmp_path: Path):
    guide = (ROOT / "docs" / "python.md").read_text()
    example = guide.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(example.strip().splitlines()) == 5
    shutil.copytree(ROOT / "tests" / "fixtures" / "mini_release", tmp_path / "tests" / "fixtures" / "mini_release")
    result = subprocess.run(
        [sys.executable, "-c", example], cwd=tmp_path, capture_output=True, text=True, env={**os.environ}, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert "reference" in result.stdout and "100.0" in result.stdout


def test_running_a_built_in_agent_loads_neither_the_model_client_nor_the_library():
    # `aspera run --agent reference` imports only the command's module up front; the sandbox's
    # fork server imports the library, and prompt builders and the model client load on first use.
    modules = loaded_after("import aspera_workbench.cli.run")
    assert [name for name in modules if name.split(".")[0] in {"openai", "pandas", "inspect_ai"}] == []
    assert [name for name in modules if name.startswith("aspera_core.library")] == []
