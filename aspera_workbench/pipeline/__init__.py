"""Parameter sets (``params/*.yaml``), evaluation runs, the kept audit, and the notebooks run under papermill."""

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
from aspera_workbench.pipeline.subset import load_subset

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
    "load_subset",
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
