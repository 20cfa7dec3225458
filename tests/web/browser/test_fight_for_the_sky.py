"""Fight for the Sky in the browser: the RAF against the computer, by clicking, to the end."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from .play import act, click_map, map_actions, options, start_game, wait_turn

SHOTS = Path(os.environ.get("DOWDING_SHOTS", "/tmp/dowding-shots"))
BARE = re.compile(r"\bundefined\b|\bNone\b|^\s*$")


def labels(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all("#options button .label", "ns => ns.map(n => n.textContent)")
    )


def test_basic_game_by_clicking_to_its_end(server: str, new_page: Any) -> None:
    w = new_page()
    page = w.page
    start_game(
        page,
        server,
        "fight-for-the-sky",
        {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")},
        scenario="basic",
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    assert wait_turn(page) == "mine"
    # the RAF's roster: squadrons on the ground by sector, clickable when they may move
    roster = page.inner_text("#map")
    assert "RAF squadrons" in roster and "sector" in roster
    assert re.search(r"\d+ Squadron \((Spitfire|Hurricane), 4 flights\): at ", roster)
    said = labels(page)
    assert said and not [s for s in said if BARE.search(s)], said
    assert any(re.match(r"Move \d+ Squadron \(", s) for s in said), said
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "ffts-start.png"))

    clicks = 0
    shot = False
    for clicks in range(600):
        if wait_turn(page, timeout=60_000) != "mine":
            break
        texts = options(page)
        said = labels(page)
        assert len(said) == len(texts) and not [s for s in said if BARE.search(s)], said
        assert not any(s == t for s, t in zip(said, texts, strict=True)), said
        if not shot and any(t.startswith("attack") for t in texts):
            page.screenshot(path=str(SHOTS / "ffts-dogfight.png"))
            shot = True
        on_map = [t for t in map_actions(page) if t in texts]
        ending = [t for t in texts if t in ("end", "back")]
        if on_map and clicks % 3 != 2:
            pick = on_map[clicks % len(on_map)]
            act(page, lambda pick=pick: click_map(page, pick))
        else:
            pick = ending[0] if ending else texts[0]
            act(
                page, lambda pick=pick: page.click(f"#options button[data-text={json.dumps(pick)}]")
            )
    status = page.evaluate("document.body.dataset.status")
    page.screenshot(path=str(SHOTS / "ffts-end.png"))
    assert status == "finished", f"still {status} after {clicks} decisions"
    assert page.inner_text("#result").startswith("Game over")
    log = page.inner_text("#event-log")
    assert "Squadron" in log and "has moved" not in log
    assert not w.errors, w.errors


def test_intermediate_luftwaffe_forms_and_flies_by_clicking(server: str, new_page: Any) -> None:
    """The Luftwaffe makes up formations from its roster, aims them on the map, flies them."""
    w = new_page()
    page = w.page
    start_game(
        page,
        server,
        "fight-for-the-sky",
        {"raf": ("computer", "heuristic"), "luftwaffe": ("me", None)},
        scenario="intermediate",
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    kinds: set[str] = set()
    formed = added = 0
    for clicks in range(150):
        if wait_turn(page, timeout=60_000) != "mine":
            break
        texts = options(page)
        said = labels(page)
        assert not [s for s in said if BARE.search(s)] and not set(said) & set(texts), said
        kinds.update(t.split()[0] for t in texts)
        if any(t.startswith("add ") for t in texts) and not shot_taken(SHOTS / "ffts-forming.png"):
            page.screenshot(path=str(SHOTS / "ffts-forming.png"))
        on_map = [t for t in map_actions(page) if t in texts]
        forming = [t for t in texts if t.startswith("form ")]
        adds = [t for t in on_map if t.startswith("add ")]
        quick = [t for t in texts if t in ("close", "end", "back", "done")]
        if forming and formed < 2:
            pick, how = forming[0], "list"
            formed, added = formed + 1, 0
        elif adds and added < 3:
            pick, how = adds[0], "map"  # a unit from the roster beside the map
            added += 1
        elif on_map and not adds and clicks % 3 != 2:
            pick, how = on_map[clicks % len(on_map)], "map"
        else:
            pick, how = (quick[0] if quick else texts[0]), "list"
        if how == "map":
            act(page, lambda pick=pick: click_map(page, pick))
        else:
            act(
                page, lambda pick=pick: page.click(f"#options button[data-text={json.dumps(pick)}]")
            )
        turn = int(
            page.evaluate("document.querySelector('#status').textContent.match(/turn (\\d+)/)[1]")
        )
        if turn >= 4 and "fly" in kinds:
            break
    assert {"form", "add", "target", "fly"} <= kinds, kinds
    assert not w.errors, w.errors


def shot_taken(path: Path) -> bool:
    return path.exists() and path.stat().st_mtime > START


START = __import__("time").time()


def test_preplanning_a_raid_takes_off_on_turn_1_in_the_browser(server: str, new_page: Any) -> None:
    """Optional Rules, Preplanning: the sheet offers turn 1, and a raid written for it is
    placed on its assembly hex at once."""
    w = new_page()
    page = w.page
    page.goto(f"{server}/")
    page.select_option("#ruleset", "fight-for-the-sky")
    page.wait_for_selector('#seats[data-ruleset="fight-for-the-sky"]')
    page.select_option("#scenario", "intermediate")
    version = page.get_attribute("#seats", "data-version")
    page.check("#opt-preplanning")
    page.dispatch_event("#opt-preplanning", "change")
    page.wait_for_function(f"document.querySelector('#seats').dataset.version !== '{version}'")
    page.select_option("#kind-raf", "computer")
    page.select_option("#player-raf", "heuristic")
    page.select_option("#kind-luftwaffe", "me")
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")

    def pick(text: str) -> None:
        assert wait_turn(page, timeout=60_000) == "mine"
        act(page, lambda: page.click(f"#options button[data-text={json.dumps(text)}]"))

    pick("form type=raid")
    adds = [t for t in options(page) if t.startswith("add ")]
    pick(adds[0])
    pick("close")
    pick(next(t for t in options(page) if t.startswith("target ")))
    assert wait_turn(page) == "mine"
    said = dict(zip(options(page), labels(page), strict=True))
    assert said["launch turn=1"] == "Take off on turn 1", said
    pick("launch turn=1")
    assert wait_turn(page) == "mine"
    assert options(page) and all(t.startswith("assemble ") for t in options(page)), options(page)
    assert "place the formation" in page.inner_text("#prompt").lower()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "ffts-preplanning.png"))
    assert not w.errors, w.errors
