"""The rules as implemented at GET /rules/<ruleset>: docs/rules/<ruleset>.md as HTML with an anchor
for every section, and the log's citations, each of which must land on an anchor that exists."""

from __future__ import annotations

import contextlib
import importlib
import re
from collections.abc import Callable

import pytest

from dowding.bots.playout import StepLimit, make_players, play_out
from dowding.engine import registry
from dowding.engine.record import Match
from dowding.engine.registry import get_game, ruleset_ids
from dowding.web import rules

from .conftest import Table, bob_vs_computer

IDS = re.compile(r'\bid="([^"]+)"')
# the rulesets dowding ships (the test session adds its toy game to the registry)
SHIPPED = [r for r in ruleset_ids() if registry._RULESETS[r].startswith("dowding.rulesets.")]


def sections_of(ruleset: str) -> frozenset[str]:
    module = importlib.import_module(f"dowding.rulesets.{ruleset.replace('-', '_')}.citations")
    sections: frozenset[str] = module.SECTIONS
    return sections


def table_sections(ruleset: str) -> list[str]:
    """The first cells of docs/rules/<ruleset>.md's section table, read straight from the file."""
    text = (rules.RULES_DIR / f"{ruleset}.md").read_text(encoding="utf-8")
    found: list[str] = []
    inside = False
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| Section |"):
            inside = True
        elif inside and line.startswith("|---"):
            continue
        elif inside and line.startswith("|"):
            found.append(cells[0].strip("`"))
        else:
            inside = False
    return found


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_ruleset_s_rules_are_served_with_an_anchor_for_each_section(
    table: Table, ruleset: str
) -> None:
    response = table.client.get(f"/rules/{ruleset}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    ids = IDS.findall(response.text)
    assert len(ids) == len(set(ids)), "an id is used twice"
    assert "<table>" in response.text and "<h1" in response.text
    listed = table_sections(ruleset)
    assert listed, f"docs/rules/{ruleset}.md has no section table"
    for section in listed:
        assert rules.anchor(section) in ids, section


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_each_section_a_ruleset_cites_resolves_to_an_anchor(table: Table, ruleset: str) -> None:
    cited = sections_of(ruleset)
    assert cited
    ids = set(IDS.findall(table.client.get(f"/rules/{ruleset}").text))
    missing = sorted(s for s in cited if rules.anchor(s) not in ids)
    assert not missing, f"{ruleset} cites sections docs/rules/{ruleset}.md does not have: {missing}"


def test_unknown_and_malformed_names_are_refused(table: Table) -> None:
    assert table.client.get("/rules/nothing-here").status_code == 404
    assert table.client.get("/rules/..%2Fpyproject").status_code == 404
    assert table.client.get("/rules/CRANE").status_code == 404


def test_anchors_are_the_words_of_the_section() -> None:
    assert rules.anchor("VI.E.4.a-b") == "s-vi-e-4-a-b"
    assert rules.anchor("Step 5, British Radar") == "s-step-5-british-radar"
    assert rules.anchor("Step 7, Dogfight Combat / Dogfight Procedure") == (
        "s-step-7-dogfight-combat-dogfight-procedure"
    )


def narration(ruleset: str, scenario: str, seed: int, kind: str, steps: int) -> list[str]:
    """Every line of narration of a computer game, as the server would tell it."""
    match = Match(ruleset, scenario, seed=seed)
    game = get_game(ruleset)
    players = make_players(game, {s: kind for s in game.seat_ids(match.options)}, seed)
    texts: list[str] = [e.text for e in match.state.events]

    def told(step: Callable[..., tuple[object, ...]]) -> Callable[..., tuple[object, ...]]:
        def run(*args: object) -> tuple[object, ...]:
            events = step(*args)
            texts.extend(getattr(e, "text", "") for e in events)
            return events

        return run

    match.play = told(match.play)  # type: ignore[method-assign]
    match.roll = told(match.roll)  # type: ignore[method-assign]
    with contextlib.suppress(StepLimit):
        play_out(match, players, max_steps=steps)
    return texts


@pytest.mark.parametrize(
    ("ruleset", "scenario", "seed", "kind"),
    [
        ("crane", "eight-heinkels", 1, "heuristic"),
        ("crane", "heinkels-and-stukas", 2, "random"),
        ("bob", "channel-battle", 1, "heuristic"),
        ("bob", "london-burning", 2, "random"),
    ],
)
def test_every_adjudication_of_crane_and_bob_cites_its_section(
    ruleset: str, scenario: str, seed: int, kind: str
) -> None:
    texts = narration(ruleset, scenario, seed, kind, 1500)
    assert len(texts) > 20
    uncited = sorted({t for t in texts if rules.cite(ruleset, t) is None})
    assert not uncited, uncited[:10]


def test_the_payload_s_events_carry_their_section(table: Table) -> None:
    game_id, token = bob_vs_computer(table)
    payload = table.my_turn(game_id, token)
    events = payload["events"]
    assert events and all(e["rule"] == rules.cite("bob", e["text"]) for e in events)
    linked = table.client.get("/rules/bob").text
    for event in events:
        assert f'id="{rules.anchor(event["rule"])}"' in linked
