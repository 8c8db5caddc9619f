"""``inspect view`` opens a log of ``aspera_workbench/asper_bench`` in a real browser: the samples are the tasks.

inspect's viewer is served on 127.0.0.1 and stopped by its process group;
Playwright drives Debian's Chromium (never a downloaded browser), as the
explorer's browser test does. The test fails, rather than skips, when Chromium
is missing.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from inspect_ai import eval as inspect_eval

from aspera_workbench.inspect_bridge.task import asper_bench
from tests.inspect.support import embedded_tasks
from tests.inspect.test_mockllm_eval import NOOP, RAISES, REFERENCE, scripted_model
from tests.ui.browser import FLAGS, chromium, free_port


def test_inspect_view_lists_the_tasks_and_shows_why_a_program_failed(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    logs = tmp_path / "logs"
    inspect_eval(
        asper_bench(ids=f"{REFERENCE},{NOOP},{RAISES}", workers=2),
        model=scripted_model(),
        log_dir=str(logs),
        display="none",
    )
    queries = {task.query_id: task.query for task in embedded_tasks()}
    port = free_port()
    output = (tmp_path / "view.log").open("w")
    viewer = subprocess.Popen(
        [str(Path(sys.executable).parent / "inspect"), "view", "--log-dir", str(logs), "--host", "127.0.0.1",
         "--port", str(port)],
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert viewer.poll() is None, (tmp_path / "view.log").read_text()
                assert time.monotonic() < deadline, "inspect view did not start within 120 s"
                time.sleep(0.5)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
                # The only log opens at once; its sample list shows every task with its query and score.
                expect(page.get_by_text("3 Samples", exact=True)).to_be_visible(timeout=120_000)
                for task_id, score in ((REFERENCE, "C"), (NOOP, "I"), (RAISES, "I")):
                    row = page.get_by_role("row").filter(has=page.get_by_role("gridcell", name=task_id, exact=True))
                    expect(row).to_have_count(1)
                    expect(row.get_by_role("gridcell", name=queries[task_id], exact=True)).to_be_visible()
                    expect(row.get_by_role("gridcell", name=score, exact=True)).to_be_visible()

                # A failed sample shows the sandbox's verdict: the outcome and the error.
                page.get_by_text(queries[RAISES]).first.click()
                page.get_by_text("Scoring", exact=True).first.click()
                expect(page.get_by_text("execution_error: ValueError: scripted failure").first).to_be_visible(
                    timeout=60_000
                )
                shot = tmp_path / "view.png"
                page.screenshot(path=str(shot), full_page=True)
                assert shot.stat().st_size > 10_000  # a rendered page, not a blank one
            finally:
                browser.close()
    finally:
        os.killpg(viewer.pid, signal.SIGTERM)
        try:
            viewer.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(viewer.pid, signal.SIGKILL)
            viewer.wait()
        output.close()
