"""The board (B1): bob's generator (``bob.board.draw_board_data``) drawn at 50 km.

On bob's 25 km grid no Luftflotte 5 target is a round trip within the 15 spaces that fuel
markers 1-5 allow (B.I.1); at 50 km 49 of the 50 targets are (tests/rulesets/bob1990/test_board.py).
``python -m dowding.rulesets.bob1990.board`` redraws ``data/board-50km.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dowding.rulesets.bob.board import draw_board_data

CELL_KM = 50
FILE = Path(__file__).with_name("data") / "board-50km.json"


def draw_board() -> dict[str, Any]:
    return draw_board_data(cell_km=CELL_KM)


def board_text() -> str:
    return json.dumps(draw_board(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    FILE.write_text(board_text(), "utf-8")
    print(f"wrote {FILE}")
