"""The components as schema-checked data, overridable with the ``data`` option."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dowding.rulesets.bob.board import BoardError
from dowding.rulesets.bob1990 import GAME
from dowding.rulesets.bob1990.components import load_components


def test_the_shipped_components() -> None:
    c = load_components()
    assert len(c.missions) == 50 and len(c.cards) == 160
    kinds = [m.kind for m in c.missions.values()]
    assert (kinds.count("city"), kinds.count("airfield"), kinds.count("radar")) == (25, 12, 13)
    assert {m.bombs for m in c.missions.values() if m.kind == "city"} == {3}


def test_a_players_files_are_merged_over_the_shipped_ones(tmp_path: Path) -> None:
    (tmp_path / "squadrons.json").write_text(
        json.dumps({"aircraft": {"Spitfire": {"dogfight": 5}}})
    )
    state = GAME.new_state(None, {"data": str(tmp_path)})
    spits = [c for c in state.c.cards.values() if c.aircraft == "Spitfire"]
    assert spits and all(c.dogfight == 5 for c in spits)


def test_a_bad_missions_file_is_refused_with_its_path(tmp_path: Path) -> None:
    shipped = load_components().missions
    cards = [m.model_dump(exclude_none=True) for m in shipped.values()]
    cards[0]["kind"] = "factory"
    (tmp_path / "missions.json").write_text(json.dumps({"missions": cards}))
    with pytest.raises(BoardError, match=r"missions\.0\.kind"):
        load_components(str(tmp_path))
