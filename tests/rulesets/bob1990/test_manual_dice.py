"""--dice manual at a real table: drawn cards typed by what is printed on them, not only by id."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from dowding.cli.main import app
from dowding.engine import Draw, Match
from dowding.rulesets.bob1990.components import load_components


def test_cards_with_the_same_name_are_the_same_card() -> None:
    """Draw.parse takes the first item of a name: only safe if those cards play alike."""
    c = load_components("", 50)
    seen: dict[str, set[tuple[Any, ...]]] = defaultdict(set)
    for cid, card in c.cards.items():
        seen[c.names[cid]].add(tuple(card)[1:])
    for mid, m in c.missions.items():
        seen[c.names[mid]].add((m.group, m.kind, m.target, m.bombs))
    assert len(seen) < len(c.cards) + len(c.missions)  # some names repeat (No. 87 Squadron)
    assert all(len(kinds) == 1 for kinds in seen.values())


def test_a_british_draw_takes_a_squadron_by_name() -> None:
    """B.II.3: the British player names the card he took from the top of his Flight box."""
    c = load_components("", 50)
    draw = Draw("a card from 10A's Flight box", items=c.decks[10], names=c.names)
    assert draw.parse("No. 87 Squadron").get("item") == "raf-10-02"
    assert draw.parse("no. 92 squadron (SPITFIRE)").get("item") == "raf-10-01"
    assert draw.parse("raf-10-03").get("item") == "raf-10-03"
    rest = Draw("the same, one No. 87 drawn", items=c.decks[10][2:], names=c.names)
    assert rest.parse("No. 87 Squadron").get("item") == "raf-10-03"
    assert "in words" in draw.expects


def test_manual_dice_by_name_through_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "manual.jsonl"
    typed = [
        "Atlantis",  # no such card: asked again
        "glasgow",  # A.I: the mission cards, by their target
        "airfield of 10 Group",
        "AIRFIELD  of 10 group (2 bombs)",  # the same printed card again: the next of that name
        "10-airfield-3",  # an id still does
        "London Docks",
        "1./KG 1",  # A.II: the German deal, by Staffel
        "1./kg 53 (He 111)",
        "lw-2-03",
    ]
    run = CliRunner().invoke(
        app,
        [
            "play",
            "bob1990",
            "--seat",
            "raf=heuristic",
            "--seat",
            "luftwaffe=heuristic",
            "--dice",
            "manual",
            "--seed",
            "1",
            "--save",
            str(save),
        ],
        input="\n".join(typed) + "\n",
    )
    out = " ".join(run.stdout.split())
    assert run.exit_code == 0, run.output
    assert "type the name of the item drawn, in words (as printed on it) or by its id" in out
    assert "Not a roll I can use: 'Atlantis' is not one of the items that can be drawn" in out
    draws = [s.action for s in Match.load(save).steps if s.action.startswith("draw")]
    assert draws == [
        "draw item=C13-07",
        "draw item=10-airfield-1",
        "draw item=10-airfield-2",
        "draw item=10-airfield-3",
        "draw item=C11-02",
        "draw item=lw-2-01",
        "draw item=lw-2-02",
        "draw item=lw-2-03",
    ]
