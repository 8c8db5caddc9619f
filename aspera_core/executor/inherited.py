"""What the fork server prepares once and every worker and candidate inherits (so that they need not name it)."""

from __future__ import annotations

from dataclasses import dataclass

from aspera_core.executor.confine import Protections, Rules, SeccompFilter
from aspera_core.executor.guard import Guard
from aspera_core.executor.harness import Evaluator
from aspera_core.executor.sandbox import SandboxConfig


@dataclass
class ServerSlot:
    """A slot as the fork server and its workers see it."""

    directory: str
    report: int
    job: int  # the job file, written by the evaluating process (the server never reads it)
    guard: Guard  # installed in the candidate
    rules: Rules  # the Landlock rules of judge and candidate for this slot's directory and /dev/null


@dataclass
class Inherited:
    """The fork server's state that its workers and their candidates use."""

    pid: int  # the fork server's
    config: SandboxConfig
    evaluator: Evaluator
    protections: Protections
    readable: Rules  # what a candidate may read besides its directory and its own /proc entries
    judge_readable: Rules  # what a judge may read besides: the core, and the packages of modules loaded for it
    seccomp: SeccompFilter | None
    zygote_seccomp: SeccompFilter | None
