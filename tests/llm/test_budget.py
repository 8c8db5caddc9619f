"""Spend tracking and the dollar limit shared by a run's calls."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from aspera_workbench.llm import Budget, BudgetExceededError, PriceUnknownError, RetryPolicy
from tests.support.openai_server import Reply, ScriptedRequest

from .conftest import user

# 1000 prompt tokens at $1/M + 500 completion tokens at $2/M = $0.002 per answer.
USAGE = {"prompt_tokens": 1000, "completion_tokens": 500}
COST = 0.002


def priced(request: ScriptedRequest) -> Reply:
    return Reply.text(f"re {request.last_user_text}", usage=USAGE)


def test_limit_refuses_requests_once_reached(scripted_openai, make_client):
    scripted_openai.script(priced)
    budget = Budget(max_cost_usd=2.5 * COST)
    client = make_client(budget=budget)

    for n in range(3):
        client.complete(user(f"q{n}"))
    with pytest.raises(BudgetExceededError, match="spend limit reached") as caught:
        client.complete(user("q3"))

    assert len(scripted_openai.chat_requests) == 3
    assert caught.value.spent_usd == pytest.approx(3 * COST)
    assert caught.value.max_cost_usd == pytest.approx(2.5 * COST)
    report = budget.report()
    assert report.exhausted
    assert (report.requests_answered, report.prompt_tokens, report.completion_tokens) == (3, 3000, 1500)
    assert report.cost_usd == pytest.approx(3 * COST)


def test_cached_answers_are_served_after_the_limit_and_counted_apart(scripted_openai, make_client):
    scripted_openai.script(priced)
    make_client(budget=Budget()).complete(user("q"))
    budget = Budget(max_cost_usd=0.0)

    answer = make_client(budget=budget).complete(user("q"))

    assert answer.cached
    report = budget.report()
    assert (report.cache_hits, report.requests_answered, report.cost_usd) == (1, 0, 0.0)
    assert report.cached_cost_usd == pytest.approx(COST)
    assert report.prompt_tokens == 0


def test_failures_and_retries_are_counted(scripted_openai, make_client):
    from aspera_workbench.llm import RetriesExhaustedError

    scripted_openai.script(
        [Reply.server_error(), Reply.text("ok", usage=USAGE), Reply.server_error()], repeat_last=True
    )
    budget = Budget()
    client = make_client(budget=budget, retry=RetryPolicy(max_attempts=2, initial_backoff_s=0.001))

    client.complete(user("a"))
    with pytest.raises(RetriesExhaustedError):
        client.complete(user("b"))

    report = budget.report()
    assert (report.requests_answered, report.requests_failed, report.attempts) == (1, 1, 4)
    assert "2 model calls: 1 answered, 0 from cache, 1 failed (4 requests sent)" in report.describe()


def test_overshoot_is_bounded_by_the_calls_in_flight(scripted_openai, make_client):
    scripted_openai.script(priced)
    scripted_openai.latency_s = 0.05
    budget = Budget(max_cost_usd=5 * COST)
    client = make_client(budget=budget, cache=None)

    def ask(n: int) -> str:
        try:
            return client.complete(user(f"q{n}")).text
        except BudgetExceededError:
            return "refused"

    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = list(pool.map(ask, range(40)))

    answered = sum(outcome != "refused" for outcome in outcomes)
    assert 5 <= answered <= 5 + 8
    assert outcomes.count("refused") == 40 - answered
    assert budget.report().requests_answered == answered == len(scripted_openai.chat_requests)
    assert budget.spent_usd == pytest.approx(answered * COST)


def test_unpriced_model_cannot_run_under_a_limit(make_client):
    with pytest.raises(PriceUnknownError, match="cannot be enforced"):
        make_client(model="my-local-model", budget=Budget(max_cost_usd=1.0))


def test_unpriced_answers_are_counted_without_a_limit(make_client):
    budget = Budget()

    make_client(model="my-local-model", budget=budget).complete(user("q"))

    report = budget.report()
    assert (report.requests_answered, report.unpriced_answers, report.cost_usd) == (1, 1, 0.0)
    # "$0.00 spent on 1 answered call (1 answer of unknown cost not included)" said nothing true about the spend
    assert "spend unknown: 1 answered call, none of known cost" in report.describe()
    assert "$0.00" not in report.describe()


def no_usage(request: ScriptedRequest) -> Reply:
    message = {"role": "assistant", "content": f"re {request.last_user_text}"}
    return Reply(payload={"choices": [{"message": message, "finish_reason": "stop"}]})


def test_a_limit_stops_once_an_answer_of_unknown_cost_arrives(scripted_openai, make_client):
    # An endpoint that reports no token usage leaves the dollars spent unknown: counting such answers
    # as free would let a run under --max-cost spend without any bound.
    scripted_openai.script(no_usage)
    budget = Budget(max_cost_usd=1.0)
    client = make_client(budget=budget)

    answer = client.complete(user("q0"))  # what has been paid for is kept
    with pytest.raises(PriceUnknownError, match="cannot be enforced") as caught:
        client.complete(user("q1"))

    assert answer.text == "re q0" and answer.cost_usd is None
    assert "no token usage" in str(caught.value)
    assert len(scripted_openai.chat_requests) == 1
    report = budget.report()
    assert (report.requests_answered, report.unpriced_answers) == (1, 1)


def test_cached_answers_of_unknown_cost_do_not_stop_a_limited_run(scripted_openai, make_client):
    scripted_openai.script(no_usage)
    make_client(budget=Budget()).complete(user("q"))
    budget = Budget(max_cost_usd=1.0)
    client = make_client(budget=budget)

    assert client.complete(user("q")).cached  # spends nothing now
    scripted_openai.script(priced)
    assert client.complete(user("another")).cost_usd == pytest.approx(COST)


def test_negative_limit_is_refused():
    with pytest.raises(ValueError, match="max_cost_usd"):
        Budget(max_cost_usd=-1)


def test_the_refusal_and_the_report_say_which_calls_their_spend_covers(scripted_openai, make_client):
    # The stop line (from the refusal) and the model-use line (the report, later) gave two
    # "spent" figures without saying that the second includes calls that were in flight.
    import threading

    slow_arrived, release = threading.Event(), threading.Event()

    def script(request: ScriptedRequest) -> Reply:
        if request.last_user_text == "slow":
            slow_arrived.set()
            release.wait(5)
        return Reply.text("ok", usage={"prompt_tokens": 2000, "completion_tokens": 1000})  # $0.004

    scripted_openai.script(script)
    budget = Budget(max_cost_usd=0.003)
    client = make_client(budget=budget, cache=None)
    with ThreadPoolExecutor(max_workers=1) as pool:
        slow = pool.submit(client.complete, user("slow"))
        assert slow_arrived.wait(5)
        client.complete(user("fast"))  # crosses the limit while "slow" is in flight
        with pytest.raises(BudgetExceededError) as caught:
            client.complete(user("refused"))
        assert "1 in flight" in budget.report().describe()
        release.set()
        slow.result()

    assert "$0.004000 spent on 1 answered call of $0.003000 allowed; 1 more in flight" in str(caught.value)
    final = budget.report()
    assert final.in_flight == 0
    assert "$0.008000 spent on 2 answered calls of $0.003000 allowed" in final.describe()


def test_the_report_says_how_many_answers_had_no_token_counts(scripted_openai, make_client):
    scripted_openai.script([Reply.text("a", usage=USAGE), no_usage(ScriptedRequest("POST", "/", {}, {}, 0))])
    budget = Budget()
    client = make_client(budget=budget)

    client.complete(user("q0"))
    client.complete(user("q1"))

    report = budget.report()
    assert (report.prompt_tokens, report.answers_without_usage) == (1000, 1)
    assert "1000 prompt + 500 completion tokens of 1 of 2 answered calls (1 without token counts)" in report.describe()
