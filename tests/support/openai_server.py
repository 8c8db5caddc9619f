"""A scripted HTTP server speaking the OpenAI chat-completions protocol, for tests.

The server listens on 127.0.0.1 on a free port and answers ``POST /v1/chat/completions``
from a *script*: either a list of replies, used one per request in order, or a function
mapping each request to a reply. It records every request it receives, so a test can
check what the client sent (messages, tools, seed, headers) and how often.

Replies can be ordinary answers (text, tool calls, chosen usage numbers) or faults: an
HTTP error with any status and headers (429 with ``Retry-After``, 500, 401, 404...), a
response that arrives only after a delay (longer than the client's timeout, it is a hang),
a body that is not JSON, an answer without choices, or a connection closed without any
response. ``GET /v1/models`` lists the served model names.

Typical use, through the ``scripted_openai`` fixture of ``tests/conftest.py``::

    def test_something(scripted_openai):
        scripted_openai.script([Reply.rate_limited(retry_after="0"), Reply.text("hello")])
        ... point a client at scripted_openai.base_url ...
        assert len(scripted_openai.requests) == 2
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SCRIPT_EXHAUSTED_STATUS = 599
"""Status returned when a list script has no reply left (no real server uses it)."""


@dataclass(frozen=True)
class ScriptedRequest:
    """One request as the server received it.

    Attributes:
        method: ``GET`` or ``POST``.
        path: The request path, e.g. ``/v1/chat/completions``.
        headers: Request headers, names in lower case.
        body: The decoded JSON body (``None`` for a GET or a body that is not JSON).
        index: Position of this request among all requests the server received (from 0).
    """

    method: str
    path: str
    headers: Mapping[str, str]
    body: Any
    index: int

    @property
    def model(self) -> str | None:
        """The requested model name."""
        return self._field("model")

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The chat messages of the request (empty if there are none)."""
        return self._field("messages") or []

    @property
    def tools(self) -> list[dict[str, Any]] | None:
        """The tool definitions of the request, if it carried any."""
        return self._field("tools")

    @property
    def seed(self) -> int | None:
        """The sampling seed of the request, if it carried one."""
        return self._field("seed")

    @property
    def last_user_text(self) -> str:
        """Content of the last user message (``""`` if there is none)."""
        for message in reversed(self.messages):
            if message.get("role") == "user" and isinstance(message.get("content"), str):
                return message["content"]
        return ""

    def _field(self, name: str) -> Any:
        return self.body.get(name) if isinstance(self.body, dict) else None


