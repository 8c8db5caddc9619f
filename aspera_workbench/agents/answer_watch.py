"""What the model-backed agents watch in a run's answers: prompts the endpoint cut, answers the token limit cut.

A prompt the endpoint did not see whole (:attr:`~aspera_workbench.llm.Completion.prompt_cut`)
makes every later score the score of another experiment, so its first such answer stops the run
(:class:`StopRun`) unless the user allowed it; until the run's first answer is checked, no other
request is sent, so a server with too small a window gets one request, not one per thread.
Answers cut off by the token limit are said once, while the run goes on, when they are more
than a tenth of the answers; and an endpoint that reports no token counts once, since a cut
prompt cannot then be seen.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from aspera_core.agents import StopRun
from aspera_core.runner import RunWarning
from aspera_core.wording import count
from aspera_workbench.llm import Completion

#: How to give a local server a larger context window, and how to go on without one.
CONTEXT_ADVICE = (
    "raise the server's context window (Ollama: num_ctx, or OLLAMA_CONTEXT_LENGTH for the whole server; "
    "vLLM: --max-model-len; llama.cpp: -c) and run the same command again, or pass --allow-short-context "
    "to go on with such rows marked prompt_truncated"
)
#: What to do about answers cut off by the token limit.
CUT_OFF_ADVICE = "raise --max-tokens (a reasoning model spends much of it thinking)"
#: Answers seen before a share of cut-off answers is judged.
EARLY_AFTER = 10


def prompt_cut_line(completion: Completion) -> str:
    """What was sent and what the endpoint reports, for an answer to a prompt it cut."""
    tokens = completion.usage.prompt_tokens if completion.usage is not None else 0
    cached = " (this answer came from the answer cache: pass --no-cache to ask again)" if completion.cached else ""
    return (
        f"the endpoint did not see the whole prompt: {completion.prompt_chars:,} characters in "
        f"{completion.prompt_words:,} words (at least {completion.prompt_words:,} tokens) were sent to model "
        f"{completion.model!r} at {completion.base_url}, and it reports {tokens:,} prompt tokens: its context "
        f"window is smaller than the prompt and it dropped the rest{cached}"
    )


class AnswerWatch:
    """Checks each answer of a run (from several threads); see the module docstring.

    ``allow_short_context``: a cut prompt is warned of once instead of stopping the run;
    ``max_tokens``: the limit the requests set (``None``: the endpoint's own); ``note_missing_usage``:
    say once that an endpoint reports no token counts (an agent that stops on them says it itself).
    """

    def __init__(
        self,
        allow_short_context: bool = False,
        max_tokens: int | None = None,
        *,
        note_missing_usage: bool = True,
        early_after: int = EARLY_AFTER,
    ) -> None:
        self.allow_short_context = allow_short_context
        self.max_tokens = max_tokens
        self.note_missing_usage = note_missing_usage
        self.early_after = early_after
        self.answers = 0
        self.cut_off = 0
        self._said: set[str] = set()
        self._stop: StopRun | None = None
        self._first_asked = False
        self._first_checked = threading.Event()
        self._lock = threading.Lock()

    @contextmanager
    def asking(self) -> Iterator[None]:
        """Around one request and :meth:`check` of its answer: the run's first goes alone, and none goes after a stop."""
        with self._lock:
            first = not self._first_asked
            self._first_asked = True
        if not first:
            self._first_checked.wait()
        self._raise_if_stopped()
        try:
            yield
        except StopRun as stop:
            with self._lock:
                self._stop = self._stop or stop
            raise
        finally:
            if first:
                self._first_checked.set()

    def check(self, completion: Completion) -> None:
        """Count one answer; :class:`StopRun` for a prompt the endpoint cut (unless allowed), warnings said once."""
        if completion.prompt_cut:
            if not self.allow_short_context:
                raise StopRun(prompt_cut_line(completion), advice=CONTEXT_ADVICE)
            self._say_once("prompt", f"{prompt_cut_line(completion)}; the run goes on (--allow-short-context), "
                           "and every such row is marked prompt_truncated")  # fmt: skip
        if completion.usage is None and self.note_missing_usage:
            self._say_once(
                "usage",
                "the endpoint reports no token usage, so a prompt cut by its context window cannot be noticed; "
                "the run goes on",
            )
        with self._lock:
            self.answers += 1
            self.cut_off += completion.cut_off
            many = self.answers >= self.early_after and 10 * self.cut_off > self.answers
            cut, answers = self.cut_off, self.answers
        if many:
            limit = (
                f"--max-tokens {self.max_tokens:,}" if self.max_tokens else "the endpoint's own limit: no --max-tokens"
            )
            self._say_once(
                "cut_off",
                f"{cut} of the first {count(answers, 'answer')} were cut off by the token limit (finish_reason length; "
                f"{limit}): their rows are marked truncated and counted apart; {CUT_OFF_ADVICE}; the run goes on",
            )

    def _say_once(self, key: str, text: str) -> None:
        with self._lock:
            if key in self._said:
                return
            self._said.add(key)
        warnings.warn(text, RunWarning, stacklevel=4)

    def _raise_if_stopped(self) -> None:
        with self._lock:
            stop = self._stop
        if stop is not None:
            raise StopRun(str(stop), advice=stop.advice)
