"""Whether the endpoint saw the whole prompt: the prompt tokens it reports against a tokenizer-free lower bound.

A server whose context window is shorter than the prompt may drop the start of the prompt without
an error (Ollama does, with its default ``num_ctx`` of a few thousand tokens): the model then
answers a request it never saw whole. The endpoint's own count says so: ``usage.prompt_tokens``
comes back below the prompt's size.

The size is bounded without a tokenizer by the prompt's words (its runs of non-blank characters).
The tokenizers of the usual open and hosted models (the byte-pair encodings of the GPT, Llama 3,
Qwen and DeepSeek families, SentencePiece with its default split at blanks) cut text at blanks
before merging, so no token spans two words, and a chat template only adds tokens: a prompt of W
words is at least W tokens. An endpoint that reports fewer saw less than was sent.

The margin is that of a lower bound: it never accuses an endpoint that saw everything, and it
misses a window that cut off less than about half of such a prompt. The smallest cck prompt has
49,054 characters and 6,373 words, about 12,000 tokens at the usual 4 characters a token: a
window of 2,048 or 4,096 tokens is caught, one of 8,192 is not. A count of 0 is taken as no
count: some Ollama versions reported 0 for a prompt they had cached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def _texts(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content]
    if isinstance(content, list):  # content as a list of parts: the text parts
        return [part["text"] for part in content if isinstance(part, Mapping) and isinstance(part.get("text"), str)]
    return []


def prompt_size(messages: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """``(characters, words)`` of the text of ``messages`` (the words are the lower bound of its tokens)."""
    texts = [text for message in messages for text in _texts(message.get("content"))]
    return sum(len(text) for text in texts), sum(len(text.split()) for text in texts)


def prompt_cut(prompt_words: int, reported_tokens: int | None) -> bool:
    """Whether an endpoint reporting ``reported_tokens`` for a prompt of ``prompt_words`` words cannot have seen it whole."""
    return bool(reported_tokens) and reported_tokens is not None and reported_tokens < prompt_words
