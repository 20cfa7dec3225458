"""The heuristic players of both sides; they decide from the seat's view alone.

German: take the nearest missions (the fewer bombs the better), reinforce every flight,
fly bombers to the target over a radar-scanned space and home within the fuel left, bomb when
over it, put a flight's bombers on one stack and its fighters on the others, lose a Ju 87
before turn 5 and then the card that bombs least. British: fill the Flight boxes, meet German
flights that are within reach (as short a move as possible: a flight that moves draws fewer
cards, B.II.3), else close on the nearest one; attack with every flight, each on the largest
stack left; repair squadrons and bases about evenly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from dowding.engine import Action, Decision

from .components import BOX, Components, components_for
from .flights import LUFTWAFFE, MISSIONS_TO_WIN, RAF, STUKA_TURN, command, count

View = dict[str, Any]


class Bob1990Heuristic:
    # it never reads the view's infostate (its rollouts read the brief view: ``search.py``)
    view_options: ClassVar[dict[str, bool]] = {"infostate": False}

    def __init__(self, seat: str, seed: int = 0, strength: str | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: View, decision: Decision) -> Action:
        options = decision.options
        if len(options) == 1:
            return options[0]
        c = components_for(view)
        handler = HANDLERS.get((decision.seat, options[0].kind))
        if handler is None:
            return options[0]
        choice = handler(self, view, decision, c)
        return choice if choice in options else options[0]

    # --- German ----------------------------------------------------------------------------
    def _assign(self, v: View, d: Decision, c: Components) -> Action:
        lf = int(d.prompt.split("Luftflotte ")[1].split()[0])
        homes = [c.board.lw_airfield(f) for f in _lf_flights(lf)]

        def cost(a: Action) -> float:
            card = c.missions[str(a.get("mission"))]
            names = [card.target] if card.target else _bases(c, card.group, card.kind)
            dist = min(c.board.distance(h, c.board.space_of(str(n))) for h in homes for n in names)
            return dist + 0.75 * (card.bombs - 1) + (99 if 2 * dist > 14 else 0)

        return min(d.options, key=cost)

    def _reinforce(self, v: View, d: Decision, c: Components) -> Action:
        return next(a for a in d.options if a.kind == "reinforce")

    def _lw_move(self, v: View, d: Decision, c: Components) -> Action:
        f = str(d.options[0].get("flight"))
        me = v["flights"][f]
        pos = me["pos"]
        if _won_unless_worn(v):
            # B12 as (a): nine missions done, a flight on its airfield stays there, one in the
            # air makes for home
            stay = [a for a in d.options if a.get("to") == pos]
            if stay and not me["airborne"]:
                return stay[0]
        used = set(me["fuel_used"])
        free = [k for k in range(1, 6) if k not in used]
        board = c.board
        homes = list(c.lw_airfields)
        goal = None
        if not me["bombed"] and me["airborne"] is not None and not _won_unless_worn(v):
            goal = _lf_target(v, c, command(f))
        want_rs = not me["rs"]

        def marker_after(dist: int) -> list[int]:
            k = next((m for m in free if m >= max(dist, 1)), free[-1])
            return [m for m in free if m != k]

        def score(a: Action) -> float:
            to = str(a.get("to"))
            dist = board.distance(pos, to)
            left = marker_after(dist)
            home = min(board.distance(to, h) for h in homes)
            if home > sum(left):
                return 1000.0 + home - sum(left)
            s = 0.0
            if goal is not None and me["cards"]:
                s += 3.0 * board.distance(to, goal)
            else:
                s += 3.0 * home
            if want_rs and to in c.rs:
                s -= 2.0
            if to in c.lw_airfields and want_rs:
                s += 5.0  # cannot land before entering a radar-scanned space
            return s + 0.1 * dist

        return min(d.options, key=score)

    def _stack(self, v: View, d: Decision, c: Components) -> Action:
        """B.II.2: the bombers on one stack, the fighters spread over the others
        (``stack_choice``), from the German player's own cards in the view."""
        cards = v.get("cards")
        g = str(v["fight"]["flight"])
        in_box = set((cards or {}).get("fb:" + g, ()))
        if not in_box:  # a brief view, without the cards (search rollouts stack from the state)
            return self._stack_blind(v, d)
        deck = c.decks[command(g)]
        # the card to lay: the first of the box in its deck's order
        bomber = next((c.cards[cid].bombing > 0 for cid in deck if cid in in_box), False)
        kinds = {
            int(place[6:]): {c.cards[cid].bombing > 0 for cid in ids}
            for place, ids in cards.items()
            if place[:6] == "stack:"
        }
        return stack_choice(d, v["fight"]["sizes"], kinds, bomber, self.rng)

    def _stack_blind(self, v: View, d: Decision) -> Action:
        """Without the cards: one on a stack of its own while a stack is empty, the rest on the
        largest; which stack, at random."""
        sizes = v["fight"]["sizes"]
        empty = [a for a in d.options if not sizes[count(a.get("n")) - 1]]
        if empty:
            return empty[0] if len(empty) == 1 else self.rng.choice(empty)
        most = max(sizes[count(a.get("n")) - 1] for a in d.options)
        largest = [a for a in d.options if sizes[count(a.get("n")) - 1] == most]
        return largest[0] if len(largest) == 1 else self.rng.choice(largest)

    def _bomb(self, v: View, d: Decision, c: Components) -> Action:
        return d.options[0]

    def _lose(self, v: View, d: Decision, c: Components) -> Action:
        early = int(v["turn"]) < STUKA_TURN
        return min(d.options, key=lambda a: loss_order(c, str(a.get("card")), early))

    # --- British -----------------------------------------------------------------------------
    def _refill(self, v: View, d: Decision, c: Components) -> Action:
        return max(d.options, key=lambda a: count(a.get("n")))

    def _raf_move(self, v: View, d: Decision, c: Components) -> Action:
        f = str(d.options[0].get("flight"))
        me = v["flights"][f]
        pos = me["pos"]
        if _won_unless_worn(v):
            # B12 as (a): nine missions done, a flight on its airfield stays there, one in the
            # air makes for home
            stay = [a for a in d.options if a.get("to") == pos]
            if stay and not me["airborne"]:
                return stay[0]
        board = c.board
        enemies = {
            g["pos"]
            for name, g in v["flights"].items()
            if command(name) < 10 and g["status"] == "map" and g["pos"] and g["cards"]
        }
        options = {str(a.get("to")): a for a in d.options}
        hits = [s for s in options if s in enemies]
        if hits:
            return options[min(hits, key=lambda s: (board.distance(pos, s), s))]
        # B.I.3: none in reach; close on the nearest German flight so that it is in reach after
        # its next move (the German flights move first each stage) rather than wait at home
        near = [s for s in enemies if s != BOX]
        if near and me["cards"]:
            return options[
                min(
                    options,
                    key=lambda s: (min(board.distance(s, e) for e in near), board.distance(pos, s)),
                )
            ]
        base = board.space_of(me["base"]) if me["base"] else pos
        return options[
            min(options, key=lambda s: (board.distance(s, base), board.distance(pos, s)))
        ]

    def _first(self, v: View, d: Decision, c: Components) -> Action:
        return d.options[0]

    def _attack(self, v: View, d: Decision, c: Components) -> Action:
        return max(d.options, key=lambda a: v["flights"][str(a.get("flight"))]["cards"])

    def _match(self, v: View, d: Decision, c: Components) -> Action:
        """B.II.4: the largest stack left (the stacks' sizes are public): 3 hits down the first
        card and 2 each more, so hits on a big stack are wasted least."""
        live = [a for a in d.options if count(a.get("stack"))]
        if not live:
            return d.options[0]
        sizes = v["fight"]["sizes"]
        return max(live, key=lambda a: (sizes[count(a.get("stack")) - 1], -count(a.get("stack"))))

    def _raf_lose(self, v: View, d: Decision, c: Components) -> Action:
        return min(d.options, key=lambda a: c.cards[str(a.get("card"))].dogfight)

    def _fix(self, v: View, d: Decision, c: Components) -> Action:
        return max(d.options, key=lambda a: _fix_value(c, a))

    def _repair(self, v: View, d: Decision, c: Components) -> Action:
        n = max(count(a.get("squadrons")) for a in d.options)
        want = max(0, n - 6)  # about one base repaired, the rest on squadrons
        return min(d.options, key=lambda a: abs(count(a.get("squadrons")) - max(want, n // 2)))


def _fix_value(c: Components, a: Action) -> float:
    card = a.get("card")
    if card is not None:
        return c.cards[str(card)].dogfight
    name = c.by_slug[str(a.get("base"))]
    return 10.0 if c.board.features[name].kind == "raf_airfield" else 5.0


def _lf_flights(lf: int) -> list[str]:
    return {2: ["2A", "2B", "2C"], 3: ["3A", "3B", "3C"], 5: ["5A"]}[lf]


def _bases(c: Components, group: int, kind: str) -> tuple[str, ...]:
    b = c.bases[group]
    return b.airfield if kind == "airfield" else b.radar


def _won_unless_worn(v: View) -> bool:
    """B12 read as (a), option ``end_on_ninth`` off: with 9 missions done the German player
    wins at turn 8's C.I unless no Luftflotte is working by then, so he keeps his flights from
    the RAF."""
    return not v.get("end_on_ninth", True) and len(v["missions"]["completed"]) >= MISSIONS_TO_WIN


def _lf_target(v: View, c: Components, lf: int) -> str | None:
    """The space of the Luftflotte's target (the nearest one an unflipped card allows)."""
    missions = v["missions"]
    mission = missions["assigned"].get(str(lf))
    if mission is None or mission == "face down" or mission in missions["completed"]:
        return None
    flipped = missions["targets"].get(str(lf))
    if flipped:
        return c.board.space_of(flipped)
    card = c.missions[mission]
    names = [card.target] if card.target else _bases(c, card.group, card.kind)
    standing = [str(n) for n in names if n not in v["destroyed"]]
    if not standing:
        return None
    homes = [c.board.lw_airfield(f) for f in _lf_flights(lf)]
    best = min(standing, key=lambda n: min(c.board.distance(h, c.board.space_of(n)) for h in homes))
    return c.board.space_of(best)


def loss_order(c: Components, card_id: str, early: bool) -> tuple[bool, int, str]:
    """B.II.6, the German losses, least wanted first: a Ju 87 while turn 5 (when they all leave)
    is still to come, then the card that bombs least, fighters before bombers. Missions are won
    by bombs (B.III) and the fighters leave after the 4th move anyway (B.I.1): against the
    British heuristic, German flights losing this way won 75 of 100 games (seeds 0-99) and 79
    of 100 (seeds 100-199) where losing the fewest dogfight and bombing dice won 57 and 51."""
    card = c.cards[card_id]
    return (not (early and card.aircraft == "Ju 87"), card.bombing, card_id)


def stack_choice(
    d: Decision, sizes: list[int], kinds: dict[int, set[bool]], bomber: bool, rng: random.Random
) -> Action:
    """B.II.2, the German stacks: the bombers on one stack, the fighters spread over the
    others, a new stack chosen at random among the empty ones (the stacks' numbers are public).
    ``kinds``: each stack's cards, bomber or not; ``bomber``: whether the card to lay is one.
    Against the British heuristic, German flights stacking this way (with ``loss_order``) won
    92 of 100 games (seeds 0-99) and 185 of 200 (seeds 100-299), where a card on a stack of its
    own while one is empty and the rest on the largest won 79 and 150
    (``benchmarks/bob1990_policy_trials.py``)."""
    if len(d.options) == 1:
        return d.options[0]
    by_n = {count(a.get("n")): a for a in d.options}
    empty = [n for n in by_n if not sizes[n - 1]]
    alike = [n for n, k in kinds.items() if k == {bomber} and n in by_n]
    if bomber and alike:
        return by_n[alike[0]]
    if empty:  # a bomber's first stack, or a fighter opening a new stack while it may
        return by_n[empty[0] if len(empty) == 1 else rng.choice(empty)]
    pool = alike or list(by_n)
    return by_n[min(pool, key=lambda n: (sizes[n - 1], n))]


Handler = Callable[[Bob1990Heuristic, View, Decision, Components], Action]
HANDLERS: dict[tuple[str, str], Handler] = {
    (LUFTWAFFE, "assign"): Bob1990Heuristic._assign,
    (LUFTWAFFE, "reinforce"): Bob1990Heuristic._reinforce,
    (LUFTWAFFE, "move"): Bob1990Heuristic._lw_move,
    (LUFTWAFFE, "stack"): Bob1990Heuristic._stack,
    (LUFTWAFFE, "bomb"): Bob1990Heuristic._bomb,
    (LUFTWAFFE, "lose"): Bob1990Heuristic._lose,
    (RAF, "refill"): Bob1990Heuristic._refill,
    (RAF, "move"): Bob1990Heuristic._raf_move,
    (RAF, "dogfight"): Bob1990Heuristic._first,
    (RAF, "attack"): Bob1990Heuristic._attack,
    (RAF, "match"): Bob1990Heuristic._match,
    (RAF, "lose"): Bob1990Heuristic._raf_lose,
    (RAF, "donate"): Bob1990Heuristic._first,
    (RAF, "repair"): Bob1990Heuristic._repair,
    (RAF, "wait"): Bob1990Heuristic._first,
    (RAF, "fix"): Bob1990Heuristic._fix,
    (RAF, "next"): Bob1990Heuristic._first,
    (LUFTWAFFE, "next"): Bob1990Heuristic._first,
}


def heuristic(seat: str, seed: int = 0, strength: str | None = None) -> Bob1990Heuristic:
    return Bob1990Heuristic(seat, seed, strength)


PLAYERS = {"heuristic": heuristic}
