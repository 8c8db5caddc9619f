"""The quirks and prices files: matching, costs, and the files shipped with the project."""

from __future__ import annotations

import pytest

from aspera_workbench.llm import DEFAULT_PRICES_PATH, DEFAULT_QUIRKS_PATH, Price, PriceTable, QuirksTable


@pytest.fixture(scope="module")
def quirks() -> QuirksTable:
    return QuirksTable.load(DEFAULT_QUIRKS_PATH)


@pytest.fixture(scope="module")
def prices() -> PriceTable:
    return PriceTable.load(DEFAULT_PRICES_PATH)


@pytest.mark.parametrize("model", ["o1-preview", "o1-preview-2024-09-12", "o1-mini"])
def test_first_reasoning_models_take_no_temperature_system_role_or_tools(quirks, model):
    q = quirks.for_model(model)

    assert (q.temperature, q.system_role, q.max_tokens_param, q.tools) == (
        False,
        "user",
        "max_completion_tokens",
        False,
    )


@pytest.mark.parametrize("model", ["o1", "o3-mini", "o4-mini-2025-04-16", "gpt-5", "gpt-5-mini"])
def test_later_reasoning_models_take_developer_messages_and_tools(quirks, model):
    q = quirks.for_model(model)

    assert (q.temperature, q.system_role, q.max_tokens_param, q.tools) == (
        False,
        "developer",
        "max_completion_tokens",
        True,
    )


@pytest.mark.parametrize("model", ["gpt-4o", "gpt-4o-mini", "llama3.1:8b", "Qwen/Qwen2.5-Coder-7B-Instruct", "o1x"])
def test_other_models_get_the_default(quirks, model):
    assert quirks.for_model(model) == quirks.default
    assert quirks.default.temperature and quirks.default.system_role == "system"


def test_exact_name_entry_before_a_pattern_wins():
    table = QuirksTable(
        entries=[{"name": "o1-special", "temperature": True}, {"pattern": "o1.*", "temperature": False}]
    )

    assert table.for_model("o1-special").temperature
    assert not table.for_model("o1-other").temperature


def test_price_formula_with_and_without_cached_prompt_tokens():
    price = Price(input=2.0, output=8.0, cached_input=0.5)

    assert price.cost(1_000_000, 0) == pytest.approx(2.0)
    assert price.cost(1000, 500) == pytest.approx(0.002 + 0.004)
    assert price.cost(1000, 500, cached_prompt_tokens=400) == pytest.approx(600 * 2e-6 + 400 * 0.5e-6 + 0.004)
    assert Price(input=2.0, output=8.0).cost(1000, 0, cached_prompt_tokens=400) == pytest.approx(0.002)


def test_shipped_prices_distinguish_snapshots_and_know_nothing_of_local_models(prices):
    assert prices.for_model("gpt-4o") == prices.for_model("gpt-4o-2024-08-06")
    assert prices.for_model("gpt-4o-2024-05-13").input > prices.for_model("gpt-4o").input
    assert prices.for_model("gpt-4o-2099-01-01") is None
    assert prices.for_model("llama3.1:8b") is None
    assert "llama3.1:8b" in prices.missing_note("llama3.1:8b")


def test_every_paper_era_openai_model_has_a_price(prices):
    for model in ["gpt-4o", "gpt-4o-mini", "o1-preview", "o1"]:
        price = prices.for_model(model)
        assert price is not None and price.input > 0 and price.output >= price.input, model


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("models:\n  - input: 1\n    output: 2\n", "models\\[0\\].*exactly one of 'name'"),
        ("models:\n  - name: a\n    pattern: b\n    input: 1\n    output: 2\n", "exactly one of"),
        ("models:\n  - name: a\n    input: -1\n    output: 2\n", "models\\[0\\]: input"),
        ("models:\n  - pattern: '(('\n    input: 1\n    output: 2\n", "not a valid regular expression"),
        ("modles: []\n", "unknown top-level key"),
        ("models: {a: 1}\n", "must be a list"),
        ("- 1\n", "mapping at the top level"),
        ("models: [\n", "not valid YAML"),
    ],
)
def test_bad_prices_file_names_the_file_and_entry(tmp_path, text, problem):
    path = tmp_path / "prices.yaml"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(ValueError, match=problem) as caught:
        PriceTable.load(path)

    assert str(path) in str(caught.value)


def test_bad_quirks_entry_names_the_file_and_entry(tmp_path):
    path = tmp_path / "models.yaml"
    path.write_text("models:\n  - name: a\n    system_role: narrator\n", encoding="utf-8")

    with pytest.raises(ValueError, match="models\\[0\\]: system_role") as caught:
        QuirksTable.load(path)

    assert str(path) in str(caught.value)


def test_missing_file_is_reported(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such file"):
        QuirksTable.load(tmp_path / "absent.yaml")
