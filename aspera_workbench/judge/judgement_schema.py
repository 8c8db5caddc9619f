"""What a judgements file holds: a header naming the judge and what it judged, then one judgement per program.

A judgements file is JSON Lines. The first line is a :class:`JudgementsHeader`
(its key ``aspera_judgements`` marks the file as ours); every other line is a
:class:`Judgement` of one program of a results file, identified by the
program's task, seed and the SHA-256 of its text. Models are frozen and
reject unknown fields, as the results files' models do, so a file of another
kind or version fails loudly instead of being misread.
"""

from __future__ import annotations

import enum
import hashlib

from pydantic import BaseModel, ConfigDict, Field

from aspera_core.outcomes import Outcome
from aspera_core.records import Experiment, Generation

#: Version of the judgements-file layout written by this workbench.
FORMAT_VERSION = 1

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class JudgeVerdict(enum.StrEnum):
    """What the judge said about a program.

    ``not_judged`` means there is no verdict: the request failed, or the
    answer could not be read as a verdict (see :attr:`Judgement.problem`).
    """

    CORRECT = "correct"
    INCORRECT = "incorrect"
    NOT_JUDGED = "not_judged"


class JudgeSetup(BaseModel):
    """What makes two judging runs the same, so that their judgements may share a file.

    Attributes:
        model: The judge model, as the endpoint knows it.
        template_version: Version of the judge's prompt files (set name and digest).
        temperature: Sampling temperature of the judge's requests.
        max_tokens: Cap on the length of each answer, if any.
        seed: Sampling seed of the judge's requests.
        base_url: The endpoint (shown, never compared: one model may be served at several addresses).
        documented_apps: Which library modules each prompt documents: every task's own scenario
            apps from one task set (named by its content digest), or the same default modules for
            every program. Two runs that differ here send different prompts for the same program.
            Empty in files written before it was recorded; an empty value is not compared.
    """

    model_config = _FROZEN

    model: str
    template_version: str
    temperature: float | None = 0.0
    max_tokens: int | None = None
    seed: int | None = 0
    base_url: str = ""
    documented_apps: str = ""

    def differences(self, other: JudgeSetup) -> list[str]:
        """Fields (other than ``base_url``) on which two setups differ, as ``name: a != b``.

        ``documented_apps`` is compared only when both setups record it.
        """
        exclude = {"base_url"} | (set() if self.documented_apps and other.documented_apps else {"documented_apps"})
        mine, theirs = self.model_dump(exclude=exclude), other.model_dump(exclude=exclude)
        return [f"{name}: {mine[name]!r} != {theirs[name]!r}" for name in mine if mine[name] != theirs[name]]


class JudgementsHeader(BaseModel):
    """First line of a judgements file.

    Attributes:
        aspera_judgements: The file's format version (its presence marks the file as a judgements file).
        judge: The judge's setup.
        judged: The experiment of the results file whose programs are judged
            (``None`` for a results file written before results files had headers).
        results_file: The results file as the user named it (shown, never compared).
        created_at: UTC time (ISO 8601) at which the file was created.
    """

    model_config = _FROZEN

    aspera_judgements: int = Field(ge=1)
    judge: JudgeSetup
    judged: Experiment | None = None
    results_file: str = ""
    created_at: str = ""


class Judgement(BaseModel):
    """The judge's verdict on one program of a results file (one line of a judgements file).

    Attributes:
        task_id: The program's task.
        seed: The seed of the program's row (``None`` for agents without one).
        query: The user request, copied for reading.
        agent: Agent that wrote the program.
        model: Model behind that agent, if any.
        setting: The agent's setting, if any.
        program_sha256: SHA-256 of the program's text, so a judgement is never
            matched with another program of the same task and seed.
        evaluation: How the task's evaluation programs judged the program (its row's outcome).
        verdict: The judge's verdict.
        explanation: The judge's reasoning, as it wrote it (``None`` without an answer).
        problem: Why there is no verdict (``None`` when there is one).
        generation: The judge's request: prompt digest, raw answer, tokens, cost, latency, error.
        judged_at: UTC time (ISO 8601) at which the judgement was made.
    """

    model_config = _FROZEN

    task_id: str
    seed: int | None = None
    query: str = ""
    agent: str
    model: str | None = None
    setting: str | None = None
    program_sha256: str
    evaluation: Outcome
    verdict: JudgeVerdict
    explanation: str | None = None
    problem: str | None = None
    generation: Generation
    judged_at: str = ""

    @property
    def key(self) -> tuple[str, int | None]:
        """``(task_id, seed)``: the row of the results file this judgement belongs to."""
        return (self.task_id, self.seed)

    @property
    def answered(self) -> bool:
        """Whether the judge model answered (the verdict may still be ``not_judged`` if the answer was unreadable)."""
        return self.generation.error is None

    @property
    def evaluation_success(self) -> bool:
        """Whether the evaluation programs accepted the program."""
        return self.evaluation is Outcome.SUCCESS


def program_digest(program: str) -> str:
    """SHA-256 of a program's text (UTF-8), as recorded in :attr:`Judgement.program_sha256`."""
    return hashlib.sha256(program.encode("utf-8")).hexdigest()
