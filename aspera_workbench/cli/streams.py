"""The ``aspera`` executable's standard streams: what a closed, full or broken stdout or stderr does to a command.

:func:`install` runs first in the executable (not in :func:`~aspera_workbench.cli.main.main`, which tests and
notebooks call with streams of their own):

* a standard descriptor closed at start is held open on ``/dev/null`` in a mode that fails every write (or read) as
  a closed one does (``EBADF``), so that no file the command opens takes its number: a results file opened as
  descriptor 1 would otherwise receive whatever is written there;
* standard output: a write that fails (closed, full, an I/O error) raises :class:`OutputError`, which ends the command
  with one line on stderr and exit status 2 (docs/running.md, "Exit status"); a broken pipe stays a
  ``BrokenPipeError`` (141, quietly). Either way later writes are dropped, so Python's own flush at exit stays quiet;
* standard error only carries messages (progress, warnings, summary lines): a write that fails is dropped and the
  command goes on, ending with the status it would have had. With stderr closed, Python's own ``sys.stderr`` would
  be ``None`` and ``print(..., file=sys.stderr)`` would write to stdout instead.
"""

from __future__ import annotations

import atexit
import io
import os
import sys
from typing import TextIO


class OutputError(Exception):
    """Standard output cannot be written (not an ``OSError``: a command's handling of its own files must not take it
    for theirs)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(f"cannot write standard output: {error.strerror or type(error).__name__}")


class _Descriptor(io.RawIOBase):
    """A standard descriptor whose failed writes raise :class:`OutputError` (``dropping``: are dropped instead)."""

    def __init__(self, fd: int, dropping: bool) -> None:
        super().__init__()
        self._fd, self._dropping = fd, dropping
        self.failed = False

    def fileno(self) -> int:
        return self._fd

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return os.isatty(self._fd)
        except OSError:
            return False

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        if self.failed:
            return len(data)
        try:
            return os.write(self._fd, data)
        except BlockingIOError:
            raise  # (a non-blocking descriptor: the buffer's own business)
        except OSError as error:
            self.failed = True
            if self._dropping:
                return len(data)
            if isinstance(error, BrokenPipeError):
                raise
            raise OutputError(error) from None


def _hold(fd: int, flags: int) -> None:
    """Keep ``fd`` taken if it is closed: ``/dev/null`` opened with ``flags`` (the opposite of its use: it fails)."""
    try:
        os.fstat(fd)
    except OSError:
        held = os.open(os.devnull, flags)
        if held != fd:
            os.dup2(held, fd)
            os.close(held)
        os.set_inheritable(fd, True)  # (as a standard descriptor is: the fork server's stderr, say)


def wrapped(fd: int, original: TextIO | None = None, dropping: bool = False) -> TextIO:
    """A text stream on descriptor ``fd`` whose failed writes raise :class:`OutputError` (stdout) or, ``dropping``,
    are dropped (stderr); its encoding and error handler are ``original``'s, if given."""
    raw = _Descriptor(fd, dropping)
    encoding = getattr(original, "encoding", None) or "utf-8"
    errors = getattr(original, "errors", None) or ("backslashreplace" if dropping else "strict")
    line_buffering = dropping or raw.isatty()  # (as Python's own: stderr always, stdout on a terminal)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding, errors, line_buffering=line_buffering)  # type: ignore[return-value]


def install() -> None:
    """Hold closed standard descriptors, and replace ``sys.stdout`` and ``sys.stderr`` as the module docstring says."""
    for fd, flags in ((0, os.O_WRONLY), (1, os.O_RDONLY), (2, os.O_RDONLY)):
        _hold(fd, flags)
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
    sys.stdout = wrapped(1, sys.stdout)
    sys.stderr = wrapped(2, sys.stderr, dropping=True)
    atexit.register(_flush_quietly)


def _flush_quietly() -> None:
    """Flush stdout before Python does at exit, where a failure is printed as an ignored exception's traceback.

    (A command flushes it itself before it returns; this is for one that ended otherwise, say interrupted.)"""
    try:
        sys.stdout.flush()
    except (OutputError, OSError, ValueError) as error:
        print(f"aspera: error: {error}", file=sys.stderr)
