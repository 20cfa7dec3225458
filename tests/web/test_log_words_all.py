"""No bare card or unit id where the ruleset has a name for it: in the log, the dice tray and the
terminal, for every shipped ruleset.

A whole computer game of each ruleset and scenario is played; every line of narration each seat
(and a spectator) may read is put in words as the server sends it (``in_words`` with that
seat's view, at the step and again at the end of the game, as the log is drawn later), and every
thing drawn that a seat may see goes through the dice tray's own ``_roll_json``. A card id
(``raf-10-01``, ``lw-3-21``, a bob1990 mission ``C11-01``, a 303 Squadron Combat card ``c07``
or Deployment card ``d06``), a plane id (``p1``), a German aircraft (``brown-4``), a pilot or a
damage token left as it is fails, as does any item a Draw names (``Draw.names``) shown bare.
crane's and Fight for the Sky's planes and counters are named by their ids (``V1-1``): those
rulesets have no pattern here, only the Draw check.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import pytest

from dowding.bots.playout import make_players
from dowding.engine import Decision, Draw, Terminal, registry
from dowding.engine.record import Match
from dowding.engine.registry import get_game, ruleset_ids
from dowding.engine.words import in_words
from dowding.web.live import Rolled
from dowding.web.payload import _roll_json, seat_view

SHIPPED = [r for r in ruleset_ids() if registry._RULESETS[r].startswith("dowding.rulesets.")]
GAMES = [(r, s.id) for r in SHIPPED for s in get_game(r).scenarios]
SEED = 3
MAX_STEPS = 20_000
SQUADRON_CARD = r"\b(?:raf|lw)-\d+-\d+\b"
# Things left sent by id, by ruleset (none now: bob's mission cards are named since its
# narrate names them).
LEFT: dict[str, re.Pattern[str]] = {}


@lru_cache(maxsize=1)
def _s303_ids() -> str:
    from dowding.rulesets.squadron303.components import load_components

    comp = load_components()
    words = [
        *(p.id for p in comp.pilots),
        "no_extra",
        "hand_size",
        "discard_card",
        "no_free_move",
    ]
    return (
        r"\b(?:c\d{2}|d\d{2}|p\dw?|(?:black|white|red|green|brown)-\d+)\b|"
        + r"\b(?:"
        + "|".join(map(re.escape, words))
        + r")\b"
    )


def bare(ruleset: str) -> re.Pattern[str] | None:
    """The ids of ``ruleset`` that have a name, as a pattern (None: it names things by id)."""
    if ruleset == "bob":
        return re.compile(SQUADRON_CARD)
    if ruleset == "bob1990":
        return re.compile(SQUADRON_CARD + r"|\b(?:C\d{2}-\d{2}|\d{2}-(?:airfield|radar)-\d+)\b")
    if ruleset == "squadron303":
        return re.compile(_s303_ids())
    return None


def said(ruleset: str, scenario: str, seed: int) -> Iterator[tuple[str, str]]:
    """(where, text) for every line and thing drawn a seat of a whole game is shown."""
    match = Match(ruleset, scenario, seed=seed)
    game = get_game(ruleset)
    seats: list[str | None] = [*match.state.seat_ids(), None]
    players = make_players(
        game, {s: "heuristic" for s in game.seat_ids(match.options)}, seed, match.options
    )
    lines = [(e.text, e.seats) for e in match.state.events]
    for step in range(MAX_STEPS):
        node = match.node()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Decision):
            events = match.play(players[node.seat].choose(match.state.view(node.seat), node))
            drawn = None
        else:
            events = match.roll()
            drawn = (node, match.steps[-1].action)
        views = {seat: seat_view(match.state, seat) for seat in seats}
        for e in events:
            lines.append((e.text, e.seats))
            for seat in seats:
                if e.seats is None or seat in e.seats:
                    yield f"step {step} {seat} log", in_words(ruleset, views[seat], e.text)
        if drawn is None:
            continue
        chance, outcome = drawn
        rolled = Rolled(step, chance.label, outcome, chance.visible_to, chance.detail)
        for seat in seats:
            faces = outcome.partition(" ")[2] if rolled.visible(seat) else None
            tray = _roll_json(ruleset, views[seat], step, None, rolled.label_for(seat), faces)
            where = f"step {step} {seat} tray"
            yield where, tray["label"]
            if faces is None:
                continue
            item = faces.removeprefix("item=") if faces.startswith("item=") else None
            shown = tray.get("words", faces)
            yield where, shown
            names = chance.names if isinstance(chance, Draw) else None
            left = LEFT.get(ruleset)
            if left is not None and item is not None and left.match(item):
                continue
            if item is not None and names is not None and item in names:
                assert shown != faces, f"{ruleset} {where}: {item} has a name, sent bare"
    else:
        raise AssertionError(f"{ruleset}/{scenario}: no end after {MAX_STEPS} steps")
    # the log as it is drawn at the end, every old line in words from the last view
    for seat in seats:
        seen = seat_view(match.state, seat)
        for text, who in lines:
            if who is None or seat in who:
                yield f"end {seat} log", in_words(ruleset, seen, text)


@pytest.mark.parametrize(("ruleset", "scenario"), GAMES)
def test_the_log_and_the_tray_name_every_card_and_unit(ruleset: str, scenario: str) -> None:
    pattern = bare(ruleset)
    found: dict[str, str] = {}
    count = 0
    for where, text in said(ruleset, scenario, SEED):
        count += 1
        if pattern is not None and pattern.search(text):
            found.setdefault(pattern.sub("ID", text), f"{where}: {text}")
    assert count > 10
    assert not found, f"{len(found)} kinds of line show a bare id: {sorted(found.values())[:8]}"


@pytest.mark.parametrize("ruleset", ["bob", "bob1990", "squadron303"])
def test_the_patterns_catch_bare_ids(ruleset: str) -> None:
    pattern = bare(ruleset)
    assert pattern is not None
    sample = {
        "bob": "draw raf-10-06",
        "bob1990": "10A (raf-10-01) attacks stack 1 of 3A (lw-3-21); mission C11-01 failed",
        "squadron303": "p1 offers c07 to Support p2; d06; brown-4; frantisek; no_extra",
    }[ruleset]
    assert pattern.search(sample)
    assert not pattern.search(in_words(ruleset, {}, sample).replace("p1", "").replace("p2", ""))


@pytest.mark.parametrize(
    ("ruleset", "seats"),
    [
        ("bob", ("raf", "luftwaffe")),
        ("bob1990", ("raf", "luftwaffe")),
        ("squadron303", ("p1", "p2", "p3", "p4")),
    ],
)
def test_the_terminal_prints_things_drawn_in_words(
    ruleset: str, seats: tuple[str, ...], monkeypatch: Any
) -> None:
    """``dowding play`` with computers in every seat: no draw is printed as ``item=...`` and
    no narration or chance line carries a bare id."""
    from typer.testing import CliRunner

    from dowding.cli import session
    from dowding.cli.main import app

    printed: list[tuple[str, str | None]] = []
    say = session.Session.say

    def record(self: Any, text: str, style: str | None = None) -> None:
        printed.append((text, style))
        say(self, text, style)

    monkeypatch.setattr(session.Session, "say", record)
    args = ["play", ruleset, "--seed", "3", "--no-pause", "--compact"]
    for seat in seats:
        args += ["--seat", f"{seat}=heuristic"]
    result = CliRunner().invoke(app, args, input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    chances = [t for t, style in printed if style == "magenta"]
    assert chances, printed[:5]
    assert not [t for t in chances if "item=" in t], [t for t in chances if "item=" in t][:5]
    pattern = bare(ruleset)
    assert pattern is not None
    lines = [t for t, style in printed if style in ("magenta", "cyan")]
    shown = [t for t in lines if pattern.search(t)]
    assert not shown, shown[:8]
