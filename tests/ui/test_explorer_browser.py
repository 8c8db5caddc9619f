"""The failure explorer in a real browser: Voila serves notebook 06 on 127.0.0.1, Playwright drives Chromium (tests/ui/browser.py).

Needs Debian's ``chromium`` (``make test`` installs it when missing) and the
``voila`` and ``playwright`` packages; the browser is never downloaded. The
test fails, rather than skips, when any of them is missing. It also takes the
README's screenshot, ``docs/images/explorer.png``, which ``make screenshots``
keeps (``ASPERA_UPDATE_SCREENSHOTS=1``); other runs leave the checkout as it was.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import papermill
import pytest

from tests.ui.browser import FLAGS, ROOT, chromium, free_port, keep_screenshot, serving
from tests.ui.support import TASKS, explorer_results


def voila(notebook: Path, port: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        f"--port={port}",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
    ]


def prepared_explorer(work: Path, parameters: dict) -> Path:
    notebook = work / "06_failure_explorer.ipynb"
    papermill.execute_notebook(
        str(ROOT / "notebooks" / "06_failure_explorer.ipynb"), str(notebook), parameters=parameters, prepare_only=True
    )
    return notebook


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """One Voila server for the module, on 127.0.0.1, serving the explorer over two small results files."""
    work = tmp_path_factory.mktemp("voila")
    reference, model = explorer_results(work / "results")
    params = work / "explore.yaml"
    params.write_text(
        f"name: explore\ntasks: {TASKS}\nagents: []\nresults_dir: {work / 'results'}\n"
        f"results:\n  reference: {reference}\n  model-a: {model}\n"
    )
    labels = work / "labels"
    notebook = prepared_explorer(
        work, {"params_file": str(params), "annotations": str(labels), "annotator": "ann", "root": str(work)}
    )
    port = free_port()
    with serving(voila(notebook, port), port, work, work / "voila.log"):
        yield f"http://127.0.0.1:{port}/", labels


def test_filter_select_and_label_in_the_browser(served: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    url, labels = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1500}, device_scale_factor=1)
            page.goto(url, timeout=180_000)
            rows = page.locator(".aspera-rows select option")
            expect(rows).to_have_count(4, timeout=180_000)

            # Choosing an outcome changes the listed tasks.
            page.locator(".aspera-filter-outcome select").select_option(label="execution_error")
            expect(rows).to_have_count(1)
            expect(rows.first).to_contain_text("task 1029")
            page.locator(".aspera-filter-outcome select").select_option(label="task_completion_error")
            expect(rows).to_have_count(1)
            expect(rows.first).to_contain_text("task 1018")
            page.locator(".aspera-filter-outcome select").select_option(label="any")
            expect(rows).to_have_count(4)

            # Selecting a row shows its program beside the reference (rows: by system, then task).
            page.locator(".aspera-rows select").select_option(label=rows.nth(1).inner_text())
            expect(page.locator(".aspera-programs")).to_contain_text("find_boss")
            page.locator(".aspera-rows select").select_option(label=rows.nth(0).inner_text())
            programs = page.locator(".aspera-programs")
            expect(programs).to_contain_text("find_events(attendees=[fenella])")
            expect(programs).to_contain_text("find_events(attendees=[fenella, ruairi])")
            expect(page.locator(".aspera-world")).to_contain_text("differs from the reference", timeout=60_000)

            # Saving a label adds one line to the annotator's file.
            page.locator(".aspera-verdict button", has_text="correct").click()
            page.locator(".aspera-category select").select_option(label="wrong effect or answer")
            page.locator(".aspera-note textarea").fill("cancels the meeting with Fenella alone")
            page.locator("button.aspera-save").click()
            expect(page.locator(".aspera-label-status")).to_contain_text("saved", timeout=30_000)
            lines = (labels / "ann.jsonl").read_text().splitlines()
            assert len(lines) == 1 and '"task_id": "1018"' in lines[0] and '"verdict": "correct"' in lines[0]
            expect(rows.nth(0)).to_contain_text("✓")

            shot = tmp_path / "explorer.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 10_000  # a rendered page, not a blank one
            keep_screenshot(shot, "explorer.png")
        finally:
            browser.close()


def test_an_error_while_opening_is_shown_on_the_page(tmp_path: Path) -> None:
    # make explore checks its arguments first; a file that goes bad after that is reported on the page.
    from playwright.sync_api import expect, sync_playwright

    notes = tmp_path / "notes.jsonl"
    notes.write_text("not a results file\n")
    notebook = prepared_explorer(tmp_path, {"results": str(notes), "tasks": str(TASKS), "root": str(ROOT)})
    port = free_port()
    with serving(voila(notebook, port), port, tmp_path, tmp_path / "voila.log"), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
            notice = page.locator(".aspera-error")
            expect(notice).to_contain_text("The failure explorer could not open", timeout=180_000)
            expect(notice).to_contain_text(f"{notes} is not a results file of this workbench")
        finally:
            browser.close()
