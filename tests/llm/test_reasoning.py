"""A reasoning model's thinking is kept apart from its answer, and a prompt the endpoint cut is seen."""

from __future__ import annotations

import pytest

from aspera_workbench.llm import prompt_cut, prompt_size, split_reasoning
from tests.llm.conftest import MakeClient, user
from tests.support.openai_server import Reply, ScriptedOpenAIServer

DRAFT = "```python\ndef draft():\n    return 'wrong'\n```"
FINAL = "```python\ndef solve():\n    return 'right'\n```"


@pytest.mark.parametrize(
    ("content", "answer", "reasoning"),
    [
        (f"<think>\nFirst try:\n{DRAFT}\nNo, better:\n</think>\n\n{FINAL}", FINAL, f"First try:\n{DRAFT}\nNo, better:"),
        (f"<reasoning>{DRAFT}</reasoning>\n{FINAL}", FINAL, DRAFT),
        (f"<Thinking>\n{DRAFT}\n</THINKING>\n{FINAL}", FINAL, DRAFT),
        # the chat template opened the block in the prompt: only its end is in the answer
        (f"Let me draft.\n{DRAFT}\n</think>\n{FINAL}", FINAL, f"Let me draft.\n{DRAFT}"),
        # cut off while thinking: no answer at all
        (f"<think>\nLet me draft.\n{DRAFT}\nHmm", "", f"Let me draft.\n{DRAFT}\nHmm"),
        # a model told not to think still writes an empty block
        (f"<think>\n\n</think>\n\n{FINAL}", FINAL, None),
        (
            f"Two thoughts.\n<think>a</think>\nmiddle\n<think>b</think>\n{FINAL}",
            f"Two thoughts.\n\nmiddle\n\n{FINAL}",
            "a\n\nb",
        ),
    ],
)
def test_thinking_is_taken_out_of_the_answer(content: str, answer: str, reasoning: str | None) -> None:
    assert split_reasoning(content) == (answer, reasoning)


@pytest.mark.parametrize(
    "content",
    [
        FINAL,
        "Here it is.\n```python\ndef solve():\n    return '<think>'\n```",
        "I will not use a <think> tag here.\n" + FINAL,  # an opening tag inside a line opens nothing
        "",
    ],
)
def test_an_answer_without_thinking_is_left_byte_for_byte(content: str) -> None:
    assert split_reasoning(content) == (content, None)


@pytest.mark.parametrize("field", ["reasoning_content", "reasoning"])
def test_the_client_keeps_thinking_sent_beside_the_content_or_inside_it_apart(
    field: str, make_client: MakeClient, scripted_openai: ScriptedOpenAIServer
) -> None:
    scripted_openai.script(
        [
            Reply.text(FINAL, reasoning=f"Drafting.\n{DRAFT}", reasoning_field=field),
            Reply.text(f"<think>{DRAFT}</think>{FINAL}", reasoning="Beside.", reasoning_field=field),
            Reply.text(f"<think>\nStill drafting\n{DRAFT}", finish_reason="length"),
        ]
    )
    client = make_client(cache=None)
    beside = client.complete(user("one"))
    both = client.complete(user("two"))
    cut = client.complete(user("three"))
    assert (beside.text, beside.reasoning) == (FINAL, f"Drafting.\n{DRAFT}")
    assert (both.text, both.reasoning) == (FINAL, f"Beside.\n\n{DRAFT}")
    assert (cut.text, cut.reasoning, cut.cut_off) == ("", f"Still drafting\n{DRAFT}", True)
    assert not beside.cut_off
    # The next turn of a conversation carries the answer, not the thinking.
    assert both.assistant_message() == {"role": "assistant", "content": FINAL}


def test_a_cached_answer_is_split_as_a_fresh_one(
    make_client: MakeClient, scripted_openai: ScriptedOpenAIServer
) -> None:
    scripted_openai.script([Reply.text(f"<think>{DRAFT}</think>{FINAL}", finish_reason="length")])
    client = make_client()
    fresh = client.complete(user("hello"))
    again = client.complete(user("hello"))
    assert again.cached and len(scripted_openai.chat_requests) == 1
    assert (again.text, again.reasoning, again.cut_off) == (fresh.text, fresh.reasoning, True) == (FINAL, DRAFT, True)


def test_the_prompt_size_bounds_its_tokens_from_below() -> None:
    messages = [
        {"role": "system", "content": "You write   Python.\n"},
        {"role": "user", "content": [{"type": "text", "text": "def f(): pass"}, {"type": "image_url"}]},
    ]
    assert prompt_size(messages) == (len("You write   Python.\n") + len("def f(): pass"), 6)
    assert prompt_cut(6, 5) and not prompt_cut(6, 6) and not prompt_cut(6, 100)
    # no count, or a count of 0 (some servers said 0 for a prompt they had cached), is no evidence
    assert not prompt_cut(6, None) and not prompt_cut(6, 0)


def test_an_answer_to_a_cut_prompt_is_flagged_and_not_cached(
    make_client: MakeClient, scripted_openai: ScriptedOpenAIServer
) -> None:
    long_prompt = user("word " * 5000)
    scripted_openai.script(
        [
            Reply.text(FINAL, usage={"prompt_tokens": 4096, "completion_tokens": 9}),
            Reply.text(FINAL),  # the default counts: one token per word, the whole prompt
        ]
    )
    client = make_client()
    cut = client.complete(long_prompt)
    assert (cut.prompt_chars, cut.prompt_words, cut.prompt_cut) == (25000, 5000, True)
    whole = client.complete(long_prompt)  # asked again, not answered from the cache
    assert len(scripted_openai.chat_requests) == 2 and not whole.cached and not whole.prompt_cut
    assert client.complete(long_prompt).cached
