"""Options in words: every ruleset and scenario, random play, each option's label checked.

A label must say something (not empty, not the action's text, no "undefined"/"None"/"null")
and name what it points at: no bare card id, mission id, flight id or plane id where the
ruleset has a name for it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from dowding.engine import Chance, Decision, Match, get_game, ruleset_ids
from dowding.engine.words import labeller, option_labels

from .conftest import Table

SHIPPED = [r for r in ruleset_ids() if type(get_game(r)).__module__.startswith("dowding.rulesets")]
CASES = [(r, s.id) for r in ruleset_ids() for s in get_game(r).scenarios]
STEPS = 700
BAD_WORDS = re.compile(r"\b(?:undefined|None|null|NaN)\b")
# an id shown bare: a card without its name, a mission without its target, a bob flight without
# its Group, a crane plane without its type
BARE = (
    re.compile(r"(?<![(\w-])(?:raf|lw)-\d+-\d+\b"),
    re.compile(r"\bM\d+-\d+\b(?!:)"),
    re.compile(r"(?<![\w.] )(?<![\w.])\b1[0-3][A-D]\b"),
    re.compile(r"\b[VBS]\d-\d\b(?! \()"),
)


def problems(ruleset: str, decision: Decision, labels: list[str]) -> list[str]:
    found = []
    for option, label in zip(decision.options, labels, strict=True):
        why = None
        if not label.strip():
            why = "is empty"
        elif label == option.text:
            why = "is the action's text"
        elif BAD_WORDS.search(label):
            why = "says undefined/None"
        else:
            bare = next((m.group(0) for p in BARE for m in [p.search(label)] if m), None)
            if bare is not None:
                why = f"shows the bare id {bare!r}"
        if why is not None:
            found.append(f"{ruleset}: {option.text!r} -> {label!r} {why} ({decision.prompt})")
    return found


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_ruleset_has_its_words(ruleset: str) -> None:
    assert labeller(ruleset) is not None


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_every_option_reads_in_words(ruleset: str, scenario: str) -> None:
    rng = random.Random(7)
    match = Match(ruleset, scenario, {}, seed=7)
    seen: set[str] = set()
    bad: list[str] = []
    kinds: set[str] = set()
    for _ in range(STEPS):
        node = match.node()
        if isinstance(node, Chance):
            match.roll()
            continue
        if not isinstance(node, Decision) or not node.options:
            break
        first = node.options[0].kind
        if first not in seen or rng.random() < 0.2:  # every kind once, then a sample
            seen.add(first)
            view = match.state.view(node.seat, infostate=False)
            labels = option_labels(ruleset, view, node)
            bad += problems(ruleset, node, labels)
            if ruleset in SHIPPED:  # every option worded by the ruleset, none left to plain()
                said = labeller(ruleset)(view, node)  # type: ignore[misc]
                bad += [
                    f"{ruleset}: {o.text!r} has no words"
                    for o, s in zip(node.options, said, strict=True)
                    if not s
                ]
            kinds.update(o.kind for o in node.options)
        match.play(rng.choice(node.options))
    assert not bad, "\n".join(bad[:20])
    assert kinds


def _first(match: Match, wanted: Callable[[Decision], bool], first: bool) -> Decision:
    """Play on (the first or last option) until a wanted decision."""
    for _ in range(5000):
        node = match.node()
        if isinstance(node, Chance):
            match.roll()
        elif isinstance(node, Decision):
            if wanted(node):
                return node
            match.play(node.options[0 if first else -1])
    raise AssertionError("no such decision")


def test_a_label_names_what_it_points_at() -> None:
    """Fight for the Sky's squadrons and bob's missions, as the issue found them."""
    match = Match("fight-for-the-sky", None, {}, seed=1)
    node = _first(match, lambda d: d.seat == "raf", first=True)
    view = match.state.view("raf", infostate=False)
    labels = option_labels("fight-for-the-sky", view, node)
    select = next(
        label for o, label in zip(node.options, labels, strict=True) if o.kind == "select"
    )
    assert "Squadron" in select and "undefined" not in select
    assert re.search(r"\((?:Spitfire|Hurricane)", select)

    bob = Match("bob", None, {}, seed=1)
    node = _first(bob, lambda d: d.options[0].kind == "assign", first=False)
    view = bob.state.view(node.seat, infostate=False)
    label = option_labels("bob", view, node)[0]
    assert re.fullmatch(r"Assign mission M\d+-\d+: bomb .+ \(\d+ Group area\)", label), label


def test_the_payload_carries_the_rulesets_words(table: Table) -> None:
    created = table.create(
        ruleset="fight-for-the-sky",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "computer", "player": "random"}},
    )
    game_id, token = created["game_id"], created["tokens"]["raf"]
    payload = table.my_turn(game_id, token)
    options = payload["decision"]["options"]
    assert options and all(o["label"] and o["label"] != o["text"] for o in options)
    assert any(re.match(r"Move \d+ Squadron \((Spitfire|Hurricane)", o["label"]) for o in options)
    assert not any("undefined" in o["label"] for o in options)


def test_a_computer_only_game_lands_on_a_page_to_watch_it(table: Table) -> None:
    """Issue 12, defect 2: two computers and no spectators gave play_url null (/null, 404)."""
    created = table.create(
        ruleset="crane",
        seats={
            "raf": {"kind": "computer", "player": "random"},
            "luftwaffe": {"kind": "computer", "player": "random"},
        },
        spectators=False,
    )
    assert created["play_url"], created
    assert "/play/" in created["play_url"] and created["play_url"] == created["spectate"]
    watch = created["play_url"].split("#t=")[1]
    seen = table.get(created["game_id"], watch)
    assert seen["seat"] is None and seen["decision"] is None


# ids in the narration where a name exists: a place's slug, a card's id, a flight as "11B Group"
NARRATION_IDS = re.compile(
    r"\b[a-z]+(?:-[a-z]+)+\b|\b(?:raf|lw)-\d+-\d+\b|\b1[0-3][A-D] Group\b|has moved"
)


@pytest.mark.parametrize("ruleset", ["bob", "fight-for-the-sky"])
def test_the_narration_names_places_cards_and_flights(ruleset: str) -> None:
    """Issue 12, defect 6: "Radar (worth-matravers-renscombe-down)", "11B Group flight"."""
    bad: list[str] = []
    for scenario in get_game(ruleset).scenarios:
        rng = random.Random(2)
        match = Match(ruleset, scenario.id, {}, seed=2)
        for _ in range(1500):
            node = match.node()
            if isinstance(node, Chance):
                events = match.roll()
            elif isinstance(node, Decision) and node.options:
                events = match.play(rng.choice(node.options))
            else:
                break
            bad += [e.text for e in events if NARRATION_IDS.search(e.text)]
    assert not bad, "\n".join(sorted(set(bad))[:20])


@pytest.mark.parametrize("ruleset", [r for r in SHIPPED if not get_game(r).perfect_information])
def test_labels_tell_nothing_the_seat_cannot_see(ruleset: str) -> None:
    """The labels are made from the seat's view: re-dealing what it cannot see changes none."""
    rng = random.Random(5)
    checked = 0
    for scenario in get_game(ruleset).scenarios:
        match = Match(ruleset, scenario.id, {}, seed=5)
        for _ in range(600):
            node = match.node()
            if isinstance(node, Chance):
                match.roll()
                continue
            if not isinstance(node, Decision) or not node.options:
                break
            if rng.random() < 0.3:
                other = match.state.determinize(node.seat, rng)
                again = other.next()
                assert isinstance(again, Decision) and again.options == node.options
                mine = option_labels(ruleset, match.state.view(node.seat, infostate=False), node)
                theirs = option_labels(ruleset, other.view(node.seat, infostate=False), again)
                assert mine == theirs, (node.prompt, mine, theirs)
                checked += 1
            match.play(rng.choice(node.options))
    assert checked > 10
