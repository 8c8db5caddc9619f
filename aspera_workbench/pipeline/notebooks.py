"""Running the notebooks of a parameter set under papermill: ``aspera pipeline``.

Each notebook runs in a fresh kernel started in ``notebooks/`` (where JupyterLab starts it
too), with the parameters it declares, the project root, and an output folder. The two output
folders, ``figures_dir`` and ``<runs_dir>/<name>/``, belong to the pipeline: each is built in
a fresh hidden folder beside it and, once every notebook has succeeded, swapped in whole
(:func:`aspera_core.fileio.replace_folder`), keeping only its subfolders (other parameter
sets' outputs) and a ``README.md``. If anything fails or the run is interrupted, the previous
folders stay exactly as they were; a failing notebook's executed copy, with the error in it,
is put beside them as ``<runs_dir>/<name>/<notebook>.failed.ipynb``.
"""

from __future__ import annotations

import errno
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aspera_core.fileio import final_path, make_folders, replace_folder
from aspera_workbench.pipeline.evaluate import agents_without_programs
from aspera_workbench.pipeline.paths import project_root, resolve_path
from aspera_workbench.pipeline.pipeline_params import PipelineParams

KERNEL = "python3"
# The kernel's own log (start-up notices, the "KeyboardInterrupt caught in kernel" of the interrupt
# jupyter_client sends every kernel it shuts down) is not the user's business; failing cells still fail.
KERNEL_ARGUMENTS = ["--IPKernelApp.log_level=CRITICAL"]


class NotebookFailed(RuntimeError):
    """A notebook raised; nothing was swapped in. ``no_space``: the error was a full disk (or quota), a file problem (exit 2)."""

    def __init__(self, notebook: str, message: str, executed: Path, *, no_space: bool = False) -> None:
        self.notebook = notebook
        self.executed = executed
        self.no_space = no_space
        what = "could not write a file" if no_space else "failed"
        super().__init__(f"notebook {notebook} {what}: {message}; the executed notebook is {executed}")


@dataclass
class PipelineReport:
    """What a pipeline run wrote: executed notebooks, their HTML exports, tables and figures, seconds per notebook.

    ``without_programs``: one line per agent 02_evaluate ran that got not one program (every
    model request failed); its tables were written all the same.
    """

    notebooks: list[Path] = field(default_factory=list)
    html: list[Path] = field(default_factory=list)
    artefacts: list[Path] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    without_programs: list[str] = field(default_factory=list)


def _carried_over(folder: Path) -> Callable[[str], bool]:
    """What a new output folder keeps of the old one: its subfolders (other parameter sets' outputs) and README.md."""
    return lambda name: not name.startswith(".") and (name == "README.md" or (folder / name).is_dir())


def _files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.iterdir() if path.is_file() and not path.name.startswith("."))


def _export_html(executed: Path, destination: Path) -> None:
    # deferred: nbformat and nbconvert load only when a notebook is written out as a page
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
    """Run the notebooks of a parameter set and swap in their outputs; ``log`` gets a line per notebook done.

    Raises:
        ParamsError: a parameter is unusable (:meth:`PipelineParams.check`).
        FileNotFoundError: a notebook is missing.
        NotebookFailed: a notebook raised (earlier outputs are untouched, its executed copy is put beside
            them); ``no_space`` tells a full disk.
        OSError: a file could not be written (a full disk); the error names it.
    """
    # deferred: papermill (and the Jupyter machinery under it) only when notebooks are run
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
    # Exits in reverse: figures_dir is swapped in before runs/<name>/, which may hold it (params/mini.yaml).
    with (
        replace_folder(runs, keep=_carried_over(runs)) as staged_runs,
        replace_folder(figures, keep=_carried_over(figures)) as staged_figures,
    ):
        values = params.for_notebook(root)
        values["figures_dir"] = str(staged_figures)
        for name, source in zip(params.notebooks, sources):
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
                failed = make_folders(runs) / f"{name}.failed.ipynb"
                os.replace(executed, failed)
                raise NotebookFailed(name, message, failed, no_space=_no_space(error)) from None
            report.seconds[name] = time.monotonic() - started
            if params.html:
                _export_html(executed, staged_runs / f"{name}.html")
            log(f"{name}: done in {report.seconds[name]:.1f} s")
        report.artefacts = [figures / path.name for path in _files(staged_figures)]
        moved = [runs / path.name for path in _files(staged_runs)]
        report.notebooks = [path for path in moved if path.suffix == ".ipynb"]
        report.html = [path for path in moved if path.suffix == ".html"]
    if "02_evaluate" in params.notebooks:  # the agents ran: did each get a program at all?
        report.without_programs = agents_without_programs(
            params.tasks, params.agents, params.results_dir, root=root, library_fixes=params.library_fixes
        )
    return report
