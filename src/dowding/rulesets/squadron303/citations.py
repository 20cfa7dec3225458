"""The rule section each line of 303 Squadron's narration applies: ``cite(text)`` names a section as
docs/rules/squadron303.md's section table spells it (the browser's log links each line to it)."""

from __future__ import annotations

from dowding.engine.citations import Citations

# (pattern, section), the first that matches wins
CITATIONS = Citations(
    (
        ("^Turn \\d+$", "Phase I: Events"),
        ("^Event: ", "Phase I: Events"),
        ("^Event .*: ", "Events and Medal tokens"),
        (" appears in ", "Phase I: Events"),
        (" flies with ", "Game setup"),
        (" starts over ", "Starting Area"),
        (" takes \\S+ from the discard pile", "Phase II.2"),
        (" flies to ", "Phase II.3"),
        (" lands at ", "Phase II.5"),
        (" pins \\S+ with a Maneuver token", "Maneuver tokens"),
        (" supports \\S+: ", "Phase III Support"),
        (" attacks ", "Phase III"),
        (" scores \\d+ Hit\\(s\\) on ", "Phase III Dealing damage"),
        (" is hit: ", "Phase III Help cards"),
        ("^\\S+ rolls ", "Phase III Dice symbols"),
        (" is shot down over ", "Pilots shot down"),
        (": a new pilot comes in", "Phase VI"),
        (" earns a Medal", "Events and Medal tokens"),
        ("'s dice in ", "Phase IV"),
        (" damage to every plane in ", "Phase IV"),
        (" makes an extra move", "Phase V"),
        (" bombs .*: damage ", "Phase V Bombing"),
        ("^a squadron token marks ", "Hidden Squadrons"),
        (" is revealed: ", "Hidden Squadrons"),
        ("^Game over: ", "End of the game"),
    )
)
SECTIONS = CITATIONS.sections
cite = CITATIONS.cite
