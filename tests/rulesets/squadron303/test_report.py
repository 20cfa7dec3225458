"""The after-action report of a 303 Squadron game: its charts from the view, a map per turn."""

from __future__ import annotations

from dowding.analysis.after_action import after_action_report
from dowding.bots.playout import make_players, play_out
from dowding.engine import Chance, Match
from dowding.rulesets.squadron303 import words
from dowding.rulesets.squadron303.report import tallies


def test_tallies_from_a_view() -> None:
    match = Match("squadron303", "blitz", {"players": 2}, seed=1)
    while isinstance(match.node(), Chance):  # the setup's draws
        match.roll()
    view = match.state.view("p1", infostate=False)
    charts = tallies(view)
    squadron = charts["The squadron and the Luftwaffe"]
    assert squadron["German aircraft shot down"] == 0 and squadron["pilots lost"] == 0
    assert squadron["German aircraft in sight"] > 0
    # by pilot alone: a player who loses his pilot flies another, and each keeps his own line
    names = {words.pilot(p["pilot"]) for p in view["planes"] if p.get("pilot")}
    assert set(charts["Kills by pilot"]) == names
    assert "Damage to the targets" not in charts  # nothing bombed yet


def test_a_finished_game_reports_each_turn_with_maps_and_charts() -> None:
    match = Match("squadron303", "attack-on-biggin-hill", {"players": 2}, seed=3)
    seats = dict.fromkeys(match.game.seat_ids(match.options), "heuristic")
    match.seats = seats
    play_out(match, make_players(match.game, seats, 3, match.options), max_steps=20_000)
    assert match.finished
    html = after_action_report(match, "p1")
    assert "Kills by pilot" in html and "The squadron and the Luftwaffe" in html
    assert html.count("squadron303-map") >= match.state.turn_no  # a map per turn
