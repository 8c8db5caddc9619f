"""Reading chat-completion bodies, including the variations of local servers."""

from __future__ import annotations

import json

import pytest

from aspera_workbench.llm import MalformedResponseError, parse_completion, tool_result_message
from aspera_workbench.llm.result import ToolCall


def body(message: dict, **extra) -> dict:
    return {"id": "c1", "model": "m", "choices": [{"index": 0, "message": message, "finish_reason": "stop"}], **extra}


def test_text_answer_with_detailed_usage():
    usage = {
        "prompt_tokens": 100,
        "completion_tokens": 40,
        "total_tokens": 140,
        "prompt_tokens_details": {"cached_tokens": 64},
        "completion_tokens_details": {"reasoning_tokens": 30},
    }

    answer = parse_completion(json.dumps(body({"role": "assistant", "content": "hi"}, usage=usage)).encode())

    assert (answer.text, answer.finish_reason, answer.response_id, answer.response_model) == ("hi", "stop", "c1", "m")
    assert answer.usage.cached_prompt_tokens == 64
    assert answer.usage.reasoning_tokens == 30


def test_total_tokens_is_filled_in_when_missing():
    answer = parse_completion(body({"content": "x"}, usage={"prompt_tokens": 3, "completion_tokens": 4}))

    assert answer.usage.total_tokens == 7


@pytest.mark.parametrize(
    "usage",
    [
        {"prompt_tokens": None, "completion_tokens": "12", "total_tokens": -5},
        {"prompt_tokens": 100},
        {"completion_tokens": 40, "total_tokens": 40},
        {},
    ],
)
def test_usage_without_readable_token_counts_is_unknown_not_zero(usage):
    # Read as zero, such counts made the answer cost $0.00, so a spend limit never counted it.
    answer = parse_completion(body({"content": "x"}, usage=usage))

    assert answer.usage is None


def test_content_given_as_parts_is_joined():
    parts = [{"type": "text", "text": "def f():"}, {"type": "text", "text": "\n    pass"}]

    assert parse_completion(body({"content": parts})).text == "def f():\n    pass"


def test_arguments_sent_as_an_object_are_kept_as_json_text():
    call = {"id": "x", "type": "function", "function": {"name": "f", "arguments": {"a": 1}}}

    (parsed,) = parse_completion(body({"content": None, "tool_calls": [call]})).tool_calls

    assert parsed.arguments == {"a": 1}
    assert json.loads(parsed.arguments_text) == {"a": 1}


def test_tool_call_without_id_gets_one():
    call = {"function": {"name": "f", "arguments": "{}"}}

    (parsed,) = parse_completion(body({"content": None, "tool_calls": [call]})).tool_calls

    assert parsed.id == "call_0"


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (b'{"choices": [', "not JSON"),
        (b"\xff\xfe", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ({"choices": []}, "no choices"),
        ({"object": "chat.completion"}, "no choices"),
        ({"choices": [{"finish_reason": "stop"}]}, "no message"),
        ({"choices": [{"message": {"content": 5}}]}, "neither text nor a list"),
        ({"choices": [{"message": {"tool_calls": [{"function": {}}]}}]}, "no function name"),
    ],
)
def test_unusable_bodies_are_reported(raw, problem):
    with pytest.raises(MalformedResponseError, match=problem):
        parse_completion(raw)


def test_tool_result_message_accepts_a_call_or_an_id():
    call = ToolCall(id="call_9", name="f", arguments_text="{}", arguments={})

    assert tool_result_message(call, "out") == tool_result_message("call_9", "out")
    assert tool_result_message(call, "out") == {"role": "tool", "tool_call_id": "call_9", "content": "out"}
