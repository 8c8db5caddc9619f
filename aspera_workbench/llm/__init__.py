"""The one place the workbench talks to model endpoints (OpenAI and compatible servers).

Typical use::

    from aspera_workbench.llm import Budget, LLMClient, LLMConfig, ResponseCache

    budget = Budget(max_cost_usd=5.0)
    client = LLMClient(LLMConfig(model="gpt-4o-mini"), cache=ResponseCache(), budget=budget)
    answer = client.complete([{"role": "user", "content": "Say hello."}], seed=0)
    answer.text, answer.cost_usd, budget.report().describe()

Only layers from ``agents`` upwards import this package: simulation, tasks and grading
stay deterministic and offline.
"""

from .budget import Budget, SpendReport
from .builder import build_model_client
from .cache import CACHE_DIR_ENV, CacheWriteWarning, ResponseCache, cache_folder, default_cache_dir, request_key
from .client import LLMClient, RequestOptions, function_tool
from .config import DEFAULT_API_KEY_ENV, DEFAULT_BASE_URL, LLMConfig, RetryPolicy, key_from_environment
from .context import prompt_cut, prompt_size
from .errors import (
    AuthenticationFailedError,
    BudgetExceededError,
    EndpointUnreachableError,
    LLMError,
    LLMRequestError,
    LLMSetupError,
    MalformedResponseError,
    MissingAPIKeyError,
    ModelNotFoundError,
    PriceUnknownError,
    QuotaExhaustedError,
    RequestRejectedError,
    RetriesExhaustedError,
    ToolsNotSupportedError,
)
from .model_tables import DEFAULT_PRICES_PATH, DEFAULT_QUIRKS_PATH, ModelQuirks, Price, PriceTable, QuirksTable
from .pool import DaemonPool
from .reasoning import joined_reasoning, split_reasoning
from .result import LENGTH, Answer, Completion, ToolCall, Usage, parse_completion, tool_result_message
from .retry import parse_retry_after, retry_delay

__all__ = [
    "CACHE_DIR_ENV",
    "DEFAULT_API_KEY_ENV",
    "DEFAULT_BASE_URL",
    "DEFAULT_PRICES_PATH",
    "DEFAULT_QUIRKS_PATH",
    "LENGTH",
    "Answer",
    "AuthenticationFailedError",
    "Budget",
    "BudgetExceededError",
    "CacheWriteWarning",
    "Completion",
    "LLMClient",
    "LLMConfig",
    "LLMError",
    "LLMRequestError",
    "LLMSetupError",
    "MalformedResponseError",
    "MissingAPIKeyError",
    "DaemonPool",
    "EndpointUnreachableError",
    "ModelNotFoundError",
    "ModelQuirks",
    "Price",
    "PriceTable",
    "PriceUnknownError",
    "QuirksTable",
    "QuotaExhaustedError",
    "RequestOptions",
    "RequestRejectedError",
    "ResponseCache",
    "RetriesExhaustedError",
    "RetryPolicy",
    "SpendReport",
    "ToolCall",
    "ToolsNotSupportedError",
    "Usage",
    "build_model_client",
    "cache_folder",
    "default_cache_dir",
    "function_tool",
    "joined_reasoning",
    "key_from_environment",
    "parse_completion",
    "prompt_cut",
    "prompt_size",
    "parse_retry_after",
    "request_key",
    "retry_delay",
    "split_reasoning",
    "tool_result_message",
]
