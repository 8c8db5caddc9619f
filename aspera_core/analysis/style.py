"""One look for every figure: sizes, fonts, colours, applied through a context, never globally.

Every plotting function of :mod:`aspera_core.analysis` draws inside
:func:`plotting_style` and builds its figure with :func:`new_figure`
(a bare :class:`matplotlib.figure.Figure`, not a pyplot figure), so plotting
neither switches backends nor leaves rcParams or open pyplot figures behind.
Colours are fixed per outcome (the order of :class:`~aspera_core.outcomes.Outcome`)
and assigned per system in one stable order, so a colour means the same
thing in every figure. The palette is Okabe and Ito's, designed to stay
distinguishable with the common colour-vision deficiencies.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

from aspera_core.outcomes import Outcome

#: Outcome names in the order tables and figures show them.
OUTCOME_ORDER: list[str] = [outcome.value for outcome in Outcome]

#: How outcomes are written in figures and tables for people.
OUTCOME_LABELS: dict[str, str] = {
    "success": "success",
    "task_completion_error": "task completion error",
    "handback_control": "hand-back",
    "execution_error": "execution error",
    "syntax_error": "syntax error",
    "parse_error": "parse error",
    "timeout": "timeout",
    "resource_error": "resource error",
    "model_error": "model error",
}

#: One colour per outcome (Okabe-Ito, plus two greys), chosen so neighbours differ in lightness too.
OUTCOME_COLOURS: dict[str, str] = {
    "success": "#009E73",
    "task_completion_error": "#D55E00",
    "handback_control": "#E69F00",
    "execution_error": "#CC79A7",
    "syntax_error": "#0072B2",
    "parse_error": "#56B4E9",
    "timeout": "#F0E442",
    "resource_error": "#5F5F5F",
    "model_error": "#BBBBBB",
}

#: Colours for systems (agents, models, settings), in the order systems are first listed.
SYSTEM_COLOURS: list[str] = [
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#56B4E9",
    "#D55E00",
    "#F0E442",
    "#000000",
    "#999999",
]

#: Width of one column of a two-column paper, in inches.
COLUMN_WIDTH = 3.3
#: Width of a full page (both columns), in inches.
PAGE_WIDTH = 7.0
#: Resolution of the PNG files written beside the PDFs.
PNG_DPI = 200


def style_parameters() -> dict[str, Any]:
    """The rcParams of the workbench's figures.

    Seaborn's ``ticks`` style and ``paper`` context (fonts of 8.8 to 9.6 pt at
    paper size), light horizontal grid lines, no top/right spines, TrueType
    fonts in PDFs (so text stays text in a paper's PDF).

    Returns:
        A dictionary for :func:`matplotlib.rc_context`.
    """
    import seaborn as sns

    parameters: dict[str, Any] = {}
    parameters.update(sns.axes_style("ticks"))
    parameters.update(sns.plotting_context("paper"))
    parameters.update(
        {
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "axes.grid.axis": "y",
            "grid.color": "0.88",
            "grid.linewidth": 0.6,
            "axes.titlesize": 9.6,
            "axes.titleweight": "regular",
            "legend.frameon": False,
            "pdf.fonttype": 42,
            "ps.fonttype": 42,
            "savefig.dpi": PNG_DPI,
            "savefig.bbox": "tight",
            "savefig.pad_inches": 0.03,
            "figure.dpi": 100,
        }
    )
    return parameters


@contextlib.contextmanager
def plotting_style() -> Iterator[None]:
    """Apply the workbench's figure style inside a ``with`` block; the previous settings return after it.

    Example::

        with plotting_style():
            figure, axes = new_figure()
            axes.plot([1, 2, 3])
    """
    import matplotlib

    with matplotlib.rc_context(style_parameters()):
        yield


def new_figure(
    width: float = COLUMN_WIDTH, height: float = 2.4, nrows: int = 1, ncols: int = 1, **subplots: Any
) -> tuple[Any, Any]:
    """A figure that is not registered with pyplot, with its axes.

    Such a figure is never shown or kept alive by pyplot's global figure list;
    it is displayed by :func:`~aspera_core.analysis.output.save_figure`'s result
    in a notebook.

    Args:
        width: Width in inches (:data:`COLUMN_WIDTH` or :data:`PAGE_WIDTH`).
        height: Height in inches.
        nrows: Rows of axes.
        ncols: Columns of axes.
        **subplots: Passed to :meth:`matplotlib.figure.Figure.subplots` (``sharey=...``).

    Returns:
        ``(figure, axes)``; ``axes`` is one Axes or an array of them, as with ``subplots``.
    """
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    axes = figure.subplots(nrows, ncols, squeeze=True, **subplots)
    return figure, axes


def system_colours(systems: Iterable[str]) -> dict[str, str]:
    """A colour for each system, in the order given (the same list gives the same colours).

    Args:
        systems: System labels in a fixed order (e.g. the categories of a runs frame's ``system`` column).

    Returns:
        Label -> hex colour; colours repeat after :data:`SYSTEM_COLOURS` is used up.
    """
    ordered = list(dict.fromkeys(systems))
    return {system: SYSTEM_COLOURS[index % len(SYSTEM_COLOURS)] for index, system in enumerate(ordered)}


#: One colour per error category (see :mod:`aspera_core.analysis.taxonomy`), Okabe-Ito and Tol's muted colours.
CATEGORY_COLOURS: dict[str, str] = {
    "success": "#009E73",
    "wrong effect or answer": "#D55E00",
    "unwarranted hand-back": "#E69F00",
    "unknown name or attribute": "#CC79A7",
    "wrong argument for a library call": "#882255",
    "malformed control world": "#117733",
    "library search or parse failed": "#AA4499",
    "other run-time error": "#332288",
    "refused by the sandbox": "#000000",
    "task's own programs failed": "#999933",
    "worker died": "#5F5F5F",
    "syntax error": "#0072B2",
    "no program found": "#56B4E9",
    "timeout": "#F0E442",
    "resource limit": "#44AA99",
    "no program from the model": "#BBBBBB",
}

#: Colours for categories people add by hand (human labels), in order of appearance.
EXTRA_CATEGORY_COLOURS: list[str] = ["#CC6677", "#DDCC77", "#88CCEE", "#661100", "#6699CC"]


def category_colours(categories: Iterable[str]) -> dict[str, str]:
    """A colour for each error category: fixed ones for the automatic categories, then extra colours."""
    colours: dict[str, str] = {}
    extra = 0
    for category in categories:
        if category in CATEGORY_COLOURS:
            colours[category] = CATEGORY_COLOURS[category]
        else:
            colours[category] = EXTRA_CATEGORY_COLOURS[extra % len(EXTRA_CATEGORY_COLOURS)]
            extra += 1
    return colours
