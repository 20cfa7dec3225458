"""What the search player (``dowding.bots.ismcts``) needs of bob1990: a rollout policy and a
score for a position it stops short of the end. Both read the imagined state, which the search
player sampled from its own view (``Game.state_from_view``)."""

from __future__ import annotations

import math
import random
from typing import Any

from dowding.engine import Action, Decision, State

from .bots import Bob1990Heuristic, loss_order, stack_choice
from .components import LUFTFLOTTEN, LW_FLIGHTS, RAF_FLIGHTS
from .flights import (
    LUFTWAFFE,
    MISSIONS_TO_WIN,
    ON_MAP,
    RAF,
    STUKA_TURN,
    TURNS,
    command,
    dogfight_cards,
)
from .state import Bob1990State

_players: dict[str, Bob1990Heuristic] = {}

# Every strength scores the position straight after the tree (``ismcts.rollout_depth``): at 24
# simulations, rollouts of 8 decisions won 4 of 15 games as the RAF where depth 0 won 5 of the
# same 15 (the heuristic 5), for three times the work a simulation; the simulations are better
# spent widening the tree (docs/benchmarks.md, bob1990, "The search player against the heuristic").
ROLLOUT_DEPTH = 0

# The search leaves its policy only for a choice whose mean is 0.05 better (``ismcts.keep_margin``):
# the score cannot tell most British matches, losses and repairs apart, and where the search
# followed its noise it lost games its policy won (the RAF 25 of seeds 0-59 where the heuristic
# won 27, and 7 of 60 when made to leave the policy; docs/benchmarks.md, bob1990, "Veteran, and
# keeping the policy's pick").
KEEP_POLICY_MARGIN = 0.05


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's choice for whoever decides, from the brief view (without the
    cards), but for the German decisions that read the cards: the squadrons shot down (B.II.6,
    ``keep_bombers``) and the stacks (B.II.2, ``bombers_together``), the heuristic's own rules
    read from the state."""
    node = state.next()
    assert isinstance(node, Decision)
    assert isinstance(state, Bob1990State)
    if node.seat == LUFTWAFFE and len(node.options) > 1:
        kind = node.options[0].kind
        if kind == "lose":
            return keep_bombers(state, node)
        if kind == "stack":
            return bombers_together(state, node, rng)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = Bob1990Heuristic(node.seat)
    view: Any = state.view(node.seat, infostate=False, brief=True)
    return player.choose(view, node)


def keep_bombers(state: Bob1990State, node: Decision) -> Action:
    """B.II.6, the German losses as the heuristic takes them (``bots.loss_order``), read from
    the state."""
    early = state.turn_no < STUKA_TURN
    return min(node.options, key=lambda a: loss_order(state.c, str(a.get("card")), early))


def bombers_together(state: Bob1990State, node: Decision, rng: random.Random) -> Action:
    """B.II.2, the German stacks as the heuristic lays them (``bots.stack_choice``: the bombers
    on one stack, the fighters spread), read from the state rather than the view (a rollout's
    view is the brief one, without the cards)."""
    if len(node.options) == 1:
        return node.options[0]
    g = str(state.fight[1])
    cards = state.c.cards
    kinds: dict[int, set[bool]] = {}  # each stack's cards: bomber or not
    for cid in state.c.decks[command(g)]:
        where = state.loc[cid]
        if where[:6] == "stack:":
            kinds.setdefault(int(where[6:]), set()).add(cards[cid].bombing > 0)
    bomber = cards[state.fb(g)[0]].bombing > 0
    return stack_choice(node, state.stack_sizes(), kinds, bomber, rng)


POSITIVE = LUFTWAFFE  # the side ``evaluate``'s logistic score is the chance of (fit_evaluation.py)

# fitted to heuristic games (benchmarks/fit_evaluation.py --ruleset bob1990 --games 150): the
# chance the German player wins from the features below, on a logistic scale; the last is the
# bias (31,287 positions: held-out log loss 0.565 against 0.725 for a constant; refitted when
# the German heuristic took to stacking its bombers together and the British fighters to 5 and
# 6 dogfight dice, data/squadrons.json)
WEIGHTS = (-16.835, -0.866, 0.1006, -0.0726, 0.2159, -0.0103, 4.7035)


def features(state: State) -> list[float]:
    """Missions still wanted for each mission the turns left can bring (3 a turn, this turn's
    assigned ones counted until done; a hit counts as a part of its mission's bombs), turns left,
    German cards in play, British cards not damaged, Luftflotten in play, and the cards the
    British flights would draw for the dogfights due now (B.II.3: by movement marker, in the
    spaces they share with a German flight), which alone tells a British move from another
    before the dice."""
    assert isinstance(state, Bob1990State)
    in_play = [lf for lf in LUFTFLOTTEN if state.lf_in_play(lf)]
    lw = sum(len(state.unit_cards(lf)) for lf in in_play)
    raf = sum(1 for g in (10, 11, 12, 13) for c in state.c.decks[g] if state.loc[c] != "dmg")
    pending = [m for m in state.assigned.values() if m not in state.completed]
    progress = sum(state.hits.get(m, 0) / state.c.missions[m].bombs for m in pending)
    left = max(0, TURNS - state.turn_no)
    wanted = max(0.0, MISSIONS_TO_WIN - len(state.completed) - progress)
    slots = len(pending) + 3 * left
    return [
        wanted / max(slots, 1),
        float(left),
        float(lw),
        float(raf),
        float(len(in_play)),
        float(_due(state)),
    ]


def _due(state: Bob1990State) -> int:
    """The British cards due in dogfights: each flight sharing a space with a German flight that
    has cards draws all, 2 or 1 of its Flight box by its movement marker (B.II.3)."""
    german = {state.fl[f].pos for f in LW_FLIGHTS if state.fl[f].status == ON_MAP and state.fb(f)}
    due = 0
    for f in RAF_FLIGHTS:
        flight = state.fl[f]
        if flight.status == ON_MAP and not flight.attacked and flight.pos in german:
            size = state.fb_size(f)
            want = dogfight_cards(flight.marker)
            due += size if want is None else min(want, size)
    return due


def evaluate(state: State) -> dict[str, float]:
    z = WEIGHTS[-1] + sum(w * f for w, f in zip(WEIGHTS[:-1], features(state), strict=True))
    p_lw = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {LUFTWAFFE: p_lw, RAF: 1.0 - p_lw}
