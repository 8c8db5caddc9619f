"""The one builder of a model client from options, shared by the agents, generation and the judge.

Each of them names its options its own way (``request_timeout_s``, ``--request-timeout``; ``use_cache``,
``cache``, ``--no-cache``) and passes them here by the client's names, so that the same options give
the same client everywhere: the same settings, the same cache folder, a spend account.
"""

from __future__ import annotations

import os
from typing import Any

from .budget import Budget
from .cache import ResponseCache
from .client import LLMClient
from .config import LLMConfig


def build_model_client(
    *,
    model: str,
    temperature: float | None,
    base_url: str | None = None,
    api_key_env: str | None = None,
    seed: int | None = None,
    max_tokens: int | None = None,
    timeout_s: float | None = None,
    use_cache: bool = True,
    cache_dir: str | os.PathLike[str] | None = None,
    budget: Budget | None = None,
    max_cost_usd: float | None = None,
    **client_options: Any,
) -> LLMClient:
    """The client the options describe: ``None`` keeps a setting's default, except ``temperature`` (``None``: none sent).

    ``cache_dir``: the answer cache's folder (``~`` is the home folder; ``None``: the default
    cache); with ``use_cache`` false there is none. ``budget``: the run's spend account; without
    one, an account of its own is opened, limited to ``max_cost_usd`` when given.
    ``client_options`` go to :class:`LLMClient` as they are (``quirks``, ``prices``).

    Raises:
        MissingAPIKeyError: no key in ``api_key_env`` (``OPENAI_API_KEY`` by default).
        PriceUnknownError: a spend limit is set but the model has no price.
        FileNotFoundError, NotADirectoryError: the cache folder cannot hold the cache (see :class:`ResponseCache`).
    """
    config = LLMConfig.given(
        model=model,
        temperature=temperature,
        base_url=base_url,
        api_key_env=api_key_env,
        seed=seed,
        max_tokens=max_tokens,
        timeout_s=timeout_s,
    )
    cache = ResponseCache(cache_dir) if use_cache else None
    account = budget if budget is not None else Budget(max_cost_usd=max_cost_usd)
    return LLMClient(config, cache=cache, budget=account, **client_options)
