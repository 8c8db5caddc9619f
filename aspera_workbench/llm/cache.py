"""On-disk cache of model answers, so that re-running a finished experiment sends nothing.

One JSON file per request, named by the request's hash, under two levels of folders
(``ab/abcdef....json``) so that no folder grows too large. A file is written to a temporary
name in the same folder and renamed into place, so a reader (thread or process) sees either
no entry or a complete one. Two workers asking the same uncached question at the same time
both send it and both write; the answers are equally valid and the last rename wins.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from aspera_core.fileio import DanglingLinkError, refuse_dangling_link_in, write_atomic


class CacheWriteWarning(UserWarning):
    """An answer could not be stored (a full disk, a read-only folder): the run goes on without caching it."""


CACHE_FORMAT = 1
"""Version of the key and entry layout; changing it starts a fresh cache."""

CACHE_DIR_ENV = "ASPERA_LLM_CACHE"
"""Environment variable overriding the default cache folder."""


def default_cache_dir() -> Path:
    """``$ASPERA_LLM_CACHE`` if set, else ``$XDG_CACHE_HOME/aspera/llm``, else ``~/.cache/aspera/llm``."""
    if os.environ.get(CACHE_DIR_ENV):
        return Path(os.environ[CACHE_DIR_ENV]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base).expanduser() / "aspera" / "llm"


def cache_folder(directory: str | os.PathLike[str] | None = None) -> Path:
    """The folder a cache named ``directory`` lives in: ``~`` is the home folder; ``None`` is :func:`default_cache_dir`."""
    return Path(directory).expanduser() if directory is not None else default_cache_dir()


def request_key(base_url: str, body: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of the request body as sent (after the model's quirks) and the base URL.

    The base URL is part of the key because a model name means a model only at one endpoint
    (``llama3`` on two local servers may be two quantisations). The key, timeout and retry
    settings are not: they do not change the answer.
    """
    canonical = json.dumps(
        {"format": CACHE_FORMAT, "base_url": base_url.rstrip("/"), "body": body},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _refuse_dangling_link(folder: Path) -> None:
    """Refuse a folder that is, or lies under, a symbolic link to nothing, as the ``FileNotFoundError`` callers expect."""
    try:
        refuse_dangling_link_in(folder)
    except DanglingLinkError as error:
        raise FileNotFoundError(error.errno, error.strerror, error.filename) from None


def _make_folder(folder: Path) -> None:
    _refuse_dangling_link(folder)
    folder.mkdir(parents=True, exist_ok=True)


class ResponseCache:
    """A folder of cached answers (:func:`cache_folder`: by default :func:`default_cache_dir`), made on the first write,
    shared by processes.

    Raises:
        FileNotFoundError: the folder or one above it is a symbolic link to nothing (its ``filename``).
        NotADirectoryError: the folder, or the nearest of its parents that exists, is not a folder:
            found now rather than when the first answer, already paid for, is written.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = cache_folder(directory)
        _refuse_dangling_link(self.directory)
        existing = next((path for path in (self.directory, *self.directory.parents) if path.exists()), None)
        if existing is not None and not existing.is_dir():
            raise NotADirectoryError(
                errno.ENOTDIR, "exists and is not a folder; answers cannot be cached there", str(existing)
            )
        # Folders known to exist: creating an existing folder costs a failing system call
        # on every write otherwise. A race only repeats a harmless mkdir.
        self._folders: set[str] = set()

    def path_for(self, key: str) -> Path:
        """The file holding the entry of ``key``."""
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry stored under ``key``, or ``None``: a damaged file counts as missing, so it never stops a run."""
        try:
            entry = json.loads(self.path_for(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(entry, dict) or entry.get("format") != CACHE_FORMAT or entry.get("key") != key:
            return None
        return entry

    def put(self, key: str, entry: dict[str, Any]) -> Path:
        """Store ``entry`` (``format`` and ``key`` added) under ``key``, atomically; returns its file."""
        path = self.path_for(key)
        if key[:2] not in self._folders:
            _make_folder(path.parent)
            self._folders.add(key[:2])
        data = json.dumps({**entry, "format": CACHE_FORMAT, "key": key}, ensure_ascii=False)
        try:
            write_atomic(path, data, durable=False)
        except FileNotFoundError:  # the folder was removed since (the cache was cleared)
            _make_folder(path.parent)
            write_atomic(path, data, durable=False)
        return path

    def __len__(self) -> int:
        """Number of entries stored."""
        return sum(1 for _ in self._entry_files())

    def clear(self) -> int:
        """Delete every entry (and leftover temporary file) of this cache, not other files; returns the entries deleted."""
        removed = 0
        self._folders.clear()
        for path in self._entry_files():
            path.unlink(missing_ok=True)
            removed += 1
        if self.directory.is_dir():
            for folder in self.directory.iterdir():
                if folder.is_dir() and len(folder.name) == 2:
                    for leftover in folder.glob(".*.tmp-*"):
                        leftover.unlink(missing_ok=True)
                    if not any(folder.iterdir()):
                        folder.rmdir()
        return removed

    def _entry_files(self):
        if not self.directory.is_dir():
            return
        for folder in self.directory.iterdir():
            if folder.is_dir() and len(folder.name) == 2:
                for path in folder.glob("*.json"):
                    if len(path.stem) == 64:
                        yield path
