"""Figures the ASPERA paper (arXiv 2507.15501) reports, for a "paper" column beside regenerated results.

Facts to compare against, never targets: a cell is filled only where the paper reports that
exact quantity (Table 1, Table 3, the primitive-selection result).
"""

from __future__ import annotations

import re

#: Task success (%) the paper reports, by (model, setting). Proprietary models
#: are averages over three seeds, reported without error bars.
PAPER_SUCCESS: dict[tuple[str, str], float] = {
    ("o1-preview", "cck"): 80.13,
    ("gpt-4o", "cck"): 45.33,
    ("codegemma", "cck"): 2.40,
    ("o1-preview", "ps"): 28.4,
}

#: Other spellings of the models above (after lower-casing and dropping a provider prefix).
MODEL_ALIASES: dict[str, str] = {
    "codegemma-7b": "codegemma",
    "codegemma-7b-it": "codegemma",
    "gpt4o": "gpt-4o",
}

#: Table 1 of the paper, by quantity (the wording of :func:`aspera_workbench.analysis.dataset.dataset_table`).
PAPER_TABLE1: dict[str, str] = {
    "tasks": "250",
    "reference programs (AEP): raw lines": "about 9k",
    "setup programs (SIP): raw lines": "about 13k",
    "evaluation programs (EP): raw lines": "about 17.5k",
    "library primitives, documented (functions + methods + aliases + classes)": "69 (49 functions + 20 classes; an appendix says 62)",
    "library documentation, documented only: words": "2,422",
    "query length (words): min": "8",
    "query length (words): max": "54",
    "query length (words): mean": "18.9",
    "cyclomatic complexity of AEP: mean": "5.26",
    "cyclomatic complexity of AEP: median": "5",
    "cyclomatic complexity of AEP: max": "19",
}

_DATE_SUFFIX = re.compile(r"-(\d{4}-\d{2}-\d{2}|\d{8})$")


def canonical_model(model: str) -> str:
    """A model name as the paper spells it: lower case, without provider prefix (``openai/``) or date
    suffix (``-2024-08-06``), then :data:`MODEL_ALIASES`.
    """
    name = model.strip().lower().rsplit("/", 1)[-1]
    name = _DATE_SUFFIX.sub("", name)
    return MODEL_ALIASES.get(name, name)


def paper_success(model: str | None, setting: str | None) -> float | None:
    """The task success (%) the paper reports for a model in a setting, or ``None``."""
    if not isinstance(model, str) or not isinstance(setting, str) or not model or not setting:
        return None  # built-in agents (no model; NaN once in a frame beside model rows)
    return PAPER_SUCCESS.get((canonical_model(model), setting.lower()))
