"""The bob renderer: real views drawn to text at 100 and 80 columns, and nothing hidden shown."""

from __future__ import annotations

import copy
import io
import random
import re
from functools import cache
from typing import Any

import pytest
from rich.console import Console

from dowding.cli.render import find_renderer, render_view
from dowding.engine import Action, Chance, Decision, State, Terminal
from dowding.engine.words import option_labels
from dowding.gazetteer import column_letters
from dowding.rulesets.bob import GAME
from dowding.rulesets.bob.board import load_board, parse_space_id
from dowding.rulesets.bob.render import card_name, card_text, dice_text, render

WIDTH = 100
MAP_LEFT = 3  # the row number and a space before column A
CELL = 3

# (scenario, random steps, options): from the set-up to the game's end, 2 to 4 players
CASES: tuple[tuple[str, int, dict[str, int]], ...] = (
    ("channel-battle", 0, {}),
    ("channel-battle", 160, {}),
    ("duel-of-eagles", 320, {}),
    ("london-burning", 260, {}),
    ("campaign", 800, {}),
    ("channel-battle", 240, {"players": 4}),
    ("duel-of-eagles", 5000, {"players": 3}),  # played to its end
)


def advance(state: State, steps: int, seed: int) -> State:
    """``steps`` random moves and rolls (fewer if the game ends first)."""
    rng = random.Random(seed)
    for _ in range(steps):
        node = state.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Decision):
            state.apply(rng.choice(node.options))
        else:
            assert isinstance(node, Chance)
            state.apply(node.sample(rng))
    return state


@cache
def played(case: int) -> State:
    scenario, steps, options = CASES[case]
    return advance(GAME.new_state(scenario, options), steps, seed=case + 11)


def draw(view: dict[str, Any], seat: str | None, width: int = WIDTH) -> str:
    console = Console(
        record=True, width=width, file=io.StringIO(), force_terminal=True, color_system="truecolor"
    )
    console.print(render(view, seat))
    return console.export_text()


def seats(state: State) -> list[str | None]:
    return [*state.seat_ids(), None]


def map_line(text: str, row: int) -> str:
    """The plotting table's line for a row (1-based): its number on both sides of the grid."""
    columns = load_board().grid.columns
    for line in text.splitlines():
        right = line[MAP_LEFT + CELL * columns : MAP_LEFT + CELL * columns + CELL]
        if line[:MAP_LEFT] == f"{row:>2} " and right.strip() == str(row):
            return line
    raise AssertionError(f"row {row} is not drawn")


def cell(text: str, space: str) -> str:
    col, row = parse_space_id(space)
    start = MAP_LEFT + CELL * col
    return map_line(text, row + 1)[start : start + CELL]


def card_ids(view: dict[str, Any]) -> list[list[str | None]]:
    return [[c.get("id") for c in f["cards"]] for f in view["flights"].values()]


def hidden_ids(state: State, seat: str | None) -> set[str]:
    """Card ids in flight boxes that ``seat``'s view hides, read from the sides' own views."""
    mine = card_ids(state.view(seat))
    found: set[str] = set()
    for side in ("raf", "luftwaffe"):
        truth = card_ids(state.view(next(s for s in state.seat_ids() if s.startswith(side))))
        for shown, real in zip(mine, truth, strict=True):
            found |= {r for s, r in zip(shown, real, strict=True) if s is None and r is not None}
    return found


def hidden_names(state: State, seat: str | None) -> set[str]:
    """The names of the cards ``seat``'s view hides, less any name a card it sees also bears
    (squadrons have several cards): the card boxes name cards as the options do."""
    view = state.view(seat)
    mine = card_ids(view)
    visible = [c for f in view["flights"].values() for c in f["cards"]] + list(view["damaged"])
    seen = {card_name(c) for c in visible if c.get("id") is not None}
    found: set[str] = set()
    for side in ("raf", "luftwaffe"):
        truth = state.view(next(s for s in state.seat_ids() if s.startswith(side)))
        for shown, real in zip(mine, card_ids(truth), strict=True):
            found |= {
                card_name(card_of(truth, r))
                for s, r in zip(shown, real, strict=True)
                if s is None and r is not None
            }
    return found - seen


