"""The one client through which the workbench talks to model endpoints (OpenAI and compatible servers).

One :class:`LLMClient` may be shared by many threads: the HTTP client is thread-safe, the
client's own state is fixed at construction, the cache writes atomically, the budget locks.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import time
import warnings
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, TypedDict, Unpack

import openai

from . import errors
from .budget import Budget, dollars
from .cache import CacheWriteWarning, ResponseCache, request_key
from .config import LLMConfig
from .context import prompt_size
from .model_tables import ModelQuirks, PriceTable, QuirksTable
from .result import Answer, Completion, Usage, parse_completion
from .retry import parse_retry_after, retry_delay

log = logging.getLogger(__name__)

_ROLES = frozenset({"system", "developer", "user", "assistant", "tool"})
# Statuses worth retrying: request timeout, conflict (OpenAI uses it for a transient
# lock), rate limit, and every server-side error.
_TRANSIENT_STATUSES = frozenset({408, 409, 429})


class RequestOptions(TypedDict, total=False):
    """What one call may set: tools, and the sampling settings instead of the configured ones (``None``: none sent)."""

    tools: Sequence[Mapping[str, Any]] | None
    tool_choice: str | Mapping[str, Any] | None
    seed: int | None
    temperature: float | None
    max_tokens: int | None


class _Transient(Exception):
    """An attempt failed in a way another attempt may not (internal to the retry loop)."""

    def __init__(self, reason: str, *, retry_after: float | None = None, malformed: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after
        self.malformed = malformed


class LLMClient:
    """Sends chat-completion requests, with retries, a cache (``None``: none) and spend tracking (``budget``).

    ``quirks`` and ``prices`` default to the project's ``params/models.yaml`` and ``params/prices.yaml``.

    Raises:
        MissingAPIKeyError: no key given and the key variable is unset.
        PriceUnknownError: ``budget`` has a limit but the model has no price.
        FileNotFoundError, ValueError: a default table is missing or invalid.
    """

    def __init__(
        self,
        config: LLMConfig,
        *,
        cache: ResponseCache | None = None,
        budget: Budget | None = None,
        quirks: QuirksTable | None = None,
        prices: PriceTable | None = None,
    ) -> None:
        self.config = config
        self.cache = cache
        self._cache_write_failed = False  # warned of once: a full disk fails every later write too
        self.budget = budget
        self.quirks: ModelQuirks = (quirks or QuirksTable.load()).for_model(config.model)
        self.prices = prices or PriceTable.load()
        self.price = self.prices.for_model(config.model)
        if budget is not None and budget.has_limit and self.price is None:
            missing = self.prices.missing_note(config.model)
            text = f"a spend limit of {dollars(budget.max_cost_usd or 0.0)} is set but {missing}; the limit cannot be enforced"
            raise self._error(errors.PriceUnknownError, text)
        self._api_key = config.resolve_api_key()
        self._key_source = "given in the configuration" if config.api_key is not None else f"from {config.api_key_env}"
        # Set once any HTTP answer arrives: after that a refused connection is a restart, worth retrying.
        self._reached = False
        # The openai package's own retries are off: ours are counted in `attempts`, checked against
        # the budget, bounded by the total-wait cap and logged; its would multiply ours unseen.
        self._openai = openai.OpenAI(
            api_key=self._api_key, base_url=config.endpoint, timeout=config.timeout_s, max_retries=0
        )

    # -- public API ---------------------------------------------------------

    def complete(self, messages: Sequence[Mapping[str, Any]], **options: Unpack[RequestOptions]) -> Completion:
        """Ask the model for the next message of a conversation (messages in the OpenAI format).

        ``options``: ``tools`` (see :func:`function_tool`), ``tool_choice``, and ``seed``,
        ``temperature`` or ``max_tokens`` instead of the configured ones.

        Raises:
            ValueError: a message has no known role, or the request is not JSON-serialisable.
            BudgetExceededError: the run's spend limit is reached (nothing was sent).
            LLMSetupError: key refused, model or base URL unknown, quota exhausted, tools
                not supported. No further request can succeed: stop the run.
            LLMRequestError: this request still failed after its retries, or was rejected
                as invalid. Record it as a model error and go on.
        """
        started = time.perf_counter()
        body = self.build_request(messages, **options)
        key = request_key(self.config.endpoint, body)
        size = prompt_size(body["messages"])
        if self.cache is not None and (entry := self.cache.get(key)) is not None:
            try:
                answer = parse_completion(entry["response"])
            except (errors.MalformedResponseError, KeyError):
                pass  # a damaged entry: ask again and overwrite it
            else:
                return self._completion(answer, key, started, size, attempts=0, waited_s=0.0)
        answer, data, attempts, waited = self._send_with_retries(body)
        completion = self._completion(answer, key, started, size, attempts=attempts, waited_s=waited)
        # An answer to a prompt the endpoint cut is not kept: asked again once its window is
        # larger, the same request must reach the server rather than the cache.
        if self.cache is not None and not completion.prompt_cut:
            self._store(
                key,
                {
                    "model": self.config.model,
                    "base_url": self.config.endpoint,
                    # Not the messages and tools: tens of kilobytes per entry would double the cost of a
                    # write; callers that keep prompts store them with their own records.
                    "settings": {name: value for name, value in body.items() if name not in ("messages", "tools")},
                    "response": data,
                    "latency_s": completion.latency_s,
                    "attempts": attempts,
                    "created": datetime.now(UTC).isoformat(timespec="seconds"),
                },
            )
        return completion

    def _store(self, key: str, entry: dict[str, Any]) -> None:
        """Cache an answer; a cache that cannot be written is warned of once: the answer was paid for."""
        assert self.cache is not None
        try:
            self.cache.put(key, entry)
        except OSError as error:
            if not self._cache_write_failed:
                self._cache_write_failed = True
                warnings.warn(
                    f"{self.cache.directory}: answers cannot be cached ({error.strerror or error}); "
                    "going on without caching them, so running again asks for them again",
                    CacheWriteWarning,
                    stacklevel=3,
                )

    def build_request(self, messages: Sequence[Mapping[str, Any]], **options: Unpack[RequestOptions]) -> dict[str, Any]:
        """The request body :meth:`complete` would send (and the cache key hashes), the model's quirks applied.

        Raises:
            ValueError: a message is not a mapping with a known role.
            ToolsNotSupportedError: tools were given but the model's quirks say it takes none.
        """
        config = self.config
        seed = options.get("seed", config.seed)
        temperature = options.get("temperature", config.temperature)
        max_tokens = options.get("max_tokens", config.max_tokens)
        tools, tool_choice = options.get("tools"), options.get("tool_choice")
        body: dict[str, Any] = {"model": config.model, "messages": self._shape_messages(messages)}
        if temperature is not None and self.quirks.temperature:
            body["temperature"] = temperature
        if seed is not None and self.quirks.seed:
            body["seed"] = seed
        if max_tokens is not None:
            body[self.quirks.max_tokens_param] = max_tokens
        if tools:
            if not self.quirks.tools:
                text = f"model {config.model!r} takes no tool definitions (its entry in the model quirks says tools: false)"
                raise self._error(errors.ToolsNotSupportedError, text)
            body["tools"] = [dict(tool) for tool in tools]
        if tool_choice is not None:
            body["tool_choice"] = tool_choice if isinstance(tool_choice, str) else dict(tool_choice)
        for name, value in config.extra_body.items():
            body.setdefault(name, value)
        return body

    def close(self) -> None:
        """Release the HTTP connections."""
        self._openai.close()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"LLMClient(model={self.config.model!r}, base_url={self.config.endpoint!r})"

    def _shape_messages(self, messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        if isinstance(messages, (str, bytes)) or not messages:
            raise ValueError("messages must be a non-empty list of {'role': ..., 'content': ...} mappings")
        shaped = []
        for number, message in enumerate(messages):
            if not isinstance(message, Mapping) or message.get("role") not in _ROLES:
                role = message.get("role") if isinstance(message, Mapping) else None
                raise ValueError(f"message {number} has role {role!r}; expected one of {sorted(_ROLES)}")
            copy = dict(message)
            if copy["role"] == "system":
                copy["role"] = self.quirks.system_role
            shaped.append(copy)
        return shaped

    def _send_with_retries(self, body: dict[str, Any]) -> tuple[Answer, Any, int, float]:
        policy = self.config.retry
        attempts = 0
        malformed = 0
        waited = 0.0
        while True:
            if self.budget is not None:
                try:
                    self.budget.check(model=self.config.model, base_url=self.config.endpoint)
                except errors.LLMError:
                    if attempts:  # refused before a retry: the call is no longer in flight
                        self.budget.call_abandoned()
                    raise
                if not attempts:
                    self.budget.call_started()
            attempts += 1
            try:
                answer, data = self._send_once(body)
                return answer, data, attempts, waited
            except _Transient as failure:
                malformed += failure.malformed
                delay = retry_delay(policy, attempts, failure.retry_after)
                stop = None
                if attempts >= policy.max_attempts:
                    stop = f"gave up after {attempts} attempts"
                elif malformed >= policy.max_malformed:
                    stop = f"gave up after {malformed} unusable answers in {attempts} attempts"
                elif waited + delay > policy.max_total_wait_s:
                    stop = (
                        f"gave up after {attempts} attempts: waiting {delay:.1f} s more would exceed "
                        f"the {policy.max_total_wait_s:g} s allowed for retries"
                    )
                if stop is not None:
                    if self.budget is not None:
                        self.budget.record_failure(attempts)
                    raise self._error(
                        errors.RetriesExhaustedError,
                        f"model {self.config.model!r} at {self.config.endpoint}: {stop} "
                        f"({waited:.1f} s waited); last error: {failure.reason}",
                        attempts=attempts,
                        waited_s=waited,
                        last_error=failure.reason,
                    ) from failure.__cause__
                log.info(
                    "model %r at %s: attempt %d failed (%s); retrying in %.2f s",
                    self.config.model,
                    self.config.endpoint,
                    attempts,
                    failure.reason,
                    delay,
                )
                time.sleep(delay)
                waited += delay
            except errors.LLMError:
                if self.budget is not None:
                    self.budget.record_failure(attempts)
                raise

    def _send_once(self, body: dict[str, Any]) -> tuple[Answer, Any]:
        """One HTTP request; returns the parsed answer and the decoded body, or raises."""
        try:
            # The package's route for raw requests: the body goes out as built, without re-validation
            # (costly for long prompts) or dropping fields newer than the package (max_completion_tokens).
            text = self._openai.post("/chat/completions", cast_to=str, body=body)
        except openai.APITimeoutError as error:
            raise _Transient(f"no answer within the {self.config.timeout_s:g} s timeout") from error
        except openai.APIConnectionError as error:
            cause = error.__cause__
            detail = self._clean(f"{type(cause).__name__}: {cause}" if cause is not None else str(error))
            if not self._reached and _nobody_there(error):
                text = f"model {self.config.model!r}: nothing answers at {self.config.endpoint} ({detail}); "
                raise self._error(
                    errors.EndpointUnreachableError, text + "is the server running, and is --base-url right?"
                ) from error
            raise _Transient(f"connection failed or dropped ({detail})") from error
        except openai.APIStatusError as error:
            self._reached = True
            raise self._status_error(error, body) from error
        self._reached = True
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = text  # parse_completion reports it
        try:
            return parse_completion(data), data
        except errors.MalformedResponseError as error:
            raise _Transient(self._clean(str(error)), malformed=True) from error

    def _status_error(self, error: openai.APIStatusError, body: dict[str, Any]) -> Exception:
        """The exception for an HTTP error status: transient (retried) or final."""
        status = error.status_code
        message = self._clean(_server_message(error))
        where = f"model {self.config.model!r} at {self.config.endpoint}"
        if (body.get("tools") or body.get("tool_choice")) and _refuses_tools(message):
            # Checked first: the status varies (llama.cpp's server answers 500, routers 404).
            text = f"{where}: the endpoint rejected the tool definitions (HTTP {status}: {message})"
            return self._error(errors.ToolsNotSupportedError, text)
        if status in (401, 403):
            what = "refused the API key" if status == 401 else "denied access to the model with the API key"
            text = f"{where}: the endpoint {what} {self._key_source} (HTTP {status}: {message})"
            return self._error(errors.AuthenticationFailedError, text)
        if status == 404:
            text = (
                f"{where}: HTTP 404: the model name is unknown there or the base URL is wrong "
                f"(an OpenAI-compatible base URL usually ends in /v1) ({message})"
            )
            return self._error(errors.ModelNotFoundError, text)
        if status == 429 and getattr(error, "code", None) == "insufficient_quota":
            text = f"{where}: the account has no quota left (HTTP 429 insufficient_quota: {message})"
            return self._error(errors.QuotaExhaustedError, text)
        if status in _TRANSIENT_STATUSES or status >= 500:
            retry_after = parse_retry_after(error.response.headers)
            hint = f", Retry-After {retry_after:g} s" if retry_after is not None else ""
            return _Transient(f"HTTP {status}{hint}: {message}", retry_after=retry_after)
        text = f"{where}: the endpoint rejected the request (HTTP {status}: {message})"
        return self._error(errors.RequestRejectedError, text, status_code=status)

    def _error(self, kind: type[errors.LLMError], message: str, **details: Any) -> Any:
        return kind(message, model=self.config.model, base_url=self.config.endpoint, **details)

    def _clean(self, text: str) -> str:
        """``text`` with the API key blanked out, should a server echo it."""
        if len(self._api_key) >= 4:
            text = text.replace(self._api_key, "***")
        return text

    def _completion(
        self, answer: Answer, key: str, started: float, size: tuple[int, int], *, attempts: int, waited_s: float
    ) -> Completion:
        """The call's result (cached when nothing was sent), counted in the budget; ``size``: the prompt's (:func:`prompt_size`)."""
        cost, note = self._cost(answer.usage)
        cached = attempts == 0
        completion = Completion(
            **dict(answer),
            model=self.config.model,
            base_url=self.config.endpoint,
            cost_usd=cost,
            spent_usd=(0.0 if cached else cost) if cost is not None else None,
            cost_note=note,
            latency_s=time.perf_counter() - started,
            attempts=attempts,
            waited_s=waited_s,
            cached=cached,
            request_hash=key,
            prompt_chars=size[0],
            prompt_words=size[1],
        )
        if self.budget is not None:
            self.budget.record(completion)
        return completion

    def _cost(self, usage: Usage | None) -> tuple[float | None, str | None]:
        if self.price is None:
            return None, self.prices.missing_note(self.config.model)
        if usage is None:
            return None, "the endpoint reported no token usage; cost unknown"
        return self.price.cost(usage.prompt_tokens, usage.completion_tokens, usage.cached_prompt_tokens or 0), None


_TOOL_REFUSAL = re.compile(
    r"tool.*(not support|unsupported|requires?|enable|jinja|not allowed|unknown|unrecognized)"
    r"|(not support|unsupported|unknown|unrecognized).*tool|support tool",
    re.IGNORECASE | re.DOTALL,
)


def _nobody_there(error: BaseException) -> bool:
    """Whether a connection failure means no server at the address: refused, or a host name that does not resolve."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, (ConnectionRefusedError, socket.gaierror)):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _refuses_tools(message: str) -> bool:
    """Whether the error says the endpoint or model cannot take tools at all (vLLM, Ollama, llama.cpp, routers)."""
    return _TOOL_REFUSAL.search(message) is not None


def _server_message(error: openai.APIStatusError) -> str:
    """The error message the server sent, without the openai package's decoration."""
    body = error.body
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping) and isinstance(inner.get("message"), str):
            return inner["message"]
        if isinstance(inner, str):
            return inner
    text = error.response.text if error.response is not None else ""
    return (text or error.message)[:300]


def function_tool(name: str, description: str, parameters: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A tool definition in the OpenAI format; ``parameters`` is the JSON Schema of the arguments (default: none)."""
    schema = dict(parameters) if parameters is not None else {"type": "object", "properties": {}}
    return {"type": "function", "function": {"name": name, "description": description, "parameters": schema}}
