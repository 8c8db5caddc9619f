"""A verdict as HTML: outcome, exception, traceback, each pair's result, and what the program printed; the checked
verdict and its reasons (:func:`checked_html`).

Works for a fresh :class:`~aspera_core.outcomes.Verdict` from the sandbox and
for a recorded :class:`~aspera_core.records.ResultRow` alike (both have the
outcome, the exception's type and message, the traceback and the pairs).
"""

from __future__ import annotations

import html
from typing import Any

#: Colours of outcomes (colour-blind safe: green for success, vermilion for failures, grey for no verdict).
_OUTCOME_COLOURS = {"success": "#009E73", "model_error": "#777777"}
_FAILURE = "#D55E00"
_PRE = "white-space:pre-wrap;font-family:monospace;font-size:12px;margin:2px 0;padding:4px;background:#f6f8fa"


def outcome_badge(outcome: Any) -> str:
    """An outcome's name in bold, coloured by whether it is a success."""
    name = str(getattr(outcome, "value", outcome))
    colour = _OUTCOME_COLOURS.get(name, _FAILURE)
    return f'<b style="color:{colour}">{html.escape(name)}</b>'


def _pre(text: str | None) -> str:
    return f'<pre style="{_PRE}">{html.escape(text)}</pre>' if text else ""


def verdict_html(verdict: Any, title: str = "") -> str:
    """A :class:`~aspera_core.outcomes.Verdict` or a recorded :class:`~aspera_core.records.ResultRow` as HTML."""
    parts = [f"{html.escape(title)}: " if title else "", outcome_badge(verdict.outcome)]
    if verdict.error_type:
        parts.append(f" &middot; <code>{html.escape(verdict.error_type)}</code>")
    parts.append(f" &middot; pairs run: {verdict.pairs_run} of {verdict.pairs_total}")
    duration = getattr(verdict, "duration_s", None)
    if duration is not None:
        parts.append(f" &middot; {duration:.2f} s")
    blocks = ["<div>" + "".join(parts) + "</div>"]
    if verdict.message:
        blocks.append(_pre(verdict.message))
    pairs = list(getattr(verdict, "pairs", ()) or ())
    if pairs:
        rows = "".join(
            f"<tr><td>{pair.index}</td><td>{outcome_badge(pair.outcome)}</td>"
            f"<td>{html.escape(pair.origin or '')}</td><td>{html.escape(pair.error_type or '')}</td>"
            f"<td style='text-align:left'>{html.escape((pair.message or '')[:300])}</td></tr>"
            for pair in pairs
        )
        blocks.append(
            "<table style='font-size:12px'><tr><th>pair</th><th>outcome</th><th>raised in</th>"
            "<th>exception</th><th style='text-align:left'>message</th></tr>" + rows + "</table>"
        )
    if verdict.traceback:
        blocks.append("<div><b>Traceback</b></div>" + _pre(verdict.traceback))
    if getattr(verdict, "return_value", None):
        blocks.append("<div><b>Returned</b></div>" + _pre(verdict.return_value))
    for stream in ("stdout", "stderr"):
        text = getattr(verdict, stream, "")
        if text:
            blocks.append(f"<div><b>{stream}</b></div>" + _pre(text))
    return "".join(blocks)


def checked_html(outcome: str | None, reasons: Any = (), title: str = "checked verdict") -> str:
    """The checked verdict (side effects and over-inclusive answers checked beside the evaluation program) and the
    reasons it gives, each naming its rule; ``None`` is shown as unknown, never guessed."""
    if outcome is None:
        shown = "<i>unknown</i> (no checked verdict: a results file written before it existed, or not checked)"
    else:
        shown = outcome_badge(outcome)
    lines = "".join(f"<li><code>{html.escape(str(reason))}</code></li>" for reason in reasons or ())
    listed = f"<ul style='margin:2px 0 2px 18px;padding:0'>{lines}</ul>" if lines else ""
    return f"<div class='aspera-checked'>{html.escape(title)}: {shown}{listed}</div>"
