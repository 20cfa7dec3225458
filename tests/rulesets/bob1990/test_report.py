"""What bob1990's after-action report charts: each side's lost cards, read from a seat's view."""

from __future__ import annotations

from dowding.bots.playout import make_players, play_out
from dowding.engine import Match
from dowding.rulesets.bob1990.report import tallies


def test_a_german_card_shot_down_counts_as_lost() -> None:
    view = {"cards": {"dmg:11": ["raf-1", "raf-2"], "dmg:12": 1, "shot:2": ["lw-1"], "shot:5": 2}}
    lost = tallies(view)["Squadron cards lost"]
    assert lost == {"RAF (damaged)": 3.0, "Luftwaffe (shot down)": 3.0}


def test_a_played_game_charts_both_sides_losses() -> None:
    match = Match("bob1990", None, {}, seed=2)
    seats = dict.fromkeys(match.game.seat_ids(match.options), "heuristic")
    play_out(match, make_players(match.game, seats, 2, match.options), max_steps=20_000)
    charts = tallies(match.state.view("raf", infostate=False))
    lost = charts["Squadron cards lost"]
    # every lost card is face up, so its type is known and the types add up to the losses
    assert sum(charts["Squadron cards lost by type"].values()) == sum(lost.values())
    assert "Hurricane" in charts["Squadron cards lost by type"]
    # the British shot German cards down in this game; the chart once showed the Luftwaffe's
    # (non-existent) damaged box, always 0
    assert lost["Luftwaffe (shot down)"] > 0 and lost["RAF (damaged)"] > 0
