""" "Specialization" played through the game state, the dice fixed: the choice in Phase VI
(example 14), the levels used in a Fight against their own category, and the clock (example
15)."""

from __future__ import annotations

from dowding.engine import Action, Chance, Decision
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.reorganization import reorganization_tasks
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_game_examples import _decide, _pool, _table


def _chooser(kills: tuple[str, ...]) -> S303State:
    state = _table()
    state.planes = (
        state.plane("p1")._replace(kills=kills),
        state.plane("p2")._replace(kills=()),
    )
    state.queue = (
        *(t for t in reorganization_tasks(state) if t[0] == "specialize"),
        ("move", "p2"),
    )
    state._node = None
    return state


def test_the_choice_waits_or_takes_a_category_reached() -> None:
    # example 14: 1 fighter and a 1st bomber: Bomber I now, or wait for a 2nd fighter
    state = _chooser(("bf109", "he111"))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    assert set(node.options) == {
        Action("specialize", category="none"),
        Action("specialize", category="bomber"),
    }
    _decide(state, Action("specialize", category="none"))
    assert state.plane("p1").spec == ""
    state = _chooser(("bf109", "he111", "bf109"))
    node = state.next()
    assert isinstance(node, Decision)
    assert Action("specialize", category="fighter") in node.options
    _decide(state, Action("specialize", category="fighter"))
    assert state.plane("p1").spec == "fighter"
    # the choice cannot be changed
    state.queue = (("specialize", "p1"), ("move", "p2"))
    state._advance()
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p2"


def _fight(spec: str, kills: tuple[str, ...], clock: int = 0) -> S303State:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (
        state.plane("p1")._replace(hand=(), spec=spec, kills=kills, clock=clock),
        state.plane("p2")._replace(hand=()),
    )
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    state.apply(Action("roll", d=("blank", "blank")))
    state.apply(_pool(state, ["blank", "blank"]))
    return state


def test_level_three_sets_a_die_and_the_clock_turns_red() -> None:
    state = _fight("fighter", ("bf109",) * 12)  # 12 fighters: level III (reading S3 B)
    node = state.next()
    assert isinstance(node, Decision) and node.prompt.endswith("(level 3)?")
    assert Action("specialize", level=1, die=0) in node.options
    assert Action("specialize", level=2, support="wild") in node.options
    _decide(state, Action("specialize", level=3, die=0, face="hit"))
    assert state.plane("p1").clock == 3
    _decide(state, Action("round", die=0))
    assert state.german("brown-1").damage == 1


def test_level_one_rerolls_a_blue_die() -> None:
    state = _fight("fighter", ("bf109",) * 2)
    node = state.next()
    assert isinstance(node, Decision)
    assert {o.get("level") for o in node.options if o.kind == "specialize"} == {1}
    _decide(state, Action("specialize", level=1, die=1))
    node = state.next()
    assert isinstance(node, Chance) and "reroll" in node.label
    state.apply(Action("roll", d="hit"))
    assert state.fight is not None and state.fight[5] == ("blank", "hit")
    assert state.plane("p1").clock == 1


def test_only_against_its_category_and_on_a_green_clock() -> None:
    state = _fight("bomber", ("he111",) * 8)  # a Bf 109 is no bomber
    node = state.next()
    assert isinstance(node, Decision) and node.options[0].kind == "round"
    state = _fight("fighter", ("bf109",) * 12, clock=1)  # still cooling down
    node = state.next()
    assert isinstance(node, Decision) and node.options[0].kind == "round"


def test_the_clock_moves_back_one_field_each_reorganization() -> None:
    # example 15: level II used -> 2 red fields; after the next Reorganization 1, then green
    from dowding.rulesets.squadron303.reorganization import do_endturn

    state = _table()
    state.planes = (state.plane("p1")._replace(clock=2), state.plane("p2")._replace(clock=1))
    state.queue = ()
    do_endturn(state, ("endturn",))
    assert [p.clock for p in state.planes] == [1, 0]


def test_the_specialization_may_be_chosen_at_the_kill_itself() -> None:
    # "He can NOW choose a Level I Bomber Specialization": offered right after the round that
    # shot down the first bomber, before the Fight goes on (and again in Phase VI if declined)
    state = _table()
    state.germans = (
        German("brown-1", "ju87", "brown", "A7", 2, damage=1),
        German("brown-2", "bf109", "brown", "A7", 2),
    )
    state.planes = (state.plane("p1")._replace(hand=(), ammo=4), state.plane("p2"))
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    state.apply(Action("roll", d=("hit", "hit")))
    state.apply(_pool(state, ["blank"]))  # the Ju 87's black die
    _decide(state, Action("round", die=0))
    assert state.plane("p1").kills == ("ju87",)
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    assert set(node.options) == {
        Action("specialize", category="none"),
        Action("specialize", category="bomber"),
    }
    _decide(state, Action("specialize", category="bomber"))
    assert state.plane("p1").spec == "bomber"
    node = state.next()  # the Fight goes on: round 2 against the Bf 109
    assert isinstance(node, Decision) and Action("next", target="brown-2") in node.options
