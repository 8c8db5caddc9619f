"""The global namespaces that setup, evaluation and candidate programs run in.

Following the evaluation protocol (format part B.3):

* setup and evaluation programs of a pair share one namespace holding, in
  order, ``sys``, ``textwrap`` and ``ModuleType`` (the original script's own
  header), a star import of each scenario app, one named import per
  simulation tool, ``Any`` and ``Callable`` from ``typing``, and one named
  import per evaluation tool;
* the candidate program runs in a fresh module named ``query_executable`` that
  first receives the star imports of the scenario apps, so programs with and
  without their own import lines both work.

The imports are executed once per distinct scenario and the resulting
dictionaries are kept as templates; a pair gets a shallow copy, which is the
same as re-running the import lines because imports bind the same objects.
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
    """Star-import lines for the scenario apps, in scenario order.

    Args:
        apps: App module names such as ``work_calendar``.

    Returns:
        One ``from aspera.apps_implementation.<app> import *`` line per app.

    Raises:
        ValueError: an app name is not a Python identifier.
    """
    lines = []
    for app in apps:
        if not app.isidentifier():
            raise ValueError(f"app name {app!r} is not a module name")
        lines.append(f"from {APPS_PACKAGE}.{app} import *\n")
    return "".join(lines)


def evaluation_imports(
    apps: Sequence[str], simulation_tools: Sequence[str] | None, evaluation_tools: Sequence[str] | None
) -> str:
    """The import block that precedes setup and evaluation programs.

    Args:
        apps: Scenario apps.
        simulation_tools: ``module::function`` references of setup tools.
        evaluation_tools: ``module::function`` references of checking tools.

    Returns:
        Python source of the whole import block.

    Raises:
        ValueError: a name or reference is malformed.
    """
    parts = [SCRIPT_HEADER, app_imports(apps)]
    parts += [_tool_import(SETUP_TOOLS_PACKAGE, ref) for ref in simulation_tools or ()]
    parts.append("from typing import Any, Callable\n")
    parts += [_tool_import(CHECK_TOOLS_PACKAGE, ref) for ref in evaluation_tools or ()]
    return "".join(parts)


def _import_aliases() -> None:
    """Import every module the release's import paths name (those that exist).

    Programs import them freely; importing them up front keeps workers warm
    and fixes the packages' contents before the integrity baseline is taken.
    """
    for name in compat.ALIASES:
        try:
            importlib.import_module(name)
        except ImportError:
            continue


def _run_imports(source: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__builtins__": builtins}
    exec(compile(source, "<harness imports>", "exec", dont_inherit=True), namespace)
    return namespace


class NamespaceTemplates:
    """Builds and caches the namespace templates of each distinct scenario.

    Building a template imports the modules it names, so building templates
    in a parent process before forking workers keeps the imports warm. A
    process that evaluates a single pair and then exits (a sandbox worker)
    may use a template itself instead of a copy (``fresh=False``): copying
    touches every imported object, which in a freshly forked process costs a
    page copy each.
    """

    def __init__(self) -> None:
        compat.install()
        _import_aliases()
        self._evaluation: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._pristine: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._program: dict[tuple[str, ...], dict[str, Any]] = {}

    @staticmethod
    def _key(
        apps: Sequence[str], simulation_tools: Sequence[str] | None, evaluation_tools: Sequence[str] | None
    ) -> tuple[Any, ...]:
        return (tuple(apps), tuple(simulation_tools or ()), tuple(evaluation_tools or ()))

    def evaluation(
        self,
        apps: Sequence[str],
        simulation_tools: Sequence[str] | None,
        evaluation_tools: Sequence[str] | None,
        fresh: bool = True,
    ) -> dict[str, Any]:
        """The namespace for one pair's setup and evaluation programs.

        Args:
            apps: Scenario apps.
            simulation_tools: Setup tool references, or ``None``.
            evaluation_tools: Checking tool references, or ``None``.
            fresh: Return a new copy (``False``: the cached template itself,
                for a process that uses it once and exits).

        Returns:
            The namespace, with ``__name__`` set to ``"__console__"`` as in
            the original script.

        Raises:
            ImportError: a named module or tool does not exist.
            ValueError: a name or reference is malformed.
        """
        key = self._key(apps, simulation_tools, evaluation_tools)
        template = self._evaluation.get(key)
        if template is None:
            template = _run_imports(evaluation_imports(apps, simulation_tools, evaluation_tools))
            template["__name__"] = "__console__"
            self._evaluation[key] = template
            self._pristine[key] = dict(template)
        return dict(template) if fresh else template

    def pristine_evaluation(
        self, apps: Sequence[str], simulation_tools: Sequence[str] | None, evaluation_tools: Sequence[str] | None
    ) -> dict[str, Any]:
        """An untouched copy of an evaluation template (to tell what a program changed).

        Raises:
            KeyError: :meth:`evaluation` was never called for this scenario.
        """
        return self._pristine[self._key(apps, simulation_tools, evaluation_tools)]

    def program(self, apps: Sequence[str], fresh: bool = True) -> dict[str, Any]:
        """The names a candidate module receives before its own code runs.

        Args:
            apps: Scenario apps.
            fresh: Return a new copy (``False``: the cached template itself).

        Returns:
            A dictionary with the apps' star-imported names.

        Raises:
            ImportError: an app module does not exist.
            ValueError: an app name is malformed.
        """
        key = tuple(apps)
        template = self._program.get(key)
        if template is None:
            template = _run_imports(app_imports(apps))
            template.pop("__builtins__", None)
            self._program[key] = template
        return dict(template) if fresh else template
