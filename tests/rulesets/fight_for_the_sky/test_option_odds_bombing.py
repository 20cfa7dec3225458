"""The odds beside a raid's move onto its target and a formation's move home over urban guns
(issue 12): exact, checked against the rules themselves played with every pair of dice; and
beside a squadron's move onto a formation's hex: the dogfight it is then in."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

from dowding.engine import Chance, Decision
from dowding.engine.option_odds import option_odds
from dowding.rulesets.fight_for_the_sky.components import LUFTWAFFE, RAF
from dowding.rulesets.fight_for_the_sky.state import FightState
from dowding.rulesets.fight_for_the_sky.svg import render_svg
from dowding.rulesets.fight_for_the_sky.tables import aa_result

from .position import blank, fly, formation, run

RULESET = "fight-for-the-sky"
DATA = Path(__file__).parents[3] / "src/dowding/rulesets/fight_for_the_sky/data"


def _odds(s: FightState, node: Decision, text: str) -> object:
    got = dict(
        zip(
            (o.text for o in node.options),
            option_odds(RULESET, s.view(LUFTWAFFE, infostate=False), node),
            strict=True,
        )
    )
    return got[text]


def _raid(scenario: str, marks: int) -> tuple[FightState, Decision, str]:
    """Two He 111 units and a Me 109 escort one hex short of Detling (J6)."""
    s = blank(scenario)
    formation(s, (11, 12, 49), "K6", "detling", seen=True, face_up=True)
    s.marks = (0, marks)
    node = run(s, ("lw_move",))
    assert isinstance(node, Decision) and node.seat == LUFTWAFFE
    fly = next(o.text for o in node.options if o.get("to") == "J6")
    return s, node, fly


def _played(s: FightState, fly: str, aa_die: int, bomb_die: int) -> int:
    """Hits on Detling when the rules play the move, then the AA and the bombing with these
    dice, the Luftwaffe allotting the flights the AA downs to its escorts first."""
    s = s.copy()  # type: ignore[assignment]
    s.apply(fly)
    node = run(s, ("bombing",))
    dice = iter((aa_die, bomb_die))
    while not isinstance(node, Chance) or node.label != "bombing" or bomb_die:
        if isinstance(node, Chance):
            s.apply(f"roll d={next(dice)}")
            if node.label == "bombing":
                break
        else:
            assert node.options[0].kind == "allot", node
            escort = [o for o in node.options if s.role(int(str(o.get("unit")))) == "fighter"]
            s.apply((escort or list(node.options))[0])
        node = s.next()  # type: ignore[assignment]
    return s.hits_on("detling")


def test_a_raid_onto_its_target_shows_its_aa_and_bombing_as_the_rules_play_them() -> None:
    for scenario, marks in (("intermediate", 3), ("intermediate", 0), ("basic", 2)):
        s, node, fly = _raid(scenario, marks)
        odds = _odds(s, node, fly)
        assert odds is not None, scenario
        boxes = s.board.targets["detling"].boxes
        played = Counter(_played(s, fly, a, b) for a in range(1, 7) for b in range(1, 7))
        want = {str(k): Fraction(n, 36) for k, n in sorted(played.items())}
        assert odds.outcomes["hits"] == want, (scenario, marks)  # type: ignore[attr-defined]
        destroyed = Fraction(sum(n for k, n in played.items() if k >= boxes), 36)
        assert odds.outcomes["target_destroyed"] == destroyed  # type: ignore[attr-defined]
        moved = s.forms[0]._replace(hex="J6")
        assert odds.params["aa"] == s.aa_value(moved)  # type: ignore[attr-defined]
    # a move that stops short of the target starts nothing
    short = next(o.text for o in node.options if o.get("to") not in ("J6", "K6"))
    assert _odds(s, node, short) is None


def test_a_formation_flying_home_over_urban_guns_shows_their_fire() -> None:
    s = blank("intermediate")
    formation(s, (11, 12), "D2", "biggin-hill", seen=True, face_up=True, bombed=True)
    node = run(s, ("lw_move",))
    assert isinstance(node, Decision)
    f = s.forms[0]
    paths = s.move_options(f)
    over = {
        o.text: [h for h in paths[str(o.get("to"))] if s.board.urban_aa.get(h, 0)]
        for o in node.options
        if o.kind == "fly"
    }
    guarded = [text for text, guns in over.items() if guns]
    assert guarded and any(not guns for guns in over.values())
    for text, guns in over.items():
        odds = _odds(s, node, text)
        if not guns:
            assert odds is None, text
            continue
        assert odds is not None
        flights = s.flights_of(f.units, "bomber")
        total = Counter({0: Fraction(1)})
        for h in guns:
            step: Counter[int] = Counter()
            for d in range(1, 7):
                hit, _ = aa_result(s.comp, flights, s.board.urban_aa[h], d)
                for k, p in total.items():
                    step[k + hit] += p / 6
            total = step
        want = {str(k): p for k, p in sorted(total.items()) if p}
        assert odds.outcomes["aircraft_hit"] == want  # type: ignore[attr-defined]
        # the rules fire exactly these guns on this move
        after = s.copy()
        after.apply(text)
        fired = []
        while isinstance(chance := after.next(), Chance) and "over" in chance.label:
            fired.append(chance.label.rsplit(" ", 1)[-1])
            after.apply("roll d=1")
        assert sorted(fired) == sorted(guns), (text, fired, guns)


def test_a_squadron_flown_onto_a_formation_shows_the_dogfight_it_joins() -> None:
    s = blank("intermediate")
    formation(s, (31, 32, 50), "O7", "hawkinge")
    fly(s, "56", "O7")
    fly(s, "501", "N6")
    node = run(s, ("raf_dest", "501"))
    assert isinstance(node, Decision) and node.seat == RAF
    joins = [o.text for o in node.options if o.get("to") == "O7"]
    assert joins, "501 Squadron cannot reach the formation"
    got = dict(
        zip(
            (o.text for o in node.options),
            option_odds(RULESET, s.view(RAF, infostate=False), node),
            strict=True,
        )
    )
    elsewhere = [t for t, odds in got.items() if t not in joins and t.startswith("fly ")]
    assert elsewhere and all(got[t] is None for t in elsewhere)
    joined = got[joins[0]]
    assert joined is not None
    # the same odds as announcing the dogfight once 501 Squadron is there
    s.apply(joins[0])
    combat = run(s, ("combat",))
    assert isinstance(combat, Decision) and [o.text for o in combat.options] == ["attack at=O7"]
    announced = option_odds(RULESET, s.view(RAF, infostate=False), combat)[0]
    assert announced is not None and joined.outcomes == announced.outcomes
    assert joined.params == announced.params and "escorted" in joined.assumes


def test_the_odds_and_the_map_read_the_players_own_map(tmp_path: Path) -> None:
    """With a map of the player's own (``data``: Detling's AA 1, ours 3) the odds beside the
    raid's move and the map read it, through the view, which names the folder: both read the
    shipped map before."""
    shipped = json.loads((DATA / "map.json").read_text("utf-8"))
    for t in shipped["targets"]:
        if t["id"] == "detling":
            assert t["aa"] == 3
            t["aa"] = 1
    (tmp_path / "map.json").write_text(json.dumps(shipped))
    s = blank("intermediate", data=str(tmp_path))
    formation(s, (11, 12, 49), "K6", "detling", seen=True, face_up=True)
    node = run(s, ("lw_move",))
    assert isinstance(node, Decision)
    fly = next(o.text for o in node.options if o.get("to") == "J6")
    view = s.view(LUFTWAFFE, infostate=False)
    assert view["data"] == str(tmp_path)
    odds = dict(zip((o.text for o in node.options), option_odds(RULESET, view, node), strict=True))
    found = odds[fly]
    assert found is not None and found.params["aa"] == 1
    svg = render_svg(view, LUFTWAFFE, node)
    assert "Detling AA1" in svg and "Detling AA3" not in svg
    assert "data" not in blank("intermediate").view(LUFTWAFFE, infostate=False)
