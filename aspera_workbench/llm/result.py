"""What one model call returns, and how an answer body is read.

:func:`parse_completion` checks a chat-completion body by hand rather than trusting a
provider to follow the schema exactly: local servers differ in small ways (content as a
list of parts, arguments as an object instead of a string, usage missing), and a clear
:class:`MalformedResponseError` beats an attribute error deep in an agent.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from .context import prompt_cut
from .errors import MalformedResponseError
from .reasoning import joined_reasoning, split_reasoning

#: The finish reason of an answer the token limit (``max_tokens``) cut off.
LENGTH = "length"
#: Fields beside ``content`` in which servers with a reasoning parser send the thinking (vLLM, Ollama, llama.cpp...).
REASONING_FIELDS = ("reasoning_content", "reasoning")


class Usage(BaseModel):
    """Token counts of one answer, as the endpoint reported them (reasoning tokens are among the completion tokens)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    cached_prompt_tokens: int | None = None
    reasoning_tokens: int | None = None


class ToolCall(BaseModel):
    """One tool call: ``arguments_text`` as written, ``arguments`` decoded (``None``, with ``arguments_error``, if not an object)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    arguments_text: str
    arguments: dict[str, Any] | None = None
    arguments_error: str | None = None

    def as_message_part(self) -> dict[str, Any]:
        """The call in the request format, for replaying the assistant message."""
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": self.arguments_text}}


class Answer(BaseModel):
    """The useful part of a chat-completion body (first choice only).

    ``text`` is the answer without the model's thinking (``""`` when there is only tool calls);
    ``reasoning`` the thinking, whether the endpoint sent it in a field of its own or inline in
    the content (:mod:`~aspera_workbench.llm.reasoning`), ``None`` when there is none.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    usage: Usage | None = None
    response_id: str | None = None
    response_model: str | None = None
    reasoning: str | None = None

    @property
    def cut_off(self) -> bool:
        """The token limit ended the answer (``finish_reason`` ``"length"``): it may stop mid-thought or mid-code."""
        return self.finish_reason == LENGTH


class Completion(Answer):
    """The result of one call of :meth:`aspera_workbench.llm.LLMClient.complete` (docs/llm.md lists its fields).

    Attributes:
        cost_usd: Dollars the answer cost when it was produced; ``None`` when the model has no
            price or the endpoint reported no usage (see ``cost_note``). A cached answer keeps it,
            for reporting what an experiment cost in total.
        spent_usd: Dollars spent by this call: ``cost_usd`` for a fresh answer, ``0.0`` for a cached one.
        latency_s: Seconds this call took, waits between retries included.
        attempts: Requests sent by this call (``0`` for a cached answer).
        request_hash: The cache key, usable to name stored prompts.
        prompt_chars, prompt_words: The size of the prompt's text as sent (words bound its tokens
            from below: :mod:`~aspera_workbench.llm.context`).
    """

    model: str
    base_url: str
    cost_usd: float | None
    spent_usd: float | None
    cost_note: str | None = None
    latency_s: float
    attempts: int
    waited_s: float = 0.0
    cached: bool
    request_hash: str
    prompt_chars: int = 0
    prompt_words: int = 0

    @property
    def prompt_cut(self) -> bool:
        """The endpoint reports fewer prompt tokens than the prompt has words: it did not see the whole prompt."""
        return prompt_cut(self.prompt_words, None if self.usage is None else self.usage.prompt_tokens)

    def assistant_message(self) -> dict[str, Any]:
        """The answer as an assistant message, to append to the conversation for the next turn."""
        message: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self.tool_calls:
            message["tool_calls"] = [call.as_message_part() for call in self.tool_calls]
        return message


