"""The audited subset a parameter set names (``audited_subset:``), as the tables read it."""

from __future__ import annotations

import os

from aspera_core.records import AuditedSubset, read_subset
from aspera_workbench.pipeline.paths import resolve_path


def load_subset(
    path: str | os.PathLike[str] | None, root: str | os.PathLike[str] | None = None
) -> AuditedSubset | None:
    """The audited subset in ``path`` (a subset file, or an audit file holding one), relative to the project root;
    ``None`` for none given (Table 3's audited-subset columns then stay empty, with a note).

    Raises:
        FileNotFoundError, aspera_core.records.SubsetFileError: as :func:`aspera_core.records.read_subset`.
    """
    resolved = resolve_path(path, root)
    return None if resolved is None else read_subset(resolved)
