"""Counts in messages people read: ``1 task``, ``2 tasks``.

At the bottom of the layers, so that every message of the workbench can use it.
"""

from __future__ import annotations


def count(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with ``noun`` in the right grammatical number (``plural`` for irregular nouns)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
