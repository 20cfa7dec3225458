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
        (" offers \\S+ to Support ", "Phase III Support"),
        ("'s card makes no Sequence: no Support", "Phase III Support"),
        (" specializes against ", "Specialization"),
        (" uses Specialization level ", "Specialization"),
        (" repairs the .* damage$", "Phase VI"),
        (" squadron hunts ", "German modes"),
        (" strikes out of the sun in ", "German modes"),
        (" spends a Medal: the \\S+ squadron makes no extra move", "Pilots shot down"),
        (" spends a Medal to use ", "Events and Medal tokens"),
        (" withdraws from the fight", "Phase II.3 Withdraw"),
        (" reconnoitres the ", "Phase II.4"),
        (" from the Reconnaissance: ", "Phase II.4"),
        (" takes Urbanowicz's kept die", "Phase II.1"),
        (" keeps a die showing ", "Phase II.1"),
        (" breaks away to ", "Phase III FAQ 2"),
        (" leads now$", "Solo game"),
        (" is out of this Scenario$", "Game setup"),
        ("^an Ace token lies face down", "Additional rules"),
        (" squadron has an Ace: ", "Additional rules"),
        ("^Scenario \\d+ of \\d+", "The Campaign"),
        ("^Target Damage: ", "The Campaign"),
        (" is injured and sits out ", "The Campaign"),
    )
)
SECTIONS = CITATIONS.sections
cite = CITATIONS.cite
