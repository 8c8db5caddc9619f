"""Take the README's screenshot of the generation widget (docs/images/generation_widget.png).

What it does: starts the test suite's scripted OpenAI-protocol server on
127.0.0.1 (it plays the model with the tasks of tests/fixtures/mini_release,
so no key and no network are needed), proposes and checks two requests in a
fresh session, serves notebooks/01_generate.ipynb with Voila, and photographs
the page in headless Chromium driven by Playwright.

Needs, besides the workbench: ``pip install voila playwright`` and a Chromium
binary (Debian: ``apt-get install -y chromium``). Run from the project root::

    .venv/bin/python docs/screenshots/generation_widget.py [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import papermill
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from aspera_workbench.generation import load_generation_params, open_generation  # noqa: E402
from tests.generation.support import MINI_RELEASE, ScriptedModel, mini_tasks  # noqa: E402
from tests.support.openai_server import ScriptedOpenAIServer  # noqa: E402
from tests.ui.browser import FLAGS  # noqa: E402

REQUESTS = [
    "Hey, [Assistant], put a 45-minute design review with Ottoline in my calendar the day after tomorrow at 2:30 PM.",
    "Hey, [Assistant], how many minutes will I spend in meetings with Brigida next week, all together?",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--out", default=str(ROOT / "docs" / "images" / "generation_widget.png"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    mini = list(mini_tasks().values())
    model = ScriptedModel({REQUESTS[0]: mini[0], REQUESTS[1]: mini[1]}, batches=[REQUESTS])
    work = Path(tempfile.mkdtemp(prefix="aspera-screenshot-"))
    os.environ["OPENAI_API_KEY"] = "unused"  # the scripted server takes any key
    with ScriptedOpenAIServer(model) as server:
        settings = {
            "model": "scripted-model",
            "base_url": server.base_url,
            "out": str(work / "generated"),
            "session": str(work / "session.jsonl"),
            "cache_dir": str(work / "cache"),
            "examples_from": str(MINI_RELEASE),
            "examples": 1,
            "rounds": [{"tasks": 2}],
            "per_request": 2,
            "mutants": 4,
            "rewrites": 1,
        }
        (work / "generate.yaml").write_text(yaml.safe_dump(settings))
        with open_generation(load_generation_params(work / "generate.yaml"), ROOT) as flow:
            for candidate in flow.propose(2, "meetings with one colleague"):
                flow.prepare(candidate.id)
        notebook = work / "01_generate.ipynb"
        papermill.execute_notebook(
            str(ROOT / "notebooks" / "01_generate.ipynb"),
            str(notebook),
            parameters={"params_file": str(work / "generate.yaml"), "figures_dir": str(work / "figures")},
            prepare_only=True,
        )
        port = free_port()
        voila = subprocess.Popen(
            [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1"],
            cwd=work,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=args.chromium, args=FLAGS)
                page = browser.new_page(viewport={"width": 1200, "height": 1150}, device_scale_factor=1)
                deadline = time.monotonic() + 60
                while True:
                    try:
                        page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
                        break
                    except Exception:  # the server is still starting
                        if time.monotonic() > deadline:
                            raise
                        time.sleep(1)
                page.wait_for_selector("text=Check my edits", timeout=120_000)
                page.wait_for_selector("text=passes every check", timeout=60_000)
                page.fill("input[placeholder^='optional']", "conditional on availability")
                page.wait_for_timeout(1000)
                widget = page.locator(".widget-vbox").first
                Path(args.out).parent.mkdir(parents=True, exist_ok=True)
                widget.screenshot(path=args.out)
                browser.close()
        finally:
            os.killpg(voila.pid, signal.SIGTERM)
            voila.wait(timeout=30)
    shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
