"""Running the notebooks of a parameter set under papermill: ``aspera pipeline``.

Each notebook runs in a fresh kernel started in ``notebooks/`` (where
JupyterLab starts it too), with the parameters it declares in its
``parameters`` cell, the project root, and an output folder. Outputs are
built aside and swapped in only when every notebook has succeeded:

* tables and figures go to a hidden staging folder beside ``figures_dir``;
* executed notebooks (and their HTML exports) go to a hidden staging folder
  beside ``<runs_dir>/<name>/``;
* then every file in the way of a new one is checked (:func:`output_conflicts`),
  and the ``<notebook>.failed.ipynb`` of every notebook that ran too;
* then each new file replaces its old copy with one ``os.replace``;
* and the tables and figures a notebook of this run wrote in an earlier run
  but not in this one are removed, so that no earlier output stays beside the
  new ones looking current (a figure that needs two seeds, after a run on
  one), and so are the failed copies of the notebooks that now succeeded.

Both destination folders keep a manifest (:mod:`aspera_core.manifest`) of what the
pipeline wrote there, each file with the SHA-256 digest of what was written:
in ``figures_dir`` what each notebook wrote last (:func:`retire_stale_outputs`),
in ``<runs_dir>/<name>/`` what was moved there (:func:`record_outputs`). A
file is the pipeline's to replace or remove only while the manifest lists it
with the digest its content still has, under any entry: tables and figures a
notebook wrote when run on its own (in JupyterLab) are listed too, by
:class:`~aspera_workbench.analysis.artefacts.Artefacts`, and a name this run wrote
leaves every other entry (the latest writer owns a file). The tables and
figures of a run are written into a fresh staging folder, so the check above
is the one that counts; the manifest Artefacts keeps there is a hidden file
and is never swapped in. Any other file in the way of a new
output is a conflict: one the pipeline did not write (the user's own
``outcomes.md``), one changed since (a figure the user replaced with their
own, an executed notebook the user annotated in JupyterLab and saved), one
listed without a digest (by an earlier version). From the moment a user
changes a file it is theirs. On a conflict nothing is replaced or removed in
either folder: this run's outputs are moved to new visible folders beside
their targets (``<figures_dir>.unplaced-<UTC time>`` and
``<runs_dir>/<name>.unplaced-<UTC time>``) and :class:`OutputConflict` names
the files in the way. Stale tables and figures are removed under the same
rule: files the pipeline did not write, files changed since, files listed
without a digest, and those of notebooks left out of this run, stay as they
are (the changed ones are reported).

A notebook that fails leaves every earlier output untouched; its executed
copy, with the error in it, is kept as ``<runs_dir>/<name>/<notebook>.failed.ipynb``,
or in a new ``<runs_dir>/<name>.unplaced-<UTC time>/`` folder when a failed copy
there is not the pipeline's unchanged output.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aspera_core.fileio import final_path, make_folders
from aspera_core.manifest import (
    CHANGED,
    NO_DIGEST,
    Conflict,
    file_digest,
    output_conflicts,
    read_manifest,
    record_outputs,
    take_over,
    write_manifest,
)
from aspera_workbench.pipeline.paths import project_root, resolve_path
from aspera_workbench.pipeline.pipeline_params import PipelineParams

KERNEL = "python3"
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
        no_space: The error was a full disk (or quota) while the notebook wrote a file: a file
            problem (``aspera pipeline`` exits 2), not a fault of the notebook (exit 1).
    """

    def __init__(self, notebook: str, message: str, executed: Path, note: str = "", *, no_space: bool = False) -> None:
        self.notebook = notebook
        self.executed = executed
        self.no_space = no_space
        what = "could not write a file" if no_space else "failed"
        super().__init__(f"notebook {notebook} {what}: {message}; the executed notebook is {executed}{note}")


