"""Grading beside the evaluation program: footprints of a run and the checked verdict's rules.

Deterministic, offline and pure (standard library only): a results row's checked verdict can be recomputed from
the footprints. See :mod:`~aspera_core.grading.rules` for the rules, :mod:`~aspera_core.grading.changes` for how a
change to the world is compared, :mod:`~aspera_core.grading.answer_facts` for how an answer's candidates are read.
"""

from aspera_core.grading.answer_facts import Vocabulary, mentions, shown
from aspera_core.grading.changes import TableChange, describe, occurrences, row_key, world_delta
from aspera_core.grading.footprint import GRADING_VERSION, HANDBACK, Footprint, take
from aspera_core.grading.ids import UUID, IdNumbering, canonical_value
from aspera_core.grading.rules import (
    ALLOWANCE_BASE,
    ALLOWANCE_PER,
    CHECKED_OUTCOMES,
    OVER_INCLUSIVE,
    SIDE_EFFECT,
    allowance,
    check,
    checked_verdict,
)

__all__ = [
    "ALLOWANCE_BASE",
    "ALLOWANCE_PER",
    "CHECKED_OUTCOMES",
    "GRADING_VERSION",
    "HANDBACK",
    "OVER_INCLUSIVE",
    "SIDE_EFFECT",
    "UUID",
    "Footprint",
    "IdNumbering",
    "TableChange",
    "Vocabulary",
    "allowance",
    "canonical_value",
    "check",
    "checked_verdict",
    "describe",
    "mentions",
    "occurrences",
    "row_key",
    "shown",
    "take",
    "world_delta",
]