@dataclass(frozen=True)
class Reply:
    """What the server does with one request.

    Build replies with the class methods (:meth:`text`, :meth:`tool_calls`,
    :meth:`rate_limited`, :meth:`hang`...) rather than by hand.

    Attributes:
        status: HTTP status of the response.
        payload: JSON body to send (ignored if ``raw_body`` is set).
        raw_body: Bytes sent as they are, for bodies that are not valid JSON.
        headers: Extra response headers.
        delay_s: Seconds to wait before answering (on top of the server's latency).
        drop: Close the connection without sending any response.
    """

    status: int = 200
    payload: Any = None
    raw_body: bytes | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    drop: bool = False

    @classmethod
    def text(
        cls,
        content: str | None,
        *,
        finish_reason: str = "stop",
        usage: Mapping[str, int] | None = None,
        model: str | None = None,
        reasoning: str | None = None,
        reasoning_field: str = "reasoning_content",
    ) -> Reply:
        """An assistant answer with this content.

        Args:
            content: The message content (``None`` or ``""`` for an empty answer).
            finish_reason: The choice's finish reason.
            usage: Token counts (``prompt_tokens``, ``completion_tokens``, optionally
                ``total_tokens``); by default they are counted from the words of the
                request and the answer.
            model: Model name reported in the answer (default: the requested one).
            reasoning: Thinking sent beside the content, in the field ``reasoning_field``
                (``reasoning_content`` as vLLM's reasoning parsers send it, or ``reasoning``).
        """
        message = {"role": "assistant", "content": content}
        if reasoning is not None:
            message[reasoning_field] = reasoning
        return cls(payload=_AnswerTemplate(message, finish_reason, usage, model))

    @classmethod
    def tool_calls(
        cls,
        *calls: tuple[str, str | Mapping[str, Any]] | tuple[str, str | Mapping[str, Any], str],
        content: str | None = None,
        usage: Mapping[str, int] | None = None,
    ) -> Reply:
        """An assistant answer that calls tools.

        Args:
            calls: ``(name, arguments)`` or ``(name, arguments, call_id)``; arguments given
                as a mapping are encoded as JSON, a string is sent as it is (so a test
                can send malformed arguments).
            content: Optional text sent alongside the calls.
            usage: Token counts, as for :meth:`text`.
        """
        encoded = []
        for number, call in enumerate(calls):
            name, arguments = call[0], call[1]
            call_id = call[2] if len(call) > 2 else f"call_{number}"
            text = arguments if isinstance(arguments, str) else json.dumps(arguments)
            encoded.append({"id": call_id, "type": "function", "function": {"name": name, "arguments": text}})
        message = {"role": "assistant", "content": content, "tool_calls": encoded}
        return cls(payload=_AnswerTemplate(message, "tool_calls", usage, None))

    @classmethod
    def error(cls, status: int, message: str = "scripted error", *, headers: Mapping[str, str] | None = None) -> Reply:
        """An HTTP error with an OpenAI-style error body.

        Args:
            status: HTTP status (400, 401, 403, 404, 429, 500, 503...).
            message: The error message in the body.
            headers: Extra response headers.
        """
        body = {"error": {"message": message, "type": "scripted", "param": None, "code": None}}
        return cls(status=status, payload=body, headers=dict(headers or {}))

    @classmethod
    def rate_limited(cls, retry_after: str | None = None, *, retry_after_ms: str | None = None) -> Reply:
        """A 429 answer, optionally with ``Retry-After`` (seconds or an HTTP date) and ``retry-after-ms``."""
        headers = {}
        if retry_after is not None:
            headers["Retry-After"] = retry_after
        if retry_after_ms is not None:
            headers["retry-after-ms"] = retry_after_ms
        return cls.error(429, "Rate limit reached (scripted)", headers=headers)

    @classmethod
    def server_error(cls, status: int = 500) -> Reply:
        """A 5xx answer."""
        return cls.error(status, "The server had an error (scripted)")

    @classmethod
    def unauthorized(cls) -> Reply:
        """A 401 answer, as for a wrong API key."""
        return cls.error(401, "Incorrect API key provided (scripted)")

    @classmethod
    def not_found(cls, model: str = "the requested model") -> Reply:
        """A 404 answer, as for an unknown model."""
        return cls.error(404, f"The model `{model}` does not exist (scripted)")

    @classmethod
    def hang(cls, seconds: float) -> Reply:
        """A text answer that arrives only after ``seconds`` (a hang if longer than the client's timeout)."""
        return replace(cls.text("late answer"), delay_s=seconds)

    @classmethod
    def malformed(cls) -> Reply:
        """A 200 answer whose body is cut off in the middle of the JSON."""
        return cls(raw_body=b'{"id": "chatcmpl-broken", "object": "chat.completion", "choices": [{"ind')

    @classmethod
    def no_choices(cls) -> Reply:
        """A 200 answer with an empty ``choices`` list."""
        return cls(payload={"id": "chatcmpl-empty", "object": "chat.completion", "created": 0, "choices": []})

    @classmethod
    def dropped(cls) -> Reply:
        """The connection is closed before any response is sent."""
        return cls(drop=True)

    def with_delay(self, seconds: float) -> Reply:
        """This reply, sent after ``seconds`` of extra latency."""
        return replace(self, delay_s=seconds)


