"""The reference program's footprints, taken once per task and kept on disk beside the task-set cache.

The checked verdict compares each program's footprint with the reference program's on the same pair
(:mod:`aspera_core.grading`). The reference's is taken in a judge like any evaluation, once per task: a file per
task set under ``$ASPERA_CACHE_DIR/references`` (or ``~/.cache/aspera-workbench/references``), keyed by the task
set's digest and, inside, by each task's own content, the library fixes and the grading version, so that a
changed task, another setting or other grading code never reuses a footprint taken for something else. The
candidate programs never see it: it is read and compared in the evaluating process only.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from aspera_core.fileio import make_folders, write_atomic
from aspera_core.grading import GRADING_VERSION, Footprint
from aspera_core.tasks import Task, cache_folder, tasks_digest


def task_key(task: Task, library_fixes: bool) -> str:
    """What a reference footprint was taken for: the task's content, the library fixes and the grading version."""
    record = json.dumps(task.to_record(), sort_keys=True, ensure_ascii=False)
    text = f"{record}\nfixes={library_fixes}\ngrading={GRADING_VERSION}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class ReferenceFootprints:
    """The reference footprints of some tasks: those already on disk, and those taken during a run.

    ``folder=None`` keeps them in memory only (the disk cache is off)."""

    def __init__(self, tasks: Iterable[Task], library_fixes: bool, folder: Path | None = None) -> None:
        tasks = list(tasks)
        self.library_fixes = library_fixes
        self.path = None if folder is None or not tasks else folder / f"{tasks_digest(tasks)[:32]}.json"
        self._found: dict[str, tuple[Footprint, ...]] = {}
        self._keys: dict[str, str] = {}  # task id -> task_key: asked for several times per program run
        self._stored: dict[str, Any] = {}
        self._changed = False
        if self.path is not None:
            self._stored = _read(self.path)

    @classmethod
    def cached(cls, tasks: Iterable[Task], library_fixes: bool) -> ReferenceFootprints:
        """Footprints kept in the disk cache folder (in memory only when ``$ASPERA_CACHE_DIR`` is empty)."""
        tasks_folder = cache_folder()
        return cls(tasks, library_fixes, None if tasks_folder is None else tasks_folder.parent / "references")

    def get(self, task: Task) -> tuple[Footprint, ...] | None:
        """The reference's footprints on ``task``, one per pair it was called in; ``None`` if not taken yet."""
        key = self._key(task)
        if key not in self._found and key in self._stored:
            try:
                self._found[key] = tuple(Footprint.from_json(item) for item in self._stored[key])
            except (ValueError, TypeError):
                del self._stored[key]  # a damaged entry is taken again
        return self._found.get(key)

    def put(self, task: Task, footprints: Iterable[dict[str, Any]]) -> tuple[Footprint, ...]:
        """Keep the footprints a reference run reported (as JSON data) for ``task``; returns them read back."""
        data = list(footprints)
        taken = tuple(Footprint.from_json(item) for item in data)
        key = self._key(task)
        self._found[key] = taken
        if not any(footprint.problem for footprint in taken):
            self._stored[key] = data
            self._changed = True
        return taken

    def _key(self, task: Task) -> str:
        """:func:`task_key` of a task of this set (worked out once: it digests the whole task)."""
        key = self._keys.get(task.query_id)
        if key is None:
            key = self._keys[task.query_id] = task_key(task, self.library_fixes)
        return key

    def save(self) -> None:
        """Write the footprints taken since loading (a cache: a file that cannot be written is left as it was)."""
        if self.path is None or not self._changed:
            return
        try:
            make_folders(self.path.parent)
            write_atomic(self.path, json.dumps(self._stored, sort_keys=True) + "\n", durable=False)
        except OSError:
            return
        self._changed = False


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
