"""Generating new tasks with a language model, every task validated by running it.

Four steps, each a prompt template in ``templates/`` and a function of the
engine (:class:`TaskGenerator`): (a) new requests from the library's
documentation, worked examples and an optional focus instruction, listing the
requests already made; (b) the reference program of a request; (c) the setup
program that builds the world the request presupposes, with distractors;
(d) the evaluation program. After each step the task is run in the sandbox
(:class:`TaskChecker`); what fails goes back to the model with the error, a
bounded number of times, then to a person. A :class:`GenerationFlow` holds
the decisions (accept, edit, regenerate with a comment, reject), saved to an
append-only session file after each one; accepted tasks are written to a task
set with their provenance.

Typical use (batch mode, what ``aspera generate`` runs)::

    from aspera_workbench.generation import generate_tasks, load_generation_params

    report, flow = generate_tasks(load_generation_params("params/generate.yaml"))
    print(report.describe())

In a notebook, :class:`aspera_workbench.ui.generation.GenerationWidget` shows each
proposal and takes the person's decisions; :func:`diversity_frame` and
:func:`plot_diversity` measure what each focus instruction and batch added.
"""

from aspera_workbench.generation.answers import read_function, read_queries
from aspera_workbench.generation.candidate import Candidate, derive_tags
from aspera_workbench.generation.checks import Check, TaskChecker
from aspera_workbench.generation.diversity import (
    diversity_frame,
    diversity_table,
    plot_diversity,
    task_features,
)
from aspera_workbench.generation.flow import BatchReport, DecisionError, GenerationFlow, Round
from aspera_workbench.generation.generation_engine import GenerationStopped, QueryBatch, TaskGenerator
from aspera_workbench.generation.generation_params import GenerationParams, RoundParams, load_generation_params
from aspera_workbench.generation.prompts import GenerationPrompts, GuidelineSet, PromptBuilder
from aspera_workbench.generation.runtime import build_client, generate_tasks, open_generation
from aspera_workbench.generation.session import REMOVED, SessionFileError, SessionLog, read_session
from aspera_workbench.generation.task_writer import GeneratedTask, TaskSetTarget, normalise_query, read_provenance

__all__ = [
    "REMOVED",
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
    "read_provenance",
    "read_queries",
    "read_session",
    "task_features",
]
