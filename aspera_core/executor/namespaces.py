"""The global namespaces that setup, evaluation and candidate programs run in (format part B.3).

The imports run once per scenario and pairs get shallow copies, the same as importing again since imports bind
the same objects.
"""

from __future__ import annotations

import builtins
import importlib
from collections.abc import Sequence
from typing import Any

from aspera_core import compat

APPS_PACKAGE = "aspera.apps_implementation"
SETUP_TOOLS_PACKAGE = "aspera.runtime_state_generation_tools_implementation"
CHECK_TOOLS_PACKAGE = "aspera.execution_evaluation_tools_implementation"
SCRIPT_HEADER = "import sys\nimport textwrap\nfrom types import ModuleType\n"


def _tool_import(package: str, reference: str) -> str:
    module, _, name = reference.partition("::")
    if not name.isidentifier() or not all(part.isidentifier() for part in module.split(".")):
        raise ValueError(f"tool reference {reference!r} is not of the form 'module::function'")
    return f"from {package}.{module} import {name}\n"


def app_imports(apps: Sequence[str]) -> str:
    """One ``from aspera.apps_implementation.<app> import *`` line per app, in scenario order."""
    for app in apps:
        if not app.isidentifier():
            raise ValueError(f"app name {app!r} is not a module name")
    return "".join(f"from {APPS_PACKAGE}.{app} import *\n" for app in apps)


def evaluation_imports(scenario: Any) -> str:
    """The import block that precedes setup and evaluation programs (``ValueError`` if a name is malformed)."""
    parts = [SCRIPT_HEADER, app_imports(scenario.apps)]
    parts += [_tool_import(SETUP_TOOLS_PACKAGE, ref) for ref in scenario.simulation_tools or ()]
    parts.append("from typing import Any, Callable\n")
    parts += [_tool_import(CHECK_TOOLS_PACKAGE, ref) for ref in scenario.evaluation_tools or ()]
    return "".join(parts)


def _run_imports(source: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__builtins__": builtins}
    exec(compile(source, "<harness imports>", "exec", dont_inherit=True), namespace)
    return namespace


def scenario_key(scenario: Any) -> tuple[Any, ...]:
    """What distinguishes one scenario's namespaces from another's."""
    return (tuple(scenario.apps), tuple(scenario.simulation_tools or ()), tuple(scenario.evaluation_tools or ()))


class NamespaceTemplates:
    """Builds and caches each scenario's namespace templates; creating it imports every module of the aliases."""

    def __init__(self) -> None:
        compat.install()
        for name in compat.ALIASES:
            try:
                importlib.import_module(name)
            except ImportError:
                continue
        self._evaluation: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._program: dict[tuple[str, ...], dict[str, Any]] = {}
        # Set in a forked judge or candidate, which holds its own copy of the templates: each is then handed out
        # itself the first time (copying one writes to, so copies, the memory page of every name it binds).
        self.single_use = False

    def _hand_out(self, cache: dict[Any, dict[str, Any]], key: Any) -> dict[str, Any]:
        template = cache[key]
        if self.single_use:
            del cache[key]  # (built again if asked for again)
            return template
        return dict(template)

    def evaluation(self, scenario: Any) -> dict[str, Any]:
        """A new namespace for one pair's setup and evaluation programs (``ImportError``/``ValueError`` if broken)."""
        key = scenario_key(scenario)
        template = self._evaluation.get(key)
        if template is None:
            template = _run_imports(evaluation_imports(scenario))
            template["__name__"] = "__console__"
            self._evaluation[key] = template
        return self._hand_out(self._evaluation, key)

    def program(self, scenario: Any) -> dict[str, Any]:
        """The names a candidate module receives before its own code runs (the apps' star imports)."""
        key = tuple(scenario.apps)
        template = self._program.get(key)
        if template is None:
            template = _run_imports(app_imports(scenario.apps))
            template.pop("__builtins__", None)
            self._program[key] = template
        return self._hand_out(self._program, key)
