"""A flag, a parameter file and a generation parameter say the same thing about the same bad value (one model)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_workbench.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
MINI_RELEASE = str(ROOT / "tests" / "fixtures" / "mini_release")


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err.strip()


@pytest.mark.parametrize(
    ("value", "in_yaml", "problem"),
    [
        ("-1", "-1", "Input should be greater than or equal to 0, got "),
        ("nan", ".nan", "Input should be a finite number, got "),
        ("hot", "hot", "Input should be a valid number"),
    ],
)
def test_a_bad_temperature_is_refused_in_the_same_words_everywhere(
    value: str, in_yaml: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.jsonl"
    run = ["run", "--tasks", MINI_RELEASE, "--agent", "cck", "--model", "m", "--temperature", value, "--out", str(out)]
    assert main(run) == 2
    assert f"argument --temperature: {problem}" in _one_line_error(capsys)
    agents = f"agents=[reference, {{agent: cck, options: {{model: m, temperature: {in_yaml}}}}}]"
    assert main(["pipeline", str(ROOT / "params" / "mini.yaml"), "-p", agents]) == 2
    assert f"agents.1.options.temperature: {problem}" in _one_line_error(capsys)
    generate = ["generate", "--params", str(ROOT / "params" / "generate.yaml"), "-p", f"temperature={in_yaml}"]
    assert main(generate) == 2
    assert f"temperature: {problem}" in _one_line_error(capsys)
    assert not out.exists() and not (tmp_path / "prompts").exists()


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (["pipeline", str(ROOT / "params" / "mini.yaml"), "-p", "figures_dri=x"], "(did you mean 'figures_dir'?)"),
        (
            ["pipeline", str(ROOT / "params" / "mini.yaml"), "-p", "agents=[{agent: cck, options: {modle: m}}]"],
            "unknown key 'agents.0.options.modle' (did you mean 'model'?)",
        ),
        (["generate", "--params", str(ROOT / "params" / "generate.yaml"), "-p", "modle=m"], "(did you mean 'model'?)"),
    ],
)
def test_a_misspelt_key_exits_2_naming_the_file_and_the_key_it_meant(
    command: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(command) == 2
    err = _one_line_error(capsys)
    assert expected in err and ".yaml" in err


def test_aspera_run_names_the_flag_an_agent_needs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    assert main(["run", "--tasks", MINI_RELEASE, "--agent", "replay", "--out", str(out)]) == 2
    assert _one_line_error(capsys).endswith("error: the replay agent needs --replay")
    assert (
        main(
            ["run", "--tasks", MINI_RELEASE, "--agent", "mutant", "--mutation-kinds", "drop_actoin", "--out", str(out)]
        )
        == 2
    )
    assert "argument --mutation-kinds: unknown mutation kind 'drop_actoin' (did you mean 'drop_action'?)" in (
        _one_line_error(capsys)
    )


def test_a_seed_given_twice_is_refused_by_the_flag_and_by_the_parameter_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.jsonl"
    assert main(["run", "--tasks", MINI_RELEASE, "--agent", "mutant", "--seeds", "1", "2", "1", "--out", str(out)]) == 2
    assert "argument --seeds: seed 1 is given twice; give each seed once" in _one_line_error(capsys)
    agents = "agents=[{agent: mutant, seeds: [1, 2, 1]}]"
    assert main(["pipeline", str(ROOT / "params" / "mini.yaml"), "-p", agents]) == 2
    assert "agents.0.seeds: seed 1 is given twice; give each seed once" in _one_line_error(capsys)
    assert not out.exists()
