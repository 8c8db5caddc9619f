"""The modules a task's scenario may name, and the names each tool module defines.

A scenario lists the apps whose star imports precede every program and the
setup and checking tools (``module::function``) imported by name before the
setup and evaluation programs (format parts A.4 and B.3). A misspelt entry
would otherwise surface only when the task runs, as an import error of the
harness that names neither the task's field nor the entry; checking it while
reading the task names both.

The tools' names are read from the tools' source files, without importing them:
importing the library costs more than parsing a whole task set, and a set
loaded from the parse cache should pay for neither.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
from pathlib import Path

from aspera_core.compat import ALIASES, APP_MODULES, CHECK_TOOL_MODULES, SETUP_TOOL_MODULES

#: scenario field -> (package of the release the references resolve in, its modules)
TOOL_FIELDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "simulation_tools": ("aspera.runtime_state_generation_tools_implementation", SETUP_TOOL_MODULES),
    "evaluation_tools": ("aspera.execution_evaluation_tools_implementation", CHECK_TOOL_MODULES),
}


def app_problem(app: str) -> str | None:
    """What is wrong with one ``scenario.apps`` entry, or ``None`` if it names a library module."""
    if app in APP_MODULES:
        return None
    return f"unknown app {app!r}; the library's apps are {', '.join(APP_MODULES)}"


def tool_problem(field: str, reference: str) -> str | None:
    """What is wrong with one well-formed ``module::function`` reference of ``field``, or ``None``.

    Args:
        field: ``"simulation_tools"`` or ``"evaluation_tools"``.
        reference: The entry, already known to be of the form ``module::function``.
    """
    package, modules = TOOL_FIELDS[field]
    module, _, name = reference.partition("::")
    if module not in modules:
        return f"unknown module {module!r} in {reference!r}; the {field} modules are {', '.join(modules)}"
    defined = module_names(ALIASES[f"{package}.{module}"])
    if defined is not None and name not in defined:
        return f"{reference!r}: module {module!r} has no {name!r}"
    return None


def source_files() -> list[Path]:
    """The files the answers of this module depend on (for the parse cache's key)."""
    targets = {ALIASES[f"{package}.{module}"] for package, modules in TOOL_FIELDS.values() for module in modules}
    return sorted(_source(target) for target in targets)


def _source(module: str) -> Path:
    spec = importlib.util.find_spec(module)  # imports only the (empty) parent packages
    if spec is None or spec.origin is None:  # pragma: no cover - the package ships these modules
        raise ImportError(f"cannot find the source of {module}")
    return Path(spec.origin)


@functools.cache
def module_names(module: str) -> frozenset[str] | None:
    """The names a ``from module import name`` finds in a module, read from its source.

    Returns:
        Every name bound at the module's top level (definitions, assignments,
        imports, also inside top-level ``if``/``try``/``with`` blocks), or
        ``None`` when the source cannot say (a star import, a module
        ``__getattr__``): then any name is accepted.
    """
    tree = ast.parse(_source(module).read_bytes())
    names: set[str] = set()
    statements: list[ast.stmt] = list(tree.body)
    while statements:
        node = statements.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if alias.name == "*":
                    return None
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, ast.If | ast.Try | ast.With):
            statements += node.body + getattr(node, "orelse", []) + getattr(node, "finalbody", [])
            statements += [s for handler in getattr(node, "handlers", []) for s in handler.body]
    return None if "__getattr__" in names else frozenset(names)
