"""Run records turned into tables and figures for the notebooks.

Reads results files (``aspera_core.records``), never the runner's live objects.
"""

from aspera_core.analysis.outcomes import load_runs, outcome_table, plot_outcomes, wilson_interval

__all__ = ["load_runs", "outcome_table", "plot_outcomes", "wilson_interval"]
