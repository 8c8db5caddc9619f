"""Results files and task sets turned into the paper's tables and figures, as pandas frames and matplotlib figures.

Reads results files and task sets, never the runner's live objects; no function changes global matplotlib
state. Figures are drawn inside :func:`plotting_style` and written with :class:`Artefacts`.
"""

from aspera_workbench.analysis.agreement import annotator_agreement, verdict_agreement
from aspera_workbench.analysis.annotation import (
    VERDICT_LABELS,
    AnnotationFile,
    AnnotationFileError,
    Label,
    labelled_taxonomy,
    labelling_sample,
    read_annotations,
    sample_digest,
)
from aspera_workbench.analysis.artefacts import Artefacts, markdown_table, readable, save_figure
from aspera_workbench.analysis.audit_rates import audit_rates
from aspera_workbench.analysis.check_plots import (
    plot_audit_rates,
    plot_checklist,
    plot_judge_agreement,
    plot_judge_confusion,
    plot_verdict_flips,
    plot_weakest_tasks,
)
from aspera_workbench.analysis.dataset import dataset_table, primitive_counts
from aspera_workbench.analysis.exploration import episode_summary, exploration_success, explore_failures, gap_closed
from aspera_workbench.analysis.frames import described_system, programs_frame, runs_frame, system_label, tasks_frame
from aspera_workbench.analysis.judging import (
    agreement_scores,
    judge_agreement,
    judge_confusion,
    judge_disagreements,
    judgements_frame,
)
from aspera_workbench.analysis.outcome_rates import outcome_table
from aspera_workbench.analysis.plots import (
    NoData,
    plot_complexity_distributions,
    plot_error_types,
    plot_generated_vs_reference,
    plot_outcomes,
    plot_pass_k,
    plot_program_lengths,
    plot_query_length,
    plot_selection,
    plot_setting_comparison,
    plot_success_by_length,
    plot_task_success,
)
from aspera_workbench.analysis.result_tables import (
    benchmark_table,
    length_comparison,
    length_comparison_display,
    length_pairs,
    outcome_counts,
    selection_table,
    success_by_length,
    success_table,
    success_table_display,
)
from aspera_workbench.analysis.settings import setting_comparison, setting_error_sources
from aspera_workbench.analysis.statistics import paired_comparisons, pass_k_table, verdict_flips
from aspera_workbench.analysis.style import OUTCOME_ORDER, PAGE_WIDTH, new_figure, plotting_style, system_colours
from aspera_workbench.analysis.taxonomy import CATEGORIES, error_taxonomy, exception_table, read_labels, taxonomy_table
from aspera_workbench.analysis.wilson import wilson_interval

__all__ = [
    "AnnotationFile",
    "AnnotationFileError",
    "Artefacts",
    "CATEGORIES",
    "Label",
    "NoData",
    "OUTCOME_ORDER",
    "PAGE_WIDTH",
    "VERDICT_LABELS",
    "agreement_scores",
    "annotator_agreement",
    "audit_rates",
    "benchmark_table",
    "dataset_table",
    "described_system",
    "episode_summary",
    "error_taxonomy",
    "exception_table",
    "exploration_success",
    "explore_failures",
    "gap_closed",
    "judge_agreement",
    "judge_confusion",
    "judge_disagreements",
    "judgements_frame",
    "labelled_taxonomy",
    "labelling_sample",
    "length_comparison",
    "length_comparison_display",
    "length_pairs",
    "markdown_table",
    "new_figure",
    "outcome_counts",
    "outcome_table",
    "paired_comparisons",
    "pass_k_table",
    "plot_audit_rates",
    "plot_complexity_distributions",
    "plot_error_types",
    "plot_generated_vs_reference",
    "plot_judge_agreement",
    "plot_judge_confusion",
    "plot_outcomes",
    "plot_pass_k",
    "plot_program_lengths",
    "plot_query_length",
    "plot_selection",
    "plot_setting_comparison",
    "plot_success_by_length",
    "plot_task_success",
    "plot_verdict_flips",
    "plot_checklist",
    "plot_weakest_tasks",
    "plotting_style",
    "primitive_counts",
    "programs_frame",
    "read_annotations",
    "read_labels",
    "readable",
    "runs_frame",
    "sample_digest",
    "save_figure",
    "selection_table",
    "setting_comparison",
    "setting_error_sources",
    "success_by_length",
    "success_table",
    "success_table_display",
    "system_colours",
    "system_label",
    "tasks_frame",
    "taxonomy_table",
    "verdict_agreement",
    "verdict_flips",
    "wilson_interval",
]
