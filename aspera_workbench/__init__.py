"""ASPERA workbench: models, analysis, task generation and notebooks, beside :mod:`aspera_core`.

Notebooks import this package and call its public names::

    import aspera_workbench as wb

    tasks = wb.load_tasks("data/aspera_workbench_v1")
    runs = wb.runs_frame(["runs/results/reference.jsonl"])
    wb.success_table(runs)

Subpackages, each importing only from the ones below it (and from :mod:`aspera_core`)::

    cli              the ``aspera`` command line
    ui               notebook widgets: the tour, the failure explorer, the generation flow
    generation       new tasks from a model, each validated by running it
    pipeline         parameter sets, notebooks under papermill
    analysis | audit DataFrames, statistics, tables and figures | evaluation programs against variants
    judge            a model's judgement of programs, without running them
    agents           agents by name: model-backed (cck, ps, explore) and mutant
    control          the control setting: the same tasks over plain Python data
    surface          the library's documentation and primitives, as a model is shown them
    llm | variants   the one client of model endpoints | source-to-source program variants
    authoring        the workbench's own task set, built from its code modules (``aspera build-tasks``)
"""

from __future__ import annotations

from aspera_workbench.lazy import lazy_names

# name -> module that defines it, imported when first used (PEP 562): the
# ``aspera`` command imports this package, and most commands need neither
# pandas nor matplotlib (nor, before ``aspera run`` has started its fork
# server, aspera_core).
_PUBLIC: dict[str, str] = {
    "__version__": "aspera_core",
    "load_tasks": "aspera_core.tasks",
    "make_agent": "aspera_workbench.agents",
    "run_agent": "aspera_core.runner",
    "project_root": "aspera_workbench.pipeline",
    "resolve_path": "aspera_workbench.pipeline",
    "project_relative": "aspera_workbench.pipeline",
    "check_notebook_params": "aspera_workbench.pipeline",
    "evaluate_agents": "aspera_workbench.pipeline",
    "results_files": "aspera_workbench.pipeline",
    "audit_file": "aspera_workbench.pipeline",
    "load_subset": "aspera_workbench.pipeline",
    "judgements_files": "aspera_workbench.pipeline",
    "read_audit": "aspera_workbench.audit",
    "kind_table": "aspera_workbench.audit",
    "kind_task_table": "aspera_workbench.audit",
    "task_table": "aspera_workbench.audit",
    "weakest_table": "aspera_workbench.audit",
    "task_share_table": "aspera_workbench.audit",
    "checklist_table": "aspera_workbench.audit",
    "false_rejection_table": "aspera_workbench.audit",
    "runs_frame": "aspera_workbench.analysis",
    "tasks_frame": "aspera_workbench.analysis",
    "programs_frame": "aspera_workbench.analysis",
    "dataset_table": "aspera_workbench.analysis",
    "primitive_counts": "aspera_workbench.analysis",
    "outcome_counts": "aspera_workbench.analysis",
    "success_table": "aspera_workbench.analysis",
    "success_table_display": "aspera_workbench.analysis",
    "success_by_length": "aspera_workbench.analysis",
    "length_pairs": "aspera_workbench.analysis",
    "length_comparison": "aspera_workbench.analysis",
    "length_comparison_display": "aspera_workbench.analysis",
    "selection_table": "aspera_workbench.analysis",
    "error_taxonomy": "aspera_workbench.analysis",
    "taxonomy_table": "aspera_workbench.analysis",
    "paired_comparisons": "aspera_workbench.analysis",
    "setting_comparison": "aspera_workbench.analysis",
    "setting_error_sources": "aspera_workbench.analysis",
    "exploration_success": "aspera_workbench.analysis",
    "gap_closed": "aspera_workbench.analysis",
    "explore_failures": "aspera_workbench.analysis",
    "episode_summary": "aspera_workbench.analysis",
    "pass_k_table": "aspera_workbench.analysis",
    "verdict_flips": "aspera_workbench.analysis",
    "benchmark_table": "aspera_workbench.analysis",
    "exception_table": "aspera_workbench.analysis",
    "Artefacts": "aspera_workbench.analysis",
    "readable": "aspera_workbench.analysis",
    "plot_outcomes": "aspera_workbench.analysis",
    "plot_complexity_distributions": "aspera_workbench.analysis",
    "plot_query_length": "aspera_workbench.analysis",
    "plot_program_lengths": "aspera_workbench.analysis",
    "plot_task_success": "aspera_workbench.analysis",
    "plot_error_types": "aspera_workbench.analysis",
    "plot_success_by_length": "aspera_workbench.analysis",
    "plot_generated_vs_reference": "aspera_workbench.analysis",
    "plot_selection": "aspera_workbench.analysis",
    "plot_pass_k": "aspera_workbench.analysis",
    "audit_rates": "aspera_workbench.analysis",
    "judgements_frame": "aspera_workbench.analysis",
    "judge_confusion": "aspera_workbench.analysis",
    "judge_agreement": "aspera_workbench.analysis",
    "judge_disagreements": "aspera_workbench.analysis",
    "plot_audit_rates": "aspera_workbench.analysis",
    "plot_weakest_tasks": "aspera_workbench.analysis",
    "plot_checklist": "aspera_workbench.analysis",
    "plot_judge_confusion": "aspera_workbench.analysis",
    "plot_judge_agreement": "aspera_workbench.analysis",
    "plot_verdict_flips": "aspera_workbench.analysis",
    "plot_setting_comparison": "aspera_workbench.analysis",
    "read_annotations": "aspera_workbench.analysis",
    "labelled_taxonomy": "aspera_workbench.analysis",
    "annotator_agreement": "aspera_workbench.analysis",
    "verdict_agreement": "aspera_workbench.analysis",
    "load_generation_params": "aspera_workbench.generation",
    "open_generation": "aspera_workbench.generation",
    "diversity_table": "aspera_workbench.generation",
    "plot_diversity": "aspera_workbench.generation",
    "GenerationWidget": "aspera_workbench.ui",
    "open_explorer": "aspera_workbench.ui",
    "error_notice": "aspera_workbench.ui",
    "open_tour": "aspera_workbench.ui",
    "rejected_beside_reference": "aspera_workbench.ui",
}

__all__ = list(_PUBLIC)

__getattr__, __dir__ = lazy_names(__name__, _PUBLIC, globals())
