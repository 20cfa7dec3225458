"""What Fight for the Sky's after-action report charts: the points, the flights lost and the
damage to targets, in all and by target, read from a seat's view."""

from __future__ import annotations

from dowding.analysis.after_action import final_counts
from dowding.bots.playout import make_players, play_out
from dowding.engine import Match
from dowding.rulesets.fight_for_the_sky.report import tallies


def test_the_hits_are_charted_by_target_in_words() -> None:
    charts = tallies({"damage": {"dover": 2, "rye": 1}, "scores": {"raf": 4, "luftwaffe": 3}})
    assert charts["Damage to targets"] == {"hits": 3.0}
    assert charts["Hits by target"] == {"Swingate (Dover)": 2.0, "Rye": 1.0}
    # no bomb has fallen yet: no empty chart
    assert "Hits by target" not in tallies({"damage": {}})


def test_a_played_game_counts_each_target_hit_in_the_balance_tallies() -> None:
    match = Match("fight-for-the-sky", "intermediate", {}, seed=3)
    seats = dict.fromkeys(match.game.seat_ids(match.options), "heuristic")
    play_out(match, make_players(match.game, seats, 3, match.options), max_steps=20_000)
    counts = final_counts("fight-for-the-sky", match.state)
    by_target = {k: v for k, v in counts.items() if k.startswith("Hits by target: ")}
    assert by_target, "the heuristic Luftwaffe bombs something in a day"
    # the targets' hits add up to the total, each named as the map names it (no ids)
    assert sum(by_target.values()) == counts["Damage to targets: hits"]
    assert all("-" not in k.removeprefix("Hits by target: ") for k in by_target)
