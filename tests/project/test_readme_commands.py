"""Every command of the README runs as written.

Each ``bash`` block of the README is run by bash in a copy of the project's
layout (parameters and a link to each task set; outputs stay in a temporary
folder). Commands that need a model talk to the scripted OpenAI-compatible
server on 127.0.0.1: the local-server block's address is replaced by the
server's, and the hosted block's ``aspera run`` gets ``--base-url`` added,
since no hosted endpoint is reachable offline. Commands that install, run the
whole suite or start a server (``make setup``, ``make test``, ``make lab``,
``make explore``) are checked by a dry run (``make -n``); the explorer's
arguments are also checked for real, on the results the hosted block wrote.
A command the README gains without a check here fails the first test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from aspera_core.records import read_rows
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
BIN = Path(sys.executable).parent
LOCAL_SERVER = "http://127.0.0.1:11434/v1"

#: The README's commands, block by block, and how each block is checked.
CHECKED = {
    ("make setup reproduce", "make test"): "dry run",
    (". .venv/bin/activate",): "activate",
    (
        "export OPENAI_API_KEY=sk-...",
        "aspera run --tasks data/aspera_workbench_v1 --agent cck --model gpt-4o-mini --out runs/gpt-4o-mini-cck.jsonl",
        "aspera summary runs/gpt-4o-mini-cck.jsonl --tasks data/aspera_workbench_v1",
    ): "hosted model",
    (
        "OPENAI_API_KEY=unused aspera run --tasks data/aspera_workbench_v1 --agent ps "
        f"--model llama3.1:8b --base-url {LOCAL_SERVER} --out runs/llama-ps.jsonl",
        "aspera summary runs/llama-ps.jsonl --tasks data/aspera_workbench_v1",
    ): "local model",
    (
        "inspect eval aspera_workbench/asper_bench --model openai/gpt-4o-mini -T setting=cck --limit 5",
        "aspera import-inspect logs/*.eval --out runs/inspect-gpt-4o-mini-cck.jsonl",
    ): "inspect",
    ("make lab", "make explore", "make explore RESULTS=runs/gpt-4o-mini-cck.jsonl"): "dry run",
    (
        "aspera audit --tasks data/aspera_workbench_v1 --limit 10 --out runs/audit-10.json --subset-out runs/audited-10.json",
    ): "audit",
    ("aspera generate --params params/generate.yaml -p model=gpt-4o-mini -p max_cost_usd=2",): "generate",
}


def readme_blocks() -> list[tuple[str, ...]]:
    """The commands of each ``bash`` block: continued lines joined, comments and blank lines left out."""
    blocks = []
    for block in re.findall(r"```bash\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL):
        joined = re.sub(r"\\\n\s*", "", block)
        commands = [re.sub(r"\s+#\s.*$", "", line).strip() for line in joined.splitlines()]
        blocks.append(tuple(" ".join(command.split()) for command in commands if command))
    return blocks


def blocks(kind: str) -> list[tuple[str, ...]]:
    return [commands for commands, checked in CHECKED.items() if checked == kind]


def block(kind: str) -> tuple[str, ...]:
    (only,) = blocks(kind)
    return only


def test_every_readme_command_is_checked_here() -> None:
    assert readme_blocks() == list(CHECKED)


def test_the_readme_stays_short() -> None:
    assert len(README.read_bytes()) <= 12_500


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's layout in a temporary folder: its parameters, and a link to each of its data files."""
    folder = tmp_path_factory.mktemp("project")
    shutil.copy(ROOT / "pyproject.toml", folder)
    shutil.copytree(ROOT / "params", folder / "params")
    (folder / "data").mkdir()
    for entry in (ROOT / "data").iterdir():
        (folder / "data" / entry.name).symlink_to(entry)
    return folder


