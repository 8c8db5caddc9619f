"""The session file: every step and decision of a generation session, appended as it happens.

JSON lines, only ever appended to, each written with one ``write`` and synced, so closing a
notebook, a crash or Ctrl-C loses at most the line being written; such a cut last line is ignored
when read and dropped before the next append. Replaying the events (``opened``, ``batch``,
``candidate`` snapshots where the last wins, ``decision``, ``written``) gives the session's state,
so reopening the file continues where it stopped.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aspera_core.fileio import dangling_link_in, make_folders
from aspera_workbench.generation.candidate import Candidate, now_text

FORMAT = "aspera-generation-session"
#: Why an event was not written: the session file (or a folder above it) was removed after it was opened.
REMOVED = "was removed while being written"
VERSION = 1

#: The session log holding each session file's lock in this process, by resolved path.
_OPEN_LOGS: dict[Path, SessionLog] = {}


class SessionFileError(ValueError):
    """A file is not a generation session file (or one of another format version)."""


@dataclass
class SessionState:
    """What the events of a session file add up to (candidates in the order proposed; task id by candidate id)."""

    candidates: dict[str, Candidate] = field(default_factory=dict)
    batches: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    written: dict[str, str] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)

    def apply(self, event: dict[str, Any]) -> None:
        """Add one event to the state (KeyError, TypeError or ValueError for a malformed one)."""
        kind = event["event"]
        if kind == "opened":
            self.settings = dict(event.get("settings") or {})
        elif kind == "batch":
            self.batches.append(event)
        elif kind == "candidate":
            candidate = Candidate.from_json(event["candidate"])
            self.candidates[candidate.id] = candidate
        elif kind == "decision":
            self.decisions.append(event)
        elif kind == "written":
            self.written[str(event["candidate"])] = str(event["task_id"])
            if event["candidate"] in self.candidates:
                self.candidates[event["candidate"]].task_id = str(event["task_id"])


class SessionLog:
    """An append-only session file (created with its folder if missing), written by one session at a time.

    The file is locked (``flock``) until :meth:`close`: a second session writing to it would number
    its proposals from its own state, and the replay would keep one of two proposals with the same
    id. Another process's session on the file is refused (SessionFileError, as is a foreign file);
    in the same process (a notebook cell run again) the newer log takes over and the older refuses.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = -1
        self._taken_over = False
        if self.path.is_dir():
            raise SessionFileError(f"{self.path} is a folder, not a session file")
        dangling = dangling_link_in(self.path)
        if dangling is not None:  # appending through it would create a file (or folders) wherever it points
            raise SessionFileError(dangling)
        if self.path.exists():
            read_session(self.path)  # a file that is not a session file is refused before anything else
        make_folders(self.path.parent)
        key = self.path.resolve()
        earlier = _OPEN_LOGS.get(key)
        if earlier is not None:
            earlier.close()
            earlier._taken_over = True
        # appending and creating change nothing in an existing file; every event is written
        # through this descriptor, so a file removed meanwhile is noticed, not made anew
        self._lock = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.close()
            raise SessionFileError(
                f"{self.path} is in use by another generation session (a notebook or aspera generate "
                "still open on it): close that one first, or name another session file"
            ) from None
        try:
            self.state = read_session(self.path)  # again, now that no other session can append
        except BaseException:
            self.close()
            raise
        _OPEN_LOGS[key] = self

    def close(self) -> None:
        """Let another session open the file (closing twice is harmless)."""
        if self._lock >= 0:
            os.close(self._lock)
            self._lock = -1
            key = self.path.resolve()
            if _OPEN_LOGS.get(key) is self:
                del _OPEN_LOGS[key]

    def append(self, event: dict[str, Any], apply: bool = True) -> None:
        """Append one event (and apply it to :attr:`state`, unless told not to).

        Raises:
            SessionFileError: the log was closed, or the file was opened again in this process.
            FileNotFoundError: the file (or a folder above it) was removed since it was opened
                (:data:`REMOVED`); nothing is written, rather than a new file holding only the
                events from here on, which would replay as a session without its history.
            OSError: the event could not be written (a full disk); the error names the file.
        """
        if self._taken_over:
            raise SessionFileError(
                f"{self.path} was opened again in this process; continue with the session opened last"
            )
        if self._lock < 0:
            raise SessionFileError(f"{self.path} was closed; open the session again to continue")
        record = {"format": FORMAT, "version": VERSION, "time": now_text(), **event}
        line = json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"
        if os.fstat(self._lock).st_nlink == 0:  # the file, or a folder above it, was removed
            raise FileNotFoundError(errno.ENOENT, REMOVED, str(self.path))
        _drop_cut_line(self._lock)
        try:
            with open(self._lock, "a", encoding="utf-8", closefd=False) as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as error:  # a full disk: name the session file
            if error.filename is not None:
                raise
            raise OSError(error.errno, error.strerror or str(error), str(self.path)) from error
        if apply:
            self.state.apply(record)

    def opened(self, settings: dict[str, Any]) -> None:
        """Record that the session (re)opened with these settings."""
        self.append({"event": "opened", "settings": settings})

    def snapshot(self, candidate: Candidate) -> None:
        """Record a candidate's current state (the state keeps the live object)."""
        self.append({"event": "candidate", "candidate": candidate.to_json()}, apply=False)
        self.state.candidates[candidate.id] = candidate

    def decision(self, candidate: Candidate, action: str, by: str, **details: Any) -> None:
        """Record a decision on a candidate."""
        self.append({"event": "decision", "candidate": candidate.id, "action": action, "by": by, **details})


def _drop_cut_line(handle: int) -> None:
    """Remove a last line cut short by a crash (it was never complete, so nothing is lost)."""
    size = os.fstat(handle).st_size
    if size == 0 or os.pread(handle, 1, size - 1) == b"\n":
        return
    data = os.pread(handle, size, 0)
    os.ftruncate(handle, data.rfind(b"\n") + 1)


_FIRST_LINE_START = json.dumps({"event": "opened", "format": FORMAT})[:-1]


def _starts_a_session(line: str) -> bool:
    """Whether a cut line can be the start of a session's first line (an ``opened`` event)."""
    return line.startswith(_FIRST_LINE_START) or _FIRST_LINE_START.startswith(line)


def read_session(path: str | os.PathLike[str]) -> SessionState:
    """Replay a session file.

    A last line cut short by a crash (no newline, after session events or begun like a first line)
    is ignored; any other unreadable line is an error, so a foreign file is refused before anything
    is appended to it.

    Raises:
        FileNotFoundError: no such file.
        SessionFileError: not a session file, another format version, or a broken line.
    """
    path = Path(path)
    state = SessionState()
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    events = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            if number == len(lines) and not text.endswith("\n") and (events or _starts_a_session(line)):
                break  # cut short by a crash: every line is written with its newline at once
            foreign = "" if events else "; not a generation session file"
            raise SessionFileError(f"{path}:{number}: not a JSON line{foreign}") from None
        events += 1
        if not isinstance(event, dict) or event.get("format") != FORMAT:
            raise SessionFileError(f"{path}:{number}: not a generation session file")
        if event.get("version") != VERSION:
            raise SessionFileError(
                f"{path}:{number}: session format version {event.get('version')}, expected {VERSION}"
            )
        try:
            state.apply(event)
        except (KeyError, TypeError, ValueError) as error:
            raise SessionFileError(f"{path}:{number}: malformed {event.get('event')!r} event ({error})") from None
    return state
