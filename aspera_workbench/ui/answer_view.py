"""How a model's answer ended, and its thinking folded away, as HTML for the failure explorer.

A row whose answer the token limit cut off (or whose prompt the endpoint did not see whole) gets
a note a reader cannot miss beside its verdict; the thinking, often long and full of rejected
drafts, is shown folded (an HTML ``<details>`` block) under the recorded verdict.
"""

from __future__ import annotations

import html
from typing import Any

_NOTE = "color:#D55E00;margin:2px 0"
_PRE = "white-space:pre-wrap;font-family:monospace;font-size:12px;margin:2px 0;padding:4px;background:#f6f8fa"


def answer_notes_html(row: Any) -> str:
    """Notes on how a recorded row's answer ended (empty for a row without such a mark, or without an answer)."""
    generation = getattr(row, "generation", None)
    if generation is None:
        return ""
    notes = []
    if generation.truncated:
        notes.append(
            "the answer was cut off by the token limit (finish_reason length): this program is not the model's "
            "finished answer, whatever its verdict"
        )
    if generation.prompt_truncated:
        notes.append("the endpoint did not see the whole prompt (its context window was smaller): prompt_truncated")
    return "".join(f'<div class="aspera-answer-note" style="{_NOTE}">{html.escape(note)}</div>' for note in notes)


def reasoning_html(row: Any) -> str:
    """The model's thinking of a recorded row, folded, with its length (empty when there is none)."""
    generation = getattr(row, "generation", None)
    text = generation.reasoning if generation is not None else None
    if not text:
        return ""
    length = f"{len(text):,} characters"
    if generation.reasoning_chars and generation.reasoning_chars > len(text):  # several answers: the row's total
        length += f"; {generation.reasoning_chars:,} in all of the row's answers"
    return (
        f'<details class="aspera-reasoning"><summary><b>The model\'s thinking</b> ({length})</summary>'
        f'<pre style="{_PRE}">{html.escape(text)}</pre></details>'
    )
