"""Issue 11, more: two readings of the booklet the first tests left unchecked, each built the
way tests/rulesets/fight_for_the_sky/test_issue11.py builds its positions."""

from __future__ import annotations

from dowding.engine import Decision
from dowding.rulesets.fight_for_the_sky.counters import PATROL
from dowding.rulesets.fight_for_the_sky.state import FightState

from .position import blank, formation, run


def _units_seen(s: FightState, hex_: str) -> list[tuple[int, str]] | None:
    """The units the RAF's view shows in the formation on ``hex_`` (None: not shown)."""
    view = s.view("raf")
    entry = next(f for f in view["formations"] if f["hex"] == hex_)
    if "units" not in entry:
        return None
    return [(u["id"], u["type"]) for u in entry["units"]]


# --- Notes on Movement; docs/rules/fight-for-the-sky.md, "A face-up formation's contents after
# its crossing turn" ---------------------------------------------------------------------------
def test_a_face_up_formations_contents_stay_in_the_rafs_view_on_later_turns() -> None:
    # The booklet: the RAF "may look through it ... only on the turn that the coast is
    # crossed", and "Once a formation has been turned face up it stays that way". The reading:
    # it limits the looking, not the memory, so the view keeps showing what the RAF saw.
    s = blank("basic")
    units = (31, 32, 33, 34, 50, 51)
    formation(s, units, "S9", "lympne")
    assert _units_seen(s, "S9") is None  # face down over the sea: not looked through
    node = run(s, ("lw_move",))
    assert isinstance(node, Decision)
    s.apply("fly from=S9 to=O7 type=raid")  # crosses the English coast on turn 3
    crossing = s.turn_no
    seen = _units_seen(s, "O7")
    assert seen is not None and {uid for uid, _ in seen} == set(units)
    # the next turn, through the end of the turn as the game plays it
    node = run(s, ("end_turn",))
    assert s.turn_no == crossing + 1
    assert isinstance(node, Decision) and node.seat == "luftwaffe"
    assert _units_seen(s, "O7") == seen  # before it moves again
    fly = next(str(o) for o in node.options if o.kind == "fly")
    s.apply(fly)  # a move inland: no coast crossed this turn
    there = s.forms[0].hex
    assert there != "O7"
    assert _units_seen(s, there) == seen
    # and the turn after that
    run(s, ("end_turn",))
    assert s.turn_no == crossing + 2
    assert _units_seen(s, there) == seen


# --- How to Make Up Your Formations (Hunter Packs); commit d0091fb ----------------------------
def test_a_cancelled_patrol_make_up_counts_against_the_four_a_turn() -> None:
    # "He may put together up to 4 formations per turn": a make-up begun and given up still
    # counts (d0091fb), so a turn's forming always comes to an end
    s = blank("intermediate", hunter_packs=True)
    limit = s.rules.formations_per_turn
    assert limit == 4
    run(s, ("form",))
    for n in range(limit):
        node = s.next()
        assert isinstance(node, Decision)
        assert "form type=patrol" in {str(o) for o in node.options}, n
        s.apply("form type=patrol")
        pick = s.next()
        assert isinstance(pick, Decision)
        if n == 0:  # the first make-up takes a fighter before it is given up
            add = next(o for o in pick.options if o.kind == "add")
            s.apply(add)
            pick = s.next()
            assert isinstance(pick, Decision)
        s.apply("cancel")
        assert not any(f.kind == PATROL for f in s.forms)  # nothing formed
    assert s.formed == limit
    node = s.next()
    assert isinstance(node, Decision)
    assert {str(o) for o in node.options} == {"done", "finish"}  # no fifth make-up this turn
