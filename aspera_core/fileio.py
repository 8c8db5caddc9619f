"""Write-then-swap output: a generated file or folder is replaced only once its new content is complete.

Every command that generates files (task shards and index files, figures,
tables, reports) writes through this module, so that an error, Ctrl-C or a
kill in the middle of a generation leaves the previous files exactly as they
were, and a reader never sees a half-written file.

Two primitives:

* :func:`open_atomic` / :func:`write_atomic` write one file: the content goes
  to a hidden temporary file in the same folder, which is flushed to disk and
  then renamed over the target in one step (``os.replace``).
* :func:`replace_folder` / :func:`replace_files` replace a set of files: the
  new content is built in a hidden staging folder beside the target, then the
  staging folder takes the target's place in one rename exchange (Linux's
  ``renameat2(RENAME_EXCHANGE)``; where that is unavailable, two renames with
  the old folder restored if the second fails). Entries of the old folder
  that the new content does not replace are carried over (hard-linked, so
  their bytes and inodes are unchanged), unless the caller drops them.

What is and is not guaranteed: a process killed while writing leaves the
target untouched, and at worst a hidden ``.<name>.tmp-*`` file or
``.<name>.staging-*`` folder beside it, which can be deleted. On the rename
fallback path a kill between its two renames leaves the old content in a
hidden ``.<name>.previous-*`` folder beside the target. The module uses the
standard library only and imports nothing else of the package.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

__all__ = [
    "DanglingLinkError",
    "dangling_link",
    "dangling_link_in",
    "final_path",
    "make_folders",
    "open_atomic",
    "refuse_dangling_link_in",
    "replace_files",
    "replace_folder",
    "write_atomic",
]

_NEW_FILE_MODE = 0o666  # narrowed by the umask, as for any newly created file
_NEW_FOLDER_MODE = 0o777


def _sibling(target: Path, kind: str) -> Path:
    """A hidden, unused name beside ``target`` for a temporary of ``kind``."""
    return target.with_name(f".{target.name}.{kind}-{os.getpid()}-{secrets.token_hex(4)}")


_STAGING = re.compile(r"^\.(?P<name>.+)\.staging-\d+-[0-9a-f]+$")


def final_path(path: str | os.PathLike[str]) -> Path:
    """Where a file written into a staging folder will be once that folder's content is swapped in.

    A folder named like the ones :func:`replace_folder` (and the pipeline) stage in,
    ``.<name>.staging-<pid>-<hex>``, stands for ``<name>`` beside it; other paths are returned as they are.

    Example: ``/p/.figures.staging-12-0a1b2c3d/outcomes.png`` -> ``/p/figures/outcomes.png``.
    """
    parts = [match["name"] if (match := _STAGING.match(part)) else part for part in Path(path).parts]
    return Path(*parts)


def dangling_link(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is no place to write: ``"a symbolic link to TARGET, which does not exist"``; else ``None``.

    Writing through such a link would create a file wherever it points, which the
    user may not expect, so the commands refuse it as an output, each in its own
    words around this phrase (``f"{path} is {problem}"``).
    """
    if os.path.islink(path) and not os.path.exists(path):
        return f"a symbolic link to {os.readlink(path)}, which does not exist"
    return None


class DanglingLinkError(OSError):
    """An output path, or a folder above it, is a symbolic link to nothing.

    ``str(error)`` is the whole refusal, ``"LINK is a symbolic link to TARGET, which
    does not exist"``, in the words of :func:`dangling_link`; as for any
    ``OSError`` about a path, ``filename`` is the link and ``strerror`` the rest.
    """

    def __init__(self, link: str | os.PathLike[str], target: str) -> None:
        super().__init__(errno.ENOENT, f"is a symbolic link to {target}, which does not exist", str(link))

    def __str__(self) -> str:
        return f"{self.filename} {self.strerror}"


def _dangling_above(path: str | os.PathLike[str]) -> DanglingLinkError | None:
    """The refusal for the nearest of ``path`` and its ancestors that is a symbolic link to nothing."""
    for above in (Path(path), *Path(path).parents):
        if os.path.exists(above):  # every folder above an existing path resolves as well
            return None
        if os.path.islink(above):
            return DanglingLinkError(above, os.readlink(above))
    return None


def dangling_link_in(path: str | os.PathLike[str]) -> str | None:
    """Why writing at ``path`` would create something elsewhere: ``path`` or a folder above it is a link to nothing.

    Making the folders of an output through such a link would create them
    wherever it points (``mkdir(parents=True)`` follows it), so no output is
    written there. The nearest such link to ``path`` is named.

    Returns:
        ``"LINK is a symbolic link to TARGET, which does not exist"``, or ``None``.
    """
    problem = _dangling_above(path)
    return None if problem is None else str(problem)


