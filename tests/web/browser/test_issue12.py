"""Issue 12 in the browser: the odds beside each choice, the dice tray, the lobby.

The table and the dice tray are driven with payloads built here by the real code (a crane
position's decision and map from ``payload.py`` and ``svg.py``), so the test needs no game played
out to a combat; the lobby is the real one. Screenshots (1400x900) go to ``DOWDING_SHOTS`` when
that is set.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from dowding.engine import Decision
from dowding.web.payload import decision_json, render_svg

from .play import api_get, start_game

WIDTH, HEIGHT = 1400, 900


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("DOWDING_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _crane_fire() -> tuple[dict[str, Any], str, Decision]:
    from tests.rulesets.crane.position import decide, position

    state = position({"V1-1": (10, 30, 0), "B1-1": (14, 40, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    view = dict(state.view(node.seat, infostate=False))
    view.pop("infostate", None)
    return view, node.seat, node


def _bob_intercept() -> tuple[dict[str, Any], str, Decision]:
    from tests.rulesets.bob.position import blank, damage, put, take
    from tests.rulesets.bob.test_option_odds import radar_run

    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=4, bf109=2))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=2, hurricane=1))
    damage(state, take(state, 11, hurricane=1) + take(state, 2, do17=1))
    radar_run(state, "V35", "U35")
    node = state.next()
    assert isinstance(node, Decision)
    view = dict(state.view(node.seat, infostate=False))
    view.pop("infostate", None)
    return view, node.seat, node


def _fight_announce() -> tuple[dict[str, Any], str, Decision]:
    from tests.rulesets.fight_for_the_sky.position import blank, fly, formation, run

    state = blank("intermediate")
    formation(state, (31, 32, 33, 34, 50, 51), "O7", "hawkinge")
    fly(state, "56", "O7")
    fly(state, "501", "O7")
    node = run(state, ("combat",))
    assert isinstance(node, Decision)
    view = dict(state.view(node.seat, infostate=False))
    view.pop("infostate", None)
    return view, node.seat, node


def _table_payload(ruleset: str = "crane", scenario: str = "eight-heinkels") -> dict[str, Any]:
    made = {"crane": _crane_fire, "bob": _bob_intercept, "fight-for-the-sky": _fight_announce}
    view, seat, node = made[ruleset]()
    return {
        "type": "state",
        "game_id": "issue12",
        "ruleset": ruleset,
        "scenario": scenario,
        "seat": seat,
        "seats": [
            {"id": "raf", "name": "RAF", "side": "raf", "controller": "me", "player": None},
            {
                "id": "luftwaffe",
                "name": "Luftwaffe",
                "side": "luftwaffe",
                "controller": "computer",
                "player": "heuristic",
            },
        ],
        "seq": 40,
        "step": 40,
        "status": "active",
        "turn": view.get("turn", 1),
        "to_move": seat,
        "hotseat_next": None,
        "view": view,
        "decision": decision_json(node, ruleset, view),
        "dice_needed": None,
        "svg": render_svg(ruleset, view, seat, node),
        "events": [{"step": 39, "text": "The position under test is set."}],
        "dice": [],
        "result": None,
        "waiting_for": [],
        "abandon_offer": [],
    }


def _table(page: Any, server: str, payload: dict[str, Any]) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("#new-game")
    page.evaluate(
        """async (payload) => {
            const { TableScreen } = await import('/static/table.js');
            const main = document.getElementById('main');
            const table = new TableScreen(main, payload.game_id, 'test-token');
            table.send = (text) => { document.body.dataset.sent = text; };
            table.connect = () => {};
            window.table = table;
            table.render(payload);
        }""",
        payload,
    )
    page.wait_for_selector("#options")


def test_the_odds_stand_beside_the_option_in_the_list_and_on_the_map(
    server: str, new_page: Any
) -> None:
    w = new_page(WIDTH, HEIGHT)
    page = w.page
    payload = _table_payload()
    fire = next(o for o in payload["decision"]["options"] if o["text"].startswith("fire "))
    assert fire["odds"]["summary"] == "Destroy: 6%, damage an engine: 36%, no effect: 58%"
    _table(page, server, payload)
    button = page.locator(f"#options button[data-text={json.dumps(fire['text'])}]")
    assert button.locator(".odds").inner_text() == fire["odds"]["summary"]
    hold = page.locator('#options button[data-text="hold"]')
    assert hold.locator(".odds").count() == 0  # holding fire starts no combat
    on_map = page.locator(f"#map [data-action={json.dumps(fire['text'])}]").first
    assert on_map.get_attribute("data-odds") == fire["odds"]["summary"]
    title = on_map.evaluate(
        "n => [...n.children].find(c => c.tagName.toLowerCase() === 'title').textContent"
    )
    assert fire["odds"]["summary"] in title
    shot(page, "issue12-odds-crane")
    assert not w.errors, w.errors


def _tray(page: Any, rolls: list[dict[str, Any]], now: int) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """async ([rolls, now]) => {
                const { DiceTray } = await import('/static/dice.js');
                const tray = document.createElement('div');
                const log = document.createElement('ol');
                document.getElementById('main').replaceChildren(tray, log);
                tray.className = 'tray';
                tray.id = 'dice-tray';
                const dice = new DiceTray(tray, log);
                dice.update(rolls, now);
                return {
                    white: tray.querySelectorAll('.die.raf').length,
                    black: tray.querySelectorAll('.die.lw').length,
                    text: tray.textContent,
                    stale: tray.dataset.stale || '',
                };
            }""",
            [rolls, now],
        )
    )


INTERCEPT = [
    {
        "step": 30,
        "seat": None,
        "label": "Luftflotte 5 draws a squadron card",
        "faces": "item=lw-5-03",
        "text": "Luftflotte 5 draws: item=lw-5-03",
    },
    *(
        {
            "step": step,
            "seat": None,
            "label": "The RAF picks a Luftwaffe squadron at random (Intercept Procedure)",
            "faces": f"item={card}",
            "text": f"The RAF picks a Luftwaffe squadron at random: item={card}",
        }
        for step, card in ((38, "lw-2-34"), (39, "lw-2-12"), (40, "lw-2-09"))
    ),
    {
        "step": 41,
        "seat": None,
        "label": "The RAF's white dice in the intercept",
        "faces": "blank=4 cross=6 roundel=2",
        "text": "The RAF's white dice in the intercept: blank=4 cross=6 roundel=2",
    },
    {
        "step": 42,
        "seat": None,
        "label": "The Luftwaffe's black dice in the intercept",
        "faces": "blank=1 cross=1 roundel=2",
        "text": "The Luftwaffe's black dice in the intercept: blank=1 cross=1 roundel=2",
    },
]


def test_the_dice_tray_shows_both_sides_of_an_intercept_and_is_never_stale(
    server: str, new_page: Any
) -> None:
    w = new_page(WIDTH, HEIGHT)
    page = w.page
    page.goto(f"{server}/")
    page.wait_for_selector("#new-game")
    # the intercept just rolled: the RAF's 12 white dice and the Luftwaffe's 4 black ones
    now = _tray(page, INTERCEPT, 42)
    assert (now["white"], now["black"]) == (12, 4), now
    assert "Luftflotte 5" not in now["text"]
    # the three cards picked for it, on one line before the dice
    assert "#38–40 The RAF picks a Luftwaffe squadron" in now["text"], now
    assert "lw-2-34, lw-2-12, lw-2-09" in now["text"]
    # long after a draw (the RAF moving its flights): the tray no longer shows it as news
    later = _tray(page, INTERCEPT[:1], 35)
    assert later["stale"] == "1" and "No dice since step #30" in later["text"], later
    assert not w.errors, w.errors


def test_the_table_dice_panel_with_an_intercept(server: str, new_page: Any) -> None:
    w = new_page(WIDTH, HEIGHT)
    page = w.page
    payload = _table_payload()
    payload["dice"] = INTERCEPT
    payload["seq"] = payload["step"] = 42
    _table(page, server, payload)
    assert page.locator("#dice-tray .die.raf").count() == 12
    assert page.locator("#dice-tray .die.lw").count() == 4
    shot(page, "issue12-dice-tray")
    assert not w.errors, w.errors


def test_the_lobby_fits_its_cards_and_lists_a_new_game_at_once(server: str, new_page: Any) -> None:
    w = new_page(WIDTH, HEIGHT)
    page = w.page
    page.goto(f"{server}/")
    page.wait_for_selector("#new-game")
    for ruleset in [r["id"] for r in api_get(server, "/api/rulesets")]:
        page.select_option("#ruleset", ruleset)
        page.wait_for_selector(f'#seats[data-ruleset="{ruleset}"]')
        spill = page.evaluate(
            """() => {
                const card = document.getElementById('new-game').getBoundingClientRect();
                const out = [];
                for (const n of document.querySelectorAll('#new-game select, #new-game input, #new-game label')) {
                    const r = n.getBoundingClientRect();
                    if (r.width && r.right > card.right + 0.5) out.push(n.id || n.textContent);
                }
                return out;
            }"""
        )
        assert spill == [], f"{ruleset}: {spill} overflow the new game card"
    shot(page, "issue12-lobby")
    # a game with an invited seat stays in the lobby (its links shown): My games lists it now
    start_game(page, server, "crane", {"raf": ("me", None), "luftwaffe": ("invite", None)})
    page.wait_for_selector("#created h2")
    page.wait_for_selector("#my-games table.games tbody tr", timeout=10_000)
    assert page.locator("#my-games table.games tbody tr").count() >= 1
    shot(page, "issue12-lobby-my-games")
    assert not w.errors, w.errors


def test_bob_the_intercept_odds_and_the_damaged_boxes_on_the_table(
    server: str, new_page: Any
) -> None:
    w = new_page(WIDTH, HEIGHT)
    page = w.page
    payload = _table_payload("bob", "channel-battle")
    options = {o["text"]: o for o in payload["decision"]["options"]}
    assert "odds" not in options["decline"]
    odds = options["intercept flight=11C"]["odds"]
    assert odds["summary"].startswith("Shoot down ≥1: ") and "unseen" in odds["assumes"]
    _table(page, server, payload)
    button = page.locator('#options button[data-text="intercept flight=11C"]')
    assert button.locator(".odds").inner_text() == odds["summary"]
    # the RAF's lost Hurricane lies in 11 Group's damaged box, in the RAF's displays
    raf_lost = next(c["id"] for c in payload["view"]["damaged"] if c["id"].startswith("raf"))
    lw_lost = next(c["id"] for c in payload["view"]["damaged"] if c["id"].startswith("lw"))
    assert page.locator(f'#map [data-damaged="raf-11"] [data-card="{raf_lost}"]').count() == 1
    assert page.locator(f'#map [data-damaged="luftwaffe"] [data-card="{lw_lost}"]').count() == 1
    page.locator(f'#map [data-card="{raf_lost}"]').scroll_into_view_if_needed()
    shot(page, "issue12-bob-intercept-odds-and-damaged-boxes")
    assert not w.errors, w.errors


def test_fight_for_the_sky_announcing_a_dogfight_shows_its_odds(server: str, new_page: Any) -> None:
    w = new_page(WIDTH, HEIGHT)
    page = w.page
    payload = _table_payload("fight-for-the-sky", "intermediate")
    odds = payload["decision"]["options"][0]["odds"]
    assert odds["summary"].startswith("Shoot down ≥1: ") and "escorted" in odds["assumes"]
    _table(page, server, payload)
    assert page.locator("#options .odds").first.inner_text() == odds["summary"]
    # the odds' tooltip says what they assume
    assert "escorted" in (page.locator("#options .odds").first.get_attribute("title") or "")
    shot(page, "issue12-fight-for-the-sky-odds")
    assert not w.errors, w.errors
