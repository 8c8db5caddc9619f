"""One look for every figure: sizes, fonts, colours, applied through a context, never globally.

Every figure is drawn inside :func:`plotting_style` on :func:`new_figure` (a bare
:class:`matplotlib.figure.Figure`), so plotting neither switches backends nor leaves rcParams or
pyplot figures behind. Outcomes take Paul Tol's "muted" colours, systems Okabe and Ito's (both
stay apart with the common colour-vision deficiencies; no colour is in both), and systems get a
marker and line style too, so they stay apart printed in grey. A figure has no title (its
caption lives in ``figures/README.md``); a panel has one only when the panels show different things.
"""

from __future__ import annotations

import contextlib
import hashlib
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import matplotlib
from matplotlib.colors import to_rgb

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

#: One colour per outcome, from Paul Tol's colour-blind-safe "muted" scheme, kept apart from the
#: systems' colours (Okabe and Ito's). The four outcomes seen most (success, task completion error,
#: hand-back, execution error) differ in lightness too, so stacked bars stay readable printed in grey.
OUTCOME_COLOURS: dict[str, str] = {
    "success": "#117733",
    "task_completion_error": "#CC6677",
    "handback_control": "#DDCC77",
    "execution_error": "#332288",
    "syntax_error": "#AA4499",
    "parse_error": "#88CCEE",
    "timeout": "#999933",
    "resource_error": "#44AA99",
    "model_error": "#DDDDDD",
}

#: Hatching per outcome: outcomes whose colours come close in grey (execution error and success, the
#: rarer ones among themselves) differ in pattern.
OUTCOME_HATCHES: dict[str, str] = {
    "success": "",
    "task_completion_error": "",
    "handback_control": "",
    "execution_error": "////",
    "syntax_error": "xxxx",
    "parse_error": "||||",
    "timeout": "....",
    "resource_error": "++++",
    "model_error": "----",
}


def hatch_colour(fill: str) -> str:
    """The colour of hatch lines on a fill: white on dark fills, dark grey on light ones."""
    red, green, blue = to_rgb(fill)
    return "white" if 0.299 * red + 0.587 * green + 0.114 * blue < 0.45 else "0.2"


@dataclass(frozen=True)
class SystemStyle:
    """How one system is drawn: colour, marker and line style (the last two keep systems apart in grey)."""

    colour: str
    marker: str
    linestyle: str


#: The built-in agents, drawn the same in every figure (Okabe-Ito colours; none is an outcome's colour).
BUILTIN_SYSTEMS: dict[str, SystemStyle] = {
    "reference": SystemStyle("#0072B2", "o", "-"),
    "noop": SystemStyle("#E69F00", "s", "--"),
    "handback": SystemStyle("#56B4E9", "^", ":"),
    "mutant": SystemStyle("#CC79A7", "D", "-."),
}

#: Colours for every other system (models, settings, agents added later): the rest of Okabe-Ito's
#: palette and Tol's high-contrast colours, none of them a built-in agent's or an outcome's colour.
SYSTEM_COLOURS: list[str] = ["#D55E00", "#000000", "#004488", "#997700", "#999999", "#BB5566", "#F0E442"]
#: Markers and line styles for the other systems, assigned with their colour.
SYSTEM_MARKERS: list[str] = ["v", "P", "X", "*", "h", "<", ">", "p", "d", "8"]
SYSTEM_LINESTYLES: list[str] = ["-", "--", ":", "-."]


def _slot(name: str, size: int) -> int:
    """A position derived from the name alone (not Python's salted ``hash``), the same in every process."""
    return int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:8], "big") % size


def system_styles(systems: Iterable[str]) -> dict[str, SystemStyle]:
    """How each system is drawn, decided by its name, so a system looks the same in every figure.

    Built-in agents have fixed styles (:data:`BUILTIN_SYSTEMS`); every other system takes a slot
    from a digest of its name, the later name of a clashing pair the next free one. Adding or
    removing systems never changes a built-in agent's style, and another's only on a clash.
    """
    ordered = list(dict.fromkeys(systems))
    size = len(SYSTEM_MARKERS)
    taken: set[int] = set()
    styles: dict[str, SystemStyle] = {}
    for system in sorted(name for name in ordered if name not in BUILTIN_SYSTEMS):
        slot = _slot(system, size)
        for step in range(size):  # the next free slot; all taken only beyond `size` other systems
            if (slot + step) % size not in taken:
                slot = (slot + step) % size
                break
        taken.add(slot)
        styles[system] = SystemStyle(
            SYSTEM_COLOURS[slot % len(SYSTEM_COLOURS)],
            SYSTEM_MARKERS[slot],
            SYSTEM_LINESTYLES[slot % len(SYSTEM_LINESTYLES)],
        )
    return {system: BUILTIN_SYSTEMS.get(system) or styles[system] for system in ordered}