def refuse_dangling_link_in(path: str | os.PathLike[str]) -> None:
    """Raise :class:`DanglingLinkError` if ``path`` or a folder above it is a symbolic link to nothing."""
    problem = _dangling_above(path)
    if problem is not None:
        raise problem


def make_folders(folder: str | os.PathLike[str], mode: int = _NEW_FOLDER_MODE) -> Path:
    """Make ``folder`` and the folders above it where missing, as ``mkdir(parents=True, exist_ok=True)``.

    Unlike ``mkdir``, a symbolic link to nothing among them is refused rather
    than followed: nothing is created where it points.

    Returns:
        ``folder`` as a :class:`~pathlib.Path`.

    Raises:
        DanglingLinkError: ``folder`` or a folder above it is a symbolic link to nothing.
        OSError: a folder cannot be made (a file is in the way, no permission).
    """
    refuse_dangling_link_in(folder)
    Path(folder).mkdir(mode=mode, parents=True, exist_ok=True)
    return Path(folder)


def _real(path: str | os.PathLike[str]) -> Path:
    """The path with symbolic links resolved, so that a linked target is replaced, not its link."""
    return Path(os.path.realpath(path))


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable; not every file system allows it.
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextlib.contextmanager
def open_atomic(
    path: str | os.PathLike[str],
    mode: str = "w",
    *,
    encoding: str = "utf-8",
    durable: bool = True,
) -> Iterator[IO[Any]]:
    """Open a file for writing whose content replaces ``path`` only when the block ends without error.

    Text is written with ``newline=""``: line endings are written exactly as
    given. The new file keeps the permission bits of the file it replaces.

    Args:
        path: The file to write. Its folder is created if missing; a symbolic
            link is followed and its target replaced. A link to nothing, as
            the file or a folder above it, is refused (it would create its target).
        mode: ``"w"`` (text) or ``"wb"`` (bytes).
        encoding: Encoding of text mode.
        durable: Flush the file and the rename to disk before returning, so
            the new content survives a power cut.

    Yields:
        The open file. Leaving the block with an exception (``KeyboardInterrupt``
        included) discards everything written; ``path`` is left as it was.

    Raises:
        ValueError: If ``mode`` is not ``"w"`` or ``"wb"``.
        DanglingLinkError: If ``path`` or a folder above it is a symbolic link to nothing.
        IsADirectoryError: If ``path`` is a folder.
        OSError: If the folder cannot be created or written.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', got {mode!r}")
    refuse_dangling_link_in(path)
    target = _real(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        file_mode: int | None = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        file_mode = None
    temporary = _sibling(target, "tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, _NEW_FILE_MODE)
    try:
        if file_mode is not None:
            os.fchmod(descriptor, file_mode)
        text = {"encoding": encoding, "newline": ""} if mode == "w" else {}
        with os.fdopen(descriptor, mode, **text) as handle:
            descriptor = -1  # now owned by the file object
            yield handle
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        if descriptor >= 0:
            os.close(descriptor)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    if durable:
        _fsync_folder(target.parent)


def write_atomic(
    path: str | os.PathLike[str],
    content: str | bytes,
    *,
    encoding: str = "utf-8",
    durable: bool = True,
) -> Path:
    """Write a whole file at once: readers see the old content or the new, never a part.

    Args:
        path: The file (see :func:`open_atomic`).
        content: Text (written with ``encoding``, line endings unchanged) or bytes.
        encoding: Encoding of text content.
        durable: See :func:`open_atomic`.

    Returns:
        ``path`` as a :class:`~pathlib.Path`.

    Raises:
        IsADirectoryError: If ``path`` is a folder.
        OSError: If the folder cannot be created or written.
    """
    mode = "wb" if isinstance(content, bytes) else "w"
    with open_atomic(path, mode, encoding=encoding, durable=durable) as handle:
        handle.write(content)
    return Path(path)


def _link_or_copy(source: str, destination: str) -> None:
    try:
        os.link(source, destination, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, destination, follow_symlinks=False)


def _carry_over(old: Path, staging: Path, keep: Callable[[str], bool]) -> None:
    """Bring entries of ``old`` that the staging folder lacks into it, without touching ``old``."""
    for entry in os.scandir(old):
        if os.path.lexists(staging / entry.name) or not keep(entry.name):
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.copytree(entry.path, staging / entry.name, symlinks=True, copy_function=_link_or_copy)
            shutil.copystat(entry.path, staging / entry.name, follow_symlinks=False)
        else:
            _link_or_copy(entry.path, str(staging / entry.name))


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step where the system allows it.

    Returns:
        True if swapped; False if the platform or file system cannot do it.
    """
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # only here: most callers never swap folders, and loading ctypes costs time

    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):  # a C library without renameat2 (glibc before 2.28, musl)
        return False
    at_current_folder, rename_exchange = -100, 2
    result = renameat2(at_current_folder, os.fsencode(first), at_current_folder, os.fsencode(second), rename_exchange)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EXDEV):
        return False
    raise OSError(code, os.strerror(code), str(second))


