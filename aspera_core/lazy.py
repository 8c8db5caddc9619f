"""Package attributes imported from their modules on first use (PEP 562).

The sandbox's fork server imports ``aspera_core.executor`` and the library only; were the package
``__init__`` files to import every layer, it would hold pydantic models, the runner and tqdm too, and each
judge and candidate forked from it would copy their page tables.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from typing import Any


def lazy_exports(
    package: str, modules: dict[str, Iterable[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, whose names listed under a module (``.name`` or
    ``..name``, relative to the package) are imported from that module when first asked for, then kept."""
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    return __getattr__, __dir__
