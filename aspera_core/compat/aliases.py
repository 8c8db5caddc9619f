"""A meta-path finder that aliases the original release's module names."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types

from aspera_core.release_names import APP_MODULES, CHECK_TOOL_MODULES, SETUP_TOOL_MODULES


def _build_aliases() -> dict[str, str]:
    aliases = {}
    for layer in ("apps", "apps_implementation"):
        for name in APP_MODULES:
            aliases[f"aspera.{layer}.{name}"] = f"aspera_core.library.{name}"
    for layer in ("runtime_state_generation_tools", "runtime_state_generation_tools_implementation"):
        for name in SETUP_TOOL_MODULES:
            aliases[f"aspera.{layer}.{name}"] = f"aspera_core.tools.setup.{name}"
    for layer in ("execution_evaluation_tools", "execution_evaluation_tools_implementation"):
        for name in CHECK_TOOL_MODULES:
            aliases[f"aspera.{layer}.{name}"] = f"aspera_core.tools.checks.{name}"
    aliases["aspera.simulation.execution_context"] = "aspera_core.world.state"
    return aliases


#: original module name -> the ``aspera_core`` module it resolves to
ALIASES: dict[str, str] = _build_aliases()

# Every dotted prefix of an alias must exist as a (namespace-like) package.
_PACKAGES = sorted({name.rsplit(".", depth)[0] for name in ALIASES for depth in range(1, name.count(".") + 1)})


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str | None) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        if self.target is None:
            package = types.ModuleType(spec.name, "Compatibility package of the original release's layout.")
            package.__path__ = []
            return package
        module = importlib.import_module(self.target)
        self._original_spec = module.__spec__
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        # The target module is already executed. importlib has just stamped the
        # alias spec onto it; give it back its own so reloads and pickling work.
        if self.target is not None:
            module.__spec__ = self._original_spec


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):  # noqa: D401 - importlib protocol
        if fullname in ALIASES:
            loader = _AliasLoader(ALIASES[fullname])
            return importlib.machinery.ModuleSpec(fullname, loader)
        if fullname in _PACKAGES:
            return importlib.machinery.ModuleSpec(fullname, _AliasLoader(None), is_package=True)
        return None


_FINDER = _AliasFinder()


def install() -> None:
    """Make the original release's import paths importable (idempotent).

    Refuses to shadow a real ``aspera`` package that is already imported.
    """
    if _FINDER in sys.meta_path:
        return
    existing = sys.modules.get("aspera")
    if existing is not None and getattr(existing, "__file__", None):
        raise ImportError(
            "a real 'aspera' package is already imported; the workbench cannot alias its module names in this process"
        )
    sys.meta_path.insert(0, _FINDER)
