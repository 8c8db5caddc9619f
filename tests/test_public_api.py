"""``import aspera_core`` is cheap and gives notebooks the names they need."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import aspera_core

ROOT = Path(__file__).resolve().parents[1]


def test_importing_the_package_loads_no_heavy_dependency():
    code = (
        "import sys, aspera_core\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in {'pandas', 'matplotlib', 'scipy', 'papermill'}"
        " or m.startswith('aspera_core.'))\n"
        "print(heavy)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_every_public_name_is_the_object_of_its_module():
    for name in aspera_core.__all__:
        if name == "__version__":
            continue
        module = importlib.import_module(aspera_core._PUBLIC[name])
        assert getattr(aspera_core, name) is getattr(module, name), name
    assert set(aspera_core._PUBLIC) <= set(dir(aspera_core))
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        aspera_core.nothing_here  # noqa: B018


def test_the_readme_example_runs(tmp_path: Path):
    readme = (ROOT / "README.md").read_text()
    example = readme.split("## Python API", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert len(example.strip().splitlines()) == 5
    shutil.copytree(ROOT / "tests" / "fixtures" / "mini_release", tmp_path / "tests" / "fixtures" / "mini_release")
    result = subprocess.run(
        [sys.executable, "-c", example], cwd=tmp_path, capture_output=True, text=True, env={**os.environ}, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert "reference" in result.stdout and "100.0" in result.stdout
