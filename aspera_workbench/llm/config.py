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
    """How transient failures (429, 5xx, timeouts, dropped connections, unusable answers) are retried (docs/llm.md).

    Attributes:
        max_total_wait_s: Cap on the sum of the waits of one call; a ``Retry-After`` that would
            exceed it ends the call at once instead of sleeping.
        max_malformed: Unusable answers (not JSON, no choices) a call may get before it gives up:
            a proxy cutting the body is worth a retry, a server that always answers so is not.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_attempts: int = Field(6, ge=1)
    initial_backoff_s: float = Field(1.0, ge=0)
    multiplier: float = Field(2.0, ge=1)
    max_backoff_s: float = Field(60.0, ge=0)
    max_total_wait_s: float = Field(300.0, ge=0)
    max_malformed: int = Field(2, ge=1)


class LLMConfig(Options):
    """Which model to call, where, and with which sampling settings (docs/llm.md lists the fields).

    ``base_url`` ``None`` means OpenAI's; ``OPENAI_BASE_URL`` is deliberately not read, so that a
    run's endpoint is always stated and recorded. ``api_key`` ``None`` reads the variable
    ``api_key_env``; it is held as a secret, never shown in a ``repr`` or an error. A temperature
    or seed is dropped for models whose quirks say they take none.
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
        """The API key to send: ``api_key``, or the value of ``api_key_env``; :class:`MissingAPIKeyError` when neither is set."""
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
