"""What a judgements file holds: a :class:`JudgementsHeader`, then one :class:`Judgement` per program.

A program is identified by its task, seed and the SHA-256 of its text. Models are
frozen and reject unknown fields, so a file of another kind or version fails loudly
instead of being misread.
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
    """What the judge said about a program (``not_judged``: no verdict, see :attr:`Judgement.problem`)."""

    CORRECT = "correct"
    INCORRECT = "incorrect"
    NOT_JUDGED = "not_judged"


class JudgeSetup(BaseModel):
    """What makes two judging runs the same, so that their judgements may share a file.

    ``base_url`` is shown, never compared (one model may be served at several addresses).
    ``documented_apps`` says which modules each prompt documents (each task's scenario apps
    from one task set, or the same defaults); empty in older files, and then not compared.
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
        """Fields on which two setups differ, as ``name: a != b``."""
        exclude = {"base_url"} | (set() if self.documented_apps and other.documented_apps else {"documented_apps"})
        mine, theirs = self.model_dump(exclude=exclude), other.model_dump(exclude=exclude)
        return [f"{name}: {mine[name]!r} != {theirs[name]!r}" for name in mine if mine[name] != theirs[name]]


class JudgementsHeader(BaseModel):
    """First line of a judgements file; the key ``aspera_judgements`` (the format version) marks it as one.

    ``judged`` is ``None`` for a results file without a header; ``results_file`` is shown, never compared.
    """

    model_config = _FROZEN

    aspera_judgements: int = Field(ge=1)
    judge: JudgeSetup
    judged: Experiment | None = None
    results_file: str = ""
    created_at: str = ""


class Judgement(BaseModel):
    """The judge's verdict on one program of a results file (one line of a judgements file).

    ``program_sha256`` keeps a judgement from being matched with another program of the same
    task and seed; ``evaluation`` is the row's outcome; ``generation`` the judge's request.
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
        return (self.task_id, self.seed)

    @property
    def answered(self) -> bool:
        """Whether the judge model answered (the answer may still hold no verdict)."""
        return self.generation.error is None

    @property
    def evaluation_success(self) -> bool:
        return self.evaluation is Outcome.SUCCESS


def program_digest(program: str) -> str:
    """SHA-256 of a program's text (UTF-8), as recorded in :attr:`Judgement.program_sha256`."""
    return hashlib.sha256(program.encode("utf-8")).hexdigest()
