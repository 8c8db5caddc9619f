"""The on-disk answer cache: keys, reuse through the client, atomic writes."""

from __future__ import annotations

import json
import multiprocessing
import os

import pytest

from aspera_workbench.llm import CACHE_DIR_ENV, Budget, ResponseCache, default_cache_dir, request_key
from aspera_workbench.llm.cache import CacheWriteWarning
from tests.support.openai_server import Reply

from .conftest import user

BODY = {"model": "m", "messages": [{"role": "user", "content": "q"}], "temperature": 0.0, "seed": 0}


# -- keys -------------------------------------------------------------------


def test_key_ignores_dict_order_and_trailing_slash():
    reordered = {"seed": 0, "temperature": 0.0, "messages": [{"content": "q", "role": "user"}], "model": "m"}

    assert request_key("http://h/v1", BODY) == request_key("http://h/v1/", reordered)


@pytest.mark.parametrize(
    "change",
    [
        {"model": "other"},
        {"messages": [{"role": "user", "content": "q "}]},
        {"seed": 1},
        {"temperature": 0.7},
        {"tools": [{"type": "function", "function": {"name": "f"}}]},
        {"max_tokens": 10},
    ],
    ids=["model", "messages", "seed", "temperature", "tools", "max_tokens"],
)
def test_key_changes_with_every_part_of_the_request(change):
    assert request_key("http://h/v1", BODY) != request_key("http://h/v1", {**BODY, **change})


def test_key_changes_with_the_endpoint():
    assert request_key("http://localhost:8000/v1", BODY) != request_key("http://localhost:11434/v1", BODY)


