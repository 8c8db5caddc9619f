"""Parameter sets, evaluation runs and notebooks executed under papermill (``aspera pipeline``).

* :mod:`~aspera_workbench.pipeline.paths`: the project root that relative paths in
  parameters resolve against, from any working directory;
* :mod:`~aspera_workbench.pipeline.pipeline_params`: ``params/*.yaml`` read and checked;
* :mod:`~aspera_workbench.pipeline.evaluate`: running a parameter set's agents and
  finding their results files again;
* :mod:`~aspera_workbench.pipeline.audit`: the audit (made once, then reused)
  and the judgements files the audit notebook reads;
* :mod:`~aspera_workbench.pipeline.notebooks`: running the notebooks and swapping in
  their output folders whole only when all of them succeeded.
"""

from aspera_workbench.pipeline.audit import audit_file, judgements_files
from aspera_workbench.pipeline.evaluate import ResultsNotFound, evaluate_agents, results_files, results_path
from aspera_workbench.pipeline.notebooks import (
    NotebookFailed,
    PipelineReport,
    notebook_path,
    run_pipeline,
)
from aspera_workbench.pipeline.paths import ROOT_VARIABLE, project_relative, project_root, resolve_path, shown_path
from aspera_workbench.pipeline.pipeline_params import (
    NOTEBOOKS,
    AgentSpec,
    ParamsError,
    PipelineParams,
    check_notebook_params,
    load_params,
    parse_override,
    read_params_file,
)

__all__ = [
    "NOTEBOOKS",
    "ROOT_VARIABLE",
    "AgentSpec",
    "NotebookFailed",
    "ParamsError",
    "PipelineParams",
    "PipelineReport",
    "ResultsNotFound",
    "audit_file",
    "check_notebook_params",
    "evaluate_agents",
    "judgements_files",
    "load_params",
    "notebook_path",
    "parse_override",
    "project_root",
    "project_relative",
    "read_params_file",
    "resolve_path",
    "results_files",
    "results_path",
    "run_pipeline",
    "shown_path",
]
