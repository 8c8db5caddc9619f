"""Library against control: per model, success with the assistant library against success with the standard library only.

The control setting (:mod:`aspera_workbench.control`) asks the same model for the
same tasks with the same prompt structure, against plain Python data instead
of the library. For every model with judged rows in both settings (and the
same library-fixes switch), :func:`setting_comparison` pairs the two runs'
verdicts on the same tasks (and seeds) and gives the difference of success
with Newcombe's paired interval (from the two Wilson intervals,
:func:`~aspera_workbench.analysis.statistics.paired_difference_interval`) and an
exact paired test (McNemar's with one
verdict per task and setting, else the sign-flip test on per-task shares;
:func:`~aspera_workbench.analysis.statistics.paired_comparison`);
:func:`setting_error_sources` says where the difference comes from: the error
categories (:mod:`aspera_workbench.analysis.taxonomy`) of the failures in each
setting, on paired verdicts that use every seed of both runs, and of the tasks
only one setting solved.
"""

from __future__ import annotations

import os
from typing import Any

import pandas as pd

from aspera_workbench.analysis.frames import model_systems, system_order
from aspera_workbench.analysis.statistics import DEFAULT_SAMPLES, paired_comparison, paired_verdicts
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
    """The systems to compare: one ``(model, library system, control system)`` per model run in both settings.

    Systems are matched on the model and on the library-fixes switch; a model
    run in only one of the settings is left out.

    Args:
        frame: A runs frame.
        library: The setting of the library runs.
        control: The setting of the control runs.

    Returns:
        The pairs, in the frame's system order of the library systems.
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
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> pd.DataFrame:
    """Per model, success with the library against success in the control setting, on the same tasks.

    Args:
        frame: A runs frame.
        library: The setting of the library runs (default ``cck``).
        control: The setting of the control runs (default ``control``).
        confidence: Coverage of the interval.
        samples: Unused (the interval needs no resampling); kept for callers.
        seed: Unused, as ``samples``.

    Returns:
        One row per model run in both settings: ``model``, ``library system``,
        ``control system``, ``library seeds`` and ``control seeds`` (the seeds
        used; ``none`` for a run without seed), ``paired on`` (``task and
        seed`` when the runs share seeds, else ``task (means over seeds)``,
        as in :func:`~aspera_workbench.analysis.statistics.paired_comparison`),
        ``paired verdicts`` (task-seed pairs judged in both, or the tasks
        when paired on task means), ``tasks``, ``library success (%)`` and ``control success (%)``
        (means over tasks of each task's success share), ``library - control
        (%)`` with its Newcombe paired interval ``CI low (%)``, ``CI high
        (%)``, ``only library succeeded`` and ``only control succeeded``
        (discordant paired verdicts, or on task means the tasks where that
        setting's share is higher), ``test`` (``McNemar exact`` with one
        verdict per task and setting, else ``sign-flip exact (task means)``),
        ``p`` (its two-sided p-value) and
        ``same prompt set`` (both runs' rows record one and the same prompt-set
        version; ``False`` when they differ or a run records none). Empty
        (with these columns) when no model was run in both settings. The
        interval's coverage is in ``attrs["confidence"]``.
    """
    records: list[dict[str, Any]] = []
    for model, library_system, control_system in setting_pairs(frame, library, control):
        result = paired_comparison(
            frame, library_system, control_system, confidence=confidence, samples=samples, seed=seed
        )
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

    Every judged verdict of both runs takes part
    (:func:`~aspera_workbench.analysis.statistics.paired_verdicts`): within seed
    on the seeds the runs share, as :func:`setting_comparison` pairs them, so
    the counts add up to its numbers (per model, the failures of a setting
    are the paired verdicts minus its successes, and ``lost in control`` and
    ``won in control`` summed over categories are its discordant pairs).
    When the runs share no seed, every verdict of one run on a task is
    paired with every verdict of the other on that task; the counts are then
    over those verdict pairs, while :func:`setting_comparison` compares the
    per-task means (its success columns are the shares of the pairs when
    every task has the same seeds).

    Args:
        frame: A runs frame.
        labels: Human error labels (see :func:`~aspera_workbench.analysis.taxonomy.apply_labels`), or ``None``.
        library: The setting of the library runs.
        control: The setting of the control runs.

    Returns:
        One row per model and error category that occurs, categories in the
        taxonomy's order: ``model``, ``library seeds`` and ``control seeds``
        (the seeds of the pairs), ``paired on`` (``task and seed``, or ``task
        (every seed of each)`` when the runs share no seed), ``category``,
        ``paired verdicts`` (the denominator), ``library`` and ``control`` (paired verdicts that failed
        with this category in each setting), ``control - library``, the same
        two counts as shares of the paired verdicts (``library (%)``,
        ``control (%)``), ``lost in control`` (the library run succeeded and
        the control run failed with this category) and ``won in control`` (the
        control run succeeded and the library run failed with this category).
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