def tool_result_message(call: ToolCall | str, content: str) -> dict[str, Any]:
    """The message answering a tool call (or its id), to append after the assistant message."""
    call_id = call.id if isinstance(call, ToolCall) else call
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def parse_completion(body: str | bytes | Any) -> Answer:
    """Read a chat-completion body (text, bytes or decoded JSON): the first choice's answer, thinking, tool calls and
    finish reason, and usage.

    Raises:
        MalformedResponseError: the body is not JSON, has no choices, or a field has the wrong type
            (with empty model and base URL: the caller knows them).
    """
    if isinstance(body, (str, bytes, bytearray)):
        try:
            body = json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise _malformed(f"answer is not JSON ({error}): {_excerpt(body)}") from None
    if not isinstance(body, dict):
        raise _malformed(f"answer is not a JSON object: {_excerpt(body)}")
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices:
        raise _malformed(f"answer has no choices: {_excerpt(body)}")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        raise _malformed(f"first choice has no message object: {_excerpt(choice)}")
    finish_reason = choice.get("finish_reason")
    text, inline = split_reasoning(_content_text(message.get("content")))
    beside = [message.get(name) for name in REASONING_FIELDS if isinstance(message.get(name), str)]
    return Answer(
        text=text,
        reasoning=joined_reasoning(*beside, inline),
        tool_calls=tuple(_tool_call(raw, number) for number, raw in enumerate(message.get("tool_calls") or [])),
        finish_reason=finish_reason if isinstance(finish_reason, str) else None,
        usage=_usage(body.get("usage")),
        response_id=body.get("id") if isinstance(body.get("id"), str) else None,
        response_model=body.get("model") if isinstance(body.get("model"), str) else None,
    )


def _content_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    # Some servers send content as a list of parts: keep the text parts, in order.
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    raise _malformed(f"message content is neither text nor a list of parts: {_excerpt(content)}")


def _tool_call(raw: Any, number: int) -> ToolCall:
    function = raw.get("function") if isinstance(raw, dict) else None
    if not isinstance(function, dict) or not isinstance(function.get("name"), str):
        raise _malformed(f"tool call {number} has no function name: {_excerpt(raw)}")
    arguments = function.get("arguments")
    if isinstance(arguments, dict):  # some servers send the object itself
        text = json.dumps(arguments)
    elif arguments is None:
        text = ""
    else:
        text = str(arguments)
    decoded, problem = _decode_arguments(text)
    call_id = raw.get("id") if isinstance(raw.get("id"), str) and raw.get("id") else f"call_{number}"
    return ToolCall(id=call_id, name=function["name"], arguments_text=text, arguments=decoded, arguments_error=problem)


def _decode_arguments(text: str) -> tuple[dict[str, Any] | None, str | None]:
    if not text.strip():
        return {}, None  # a call without arguments
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        return None, f"arguments are not valid JSON: {error}"
    if not isinstance(value, dict):
        return None, f"arguments are JSON but not an object (got {type(value).__name__})"
    return value, None


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None

    def count(mapping: Any, key: str) -> int | None:
        value = mapping.get(key) if isinstance(mapping, dict) else None
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None

    prompt = count(raw, "prompt_tokens")
    completion = count(raw, "completion_tokens")
    if prompt is None or completion is None:
        return None  # unknown, not zero: a cost worked out from zeros would pass for a free answer
    total = count(raw, "total_tokens")
    return Usage(
        prompt_tokens=prompt,
        completion_tokens=completion,
        total_tokens=total if total is not None else prompt + completion,
        cached_prompt_tokens=count(raw.get("prompt_tokens_details"), "cached_tokens"),
        reasoning_tokens=count(raw.get("completion_tokens_details"), "reasoning_tokens"),
    )


def _malformed(message: str) -> MalformedResponseError:
    return MalformedResponseError(message, model="", base_url="")


def _excerpt(value: Any, limit: int = 200) -> str:
    text = value.decode("utf-8", "replace") if isinstance(value, (bytes, bytearray)) else str(value)
    return text if len(text) <= limit else text[:limit] + "..."
