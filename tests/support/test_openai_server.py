"""The scripted server itself: routes, script handling, records, shutdown."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.error
import urllib.request

import openai
import pytest

from tests.support.openai_server import SCRIPT_EXHAUSTED_STATUS, Reply, ScriptedOpenAIServer


def post(server: ScriptedOpenAIServer, body: dict, path: str = "/chat/completions") -> tuple[int, dict, dict]:
    request = urllib.request.Request(
        server.base_url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": "Bearer k"},
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read())


CHAT = {"model": "scripted-model", "messages": [{"role": "user", "content": "one two three"}], "seed": 5}


def test_default_answer_and_word_count_usage(scripted_openai):
    status, _, body = post(scripted_openai, CHAT)

    assert status == 200
    assert body["choices"][0]["message"] == {"role": "assistant", "content": "ok"}
    assert body["usage"] == {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4}
    assert body["model"] == "scripted-model"


def test_requests_are_recorded_with_their_parts(scripted_openai):
    post(scripted_openai, {**CHAT, "tools": [{"type": "function", "function": {"name": "f"}}]})

    (request,) = scripted_openai.requests
    assert (request.model, request.seed, request.last_user_text) == ("scripted-model", 5, "one two three")
    assert request.tools[0]["function"]["name"] == "f"
    assert request.headers["authorization"] == "Bearer k"


def test_list_script_is_used_in_order_then_reports_exhaustion(scripted_openai):
    scripted_openai.script(["first", Reply.error(418, "teapot")])

    statuses = [post(scripted_openai, CHAT)[0] for _ in range(3)]

    assert statuses == [200, 418, SCRIPT_EXHAUSTED_STATUS]


def test_function_script_sees_the_request(scripted_openai):
    scripted_openai.script(lambda request: f"seed was {request.seed}")

    assert post(scripted_openai, CHAT)[2]["choices"][0]["message"]["content"] == "seed was 5"


def test_function_script_that_raises_answers_500_and_keeps_the_error(scripted_openai):
    scripted_openai.script(lambda request: 1 / 0)

    status, _, body = post(scripted_openai, CHAT)

    assert status == 500
    assert "ZeroDivisionError" in body["error"]["message"]
    assert isinstance(scripted_openai.script_errors[0], ZeroDivisionError)


def test_error_replies_carry_headers(scripted_openai):
    scripted_openai.script([Reply.rate_limited(retry_after="2", retry_after_ms="1500")])

    status, headers, body = post(scripted_openai, CHAT)

    assert status == 429
    assert (headers["Retry-After"], headers["retry-after-ms"]) == ("2", "1500")
    assert "Rate limit" in body["error"]["message"]


def test_models_route_and_unknown_routes(scripted_openai):
    client = openai.OpenAI(api_key="k", base_url=scripted_openai.base_url, max_retries=0)

    assert [model.id for model in client.models.list()] == ["scripted-model"]
    assert post(scripted_openai, CHAT, path="/completions")[0] == 404


def test_required_key_is_checked():
    with ScriptedOpenAIServer(api_key="right") as server:
        assert post(server, CHAT)[0] == 401


def test_stop_releases_a_hanging_request_at_once():
    server = ScriptedOpenAIServer([Reply.hang(60)]).start()
    client = openai.OpenAI(api_key="k", base_url=server.base_url, max_retries=0, timeout=30)

    def ask() -> None:
        # Released by stop(), the request ends with the late answer or a closed connection.
        with contextlib.suppress(openai.APIError):
            client.chat.completions.create(**CHAT)

    thread = threading.Thread(target=ask)
    thread.start()
    while not server.requests:
        time.sleep(0.01)
    started = time.monotonic()
    server.stop()
    thread.join(timeout=10)

    assert not thread.is_alive()
    assert time.monotonic() - started < 5


def test_base_url_needs_a_running_server():
    with pytest.raises(RuntimeError, match="not running"):
        _ = ScriptedOpenAIServer().base_url
