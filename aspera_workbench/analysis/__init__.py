"""Results files and task sets turned into the paper's tables and figures.

Reads results files (:mod:`aspera_core.records`) and task sets
(:mod:`aspera_core.tasks`), never the runner's live objects. Everything
returns pandas frames or matplotlib figures; no function changes global
matplotlib state.

* frames: :func:`runs_frame` (one row per run, task and seed),
  :func:`tasks_frame` (one row per task), :func:`programs_frame`;
* programs: :func:`program_metrics`, :func:`cyclomatic_complexity`,
  :func:`primitives_used`; the library's names: :func:`library_primitives`;
* Table 1: :func:`dataset_table`, :func:`primitive_counts`;
* statistics: :func:`success_summary`, :func:`success_interval`,
  :func:`paired_difference_interval`, :func:`bootstrap_interval`, :func:`paired_comparison`, :func:`seed_consistency`, :func:`pass_k_table`,
  :func:`verdict_flips`, :func:`benchmark_correlation`;
* tables: :func:`success_table` (Table 3), :func:`success_by_length`,
  :func:`length_comparison`, :func:`selection_table`;
* errors: :func:`error_taxonomy`, :func:`taxonomy_table`;
* trust in the verdicts: :func:`cohens_kappa`, :func:`kappa_interval`,
  :func:`audit_rates` (the audit's rates with intervals), :func:`judgements_frame`,
  :func:`judge_confusion`, :func:`judge_agreement`, :func:`judge_disagreements`
  (a model judge against the evaluation programs);
* people's labels: :func:`labelling_sample`, :func:`read_annotations`,
  :func:`labelled_taxonomy`, :func:`annotator_agreement` (Cohen's or Fleiss'
  kappa), :func:`verdict_agreement` (how often people judge a verdict wrong);
* library against control: :func:`setting_comparison`, :func:`setting_error_sources`;
* exploring against CCK and PS: :func:`exploration_success`, :func:`gap_closed`, :func:`explore_failures`, :func:`episode_summary`;
* figures: ``plot_*``, styled by :func:`plotting_style`; written with
  :class:`Artefacts` (CSV + Markdown, PNG + PDF, each file swapped in whole).
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
from aspera_workbench.analysis.artefacts import (
    Artefacts,
    SavedFigure,
    SavedTable,
    Skipped,
    markdown_table,
    readable,
    save_figure,
    save_table,
)
from aspera_workbench.analysis.audit_rates import ALL_KINDS, audit_rates, kind_label
from aspera_workbench.analysis.check_plots import (
    plot_audit_rates,
    plot_judge_agreement,
    plot_judge_confusion,
    plot_verdict_flips,
    plot_weakest_tasks,
)
from aspera_workbench.analysis.dataset import dataset_statistics, dataset_table, documentation_words, primitive_counts
from aspera_workbench.analysis.exploration import (
    episode_summary,
    exploration_success,
    explore_failures,
    explore_triples,
    gap_closed,
    gap_share,
)
from aspera_workbench.analysis.frames import (
    described_system,
    judged_rows,
    programs_frame,
    runs_frame,
    system_label,
    tasks_frame,
)
from aspera_workbench.analysis.judging import (
    agreement_scores,
    judge_agreement,
    judge_confusion,
    judge_disagreements,
    judgements_frame,
)
from aspera_workbench.analysis.outcome_rates import load_runs, outcome_table
from aspera_workbench.analysis.paper import PAPER_SUCCESS, PAPER_TABLE1, paper_success
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
from aspera_workbench.analysis.program_size import (
    ProgramMetrics,
    code_lines,
    cyclomatic_complexity,
    primitives_used,
    program_metrics,
    query_words,
    raw_lines,
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
from aspera_workbench.analysis.settings import setting_comparison, setting_error_sources, setting_pairs
from aspera_workbench.analysis.statistics import (
    benchmark_correlation,
    bootstrap_interval,
    cohens_kappa,
    kappa_interval,
    mcnemar_test,
    paired_comparison,
    paired_comparisons,
    paired_difference_interval,
    paired_verdicts,
    pass_at_k,
    pass_hat_k,
    pass_k_table,
    seed_consistency,
    success_interval,
    success_summary,
    task_success,
    verdict_flips,
)
from aspera_workbench.analysis.style import OUTCOME_ORDER, PAGE_WIDTH, new_figure, plotting_style, system_colours
from aspera_workbench.analysis.taxonomy import (
    CATEGORIES,
    apply_labels,
    error_category,
    error_taxonomy,
    exception_table,
    read_labels,
    taxonomy_table,
)
from aspera_workbench.analysis.wilson import wilson_interval
from aspera_workbench.surface import Primitive, library_primitives

__all__ = [
    "ALL_KINDS",
    "CATEGORIES",
    "OUTCOME_ORDER",
    "VERDICT_LABELS",
    "PAPER_SUCCESS",
    "PAGE_WIDTH",
    "PAPER_TABLE1",
    "AnnotationFile",
    "AnnotationFileError",
    "Artefacts",
    "Label",
    "NoData",
    "Primitive",
    "ProgramMetrics",
    "SavedFigure",
    "SavedTable",
    "Skipped",
    "agreement_scores",
    "annotator_agreement",
    "apply_labels",
    "audit_rates",
    "benchmark_correlation",
    "benchmark_table",
    "bootstrap_interval",
    "code_lines",
    "cohens_kappa",
    "cyclomatic_complexity",
    "dataset_statistics",
    "dataset_table",
    "described_system",
    "documentation_words",
    "error_category",
    "episode_summary",
    "error_taxonomy",
    "exception_table",
    "judge_agreement",
    "judge_confusion",
    "judge_disagreements",
    "exploration_success",
    "explore_failures",
    "explore_triples",
    "gap_closed",
    "gap_share",
    "judged_rows",
    "judgements_frame",
    "kappa_interval",
    "kind_label",
    "labelled_taxonomy",
    "labelling_sample",
    "sample_digest",
    "length_comparison",
    "length_comparison_display",
    "length_pairs",
    "library_primitives",
    "load_runs",
    "markdown_table",
    "mcnemar_test",
    "new_figure",
    "outcome_counts",
    "outcome_table",
    "paired_comparison",
    "paired_comparisons",
    "paired_difference_interval",
    "paired_verdicts",
    "paper_success",
    "pass_at_k",
    "pass_hat_k",
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
    "plot_weakest_tasks",
    "plotting_style",
    "primitive_counts",
    "primitives_used",
    "program_metrics",
    "programs_frame",
    "query_words",
    "raw_lines",
    "read_annotations",
    "read_labels",
    "runs_frame",
    "save_figure",
    "readable",
    "save_table",
    "seed_consistency",
    "setting_comparison",
    "setting_error_sources",
    "setting_pairs",
    "selection_table",
    "success_by_length",
    "success_interval",
    "success_summary",
    "success_table",
    "success_table_display",
    "system_colours",
    "system_label",
    "task_success",
    "tasks_frame",
    "taxonomy_table",
    "verdict_agreement",
    "verdict_flips",
    "wilson_interval",
]
