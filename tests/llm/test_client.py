"""The client against a real HTTP server speaking the chat-completions protocol."""

from __future__ import annotations

import dataclasses
import email.utils
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from aspera_workbench.llm import (
    AuthenticationFailedError,
    EndpointUnreachableError,
    LLMConfig,
    LLMRequestError,
    LLMSetupError,
    MalformedResponseError,
    MissingAPIKeyError,
    ModelNotFoundError,
    QuirksTable,
    QuotaExhaustedError,
    RequestRejectedError,
    RetriesExhaustedError,
    RetryPolicy,
    ToolsNotSupportedError,
    function_tool,
    tool_result_message,
)
from tests.support.openai_server import Reply, ScriptedRequest

from .conftest import MODEL, TEST_KEY, user

# -- a plain answer ---------------------------------------------------------


def test_answer_carries_text_usage_cost_and_provenance(scripted_openai, make_client):
    scripted_openai.script(
        [Reply.text("def solve():\n    return 1", usage={"prompt_tokens": 1000, "completion_tokens": 500})]
    )
    client = make_client()

    answer = client.complete(user("write a program"))

    assert answer.text == "def solve():\n    return 1"
    assert answer.finish_reason == "stop"
    assert answer.tool_calls == ()
    assert (answer.usage.prompt_tokens, answer.usage.completion_tokens, answer.usage.total_tokens) == (1000, 500, 1500)
    # 1000 * $1/M + 500 * $2/M
    assert answer.cost_usd == pytest.approx(0.002)
    assert answer.spent_usd == pytest.approx(0.002)
    assert answer.cost_note is None
    assert (answer.attempts, answer.cached, answer.model) == (1, False, MODEL)
    assert answer.base_url == scripted_openai.base_url
    assert len(answer.request_hash) == 64
    assert answer.latency_s > 0


def test_request_carries_key_messages_and_sampling_settings(scripted_openai, make_client):
    client = make_client(temperature=0.0, seed=7, max_tokens=256, extra_body={"top_p": 0.5})
    messages = [{"role": "system", "content": "You write programs."}, {"role": "user", "content": "Book a room."}]

    client.complete(messages)

    (request,) = scripted_openai.chat_requests
    assert request.headers["authorization"] == f"Bearer {TEST_KEY}"
    assert request.body == {
        "model": MODEL,
        "messages": messages,
        "temperature": 0.0,
        "seed": 7,
        "max_tokens": 256,
        "top_p": 0.5,
    }


def test_per_call_settings_override_the_config(scripted_openai, make_client):
    client = make_client(seed=7, temperature=0.0)

    client.complete(user("q"), seed=2, temperature=None, max_tokens=10)

    (request,) = scripted_openai.chat_requests
    assert request.seed == 2
    assert "temperature" not in request.body
    assert request.body["max_tokens"] == 10


def test_reasoning_model_requests_follow_the_quirks_file(scripted_openai, make_client):
    client = make_client(model="o1-preview", temperature=0.0, seed=1, max_tokens=100)
    messages = [{"role": "system", "content": "rules"}, {"role": "user", "content": "q"}]

    client.complete(messages)

    (request,) = scripted_openai.chat_requests
    assert "temperature" not in request.body
    assert request.body["max_completion_tokens"] == 100
    assert "max_tokens" not in request.body
    assert [m["role"] for m in request.messages] == ["user", "user"]
    assert request.seed == 1


def test_later_reasoning_models_get_developer_messages(scripted_openai, make_client):
    make_client(model="o3-mini").complete([{"role": "system", "content": "rules"}, {"role": "user", "content": "q"}])

    assert [m["role"] for m in scripted_openai.chat_requests[0].messages] == ["developer", "user"]


def test_model_without_price_has_unknown_cost_and_says_why(make_client):
    answer = make_client(model="llama3.1:8b").complete(user("q"))

    assert answer.cost_usd is None
    assert answer.spent_usd is None
    assert "llama3.1:8b" in answer.cost_note and "the test prices" in answer.cost_note