def card_of(view: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(c for f in view["flights"].values() for c in f["cards"] if c.get("id") == card_id)


def shows_name(text: str, name: str) -> bool:
    """``name`` drawn as a card's name ('1./KG 2' is not found in '1./KG 26' nor '11./KG 2')."""
    return re.search(r"(?<![\w./])" + re.escape(name) + r" ", text) is not None


CASE_IDS = [f"{s}-{n}" + (f"-{o['players']}p" if o else "") for s, n, o in CASES]


@cache
def drawn(case: int, seat: str | None) -> str:
    return draw(played(case).view(seat), seat)


@pytest.mark.parametrize("case", range(len(CASES)), ids=CASE_IDS)
def test_every_seat_fits_100_columns_with_the_key_content(case: int) -> None:
    state = played(case)
    for seat in seats(state):
        view = state.view(seat)
        text = drawn(case, seat)
        assert max(len(line) for line in text.splitlines()) <= WIDTH
        for words in (
            "BATTLE OF BRITAIN",
            "PLOTTING TABLE",
            " A  B  C  D  E",
            "NOR Norway",
            "RAF GROUP DISPLAYS",
            "LUFTFLOTTE DISPLAYS",
            "GERMAN TARGET & BRITISH PRODUCTION TRACK",
            "Biggin Hill Q34",
            "Calais-Marck W35",
            "Birmingham 3",
            "Port of London 3",
            f"deck {view['missions']['deck']}",
            f"Air combat markers left {view['markers']['air_combat']}",
            f"VP RAF {view['victory_points']['raf']}",
            f"Luftwaffe {view['victory_points']['luftwaffe']}",
            "✚",
            "◉",
        ):
            assert words in text, f"{words!r} missing from the {seat} view"
        for unit in ("10 Group", "11 Group", "12 Group", "13 Group"):
            assert unit in text
        for fleet in (2, 3, 5):
            assert f"Luftflotte {fleet}" in text
        assert ("view: " + (seat or "public")) in text


@pytest.mark.parametrize("case", range(len(CASES)), ids=CASE_IDS)
def test_hidden_cards_and_missions_never_appear(case: int) -> None:
    state = played(case)
    lw_seat = next(s for s in state.seat_ids() if s.startswith("luftwaffe"))
    lw_view = state.view(lw_seat)
    hand = lw_view["missions"]["hand"]
    flying = [f["mission"] for f in lw_view["flights"].values() if f.get("mission")]
    for seat in seats(state):
        text = drawn(case, seat)
        for card in hidden_ids(state, seat):
            assert card not in text, f"{card} is hidden from {seat} but drawn"
        for name in hidden_names(state, seat):
            assert not shows_name(text, name), f"{name} is hidden from {seat} but drawn"
        if seat is None or seat.startswith("raf"):
            for mission in [*hand, *flying]:
                assert mission not in text, f"mission {mission} is hidden from {seat} but drawn"


def test_the_cases_do_hide_cards() -> None:
    """The leak test means something: the RAF view hides Luftwaffe cards in some case."""
    assert any(hidden_ids(played(case), "raf") for case in range(len(CASES)))
    assert any(hidden_ids(played(case), None) for case in range(len(CASES)))
    assert any(hidden_names(played(case), "raf") for case in range(len(CASES)))


@pytest.mark.parametrize("case", range(len(CASES)), ids=CASE_IDS)
def test_a_side_sees_its_own_cards_and_hand(case: int) -> None:
    state = played(case)
    for seat in state.seat_ids():
        view = state.view(seat)
        text = drawn(case, seat)
        side = "raf" if seat.startswith("raf") else "luftwaffe"
        for f in view["flights"].values():
            if f["side"] == side:
                for card in f["cards"]:
                    # by name, type and values, as the options name it (not the bare id, which
                    # the options never show: issue 12, item 7)
                    assert card_text(card) in text
        if side == "luftwaffe":
            for mission in view["missions"]["hand"]:
                assert mission in text


@pytest.mark.parametrize("case", range(len(CASES)), ids=CASE_IDS)
def test_flights_are_drawn_at_their_spaces(case: int) -> None:
    """A Luftwaffe flight as '2a' plus its marker; an RAF one by its name, unless shared."""
    view = played(case).view(None)
    text = drawn(case, None)
    on_grid = {
        fid: f["space"]
        for fid, f in view["flights"].items()
        if f["status"] == "map" and f["space"] not in (None, "NOR")
    }
    lw_spaces = {s for fid, s in on_grid.items() if view["flights"][fid]["side"] == "luftwaffe"}
    for fid, space in on_grid.items():
        if view["flights"][fid]["side"] == "luftwaffe":
            assert cell(text, space)[:2] == fid[0] + fid[1].lower(), (fid, space)
        elif space not in lw_spaces:
            sharing = {other for other, s in on_grid.items() if s == space}
            assert cell(text, space) in sharing, (fid, space)


def cleared_view(seat: str | None) -> dict[str, Any]:
    """A real view with every flight back on its display and no air combat."""
    view = copy.deepcopy(played(1).view(seat))
    for flight in view["flights"].values():
        flight.update(status="box", space=None, bombrun=False, detected=False, nondetect=False)
    view["markers"]["combats"] = {}
    view["targets"] = {}
    return view


def marked_view() -> dict[str, Any]:
    """A real view with markers, combats and damage laid on it."""
    view = cleared_view("raf")
    flights = view["flights"]
    flights["2A"].update(status="map", space="P34", bombrun=True, detected=True)
    flights["2B"].update(status="map", space="R36", nondetect=True)
    flights["2C"].update(status="map", space="S35", detected=True)
    flights["11C"].update(status="map", space="S35")
    flights["5A"].update(status="map", space="NOR")
    flights["11B"].update(status="grounded", space=None, ace=True)
    view["markers"]["combats"] = {"S35": "dogfight"}
    view["targets"] = {
        "biggin-hill": {"hits": 1, "knocked_out": True},
        "rye": {"hits": 1, "knocked_out": True},
        "london": {"hits": 2, "knocked_out": False},
        "portsmouth": {"hits": 3, "knocked_out": True},
    }
    return view


def test_markers_knockouts_and_combats_are_drawn() -> None:
    text = draw(marked_view(), "raf")
    assert cell(text, "P34") == "2a!"  # bombing run
    assert cell(text, "R36") == "2b?"  # non-detected
    assert cell(text, "S35") == "2cD"  # a dogfight with 11C there
    assert cell(text, "Q34") == "xBx"  # Biggin Hill (11B) knocked out
    assert cell(text, "S36") == "xrx"  # Rye radar knocked out
    assert cell(text, "Q33") == "LDb"  # London bombed
    assert cell(text, "N36") == " x1"  # Portsmouth knocked out
    assert cell(text, "O36") == "(A)"  # Tangmere, whole
    assert "5a here" in text  # the Norway box
    assert "S35 D 2c 11C" in text  # the air combat list
    assert "London 4 [bomb 2]" in text and "Portsmouth 1 [KO]" in text
    assert "Biggin Hill (airfield 11B, Q34)" in text and "Rye (radar, S36)" in text
    assert "airfield-KO" in text and "ACE" in text and "grounded" in text


def test_the_radar_line_shows_its_gaps() -> None:
    view = marked_view()
    whole = draw(cleared_view("raf"), "raf")
    gaps = draw(view, "raf")
    stations = load_board().radar_stations
    rye_only = [s for s in stations["Rye"] if load_board().radar_covering(s) == ("Rye",)]
    assert rye_only
    for space in rye_only:
        if cell(whole, space) == " ~ ":
            assert cell(gaps, space) == " - "


def test_the_map_reaches_north_only_when_needed() -> None:
    view = cleared_view(None)
    text = draw(view, None)
    assert "Rows 1-12" in text
    with pytest.raises(AssertionError):
        map_line(text, 5)
    view["flights"]["5A"].update(status="map", space="P3")
    text = draw(view, None)
    assert cell(text, "P3") == "5a "
    assert "Rows 1-1 " in text


def test_the_game_over_is_shown() -> None:
    state = played(len(CASES) - 1)
    assert isinstance(state.next(), Terminal)
    text = draw(state.view(None), None)
    assert "GAME OVER" in text
    assert "turn ■■■■ 4 of 4" in text


def test_the_cli_uses_this_renderer() -> None:
    assert find_renderer("bob") is render
    view = played(1).view("raf")
    console = Console(record=True, width=WIDTH, file=io.StringIO())
    console.print(render_view("bob", view, "raf"))
    text = console.export_text()
    assert "renderer failed" not in text
    assert "PLOTTING TABLE" in text


def test_dice_symbols() -> None:
    assert dice_text(cross=2, roundel=1, blank=3) == "✚✚◉···"


# --- 80 columns (issue 12, item 7) -------------------------------------------------------------
NARROW = 80


@cache
def drawn_narrow(case: int, seat: str | None) -> str:
    return draw(played(case).view(seat), seat, NARROW)


@pytest.mark.parametrize("case", range(len(CASES)), ids=CASE_IDS)
def test_every_seat_fits_80_columns_with_every_map_column_and_the_panel_whole(case: int) -> None:
    """No line over 80 cells; the column letters A..Y above and below the map, every one of
    them; the Norway box and the list of flights aloft whole (below the map), and the key."""
    state = played(case)
    letters = "".join(column_letters(c).center(CELL) for c in range(load_board().grid.columns))
    for seat in seats(state):
        text = drawn_narrow(case, seat)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= NARROW
        headers = [line for line in lines if line.rstrip() == (" " * MAP_LEFT + letters).rstrip()]
        assert len(headers) == 2, f"the column letters A-Y are cut in the {seat} view"
        for words in ("┌── NOR Norway ─┐", "LUFTWAFFE ON MAP", "RAF ON MAP", "Key: ", "Dice: "):
            assert words in text, f"{words!r} missing from the {seat} view at 80 columns"
        for words in ("RAF flight", "Luftwaffe flight", "radar station", "knocked out", "France"):
            assert words in text, f"the key lacks {words!r}"


@pytest.mark.parametrize("case", [1, 3], ids=[CASE_IDS[1], CASE_IDS[3]])
def test_at_80_columns_every_flight_is_at_its_space(case: int) -> None:
    """The map's cells at 80 columns are where they are at 100 (no right-hand numbers)."""
    wide, narrow = drawn(case, None), drawn_narrow(case, None)
    narrow_lines = {line.rstrip() for line in narrow.splitlines()}
    rows = map_range(wide)
    assert rows
    for row in rows:
        line = map_line(wide, row)[: MAP_LEFT + CELL * load_board().grid.columns]
        assert line.rstrip() in narrow_lines, f"row {row} differs at 80 columns"


def map_range(text: str) -> list[int]:
    rows = []
    for row in range(1, load_board().grid.rows + 1):
        try:
            map_line(text, row)
        except AssertionError:
            continue
        rows.append(row)
    return rows


def test_a_card_choice_names_the_card_as_its_box_does_with_its_values() -> None:
    """A dogfight's card choice (``pick card=...``) reads the card's name, type, dice and
    damage, and that name is the one the flight's box shows: never a bare card id."""
    state = played(1)
    for side in ("raf", "luftwaffe"):
        seat = next(s for s in state.seat_ids() if s.startswith(side))
        view = state.view(seat, infostate=False)
        cards = [
            c for f in view["flights"].values() if f["side"] == side for c in f["cards"] if c["id"]
        ]
        assert cards
        decision = Decision(
            seat,
            "Dogfight over S35: choose your squadron card (the other side chooses unseen)",
            tuple(Action("pick", card=c["id"]) for c in cards[:4]),
        )
        text = draw(state.view(seat), seat, NARROW)
        for card, label in zip(cards, option_labels("bob", view, decision), strict=False):
            assert card["id"] not in label
            assert "damage" in label and ("dice" in label or "1 die" in label), label
            assert shows_name(text, card_name(card)), f"{card_name(card)} not in its box"
