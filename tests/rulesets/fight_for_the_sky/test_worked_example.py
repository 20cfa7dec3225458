"""The rulebook's worked example of play ("How to Play" to "How to Bomb"), replayed with its dice.

Where the booklet does not give a die (the Spitfires' first attack at Rye, the bombers' miss),
the test rolls one the example's result allows; the targets are the test's own choice, as the
booklet does not say them.
"""

from __future__ import annotations

from dowding.engine import Chance, Decision
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.state import FightState


def step(state: FightState, *texts: str) -> None:
    for text in texts:
        node = state.next()
        if text.startswith("roll"):
            assert isinstance(node, Chance), f"expected dice before {text}, got {node}"
        else:
            assert isinstance(node, Decision), f"expected a decision for {text}, got {node}"
        state.apply(text)


def box(state: FightState, side: int) -> int:
    marks = state.marks[side]
    return (marks - 1) % 4 + 1 if marks else 0


def flights(state: FightState, uid: int) -> int:
    return state.unit(uid).flights


def test_worked_example_of_play() -> None:
    s = GAME.new_state("basic")
    # How to Play: the four formations on U6, S9, Q10 and Q12, targets noted in secret
    step(s, "target at=manston", "target at=lympne", "target at=rye", "target at=rye")
    step(s, "assemble at=U6", "assemble at=S9", "assemble at=Q10", "assemble at=Q12")
    # the RAF's first moves: 56 from Rochford via K3-L7, 501 from Gravesend to L8, 32 to J8, 610 to K8
    step(s, "select unit=56", "fly to=L7 unit=56", "select unit=501", "fly to=L8 unit=501")
    step(s, "select unit=32", "fly to=J8 unit=32", "select unit=610", "fly to=K8 unit=610", "end")
    assert s.turn_no == 2
    # turn 2: the formations along the flight paths; Formation Two crosses the coast at O7
    step(
        s,
        "fly from=U6 to=Q6 type=raid",
        "fly from=S9 to=O7 type=raid",
        "fly from=Q10 to=M10 type=raid",
        "fly from=Q12 to=O9 type=raid",
    )
    two = s.form_at("O7")
    three = s.form_at("M10")
    assert two is not None and two.face_up and two.seen
    assert three is not None and not three.face_up
    raf_view = s.view("raf")
    at_m10 = next(f for f in raf_view["formations"] if f["hex"] == "M10")
    assert "units" not in at_m10  # not told what is in it until the attack
    step(s, "select unit=56", "fly to=O7 unit=56", "select unit=501", "fly to=O7 unit=501")
    step(s, "select unit=32", "fly to=M10 unit=32", "select unit=610", "fly to=M10 unit=610")
    step(s, "select unit=41", "fly to=L8 unit=41", "select unit=54", "fly to=L8 unit=54", "end")
    # the dogfight on O7: escorts at 10 (die 2: 1 down), back at 8 (reads 6; die 3: none),
    # bombers at 9 after screening 3 (die 4: 1), Do 17s at 16 (line 15; die 2: none)
    step(s, "attack at=O7")
    assert s.strength("raf", "escort") == (10, "hurricane")
    step(s, "roll d=2")
    assert box(s, 1) == 1
    assert s.strength("escort", "raf") == (8, "me109")
    step(s, "roll d=3")
    assert s.marks[0] == 0
    assert s.strength("raf", "bomber") == (9, "hurricane")
    step(s, "roll d=4")
    assert box(s, 1) == 2
    assert s.strength("bomber", "raf") == (16, "bomber")
    step(s, "roll d=2")
    assert s.marks[0] == 0
    # M10: Hurricane and Spitfire read the Hurricane column; 12 Me 109 flights roll a 6
    step(s, "attack at=M10")
    assert s.strength("raf", "escort") == (10, "hurricane")
    step(s, "roll d=4")
    assert box(s, 1) == 3
    assert s.strength("escort", "raf") == (12, "me109")
    step(s, "roll d=6")
    assert box(s, 0) == 2
    assert s.strength("raf", "bomber") == (8, "hurricane")
    step(s, "roll d=5", "allot unit=35")  # marker on 4: a flight off No. 35
    assert box(s, 1) == 4 and flights(s, 35) == 3
    assert s.strength("bomber", "raf") == (11, "bomber")
    step(s, "roll d=5")
    assert box(s, 0) == 3
    assert s.turn_no == 3
    # the last example: everything but Formation Three, 41 and 54 Squadrons off the board
    s.forms = tuple(f for f in s.forms if f.id == three.id)
    s.raf = tuple(r if r.sqn in ("41", "54") else r._replace(status="out", hex="") for r in s.raf)
    s._node = None
    step(s, "fly from=M10 to=K9 type=raid")  # onto the radar station at Rye
    step(s, "select unit=41", "fly to=K9 unit=41", "select unit=54", "fly to=K9 unit=54")
    step(s, "attack at=K9")
    assert s.strength("raf", "escort") == (10, "spitfire")
    step(s, "roll d=1")
    assert box(s, 1) == 1
    step(s, "roll d=6", "allot unit=41")  # the RAF marker to 4, then back to 1
    assert box(s, 0) == 1 and s.sqn("41").flights == 3
    assert s.strength("raf", "bomber") == (7, "spitfire")
    step(s, "roll d=6")
    assert box(s, 1) == 3
    step(s, "roll d=1")  # the bombers miss
    assert box(s, 0) == 1
    # Rye's AA 1 against 11 bomber flights, die 4: 1 hit and 1 abort; 9 flights bomb, die 5: 1 hit
    step(s, "roll d=4", "allot unit=35")
    assert box(s, 1) == 4 and flights(s, 35) == 2
    step(s, "roll d=5")
    assert s.hits_on("rye") == 1
    assert s.scores()["luftwaffe"] == 2 * 1 + 1  # the RAF flight and the hit on Rye (cap 1)
