"""Telling a reasoning model's thinking apart from its answer, when the endpoint sends them as one text.

Open reasoning models served without a reasoning parser (vLLM without ``--reasoning-parser``,
llama.cpp with ``--reasoning-format none``, many proxies) write their thinking into the content,
before the answer, between ``<think>`` and ``</think>`` (some use ``<thinking>`` or
``<reasoning>``). The thinking often holds drafts the model then rejects, so nothing may be read
from it as the answer. :func:`split_reasoning` reads the content as follows:

1. A block opens with a tag at the start of a line (after blanks) and ends at the first matching
   closing tag. A block left open (the answer was cut off while the model was thinking) runs to
   the end of the content.
2. A closing tag with no opening tag before it ends a block that began with the content: chat
   templates of some models (DeepSeek-R1 distills, Qwen3) put the opening tag in the prompt.
3. Everything else is the answer; content without any tag is the answer as it is.

Tags are matched whatever their case. An opening tag in the middle of a line (prose that mentions
``<think>``) opens nothing.
"""

from __future__ import annotations

import re

_TAGS = "think|thinking|reasoning"
_OPEN = re.compile(rf"^[ \t]*<({_TAGS})>", re.IGNORECASE | re.MULTILINE)
_ANY_CLOSE = re.compile(rf"</(?:{_TAGS})\s*>", re.IGNORECASE)


def _closing(tag: str) -> re.Pattern[str]:
    return re.compile(rf"</{re.escape(tag)}\s*>", re.IGNORECASE)


def split_reasoning(content: str) -> tuple[str, str | None]:
    """``(answer, reasoning)`` of a message's content (rules in the module docstring).

    Without any block the answer is ``content`` unchanged and ``reasoning`` is ``None``. Otherwise
    the answer is what is left, stripped of surrounding blank space, and ``reasoning`` the blocks'
    texts in order with blank lines between (``None`` when they are all empty: a model told not
    to think may still write ``<think></think>``).
    """
    answer: list[str] = []
    reasoning: list[str] = []
    position = 0
    first_open = _OPEN.search(content)
    orphan = _ANY_CLOSE.search(content)
    if orphan is not None and (first_open is None or orphan.start() < first_open.start()):
        reasoning.append(content[: orphan.start()])
        position = orphan.end()
    while True:
        opened = _OPEN.search(content, position)
        if opened is None:
            answer.append(content[position:])
            break
        answer.append(content[position : opened.start()])
        closed = _closing(opened.group(1)).search(content, opened.end())
        if closed is None:  # cut off while thinking: the rest is thinking
            reasoning.append(content[opened.end() :])
            break
        reasoning.append(content[opened.end() : closed.start()])
        position = closed.end()
    if not reasoning:
        return content, None
    return "".join(answer).strip(), joined_reasoning(*reasoning)


def joined_reasoning(*parts: str | None) -> str | None:
    """The non-empty ``parts`` with blank lines between them (``None`` when every part is empty)."""
    kept = [part.strip() for part in parts if part and part.strip()]
    return "\n\n".join(kept) if kept else None
