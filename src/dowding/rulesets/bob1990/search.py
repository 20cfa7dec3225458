"""What the search player (``dowding.bots.ismcts``) needs of bob1990: a rollout policy and a
score for a position it stops short of the end. Both read the imagined state, which the search
player sampled from its own view (``Game.state_from_view``)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import lru_cache
from typing import Any

from dowding.engine import Action, Decision, State

from .bots import Bob1990Heuristic, loss_order
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
from .odds import dogfight
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
    cards), but for the decisions that read the cards, which the search plays its own way, read
    from the state: the German squadrons shot down (B.II.6, ``keep_bombers``, as the heuristic),
    the German stacks (B.II.2, ``shield_bombers``) and the British matches (B.II.4,
    ``match_plan``). The last two are the search's own: against the heuristic in the other seat
    they won 426 of 600 games as the Luftwaffe where the heuristic's stacks won 324, and 373 of
    600 as the RAF where the heuristic's matches won 276 (seeds 400-999,
    ``benchmarks/bob1990_policy_trials.py``; docs/benchmarks.md, bob1990, "The search's own
    stacks and matches")."""
    node = state.next()
    assert isinstance(node, Decision)
    assert isinstance(state, Bob1990State)
    if len(node.options) > 1:
        kind = node.options[0].kind
        if node.seat == LUFTWAFFE:
            if kind == "lose":
                return keep_bombers(state, node)
            if kind == "stack":
                return shield_bombers(state, node, rng)
        elif kind == "match":
            return match_plan(state, node)
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


def shield_bombers(state: Bob1990State, node: Decision, rng: random.Random) -> Action:
    """B.II.2, the search's German stacks: a fighter opens each empty stack (a lone card, which
    a British flight matched to it can shoot down no more than), every other card goes on the
    largest stack, the bombers with the fighters left over. The British player sees only the
    sizes, and a British flight matched to the large stack meets the fighters' dice, while the
    German losses come off the fighters first (``keep_bombers``). A new stack's number is chosen
    at random among the empty ones, so it tells the British player nothing. The cards are laid
    in their deck's order, bombers first (B24 fills the empty stacks with the last cards)."""
    if len(node.options) == 1:
        return node.options[0]
    g = str(state.fight[1])
    sizes = state.stack_sizes()
    bomber = state.c.cards[state.fb(g)[0]].bombing > 0
    by_n = {count(a.get("n")): a for a in node.options}
    empty = [n for n in by_n if not sizes[n - 1]]
    laid = [n for n in by_n if sizes[n - 1]]
    if laid and (bomber or not empty):
        return by_n[max(laid, key=lambda n: (sizes[n - 1], -n))]
    return by_n[empty[0] if len(empty) == 1 else rng.choice(empty)]


# B.II.4: the black dice a German card is guessed to roll in the British player's match, while
# its flight's fighters are still with it (a Bf 109 rolls 4, a Bf 110 3, a bomber 1); once they
# have left (B.I.1, public) every card is a bomber's 1. Chosen among 2, 2.5 and 3 by the RAF's
# wins against the heuristic Luftwaffe, seeds 0-399 (243, 263, 256 of 400; the heuristic's 192).
GERMAN_DICE_A_CARD = 2.5
# a British card not yet drawn: 28 Hurricanes at 5 dice, 18 Spitfires at 6, 2 Defiants at 2
BRITISH_DICE_A_CARD = 5.2


@lru_cache(maxsize=4096)
def pair_value(raf_dice: int, luftwaffe_dice: int, hand: int, stack: int) -> float:
    """B.II.5: the German cards a matched pair is expected to shoot down less the British ones
    (``odds.dogfight``, exact), each side's losses capped by its cards in the pair."""
    odds = dogfight(raf_dice, luftwaffe_dice, hand, stack)
    return float(odds["expected_luftwaffe_cards_lost"]) - float(odds["expected_raf_cards_lost"])


def match_plan(state: Bob1990State, node: Decision) -> Action:
    """B.II.4, the search's British matches: every British flight of the fight still to match,
    with the cards it drew (its own, seen), is planned at once against the stacks left, each
    flight to one stack or held back, for the most German cards shot down less British ones
    expected (``pair_value``); this flight's part of that plan is its choice. Against the
    heuristic Luftwaffe this won 373 of 600 games (seeds 400-999) where the heuristic's "each
    flight on the largest stack left" won 276: it keeps a flight of one card off the stack a
    flight of three can shoot down whole. At least one flight attacks (B24)."""
    _space, g, stacks, pairs = state.fight
    taken = {k for _, k in pairs}
    free = [k for k in range(1, stacks + 1) if k not in taken]
    sizes = state.stack_sizes()
    per_card = 1.0 if state.fl[str(g)].nofighters else GERMAN_DICE_A_CARD
    # the flights after this one draw their unseen cards just before they match (B.II.3), so
    # those cards are counted at a British card's mean dice
    later = [str(t[1]) for t in state.queue[1:] if t[0] == "match"]
    unseen = Counter(str(t[1]) for t in state.queue[1:] if t[0] == "raf_draw")
    hands: dict[str, tuple[int, int]] = {}
    for f in [str(node.options[0].get("flight")), *later]:
        cards = state.cards_at("hand:" + f, command(f))
        if cards or unseen[f]:
            dice = sum(state.c.cards[c].dogfight for c in cards)
            hands[f] = (dice + round(BRITISH_DICE_A_CARD * unseen[f]), len(cards) + unseen[f])
    flights = list(hands)
    best: dict[str, int] = {}
    best_value = -math.inf
    # each free stack to a different flight or to none (at most 3 stacks)
    for plan in itertools.product([None, *flights], repeat=len(free)):
        chosen = [f for f in plan if f is not None]
        if len(chosen) != len(set(chosen)) or (not chosen and not pairs):
            continue
        value = 0.0
        for k, f in zip(free, plan, strict=True):
            if f is not None:
                dice, hand = hands[f]
                stack = sizes[k - 1]
                value += pair_value(dice, round(per_card * stack), hand, stack)
        if value > best_value + 1e-9:
            best_value = value
            best = {f: k for k, f in zip(free, plan, strict=True) if f is not None}
    want = best.get(flights[0], 0) if flights else 0
    for a in node.options:
        if count(a.get("stack")) == want:
            return a
    return node.options[0]


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
