""" "Solo game": one player flies a Leader (the hand) and a Wingman (cards on the table): the
Leader's card moves both, the Wingman's Fight takes cards from the table and the hand, a
Wingman without cards makes the Leader discard, and the other pilot leads when the Leader
lands or is shot down."""

from __future__ import annotations

import random

from dowding.engine import Action, Chance, Decision
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.players import movement_tasks
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_game_examples import _decide, _pool
from tests.rulesets.squadron303.test_state import GAME


def _solo() -> S303State:
    state = GAME.new_state("blitz", {"players": 1})
    rng = random.Random(4)
    while state.turn_no == 0:
        node = state.next()
        assert isinstance(node, Chance)
        state.apply(node.sample(rng))
    leader = state.plane("p1")._replace(area="A7", hand=("c03", "c10"), pilot="paszkiewicz")
    wingman = state.plane("p1w")._replace(area="A7", hand=("c05",), pilot="zumbach")
    state.planes = (leader, wingman)
    return state


def test_one_leader_card_moves_both() -> None:
    state = _solo()
    state.queue = (*movement_tasks(state), ("step", "combat"))
    state._node = None
    node = state.next()
    assert isinstance(node, Decision) and Action("boost", card="c03") in node.options
    move = state.comp.card("c03").move
    _decide(state, Action("boost", card="c03"))
    assert state.plane("p1").moves_left == 1 + move
    assert state.plane("p1w").moves_left == 1 + move  # the Wingman flies on the Leader's card
    _decide(state, Action("stop"))
    node = state.next()
    assert isinstance(node, Decision) and not any(o.kind == "boost" for o in node.options)


def test_the_wingmans_fight_takes_cards_from_the_table_and_the_hand() -> None:
    state = _solo()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.queue = (("fight", "p1w"), ("move", "p1"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    state.apply(Action("roll", d=("hit", "blank")))
    state.apply(_pool(state, ["blank", "blank"]))
    # the Leader's cards can be a Support, offered before the round is chosen: none here
    _decide(state, Action("pass"))
    node = state.next()
    assert isinstance(node, Decision)
    cards = {o.get("card") for o in node.options if o.get("card")}
    assert cards == {"c03", "c05", "c10"}
    _decide(state, Action("round", die=0, card="c10", use=0))
    assert state.plane("p1").hand == ("c03",) and state.plane("p1w").hand == ("c05",)


def test_a_wingman_without_cards_makes_the_leader_discard() -> None:
    state = _solo()
    state.planes = (state.plane("p1"), state.plane("p1w")._replace(hand=()))
    state.queue = (("token", "p1w"), ("move", "p1"))
    state._node = None
    state.apply(Action("draw", item="discard_card"))
    node = state.next()
    assert isinstance(node, Decision) and node.prompt.startswith("p1: discard one Combat card")


def test_the_wingman_leads_when_the_leader_lands() -> None:
    state = _solo()
    state.planes = (
        state.plane("p1")._replace(area="biggin-hill", moves_left=0),
        state.plane("p1w")._replace(moves_left=0),
    )
    state.queue = (("move", "p1"), ("move", "p1w"))
    state._node = None
    _decide(state, Action("land"))
    p1, p1w = state.plane("p1"), state.plane("p1w")
    assert (p1.role, p1w.role) == ("wingman", "leader")
    assert p1w.hand == ("c03", "c10") and p1.hand == ("c05",)  # the hand goes with the lead


def test_lokuciewski_as_leader_keeps_three_and_splits_them() -> None:
    # "Solo game": "Łokuciewski as Leader: draw 5, keep 3, split freely"
    state = _solo()
    state.planes = (
        state.plane("p1")._replace(pilot="lokuciewski", ability=True, hand=()),
        state.plane("p1w")._replace(hand=()),
    )
    state.queue = (("loku", "p1"), ("move", "p1"))
    state._node = None
    _decide(state, Action("lokuciewski", take="deck"))
    drawn = sorted(set(state.deck))[:5]
    for card in drawn:
        state.apply(Action("draw", item=card))
    for card in drawn[:2]:
        _decide(state, Action("discard", card=card))
    _decide(state, Action("split", card=drawn[2]))
    _decide(state, Action("split", card="none"))
    assert state.plane("p1").hand == tuple(drawn[3:]) and state.plane("p1w").hand == (drawn[2],)
