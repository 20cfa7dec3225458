"""engine/citations.py: the first pattern found wins; a line may name its own section."""

from __future__ import annotations

from dowding.engine.citations import Citations


def test_the_first_pattern_found_wins_and_none_when_nothing_matches() -> None:
    c = Citations(((r"^Turn \d+", "III"), (r"flies", "VI.D"), (r"Turn", "never")))
    assert c.cite("Turn 3 begins") == "III"
    assert c.cite("V1-1 flies 6 inches") == "VI.D"
    assert c.cite("a line no rule made") is None
    assert c.sections == {"III", "VI.D", "never"}


def test_a_line_naming_a_known_section_in_brackets_is_taken_at_its_word() -> None:
    c = Citations(((r"repair", "C.II"),), named=("B.II.5", "C.II"))
    assert c.cite("three hits on stack 1 (B.II.5)") == "B.II.5"
    assert c.cite("the Group repairs a squadron (B.II.5)") == "B.II.5"
    assert c.cite("the Group repairs a squadron (Z.9)") == "C.II"  # not a section it names
    assert c.cite("nothing here (Z.9)") is None
    assert "B.II.5" in c.sections
