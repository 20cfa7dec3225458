"""bob1990's board at 1400x900 shows the coastline it is drawn from (rulesets/coastline.py): in the
board the server sends once (GET /api/maps/bob1990), not in each push; on screen a line at least
a pixel wide around Britain, and the sea where the gazetteer's places say: the towns inland, the
Channel and the North Sea not."""

from __future__ import annotations

from typing import Any

from dowding.gazetteer import NATIONAL_GRID, load_places
from dowding.rulesets.bob1990 import svg as bob1990_svg
from dowding.rulesets.bob1990.components import load_components

from .play import api_get, game_of, token_of
from .test_map_controls import open_table

# on land (the gazetteer's places) and at sea (lat, lon)
LAND = ("London", "Biggin Hill", "Middle Wallop", "Filton", "Duxford", "Church Fenton")
SEA = {"the Channel off Selsey": (50.3, -0.8), "the North Sea off Norfolk": (53.2, 2.2)}

IN_SEA = """([x, y]) => {
  const sea = document.querySelector('#map svg [data-static-map] path.sea');
  if (!sea) return null;
  const p = sea.ownerSVGElement.createSVGPoint(); p.x = x; p.y = y;
  return sea.isPointInFill(p);
}"""
COAST = """() => {
  const svg = document.querySelector('#map svg');
  const coast = svg.querySelector('[data-static-map] path.coast');
  return coast ? Number(coast.getAttribute('stroke-width')) * svg.getScreenCTM().a : null;
}"""


def _on_the_map(lat: float, lon: float) -> tuple[float, float]:
    """Where (lat, lon) is drawn on the 50 km board, in the map's units."""
    grid = load_components("", bob1990_svg.STATIC_KM).board.grid
    size = bob1990_svg.CELL[bob1990_svg.STATIC_KM]
    east, north = NATIONAL_GRID.to_km(lat, lon)
    return (
        bob1990_svg.OX + (east - grid.west_km) / grid.cell_km * size,
        bob1990_svg.OY + (grid.north_km - north) / grid.cell_km * size,
    )


def test_the_coast_is_drawn_once_and_reads_at_1400_by_900(server: str, new_page: Any) -> None:
    w = open_table(new_page, server, "bob1990")
    page = w.page
    board = page.request.get(f"{server}/api/maps/bob1990")
    assert board.status == 200
    assert 'class="coast"' in board.text() and 'class="sea"' in board.text()
    # a push carries none of it: the board's slot is left empty
    payload = api_get(server, f"/api/games/{game_of(page)}?token={token_of(page)}")
    assert 'class="coast"' not in payload["svg"] and "data-static-map" in payload["svg"]

    page.wait_for_selector("#map svg [data-static-map] > *", state="attached")
    coast = page.evaluate(COAST)
    assert coast is not None, "no coastline on the map"
    assert coast >= 1  # a pixel wide at least, at Fit

    places = load_places()
    for name in LAND:
        place = places[name]
        assert page.evaluate(IN_SEA, list(_on_the_map(place.lat, place.lon))) is False, name
    for name, (lat, lon) in SEA.items():
        assert page.evaluate(IN_SEA, list(_on_the_map(lat, lon))) is True, name
    assert not w.errors, w.errors
