"""The components as schema-checked data, overridable with the ``data`` option."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dowding.bots import make_player, play_out
from dowding.engine import Terminal
from dowding.rulesets.bob.board import BoardError, draw_board_data
from dowding.rulesets.bob1990 import GAME
from dowding.rulesets.bob1990.components import components_for, load_components
from dowding.rulesets.bob1990.flights import LUFTWAFFE, RAF
from dowding.rulesets.bob1990.svg import render_dynamic


def test_the_shipped_components() -> None:
    c = load_components()
    assert len(c.missions) == 50 and len(c.cards) == 160
    kinds = [m.kind for m in c.missions.values()]
    assert (kinds.count("city"), kinds.count("airfield"), kinds.count("radar")) == (25, 12, 13)
    bombs = {k: {m.bombs for m in c.missions.values() if m.kind == k} for k in set(kinds)}
    # supplied (the rulebook prints none): cities 3, airfields 2 (1da183a), radar 1 as on bob's
    # cards (for balance between equal search players; docs/rules/bob1990.md, B4)
    assert bombs == {"city": {3}, "airfield": {2}, "radar": {1}}


def test_the_british_fighters_dice_are_ours_and_bobs_stay_bobs() -> None:
    """Supplied for balance (data/squadrons.json, laid over bob's cards on the 50 km board):
    Spitfire 6 and Hurricane 5 dogfight dice in bob1990; bob plays its own 4 and 4."""
    from dowding.rulesets.bob.cards import load_squadrons

    dice = {c.aircraft: c.dogfight for c in load_components().cards.values()}
    assert (dice["Spitfire"], dice["Hurricane"], dice["Defiant"]) == (6, 5, 2)
    assert (dice["Bf 109"], dice["Bf 110"], dice["He 111"]) == (4, 3, 1)
    bob = {c.aircraft: c.dogfight for c in load_squadrons().cards.values()}
    assert (bob["Spitfire"], bob["Hurricane"]) == (4, 4)
    # bob's 25 km board plays bob's cards as they are (the dice were tuned at 50 km)
    at_25 = {c.aircraft: c.dogfight for c in load_components("", 25).cards.values()}
    assert (at_25["Spitfire"], at_25["Hurricane"]) == (4, 4)


def test_a_players_files_are_merged_over_the_shipped_ones(tmp_path: Path) -> None:
    (tmp_path / "squadrons.json").write_text(
        json.dumps({"aircraft": {"Spitfire": {"dogfight": 4}}})
    )
    state = GAME.new_state(None, {"data": str(tmp_path)})
    spits = [c for c in state.c.cards.values() if c.aircraft == "Spitfire"]
    assert spits and all(c.dogfight == 4 for c in spits)
    hurris = [c for c in state.c.cards.values() if c.aircraft == "Hurricane"]
    assert hurris and all(c.dogfight == 5 for c in hurris)  # ours, where the player's says none


@pytest.mark.parametrize("cell_km", [50, 25])
def test_a_players_missions_file_plays_on_either_board(tmp_path: Path, cell_km: int) -> None:
    """Our missions.json, not bob's, on bob's 25 km board too (its bob-format missions.json
    once read the player's file and refused it)."""
    shipped = load_components().missions
    cards = [m.model_dump(exclude_none=True) for m in shipped.values()]
    for card in cards:
        card["bombs"] = 2 if card["kind"] == "radar" else card["bombs"]
    (tmp_path / "missions.json").write_text(json.dumps({"missions": cards}))
    mine = load_components(str(tmp_path), cell_km).missions
    assert {m.bombs for m in mine.values() if m.kind == "radar"} == {2}
    state = GAME.new_state(None, {"data": str(tmp_path), "cell_km": cell_km})
    assert state.c.missions == mine


def test_a_bad_missions_file_is_refused_with_its_path(tmp_path: Path) -> None:
    shipped = load_components().missions
    cards = [m.model_dump(exclude_none=True) for m in shipped.values()]
    cards[0]["kind"] = "factory"
    (tmp_path / "missions.json").write_text(json.dumps({"missions": cards}))
    with pytest.raises(BoardError, match=r"missions\.0\.kind"):
        load_components(str(tmp_path))


def test_a_players_own_board_is_what_the_players_and_the_map_read(tmp_path: Path) -> None:
    """A board of the player's own (here bob's generator at 40 km: 481 spaces, not 312) reaches
    the heuristic players, the words and the map through the view, which names the folder: the
    heuristic once read the shipped board and failed on a space it lacked."""
    board = draw_board_data(cell_km=40)
    (tmp_path / "board-50km.json").write_text(json.dumps(board))
    state = GAME.new_state(None, {"data": str(tmp_path)})
    assert len(state.c.board.spaces) != len(load_components().board.spaces)
    view = state.view(RAF)
    assert view["data"] == str(tmp_path) and components_for(view) is state.c
    assert "data" not in GAME.new_state(None, None).view(RAF)  # the shipped files: no folder
    players = {s: make_player("bob1990", "heuristic", s, 1) for s in state.seat_ids()}
    end = play_out(state, players, dice=random.Random(1), max_steps=20_000)
    assert isinstance(end, Terminal)
    assert "N22" in state.c.board.spaces and "N22" not in load_components().board.spaces
    svg = render_dynamic(state.view(LUFTWAFFE), LUFTWAFFE)  # drawn whole: not the shipped board
    assert "<title>N22" in svg
