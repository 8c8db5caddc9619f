"""Running the notebooks of a parameter set under papermill: ``aspera pipeline``.

Each notebook runs in a fresh kernel started in ``notebooks/`` (where
JupyterLab starts it too), with the parameters it declares in its
``parameters`` cell, the project root, and an output folder. Outputs are
built aside and swapped in only when every notebook has succeeded:

* tables and figures go to a hidden staging folder beside ``figures_dir``;
* executed notebooks (and their HTML exports) go to a hidden staging folder
  beside ``<runs_dir>/<name>/``;
* then each new file replaces its old copy with one ``os.replace``;
* and the tables and figures a notebook of this run wrote in an earlier run
  but not in this one are removed, so that no earlier output stays beside the
  new ones looking current (a figure that needs two seeds, after a run on
  one). What each notebook wrote is kept in a manifest in ``figures_dir``
  (:data:`MANIFEST`), each file with the SHA-256 digest of what was written;
  only files listed there are ever removed, only those of the notebooks that
  ran, and only while their content is still what the pipeline wrote: files
  the pipeline did not write, files changed since (a figure the user replaced
  with their own), files listed without a digest (by an earlier version), and
  those of notebooks left out of this run, stay as they are.

A notebook that fails leaves every earlier output untouched; its executed
copy, with the error in it, is kept as ``<runs_dir>/<name>/<notebook>.failed.ipynb``.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aspera_core.fileio import write_atomic
from aspera_core.pipeline.params import PipelineParams
from aspera_core.pipeline.paths import project_root, resolve_path

KERNEL = "python3"
#: The manifest in the figures folder: which tables and figures each notebook wrote there last.
MANIFEST = ".aspera-pipeline.json"
# The kernel's own log is not the user's business: its start-up notices (about its
# local TCP transport), and the "KeyboardInterrupt caught in kernel" error it logs
# when the interrupt jupyter_client sends every kernel it shuts down lands while
# the kernel is idle. A failing cell still fails the run (papermill reports it),
# and so does a kernel that dies.
KERNEL_ARGUMENTS = ["--IPKernelApp.log_level=CRITICAL"]


class NotebookFailed(RuntimeError):
    """A notebook raised; nothing was swapped in.

    Attributes:
        notebook: The notebook's name.
        executed: The executed copy with the error in it.
    """

    def __init__(self, notebook: str, message: str, executed: Path) -> None:
        self.notebook = notebook
        self.executed = executed
        super().__init__(f"notebook {notebook} failed: {message}; the executed notebook is {executed}")


@dataclass
class PipelineReport:
    """What a pipeline run wrote.

    Attributes:
        notebooks: Executed notebooks.
        html: Their HTML exports.
        artefacts: Tables and figures written.
        removed: Tables and figures of an earlier run that the same notebooks no longer write, removed.
        kept: Such files left in place, each with the reason (changed since the pipeline wrote it, say).
        seconds: Time per notebook, by name.
    """

    notebooks: list[Path] = field(default_factory=list)
    html: list[Path] = field(default_factory=list)
    artefacts: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    kept: list[tuple[Path, str]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


def _staging(target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    folder = target.parent / f".{target.name}.staging-{os.getpid()}-{secrets.token_hex(4)}"
    folder.mkdir()
    return folder


def _swap_in(staging: Path, target: Path) -> list[Path]:
    """Move every file of ``staging`` into ``target``, each replacing its old copy in one step."""
    target.mkdir(parents=True, exist_ok=True)
    moved = []
    for item in sorted(staging.iterdir()):
        if item.is_file() and not item.name.startswith("."):
            destination = target / item.name
            os.replace(item, destination)
            moved.append(destination)
    return moved


def _snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Each visible file of ``folder`` with what changes when it is written again (inode, time, size)."""
    found = {}
    for item in folder.iterdir():
        if item.is_file() and not item.name.startswith("."):
            info = item.stat()
            found[item.name] = (info.st_ino, info.st_mtime_ns, info.st_size)
    return found


#: Why a file the manifest lists is left in place.
CHANGED = "changed since the pipeline wrote it"
NO_DIGEST = "not known to be the pipeline's: the manifest of an earlier version records no digest for it"


def _digest(path: Path) -> str:
    """The SHA-256 digest of a file's content, in hexadecimal."""
    hasher = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            hasher.update(block)
    return hasher.hexdigest()


def _read_manifest(folder: Path) -> dict[str, dict[str, str | None]]:
    """What each notebook wrote into ``folder`` last, name -> digest, by the manifest.

    A manifest of an earlier version lists names only: their digest is ``None``
    (nothing is known of their content). A missing or damaged manifest lists nothing.
    """
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        notebooks = data["notebooks"]
        found: dict[str, dict[str, str | None]] = {}
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


@dataclass
class Retired:
    """What :func:`retire_stale_outputs` did with the files of an earlier run.

    Attributes:
        removed: Files removed (unchanged since the pipeline wrote them).
        kept: Files left in place, each with the reason.
    """

    removed: list[Path] = field(default_factory=list)
    kept: list[tuple[Path, str]] = field(default_factory=list)


