"""Errors of the model client, grouped by what a caller should do about them.

- :class:`LLMSetupError`: the configuration or the endpoint is wrong (missing or
  rejected key, unknown model, wrong base URL, no tool support, no price for a
  budget). Every further request would fail the same way: stop and fix it.
- :class:`LLMRequestError`: this one request failed (still failing after its retries,
  rejected as invalid, unusable answer). Other requests may succeed; a runner records
  the item as a model error and may retry it later.
- :class:`BudgetExceededError`: the spend limit is reached; no request was sent.

Messages name the model and the base URL, never the API key.
"""

from __future__ import annotations


class LLMError(Exception):
    """Base class of every error raised by :mod:`aspera_workbench.llm`, with the ``model`` and ``base_url`` of the request."""

    def __init__(self, message: str, *, model: str, base_url: str) -> None:
        super().__init__(message)
        self.model = model
        self.base_url = base_url


class LLMSetupError(LLMError):
    """The client cannot work with this configuration or endpoint; no retry will help."""


class MissingAPIKeyError(LLMSetupError):
    """No API key was given and the environment variable ``env_var`` that should hold one is unset or empty."""

    def __init__(self, message: str, *, model: str, base_url: str, env_var: str) -> None:
        super().__init__(message, model=model, base_url=base_url)
        self.env_var = env_var


class AuthenticationFailedError(LLMSetupError):
    """The endpoint refused the API key (HTTP 401) or the key's access to the model (HTTP 403)."""


class QuotaExhaustedError(LLMSetupError):
    """The account has no credit left (HTTP 429 with code ``insufficient_quota``): waiting will not help."""


class ModelNotFoundError(LLMSetupError):
    """HTTP 404: the model name is unknown to the endpoint, or the base URL is wrong."""


class EndpointUnreachableError(LLMSetupError):
    """Nothing answers at the base URL (connection refused, unknown host) and nothing ever did in this run.

    Once the endpoint has answered, a refused connection is taken for a restart and retried.
    """


class ToolsNotSupportedError(LLMSetupError):
    """The endpoint or model does not accept tool definitions (by its quirks, or by an error mentioning tools).

    A caller can catch it and fall back to a plain-text tool protocol.
    """


class PriceUnknownError(LLMSetupError):
    """A spend limit was set but the prices file has no price for the model."""


class LLMRequestError(LLMError):
    """This request failed; other requests of the same run may still succeed."""


class RetriesExhaustedError(LLMRequestError):
    """A transient failure (429, 5xx, timeout, dropped connection, unusable answer) outlasted the retries.

    ``attempts`` counts the requests sent, ``waited_s`` the seconds waited between them, and
    ``last_error`` describes the last failure.
    """

    def __init__(
        self, message: str, *, model: str, base_url: str, attempts: int, waited_s: float, last_error: str
    ) -> None:
        super().__init__(message, model=model, base_url=base_url)
        self.attempts = attempts
        self.waited_s = waited_s
        self.last_error = last_error


class MalformedResponseError(LLMRequestError):
    """A successful HTTP answer that is not a usable chat completion (not JSON, no choices, wrong shape).

    Retried like transient failures; it reaches the caller only as the ``__cause__`` of
    :class:`RetriesExhaustedError`, or from :func:`aspera_workbench.llm.parse_completion`.
    """


class RequestRejectedError(LLMRequestError):
    """The endpoint rejected this request as invalid (HTTP 400, 413, 422...: ``status_code``), e.g. a prompt too long."""

    def __init__(self, message: str, *, model: str, base_url: str, status_code: int) -> None:
        super().__init__(message, model=model, base_url=base_url)
        self.status_code = status_code


class BudgetExceededError(LLMError):
    """The run's spend limit (``max_cost_usd``) is reached, ``spent_usd`` spent; the request was not sent."""

    def __init__(self, message: str, *, model: str, base_url: str, spent_usd: float, max_cost_usd: float) -> None:
        super().__init__(message, model=model, base_url=base_url)
        self.spent_usd = spent_usd
        self.max_cost_usd = max_cost_usd