@dataclass(frozen=True)
class _AnswerTemplate:
    """A chat completion filled in with the request's details when it is sent."""

    message: Mapping[str, Any]
    finish_reason: str
    usage: Mapping[str, int] | None
    model: str | None

    def render(self, request: ScriptedRequest) -> dict[str, Any]:
        usage = dict(self.usage) if self.usage is not None else _count_usage(request, self.message)
        usage.setdefault("total_tokens", usage.get("prompt_tokens", 0) + usage.get("completion_tokens", 0))
        return {
            "id": f"chatcmpl-scripted-{request.index}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.model or request.model or "scripted",
            "choices": [{"index": 0, "message": dict(self.message), "finish_reason": self.finish_reason}],
            "usage": usage,
        }


def _count_usage(request: ScriptedRequest, message: Mapping[str, Any]) -> dict[str, int]:
    """Deterministic token counts: one token per whitespace-separated word."""
    prompt = sum(len(str(m.get("content") or "").split()) for m in request.messages)
    answer = len(str(message.get("content") or "").split())
    for call in message.get("tool_calls") or []:
        answer += len(call["function"]["arguments"].split())
    return {"prompt_tokens": prompt, "completion_tokens": answer}


Script = Sequence["Reply | str"] | Callable[[ScriptedRequest], "Reply | str"]


