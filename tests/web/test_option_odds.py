"""The payload's options carry ``odds`` (issue 12): exact figures from the seat's view, or null."""

from __future__ import annotations

import json

from dowding.engine import Decision
from dowding.web.payload import decision_json, encode
from tests.rulesets.crane.position import decide, position


def test_each_option_carries_its_odds_or_null_and_encodes() -> None:
    state = position({"V1-1": (10, 30, 0), "B1-1": (14, 40, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    view = dict(state.view(node.seat, infostate=False))
    made = decision_json(node, "crane", view)
    by_text = {o["text"]: o for o in made["options"]}
    assert "odds" not in by_text["hold"]
    odds = by_text["fire at=10 target=B1-1"]["odds"]
    assert odds["exact"] == {"no_effect": "7/12", "damaged": "13/36", "destroyed": "1/18"}
    assert odds["procedure"] == "attack" and odds["params"]["defender"] == "he111"
    assert json.loads(encode({"decision": made}))["decision"] == json.loads(json.dumps(made))
    # without a view (no ruleset words), no odds either
    assert all("odds" not in o for o in decision_json(node)["options"])