#: Width of one column of a two-column paper, in inches.
COLUMN_WIDTH = 3.3
#: Width of a full page (both columns), in inches.
PAGE_WIDTH = 7.0
#: Resolution of the PNG files written beside the PDFs.
PNG_DPI = 200


def wrap_label(label: str, width: int = 24) -> str:
    """A label broken into lines of at most ``width`` characters, so a long name (a model's, a
    system's) makes a label taller instead of the figure wider than its column."""
    return "\n".join(textwrap.wrap(str(label), width, break_on_hyphens=False)) or str(label)


def style_parameters() -> dict[str, Any]:
    """The rcParams of the workbench's figures: seaborn's ``ticks`` style and ``paper`` context, light
    horizontal grid lines, no top/right spines, TrueType fonts in PDFs (text stays text).
    """
    import seaborn as sns  # deferred: seaborn takes ~2 s to import, only drawing needs its style

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
            "savefig.bbox": None,  # saved at the figure's own width: one or two columns exactly
            "figure.dpi": 100,
        }
    )
    return parameters


@contextlib.contextmanager
def plotting_style() -> Iterator[None]:
    """Apply the workbench's figure style inside a ``with`` block; the previous settings return after it."""
    with matplotlib.rc_context(style_parameters()):
        yield


def new_figure(
    width: float = COLUMN_WIDTH, height: float = 2.4, nrows: int = 1, ncols: int = 1, **subplots: Any
) -> tuple[Any, Any]:
    """A figure pyplot does not know (never shown or kept alive by pyplot), and its axes.

    ``width`` is :data:`COLUMN_WIDTH` or :data:`PAGE_WIDTH` inches; ``subplots`` go to
    :meth:`matplotlib.figure.Figure.subplots`.
    """
    from matplotlib.figure import Figure  # deferred: ~0.4 s, and only figures need it

    figure = Figure(figsize=(width, height), layout="constrained")
    axes = figure.subplots(nrows, ncols, squeeze=True, **subplots)
    return figure, axes


def system_colours(systems: Iterable[str]) -> dict[str, str]:
    """A colour for each system, decided by its name (:func:`system_styles`); never an outcome's colour."""
    return {system: style.colour for system, style in system_styles(systems).items()}


#: One colour per error category (see :mod:`aspera_workbench.analysis.taxonomy`), Tol's colours; the categories that
#: are outcomes (success, wrong effect, unwarranted hand-back) take the outcome's colour, none a built-in agent's.
CATEGORY_COLOURS: dict[str, str] = {
    "success": OUTCOME_COLOURS["success"],
    "wrong effect or answer": OUTCOME_COLOURS["task_completion_error"],
    "unwarranted hand-back": OUTCOME_COLOURS["handback_control"],
    "unknown name or attribute": "#332288",
    "wrong argument for a library call": "#882255",
    "malformed control world": "#AAAA00",
    "library search or parse failed": "#AA4499",
    "other run-time error": "#661100",
    "refused by the sandbox": "#000000",
    "task's own programs failed": "#999933",
    "worker died": "#5F5F5F",
    "syntax error": "#6699CC",
    "no program found": "#88CCEE",
    "timeout": "#F0E442",
    "resource limit": "#44AA99",
    "no program from the model": "#BBBBBB",
}

#: Colours for categories people add by hand (human labels), in order of appearance.
EXTRA_CATEGORY_COLOURS: list[str] = ["#EE8866", "#FFAABB", "#BBCC33", "#77AADD", "#225555"]


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


def x_grid_only(axes: Any) -> None:
    """Grid lines across the x axis only: the style's horizontal lines would cut horizontal bars and intervals."""
    axes.grid(axis="y", visible=False)
    axes.grid(axis="x", visible=True)
