"""The dice tray draws each ruleset's faces as dice, never as the outcome's text: numbered dice,
named faces (303 Squadron's "hit", "maneuver"), bob's symbol pools and other rulesets' pools."""

from __future__ import annotations

from typing import Any

CASES = [
    ("d=3,5", ["3", "5"]),
    ("d=hit,maneuver", ["hit", "maneuver"]),
    ("blank=1 cross=2 roundel=0", ["✚", "✚", "·"]),
    ("blank=1 evade=0 hit2=2 reroll=0", ["blank", "hit2", "hit2"]),
    ("item=lw-2-09", ["item=lw-2-09"]),  # a card, drawn as words elsewhere
    ("something else", ["something else"]),
]


def test_faces_are_drawn_as_dice(server: str, new_page: Any) -> None:
    w = new_page()
    page = w.page
    page.goto(f"{server}/")
    page.wait_for_selector("#new-game")
    got = page.evaluate(
        """async (cases) => {
            const { facesOf } = await import('/static/dice.js');
            return cases.map(([faces]) => facesOf(faces));
        }""",
        [[faces, want] for faces, want in CASES],
    )
    assert got == [want for _, want in CASES]
    assert not w.errors, w.errors
