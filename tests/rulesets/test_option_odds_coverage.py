"""Every option that starts a combat or a bombing shows its odds (issue 12), in all five rulesets.

Seeded games are walked to their end and, at each decision, every option that starts a combat
or a bombing (the table below, read from each rulebook) must have an entry from the ruleset's
``option_odds.odds_for``, made from the deciding seat's view alone. Random players reach most
of them; Fight for the Sky's random raids seldom meet the RAF or reach a target, so its games
are played by the heuristic players.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from dowding.bots.playout import make_players, play_out
from dowding.engine import Action, Decision, State, get_game
from dowding.engine.option_odds import option_odds

Starts = Callable[[State, Decision, Action], bool]


def always(state: State, decision: Decision, option: Action) -> bool:
    return True


def crane_bomb(state: State, decision: Decision, option: Action) -> bool:
    # VII.C-D: a bomb on a factory not yet destroyed
    view = state.view(decision.seat, infostate=False)
    return int(view.get("bomb_hits") or 0) < int(view.get("bombs_needed") or 0)


def bob_pick(state: State, decision: Decision, option: Action) -> bool:
    # Dogfight Procedure: the card played into a dogfight (not the intercept's random picks)
    return "Dogfight" in decision.prompt


def bob1990_match(state: State, decision: Decision, option: Action) -> bool:
    # B.II.4: a British flight sent against a German stack (stack 0 holds it back). The flight
    # to attack (B.II.1) is chosen before the Germans split it and the British draw their
    # cards, so the fight's make-up is first known here, where its odds are shown.
    return bool(option.get("stack"))


def ffts_fly(state: State, decision: Decision, option: Action) -> bool:
    """How to Move and Intercept: a squadron flown onto a formation's hex is in its dogfight
    (How to Attack: every formation with RAF units on its hex is fought). How to Bomb: a raid
    flown onto its target hex bombs it, its target's AA firing first; Notes on Movement: a
    formation flying home over urban hexes is fired on by their guns."""
    s: Any = state
    if option.get("unit") is not None:
        end = str(option.get("to"))
        return s.sqn(str(option.get("unit"))).hex != end and any(f.hex == end for f in s.forms)
    start, end = str(option.get("from")), str(option.get("to"))
    f = next(
        g for g in s.forms if g.hex == start and g.kind == str(option.get("type")) and not g.moved
    )
    board = s.board
    if s.home_bound(f):
        path = s.move_options(f)[end]
        return any(board.urban_aa.get(h, 0) > 0 for h in path)
    return (
        f.kind == "raid"
        and board.target_hex[f.target] == end
        and s.flights_of(f.units, "bomber") > 0
    )


# ruleset -> option kind -> whether such an option starts a combat or a bombing
COMBAT: dict[str, dict[str, Starts]] = {
    "crane": {"fire": always, "bomb": crane_bomb},  # VI.E.4, VII.C
    # Phase III: Combat, a Fight; its round 2 against the same opponent or a different one
    "squadron303": {"fight": always, "next": always},
    "bob": {
        "intercept": always,  # Step 5, British Intercept
        "dogfight": always,  # Step 6: a dogfight marker placed
        "pick": bob_pick,  # Dogfight Procedure
        "resolve": always,  # Step 7: a space's intercept, dogfight or bombing run resolved
        "bombrun": always,  # Step 5, Bomb Run Marker
    },
    "bob1990": {"match": bob1990_match, "bomb": always},  # B.II.4-5, B.III.2
    "fight-for-the-sky": {
        "attack": always,  # How to Attack (A)
        "strike": always,  # Hunter Packs
        "fly": ffts_fly,  # How to Bomb; Notes on Movement (urban AA)
    },
}

# (ruleset, scenario, the players, seeds): each reaches its ruleset's combats within seconds;
# bob's heuristic players fly the bombing runs its random ones seldom reach
GAMES: list[tuple[str, str, str, tuple[int, ...], dict[str, object]]] = [
    ("crane", "eight-heinkels", "random", (1, 2), {}),
    ("crane", "heinkels-and-stukas", "heuristic", (1,), {}),  # bombs on the factory
    ("squadron303", "battle-of-britain-day", "random", (1, 2), {}),
    ("bob", "london-burning", "random", (1, 2), {}),
    ("bob", "channel-battle", "random", (1,), {}),
    ("bob", "channel-battle", "heuristic", (1, 2), {}),  # lone bombing runs, two targets a space
    ("bob", "duel-of-eagles", "heuristic", (1,), {}),
    ("bob1990", "advanced", "random", (1, 2), {}),
    ("fight-for-the-sky", "basic", "heuristic", (1,), {}),
    ("fight-for-the-sky", "intermediate", "heuristic", (1,), {}),
    # hunter packs strike; the weather's contact rolls
    (
        "fight-for-the-sky",
        "intermediate",
        "heuristic",
        (2,),
        {"hunter_packs": True, "weather": True},
    ),
]


def lacking_odds(
    ruleset: str, scenario: str, kind: str, seed: int, options: dict[str, object]
) -> tuple[list[str], int]:
    """The options that start a combat or a bombing and have no odds (with their prompt), and
    how many such options were seen."""
    game = get_game(ruleset)
    state = game.new_state(scenario, options)
    players = make_players(game, {seat: kind for seat in state.seat_ids()}, seed, options)
    table = COMBAT[ruleset]
    missing: list[str] = []
    seen = 0

    def look(s: State, decision: Decision) -> bool:
        nonlocal seen
        odds = option_odds(ruleset, s.view(decision.seat, infostate=False), decision)
        for option, found in zip(decision.options, odds, strict=True):
            starts = table.get(option.kind)
            if starts is None or not starts(s, decision, option):
                continue
            seen += 1
            if found is None:
                missing.append(f"{option.text!r} at {decision.prompt!r}")
        return False

    play_out(state, players, dice=random.Random(seed), max_steps=50_000, stop=look)
    return missing, seen


@pytest.mark.parametrize(("ruleset", "scenario", "kind", "seeds", "options"), GAMES)
def test_every_option_that_starts_a_combat_shows_its_odds(
    ruleset: str, scenario: str, kind: str, seeds: tuple[int, ...], options: dict[str, object]
) -> None:
    missing: list[str] = []
    seen = 0
    for seed in seeds:
        lacking, count = lacking_odds(ruleset, scenario, kind, seed, options)
        missing += [f"seed {seed}: {m}" for m in lacking]
        seen += count
    assert seen, f"no option that starts a combat in {ruleset}/{scenario}: the walk proves nothing"
    listed = dict.fromkeys(missing)  # each once, in order
    assert not listed, f"{len(missing)} without odds:\n" + "\n".join(list(listed)[:40])
