"""Writing files so that a reader sees the old content or the new one, never a part of it.

* :func:`atomic_path` / :func:`write_atomic`: one file is written to a hidden
  temporary file beside it, then renamed over it (``os.replace``). Every
  command and notebook that writes a whole file goes through them.
* :func:`replace_folder`: a whole folder (the pipeline's ``figures/``, a task
  set's ``plans/``) is built in a hidden folder beside it and swapped in
  once complete.

Symbolic links are dealt with here, once: a link is followed and its target
replaced; a link to nothing (the path or a folder above it) is refused with
:class:`DanglingLinkError`, since writing through it would create files
wherever it points. A process killed mid-write leaves the target as it was
and at worst a hidden ``.<name>.tmp-*`` file or ``.<name>.staging-*`` /
``.<name>.old-*`` folder beside it. Standard library only.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = [
    "DanglingLinkError",
    "atomic_path",
    "dangling_link",
    "dangling_link_in",
    "final_path",
    "make_folders",
    "refuse_dangling_link_in",
    "replace_folder",
    "write_atomic",
    "write_fully",
]


def _sibling(target: Path, kind: str, suffix: str = "") -> Path:
    """A hidden, unused name beside ``target`` for a temporary of ``kind``."""
    return target.with_name(f".{target.name}.{kind}-{os.getpid()}-{secrets.token_hex(4)}{suffix}")


_STAGING = re.compile(r"^\.(?P<name>.+)\.staging-\d+-[0-9a-f]+$")


def final_path(path: str | os.PathLike[str]) -> Path:
    """Where a file written into a staging folder of :func:`replace_folder` will be once it is swapped in.

    Example: ``/p/.figures.staging-12-0a1b2c3d/outcomes.png`` -> ``/p/figures/outcomes.png``.
    """
    return Path(*(match["name"] if (match := _STAGING.match(part)) else part for part in Path(path).parts))


class DanglingLinkError(OSError):
    """An output path, or a folder above it, is a symbolic link to nothing.

    ``str(error)`` reads ``"LINK is a symbolic link to TARGET, which does not exist"``.
    """

    def __init__(self, link: str | os.PathLike[str], target: str) -> None:
        super().__init__(errno.ENOENT, f"is a symbolic link to {target}, which does not exist", str(link))

    def __str__(self) -> str:
        return f"{self.filename} {self.strerror}"


def dangling_link(path: str | os.PathLike[str]) -> str | None:
    """``"a symbolic link to TARGET, which does not exist"`` if ``path`` is one, else ``None``."""
    if os.path.islink(path) and not os.path.exists(path):
        return f"a symbolic link to {os.readlink(path)}, which does not exist"
    return None


def _dangling_above(path: str | os.PathLike[str]) -> DanglingLinkError | None:
    for above in (Path(path), *Path(path).parents):
        if os.path.exists(above):  # every folder above an existing path resolves as well
            return None
        if os.path.islink(above):
            return DanglingLinkError(above, os.readlink(above))
    return None


def dangling_link_in(path: str | os.PathLike[str]) -> str | None:
    """``"LINK is a symbolic link to TARGET, which does not exist"`` for the nearest such link of ``path``
    and the folders above it, else ``None``."""
    problem = _dangling_above(path)
    return None if problem is None else str(problem)


def refuse_dangling_link_in(path: str | os.PathLike[str]) -> None:
    """Raise :class:`DanglingLinkError` if ``path`` or a folder above it is a symbolic link to nothing."""
    problem = _dangling_above(path)
    if problem is not None:
        raise problem


def make_folders(folder: str | os.PathLike[str], mode: int = 0o777) -> Path:
    """``mkdir(parents=True, exist_ok=True)`` that refuses, rather than follows, a link to nothing."""
    refuse_dangling_link_in(folder)
    Path(folder).mkdir(mode=mode, parents=True, exist_ok=True)
    return Path(folder)


def write_fully(descriptor: int, data: bytes) -> None:
    """Write all of ``data`` to a file descriptor (``os.write`` may write less than asked)."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


