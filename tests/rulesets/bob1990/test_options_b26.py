"""B26, option ``bomb_once_per``: a German flight bombs at most once a turn (the default), or
once a Mission Stage (the digest's "Option: once per stage"). Fixed dice: London (3 bombs) takes
one hit in the first stage, and the flight stays over it into the next."""

from __future__ import annotations

from dowding.engine import Action, Decision
from dowding.rulesets.bob1990.components import slug
from dowding.rulesets.bob1990.flights import DOWN, LANDED

from .position import fresh, roll, until

BOMB = Action("bomb", flight="2A", target=slug("London"))


def over_london(**options: object):  # type: ignore[no-untyped-def]
    """2A (3 Bf 109, 3 He 111) over London with mission C11-01, alone on the board, at the
    bombing of the first Mission Stage."""
    s = fresh(**options)
    until(s, "raf_move")
    for f in s.flights_of(2) + s.flights_of(3) + s.flights_of(5):
        if f != "2A":
            s.set(f, status=LANDED)
    for f in s.flights_of(10) + s.flights_of(11) + s.flights_of(12) + s.flights_of(13):
        s.set(f, status=DOWN, pos=None)
        s.unseen[f] = 0
    s.set("2A", pos="I17", airborne=True, rs=True, rs_stop=True)
    for c in s.fb("2A"):
        s.loc[c] = "crb"
    bf109 = [c for c in s.c.decks[2] if s.c.cards[c].aircraft == "Bf 109" and s.loc[c] == "crb"]
    he111 = [c for c in s.c.decks[2] if s.c.cards[c].aircraft == "He 111" and s.loc[c] == "crb"]
    for c in bf109[:3] + he111[:3]:
        s.loc[c] = "fb:2A"
    s.assigned = {2: "C11-01"}
    s.queue = (("bombing",), ("stage_end",))
    s._node = None
    s._advance()
    return s


def bomb_once_then_stay(s) -> Decision:  # type: ignore[no-untyped-def]
    """Bomb London for one hit, see that 2A may not bomb again in this stage, stay over it in
    the next Movement step; the next decision."""
    node = s.next()
    assert isinstance(node, Decision) and BOMB in node.options
    s.apply(BOMB)
    n = s.next().count
    s.apply(roll(roundel=1, blank=n - 1))
    assert s.hits["C11-01"] == 1 and "C11-01" not in s.completed
    node = s.next()  # this stage's bombing is over: the next stage's German move
    assert isinstance(node, Decision) and s.queue[0] == ("lw_move", "2A"), s.queue[:2]
    s.apply(Action("move", flight="2A", to="I17"))
    node = s.next()
    assert isinstance(node, Decision)
    return node


def test_by_default_a_flight_bombs_once_a_turn() -> None:
    s = over_london()
    assert s.options["bomb_once_per"] == "turn"
    node = bomb_once_then_stay(s)
    assert not any(a.kind == "bomb" for a in node.options)
    assert s.queue[0] == ("lw_move", "2A")  # the second stage offered no bombing


def test_bomb_once_per_stage_lets_the_flight_bomb_again_in_the_next_stage() -> None:
    s = over_london(bomb_once_per="stage")
    node = bomb_once_then_stay(s)
    assert s.queue[0][0] == "bombing"
    assert BOMB in node.options
    s.apply(BOMB)
    n = s.next().count
    s.apply(roll(roundel=2, blank=n - 2))
    # 1 + 2 hits of 3 bombs
    assert "C11-01" in s.completed and s.c.missions["C11-01"].target in s.destroyed
