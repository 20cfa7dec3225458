"""The real server in a subprocess and Debian's Chromium driven by Playwright (no download).

Every test here skips, saying why, when /usr/bin/chromium or Playwright is missing; with
DOWDING_REQUIRE_BROWSER=1 (CI) it fails instead, as a skip would hide a gap.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("DOWDING_CHROMIUM", "/usr/bin/chromium"))  # Debian's package
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-component-update",
    "--no-first-run",
]

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover
    sync_playwright = None  # type: ignore[assignment]


def _skip_or_fail(reason: str) -> None:
    if os.environ.get("DOWDING_REQUIRE_BROWSER") == "1":
        pytest.fail(f"the browser tests are required here: {reason}")
    pytest.skip(reason)


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)"
    if sync_playwright is None:
        return "browser tests need the playwright package"
    return None


# never let Playwright fetch a browser of its own
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def launch_server(folder: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``dowding serve`` on ``port`` over ``folder/games.db`` (and ``extra`` arguments), once it
    answers."""
    log = (folder / "server.log").open("a")
    command = [
        sys.executable,
        "-c",
        "from dowding.cli.main import app; app()",
        "serve",
        "--port",
        str(port),
        "--database-url",
        f"sqlite:///{folder / 'games.db'}",
        "--log-level",
        "warning",
        *extra,
    ]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    log.close()
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rulesets", timeout=2):
                return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                text = (folder / "server.log").read_text()
                pytest.fail(f"the server did not start:\n{text[-2000:]}")
            time.sleep(0.2)


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``dowding serve`` on a free port over a fresh SQLite file; yields its base URL."""
    reason = missing()
    if reason:
        _skip_or_fail(reason)
    port = free_port()
    process = launch_server(tmp_path_factory.mktemp("browser"), port)
    yield f"http://127.0.0.1:{port}"
    stop_server(process)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    reason = missing()
    if reason:
        _skip_or_fail(reason)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Watched:
    """A page with its console errors and uncaught exceptions collected."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        page.on("console", self._console)
        page.on("dialog", lambda dialog: dialog.accept())

    def _console(self, msg: Any) -> None:
        # a refused request is logged by the browser too; the page shows those itself
        if msg.type == "error" and "Failed to load resource" not in msg.text:
            self.errors.append(f"console: {msg.text}")


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Any]:
    """new_page() -> a Watched page in a fresh context (its own localStorage: a new player)."""
    contexts = []

    def make(width: int = 1500, height: int = 950) -> Watched:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(20_000)
        contexts.append(context)
        return Watched(context.new_page())

    yield make
    for context in contexts:
        context.close()
