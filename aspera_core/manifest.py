"""Which files of an output folder the workbench wrote: the folder's manifest, and the files in the way of new ones.

The rule it serves: no command harms a file it did not create, and a file a
user changed is theirs. An output folder (the figures folder, a folder of
executed notebooks) keeps a manifest, :data:`MANIFEST`, listing per entry (a
notebook of the pipeline, or :data:`ON_THEIR_OWN` for notebooks run outside
it) the files written there, each with the SHA-256 digest of what was
written. A file may be replaced or removed only while the manifest lists it
with the digest its content still has (:func:`output_conflicts`). Each file
is listed under one entry at most: the latest writer owns it (:func:`take_over`).

The pipeline (:mod:`aspera_workbench.pipeline.notebooks`), the writer of tables
and figures (:class:`aspera_workbench.analysis.artefacts.Artefacts`) and ``aspera
build-tasks`` (for a task set's ``plans/``, :func:`aspera_core.tasks.write_tasks`)
all keep to it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from aspera_core.fileio import dangling_link, make_folders, write_atomic

#: The manifest in each output folder: what was written there, by entry, with the SHA-256 of each file.
MANIFEST = ".aspera-pipeline.json"
#: The entry of the tables and figures a notebook wrote when run on its own (in JupyterLab, say), not by the pipeline.
ON_THEIR_OWN = "(notebooks run on their own)"

#: Why a file in the way of an output may not be replaced (or removed).
CHANGED = "changed since the workbench wrote it"
NO_DIGEST = "not known to be the workbench's: the manifest of an earlier version records no digest for it"
NOT_LISTED = "not written by the workbench (its manifest does not list it)"
NOT_A_FILE = "not a plain file (a link or a folder), so not the workbench's"

Manifest = dict[str, dict[str, str | None]]


def file_digest(path: Path) -> str:
    """The SHA-256 digest of a file's content, in hexadecimal."""
    hasher = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            hasher.update(block)
    return hasher.hexdigest()


def read_manifest(folder: Path) -> Manifest:
    """What each entry wrote into ``folder`` last, name -> digest, by the manifest.

    A manifest of an earlier version lists names only: their digest is ``None``
    (nothing is known of their content). A missing or damaged manifest lists nothing.
    """
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        notebooks = data["notebooks"]
        found: Manifest = {}
        for name, files in notebooks.items():
            if isinstance(files, dict):
                found[str(name)] = {
                    str(file): digest if isinstance(digest, str) else None for file, digest in files.items()
                }
            else:
                found[str(name)] = {str(file): None for file in files}
        return found
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def manifest_text(manifest: Manifest) -> str:
    """The text of a manifest file (:data:`MANIFEST`) listing ``manifest``."""
    return json.dumps({"version": 2, "notebooks": manifest}, indent=1, sort_keys=True) + "\n"


def write_manifest(folder: Path, manifest: Manifest) -> None:
    """Replace the manifest of ``folder`` (created if missing) in one step."""
    make_folders(folder)
    try:
        write_atomic(folder / MANIFEST, manifest_text(manifest))
    except OSError as error:  # a full disk: name the manifest, as the commands' one-line errors need
        if error.filename is not None:
            raise
        raise OSError(error.errno, error.strerror or str(error), str(folder / MANIFEST)) from error


def take_over(manifest: Manifest, entries: Manifest) -> Manifest:
    """``manifest`` with ``entries`` set, and each name they list dropped from every other entry.

    The latest writer of a file owns it: an older entry's digest of it would
    only be stale. Another entry left listing nothing is dropped.

    Args:
        manifest: The manifest as read.
        entries: Entry -> its files with their digests, replacing those entries whole.

    Returns:
        The new manifest.
    """
    taken = {name for files in entries.values() for name in files}
    result: Manifest = {}
    for entry, files in manifest.items():
        if entry in entries:
            continue
        kept = {name: digest for name, digest in files.items() if name not in taken}
        if kept or not files:
            result[entry] = kept
    result.update(entries)
    return result


