"""ASPERA workbench core.

Layers, each importing only from the ones below it::

    cli
    ui               notebook widgets (the generation flow)
    generation       new tasks from a model, each validated by running it
    pipeline         parameter sets, notebooks under papermill
    runner | analysis | audit
    records
    agents
    executor | tasks
    tools            setup (SIP) and checking (EP) tools
    library          the simulated assistant library programs are written against
    world | llm      in-memory state with a pinned clock | model endpoints

``aspera_core.compat`` makes the import paths of the original release
(``aspera.apps_implementation.*`` and friends) resolve to these modules.

The package itself re-exports the small API that notebooks and scripts need,
loaded on first use so that ``import aspera_core`` stays cheap::

    import aspera_core as ac

    tasks = ac.load_tasks("data/aspera_workbench_v1")
    ac.run_agent(tasks, ac.make_agent("reference"), "runs/reference.jsonl")
    runs = ac.runs_frame(["runs/reference.jsonl"])
    ac.success_table(runs)
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# name -> module that defines it. Imported when first used (PEP 562), so that
# the command line and the sandbox's workers do not pay for pandas or
# matplotlib, and so that no layer imports another through this package.
_PUBLIC: dict[str, str] = {
    # tasks, agents, running
    "load_tasks": "aspera_core.tasks",
    "Task": "aspera_core.tasks",
    "make_agent": "aspera_core.agents",
    "register_agent": "aspera_core.agents",
    "Agent": "aspera_core.agents",
    "Proposal": "aspera_core.agents",
    "run_agent": "aspera_core.runner",
    "SandboxConfig": "aspera_core.executor",
    # results files
    "Outcome": "aspera_core.outcomes",
    "read_results": "aspera_core.records",
    "read_rows": "aspera_core.records",
    "summarize": "aspera_core.records",
    # parameter sets and notebooks
    "project_root": "aspera_core.pipeline",
    "resolve_path": "aspera_core.pipeline",
    "project_relative": "aspera_core.pipeline",
    "load_params": "aspera_core.pipeline",
    "check_notebook_params": "aspera_core.pipeline",
    "evaluate_agents": "aspera_core.pipeline",
    "results_files": "aspera_core.pipeline",
    "run_pipeline": "aspera_core.pipeline",
    "audit_file": "aspera_core.pipeline",
    "judgements_files": "aspera_core.pipeline",
    # the audit of evaluation programs, as tables
    "read_audit": "aspera_core.audit",
    "kind_table": "aspera_core.audit",
    "kind_task_table": "aspera_core.audit",
    "task_table": "aspera_core.audit",
    "variant_table": "aspera_core.audit",
    "weakest_table": "aspera_core.audit",
    # analysis: frames, tables, statistics, figures
    "runs_frame": "aspera_core.analysis",
    "tasks_frame": "aspera_core.analysis",
    "programs_frame": "aspera_core.analysis",
    "program_metrics": "aspera_core.analysis",
    "dataset_table": "aspera_core.analysis",
    "primitive_counts": "aspera_core.analysis",
    "outcome_counts": "aspera_core.analysis",
    "success_table": "aspera_core.analysis",
    "success_table_display": "aspera_core.analysis",
    "success_summary": "aspera_core.analysis",
    "success_by_length": "aspera_core.analysis",
    "length_pairs": "aspera_core.analysis",
    "length_comparison": "aspera_core.analysis",
    "length_comparison_display": "aspera_core.analysis",
    "selection_table": "aspera_core.analysis",
    "error_taxonomy": "aspera_core.analysis",
    "taxonomy_table": "aspera_core.analysis",
    "paired_comparisons": "aspera_core.analysis",
    "setting_comparison": "aspera_core.analysis",
    "setting_error_sources": "aspera_core.analysis",
    "exploration_success": "aspera_core.analysis",
    "gap_closed": "aspera_core.analysis",
    "explore_failures": "aspera_core.analysis",
    "episode_summary": "aspera_core.analysis",
    "seed_consistency": "aspera_core.analysis",
    "pass_k_table": "aspera_core.analysis",
    "verdict_flips": "aspera_core.analysis",
    "benchmark_correlation": "aspera_core.analysis",
    "benchmark_table": "aspera_core.analysis",
    "exception_table": "aspera_core.analysis",
    "bootstrap_interval": "aspera_core.analysis",
    "Artefacts": "aspera_core.analysis",
    "OutputInTheWay": "aspera_core.analysis",
    "readable": "aspera_core.analysis",
    "plotting_style": "aspera_core.analysis",
    "plot_outcomes": "aspera_core.analysis",
    "plot_complexity_distributions": "aspera_core.analysis",
    "plot_query_length": "aspera_core.analysis",
    "plot_program_lengths": "aspera_core.analysis",
    "plot_task_success": "aspera_core.analysis",
    "plot_error_types": "aspera_core.analysis",
    "plot_success_by_length": "aspera_core.analysis",
    "plot_generated_vs_reference": "aspera_core.analysis",
    "plot_selection": "aspera_core.analysis",
    "plot_pass_k": "aspera_core.analysis",
    # trust in the verdicts: the audit's rates, a model judge's agreement, verdict flips
    "audit_rates": "aspera_core.analysis",
    "judgements_frame": "aspera_core.analysis",
    "judge_confusion": "aspera_core.analysis",
    "judge_agreement": "aspera_core.analysis",
    "judge_disagreements": "aspera_core.analysis",
    "cohens_kappa": "aspera_core.analysis",
    "plot_audit_rates": "aspera_core.analysis",
    "plot_weakest_tasks": "aspera_core.analysis",
    "plot_judge_confusion": "aspera_core.analysis",
    "plot_judge_agreement": "aspera_core.analysis",
    "plot_verdict_flips": "aspera_core.analysis",
    "plot_setting_comparison": "aspera_core.analysis",
    # people's labels: samples to label, the labelled taxonomy, agreement
    "read_annotations": "aspera_core.analysis",
    "labelling_sample": "aspera_core.analysis",
    "labelled_taxonomy": "aspera_core.analysis",
    "annotator_agreement": "aspera_core.analysis",
    "verdict_agreement": "aspera_core.analysis",
    # task generation
    "load_generation_params": "aspera_core.generation",
    "open_generation": "aspera_core.generation",
    "diversity_table": "aspera_core.generation",
    "plot_diversity": "aspera_core.generation",
    "GenerationWidget": "aspera_core.ui",
    "open_explorer": "aspera_core.ui",
    "open_tour": "aspera_core.ui",
}

__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'aspera_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_PUBLIC))
