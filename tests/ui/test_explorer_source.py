"""The explorer on any results files: `make explore RESULTS=...` and the notebook's `results` parameter."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from aspera_workbench.ui.explorer import open_explorer
from aspera_workbench.ui.explorer_source import ExploreArgumentError, check_explore_args, main, results_list
from tests.ui.support import TASKS, explorer_results

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return explorer_results(tmp_path_factory.mktemp("source") / "results")


def test_the_explorer_opens_on_results_files_named_alone(results: list[Path], tmp_path: Path) -> None:
    named = ",".join(str(path) for path in results)
    explorer = open_explorer(results=named, tasks=str(TASKS), annotations_dir=None, root=ROOT, auto_world=False)
    try:
        assert len(explorer.rows.options) == 4  # two rows of each file, nothing of the parameter set's agents
    finally:
        explorer.close()


def test_results_are_a_list_or_comma_separated_text() -> None:
    assert results_list(" runs/a.jsonl, runs/b.jsonl ,") == ["runs/a.jsonl", "runs/b.jsonl"]
    assert results_list(["runs/a.jsonl"]) == ["runs/a.jsonl"] and results_list("") == [] and results_list(None) == []


def test_each_bad_argument_is_named_in_one_line(results: list[Path], tmp_path: Path) -> None:
    header_only = tmp_path / "failed.jsonl"
    header_only.write_text(results[0].read_text().splitlines()[0] + "\n")
    (tmp_path / "notes.txt").write_text("not results\n")
    cases = {
        (str(tmp_path / "missing.jsonl"), None): "RESULTS: {tmp}/missing.jsonl does not exist",
        (str(tmp_path / "notes.txt"), None): "RESULTS: {tmp}/notes.txt is not a results file",
        (str(header_only), None): "RESULTS: {tmp}/failed.jsonl holds no rows yet (a run that stopped before its first)",
        ("", str(results[0])): "PARAMS: {file} is a results file, not a parameter set: use RESULTS={file}",
    }
    for (named, params), expected in cases.items():
        with pytest.raises(ExploreArgumentError) as caught:
            check_explore_args(results=named, params=params or "params/default.yaml", root=ROOT)
        message = str(caught.value)
        assert message.startswith(expected.format(tmp=tmp_path, file=results[0])) and "\n" not in message, message
    check_explore_args(results=",".join(map(str, results)), params="params/default.yaml", root=ROOT)


def test_a_port_in_use_or_not_a_number_is_refused(tmp_path: Path) -> None:
    import socket

    with pytest.raises(ExploreArgumentError, match="PORT: 'eighty' is not a port number"):
        check_explore_args(port="eighty", root=ROOT)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ExploreArgumentError, match=f"PORT: {port} is in use on 127.0.0.1"):
            check_explore_args(port=str(port), root=ROOT)


def test_main_prints_one_line_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--results", str(tmp_path / "nothing.jsonl"), "--root", str(ROOT)]) == 2
    err = capsys.readouterr().err
    assert err == f"make explore: error: RESULTS: {tmp_path / 'nothing.jsonl'} does not exist\n"


def test_make_explore_refuses_a_results_file_given_as_params_before_any_server_starts(results: list[Path]) -> None:
    done = subprocess.run(
        ["make", "--no-print-directory", "explore", f"PARAMS={results[0]}", "RUNS=" + str(results[0].parent)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert f"make explore: error: PARAMS: {results[0]} is a results file" in done.stderr
    assert "The failure explorer:" not in done.stdout and "voila" not in done.stdout  # no server was started