def record_outputs(folder: Path, written: dict[str, list[str]]) -> None:
    """Add to the manifest of ``folder`` what each entry has just written there, with its digest.

    The files an entry listed before stay listed (with their recorded digest)
    while they exist, so that an HTML export of an earlier run is still known as
    the pipeline's after a run without HTML; files that are gone are dropped.
    The files just written leave every other entry (:func:`take_over`); other
    entries are kept.

    Args:
        folder: The folder the files were written (or moved) into.
        written: Per entry (a notebook, or :data:`ON_THEIR_OWN`), the plain names of the files it wrote there.
    """
    manifest = read_manifest(folder)
    entries: Manifest = {}
    for entry, names in written.items():
        files = {name: digest for name, digest in manifest.get(entry, {}).items() if (folder / name).is_file()}
        files.update({name: file_digest(folder / name) for name in names if (folder / name).is_file()})
        entries[entry] = dict(sorted(files.items()))
    write_manifest(folder, take_over(manifest, entries))


@dataclass(frozen=True)
class Conflict:
    """A file in the way of an output: it exists and is not known to be the workbench's unchanged output.

    Attributes:
        path: The file (or link, or folder).
        reason: Why it is not the workbench's to replace.
    """

    path: Path
    reason: str


def output_conflicts(folder: Path, names: Iterable[str]) -> list[Conflict]:
    """The files of ``folder`` named in ``names`` that may not be replaced or removed.

    A name that does not exist there is free. One that exists may be replaced only
    when the manifest of ``folder`` (:data:`MANIFEST`) lists it, under any entry,
    with the SHA-256 digest its content has now: the workbench wrote it and nobody
    changed it since. Anything else is a conflict: a file the manifest does not list
    (the user's own), one changed since, one listed without a digest (by an earlier
    version: nothing is known of its content), a link or a folder, a file that cannot
    be read.

    Args:
        folder: A destination folder (the figures folder, or a folder of executed notebooks).
        names: Plain file names about to be written there (or removed).

    Returns:
        The conflicts, by name.
    """
    recorded: dict[str, set[str | None]] = {}
    for files in read_manifest(folder).values():
        for name, digest in files.items():
            recorded.setdefault(name, set()).add(digest)
    conflicts = []
    for name in sorted(set(names)):
        path = folder / name
        if not path.exists() and not path.is_symlink():
            continue
        digests = recorded.get(name)
        dangling = dangling_link(path)
        if dangling is not None:
            conflicts.append(Conflict(path, dangling))
        elif not digests:
            conflicts.append(Conflict(path, NOT_LISTED))
        elif path.is_symlink() or not path.is_file():
            conflicts.append(Conflict(path, NOT_A_FILE))
        else:
            try:
                digest = file_digest(path)
            except OSError as error:
                conflicts.append(Conflict(path, f"cannot be read ({error.strerror})"))
                continue
            if digest not in digests:
                conflicts.append(Conflict(path, NO_DIGEST if digests == {None} else CHANGED))
    return conflicts


def listed_conflicts(conflicts: list[Conflict]) -> tuple[str, Path]:
    """The files in the way with their reasons, as one text, and the manifest listing the workbench's files."""
    files = "; ".join(f"{conflict.path}: {conflict.reason}" for conflict in conflicts)
    return files, conflicts[0].path.parent / MANIFEST


class FilesInTheWay(FileExistsError):
    """Files a command would replace or remove that are not the workbench's unchanged outputs; nothing was written.

    Attributes:
        conflicts: The files in the way, each with the reason (:func:`output_conflicts`).
    """

    def __init__(self, conflicts: list[Conflict]) -> None:
        self.conflicts = conflicts
        files, manifest = listed_conflicts(conflicts)
        super().__init__(
            f"{files}; nothing was replaced or removed: the workbench replaces or removes only the files it wrote"
            f" itself and nobody changed since (listed with their SHA-256 in {manifest}). Move the"
            " files named out of the way (or rename them) and run again"
        )
