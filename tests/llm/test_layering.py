"""The model client stays out of the deterministic, offline layers."""

from __future__ import annotations

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_layer_below_agents_is_forbidden_to_import_the_client():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
        "contracts"
    ]
    layers = next(c for c in contracts if c.get("name") == "aspera_workbench layers")["layers"]
    below_agents = layers[layers.index("aspera_workbench.agents") + 1 :]
    modules = {name.strip() for layer in below_agents for name in layer.split("|")} - {"aspera_workbench.llm"}

    forbidding = [c for c in contracts if c["type"] == "forbidden" and "aspera_workbench.llm" in c["forbidden_modules"]]

    assert len(forbidding) == 1
    assert set(forbidding[0]["source_modules"]) == modules


def test_the_client_imports_nothing_else_of_the_package_but_file_writing_wording_and_option_types():
    # aspera_workbench.options and aspera_core.wording are leaves too: the settings share their types and counts
    sources = [*(ROOT / "aspera_workbench" / "llm").glob("*.py"), ROOT / "aspera_workbench" / "options.py"]
    offending = [
        path.name
        for path in sources
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith(("from aspera", "import aspera"))
        and not line.startswith(
            ("from aspera_core.fileio import", "from aspera_core.wording import", "from aspera_workbench.options ")
        )
    ]

    assert offending == []