def _fsync(path: Path, flags: int = os.O_RDONLY) -> None:
    with contextlib.suppress(OSError):  # not every file system lets a folder be synced
        descriptor = os.open(path, flags)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], *, durable: bool = True) -> Iterator[Path]:
    """A temporary path to write ``path``'s new content to; it replaces ``path`` when the block ends without error.

    The temporary file is hidden, beside the target (same file system), and ends
    with the target's suffix, so writers that infer a format from it work. The
    new file keeps the permission bits of the file it replaces; a symbolic link
    is followed and its target replaced. Leaving the block with an exception
    (``KeyboardInterrupt`` included) removes it and leaves ``path`` as it was.
    ``durable`` flushes the file and the rename to disk.

    Raises:
        DanglingLinkError: ``path`` or a folder above it is a symbolic link to nothing.
        IsADirectoryError: ``path`` is a folder.
        OSError: the file cannot be written; ``filename`` names ``path``.
    """
    refuse_dangling_link_in(path)
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    temporary = _sibling(target, "tmp", target.suffix)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        yield temporary
        with contextlib.suppress(FileNotFoundError):
            shutil.copymode(target, temporary)
        if durable:
            _fsync(temporary)
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        if error.filename not in (None, str(temporary)):
            raise
        raise OSError(error.errno, error.strerror or str(error), str(path)) from error  # name the file the user knows
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    if durable:
        _fsync(target.parent, os.O_RDONLY | os.O_DIRECTORY)


def write_atomic(
    path: str | os.PathLike[str], content: str | bytes, *, encoding: str = "utf-8", durable: bool = True
) -> Path:
    """Write a whole file at once through :func:`atomic_path`; text keeps its line endings as given."""
    with atomic_path(path, durable=durable) as temporary:
        if isinstance(content, bytes):
            temporary.write_bytes(content)
        else:
            with temporary.open("w", encoding=encoding, newline="") as handle:
                handle.write(content)
    return Path(path)


def _link_or_copy(source: str, destination: str) -> None:
    try:
        os.link(source, destination, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, destination, follow_symlinks=False)


def _carry_over(old: Path, staging: Path, keep: Callable[[str], bool]) -> None:
    """Bring the entries of ``old`` that ``keep`` names and the staging folder lacks into it (hard links)."""
    for entry in os.scandir(old):
        if os.path.lexists(staging / entry.name) or not keep(entry.name):
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.copytree(entry.path, staging / entry.name, symlinks=True, copy_function=_link_or_copy)
        else:
            _link_or_copy(entry.path, str(staging / entry.name))


@contextlib.contextmanager
def replace_folder(
    path: str | os.PathLike[str], *, keep: Callable[[str], bool] | None = None, durable: bool = True
) -> Iterator[Path]:
    """Build a folder's new content in the yielded staging folder; it takes the folder's place when the block ends.

    The staging folder is empty, hidden and beside the target. On success,
    entries of the old folder the new content lacks are carried over when
    ``keep(name)`` is true (by default none is: the folder is replaced whole),
    then the old folder is renamed aside, the staging folder renamed into its
    place, and the old one deleted. If the block raises, the staging folder is
    deleted and the folder left exactly as it was. A kill between the two
    renames leaves the old content in a hidden ``.<name>.old-*`` folder beside it.

    Raises:
        DanglingLinkError: ``path`` or a folder above it is a symbolic link to nothing.
        NotADirectoryError: ``path`` exists and is not a folder.
        OSError: the staging folder cannot be made or the swap fails (the folder is then as it was).
    """
    refuse_dangling_link_in(path)
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "is not a folder", str(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = _sibling(target, "staging")
    staging.mkdir()
    try:
        yield staging
        if durable:
            for root, _, files in os.walk(staging):
                for name in files:
                    _fsync(Path(root) / name)
        if target.is_dir():
            if keep is not None:
                _carry_over(target, staging, keep)
            shutil.copymode(target, staging)
            old = _sibling(target, "old")
            os.rename(target, old)
            try:
                os.rename(staging, target)
            except BaseException:
                os.rename(old, target)
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if durable:
        _fsync(target.parent, os.O_RDONLY | os.O_DIRECTORY)
