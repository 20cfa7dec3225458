"""The rule section each line of Fight for the Sky's narration applies: ``cite(text)`` names a section as
docs/rules/fight-for-the-sky.md's section table spells it (the browser's log links each line to it)."""

from __future__ import annotations

from dowding.engine.citations import Citations

# (pattern, section), the first that matches wins; the texts are made in formations.py,
# movement.py, attack.py, bombing.py, game_turn.py, campaign.py and winning.py
CITATIONS = Citations(
    (
        (" will bomb .* \\(on the roster\\)$", "Intermediate Game, How to Plan Your Raids"),
        (" will bomb ", "How to Win the Basic Game"),
        (" will take off on turn ", "Optional Rules, Preplanning"),
        ("assembles? on ", "How to Move and Intercept"),
        (" takes off$", "How to Move and Intercept"),
        ("Squadron flies to ", "Notes on Movement"),
        ("^a formation flies to ", "Notes on Movement"),
        ("crosses the English coast", "Notes on Movement"),
        ("^the formation on \\S+ is gone", "Notes on Movement"),
        (" lands at ", "Intermediate Game, How to Move"),
        ("still in the air when the day ends", "Intermediate Game, How to Move, Notes"),
        ("fail to land and are lost", "Intermediate Game, How to Move, Notes"),
        ("^escorts turn back for France", "Intermediate Game, How to Make Up Your Formations"),
        ("returns to France", "Notes on Movement"),
        ("^dogfight on ", "How to Attack"),
        ("^raf attacks the ", "How to Attack"),
        ("^(bomber|escort) attacks the raf", "How to Attack"),
        (" loses a flight \\(", "How to Attack"),
        (" has lost its last flight", "How to Attack"),
        ("^AA \\d+ against ", "How to Bomb"),
        ("^the guns over \\S+ fire", "Notes on Movement"),
        ("^a formation bombs ", "How to Bomb"),
        ("^the formation bombs .* at strength ", "How to Bomb"),
        ("flies no more raids today", "The Campaign Game"),
        ("^day turn \\d+", "The Campaign Game"),
        ("^turn \\d+$", "How to Play"),
        ("^game over \\(the day is over\\)", "The Campaign Game"),
        ("^game over \\(the Luftwaffe flies no more", "The Campaign Game"),
        ("^game over \\(", "How to Win the Basic Game"),
    )
)
SECTIONS = CITATIONS.sections
cite = CITATIONS.cite
