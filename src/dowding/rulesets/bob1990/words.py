"""bob1990 in words: each option as a person reads it, from the deciding seat's view alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dowding.engine import Action, Decision

from .components import Components, load_components
from .flights import command, count

View = Mapping[str, Any]


def flight_name(f: str) -> str:
    """'11 Group flight 11B', 'Luftflotte 2 flight 2A'."""
    unit = command(f)
    return f"{unit} Group flight {f}" if unit >= 10 else f"Luftflotte {unit} flight {f}"


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


def labels(view: View, decision: Decision) -> list[str]:
    c = load_components("", int(view.get("cell_km", 50)))
    return [_label(c, view, a) for a in decision.options]
