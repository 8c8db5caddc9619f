"""Generating new tasks with a language model, every task validated by running it.

Four steps, each a template in ``templates/``: new requests, then for each its reference program,
setup program and evaluation program (:class:`TaskGenerator`). After each step the task runs in the
sandbox (:class:`TaskChecker`); what fails goes back to the model a bounded number of times, then to
a person. A :class:`GenerationFlow` holds the decisions (accept, edit, regenerate, reject), appended
to the session file as they are taken; accepted tasks go into a task set with their provenance.
``aspera generate`` runs :func:`generate_tasks`; in a notebook,
:class:`aspera_workbench.ui.GenerationWidget` takes a person's decisions.
"""

from aspera_workbench.generation.answers import read_function, read_queries
from aspera_workbench.generation.candidate import INVALID, LEFT_OPEN, NEW, OPEN, VALID, Candidate, derive_tags
from aspera_workbench.generation.checks import Check, TaskChecker
from aspera_workbench.generation.diversity import (
    diversity_frame,
    diversity_table,
    plot_diversity,
    task_features,
)
from aspera_workbench.generation.flow import BatchReport, DecisionError, GenerationFlow, Round, read_program
from aspera_workbench.generation.generation_engine import GenerationStopped, QueryBatch, TaskGenerator
from aspera_workbench.generation.generation_params import GenerationParams, RoundParams, load_generation_params
from aspera_workbench.generation.prompts import PROGRAM_STEPS, WHAT, GenerationPrompts, GuidelineSet, PromptBuilder
from aspera_workbench.generation.runtime import build_client, generate_tasks, open_generation
from aspera_workbench.generation.session import REMOVED, SessionFileError, SessionLog, read_session
from aspera_workbench.generation.task_writer import GeneratedTask, TaskSetTarget, normalise_query, read_provenance

__all__ = [
    "INVALID",
    "LEFT_OPEN",
    "NEW",
    "OPEN",
    "PROGRAM_STEPS",
    "REMOVED",
    "VALID",
    "WHAT",
    "BatchReport",
    "Candidate",
    "Check",
    "DecisionError",
    "GeneratedTask",
    "GenerationFlow",
    "GenerationParams",
    "GenerationPrompts",
    "GenerationStopped",
    "GuidelineSet",
    "PromptBuilder",
    "QueryBatch",
    "Round",
    "RoundParams",
    "SessionFileError",
    "SessionLog",
    "TaskChecker",
    "TaskGenerator",
    "TaskSetTarget",
    "build_client",
    "derive_tags",
    "diversity_frame",
    "diversity_table",
    "generate_tasks",
    "load_generation_params",
    "normalise_query",
    "open_generation",
    "plot_diversity",
    "read_function",
    "read_program",
    "read_provenance",
    "read_queries",
    "read_session",
    "task_features",
]
