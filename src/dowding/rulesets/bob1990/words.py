"""bob1990 in words: each option as a person reads it, from the deciding seat's view alone, and
the cards a line of the log, a prompt or a thing drawn names (``narrate``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from dowding.engine import Action, Decision

from .components import Components, components_for
from .flights import MISSIONS_TO_WIN, command, count

View = Mapping[str, Any]


def flight_name(f: str) -> str:
    """'11 Group flight 11B', 'Luftflotte 2 flight 2A'."""
    unit = command(f)
    return f"{unit} Group flight {f}" if unit >= 10 else f"Luftflotte {unit} flight {f}"


def missions_done(n: int) -> str:
    """The German count against C.I's nine: ``4 of 9 missions``; past it, ``10 missions (9
    win)`` (two can complete in one stage), never ``10 of 9``."""
    if n < MISSIONS_TO_WIN:
        return f"{n} of {MISSIONS_TO_WIN} missions"
    return f"{n} mission{'s' if n != 1 else ''} ({MISSIONS_TO_WIN} win)"


def card_name(c: Components, cid: str) -> str:
    card = c.cards[cid]
    return f"{card.unit} ({card.aircraft})"


def mission_name(c: Components, mid: str) -> str:
    m = c.missions[mid]
    if m.kind == "city":
        return f"mission: bomb {m.target} ({m.group} Group, {m.bombs} bombs)"
    article = "an" if m.kind == "airfield" else "a"
    return f"mission: {article} {m.kind} of {m.group} Group ({m.bombs} bomb{'s' if m.bombs > 1 else ''})"


def place(c: Components, space: str) -> str:
    """'I17 (London)': a space and what lies in it."""
    if space == "NOR":
        return "the Norway box"
    names = c.board.spaces[space].features
    return f"{space} ({', '.join(names[:2])})" if names else space


def _label(c: Components, view: View, a: Action) -> str:
    kind = a.kind
    if kind == "assign":
        return "Take the " + mission_name(c, str(a.get("mission")))
    if kind == "reinforce":
        return f"Reinforce {flight_name(str(a.get('flight')))}: 6 black dice"
    if kind == "pass":
        return f"Do not reinforce {flight_name(str(a.get('flight')))}"
    if kind == "move":
        f, to = str(a.get("flight")), str(a.get("to"))
        here = view["flights"][f]["pos"]
        if to == here:
            return f"{flight_name(f)} stays at {place(c, to)}"
        return f"Fly {flight_name(f)} to {place(c, to)}"
    if kind == "refill":
        n = count(a.get("n"))
        return f"{flight_name(str(a.get('flight')))} takes {n} card(s) from the Combat Ready box"
    if kind == "dogfight":
        return f"Dogfight at {place(c, str(a.get('space')))}"
    if kind == "attack":
        f = str(a.get("flight"))
        return f"Attack {flight_name(f)} ({view['flights'][f]['cards']} cards)"
    if kind == "stack":
        fight = view.get("fight") or {}
        g = str(fight.get("flight") or "")
        box = set((view.get("cards") or {}).get(f"fb:{g}") or ())
        top = next((cid for cid in c.decks.get(command(g), ()) if cid in box), None) if g else None
        what = f"{card_name(c, top)} " if top else "the card "
        return f"Put {what}on stack {a.get('n')}"
    if kind == "match":
        k = count(a.get("stack"))
        f = flight_name(str(a.get("flight")))
        return f"{f} attacks stack {k}" if k else f"{f} holds back"
    if kind == "lose":
        return f"Lose {card_name(c, str(a.get('card')))}"
    if kind == "bomb":
        target = c.by_slug[str(a.get("target"))]
        return f"{flight_name(str(a.get('flight')))} bombs {target}"
    if kind == "done":
        return "End the bombing"
    if kind == "donate":
        return f"Give the dice to {a.get('to')} Group's squadrons"
    if kind == "keep":
        return "Keep the dice"
    if kind == "repair":
        n = count(a.get("squadrons"))
        return f"{n} dice on squadrons, the rest on airfields and radar"
    if kind == "fix":
        card = a.get("card")
        if card is not None:
            return f"Repair {card_name(c, str(card))}"
        return f"Repair {c.by_slug[str(a.get('base'))]}"
    if kind == "next":
        return f"Move {flight_name(str(a.get('flight')))} next"
    if kind == "wait":
        return f"{flight_name(str(a.get('flight')))} waits off the map"
    return ""


# a squadron card (``raf-10-01``, ``lw-3-21``) and a mission card (``C11-01``, ``10-airfield-2``),
# with the aircraft a line may already give after a card ("raf-10-02 (Hurricane) is shot down")
CARD_ID = re.compile(r"\b(?:raf|lw)-\d+-\d+\b(?: \((?P<aircraft>[A-Z][\w ]*?)\))?")
MISSION_ID = re.compile(r"\b(?:C\d{2}-\d{2}|\d{2}-(?:airfield|radar)-\d+)\b")


def narrate(view: View, text: str) -> str:
    """A line of the log, a prompt or a thing drawn with each card's id in words
    (engine/words.py's ``in_words``): ``raf-10-01`` -> ``No. 92 Squadron (Spitfire)``,
    ``C11-01`` -> ``“London (11 Group, 3 bombs)”``. Only an id the text already
    shows the seat is named, from the printed cards alone (a card's id is its printed face, so
    naming it tells nothing the id does not): a card the seat may not see is never in what it
    reads, and a face-down card stays as the text says it ("a squadron card", "face down")."""
    c = components_for(view)

    def one_card(m: re.Match[str]) -> str:
        cid = m.group(0).split(" ", 1)[0]
        if cid not in c.cards:
            return m.group(0)
        named = card_name(c, cid)
        aircraft = m.group("aircraft")
        if aircraft and aircraft != c.cards[cid].aircraft:
            named += f" ({aircraft})"  # whatever the bracket said, kept
        return named

    def one_mission(m: re.Match[str]) -> str:
        mid = m.group(0)
        return f"“{c.names[mid]}”" if mid in c.missions else mid

    return MISSION_ID.sub(one_mission, CARD_ID.sub(one_card, text))


def labels(view: View, decision: Decision) -> list[str]:
    c = components_for(view)
    return [_label(c, view, a) for a in decision.options]
