"""The explorer's checked-verdict filter and reasons in a real browser: served by Voila, and run in JupyterLab.

Chromium is Debian's (tests/ui/browser.py); the results are the replayed programs of tests/support/checked_runs.py
(a side effect, two successes, an over-inclusive answer) beside a copy written before the checked verdict existed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.support.checked_runs import checked_run, without_checked_fields, write_task_set
from tests.ui.browser import FLAGS, chromium, free_port, serving
from tests.ui.test_explorer_browser import prepared_explorer, voila


@pytest.fixture(scope="module")
def notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Notebook 06 with its parameters set to explore the two results files on the hand-made tasks."""
    work = tmp_path_factory.mktemp("explorer-checked")
    tasks = write_task_set(work / "tasks")
    checked = checked_run(work)
    older = without_checked_fields(checked, work / "older.jsonl", model="older")
    params = work / "explore.yaml"
    params.write_text(
        f"name: explore\ntasks: {tasks}\nagents: []\nresults_dir: {work / 'results'}\n"
        f"results:\n  checked: {checked}\n  older: {older}\n"
    )
    return prepared_explorer(work, {"params_file": str(params), "annotations": str(work / "labels"), "root": str(work)})


def use_the_checked_filter(page, shot: Path) -> None:  # noqa: ANN001 - a Playwright page
    from playwright.sync_api import expect

    rows = page.locator(".aspera-rows select option")
    expect(rows).to_have_count(8, timeout=180_000)
    expect(page.locator(".aspera-notice")).to_have_text("")  # the results are of the task set shown
    checked = page.locator(".aspera-filter-checked select")
    checked.select_option(label="side_effect")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("task 9101")
    expect(rows.first).to_contain_text("success (checked: side_effect)")
    query = page.locator(".aspera-query")
    expect(query).to_contain_text("checked verdict: side_effect")
    expect(query).to_contain_text("side_effect: pair 1: added 2 occurrence(s) to user_calendar")
    expect(query).to_contain_text("'Lunch'")
    page.screenshot(path=str(shot), full_page=True)
    checked.select_option(label="unknown")  # the older file's rows
    expect(rows).to_have_count(4)
    expect(query).to_contain_text("checked verdict: unknown")
    checked.select_option(label="any")
    expect(rows).to_have_count(8)


def test_the_checked_filter_and_reasons_in_voila(notebook: Path, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    with serving(voila(notebook, port), port, notebook.parent, tmp_path / "voila.log"), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1500}, device_scale_factor=1)
            page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
            use_the_checked_filter(page, tmp_path / "voila.png")
        finally:
            browser.close()


def test_the_checked_filter_and_reasons_in_jupyterlab(notebook: Path, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    port = free_port()
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.port={port}"]
    command += ["--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.port_retries=0"]
    command += [f"--ServerApp.root_dir={notebook.parent}", "--LabApp.news_url=", "--LabApp.check_for_updates_class="]
    command += ["--ServerApp.disable_check_xsrf=True", "--LabServerApp.workspaces_dir=" + str(tmp_path / "ws")]
    if os.geteuid() == 0:
        command.append("--allow-root")
    with serving(command, port, notebook.parent, tmp_path / "lab.log"), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 4000}, device_scale_factor=1)
            page.goto(f"http://127.0.0.1:{port}/lab/tree/{notebook.name}?reset", timeout=180_000)
            page.locator(".jp-Notebook").wait_for(timeout=180_000)
            expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=180_000)  # the kernel is up
            # Run every cell with the live kernel, as a person would from the Run menu.
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            use_the_checked_filter(page, tmp_path / "jupyterlab.png")
        finally:
            browser.close()
