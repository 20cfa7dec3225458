"""The Campaign ("Campaign"): Scenarios in sequence, what carries over between them (pilots,
kills, Medals, Specializations, injuries, Target Damage tiles and their penalties, Aces after a
win), and the Campaign's victory; the draws fixed."""

from __future__ import annotations

import random

from dowding.engine import Action, Chance, Terminal
from dowding.rulesets.squadron303.campaign import end_leg, tile_areas
from dowding.rulesets.squadron303.reorganization import action_points, do_endturn, do_newpilot
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_state import GAME


def _campaign(players: int = 2, seed: int = 1) -> S303State:
    state = GAME.new_state("campaign", {"players": players})
    rng = random.Random(seed)
    while state.turn_no == 0:
        node = state.next()
        assert isinstance(node, Chance)
        state.apply(node.sample(rng))
    return state


def _finish_leg(state: S303State, won: bool) -> None:
    """The Scenario's last turn ends: won (Biggin Hill standing) or lost (bombed flat)."""
    state.turn_no = state.scenario.turns
    state.target_damage = () if won else (("biggin-hill", 3),)
    state.queue = ()
    do_endturn(state, ("endturn",))
    state._advance()


def _through_draws(state: S303State, items: dict[str, str]) -> None:
    """Apply the chance events between two Scenarios, some of them fixed by label."""
    rng = random.Random(0)
    while state.turn_no == 0:
        node = state.next()
        assert isinstance(node, Chance), node
        fixed = next((v for k, v in items.items() if k in node.label), None)
        state.apply(Action("draw", item=fixed) if fixed else node.sample(rng))


def test_the_campaign_plays_its_scenarios_in_order() -> None:
    state = _campaign()
    assert state.scenario_id == "attack-on-biggin-hill"
    assert state.camp.legs == ("attack-on-biggin-hill", "blitz", "home-sweet-home")
    view = state.view("p1", infostate=False)
    assert view["campaign"]["scenario"] == 0 and view["campaign"]["wins"] == []
    assert not any(s.ace for s in state.squadrons)  # "The first Scenario has no Aces"


def test_players_keep_their_pilots_kills_medals_and_specialization() -> None:
    state = _campaign()
    p1 = state.plane("p1")._replace(kills=("bf109",) * 3, medals=0, spec="fighter", clock=1)
    state.planes = (p1, state.plane("p2"))
    _finish_leg(state, won=True)
    assert state.camp.wins == (1,)
    _through_draws(state, {})
    assert state.scenario_id == "blitz" and state.turn_no == 1
    kept = state.plane("p1")
    assert (kept.pilot, kept.kills, kept.spec) == (p1.pilot, p1.kills, "fighter")
    assert kept.medals == 1  # the won Scenario's Medal
    assert kept.damage == () and kept.ammo == state.scenario.ammo
    # a won Scenario: "1 random German Ace per German squadron" in the next
    assert all(s.ace for s in state.squadrons if not s.id.startswith("air-"))


def test_a_pilot_shot_down_comes_back_with_his_record() -> None:
    state = _campaign()
    old = state.plane("p1")._replace(kills=("he111",) * 2, medals=2, status="down")
    state.planes = (old, state.plane("p2"))
    new = next(p for p in state.pilots)
    do_newpilot(state, ("newpilot", "p1"), Action("draw", item=new))
    assert state.plane("p1").pilot == new and state.plane("p1").kills == ()
    assert state.camp.shot == (old.pilot,)
    record = state.camp.records[0]
    assert (record.pilot, record.kills, record.medals) == (old.pilot, old.kills, 2)
    # next Scenario he is back in the Reserve; drawn again, he has his record
    state.pilots = (old.pilot,)
    state.put(state.plane("p1")._replace(status="withdrawn"))
    do_newpilot(state, ("newpilot", "p1"), Action("draw", item=old.pilot))
    assert state.plane("p1").kills == old.kills and state.plane("p1").medals == 2


def test_two_pilots_shot_down_injure_one() -> None:
    state = _campaign()
    state.camp = state.camp._replace(shot=("feric", "zumbach"))
    _finish_leg(state, won=False)
    node = state.next()
    assert isinstance(node, Chance) and node.label == "the pilot injured"
    state.apply(Action("draw", item="zumbach"))
    _through_draws(state, {})
    assert state.camp.injured == ("zumbach",)
    assert "zumbach" not in state.pilots and all(p.pilot != "zumbach" for p in state.planes)


def test_failed_events_leave_target_damage_with_their_penalties() -> None:
    state = _campaign()
    state.revealed = (("air-supremacy", 2), ("seek-and-destroy", 2))  # neither met
    _finish_leg(state, won=False)
    assert state.camp.wins == (0,)
    for tile in ("dover", "poling"):  # a Port and a Radar
        node = state.next()
        assert isinstance(node, Chance) and "Target Damage" in node.label
        assert tile in node.items  # type: ignore[attr-defined]
        state.apply(Action("draw", item=tile))
    _through_draws(state, {})
    assert state.camp.tiles == ("dover", "poling")
    assert action_points(state.comp.rules.action_points, True) == 3
    from dowding.rulesets.squadron303.reorganization import _port_damaged

    assert _port_damaged(state)
    # Poling knocked out: Sector C's squadrons are Hidden in Blitz
    sector_c = [s for s in state.squadrons if state.board.sector(s.path[0]) == "C"]
    assert all(s.hidden for s in sector_c)


def test_a_damaged_factory_starts_the_players_with_three_cards() -> None:
    state = _campaign()
    state.revealed = (("seek-and-destroy", 2),)
    _finish_leg(state, won=False)
    state.apply(Action("draw", item="rochester"))
    _through_draws(state, {})
    assert [len(p.hand) for p in state.planes] == [3, 3]  # dealt 3 (the turn draw comes later)


def test_the_tiles_are_the_eleven_named_targets() -> None:
    state = _campaign()
    assert sorted(tile_areas(state)) == sorted(
        a.id
        for a in state.comp.map.areas
        if set(a.symbols) & {"radar", "city", "port", "factory", "airfield"}
    )


def test_the_campaign_is_won_with_two_scenarios_the_last_among_them() -> None:
    for wins in ((0, 1), (1, 1), (1, 0)):
        state = _campaign()
        state.camp = state.camp._replace(leg=2, wins=wins)
        end_leg(state, True, "")
        won = sum(wins) >= 1
        assert isinstance(state.result, Terminal)
        assert state.result.winner == ("raf" if won else None)
    state = _campaign()
    state.camp = state.camp._replace(leg=2, wins=(1, 1))
    end_leg(state, False, "")
    assert isinstance(state.result, Terminal) and state.result.winner is None
