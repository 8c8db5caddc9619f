"""The package keeps its layering: each layer imports only from the layers below."""

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_import_layers_contract_is_kept():
    lint = shutil.which("lint-imports", path=str(pathlib.Path(sys.executable).parent))
    assert lint, "import-linter is a test dependency (pip install -e '.[test]')"
    result = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " kept, 0 broken" in result.stdout
