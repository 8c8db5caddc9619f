"""Client settings and where the key comes from."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from aspera_workbench.llm import DEFAULT_BASE_URL, LLMConfig, MissingAPIKeyError


def test_defaults_reproduce_the_original_sampling_and_use_openai():
    config = LLMConfig(model="gpt-4o")

    assert config.endpoint == DEFAULT_BASE_URL
    assert config.temperature == 0.0
    assert config.api_key_env == "OPENAI_API_KEY"


def test_base_url_is_checked_and_normalised():
    assert LLMConfig(model="m", base_url=" http://localhost:8000/v1/ ").endpoint == "http://localhost:8000/v1"
    with pytest.raises(ValidationError, match="http:// or https://"):
        LLMConfig(model="m", base_url="localhost:8000/v1")


def test_config_is_frozen_and_refuses_unknown_fields():
    config = LLMConfig(model="m")

    with pytest.raises(ValidationError):
        config.model = "other"
    with pytest.raises(ValidationError, match="temprature"):
        LLMConfig(model="m", temprature=0.2)


def test_key_never_shows_in_repr_or_dump():
    config = LLMConfig(model="m", api_key="sk-secret-value")

    assert "sk-secret-value" not in repr(config)
    assert "sk-secret-value" not in str(config.model_dump())
    assert config.resolve_api_key() == "sk-secret-value"


def test_missing_key_names_the_variable(monkeypatch):
    monkeypatch.setenv("MY_PROVIDER_KEY", "  ")

    with pytest.raises(MissingAPIKeyError, match="MY_PROVIDER_KEY") as caught:
        LLMConfig(model="m", base_url="http://127.0.0.1:1/v1", api_key_env="MY_PROVIDER_KEY").resolve_api_key()

    assert "http://127.0.0.1:1/v1" in str(caught.value) and "'m'" in str(caught.value)


def test_given_key_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "from-env")

    assert LLMConfig(model="m", api_key="given").resolve_api_key() == "given"
    assert LLMConfig(model="m").resolve_api_key() == "from-env"


@pytest.mark.parametrize("value", [-1.0, float("nan"), float("inf")])
def test_a_temperature_must_be_finite_and_at_least_zero(value: float) -> None:
    with pytest.raises(ValidationError, match="temperature"):
        LLMConfig(model="m", temperature=value)


def test_given_settings_keep_their_defaults_for_none_but_temperature_none_sends_none():
    config = LLMConfig.given(model="m", temperature=None, max_tokens=None, timeout_s=None, seed=3)
    assert config.temperature is None and config.seed == 3
    assert (config.max_tokens, config.timeout_s) == (LLMConfig(model="m").max_tokens, LLMConfig(model="m").timeout_s)
