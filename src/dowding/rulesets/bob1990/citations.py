"""The rule section each line of bob1990's narration applies: ``cite(text)`` names a section as
docs/rules/bob1990.md's section table spells it (the browser's log links each line to it)."""

from __future__ import annotations

from dowding.engine.citations import Citations

# (pattern, section), the first that matches wins; a line that names its section in brackets
# at its end ("(B.II.5)", "(C.I)") is taken at its word
CITATIONS = Citations(
    (
        ("^Turn \\d+ begins", "Advanced Game Turn"),
        ("^Start of turn 5: ", "Advanced Game Turn"),
        ("draws a mission card", "A.I"),
        ("mission goes face down", "A.I"),
        ("^Shown and removed: ", "A.I"),
        ("city mission\\(s\\) go back", "A.I"),
        ("will reinforce ", "A.II"),
        ("reinforcing card\\(s\\)", "A.II"),
        ("cannot deal 6 cards", "A.II"),
        ("squadron card\\(s\\), unseen", "A.II"),
        ("cannot be dealt 3 squadron cards", "A.II"),
        ("is dealt 3 squadron cards again", "A.II"),
        ("^Mission Stage \\d+", "B"),
        (" moves \\d+ space\\(s\\) to .*fuel marker", "B.I.1"),
        ("turn back, ", "B.I.1"),
        (" moves \\d+ space\\(s\\) to ", "B.I.3"),
        ("^The British player attacks ", "B.II.1"),
        ("^Dogfight at ", "B.II"),
        (" is split into \\d+ stack", "B.II.2"),
        (" attacks stack \\d+ of ", "B.II.4"),
        (" is shot down: to the ", "B.II.6"),
        ("Flight box is empty", "B.II.6"),
        ("flips its mission card", "B.III"),
        ("^\\d+ hit\\(s\\) on ", "B.III.1-2"),
        (" is destroyed: mission ", "B.III.3"),
        ("^AA guns shoot down ", "B.III.1-2"),
        ("mission \\S+ failed", "C.I"),
        ("rolls \\d+ roundel\\(s\\) to repair", "C.II"),
        ("production dice to ", "C.II"),
        (" is repaired$", "C.II"),
        ("in a fuel crash", "C.III.1"),
        (" lands at ", "C.III.2"),
        ("waits off the map", "C.III.2"),
    ),
    named=(
        "A.I",
        "A.II",
        "B",
        "B.I",
        "B.I.1",
        "B.I.2",
        "B.I.3",
        "B.II",
        "B.II.1",
        "B.II.2",
        "B.II.3",
        "B.II.4",
        "B.II.5",
        "B.II.6",
        "B.III",
        "B.III.1-2",
        "B.III.3",
        "C.I",
        "C.II",
        "C.III.1",
        "C.III.2",
    ),
)
SECTIONS = CITATIONS.sections
cite = CITATIONS.cite