# Tests set this to exercise the two-rename path on systems that can exchange.
_USE_EXCHANGE = True


def _swap_in(staging: Path, target: Path) -> None:
    """Put ``staging`` where ``target`` is; the old ``target`` is deleted afterwards."""
    if not os.path.lexists(target):
        os.rename(staging, target)  # fails if something appeared there meanwhile
        return
    if _USE_EXCHANGE and _exchange(staging, target):
        shutil.rmtree(staging, ignore_errors=True)  # now holds the old content
        return
    previous = _sibling(target, "previous")
    os.rename(target, previous)
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(previous, target)
        raise
    shutil.rmtree(previous, ignore_errors=True)


@contextlib.contextmanager
def replace_folder(
    path: str | os.PathLike[str],
    *,
    keep: Callable[[str], bool] | None = None,
    durable: bool = True,
) -> Iterator[Path]:
    """Build the new content of a folder aside, then put it in the folder's place in one step.

    Write the new files into the yielded staging folder. When the block ends
    without error, entries of the current folder that the staging folder does
    not hold are carried over (hard-linked) if ``keep(name)`` is true, and the
    staging folder replaces the folder. If the block raises, the staging
    folder is deleted and the folder is left exactly as it was.

    Example::

        with replace_folder("report", keep=lambda name: not name.endswith(".png")) as staging:
            (staging / "summary.csv").write_text(table)
            figure.savefig(staging / "outcomes.png")

    Args:
        path: The folder to replace; created if missing (its parent too). A
            symbolic link is followed and its target replaced; a link to
            nothing, as the folder or one above it, is refused.
        keep: Which old entries (by name) survive when the new content does
            not replace them; default: all of them. Return False to drop
            stale files, e.g. shards of a task set that no longer exist.
        durable: Flush the new files and the swap to disk before returning.

    Yields:
        The staging folder (empty, beside the target, on the same file system).

    Raises:
        DanglingLinkError: If ``path`` or a folder above it is a symbolic link to nothing.
        NotADirectoryError: If ``path`` exists and is not a folder.
        OSError: If the staging folder cannot be made or the swap fails (the
            folder is then left as it was).
    """
    refuse_dangling_link_in(path)
    target = _real(path)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "is not a folder", str(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = _sibling(target, "staging")
    os.mkdir(staging, _NEW_FOLDER_MODE)
    try:
        yield staging
        if durable:  # only what the caller wrote; carried-over files are on disk already
            for root, _, files in os.walk(staging):
                for name in files:
                    _fsync_file(Path(root) / name)
                _fsync_folder(Path(root))
        if target.is_dir():
            _carry_over(target, staging, keep or (lambda name: True))
            shutil.copymode(target, staging)
        _swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if durable:
        _fsync_folder(target.parent)


def _fsync_file(path: Path) -> None:
    with contextlib.suppress(OSError):
        handle = os.open(path, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def replace_files(
    folder: str | os.PathLike[str],
    contents: Mapping[str, str | bytes],
    *,
    remove: Iterable[str] = (),
    encoding: str = "utf-8",
    durable: bool = True,
) -> list[Path]:
    """Write several files of one folder together: readers see all old or all new files.

    Other files of the folder are kept as they are, except those named in
    ``remove``.

    Args:
        folder: The folder (created if missing).
        contents: File name (no folders) -> text or bytes.
        remove: Names of old files to drop in the same step.
        encoding: Encoding of text content (line endings are written as given).
        durable: See :func:`replace_folder`.

    Returns:
        The paths written, in the order of ``contents``.

    Raises:
        ValueError: If a name is empty, ``.``/``..`` or contains a path separator.
        NotADirectoryError: If ``folder`` exists and is not a folder.
        OSError: If writing or the swap fails (the folder is then left as it was).
    """
    for name in contents:
        if not name or name in (".", "..") or "/" in name or (os.altsep and os.altsep in name):
            raise ValueError(f"expected a plain file name, got {name!r}")
    dropped = set(remove)
    with replace_folder(folder, keep=lambda name: name not in dropped, durable=durable) as staging:
        for name, content in contents.items():
            if isinstance(content, bytes):
                (staging / name).write_bytes(content)
            else:
                with open(staging / name, "w", encoding=encoding, newline="") as handle:
                    handle.write(content)
    return [Path(folder) / name for name in contents]
