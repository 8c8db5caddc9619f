"""Where the project lives, so that paths in parameters mean the same thing from any working directory.

Paths in parameter files (``params/*.yaml``) and in notebooks' parameter
cells are relative to the **project root**, not to wherever a kernel
happens to start: a notebook opened in JupyterLab runs in ``notebooks/``,
papermill runs wherever it is told. :func:`project_root` finds the root:

1. the ``ASPERA_ROOT`` environment variable, if set;
2. else the nearest folder, from the working directory upwards, holding a
   ``pyproject.toml`` of this workbench (a clone, or a project made from one);
3. else the folder above the installed ``aspera_core`` package when that
   holds such a ``pyproject.toml`` (an editable install of a clone);
4. else the working directory.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Environment variable that names the project root explicitly.
ROOT_VARIABLE = "ASPERA_ROOT"

_PROJECT_NAME = 'name = "aspera-workbench"'


def _is_root(folder: Path) -> bool:
    marker = folder / "pyproject.toml"
    try:
        return marker.is_file() and _PROJECT_NAME in marker.read_text(encoding="utf-8")
    except OSError:
        return False


def project_root(start: str | os.PathLike[str] | None = None) -> Path:
    """The folder that relative paths in parameters are resolved against (see the module docstring), from ``start`` upwards."""
    named = os.environ.get(ROOT_VARIABLE)
    if named:
        return Path(named).expanduser().resolve()
    here = Path(start if start is not None else os.getcwd()).resolve()
    for folder in (here, *here.parents):
        if _is_root(folder):
            return folder
    package_parent = Path(__file__).resolve().parents[2]
    if _is_root(package_parent):
        return package_parent
    return here


def resolve_path(path: str | os.PathLike[str] | None, root: str | os.PathLike[str] | None = None) -> Path | None:
    """A path from parameters (absolute, ``~``-prefixed or root-relative) made absolute; ``None`` stays ``None``."""
    if path is None or str(path) == "":
        return None
    candidate = Path(path).expanduser()
    if candidate.is_absolute():
        return candidate
    return Path(root).resolve() / candidate if root is not None else project_root() / candidate


def shown_path(path: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = None) -> str:
    """A path as it works from the working directory: relative when under it, else absolute."""
    target = Path(os.path.abspath(path))
    here = Path(os.path.abspath(cwd if cwd is not None else os.getcwd()))
    try:
        return str(target.relative_to(here))
    except ValueError:
        return str(target)


def project_relative(path: str | os.PathLike[str], root: str | os.PathLike[str] | None = None) -> Path:
    """A path as shown to people: relative to the project root when inside it (not the machine's absolute path)."""
    absolute = Path(path).expanduser().resolve()
    base = Path(root).resolve() if root is not None else project_root()
    try:
        return absolute.relative_to(base)
    except ValueError:
        return absolute