def test_answer_without_usage_has_unknown_cost(scripted_openai, make_client):
    reply = Reply(payload={"choices": [{"message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}]})
    scripted_openai.script([reply])

    answer = make_client().complete(user("q"))

    assert answer.text == "hi"
    assert answer.usage is None
    assert answer.cost_usd is None
    assert "no token usage" in answer.cost_note


def test_empty_content_is_an_answer_not_an_error(scripted_openai, make_client):
    scripted_openai.script([Reply.text(None, finish_reason="length")])

    answer = make_client().complete(user("q"))

    assert answer.text == ""
    assert answer.finish_reason == "length"
    assert len(scripted_openai.chat_requests) == 1


def test_invalid_messages_are_refused_before_sending(scripted_openai, make_client):
    client = make_client()

    with pytest.raises(ValueError, match="role 'robot'"):
        client.complete([{"role": "robot", "content": "q"}])
    with pytest.raises(ValueError, match="non-empty"):
        client.complete([])
    assert scripted_openai.chat_requests == []


# -- retries ----------------------------------------------------------------


def test_rate_limit_is_retried_after_the_seconds_in_retry_after(scripted_openai, make_client):
    scripted_openai.script([Reply.rate_limited(retry_after="1"), Reply.text("done")])
    # The backoff (0.05-0.1 s) is shorter than the server's Retry-After, so the latter decides.
    short_backoff = RetryPolicy(initial_backoff_s=0.1, max_backoff_s=0.1, max_total_wait_s=10)

    answer = make_client(retry=short_backoff).complete(user("q"))

    assert answer.text == "done"
    assert answer.attempts == 2
    assert 1.0 <= answer.waited_s <= 1.1


def test_retry_after_as_an_http_date_in_the_past_still_backs_off(scripted_openai, make_client):
    past = email.utils.formatdate(0, usegmt=True)  # Thu, 01 Jan 1970 00:00:00 GMT
    scripted_openai.script([Reply.rate_limited(retry_after=past), Reply.text("done")])
    policy = RetryPolicy(initial_backoff_s=0.2, max_backoff_s=0.2, max_total_wait_s=10)

    answer = make_client(retry=policy).complete(user("q"))

    assert (answer.text, answer.attempts) == ("done", 2)
    assert answer.waited_s >= 0.1  # "now" is read as no wait at all; the backoff is the minimum


def test_retry_after_ms_is_honoured_when_longer_than_the_backoff(scripted_openai, make_client):
    scripted_openai.script([Reply.rate_limited(retry_after_ms="300"), Reply.text("done")])
    policy = RetryPolicy(initial_backoff_s=0.01, max_backoff_s=0.01, max_total_wait_s=10)

    answer = make_client(retry=policy).complete(user("q"))

    assert answer.attempts == 2
    assert 0.3 <= answer.waited_s <= 0.33


def test_retry_after_zero_still_backs_off_between_attempts(scripted_openai, make_client):
    # A server answering 429 with "Retry-After: 0" was asked six times back to back.
    arrivals: list[float] = []

    def always_limited(request: ScriptedRequest) -> Reply:
        arrivals.append(time.monotonic())  # measured on the server's side
        return Reply.rate_limited(retry_after="0")

    scripted_openai.script(always_limited)
    policy = RetryPolicy(max_attempts=4, initial_backoff_s=0.2, multiplier=2, max_backoff_s=5, max_total_wait_s=10)

    with pytest.raises(RetriesExhaustedError):
        make_client(retry=policy).complete(user("q"))

    intervals = [later - earlier for earlier, later in zip(arrivals, arrivals[1:], strict=False)]
    assert len(intervals) == 3
    # The backoff schedule is 0.2, 0.4, 0.8 s with equal jitter: at least half of each.
    for interval, minimum in zip(intervals, [0.1, 0.2, 0.4], strict=True):
        assert interval >= minimum


def test_retry_after_longer_than_the_allowed_wait_gives_up_at_once(scripted_openai, make_client):
    scripted_openai.script([Reply.rate_limited(retry_after="3600"), Reply.text("never")])
    client = make_client(retry=RetryPolicy(max_total_wait_s=5))

    started = time.monotonic()
    with pytest.raises(RetriesExhaustedError, match="Retry-After 3600") as caught:
        client.complete(user("q"))

    assert time.monotonic() - started < 3  # it did not sleep
    assert caught.value.attempts == 1
    assert "5 s allowed" in str(caught.value)


@pytest.mark.parametrize(
    "failure",
    [
        Reply.server_error(500),
        Reply.server_error(503),
        Reply.rate_limited(),
        Reply.dropped(),
        Reply.malformed(),
        Reply.no_choices(),
    ],
    ids=["500", "503", "429", "dropped", "malformed", "no-choices"],
)
def test_transient_failure_then_success(scripted_openai, make_client, failure):
    scripted_openai.script([failure, Reply.text("recovered")])

    answer = make_client().complete(user("q"))

    assert answer.text == "recovered"
    assert answer.attempts == 2
    assert len(scripted_openai.chat_requests) == 2


def test_hanging_response_times_out_and_is_retried(scripted_openai, make_client):
    scripted_openai.script([Reply.hang(30), Reply.text("in time")])

    answer = make_client(timeout_s=0.3).complete(user("q"))

    assert answer.text == "in time"
    assert answer.attempts == 2


def test_persistent_server_errors_end_after_the_attempt_limit(scripted_openai, make_client):
    scripted_openai.script([Reply.server_error(500)], repeat_last=True)
    client = make_client(retry=RetryPolicy(max_attempts=4, initial_backoff_s=0.001, max_backoff_s=0.002))

    with pytest.raises(RetriesExhaustedError) as caught:
        client.complete(user("q"))

    error = caught.value
    assert isinstance(error, LLMRequestError)
    # Only our retries run: the openai package's own are switched off.
    assert len(scripted_openai.chat_requests) == 4
    assert error.attempts == 4
    assert "HTTP 500" in error.last_error
    assert MODEL in str(error) and scripted_openai.base_url in str(error)


def test_timeouts_that_persist_end_with_a_clear_error(scripted_openai, make_client):
    scripted_openai.script([Reply.hang(30)], repeat_last=True)
    client = make_client(timeout_s=0.2, retry=RetryPolicy(max_attempts=2, initial_backoff_s=0.001))

    with pytest.raises(RetriesExhaustedError, match="0.2 s timeout"):
        client.complete(user("q"))


def test_malformed_answers_are_retried_only_a_few_times(scripted_openai, make_client):
    scripted_openai.script([Reply.malformed()], repeat_last=True)
    client = make_client(retry=RetryPolicy(max_attempts=6, max_malformed=2, initial_backoff_s=0.001))

    with pytest.raises(RetriesExhaustedError, match="not JSON") as caught:
        client.complete(user("q"))

    assert len(scripted_openai.chat_requests) == 2
    assert isinstance(caught.value.__cause__, MalformedResponseError)


def test_answer_without_choices_that_persists_is_reported(scripted_openai, make_client):
    scripted_openai.script([Reply.no_choices()], repeat_last=True)

    with pytest.raises(RetriesExhaustedError, match="no choices"):
        make_client().complete(user("q"))


def test_an_endpoint_that_never_answered_and_refuses_connections_is_a_setup_error_at_once(make_client):
    # Minutes of retries per task would not start a server that is not running.
    client = make_client(base_url="http://127.0.0.1:9/v1", retry=RetryPolicy(max_attempts=6, initial_backoff_s=5))

    started = time.monotonic()
    with pytest.raises(EndpointUnreachableError, match="nothing answers") as caught:
        client.complete(user("q"))

    assert time.monotonic() - started < 4  # no backoff was waited
    assert "http://127.0.0.1:9/v1" in str(caught.value) and "--base-url" in str(caught.value)
    assert isinstance(caught.value, LLMSetupError)


def test_an_unknown_host_is_a_setup_error_at_once(make_client):
    client = make_client(base_url="http://no-such-host.invalid/v1", retry=RetryPolicy(initial_backoff_s=5))

    with pytest.raises(EndpointUnreachableError, match="no-such-host.invalid"):
        client.complete(user("q"))


def test_a_refused_connection_after_the_endpoint_answered_is_retried_then_reported(scripted_openai, make_client):
    # A local server restarting mid-run refuses connections for a moment: worth retrying.
    client = make_client(retry=RetryPolicy(max_attempts=2, initial_backoff_s=0.001, max_backoff_s=0.002))
    # The answer closes its connection, so the next request must connect again.
    scripted_openai.script([dataclasses.replace(Reply.text("first"), headers={"Connection": "close"})])
    assert client.complete(user("q")).text == "first"
    scripted_openai.stop()

    with pytest.raises(RetriesExhaustedError, match="connection failed") as caught:
        client.complete(user("another question"))

    assert caught.value.attempts == 2


# -- errors that are not retried --------------------------------------------


def test_missing_key_fails_before_any_request(scripted_openai, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    config = LLMConfig(model=MODEL, base_url=scripted_openai.base_url)

    from aspera_workbench.llm import LLMClient

    with pytest.raises(MissingAPIKeyError, match="OPENAI_API_KEY") as caught:
        LLMClient(config)

    assert caught.value.env_var == "OPENAI_API_KEY"
    assert scripted_openai.requests == []


def test_key_is_read_from_the_named_environment_variable(scripted_openai, monkeypatch, make_client):
    monkeypatch.setenv("LOCAL_SERVER_KEY", "from-the-environment")

    make_client(api_key=None, api_key_env="LOCAL_SERVER_KEY").complete(user("q"))

    assert scripted_openai.chat_requests[0].headers["authorization"] == "Bearer from-the-environment"


@pytest.mark.parametrize("status", [401, 403])
def test_refused_key_fails_at_once_without_showing_the_key(scripted_openai, make_client, status):
    scripted_openai.script([Reply.error(status, f"Incorrect API key provided: {TEST_KEY}")], repeat_last=True)

    with pytest.raises(AuthenticationFailedError) as caught:
        make_client().complete(user("q"))

    message = str(caught.value)
    assert len(scripted_openai.chat_requests) == 1
    assert isinstance(caught.value, LLMSetupError)
    assert TEST_KEY not in message and TEST_KEY not in repr(caught.value)
    assert f"HTTP {status}" in message and MODEL in message and scripted_openai.base_url in message


def test_server_checking_the_key_refuses_a_wrong_one(scripted_openai, make_client):
    scripted_openai.api_key = "the-right-key"

    with pytest.raises(AuthenticationFailedError, match="given in the configuration"):
        make_client().complete(user("q"))


def test_unknown_model_or_wrong_base_url_fails_at_once(scripted_openai, make_client):
    scripted_openai.script([Reply.not_found("gpt-9")], repeat_last=True)

    with pytest.raises(ModelNotFoundError, match="/v1") as caught:
        make_client(model="gpt-9").complete(user("q"))

    assert len(scripted_openai.chat_requests) == 1
    assert "'gpt-9'" in str(caught.value)


def test_base_url_without_v1_is_a_clear_not_found(scripted_openai, make_client):
    root = scripted_openai.base_url.removesuffix("/v1")

    with pytest.raises(ModelNotFoundError, match="base URL"):
        make_client(base_url=root).complete(user("q"))


def test_exhausted_quota_is_not_retried(scripted_openai, make_client):
    body = {"error": {"message": "You exceeded your current quota", "type": "x", "code": "insufficient_quota"}}
    scripted_openai.script([Reply(status=429, payload=body)], repeat_last=True)

    with pytest.raises(QuotaExhaustedError, match="no quota"):
        make_client().complete(user("q"))

    assert len(scripted_openai.chat_requests) == 1


def test_invalid_request_is_rejected_without_retry(scripted_openai, make_client):
    scripted_openai.script([Reply.error(400, "This model's maximum context length is 8192 tokens")], repeat_last=True)

    with pytest.raises(RequestRejectedError, match="maximum context length") as caught:
        make_client().complete(user("q"))

    assert caught.value.status_code == 400
    assert len(scripted_openai.chat_requests) == 1


# -- tool calling -----------------------------------------------------------

SEARCH = function_tool(
    "search_docs",
    "Search the library documentation.",
    {"type": "object", "properties": {"keyword": {"type": "string"}}, "required": ["keyword"]},
)


def test_tools_are_sent_and_tool_calls_come_back_parsed(scripted_openai, make_client):
    scripted_openai.script(
        [
            Reply.tool_calls(
                ("search_docs", {"keyword": "meeting"}, "call_a"),
                ("search_docs", '{"keyword": ', "call_b"),
                ("list_modules", "", "call_c"),
                ("search_docs", "[1, 2]", "call_d"),
            )
        ]
    )

    answer = make_client().complete(user("find it"), tools=[SEARCH], tool_choice="auto")

    request = scripted_openai.chat_requests[0]
    assert request.tools == [SEARCH]
    assert request.body["tool_choice"] == "auto"
    assert answer.finish_reason == "tool_calls"
    good, broken, no_arguments, not_an_object = answer.tool_calls
    assert (good.id, good.name, good.arguments, good.arguments_error) == (
        "call_a",
        "search_docs",
        {"keyword": "meeting"},
        None,
    )
    assert broken.arguments is None and "not valid JSON" in broken.arguments_error
    assert broken.arguments_text == '{"keyword": '
    assert (no_arguments.arguments, no_arguments.arguments_error) == ({}, None)
    assert not_an_object.arguments is None and "not an object" in not_an_object.arguments_error


def test_a_tool_conversation_continues_with_the_answer_and_the_results(scripted_openai, make_client):
    scripted_openai.script([Reply.tool_calls(("search_docs", {"keyword": "room"}, "call_1")), Reply.text("done")])
    client = make_client()
    messages = user("book a room")

    first = client.complete(messages, tools=[SEARCH])
    messages += [first.assistant_message(), tool_result_message(first.tool_calls[0], "find_room(...)")]
    second = client.complete(messages, tools=[SEARCH])

    sent = scripted_openai.chat_requests[1].messages
    assert sent[1] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "search_docs", "arguments": '{"keyword": "room"}'},
            }
        ],
    }
    assert sent[2] == {"role": "tool", "tool_call_id": "call_1", "content": "find_room(...)"}
    assert second.text == "done"


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'),
        (400, "registry.ollama.ai/library/gemma:2b does not support tools"),
        (500, "tools param requires --jinja flag"),
        (404, "No endpoints found that support tool use"),
    ],
    ids=["vllm", "ollama", "llama.cpp", "router"],
)
def test_endpoint_rejecting_tools_raises_a_specific_error(scripted_openai, make_client, status, message):
    scripted_openai.script([Reply.error(status, message)], repeat_last=True)

    with pytest.raises(ToolsNotSupportedError, match="tool definitions"):
        make_client().complete(user("q"), tools=[SEARCH])

    assert len(scripted_openai.chat_requests) == 1


