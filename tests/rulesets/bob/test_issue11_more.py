"""Issue 11, more, for bob: what the other side sees of a dogfight (docs/rules/bob-bots.md, "What
the view should add": "The card left in the air after winning a dogfight is already there: it
stays on the table face up, and the view's `air_combat` shows its id; only a card chosen and not
yet rolled shows as "chosen" to the other side"). Positions built as tests/rulesets/bob/
test_rules.py builds its dogfights."""

from __future__ import annotations

from typing import Any

from dowding.engine import Draw
from dowding.rulesets.bob.state import DAMAGED, BobState, box
from dowding.rulesets.bob.tables import LUFTWAFFE, RAF

from .position import blank, decide, decision, draw, loc, move_cards, put, roll, run, take


def _air_combat(state: BobState, seat: str | None) -> dict[str, Any]:
    fight: dict[str, Any] = state.view(seat)["air_combat"]
    assert fight is not None and fight["kind"] == "dogfight"
    return fight


def test_the_card_left_in_the_air_after_a_dogfight_is_shown_by_its_id() -> None:
    state = blank()
    spitfire, hurricane = take(state, 11, spitfire=1, hurricane=1)
    do17, he111 = take(state, 2, do17=1, he111=1)
    move_cards(state, [do17, he111], box("2A"))
    move_cards(state, [spitfire, hurricane], box("11B"))
    put(state, "2A", space="P38", fuel=2)
    put(state, "11B", space="P38")
    state.combat = {"P38": "dogfight"}
    state.markers = 4
    run(state, ("battle",))
    decide(state, "resolve space=P38")
    # the Luftwaffe chooses first: to the RAF its card is "chosen", not yet shown
    assert decision(state).seat == LUFTWAFFE
    decide(state, f"pick card={do17}")
    assert _air_combat(state, RAF)["luftwaffe_card"] == "chosen"
    assert _air_combat(state, LUFTWAFFE)["luftwaffe_card"] == do17
    assert decision(state).seat == RAF
    decide(state, f"pick card={spitfire}")
    # the Spitfire wins: 2 crosses on the Do 17 (damage 2), no roundel on the Spitfire
    roll(state, cross=2)
    roll(state)
    assert loc(state, do17) == DAMAGED and loc(state, spitfire) == box("11B")
    node = state.next()  # the RAF draws the Luftwaffe's next card: the Spitfire stays up
    assert isinstance(node, Draw)
    for seat in (LUFTWAFFE, RAF, None):
        fight = _air_combat(state, seat)
        assert fight["raf_card"] == spitfire, seat  # its id, to the other side too
        assert fight["raf_wins"] == 1 and fight["luftwaffe_card"] is None
    draw(state, he111)
    # the next dogfight: the Spitfire still in the air, shown by its id before the dice
    fight = _air_combat(state, LUFTWAFFE)
    assert fight["raf_card"] == spitfire and fight["luftwaffe_card"] == he111
