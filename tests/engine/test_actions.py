"""Action: a small hashable value with a stable text form (STYLE.md principle 2)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dowding.engine import Action
from dowding.engine.actions import number


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Action("pass"), "pass"),
        (Action("move", turn=30), "move turn=30"),
        (Action("move", turn=30, flight="b", alt=2), "move alt=2 flight=b turn=30"),
        (Action("climb", rate=1.5), "climb rate=1.5"),
        (Action("climb", rate=1.0), "climb rate=1"),
        (Action("climb", rate=2.675), "climb rate=2.67"),  # 2.675 is 2.67499... as a double
        (Action("climb", rate=1 / 3), "climb rate=0.33"),
        (Action("climb", rate=-0.004), "climb rate=0"),
        (Action("roll", d=(3, 5)), "roll d=3,5"),
        (Action("roll", d=["cross", 2.5, True]), "roll d=cross,2.5,1"),
        (Action("order", go=True, stop=False), "order go=1 stop=0"),
        (Action("land_at", base="kenley"), "land_at base=kenley"),
    ],
)
def test_text_form(action: Action, text: str) -> None:
    assert action.text == str(action) == text
    assert Action.parse(text) == action
    assert Action.parse(text).args == action.args
    assert repr(action) == f"Action({text!r})"


def test_keys_are_sorted_so_equal_actions_print_alike() -> None:
    a, b = Action("k", z=1, a=2, m=(1, 2)), Action("k", m=(1, 2), a=2, z=1)
    assert a == b and hash(a) == hash(b) and a.text == b.text == "k a=2 m=1,2 z=1"
    assert Action.parse("k z=1 a=2 m=1,2") == a


def test_floats_keep_two_decimals() -> None:
    assert Action("x", v=0.1 + 0.2) == Action("x", v=0.3)
    assert Action("x", v=12.345678).get("v") == 12.35
    assert Action.parse("x v=0.30000000001") == Action("x", v=0.3)
    assert Action.parse("x v=4.0").get("v") == 4 and isinstance(
        Action.parse("x v=4.0").get("v"), int
    )
    assert Action.parse("x v=-1.25,7").get("v") == (-1.25, 7)


def test_equality_hashing_and_order() -> None:
    a, b, c = Action("a", n=1), Action("a", n=1), Action("a", n=2)
    assert a == b and a != c and a != "a n=1" and len({a, b, c}) == 2
    assert sorted([c, a]) == [a, c]
    assert {a: "x"}[Action.parse("a n=1")] == "x"


def test_immutable_and_picklable() -> None:
    action = Action("move", turn=30, path=(1, 2))
    with pytest.raises(AttributeError):
        action.kind = "other"
    assert pickle.loads(pickle.dumps(action)) == action


def test_accessors() -> None:
    action = Action("move", turn=30, flight="b", path=(1, 2))
    assert action.get("turn") == 30 and action.get("nope") is None and action.get("nope", 7) == 7
    assert action.number("turn") == 30.0 and action.word("flight") == "b"
    with pytest.raises(ValueError, match="needs a number for flight="):
        action.number("flight")
    with pytest.raises(ValueError, match="needs path=<name>"):
        action.word("path")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty input"),
        ("   ", "empty input"),
        ("move turn", "'turn' is not of the form key=value"),
        ("move =3", "'=3' is not of the form key=value"),
        ("move turn=", "'turn=' is not of the form key=value"),
        ("move turn=1 turn=2", "'turn' is given twice"),
        ("move turn=inf", "'inf' is not a finite number"),
        ("move turn=nan", "'nan' is not a finite number"),
        ("mo!ve", "bad action kind 'mo!ve'"),
    ],
)
def test_bad_text_is_refused_readably(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        Action.parse(text)


def test_bad_construction_is_refused() -> None:
    with pytest.raises(ValueError, match="bad action kind"):
        Action("")
    with pytest.raises(ValueError, match="bad action kind"):
        Action("two words")
    with pytest.raises(TypeError, match="nested tuples"):
        Action("x", v=((1, 2), 3))
    with pytest.raises(TypeError, match="unsupported action value"):
        Action("x", v={"a": 1})
    with pytest.raises(ValueError, match="must be text"):
        Action.parse(3)  # type: ignore[arg-type]


# --- property: every action built from words and numbers round-trips through its text --------

words = st.from_regex(r"[a-z][a-z0-9_\-]{0,8}", fullmatch=True).filter(
    lambda w: w not in ("nan", "inf", "infinity")
)
numbers = st.integers(-(10**12), 10**12) | st.floats(-1e9, 1e9, allow_nan=False)
scalars = words | numbers
values = scalars | st.lists(scalars, min_size=2, max_size=5).map(tuple)
kinds = st.from_regex(r"[a-z][a-z0-9_\-]{0,10}", fullmatch=True)


@settings(derandomize=True, database=None, deadline=None, max_examples=300)
@given(kinds, st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True), values))
def test_round_trip_property(kind: str, args: dict[str, object]) -> None:
    action = Action(kind, **args)
    again = Action.parse(action.text)
    assert again == action and again.args == action.args and again.text == action.text
    assert hash(again) == hash(action)
    fast = Action.trusted(kind, *action.args)
    assert fast == action and fast.args == action.args and hash(fast) == hash(action)


@settings(derandomize=True, database=None, deadline=None)
@given(st.floats(-1e9, 1e9))
def test_number_is_how_actions_keep_numbers(value: float) -> None:
    assert number(value) == Action("x", v=value).get("v")
    assert type(number(value)) is type(Action("x", v=value).get("v"))


# --- the constructor refuses what its text form could not carry --------------------------------


@pytest.mark.parametrize(
    "args",
    [
        pytest.param({"v": float("inf")}, id="infinite-float"),
        pytest.param({"v": float("nan")}, id="nan"),
        pytest.param({"v": "two words"}, id="word-with-space"),
        pytest.param({"v": ""}, id="empty-word"),
        pytest.param({"v": ()}, id="empty-tuple"),
        pytest.param({"v": "1.50"}, id="numeric-looking-word"),
        pytest.param({"v": "nan"}, id="word-nan"),
        pytest.param({"a b": 1}, id="key-with-space"),
    ],
)
def test_constructor_refuses_what_text_cannot_carry(args: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Action("x", **args)


def test_one_element_tuple_round_trips() -> None:
    action = Action("roll", d=(1,))
    assert Action.parse(action.text).args == action.args