@dataclass
class PipelineReport:
    """What a pipeline run wrote.

    Attributes:
        notebooks: Executed notebooks.
        html: Their HTML exports.
        artefacts: Tables and figures written.
        removed: Tables and figures of an earlier run that the same notebooks no longer write, removed.
        kept: Such files left in place, each with the reason (changed since the workbench wrote it, say).
        seconds: Time per notebook, by name.
        without_programs: One line per agent 02_evaluate ran that got not one program (every model
            request failed): its tables were written all the same.
    """

    notebooks: list[Path] = field(default_factory=list)
    html: list[Path] = field(default_factory=list)
    artefacts: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    kept: list[tuple[Path, str]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    without_programs: list[str] = field(default_factory=list)


def _staging(target: Path) -> Path:
    make_folders(target.parent)
    folder = target.parent / f".{target.name}.staging-{os.getpid()}-{secrets.token_hex(4)}"
    folder.mkdir()
    return folder


def _swap_in(staging: Path, target: Path) -> list[Path]:
    """Move every file of ``staging`` into ``target``, each replacing its old copy in one step."""
    make_folders(target)
    moved = []
    for name in _visible_files(staging):
        destination = target / name
        os.replace(staging / name, destination)
        moved.append(destination)
    return moved


def _snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Each visible file of ``folder`` with what changes when it is written again (inode, time, size)."""
    found = {}
    for name in _visible_files(folder):
        info = (folder / name).stat()
        found[name] = (info.st_ino, info.st_mtime_ns, info.st_size)
    return found


def _visible_files(folder: Path) -> list[str]:
    """The names of the plain files of ``folder`` that are not hidden (a manifest is), sorted."""
    return sorted(item.name for item in folder.iterdir() if item.is_file() and not item.name.startswith("."))


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
    remove). The manifest keeps the entries of notebooks that did not run, and the
    entry of notebooks run on their own, less the names this run wrote (the latest
    writer owns a file).

    Args:
        folder: The figures folder.
        written: Per notebook of this run, the names of the files it wrote (already in ``folder``).

    Returns:
        The files removed and those kept.
    """
    earlier = read_manifest(folder)
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
            elif file_digest(path) != recorded:
                retired.kept.append((path, CHANGED))
            else:
                path.unlink()
                retired.removed.append(path)
    now_listed = {
        notebook: {name: file_digest(folder / name) for name in sorted(files) if (folder / name).is_file()}
        for notebook, files in written.items()
    }
    write_manifest(folder, take_over(earlier, now_listed))
    return retired


class OutputConflict(RuntimeError):
    """Files in the way of this run's outputs: nothing was replaced or removed.

    Attributes:
        conflicts: The files in the way, each with the reason.
        placed: The new folders this run's outputs were moved to instead, beside their targets.
    """

    def __init__(self, conflicts: list[Conflict], placed: list[Path]) -> None:
        self.conflicts = conflicts
        self.placed = placed
        files = ", ".join(f"{conflict.path} ({conflict.reason})" for conflict in conflicts)
        where = " and ".join(str(folder) for folder in placed)
        super().__init__(f"files in the way of this run's outputs: {files}; this run's outputs are in {where}")


def _stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def _unplaced_folder(target: Path, stamp: str) -> Path:
    """A new, visible folder beside ``target`` for outputs that could not go there."""
    make_folders(target.parent)
    number = 1
    while True:
        folder = target.with_name(f"{target.name}.unplaced-{stamp}" + (f"-{number}" if number > 1 else ""))
        try:
            folder.mkdir()
        except FileExistsError:
            number += 1
            continue
        return folder


def _export_html(executed: Path, destination: Path) -> None:
    import nbformat
    from nbconvert import HTMLExporter

    notebook = nbformat.read(executed, as_version=4)
    # The classic template writes the figures' alternative text into the page (the lab template drops it).
    body, _ = HTMLExporter(template_name="classic").from_notebook_node(notebook)
    destination.write_text(body, encoding="utf-8")


#: The errors of a file that could not be written for lack of space, as a notebook's kernel reports them.
_NO_SPACE = re.compile(rf"^\[Errno ({errno.ENOSPC}|{errno.EDQUOT})\] ")


def _no_space(error: Exception) -> bool:
    """Whether a notebook's error is a full disk (or quota): an ``OSError`` of ENOSPC or EDQUOT."""
    ename = str(getattr(error, "ename", ""))
    evalue = str(getattr(error, "evalue", ""))
    return ename.split(".")[-1] == "OSError" and bool(_NO_SPACE.match(evalue))


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
        params: The parameters (see :mod:`aspera_workbench.pipeline.pipeline_params`).
        root: The project root (found when omitted).
        log: Receives one line per notebook as it finishes.

    Returns:
        What was written.

    Raises:
        aspera_workbench.pipeline.pipeline_params.ParamsError: an input file is missing or of the wrong kind, an agent
            is unknown, ``compare`` names a system the run does not have, or an output folder is a file.
        FileNotFoundError: a notebook is missing.
        NotebookFailed: a notebook raised (earlier outputs are untouched); ``no_space`` tells a full disk.
        OSError: a file could not be written (a full disk); the error names it.
        OutputConflict: a file in the way of an output is not the pipeline's unchanged output; nothing
            was replaced or removed, and this run's outputs were moved to new folders beside their targets.
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
            except OSError as error:  # papermill's own write of the executed notebook (a full disk)
                if error.filename is not None:
                    raise
                raise OSError(error.errno, error.strerror or str(error), str(final_path(executed))) from error
            except PapermillExecutionError as error:
                message = f"{error.ename}: {error.evalue} (cell {error.exec_count})"
                failed = runs / f"{name}.failed.ipynb"
                in_the_way = output_conflicts(runs, [failed.name])  # say, an earlier failed copy the user edited
                note = "".join(f"; the earlier copy is left alone ({c.path}: {c.reason})" for c in in_the_way)
                if in_the_way:
                    failed = _unplaced_folder(runs, _stamp()) / failed.name
                make_folders(runs)
                os.replace(executed, failed)
                if not in_the_way:
                    record_outputs(runs, {name: [failed.name]})
                raise NotebookFailed(name, message, failed, note, no_space=_no_space(error)) from None
            report.seconds[name] = time.monotonic() - started
            after = _snapshot(staged_figures)
            written[name] = sorted(file for file, stamp in after.items() if before.get(file) != stamp)
            if params.html:
                _export_html(executed, staged_runs / f"{name}.html")
            log(f"{name}: done in {report.seconds[name]:.1f} s")
        failures = [f"{name}.failed.ipynb" for name in params.notebooks]  # removed once their notebook succeeds
        conflicts = output_conflicts(figures, _visible_files(staged_figures))
        conflicts += output_conflicts(runs, _visible_files(staged_runs) + failures)
        if conflicts:
            stamp = _stamp()
            placed = []
            for staged, target in ((staged_figures, figures), (staged_runs, runs)):
                if _visible_files(staged):
                    placed.append(_unplaced_folder(target, stamp))
                    _swap_in(staged, placed[-1])
            raise OutputConflict(conflicts, placed)
        report.artefacts = _swap_in(staged_figures, figures)
        retired = retire_stale_outputs(figures, written)
        report.removed, report.kept = retired.removed, retired.kept
        moved = _swap_in(staged_runs, runs)
        report.notebooks = [path for path in moved if path.suffix == ".ipynb"]
        report.html = [path for path in moved if path.suffix == ".html"]
        for failure in failures:  # a notebook that now succeeds leaves no failure behind
            (runs / failure).unlink(missing_ok=True)
        record_outputs(runs, {name: [path.name for path in moved if path.stem == name] for name in params.notebooks})
    finally:
        shutil.rmtree(staged_figures, ignore_errors=True)
        shutil.rmtree(staged_runs, ignore_errors=True)
    if "02_evaluate" in params.notebooks:  # the agents ran: did each get a program at all?
        from aspera_workbench.pipeline.evaluate import agents_without_programs

        report.without_programs = agents_without_programs(
            params.tasks, params.agents, params.results_dir, root=root, library_fixes=params.library_fixes
        )
    return report
