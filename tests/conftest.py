"""Fixtures available to every test folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.openai_server import ScriptedOpenAIServer


@pytest.fixture
def scripted_openai() -> Iterator[ScriptedOpenAIServer]:
    """A scripted OpenAI chat-completions server on 127.0.0.1, running for one test.

    Every request gets the answer ``"ok"`` until the test sets a script with
    ``scripted_openai.script([...])``; point clients at ``scripted_openai.base_url``.
    """
    with ScriptedOpenAIServer() as server:
        yield server
