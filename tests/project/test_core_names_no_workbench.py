"""The core does not depend on the workbench, not even by naming its modules in strings (which the import
linter cannot see): a setting that needs its own values to cross the sandbox passes them in its
``SandboxConfig.value_modules``."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _names_of_the_workbench(source: str) -> list[int]:
    """Lines where code (not a docstring or comment) names ``aspera_workbench``."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if "aspera_workbench" in node.value:
                found.append(node.lineno)
        elif isinstance(node, ast.Import) and any(a.name.startswith("aspera_workbench") for a in node.names):
            found.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("aspera_workbench"):
            found.append(node.lineno)
    return found


def test_the_core_names_no_workbench_module():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "aspera_core").rglob("*.py"))
        for line in _names_of_the_workbench(path.read_text())
    ]
    assert not found, "the core names the workbench:\n" + "\n".join(found)


def test_the_check_sees_strings_and_imports_but_not_docstrings():
    source = (
        '"""Mentions aspera_workbench.control in prose."""\n'
        "import aspera_workbench\n"
        "from aspera_workbench.control import surface\n"
        "MODULES = ('aspera_workbench.control.surface',)\n"
        "def f():\n"
        '    """See aspera_workbench."""\n'
        "    return 1  # aspera_workbench in a comment\n"
    )
    assert _names_of_the_workbench(source) == [2, 3, 4]
