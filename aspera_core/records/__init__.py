"""Results files: the contract between the runner and the notebooks.

* :class:`ResultsHeader` and :class:`Experiment` name what a results file
  holds; :class:`ResultRow` is one evaluated program on one task, with
  per-pair detail (:class:`PairDetail`) and, for model-backed agents, how the
  program was produced (:class:`Generation`, :class:`Selection`).
* :class:`ResultsWriter` appends rows as they are known and refuses files
  that are not results files of the same experiment; :func:`read_results`
  and :func:`read_rows` read them back (a cut-off last line is skipped).
* :func:`summarize` counts outcomes with their denominators.
* :class:`AppendOnlyWriter` and the readers beside it (:class:`FileKind`,
  :func:`read_file`, :func:`first_line`, :func:`parse_rows`, :func:`now`) keep
  the same append-only rules for the workbench's own files (judgements).

This package depends only on :mod:`aspera_core.outcomes`: reading results
loads neither the library nor the sandbox.

Example::

    from aspera_core.records import read_rows, summarize

    rows = read_rows("runs/reference.jsonl")
    print(summarize(rows)["success_rate"])
"""

from aspera_core.outcomes import Outcome
from aspera_core.records.appendonly import AppendOnlyWriter, FileKind, first_line, now, parse_rows, read_file
from aspera_core.records.jsonl import (
    ExperimentMismatch,
    LegacyResultsFile,
    NotAResultsFile,
    ResultsFile,
    ResultsFileBusy,
    ResultsFileWarning,
    ResultsWriter,
    check_results_file,
    completed_keys,
    holds_experiment,
    judged,
    read_results,
    read_rows,
    repair_tail,
    results_file_for,
)
from aspera_core.records.schema import (
    FORMAT_VERSION,
    Experiment,
    Generation,
    PairDetail,
    ResultRow,
    ResultsHeader,
    Selection,
    Usage,
)
from aspera_core.records.subset import AuditedSubset, SubsetFileError, read_subset
from aspera_core.records.summary import (
    CHECKED_UNKNOWN,
    answer_counts,
    checked_summary,
    counted_rows,
    describe_answer_counts,
    format_subset,
    format_summary,
    summarize,
    summarize_subset,
)

__all__ = [
    "AppendOnlyWriter",
    "AuditedSubset",
    "CHECKED_UNKNOWN",
    "FORMAT_VERSION",
    "Experiment",
    "ExperimentMismatch",
    "FileKind",
    "Generation",
    "LegacyResultsFile",
    "NotAResultsFile",
    "Outcome",
    "PairDetail",
    "ResultRow",
    "ResultsFile",
    "ResultsFileBusy",
    "ResultsFileWarning",
    "ResultsHeader",
    "ResultsWriter",
    "Selection",
    "SubsetFileError",
    "Usage",
    "answer_counts",
    "check_results_file",
    "checked_summary",
    "completed_keys",
    "counted_rows",
    "describe_answer_counts",
    "first_line",
    "format_subset",
    "format_summary",
    "holds_experiment",
    "judged",
    "now",
    "parse_rows",
    "read_file",
    "read_results",
    "read_rows",
    "read_subset",
    "repair_tail",
    "results_file_for",
    "summarize",
    "summarize_subset",
]