def test_default_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "here"))
    assert default_cache_dir() == tmp_path / "here"

    monkeypatch.delenv(CACHE_DIR_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "aspera" / "llm"


# -- storage ----------------------------------------------------------------


def test_put_then_get_round_trips_and_leaves_no_temporary_file(tmp_path):
    cache = ResponseCache(tmp_path)
    key = request_key("http://h/v1", BODY)

    path = cache.put(key, {"response": {"choices": []}})

    assert cache.get(key)["response"] == {"choices": []}
    assert path == tmp_path / key[:2] / f"{key}.json"
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    assert len(cache) == 1


def test_damaged_or_foreign_entries_count_as_missing(tmp_path):
    cache = ResponseCache(tmp_path)
    key = "a" * 64
    cache.path_for(key).parent.mkdir(parents=True)

    cache.path_for(key).write_text('{"format": 1, "key": "aaaa', encoding="utf-8")
    assert cache.get(key) is None
    cache.path_for(key).write_text(json.dumps({"format": 1, "key": "b" * 64}), encoding="utf-8")
    assert cache.get(key) is None


def test_clear_removes_entries_and_nothing_else(tmp_path):
    cache = ResponseCache(tmp_path)
    for n in range(3):
        cache.put(request_key("http://h/v1", {**BODY, "seed": n}), {"response": {}})
    notes = tmp_path / "notes.txt"
    notes.write_text("mine", encoding="utf-8")

    assert cache.clear() == 3
    assert len(cache) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def _write_many(directory: str, key: str, writer: int) -> int:
    cache = ResponseCache(directory)
    torn = 0
    for n in range(100):
        cache.put(key, {"writer": writer, "n": n, "padding": "x" * 20_000})
        entry = cache.get(key)
        torn += entry is None or len(entry["padding"]) != 20_000
    return torn


def test_processes_writing_the_same_entry_never_leave_a_torn_file(tmp_path):
    key = "c" * 64
    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with context.Pool(3) as pool:
        torn = pool.starmap(_write_many, [(str(tmp_path), key, writer) for writer in range(3)])

    assert torn == [0, 0, 0]
    assert ResponseCache(tmp_path).get(key)["writer"] in {0, 1, 2}
    assert list(tmp_path.glob("*/.*.tmp")) == []


# -- through the client -----------------------------------------------------


def test_second_identical_request_sends_nothing_and_spends_nothing(scripted_openai, make_client, tmp_path):
    scripted_openai.script([Reply.text("first", usage={"prompt_tokens": 1000, "completion_tokens": 0})])
    client = make_client(seed=0)

    fresh = client.complete(user("q"))
    again = client.complete(user("q"))

    assert len(scripted_openai.chat_requests) == 1
    assert (again.text, again.cached, again.attempts) == ("first", True, 0)
    assert again.request_hash == fresh.request_hash
    assert again.cost_usd == fresh.cost_usd == pytest.approx(0.001)
    assert again.spent_usd == 0.0


def test_cache_is_shared_by_clients_and_survives_them(scripted_openai, make_client, tmp_path):
    make_client(seed=0).complete(user("q"))

    later = make_client(seed=0, cache=ResponseCache(tmp_path / "cache")).complete(user("q"))

    assert later.cached
    assert len(scripted_openai.chat_requests) == 1


def test_another_seed_or_message_is_sent(scripted_openai, make_client):
    client = make_client(seed=0)

    client.complete(user("q"))
    client.complete(user("q"), seed=1)
    client.complete(user("q2"))

    assert [r.seed for r in scripted_openai.chat_requests] == [0, 1, 0]


def test_failed_requests_are_not_cached(scripted_openai, make_client):
    from aspera_workbench.llm import RequestRejectedError

    scripted_openai.script([Reply.error(400, "bad"), Reply.text("good")])
    client = make_client()

    with pytest.raises(RequestRejectedError):
        client.complete(user("q"))
    assert client.complete(user("q")).text == "good"
    assert len(scripted_openai.chat_requests) == 2


def test_damaged_entry_is_asked_again_and_replaced(scripted_openai, make_client, tmp_path):
    client = make_client()
    first = client.complete(user("q"))
    client.cache.path_for(first.request_hash).write_text(
        json.dumps({"format": 1, "key": first.request_hash, "response": {"choices": []}}), encoding="utf-8"
    )

    again = client.complete(user("q"))

    assert not again.cached
    assert len(scripted_openai.chat_requests) == 2
    assert client.complete(user("q")).cached


def test_cache_entry_keeps_the_settings_and_the_raw_answer(scripted_openai, make_client):
    client = make_client(seed=4)
    answer = client.complete(user("what is stored"))

    entry = client.cache.get(answer.request_hash)

    assert entry["settings"] == {"model": "scripted-model", "temperature": 0.0, "seed": 4}
    assert entry["response"]["choices"][0]["message"]["content"] == "ok"
    assert (entry["model"], entry["base_url"], entry["attempts"]) == ("scripted-model", scripted_openai.base_url, 1)


def test_without_a_cache_every_request_is_sent(scripted_openai, make_client):
    client = make_client(cache=None)

    client.complete(user("q"))
    second = client.complete(user("q"))

    assert not second.cached
    assert len(scripted_openai.chat_requests) == 2


# -- a folder that cannot hold the cache ------------------------------------


@pytest.mark.parametrize("where", ["file", "inside a file"])
def test_a_cache_where_a_file_stands_is_refused_before_any_request(tmp_path, where):
    # Found only when the first answer was written, it ended the run after the answer was paid for.
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine\n")
    directory = blocker if where == "file" else blocker / "cache"

    with pytest.raises(NotADirectoryError) as caught:
        ResponseCache(directory)

    assert caught.value.filename == str(blocker)
    assert "not a folder" in caught.value.strerror
    assert blocker.read_text() == "mine\n"


@pytest.mark.parametrize("where", ["the cache", "above it"])
def test_a_cache_through_a_link_to_nothing_is_refused_before_any_request(tmp_path, where):
    # mkdir(parents=True) followed the link and made the cache wherever it pointed.
    link = tmp_path / "link"
    link.symlink_to("gone")

    with pytest.raises(FileNotFoundError) as caught:
        ResponseCache(link if where == "the cache" else link / "llm")

    assert caught.value.filename == str(link)
    assert caught.value.strerror == "is a symbolic link to gone, which does not exist"
    assert sorted(os.listdir(tmp_path)) == ["link"]


class FullDiskCache(ResponseCache):
    """A cache on a disk with no space left: every write fails as the file system makes it fail."""

    def put(self, key, entry):
        raise OSError(28, "No space left on device")


def test_an_answer_that_cannot_be_cached_is_still_returned_counted_and_warned_of_once(
    scripted_openai, make_client, tmp_path
):
    # A full disk under the cache ended the run ("agent cck failed on task ...: OSError(28, ...)",
    # exit status 1) after the answer was paid for, and left its cost out of the spending limit.
    scripted_openai.script([Reply.text("one", usage={"prompt_tokens": 1000, "completion_tokens": 0})] * 2)
    budget = Budget(max_cost_usd=1.0)
    client = make_client(cache=FullDiskCache(tmp_path / "cache"), budget=budget)

    with pytest.warns(CacheWriteWarning) as caught:
        first = client.complete(user("q1"))
        second = client.complete(user("q2"))

    assert (first.text, second.text, first.cached) == ("one", "one", False)
    assert budget.spent_usd == pytest.approx(0.002)  # both answers count against the limit
    assert len(caught) == 1
    message = str(caught[0].message)
    assert str(tmp_path / "cache") in message and "No space left on device" in message
