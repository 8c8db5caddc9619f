"""The audited subset: the tasks whose evaluation programs an audit found sound, tied to one task set.

``aspera audit`` writes it (beside its report, and inside the report as ``audited_subset``); ``aspera summary
--subset FILE`` and the pipeline's ``audited_subset:`` parameter read it, from either file, to report success on
those tasks alone. It names the task set by content digest, so that it is never applied to other tasks.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from aspera_core.fileio import write_atomic

SUBSET_FORMAT = "aspera-audited-subset"
SUBSET_VERSION = 1


class SubsetFileError(ValueError):
    """A file is neither an audited subset nor an audit holding one (the message names the file)."""


class AuditedSubset(BaseModel):
    """Tasks an audit found sound (no false rejection, no false acceptance) among ``audited`` tasks of a set.

    ``task_set_digest`` is the content digest of the whole set the audited tasks were chosen from.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = SUBSET_FORMAT
    version: int = SUBSET_VERSION
    task_set: str = ""
    task_set_digest: str
    audited: tuple[str, ...]
    task_ids: tuple[str, ...]
    created: str = ""
    criterion: str = Field(default="no false rejection and no false acceptance")

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def write(self, path: str | Path) -> Path:
        """Write the subset as JSON, atomically."""
        return write_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")

    @property
    def size(self) -> str:
        """``"41 of 84 audited tasks"``."""
        return f"{len(self.task_ids)} of {len(self.audited)} audited tasks"

    def covers(self, task_ids: Iterable[str]) -> list[str]:
        """Those of ``task_ids`` that the audit did not audit (a subset says nothing about them)."""
        audited = set(self.audited)
        return [task_id for task_id in task_ids if task_id not in audited]


def read_subset(path: str | Path) -> AuditedSubset:
    """The audited subset in ``path``: a subset file, or an audit file (``aspera audit --out``) that holds one.

    Raises:
        FileNotFoundError: no such file.
        SubsetFileError: anything else, in one line naming the file.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise SubsetFileError(f"{path}: not a JSON file ({error.__class__.__name__})") from None
    if isinstance(data, dict) and data.get("format") == "aspera-audit":
        data = data.get("audited_subset")
        if data is None:
            raise SubsetFileError(f"{path}: an audit written before audits recorded their audited subset: run it again")
    if not isinstance(data, dict) or data.get("format") != SUBSET_FORMAT:
        raise SubsetFileError(f"{path}: neither an audited subset nor an audit file")
    if data.get("version") != SUBSET_VERSION:
        raise SubsetFileError(f"{path}: audited-subset version {data.get('version')!r} is not supported")
    try:
        return AuditedSubset.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise SubsetFileError(
            f"{path}: malformed audited subset ({'.'.join(map(str, first['loc']))}: {first['msg']})"
        ) from None
