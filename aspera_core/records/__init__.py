"""Result rows and results files: the contract between the runner and the notebooks.

* :class:`ResultRow` is one evaluated program on one task.
* :class:`ResultsWriter` appends rows to a JSONL file, one line per row, as
  soon as each is known; :func:`read_rows` reads a file back and tolerates a
  cut-off last line left by an interrupted run; :func:`completed_ids` is what a
  resumed run skips.
* :func:`summarize` counts outcomes; :data:`Outcome` is the outcome
  vocabulary (re-exported from :mod:`aspera_core.executor`).

Example::

    from aspera_core.records import read_rows, summarize

    rows = read_rows("runs/reference.jsonl")
    print(summarize(rows)["success_rate"])
"""

from aspera_core.outcomes import Outcome
from aspera_core.records.jsonl import (
    ResultsFileBusy,
    ResultsFileWarning,
    ResultsWriter,
    completed_ids,
    read_rows,
    repair_tail,
)
from aspera_core.records.schema import ResultRow
from aspera_core.records.summary import format_summary, summarize, unique_rows

__all__ = [
    "Outcome",
    "ResultRow",
    "ResultsFileBusy",
    "ResultsFileWarning",
    "ResultsWriter",
    "completed_ids",
    "format_summary",
    "read_rows",
    "repair_tail",
    "summarize",
    "unique_rows",
]