def bash(commands: tuple[str, ...], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run commands one after another in one bash, as a person types them; stop at the first failure."""
    script = "set -e\n" + "\n".join(commands)
    environment = {name: value for name, value in os.environ.items() if name != "OPENAI_API_KEY"}
    environment.update(PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}", **env)
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=environment, capture_output=True, text=True, timeout=900)


def answer(request: ScriptedRequest) -> Reply:
    """A model that selects one primitive per module it is shown and writes a program that does nothing."""
    text = str(request.messages[0]["content"])
    if text.startswith("You are choosing tools") and "# work_calendar.py" in text:
        return Reply.text("```python\nfrom work_calendar import find_events\n```")
    return Reply.text("```python\ndef solve():\n    return None\n```")


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedOpenAIServer]:
    with ScriptedOpenAIServer() as running:
        running.script(answer)
        yield running


@pytest.fixture(scope="module")
def model_runs(project: Path, server: ScriptedOpenAIServer, tmp_path_factory: pytest.TempPathFactory) -> dict:
    cache = str(tmp_path_factory.mktemp("cache"))
    hosted = tuple(
        f"{command} --base-url {server.base_url}" if command.startswith("aspera run") else command
        for command in block("hosted model")
    )
    local = tuple(command.replace(LOCAL_SERVER, server.base_url) for command in block("local model"))
    return {
        "hosted": bash(hosted, project, ASPERA_LLM_CACHE=cache),
        "local": bash(local, project, ASPERA_LLM_CACHE=cache),
    }


def test_the_setup_and_test_commands_and_the_servers_make_would_start() -> None:
    for commands in blocks("dry run"):
        for command in commands:
            done = subprocess.run(["make", "-n", *command.split()[1:]], cwd=ROOT, capture_output=True, text=True)
            assert done.returncode == 0, f"{command}: {done.stderr}"
            assert done.stdout.strip(), command


def test_activating_finds_the_aspera_command() -> None:
    done = subprocess.run(
        ["bash", "-c", f"{block('activate')[0]} && command -v aspera"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).resolve() == (ROOT / ".venv" / "bin" / "aspera").resolve()


def test_a_hosted_model_is_run_and_summarised(project: Path, model_runs: dict) -> None:
    done = model_runs["hosted"]
    assert done.returncode == 0, done.stderr
    rows = read_rows(project / "runs" / "gpt-4o-mini-cck.jsonl")
    assert len(rows) == 84 and {row.model for row in rows} == {"gpt-4o-mini"}
    assert "judged programs            84" in done.stdout


def test_a_local_model_is_run_and_its_selection_summarised(project: Path, model_runs: dict) -> None:
    done = model_runs["local"]
    assert done.returncode == 0, done.stderr
    assert len(read_rows(project / "runs" / "llama-ps.jsonl")) == 84
    assert "primitive selection: mean precision" in done.stdout and "over 84 programs with a selection" in done.stdout


def test_the_explorer_accepts_the_results_the_readme_wrote(project: Path, model_runs: dict) -> None:
    assert model_runs["hosted"].returncode == 0
    command = next(c for commands in blocks("dry run") for c in commands if "RESULTS=" in c)
    results = command.split("RESULTS=")[1]
    done = subprocess.run(
        [sys.executable, "-m", "aspera_workbench.ui.explorer_source", "--results", results, "--root", str(project)],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"{command}: {done.stderr}"


def test_the_inspect_commands_run_as_written(project: Path, server: ScriptedOpenAIServer) -> None:
    # The hosted provider is pointed at the scripted server (inspect's openai provider, chat completions).
    commands = tuple(
        f"{command} --model-base-url {server.base_url} -M responses_api=false"
        if command.startswith("inspect eval")
        else command
        for command in block("inspect")
    )
    done = bash(commands, project, OPENAI_API_KEY="test", INSPECT_LOG_DIR=str(project / "logs"))
    assert done.returncode == 0, done.stderr[-3000:]
    rows = read_rows(project / "runs" / "inspect-gpt-4o-mini-cck.jsonl")
    assert len(rows) == 5 and {row.setting for row in rows} == {"cck"}


def test_the_audit_runs_as_written(project: Path) -> None:
    done = bash(block("audit"), project)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (project / "runs" / "audit-10.json").is_file()
    assert json.loads((project / "runs" / "audited-10.json").read_text())["audited"][:1] == ["1001"]


def test_generation_runs_as_written(project: Path, server: ScriptedOpenAIServer, tmp_path: Path) -> None:
    # The scripted model answers with no request a task could be made of: the session runs to its end.
    (command,) = block("generate")
    done = bash(
        (f"{command} -p base_url={server.base_url}",), project, OPENAI_API_KEY="test", ASPERA_LLM_CACHE=str(tmp_path)
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "model calls in this session" in done.stdout
    assert (project / "runs" / "generate" / "session.jsonl").is_file()


def test_every_link_of_the_readme_and_its_guides_leads_to_a_file() -> None:
    pages = [README, *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (page.parent / target).exists(), f"{page.relative_to(ROOT)} links to {target}, which is missing"
