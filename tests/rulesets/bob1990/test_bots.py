"""The heuristic players beat the random ones on both sides, and the search hooks answer."""

from __future__ import annotations

import random

from dowding.bots import RandomPlayer
from dowding.engine import Decision, Terminal
from dowding.rulesets.bob1990.bots import heuristic
from dowding.rulesets.bob1990.search import evaluate, rollout_policy

from .position import fresh


def winner(raf: str, luftwaffe: str, seed: int) -> str | None:
    s = fresh()
    rng = random.Random(seed)
    players = {
        "raf": heuristic("raf") if raf == "heuristic" else RandomPlayer(seed),
        "luftwaffe": heuristic("luftwaffe") if luftwaffe == "heuristic" else RandomPlayer(seed),
    }
    while True:
        node = s.next()
        if isinstance(node, Terminal):
            return node.winner
        if isinstance(node, Decision):
            s.apply(players[node.seat].choose(s.view(node.seat, infostate=False), node))
        else:
            s.apply(node.sample(rng))


def test_the_heuristic_luftwaffe_beats_a_random_raf() -> None:
    assert [winner("random", "heuristic", seed) for seed in range(2)] == ["luftwaffe"] * 2


def test_the_heuristic_raf_beats_a_random_luftwaffe() -> None:
    assert [winner("heuristic", "random", seed) for seed in range(2)] == ["raf"] * 2


def test_search_hooks() -> None:
    s = fresh()
    rng = random.Random(1)
    while not isinstance(s.next(), Decision):
        s.apply(s.next().sample(rng))  # type: ignore[union-attr]
    assert rollout_policy(s, rng) in s.next().options  # type: ignore[union-attr]
    odds = evaluate(s)
    assert abs(odds["raf"] + odds["luftwaffe"] - 1) < 1e-9 and 0 < odds["raf"] < 1


def test_the_brief_view_of_the_rollouts_leads_the_heuristic_to_the_same_choices() -> None:
    """All but the German stacks (B.II.2), which read the cards the brief view leaves out: the
    rollouts lay them from the state (``search.shield_bombers``, test_search.py)."""
    s = fresh()
    rng = random.Random(5)
    players = {seat: heuristic(seat) for seat in ("raf", "luftwaffe")}
    twins = {seat: heuristic(seat) for seat in ("raf", "luftwaffe")}
    compared = stacks = 0
    for _ in range(1500):
        node = s.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Decision):
            full = players[node.seat].choose(s.view(node.seat, infostate=False), node)
            brief = s.view(node.seat, infostate=False, brief=True)
            assert brief["flights"] == s.view(node.seat, infostate=False)["flights"]
            if node.options[0].kind != "stack":
                assert twins[node.seat].choose(brief, node) == full
                compared += 1
            else:  # without the cards it still lays one (it had raised StopIteration)
                assert twins[node.seat].choose(brief, node) in node.options
                stacks += 1
            s.apply(full)
        else:
            s.apply(node.sample(rng))
    assert compared > 100 and stacks > 0


def test_the_british_heuristic_takes_the_largest_stack_and_closes_on_the_germans() -> None:
    """B.II.4: each British flight on the largest stack left; B.I.3: a flight with no German
    flight in reach moves no farther from the nearest one."""
    from dowding.rulesets.bob1990.components import load_components
    from dowding.rulesets.bob1990.flights import count

    board = load_components("", 50).board
    s = fresh()
    rng = random.Random(3)
    players = {seat: heuristic(seat) for seat in ("raf", "luftwaffe")}
    matched = closed = 0
    for _ in range(3000):
        node = s.next()
        if isinstance(node, Terminal):
            break
        if not isinstance(node, Decision):
            s.apply(node.sample(rng))
            continue
        v = s.view(node.seat, infostate=False)
        choice = players[node.seat].choose(v, node)
        if node.seat == "raf" and choice.kind == "match" and len(node.options) > 1:
            sizes = v["fight"]["sizes"]
            free = [count(a.get("stack")) for a in node.options if count(a.get("stack"))]
            assert count(choice.get("stack")) in free
            assert sizes[count(choice.get("stack")) - 1] == max(sizes[k - 1] for k in free)
            matched += 1
        if node.seat == "raf" and choice.kind == "move" and len(node.options) > 1:
            me = v["flights"][str(choice.get("flight"))]
            dests = {str(a.get("to")) for a in node.options}
            german = {
                g["pos"]
                for f, g in v["flights"].items()
                if f[0] in "235" and g["status"] == "map" and g["cards"] and g["pos"] != "NOR"
            }
            if me["cards"] and german and not dests & german:
                near = min(board.distance(str(choice.get("to")), e) for e in german)
                assert near <= min(board.distance(me["pos"], e) for e in german)
                closed += 1
        s.apply(choice)
    assert matched and closed


def test_with_nine_missions_done_and_the_game_to_turn_8_the_germans_stay_home() -> None:
    """B12 read as (a) (``end_on_ninth`` off): nine missions done, the German player wins at
    turn 8 unless his Luftflotten are worn out, so a flight on its airfield stays there (the
    heuristic flew on and the RAF won 59 of 60 games between heuristics)."""
    from dowding.rulesets.bob1990 import GAME

    for ninth, stays in ((False, True), (True, False)):
        s = GAME.new_state(None, {"end_on_ninth": ninth})
        rng = random.Random(0)
        node = s.next()
        while not (isinstance(node, Decision) and node.options[0].kind == "move"):
            s.apply(node.sample(rng) if not isinstance(node, Decision) else node.options[0])
            node = s.next()
        assert node.seat == "luftwaffe"
        s.completed = tuple(sorted(s.c.missions))[:9]
        flight = str(node.options[0].get("flight"))
        player = heuristic("luftwaffe")
        choice = player.choose(s.view("luftwaffe"), node)
        assert (choice.get("to") == s.fl[flight].pos) is stays, (ninth, str(choice))
