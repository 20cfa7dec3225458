"""Secrets told by when a seat is asked, not by what it is sent (issue 10, item 1: what is left).

The RAF sees who is to move and the step under way. A question put to the Luftwaffe only when a
hidden fact holds would tell the RAF that fact, though no string names it. Each test builds two
positions that differ only in what the RAF cannot see (a secret mission, face-down cards) and
plays them the same way: the RAF must see the same thing at every node, whose decision it is
and the public payload (its view and the narration it is told), up to the moment the table itself
shows the difference (a marker placed, a card in the damaged space).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dowding.engine import Action, Decision, view
from dowding.rulesets.bob.state import DAMAGED, BobState, box
from dowding.rulesets.bob.tables import LUFTWAFFE, RAF

from .position import blank, decide, put, roll, run, take

Seen = tuple[object, ...]


def what_the_raf_sees(state: BobState) -> Seen:
    """Whose decision (or a chance), the RAF's whole view and the narration it was just told."""
    node = state.next()
    told = tuple(e.text for e in state.events if e.visible_to(RAF))
    seat = node.seat if isinstance(node, Decision) else None
    return (type(node).__name__, seat, view(state, RAF, infostate=False), told)


def played(state: BobState, moves: list[Callable[[BobState], None]]) -> list[Seen]:
    """What the RAF sees before each move and after the last."""
    out = [what_the_raf_sees(state)]
    for move in moves:
        move(state)
        out.append(what_the_raf_sees(state))
    return out


def play(text: str) -> Callable[[BobState], None]:
    return lambda state: decide(state, text)


# --- Step 5, Bomb Run Marker -----------------------------------------------------------------------
def after_moving(target: str) -> BobState:
    """Luft. 2A flies one space to T34 and stops; its secret mission is against ``target``.
    Luft. 2B waits at W36 to move next."""
    state = blank()
    put(state, "2A", space="U34", cards=take(state, 2, he111=6), mission=target)
    put(state, "2B", space="W36", cards=take(state, 2, bf109=6), mission="biggin-hill")
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    decide(state, "move to=T34")
    return state


def test_the_raf_cannot_tell_a_flight_over_its_secret_target() -> None:
    # Dunkirk (Kent) lies at T34: 2A ends its move over its target in one position, not in the
    # other. Either way the Luftwaffe is asked, and declining the marker leaves no trace.
    over, elsewhere = after_moving("dunkirk-kent"), after_moving("london")
    moves = [play("stop"), play("hold"), play("fly flight=2B")]
    seen_over, seen_elsewhere = played(over, moves), played(elsewhere, moves)
    assert seen_over == seen_elsewhere
    assert seen_over[1][:2] == ("Decision", LUFTWAFFE)  # the Bomb Run Marker question
    assert seen_over[1][2]["step"] == "Step 5, Bomb Run Marker"  # type: ignore[index]


def test_the_marker_question_offers_the_marker_only_over_the_target() -> None:
    # what the Luftwaffe alone is shown: the options differ, the question does not
    over, elsewhere = after_moving("dunkirk-kent"), after_moving("london")
    for state in (over, elsewhere):
        decide(state, "stop")
    assert {o.text for o in over.next().options} == {"bombrun", "hold"}  # type: ignore[union-attr]
    assert [o.text for o in elsewhere.next().options] == ["hold"]  # type: ignore[union-attr]


def test_a_re_deal_for_the_raf_keeps_the_marker_question() -> None:
    # the RAF's search player samples the missions it cannot see: every sample is asked too
    state = after_moving("dunkirk-kent")
    decide(state, "stop")
    seen = view(state, RAF, infostate=False)
    rng = random.Random(7)
    spaces = set()
    for _ in range(20):
        other = state.determinize(RAF, rng)
        node = other.next()
        assert isinstance(node, Decision) and node.seat == LUFTWAFFE
        assert view(other, RAF, infostate=False) == seen
        mission = other.t.missions[other.flights["2A"].mission]
        spaces.add(other.t.targets[mission.target].space)
    # being asked rules nothing out: the samples send 2A against targets away from T34 too
    assert spaces - {"T34"}


# --- Step 7, British Ack-Ack Fire ------------------------------------------------------------------
def over_london(bombers: dict[str, int], fighters: int) -> BobState:
    """Luft. 2A over London with its bombing run marker, its six cards face down to the RAF."""
    state = blank()
    cards = take(state, 2, **bombers, bf109=fighters)
    put(state, "2A", space="Q33", cards=cards, mission="london", fuel=2, bombrun=True)
    assert state.t.targets["london"].space == "Q33"
    run(state, ("battle",))
    return state


def test_the_raf_cannot_tell_whether_the_luftwaffe_had_a_bomber_to_spare() -> None:
    # Two Do 17s (one bombing die each) or one He 111 (two dice), among six cards: the same two
    # bombing dice, the same two crosses, the same two ack-ack dice and one bomber down. With two
    # bombers the Luftwaffe chooses which; with one it loses it. The RAF sees the same either way.
    two, one = over_london({"do17": 2}, 4), over_london({"he111": 1}, 5)
    moves: list[Callable[[BobState], None]] = [
        play("resolve space=Q33"),
        lambda s: roll(s, cross=2, dice=2),  # bombing: two crosses, no hit
        lambda s: roll(s, cross=2, dice=2),  # ack-ack: two crosses, one bomber down
    ]
    seen_two, seen_one = played(two, moves), played(one, moves)
    assert seen_two == seen_one
    assert seen_two[-1][:2] == ("Decision", LUFTWAFFE)
    assert seen_two[-1][2]["step"] == "Step 7, British Ack-Ack Fire"  # type: ignore[index]
    # the Luftwaffe's own options: a real choice with two bombers, the only bomber with one
    assert len(two.next().options) == 2  # type: ignore[union-attr]
    assert len(one.next().options) == 1  # type: ignore[union-attr]
    for state in (two, one):
        node = state.next()
        assert isinstance(node, Decision)
        state.apply(node.options[0])
        assert sum(state.t.cards[c].role == "bomber" for c in state.cards_in(DAMAGED)) == 1


def test_ack_ack_downing_every_bomber_the_flight_has_still_asks() -> None:
    # Two black dice a bomber at most, so ack-ack never downs more bombers than the flight has;
    # when it downs them all the Luftwaffe is asked all the same, with that one answer
    state = over_london({"he111": 1}, 5)
    decide(state, "resolve space=Q33")
    roll(state, cross=2, dice=2)
    roll(state, cross=2, dice=2)
    node = state.next()
    assert isinstance(node, Decision) and node.seat == LUFTWAFFE
    he111 = next(c for c in state.cards_in(box("2A")) if state.t.cards[c].type == "he111")
    assert [o.text for o in node.options] == [Action("lose", cards=(state.t.cards[he111].id,)).text]


def test_a_re_deal_for_the_raf_keeps_the_ack_ack_question() -> None:
    # the RAF's samples of the face-down cards may hold any number of bombers: still a question
    state = over_london({"he111": 1}, 5)
    decide(state, "resolve space=Q33")
    roll(state, cross=2, dice=2)
    roll(state, cross=2, dice=2)
    rng = random.Random(3)
    for _ in range(30):
        node = state.determinize(RAF, rng).next()
        assert isinstance(node, Decision) and node.seat == LUFTWAFFE
