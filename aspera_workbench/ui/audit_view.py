"""A rejected correct program beside the reference, with the check that rejected it: the audit's evidence, shown."""

from __future__ import annotations

import html
from typing import Any

from aspera_workbench.ui.code_view import diff_html


def rejected_beside_reference(rejected: Any) -> Any:
    """Each row of :func:`aspera_workbench.audit.false_rejection_table` as a heading (task, kind, what the variant
    changes, the evaluation program's line that rejected it, the verdict) over the program beside the reference.

    Returns an ``IPython.display.HTML`` (a note when there is none)."""
    from IPython.display import HTML  # deferred: only notebooks show it

    if len(rejected) == 0:
        return HTML("<p>No correct program was rejected.</p>")
    parts = []
    for row in rejected.itertuples(index=False):
        verdict = f"{row.outcome}: {row.message}" if row.message else str(row.outcome)
        parts.append(
            f"<h4>task {html.escape(str(row.task_id))}: {html.escape(str(row.kind))}</h4>"
            f"<p>{html.escape(str(row.description))}<br>"
            f"rejected by <code>{html.escape(str(row.check or 'the evaluation program'))}</code><br>"
            f"verdict: {html.escape(verdict)}</p>"
            + diff_html(str(row.program), str(row.reference), "rejected program", "reference program")
        )
    return HTML("\n".join(parts))