def retire_stale_outputs(folder: Path, written: dict[str, list[str]]) -> Retired:
    """Remove what the notebooks of this run wrote into ``folder`` before and not now; record what they wrote.

    Only plain file names listed in the manifest under a notebook of ``written`` are
    candidates, and only when no notebook of this run wrote them again; of those, a
    file is removed only when its content still has the digest the manifest recorded
    when the pipeline wrote it. A file changed since, or listed without a digest, is
    kept, reported, and dropped from the manifest (it is no longer the pipeline's to
    remove). The manifest keeps the entries of notebooks that did not run.

    Args:
        folder: The figures folder.
        written: Per notebook of this run, the names of the files it wrote (already in ``folder``).

    Returns:
        The files removed and those kept.
    """
    earlier = _read_manifest(folder)
    now = {name for files in written.values() for name in files}
    retired = Retired()
    for notebook in written:
        for name, recorded in earlier.get(notebook, {}).items():
            if name in now or name.startswith(".") or name != Path(name).name:  # plain names in the folder only
                continue
            path = folder / name
            if not path.is_file() or path.is_symlink():
                continue
            if recorded is None:
                retired.kept.append((path, NO_DIGEST))
            elif _digest(path) != recorded:
                retired.kept.append((path, CHANGED))
            else:
                path.unlink()
                retired.removed.append(path)
    manifest = {notebook: files for notebook, files in earlier.items() if notebook not in written}
    for notebook, files in written.items():
        manifest[notebook] = {name: _digest(folder / name) for name in sorted(files) if (folder / name).is_file()}
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": 2, "notebooks": manifest}, indent=1, sort_keys=True) + "\n"
    write_atomic(folder / MANIFEST, text)
    return retired


def _export_html(executed: Path, destination: Path) -> None:
    import nbformat
    from nbconvert import HTMLExporter

    notebook = nbformat.read(executed, as_version=4)
    # The classic template writes the figures' alternative text into the page (the lab template drops it).
    body, _ = HTMLExporter(template_name="classic").from_notebook_node(notebook)
    destination.write_text(body, encoding="utf-8")


def notebook_path(name: str, root: str | os.PathLike[str] | None = None) -> Path:
    """The source of a pipeline notebook (``notebooks/<name>.ipynb`` under the project root)."""
    return Path(root if root is not None else project_root()) / "notebooks" / f"{name}.ipynb"


def run_pipeline(
    params: PipelineParams,
    root: str | os.PathLike[str] | None = None,
    log: Callable[[str], None] = lambda line: None,
) -> PipelineReport:
    """Run the notebooks of a parameter set and swap in their outputs.

    Args:
        params: The parameters (see :mod:`aspera_core.pipeline.params`).
        root: The project root (found when omitted).
        log: Receives one line per notebook as it finishes.

    Returns:
        What was written.

    Raises:
        aspera_core.pipeline.params.ParamsError: an input file is missing or of the wrong kind, an agent
            is unknown, ``compare`` names a system the run does not have, or an output folder is a file.
        FileNotFoundError: a notebook is missing.
        NotebookFailed: a notebook raised (earlier outputs are untouched).
    """
    import papermill
    from papermill.exceptions import PapermillExecutionError

    root = Path(root).resolve() if root is not None else project_root()
    params.check(root)
    figures = resolve_path(params.figures_dir, root)
    runs = resolve_path(params.runs_dir, root)
    assert figures is not None and runs is not None
    runs = runs / params.name
    sources = [notebook_path(name, root) for name in params.notebooks]
    for source in sources:
        if not source.is_file():
            raise FileNotFoundError(f"notebook {source} does not exist")
    report = PipelineReport()
    staged_figures, staged_runs = _staging(figures), _staging(runs)
    try:
        values = params.for_notebook(root)
        values["figures_dir"] = str(staged_figures)
        written: dict[str, list[str]] = {}
        for name, source in zip(params.notebooks, sources):
            before = _snapshot(staged_figures)
            declared = papermill.inspect_notebook(str(source))
            chosen = {key: value for key, value in values.items() if key in declared}
            executed = staged_runs / f"{name}.ipynb"
            started = time.monotonic()
            try:
                papermill.execute_notebook(
                    str(source),
                    str(executed),
                    parameters=chosen,
                    kernel_name=KERNEL,
                    language="python",
                    cwd=str(source.parent),
                    progress_bar=False,
                    extra_arguments=KERNEL_ARGUMENTS,
                )
            except PapermillExecutionError as error:
                runs.mkdir(parents=True, exist_ok=True)
                failed = runs / f"{name}.failed.ipynb"
                os.replace(executed, failed)
                raise NotebookFailed(name, f"{error.ename}: {error.evalue} (cell {error.exec_count})", failed) from None
            report.seconds[name] = time.monotonic() - started
            after = _snapshot(staged_figures)
            written[name] = sorted(file for file, stamp in after.items() if before.get(file) != stamp)
            if params.html:
                _export_html(executed, staged_runs / f"{name}.html")
            log(f"{name}: done in {report.seconds[name]:.1f} s")
        report.artefacts = _swap_in(staged_figures, figures)
        retired = retire_stale_outputs(figures, written)
        report.removed, report.kept = retired.removed, retired.kept
        moved = _swap_in(staged_runs, runs)
        report.notebooks = [path for path in moved if path.suffix == ".ipynb"]
        report.html = [path for path in moved if path.suffix == ".html"]
        for name in params.notebooks:  # a notebook that now succeeds leaves no failure behind
            (runs / f"{name}.failed.ipynb").unlink(missing_ok=True)
    finally:
        shutil.rmtree(staged_figures, ignore_errors=True)
        shutil.rmtree(staged_runs, ignore_errors=True)
    return report
