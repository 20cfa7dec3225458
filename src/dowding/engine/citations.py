"""The seam for rule citations: a ruleset's ``citations.py`` exports ``cite(text)``, the section
of its ``docs/rules/<id>.md`` that a line of narration applies (the browser's log links each
line to it), and ``SECTIONS``, every section it may name (a test checks each has an anchor)."""

from __future__ import annotations

import re
from collections.abc import Iterable


class Citations:
    """``(pattern, section)`` pairs, the first pattern found in a line wins; ``named``: sections
    a line may name itself in brackets at its end ("... (B.II.5)"), taken at its word."""

    CITED = re.compile(r"\(([^()]+)\)\s*$")

    def __init__(self, rules: Iterable[tuple[str, str]], named: Iterable[str] = ()) -> None:
        self.rules = tuple((re.compile(pattern), section) for pattern, section in rules)
        self.named = frozenset(named)
        self.sections = frozenset(section for _, section in self.rules) | self.named

    def cite(self, text: str) -> str | None:
        """The section ``text`` applies, or None."""
        if self.named:
            cited = self.CITED.search(text)
            if cited and cited.group(1) in self.named:
                return cited.group(1)
        for pattern, section in self.rules:
            if pattern.search(text):
                return section
        return None
