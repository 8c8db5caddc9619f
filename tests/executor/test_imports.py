"""Reading results never loads the sandbox: the plain result types sit below it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

SANDBOX_MODULES = ("aspera_core.executor",)


def loaded_after(statement: str) -> list[str]:
    """Module names a fresh interpreter has loaded after running ``statement``."""
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])


@pytest.mark.parametrize("package", ["aspera_core.records", "aspera_core.analysis"])
def test_results_readers_load_no_sandbox_code(package: str) -> None:
    modules = loaded_after(f"import {package}")
    assert package in modules
    assert [name for name in modules if name.startswith(SANDBOX_MODULES)] == []
    assert [name for name in modules if "seccomp" in name or "landlock" in name] == []
    # (the analysis reads the library's inventory of primitives; records need nothing of it)
    if package == "aspera_core.records":
        assert [name for name in modules if name.startswith(("aspera_core.library", "aspera_core.tools"))] == []


def test_records_load_no_ctypes() -> None:
    # (numpy, which the analysis layer needs, loads ctypes by itself)
    modules = loaded_after("import aspera_core.records")
    assert "ctypes" not in modules and "_ctypes" not in modules


def test_the_evaluating_process_does_not_import_the_library() -> None:
    """The library is imported by the fork server only; a sandbox's caller stays light."""
    modules = loaded_after("import aspera_core.executor")
    assert [name for name in modules if name.startswith(("aspera_core.library", "aspera_core.tools"))] == []
