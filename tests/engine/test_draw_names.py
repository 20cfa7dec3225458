"""A Draw with its items in words: a player at a table types what is printed on the card."""

from __future__ import annotations

import pytest

from dowding.engine import Draw

NAMES = {"c1": "No. 87 Squadron (Hurricane)", "c2": "No. 87 Squadron (Hurricane)", "c3": "Dover"}


def test_a_name_whole_or_without_brackets_case_and_spacing_ignored() -> None:
    draw = Draw("a card", items=("c1", "c2", "c3"), names=NAMES)
    assert draw.parse("no. 87   SQUADRON").get("item") == "c1"
    assert draw.parse("No. 87 Squadron (hurricane)").get("item") == "c1"
    assert draw.parse("dover").get("item") == "c3"
    assert draw.parse("c2").get("item") == "c2"
    assert draw.parse("draw item=c3").get("item") == "c3"
    assert (
        Draw("a card", items=("c2", "c3"), names=NAMES).parse("No. 87 Squadron").get("item") == "c2"
    )


def test_a_name_not_in_the_deck_is_refused_without_naming_the_deck() -> None:
    draw = Draw("a card", items=("c3",), names=NAMES)
    with pytest.raises(ValueError) as err:
        draw.parse("No. 87 Squadron")
    assert "c3" not in str(err.value) and "Dover" not in str(err.value)
    with pytest.raises(ValueError):
        Draw("a card", items=("c1",)).parse("No. 87 Squadron")  # no names: ids only


def test_names_leave_equality_alone() -> None:
    assert Draw("a card", items=("c1",), names=NAMES) == Draw("a card", items=("c1",))
    assert hash(Draw("a card", items=("c1",), names=NAMES)) == hash(Draw("a card", items=("c1",)))