class ScriptedOpenAIServer:
    """A threaded HTTP server on 127.0.0.1 answering chat-completion requests from a script.

    Args:
        script: Initial script (see :meth:`script`); by default every request gets the
            text answer ``"ok"``.
        latency_s: Seconds added before every answer (for benchmarks).
        models: Names listed by ``GET /v1/models``.
        api_key: If given, requests without ``Authorization: Bearer <api_key>`` get a 401.

    Use it as a context manager, or call :meth:`start` and :meth:`stop`.
    """

    def __init__(
        self,
        script: Script | None = None,
        *,
        latency_s: float = 0.0,
        models: Iterable[str] = ("scripted-model",),
        api_key: str | None = None,
    ) -> None:
        self.latency_s = latency_s
        self.models = list(models)
        self.api_key = api_key
        self._lock = threading.Lock()
        self._requests: list[ScriptedRequest] = []
        self.script_errors: list[Exception] = []
        """Exceptions raised by a function script (each answered with HTTP 500)."""
        self._stopping = threading.Event()
        self._script: Script = ["ok"]
        self._position = 0
        self._repeat_last = True
        self.script(script if script is not None else ["ok"], repeat_last=script is None)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- script and records -------------------------------------------------

    def script(self, script: Script, *, repeat_last: bool = False) -> None:
        """Replace the script and start it from its beginning.

        Args:
            script: A list of replies (a string is a text answer), used one per request in
                order, or a function receiving the :class:`ScriptedRequest` and returning
                the reply; the function is called from the server's threads, concurrently.
            repeat_last: With a list, answer every request after the end with the last
                reply; otherwise such requests get status 599 and a message saying the
                script is exhausted, which no client retries into success.
        """
        with self._lock:
            self._script = script if callable(script) else list(script)
            self._position = 0
            self._repeat_last = repeat_last

    @property
    def requests(self) -> list[ScriptedRequest]:
        """Every request received so far, in arrival order (a copy)."""
        with self._lock:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[ScriptedRequest]:
        """The chat-completion requests received so far."""
        return [r for r in self.requests if r.path == "/v1/chat/completions"]

    def clear_requests(self) -> None:
        """Forget the recorded requests (the script position is kept)."""
        with self._lock:
            self._requests.clear()

    @property
    def base_url(self) -> str:
        """The base URL to give a client, ending in ``/v1``."""
        if self._server is None:
            raise RuntimeError("the scripted server is not running; call start() first")
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    # -- lifecycle ----------------------------------------------------------

    def start(self) -> ScriptedOpenAIServer:
        """Start serving on a free port of 127.0.0.1 in a background thread."""
        handler = type("_BoundHandler", (_Handler,), {"owner": self})
        self._stopping.clear()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="scripted-openai", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; requests still waiting on a delay are released at once."""
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> ScriptedOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- used by the handler ------------------------------------------------

    def _record(self, method: str, path: str, headers: Mapping[str, str], body: Any) -> ScriptedRequest:
        with self._lock:
            request = ScriptedRequest(method, path, dict(headers), body, len(self._requests))
            self._requests.append(request)
            return request

    def _reply_for(self, request: ScriptedRequest) -> Reply:
        with self._lock:
            script = self._script
            if not callable(script):
                if self._position < len(script):
                    chosen = script[self._position]
                    self._position += 1
                elif self._repeat_last and script:
                    chosen = script[-1]
                else:
                    return Reply.error(SCRIPT_EXHAUSTED_STATUS, f"script exhausted after {len(script)} replies")
        if callable(script):
            try:
                chosen = script(request)
            except Exception as error:
                # A broken script must show up as such, not as a dropped connection.
                with self._lock:
                    self.script_errors.append(error)
                return Reply.error(500, f"the script raised {type(error).__name__}: {error}")
        return Reply.text(chosen) if isinstance(chosen, str) else chosen

    def _wait(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


class _Handler(BaseHTTPRequestHandler):
    owner: ScriptedOpenAIServer
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; without TCP_NODELAY the second waits
    # for the client's delayed acknowledgement (about 40 ms per request on Linux).
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output quiet."""

    def do_GET(self) -> None:
        request = self.owner._record("GET", self.path, self._headers(), None)
        if self._refused_key():
            return
        if self.path.rstrip("/") == "/v1/models":
            data = [{"id": name, "object": "model", "created": 0, "owned_by": "scripted"} for name in self.owner.models]
            self._send(200, json.dumps({"object": "list", "data": data}).encode(), {})
        else:
            self._send_reply(Reply.error(404, f"no route {request.path}"), request)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            body = None
        request = self.owner._record("POST", self.path, self._headers(), body)
        if self._refused_key():
            return
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send_reply(Reply.error(404, f"no route {self.path}"), request)
            return
        self._send_reply(self.owner._reply_for(request), request)

    def _headers(self) -> dict[str, str]:
        return {name.lower(): value for name, value in self.headers.items()}

    def _refused_key(self) -> bool:
        expected = self.owner.api_key
        if expected is None or self.headers.get("Authorization") == f"Bearer {expected}":
            return False
        self._send_reply(Reply.unauthorized(), None)
        return True

    def _send_reply(self, reply: Reply, request: ScriptedRequest | None) -> None:
        self.owner._wait(self.owner.latency_s + reply.delay_s)
        if reply.drop:
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if reply.raw_body is not None:
            body = reply.raw_body
        else:
            payload = reply.payload
            if isinstance(payload, _AnswerTemplate):
                assert request is not None
                payload = payload.render(request)
            body = json.dumps(payload).encode()
        self._send(reply.status, body, reply.headers)

    def _send(self, status: int, body: bytes, headers: Mapping[str, str]) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (its timeout fired during a delay): nothing to answer.
            self.close_connection = True


def main(argv: Sequence[str] | None = None) -> None:
    """Serve from the command line until interrupted (every request gets the same text answer).

    ``python -m tests.support.openai_server [--latency S] [--answer TEXT]`` prints the base
    URL on its first line, so benchmarks and manual checks can run the server in its own
    process (it then does not compete with the client for the interpreter lock).
    """
    import argparse
    import sys

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before every answer")
    parser.add_argument("--answer", default="def solve():\n    return None", help="text of every answer")
    args = parser.parse_args(argv)
    with ScriptedOpenAIServer([Reply.text(args.answer)], latency_s=args.latency) as server:
        server.script([Reply.text(args.answer)], repeat_last=True)
        print(server.base_url, flush=True)
        try:
            sys.stdin.read()  # serve until stdin closes (the parent exits) or Ctrl-C
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
