"""The rule section each line of bob's narration applies: ``cite(text)`` names a section as
docs/rules/bob.md's section table spells it (the browser's log links each line to it)."""

from __future__ import annotations

from dowding.engine.citations import Citations

# (pattern, section), the first that matches wins; the texts are made by the step modules
# (production.py, assignment.py, alert.py, movement.py, intercept.py, dogfight.py, bombing.py,
# returns.py, victory.py) and state.py
CITATIONS = Citations(
    (
        (r"^Turn \d+ of \d+ begins", "Step 1. Advance the Scenario Turn Marker"),
        (r"^Scenario adjustments for ", "Scenario Adjustments"),
        (r"Ju 87 and Defiant squadron cards are set aside", "Scenario Adjustments"),
        (r"^Already flown: ", "Scenario Adjustments"),
        (
            r"^Luftflotte 2 flies with ",
            "Scenario Adjustments, Scenario 3 - London Burning (The Blitz)",
        ),
        (r"Group rolls \d+ production dice", "Step 2. British Production & Repairs"),
        (r"Group repairs ", "Step 2. British Production & Repairs"),
        (r"Group has no production to repair", "Step 2. British Production & Repairs"),
        (r"Group sends production to ", "Step 2, Production Assistance"),
        (r" is given mission ", "Step 3, German Mission Assignment Procedure after turn 1"),
        (r" is grounded this turn", "Step 3, No Mission Assignment"),
        (r"cannot be brought up to strength", "Step 4, German Squadron Alert after Turn 1"),
        (r" spends \d+ fuel token", "Game Markers, Fuel Tokens"),
        (r" is out of fuel and turns for home", "Game Markers, Fuel Tokens"),
        (r" meets RAF flights at ", "Step 5. Luftwaffe Movement"),
        (r"^Luft\. \S+ ends its move at ", "Step 5. Luftwaffe Movement"),
        (r"^RAF \S+ ends its move at ", "Step 6. RAF Movement"),
        (r"slips through the radar gap", "Step 5, Non-Detected Flight"),
        (r"^Radar \(.*\) detects ", "Step 5, British Radar"),
        (r"^The Observer Corps spots ", "Step 5, Observer Corps"),
        (r" intercepts Luft\. ", "Step 5, British Intercept"),
        (r"^Big Wing over ", "Scenario Adjustments, Big Wing Rules"),
        (r"^Dogfight marker over ", "Step 6, air combat dogfight marker"),
        (r"^Intercept over ", "Step 7, Intercept Combat / Intercept Procedure"),
        (r"^Shot down over ", "Step 7, Intercept Combat / Intercept Procedure"),
        (r"^Dogfight over ", "Step 7, Air Combat Phase"),
        (r"^Over \S+: .* dice\) against ", "Step 7, Dogfight Combat / Dogfight Procedure"),
        (r"^The next opponent drawn: ", "Step 7, Dogfight Combat / Dogfight Procedure"),
        (r"^\d+ cross\(es\), \d+ roundel\(s\)", "Step 7, Dogfight Combat / Dogfight Procedure"),
        (r" is shot down\.$", "Step 7, Dogfight Combat / Dogfight Procedure"),
        (r"^Neither squadron is shot down", "Step 7, Dogfight Combat / Dogfight Procedure"),
        (r" earns an Ace marker", "Step 7, Air Ace"),
        (r"^RAF \S+ heads home to refuel", "Step 7, RAF Flight Head Home Phase"),
        (r"^Ack-ack ", "Step 7, British Ack-Ack Fire Phase"),
        (
            r" begins its bombing run at ",
            "Step 7, Luftwaffe Bombing Run Phase / Bombing Run Procedure",
        ),
        (r" bombs .* with \d+ dice", "Step 7, Luftwaffe Bombing Run Phase / Bombing Run Procedure"),
        (r"^\d+ hit\(s\) on ", "Step 7, Luftwaffe Bombing Run Phase / Bombing Run Procedure"),
        (
            r"has no bombers left to bomb",
            "Step 7, Luftwaffe Bombing Run Phase / Bombing Run Procedure",
        ),
        (r" runs out of fuel and is lost", "Step 7, Luftwaffe Flight Reaching for Home Phase"),
        (r" reaches for home ", "Step 7, Luftwaffe Flight Reaching for Home Phase"),
        (r"'s mission against .* is ", "Step 7, Mission Success or Failure Phase"),
        (r" ends: Luftwaffe \d+, RAF \d+ victory points", "Winning, Victory Points"),
        (r"^The campaign goes on with ", "Winning, Battle of Britain Campaign"),
        (r"^Game over: ", "Winning"),
    )
)
SECTIONS = CITATIONS.sections
cite = CITATIONS.cite
