"""Screenshots of the main screens for the README: python scripts/screenshots.py [--out DIR].

Starts ``dowding serve`` on a free port over a throwaway SQLite file, drives Debian's Chromium
(/usr/bin/chromium, never a downloaded browser) through the lobby, a table of every ruleset
against the heuristic player and a replay, at 1400x900, and writes PNGs: lobby.png,
bob-table.png, bob-displays.png, crane-table.png, crane-moves.png, replay.png,
bob1990-table.png, squadron303-table.png, fight-for-the-sky-table.png.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-component-update",
    "--no-first-run",
]
SHOTS = (
    "lobby",
    "bob-table",
    "bob-displays",
    "crane-table",
    "crane-moves",
    "replay",
    "bob1990-table",
    "squadron303-table",
    "fight-for-the-sky-table",
)
QUICK = ("decline", "done", "stop", "keep", "hold", "press_on")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
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
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            with urllib.request.urlopen(f"{base}/api/rulesets", timeout=2):
                return process, base
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def new_game(
    page: Page,
    base: str,
    ruleset: str,
    scenario: str | None = None,
    me: str = "raf",
    others: tuple[str, ...] = ("luftwaffe",),
) -> None:
    """A game from the lobby: ``me`` played here, ``others`` by the heuristic player."""
    page.goto(f"{base}/")
    page.select_option("#ruleset", ruleset)
    page.wait_for_selector(f'#seats[data-ruleset="{ruleset}"]')
    if scenario:
        page.select_option("#scenario", scenario)
    page.select_option(f"#kind-{me}", "me")
    for seat in others:
        page.select_option(f"#kind-{seat}", "computer")
        page.select_option(f"#player-{seat}", "heuristic")
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")


def my_turn(page: Page) -> bool:
    page.wait_for_function(
        "document.body.dataset.mine === '1' || document.body.dataset.status !== 'active'",
        timeout=30_000,
    )
    return page.evaluate("document.body.dataset.status") == "active"


def play_until(page: Page, wanted: str, turn: int, limit: int = 300, prompt: str = "") -> None:
    """Take quick options until a decision offering ``wanted`` at ``turn`` or later (and,
    if given, a prompt matching the regular expression ``prompt``)."""
    for _ in range(limit):
        if not my_turn(page):
            return
        texts = page.eval_on_selector_all("#options button", "b => b.map(x => x.dataset.text)")
        now = int(
            page.evaluate(
                "(document.querySelector('#status').textContent.match(/turn (\\d+)/i) || [0, 0])[1]"
            )
        )
        asked = page.inner_text("#decision")
        if now >= turn and any(t.startswith(wanted) for t in texts) and re.search(prompt, asked):
            return
        quick = [t for t in texts if t in QUICK]
        pick = quick[0] if quick else texts[0]
        before = page.evaluate("Number(document.body.dataset.seq)")
        page.click(f"#options button[data-text={json.dumps(pick)}]")
        try:
            page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        except Exception:
            raise SystemExit(
                f"the game did not move on after {pick!r}: {page.inner_text('#error')}"
            ) from None


TO_SCREEN = """([x, y]) => {
  const svg = document.querySelector('#map svg');
  const p = svg.createSVGPoint();
  p.x = Number(svg.dataset.ox) + y * Number(svg.dataset.inch);
  p.y = Number(svg.dataset.oy) + x * Number(svg.dataset.inch);
  const q = p.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
}"""


def drag_towards_the_middle(page: Page, during: Callable[[], object]) -> None:
    """Drag a plane's turn towards the middle of the table, calling ``during`` mid-drag."""
    origin = page.get_attribute('#map [data-free="move"]', "data-origin") or "0,0"
    x0, y0 = (float(v) for v in origin.split(","))
    start = page.evaluate(TO_SCREEN, [x0, y0])
    end = page.evaluate(TO_SCREEN, [24.0, 36.0])
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    page.mouse.move(*end)
    during()
    before = page.evaluate("Number(document.body.dataset.seq)")
    page.mouse.up()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server, base = start_server(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 900})  # issue 12
                page.goto(f"{base}/")
                page.select_option("#ruleset", "bob")
                page.wait_for_selector('#seats[data-ruleset="bob"]')
                page.screenshot(path=str(args.out / "lobby.png"))

                new_game(page, base, "bob", "channel-battle")
                # turn 2, RAF movement: pick a flight on the map, then its spaces light up
                play_until(page, "fly flight=", turn=2)
                flights = page.eval_on_selector_all(
                    "#map [data-action^='fly flight=']", "n => n.map(x => x.dataset.action)"
                )
                if flights:
                    before = page.evaluate("Number(document.body.dataset.seq)")
                    page.locator(f"#map [data-action={json.dumps(flights[0])}]").dispatch_event(
                        "click"
                    )
                    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
                    my_turn(page)
                page.mouse.move(5, 5)
                page.screenshot(path=str(args.out / "bob-table.png"))
                page.click("#tab-displays")  # the Group and Luftflotte displays beside the map
                page.screenshot(path=str(args.out / "bob-displays.png"))
                page.click("#tab-map")

                new_game(page, base, "crane")
                play_until(page, "move turn=", turn=1)
                drag_towards_the_middle(
                    page, lambda: page.screenshot(path=str(args.out / "crane-table.png"))
                )
                # the first choice of turn 2: the Luftwaffe's moves since my last one, stepped
                play_until(page, "", turn=2)
                if page.is_visible("#since-next"):
                    page.click("#since-next")
                page.mouse.move(5, 5)
                page.wait_for_timeout(2500)  # the arrows drawn to their end
                page.screenshot(path=str(args.out / "crane-moves.png"))
                play_until(page, "zzz", turn=99, limit=400)  # to the end
                page.click("#decision a")
                page.wait_for_url("**/replay/**")
                page.wait_for_selector("#map svg")
                total = int(page.evaluate("document.body.dataset.step"))
                page.fill("#replay-step", str(total // 2))
                page.dispatch_event("#replay-step", "change")
                page.wait_for_function(f"document.body.dataset.step === '{total // 2}'")
                page.screenshot(path=str(args.out / "replay.png"))

                # the other three rulebooks' tables, a few decisions in
                new_game(page, base, "bob1990")
                play_until(page, "zzz", turn=99, limit=12)
                page.mouse.move(5, 5)
                page.screenshot(path=str(args.out / "bob1990-table.png"))
                new_game(page, base, "squadron303", me="p1", others=("p2", "p3", "p4"))
                play_until(page, "zzz", turn=99, limit=6)
                page.mouse.move(5, 5)
                page.screenshot(path=str(args.out / "squadron303-table.png"))
                new_game(page, base, "fight-for-the-sky")
                play_until(page, "zzz", turn=99, limit=10)
                page.mouse.move(5, 5)
                if page.is_visible("#tab-map"):  # the hex board rather than the rosters
                    page.click("#tab-map")
                page.screenshot(path=str(args.out / "fight-for-the-sky-table.png"))
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    for name in SHOTS:
        print(args.out / f"{name}.png")


if __name__ == "__main__":
    main()