def test_malformed_tool_conversation_is_not_taken_for_missing_tool_support(scripted_openai, make_client):
    scripted_openai.script(
        [Reply.error(400, "Invalid parameter: messages with role 'tool' must answer a tool_calls id")]
    )

    with pytest.raises(RequestRejectedError):
        make_client().complete(user("q"), tools=[SEARCH])


def test_model_known_to_take_no_tools_is_refused_before_sending(scripted_openai, make_client):
    with pytest.raises(ToolsNotSupportedError, match="tools: false"):
        make_client(model="o1-mini").complete(user("q"), tools=[SEARCH])

    assert scripted_openai.chat_requests == []


def test_custom_quirks_table_applies(scripted_openai, make_client):
    quirks = QuirksTable(entries=[{"name": MODEL, "seed": False, "system_role": "developer"}])

    make_client(quirks=quirks, seed=3).complete([{"role": "system", "content": "s"}, {"role": "user", "content": "q"}])

    request = scripted_openai.chat_requests[0]
    assert "seed" not in request.body
    assert request.messages[0]["role"] == "developer"


# -- concurrency ------------------------------------------------------------


def test_one_client_shared_by_32_threads_gets_each_thread_its_own_answer(scripted_openai, make_client):
    def echo(request: ScriptedRequest) -> Reply:
        return Reply.text(f"answer to {request.last_user_text}", usage={"prompt_tokens": 10, "completion_tokens": 5})

    scripted_openai.script(echo)
    scripted_openai.latency_s = 0.01
    client = make_client(cache=None)

    with ThreadPoolExecutor(max_workers=32) as pool:
        answers = list(pool.map(lambda n: client.complete(user(f"question {n}")), range(96)))

    assert [a.text for a in answers] == [f"answer to question {n}" for n in range(96)]
    assert len(scripted_openai.chat_requests) == 96
    assert len({a.request_hash for a in answers}) == 96


def test_threads_retrying_together_all_finish(scripted_openai, make_client):
    seen: set[str] = set()
    lock = threading.Lock()

    def first_time_busy(request: ScriptedRequest) -> Reply:
        with lock:
            first = request.last_user_text not in seen
            seen.add(request.last_user_text)
        return Reply.rate_limited(retry_after_ms="5") if first else Reply.text("ok")

    scripted_openai.script(first_time_busy)
    client = make_client(cache=None)

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda n: client.complete(user(f"q{n}")), range(24)))

    assert all(a.text == "ok" and a.attempts == 2 for a in answers)
    assert len(scripted_openai.chat_requests) == 48


def test_request_json_is_what_the_server_records(scripted_openai, make_client):
    client = make_client(seed=1)
    body = client.build_request(user("q"), tools=[SEARCH])

    client.complete(user("q"), tools=[SEARCH])

    assert json.loads(json.dumps(body)) == scripted_openai.chat_requests[0].body
