"""Language helpers (documentation only): summaries, action items and translation.

The simulated world has no language model behind these functions; they return
``None``. No benchmark task needs this module.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal


@dataclass
class ActionItem:
    """A follow-up extracted from notes.

    Attributes:
        action: what has to be done.
        directly_responsible_individuals: names of the people responsible.
        urgency: ``"urgent"`` or ``"not urgent"``.
    """

    action: str
    directly_responsible_individuals: list[str] | None = None
    urgency: Literal["urgent", "not urgent"] | None = None


def summarise(content: str) -> str:
    """A short summary of ``content``. Returns ``None`` in the simulated world."""


def extract_action_items(notes: str) -> list[ActionItem]:
    """The action items found in meeting ``notes``. Returns ``None`` in the simulated world."""


class SupportedLanguages(StrEnum):
    """Languages :func:`translate` supports."""

    Romanian = "romanian"
    Russian = "russian"
    English = "english"


def translate(text: str, language: SupportedLanguages) -> str:
    """``text`` translated into ``language``. Returns ``None`` in the simulated world."""
