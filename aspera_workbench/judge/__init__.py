"""Reference-free judging: a model reads a program and its request and says whether the program is correct.

The judge never runs the program and never sees the reference program; it
reads the documentation of the task's library modules, a few judged examples,
the request and the program (:mod:`~aspera_workbench.judge.judge_prompts`). Its
verdicts go to a judgements file (:mod:`~aspera_workbench.judge.files`): JSON Lines,
a header naming the judge and the judged experiment, then one
:class:`Judgement` per program with the verdict (``correct``, ``incorrect``
or ``not_judged``), the model's explanation, tokens and cost. The analysis
compares them with the evaluation programs' verdicts
(:func:`aspera_workbench.analysis.judge_agreement`).

Typical use::

    from aspera_workbench.judge import ProgramJudge, judge_results, read_judgements
    from aspera_workbench.llm import Budget, LLMClient, LLMConfig, ResponseCache

    client = LLMClient(LLMConfig(model="gpt-4o-mini"), cache=ResponseCache(), budget=Budget(max_cost_usd=2))
    report = judge_results("runs/cck.jsonl", "runs/cck.judged.jsonl", ProgramJudge(client))
    rows = read_judgements("runs/cck.judged.jsonl").rows

The model-calling part (:class:`ProgramJudge`, :func:`judge_results`) is
imported on first use, so reading judgements does not load the model client.
"""

from __future__ import annotations

import importlib
from typing import Any

from aspera_workbench.judge.files import (
    JudgementsFile,
    JudgementsFileBusy,
    JudgementsFileWarning,
    JudgementsMismatch,
    JudgementsWriter,
    NotAJudgementsFile,
    answered_keys,
    latest_judgements,
    read_judgements,
)
from aspera_workbench.judge.judgement_schema import (
    FORMAT_VERSION,
    Judgement,
    JudgementsHeader,
    JudgeSetup,
    JudgeVerdict,
    program_digest,
)

_ENGINE = ("DEFAULT_CONCURRENCY", "JudgeReport", "JudgeStopped", "ProgramJudge", "judge_results")
_PROMPTING = ("DEFAULT_APPS", "JudgePromptFiles", "judge_messages", "parse_verdict")

__all__ = [
    "FORMAT_VERSION",
    "JudgeSetup",
    "JudgeVerdict",
    "Judgement",
    "JudgementsFile",
    "JudgementsFileBusy",
    "JudgementsFileWarning",
    "JudgementsHeader",
    "JudgementsMismatch",
    "JudgementsWriter",
    "NotAJudgementsFile",
    "answered_keys",
    "latest_judgements",
    "program_digest",
    "read_judgements",
    *_ENGINE,
    *_PROMPTING,
]


def __getattr__(name: str) -> Any:
    if name in _ENGINE:
        module = "aspera_workbench.judge.judge_engine"
    elif name in _PROMPTING:
        module = "aspera_workbench.judge.judge_prompts"
    else:
        raise AttributeError(f"module 'aspera_workbench.judge' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
