"""Library against control: per model, success with the assistant library against success with the standard library only.

The control setting (:mod:`aspera_workbench.control`) asks the same model for the same tasks
against plain Python data instead of the library. :func:`setting_comparison` pairs both runs'
verdicts as :func:`~aspera_workbench.analysis.statistics.paired_comparison` does (Newcombe's
interval, an exact paired test); :func:`setting_error_sources` says where the difference comes
from, by error category (:mod:`aspera_workbench.analysis.taxonomy`) on the same paired verdicts.
"""

from __future__ import annotations

import os
from typing import Any

import pandas as pd

from aspera_workbench.analysis.frames import model_systems, system_order
from aspera_workbench.analysis.statistics import paired_comparison, paired_verdicts
from aspera_workbench.analysis.taxonomy import error_taxonomy

#: The settings compared by default: the cck agent with the library, and in the control setting.
LIBRARY_SETTING = "cck"
CONTROL_SETTING = "control"

COMPARISON_COLUMNS = [
    "model",
    "library system",
    "control system",
    "library seeds",
    "control seeds",
    "paired on",
    "paired verdicts",
    "tasks",
    "library success (%)",
    "control success (%)",
    "library - control (%)",
    "CI low (%)",
    "CI high (%)",
    "only library succeeded",
    "only control succeeded",
    "test",
    "p",
    "same prompt set",
]

SOURCE_COLUMNS = [
    "model",
    "library seeds",
    "control seeds",
    "paired on",
    "category",
    "paired verdicts",
    "library",
    "control",
    "control - library",
    "library (%)",
    "control (%)",
    "lost in control",
    "won in control",
]


def setting_pairs(
    frame: pd.DataFrame, library: str = LIBRARY_SETTING, control: str = CONTROL_SETTING
) -> list[tuple[str, str, str]]:
    """One ``(model, library system, control system)`` per model run in both settings, matched on the
    model and the library-fixes switch, in the frame's order of the library systems.
    """
    by_key, order = model_systems(frame), system_order(frame)
    pairs = [
        (str(model), system, by_key[(model, fixes, control)])
        for (model, fixes, setting), system in by_key.items()
        if setting == library and (model, fixes, control) in by_key
    ]
    return sorted(pairs, key=lambda pair: order.index(pair[1]) if pair[1] in order else len(order))


def _prompt_sets(frame: pd.DataFrame, system: str) -> set[str]:
    if "template_version" not in frame:
        return set()
    return set(frame.loc[frame["system"] == system, "template_version"].dropna().astype(str))


def setting_comparison(
    frame: pd.DataFrame,
    *,
    library: str = LIBRARY_SETTING,
    control: str = CONTROL_SETTING,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Per model, success with the library against success in the control setting, on the same tasks.

    Args:
        frame: A runs frame.
        library: The setting of the library runs (default ``cck``).
        control: The setting of the control runs (default ``control``).
        confidence: Coverage of the interval.

    Returns:
        One row per model run in both settings (:data:`COMPARISON_COLUMNS`): the two systems, their
        seeds, ``paired on`` and ``paired verdicts`` (the denominator), ``tasks``, both success rates
        (means of per-task shares), ``library - control (%)`` with Newcombe's ``CI low (%)`` and ``CI
        high (%)``, the discordant counts, ``test``, ``p`` and ``same prompt set`` (both runs record
        one and the same prompt-set version). The coverage is in ``attrs["confidence"]``.
    """
    records: list[dict[str, Any]] = []
    for model, library_system, control_system in setting_pairs(frame, library, control):
        result = paired_comparison(frame, library_system, control_system, confidence=confidence)
        versions = _prompt_sets(frame, library_system), _prompt_sets(frame, control_system)
        records.append(
            {
                "model": model,
                "library system": library_system,
                "control system": control_system,
                "library seeds": result["seeds_a"],
                "control seeds": result["seeds_b"],
                "paired on": result["paired_on"],
                "paired verdicts": result["pairs"],
                "tasks": result["tasks"],
                "library success (%)": 100 * result["success_a"],
                "control success (%)": 100 * result["success_b"],
                "library - control (%)": 100 * result["difference"],
                "CI low (%)": 100 * result["ci_low"],
                "CI high (%)": 100 * result["ci_high"],
                "only library succeeded": result["only_a"],
                "only control succeeded": result["only_b"],
                "test": result["test"],
                "p": result["p_value"],
                "same prompt set": len(versions[0]) == 1 and versions[0] == versions[1],
            }
        )
    table = pd.DataFrame.from_records(records, columns=COMPARISON_COLUMNS)
    table.attrs["confidence"] = confidence
    return table


def setting_error_sources(
    frame: pd.DataFrame,
    labels: pd.DataFrame | str | os.PathLike[str] | None = None,
    *,
    library: str = LIBRARY_SETTING,
    control: str = CONTROL_SETTING,
) -> pd.DataFrame:
    """Where the difference between the settings comes from: error categories on the same paired verdicts.

    Verdicts are paired by :func:`~aspera_workbench.analysis.statistics.paired_verdicts`, so with
    shared seeds the counts add up to :func:`setting_comparison`'s (a setting's failures are the
    paired verdicts minus its successes; ``lost`` and ``won in control`` summed are its discordant
    pairs); without, the counts are over every pair of verdicts on a task.

    Args:
        frame: A runs frame.
        labels: Human error labels (:func:`~aspera_workbench.analysis.taxonomy.apply_labels`), or ``None``.
        library: The setting of the library runs.
        control: The setting of the control runs.

    Returns:
        One row per model and error category that occurs (:data:`SOURCE_COLUMNS`), in the taxonomy's
        order: the seeds and pairing, ``paired verdicts`` (the denominator), the failures with this
        category in each setting, their difference and shares, ``lost in control`` (library
        succeeded, control failed so) and ``won in control`` (the reverse).
    """
    pairs = setting_pairs(frame, library, control)
    if not pairs:
        return pd.DataFrame(columns=SOURCE_COLUMNS)
    categorised = error_taxonomy(frame, labels)
    order = list(categorised["category"].cat.categories)
    records = []
    for model, library_system, control_system in pairs:
        paired = paired_verdicts(categorised, library_system, control_system, columns=("success", "category"))
        total = len(paired)
        pairing = {
            "library seeds": paired.attrs["seeds_a"],
            "control seeds": paired.attrs["seeds_b"],
            "paired on": paired.attrs["paired_on"],
        }
        for category in order:
            failed_library = ~paired["success_a"] & (paired["category_a"] == category)
            failed_control = ~paired["success_b"] & (paired["category_b"] == category)
            library_count, control_count = int(failed_library.sum()), int(failed_control.sum())
            if library_count == 0 and control_count == 0:
                continue
            records.append(
                {
                    "model": model,
                    **pairing,
                    "category": category,
                    "paired verdicts": total,
                    "library": library_count,
                    "control": control_count,
                    "control - library": control_count - library_count,
                    "library (%)": 100 * library_count / total,
                    "control (%)": 100 * control_count / total,
                    "lost in control": int((failed_control & paired["success_a"]).sum()),
                    "won in control": int((failed_library & paired["success_b"]).sum()),
                }
            )
    return pd.DataFrame.from_records(records, columns=SOURCE_COLUMNS)
