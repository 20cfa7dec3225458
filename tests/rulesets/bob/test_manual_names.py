"""--dice manual at a real table: bob's drawn cards typed by what is printed on them."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import astuple
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from dowding.cli.main import app
from dowding.engine import Match
from dowding.rulesets.bob.tables import load_tables


def test_cards_with_the_same_name_are_the_same_card() -> None:
    """Draw.parse takes the first item of a name: only safe if those cards play alike."""
    t = load_tables()
    seen: dict[str, set[tuple[Any, ...]]] = defaultdict(set)
    for card in t.cards:
        seen[t.names[card.id]].add(astuple(card)[1:])
    for m in t.missions:
        seen[t.names[m.id]].add(astuple(m)[1:])
    assert all(len(kinds) == 1 for kinds in seen.values())
    assert t.names["raf-10-01"] == "No. 92 Squadron (spitfire)"


def test_mission_cards_by_name_through_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "manual.jsonl"
    typed = ["glasgow", "Drone Hill (radar, 13 Group)", "M13-09", "No. 92 Squadron", "london"]
    run = CliRunner().invoke(
        app,
        [
            "play",
            "bob",
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
    # a squadron card is not a mission card: asked again
    assert "'No. 92 Squadron' is not one of the items that can be drawn" in out
    draws = [s.action for s in Match.load(save).steps if s.action.startswith("draw")]
    assert draws == ["draw item=M13-07", "draw item=M13-08", "draw item=M13-09", "draw item=M11-01"]
