"""Clients wired to the scripted server, with fast retries and a price for the scripted model."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from aspera_workbench.llm import Budget, LLMClient, LLMConfig, PriceTable, QuirksTable, ResponseCache, RetryPolicy
from tests.support.openai_server import ScriptedOpenAIServer

TEST_KEY = "sk-test-0123456789abcdef"
MODEL = "scripted-model"
# $1 per million prompt tokens and $2 per million completion tokens.
PRICES = PriceTable([{"name": MODEL, "input": 1.0, "output": 2.0}], source="the test prices")
FAST_RETRIES = RetryPolicy(initial_backoff_s=0.001, max_backoff_s=0.005, max_total_wait_s=5.0)

MakeClient = Callable[..., LLMClient]


@pytest.fixture
def make_client(scripted_openai: ScriptedOpenAIServer, tmp_path) -> Iterator[MakeClient]:
    """Build clients for the scripted server; every client built is closed after the test.

    Keyword arguments override the config fields; ``cache``, ``budget``, ``quirks`` and
    ``prices`` go to the client (default: a fresh cache in ``tmp_path``, no budget, the
    project's quirks file, the test prices).
    """
    clients: list[LLMClient] = []

    def build(
        *,
        cache: ResponseCache | None | str = "fresh",
        budget: Budget | None = None,
        quirks: QuirksTable | None = None,
        prices: PriceTable | None = PRICES,
        **config: Any,
    ) -> LLMClient:
        settings: dict[str, Any] = {
            "model": MODEL,
            "base_url": scripted_openai.base_url,
            "api_key": TEST_KEY,
            "timeout_s": 2.0,
            "retry": FAST_RETRIES,
        }
        settings.update(config)
        chosen_cache = ResponseCache(tmp_path / "cache") if cache == "fresh" else cache
        client = LLMClient(LLMConfig(**settings), cache=chosen_cache, budget=budget, quirks=quirks, prices=prices)
        clients.append(client)
        return client

    yield build
    for client in clients:
        client.close()


def user(text: str) -> list[dict[str, str]]:
    """A one-message conversation."""
    return [{"role": "user", "content": text}]
