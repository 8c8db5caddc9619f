"""What the browser tests share: Debian's Chromium, a free port, and a server started and stopped with its children.

The browser is never downloaded: ``make test`` installs Debian's ``chromium``
when it is missing, and a test fails, rather than skips, without it.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str:
    found = os.environ.get("ASPERA_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "Chromium is missing: `make test` installs it (apt-get install chromium)"
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(command: Sequence[str], port: int, cwd: Path, log: Path, timeout_s: float = 90) -> Iterator[None]:
    """Run a server until the block ends; wait until it accepts connections on ``port``."""
    with log.open("w") as output:
        server = subprocess.Popen(
            list(command), cwd=cwd, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            deadline = time.monotonic() + timeout_s
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert server.poll() is None, log.read_text()
                    assert time.monotonic() < deadline, f"the server did not start within {timeout_s:g} s"
                    time.sleep(0.5)
            yield
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # its kernels are in the same process group
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def keep_screenshot(shot: Path, name: str) -> None:
    """Replace the README's copy of a screenshot, only under ``make screenshots`` (ASPERA_UPDATE_SCREENSHOTS=1).

    Fonts and timings differ between machines, and a test run should leave the checkout as it was.
    """
    if os.environ.get("ASPERA_UPDATE_SCREENSHOTS") != "1":
        return
    target = IMAGES / name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shot, target.with_suffix(".png.tmp"))
    os.replace(target.with_suffix(".png.tmp"), target)
