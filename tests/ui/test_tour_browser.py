"""The tour's code as a person sees it: left-aligned in JupyterLab itself, in Voila and in nbconvert's HTML.

JupyterLab's and nbconvert's stylesheets right-align table cells, and the
programs are shown as tables of lines: every line of the reference program
was pushed to the right, hiding Python's indentation. Each page is opened in
Debian's Chromium, and the computed alignment of a code line is checked, as
is where its text starts. The JupyterLab page is the README's screenshot
(``docs/images/tour_jupyterlab.png``, kept by ``make screenshots``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import papermill
import pytest

from tests.ui.browser import FLAGS, ROOT, chromium, free_port, keep_screenshot, serving

#: Each indented code line: its computed alignment, its leading spaces, and where its first character
#: is drawn, measured from the cell's left padding, in widths of that (monospace) character.
MEASURE = """() => {
  const cells = [...document.querySelectorAll('table.aspera-code td, table.aspera-diff td')]
    .filter(cell => getComputedStyle(cell).whiteSpace === 'pre' && /^ +\\S/.test(cell.textContent));
  return cells.map(cell => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let node, at = -1;
    while ((node = walker.nextNode()) && (at = node.data.search(/\\S/)) < 0) {}
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    const glyph = range.getBoundingClientRect(), box = cell.getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(cell).paddingLeft);
    return {
      align: getComputedStyle(cell).textAlign,
      spaces: cell.textContent.search(/\\S/),
      indent: (glyph.left - box.left - padding) / glyph.width,
      text: cell.textContent,
    };
  });
}"""


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tour notebook, run as `aspera pipeline` runs notebooks (papermill), in a folder of its own."""
    work = tmp_path_factory.mktemp("tour")
    notebook = work / "00_tour.ipynb"
    papermill.execute_notebook(
        str(ROOT / "notebooks" / "00_tour.ipynb"),
        str(notebook),
        parameters={"root": str(ROOT)},
        kernel_name="python3",
        progress_bar=False,
    )
    return notebook


def indented_lines() -> set[str]:
    """The indented lines of the programs the tour shows (task 1018: its reference and first wrong program)."""
    from aspera_workbench.ui.tour import open_tour

    with open_tour(ROOT / "data" / "aspera_workbench_v1", "1018") as tour:
        programs = [tour.task.program, tour.wrong[0].program]
    return {line for program in programs for line in program.splitlines() if line.startswith(" ") and line.strip()}


def assert_left_aligned(page, where: str) -> None:
    # The tour shows three programs (reference, evaluation, the wrong one beside the reference);
    # JupyterLab draws cells one after another, so wait for all three.
    page.wait_for_function(
        "document.querySelectorAll('table.aspera-code, table.aspera-diff').length >= 3", timeout=180_000
    )
    lines = page.evaluate(MEASURE)
    assert len(lines) >= 3, f"{where}: too few indented code lines found ({len(lines)})"
    # Every indented line is on the page with its indentation (none collapsed on the way there).
    missing = indented_lines() - {line["text"] for line in lines}
    assert not missing, f"{where}: lines not shown with their indentation: {sorted(missing)[:3]}"
    for line in lines:
        assert line["align"] in ("left", "start"), f"{where}: {line['text']!r} is aligned {line['align']}"
        # Its first character is drawn as many character widths in as it has leading spaces:
        # neither pushed right (right-aligned) nor pulled left (its indentation collapsed).
        assert abs(line["indent"] - line["spaces"]) < 0.5, (
            f"{where}: {line['text']!r} has {line['spaces']} leading spaces but starts {line['indent']:.1f} characters in"
        )


def browser_page(playwright, width: int = 1280, height: int = 900):
    browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
    return browser, browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)


def test_code_is_left_aligned_in_jupyterlab(executed: Path, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.port={port}"]
    command += ["--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.port_retries=0"]
    command += [f"--ServerApp.root_dir={executed.parent}", "--LabApp.news_url=", "--LabApp.check_for_updates_class="]
    command += ["--ServerApp.disable_check_xsrf=True", "--LabServerApp.workspaces_dir=" + str(tmp_path / "ws")]
    if os.geteuid() == 0:
        command.append("--allow-root")
    with serving(command, port, executed.parent, tmp_path / "lab.log"), sync_playwright() as playwright:
        browser, page = browser_page(playwright)
        try:
            # Tall enough for every cell to be drawn (JupyterLab draws only the cells in view).
            page.set_viewport_size({"width": 1280, "height": 12_000})
            page.goto(f"http://127.0.0.1:{port}/lab/tree/{executed.name}?reset", timeout=180_000)
            assert_left_aligned(page, "JupyterLab")
            page.set_viewport_size({"width": 1280, "height": 900})
            # The README's picture: the reference program in view, without the file browser or a news prompt.
            news = page.get_by_role("button", name="No", exact=True)
            if news.count():
                news.first.click()
            page.keyboard.press("Control+b")
            page.locator("table.aspera-code").first.scroll_into_view_if_needed()
            page.mouse.wheel(0, -160)
            page.wait_for_timeout(500)
            shot = tmp_path / "tour_jupyterlab.png"
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
            keep_screenshot(shot, "tour_jupyterlab.png")
        finally:
            browser.close()


def test_code_is_left_aligned_in_nbconvert_html(executed: Path) -> None:
    from playwright.sync_api import sync_playwright

    subprocess.run(
        [sys.executable, "-m", "nbconvert", "--to", "html", str(executed)], check=True, capture_output=True, timeout=120
    )
    with sync_playwright() as playwright:
        browser, page = browser_page(playwright)
        try:
            page.goto(executed.with_suffix(".html").as_uri())
            assert_left_aligned(page, "nbconvert HTML")
        finally:
            browser.close()


def test_code_is_left_aligned_in_voila(executed: Path, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    command = [sys.executable, "-m", "voila", str(executed), f"--port={port}", "--no-browser"]
    command += ["--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    with serving(command, port, tmp_path, tmp_path / "voila.log"), sync_playwright() as playwright:
        browser, page = browser_page(playwright)
        try:
            page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
            assert_left_aligned(page, "Voila")
        finally:
            browser.close()
