"""The rule section each line of crane's narration applies: ``cite(text)`` names a section as
docs/rules/crane.md's section table spells it (the browser's log links each line to it)."""

from __future__ import annotations

from dowding.engine.citations import Citations

# (pattern, section), the first that matches wins; the texts are made in placements.py,
# movement.py, combat.py, bomb_run.py, organization.py and objectives.py
CITATIONS = Citations(
    (
        (r" takes position at \(", "V.B"),
        (r"^Vic \S+ rolls \d: ", "V.C"),
        (r"^Vic \S+ enters at ", "V.C"),
        (r"^\S+ rolls \d: (above|below|level)", "V.D"),
        (r"^Turn \d+ begins", "III"),
        (r"flies off the table and leaves the battle", "VI.D.3"),
        (r"^\S+ \((Spitfire|Hurricane|Me-109)\) flies ", "VI.D.1.a-b"),
        (r"^\S+ \([^)]+\) flies ", "VI.D.2.a"),
        (r" stops after [\d.]+\" to fire at ", "VI.D.3.a"),
        (r"^Flak at ", "VII.A.2"),
        (r"^B\d+-\d+ at ", "VI.E.5.a"),  # a bomber's gunners fire back
        (r"^\S+ at \S+: \d+\+\d+=\d+ against ", "VI.E.4.c-e"),
        (r"starts its bomb run over the factory", "VII.B"),
        (r"\) bombs \(", "VII.D.1-4"),
        (r"^Game over: the factory is destroyed", "VII.E"),
        (r"^Game over: ", "IV"),
    )
)
SECTIONS = CITATIONS.sections
cite = CITATIONS.cite
