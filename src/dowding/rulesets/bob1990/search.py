"""What the search player (``dowding.bots.ismcts``) needs of bob1990: a rollout policy and a
score for a position it stops short of the end. Both read the imagined state, which the search
player sampled from its own view (``Game.state_from_view``)."""

from __future__ import annotations

import math
import random
from typing import Any

from dowding.engine import Action, Decision, State

from .bots import Bob1990Heuristic
from .components import LUFTFLOTTEN, LW_FLIGHTS, RAF_FLIGHTS
from .flights import (
    LUFTWAFFE,
    MISSIONS_TO_WIN,
    ON_MAP,
    RAF,
    STUKA_TURN,
    TURNS,
    command,
    count,
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
    """The heuristic player's choice for whoever decides, but for the German squadrons shot
    down (B.II.6), where it keeps the bombers (``keep_bombers``), and the German stacks (B.II.2),
    where it puts the bombers together (``bombers_together``)."""
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
    """B.II.6, the German losses: a Ju 87 first while turn 5 (when they all leave) is still to
    come, then the card that bombs least, fighters before bombers. The heuristic loses the
    weakest card by dogfight and bombing dice, bombers first; against the British heuristic,
    heuristic Luftwaffe flights that lose their fighters first won 75 of 100 games (seeds 0-99)
    and 79 of 100 (seeds 100-199) where the heuristic's own choice won 57 and 51: missions are
    won by bombs (B.III), and the fighters leave after the 4th move anyway (B.I.1)."""
    early = state.turn_no < STUKA_TURN

    def value(a: Action) -> tuple[bool, int, str]:
        card = state.c.cards[str(a.get("card"))]
        return (not (early and card.aircraft == "Ju 87"), card.bombing, str(a.get("card")))

    return min(node.options, key=value)


def bombers_together(state: Bob1990State, node: Decision, rng: random.Random) -> Action:
    """B.II.2, the German stacks: the bombers on one stack, the fighters spread over the others,
    a new stack chosen at random among the empty ones (the stacks' numbers are public). The
    heuristic puts its first cards on stacks of one and the rest on one stack, whatever they
    are; against the British heuristic, heuristic Luftwaffe flights (with ``keep_bombers``) that
    stack this way won 92 of 100 games (seeds 0-99) and 185 of 200 (seeds 100-299), where the
    heuristic's stacks won 79 and 150 (``benchmarks/bob1990_policy_trials.py``; measured while a
    new stack was always the next number)."""
    if len(node.options) == 1:
        return node.options[0]
    g = str(state.fight[1])
    deck = state.c.decks[command(g)]
    cards = state.c.cards
    kinds: dict[int, set[bool]] = {}  # each stack's cards: bomber or not
    for cid in deck:
        where = state.loc[cid]
        if where[:6] == "stack:":
            kinds.setdefault(int(where[6:]), set()).add(cards[cid].bombing > 0)
    sizes = state.stack_sizes()
    bomber = cards[state.fb(g)[0]].bombing > 0
    by_n = {count(a.get("n")): a for a in node.options}
    empty = [n for n in by_n if not sizes[n - 1]]
    alike = [n for n, k in kinds.items() if k == {bomber} and n in by_n]
    if bomber and alike:
        return by_n[alike[0]]
    if empty:  # a bomber's first stack, or a fighter opening a new stack while it may
        return by_n[empty[0] if len(empty) == 1 else rng.choice(empty)]
    pool = alike or list(by_n)
    return by_n[min(pool, key=lambda n: (sizes[n - 1], n))]


POSITIVE = LUFTWAFFE  # the side ``evaluate``'s logistic score is the chance of (fit_evaluation.py)

# fitted to heuristic games (benchmarks/fit_evaluation.py --ruleset bob1990 --games 150): the
# chance the German player wins from the features below, on a logistic scale; the last is the
# bias (34,725 positions: held-out log loss 0.574 against 0.689 for a constant; airfield and
# radar missions of 2 bombs, the British heuristic on the largest stack)
WEIGHTS = (-12.7122, -0.785, 0.1141, -0.1202, -0.166, -0.0196, 4.1526)


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
