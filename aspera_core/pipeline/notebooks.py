"""Running the notebooks of a parameter set under papermill: ``aspera pipeline``.

Each notebook runs in a fresh kernel started in ``notebooks/`` (where
JupyterLab starts it too), with the parameters it declares in its
``parameters`` cell, the project root, and an output folder. Outputs are
built aside and swapped in only when every notebook has succeeded:

* tables and figures go to a hidden staging folder beside ``figures_dir``;
* executed notebooks (and their HTML exports) go to a hidden staging folder
  beside ``<runs_dir>/<name>/``;
* then each new file replaces its old copy with one ``os.replace``; files of
  earlier runs that this run does not produce are left as they are.

A notebook that fails leaves every earlier output untouched; its executed
copy, with the error in it, is kept as ``<runs_dir>/<name>/<notebook>.failed.ipynb``.
"""

from __future__ import annotations

import os
import secrets
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aspera_core.pipeline.params import PipelineParams
from aspera_core.pipeline.paths import project_root, resolve_path

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
        seconds: Time per notebook, by name.
    """

    notebooks: list[Path] = field(default_factory=list)
    html: list[Path] = field(default_factory=list)
    artefacts: list[Path] = field(default_factory=list)
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
        aspera_core.pipeline.params.ParamsError: an input file is missing.
        FileNotFoundError: a notebook is missing.
        NotebookFailed: a notebook raised (earlier outputs are untouched).
    """
    import papermill
    from papermill.exceptions import PapermillExecutionError

    root = Path(root).resolve() if root is not None else project_root()
    params.check_files(root)
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
            except PapermillExecutionError as error:
                runs.mkdir(parents=True, exist_ok=True)
                failed = runs / f"{name}.failed.ipynb"
                os.replace(executed, failed)
                raise NotebookFailed(name, f"{error.ename}: {error.evalue} (cell {error.exec_count})", failed) from None
            report.seconds[name] = time.monotonic() - started
            if params.html:
                _export_html(executed, staged_runs / f"{name}.html")
            log(f"{name}: done in {report.seconds[name]:.1f} s")
        report.artefacts = _swap_in(staged_figures, figures)
        moved = _swap_in(staged_runs, runs)
        report.notebooks = [path for path in moved if path.suffix == ".ipynb"]
        report.html = [path for path in moved if path.suffix == ".html"]
        for name in params.notebooks:  # a notebook that now succeeds leaves no failure behind
            (runs / f"{name}.failed.ipynb").unlink(missing_ok=True)
    finally:
        shutil.rmtree(staged_figures, ignore_errors=True)
        shutil.rmtree(staged_runs, ignore_errors=True)
    return report
