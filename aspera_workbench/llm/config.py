"""Settings of the model client: which endpoint and model, how to sample, how to retry."""

from __future__ import annotations

import os
from typing import Annotated, Any

from pydantic import AfterValidator, ConfigDict, Field, SecretStr

from aspera_workbench.options import EndpointURL, Name, Options, Seconds, Temperature

from .errors import MissingAPIKeyError

DEFAULT_BASE_URL = "https://api.openai.com/v1"
"""OpenAI's endpoint, used when no base URL is given."""

DEFAULT_API_KEY_ENV = "OPENAI_API_KEY"
"""Environment variable read for the API key when none is given."""


def key_from_environment(api_key_env: str = DEFAULT_API_KEY_ENV) -> str | None:
    """The key the variable holds, stripped; ``None`` when it is unset, empty or blank (no key)."""
    return os.environ.get(api_key_env, "").strip() or None


class RetryPolicy(Options):
    """How transient failures (429, 5xx, timeouts, dropped connections, unusable answers) are retried.

    The wait before retry ``n`` (from 1) is ``min(max_backoff_s, initial_backoff_s *
    multiplier ** (n - 1))`` with "equal jitter": half of it fixed, the other half drawn
    uniformly, so that many threads failing together do not come back together. A server's
    ``Retry-After`` that is longer replaces it; a shorter one (``0``) does not shorten it.

    Attributes:
        max_attempts: Requests sent at most for one call, the first included.
        initial_backoff_s: Base wait before the first retry.
        multiplier: Growth factor of the wait from one retry to the next.
        max_backoff_s: Cap on one computed wait.
        max_total_wait_s: Cap on the sum of the waits of one call. A ``Retry-After`` that
            would exceed it ends the call at once instead of sleeping.
        max_malformed: Of the attempts, how many may end in an unusable answer (not JSON,
            no choices) before the call gives up; such answers usually come from a
            proxy cutting the body or an overloaded local server, so a few retries help,
            but a server that always answers that way should fail fast.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_attempts: int = Field(6, ge=1)
    initial_backoff_s: float = Field(1.0, ge=0)
    multiplier: float = Field(2.0, ge=1)
    max_backoff_s: float = Field(60.0, ge=0)
    max_total_wait_s: float = Field(300.0, ge=0)
    max_malformed: int = Field(2, ge=1)


class LLMConfig(Options):
    """Which model to call, where, and with which sampling settings.

    Attributes:
        model: Model name as the endpoint knows it (``gpt-4o``, ``llama3.1:8b``...).
        base_url: Endpoint root ending in ``/v1``; ``None`` means OpenAI's. The
            ``OPENAI_BASE_URL`` variable is deliberately not read: the endpoint of a run is
            always stated, and recorded, explicitly.
        api_key: The key; ``None`` reads it from the environment variable ``api_key_env``.
            Held as a secret, so it never appears in a ``repr`` or an error message.
        api_key_env: Environment variable holding the key when ``api_key`` is ``None``.
        temperature: Sampling temperature, finite and at least 0; ``None`` leaves it to the endpoint. Dropped for
            models whose quirks say they take none.
        seed: Sampling seed sent to the endpoint (``None``: none sent). Part of the cache key.
        max_tokens: Cap on the answer's tokens (sent as ``max_tokens`` or
            ``max_completion_tokens`` depending on the model's quirks); ``None``: no cap.
        timeout_s: Seconds one attempt may take (connect, and each read of the answer).
        retry: The retry policy.
        extra_body: Further request fields sent as they are (``reasoning_effort``,
            ``top_p``...); part of the cache key.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: Name
    base_url: Annotated[EndpointURL, AfterValidator(lambda url: url.rstrip("/"))] | None = None
    api_key: SecretStr | None = None
    api_key_env: Name = DEFAULT_API_KEY_ENV
    temperature: Temperature | None = 0.0
    seed: int | None = None
    max_tokens: int | None = Field(None, gt=0)
    timeout_s: Seconds = 120.0
    retry: RetryPolicy = RetryPolicy()
    extra_body: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def given(cls, *, model: str, temperature: float | None, **settings: Any) -> LLMConfig:
        """The settings an agent's or a command's options give: ``None`` keeps a setting's default,
        except for ``temperature``, where it sends none."""
        return cls(model=model, temperature=temperature, **{k: v for k, v in settings.items() if v is not None})

    @property
    def endpoint(self) -> str:
        """The base URL requests go to (OpenAI's when none is set), without a trailing slash."""
        return self.base_url or DEFAULT_BASE_URL

    def resolve_api_key(self) -> str:
        """The API key to send: ``api_key``, or the value of ``api_key_env``.

        Raises:
            MissingAPIKeyError: neither is set (or the variable is empty).
        """
        if self.api_key is not None and self.api_key.get_secret_value():
            return self.api_key.get_secret_value()
        value = key_from_environment(self.api_key_env)
        if value is not None:
            return value
        raise MissingAPIKeyError(
            f"no API key for model {self.model!r} at {self.endpoint}: set the environment variable "
            f"{self.api_key_env} (a local server that ignores keys accepts any non-empty value)",
            model=self.model,
            base_url=self.endpoint,
            env_var=self.api_key_env,
        )
