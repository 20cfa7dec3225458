"""Battle of Britain in words: each option, flight, card and mission as a person reads it.

``labels(view, decision)`` gives one label per option from the deciding seat's view and the
static tables (the board's places, the mission deck, the squadron cards). A card is described
only when the seat's view shows it face up or the option itself hands it to the seat; a mission
only when it is in the seat's hand or already revealed, so no label tells what the seat cannot
see.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from dowding.engine import Action, Decision, data_folder

from .tables import LUFTWAFFE, RAF_FLIGHTS, Tables, load_tables

View = Mapping[str, Any]

AIRCRAFT = {
    "spitfire": "Spitfire",
    "hurricane": "Hurricane",
    "defiant": "Defiant",
    "bf109": "Bf 109",
    "bf110": "Bf 110",
    "do17": "Do 17",
    "he111": "He 111",
    "ju88": "Ju 88",
    "ju87": "Ju 87",
}
KIND = {
    "city": "bomb",
    "london": "bomb",
    "port_of_london": "bomb",
    "airfield": "bomb the airfield at",
    "radar": "bomb the radar station at",
}


STAGES = {
    "channel-battle": "Channel Battle",
    "duel-of-eagles": "Duel of Eagles",
    "london-burning": "London Burning",
    "campaign": "the campaign",
}


def stage(sid: object) -> str:
    """``duel-of-eagles`` -> ``Duel of Eagles``."""
    return STAGES.get(str(sid), str(sid))


def aircraft(kind: object) -> str:
    return AIRCRAFT.get(str(kind), str(kind))


def flight(fid: object) -> str:
    """``11B`` -> ``11 Group, flight B``; ``2A`` -> ``Luft. 2A``."""
    text = str(fid)
    if text in RAF_FLIGHTS:
        return f"{text[:-1]} Group, flight {text[-1]}"
    return f"Luft. {text}"


def card(c: Mapping[str, Any]) -> str:
    """``1./KG 2 (Do 17, 1 die, damage 2, 1 bomb)``."""
    bombs = c.get("bombs") or 0
    parts = [aircraft(c.get("type")), f"{c.get('dice')} dice" if c.get("dice") != 1 else "1 die"]
    parts.append(f"damage {c.get('damage')}")
    if bombs:
        parts.append(f"{bombs} bomb{'s' if bombs != 1 else ''}")
    return f"{c.get('name') or c.get('id')} ({', '.join(parts)})"


CARD_ID = re.compile(r"\b(?:raf|lw)-\d+-\d+\b")
MISSION_ID = re.compile(r"\bM\d{2}-\d{2}\b(?!:)")
# where a flight's move ends (movement.py): the space as the move options name it
MOVE_END = re.compile(r"(?<= ends its move at )[^\s.]+")


def _card_facts(c: Any) -> dict[str, Any]:
    """A squadron card's printed face, as ``card`` reads it."""
    return {
        "id": c.id,
        "name": c.name,
        "type": c.type,
        "dice": c.dice,
        "damage": c.damage,
        "bombs": c.bombs,
    }


@lru_cache(maxsize=4)
def _cards(data: str = "") -> dict[str, dict[str, Any]]:
    return {c.id: _card_facts(c) for c in load_tables(data).cards}


def narrate(view: View, text: str) -> str:
    """A line the seat reads with each squadron card's id in words (engine/words.py's
    ``in_words``): a card drawn, ``raf-10-01`` -> ``No. 92 Squadron (Spitfire, 4 dice, damage
    4)``. Only an id the line already shows the seat is named, so nothing hidden is told."""
    data = data_folder(view)  # the player's own cards, where the game has them
    cards = _cards(data)
    text = CARD_ID.sub(
        lambda m: card(cards[m.group(0)]) if m.group(0) in cards else m.group(0), text
    )
    text = MOVE_END.sub(lambda m: space(m.group(0)), text)
    # a mission card the line shows (the Luftwaffe's own draw): its target too, unless the
    # line already gives it ("M10-01: bomb ...")
    return MISSION_ID.sub(lambda m: mission(load_tables(data), m.group(0)), text)


@lru_cache(maxsize=1)
def _places() -> tuple[dict[str, str], dict[str, str]]:
    """target id -> place name; space -> the places on it."""
    t = load_tables()
    on: dict[str, list[str]] = {}
    for tid, target in t.targets.items():
        on.setdefault(target.space, []).append(t.display.get(tid, tid))
    return dict(t.display), {s: ", ".join(sorted(n)) for s, n in on.items()}


def place(tid: object) -> str:
    """``biggin-hill`` -> ``Biggin Hill``."""
    return _places()[0].get(str(tid), str(tid).replace("-", " ").title())


def space(sid: object) -> str:
    """``L1`` -> ``L1``, or ``S34 (Biggin Hill)`` when a target lies there."""
    named = _places()[1].get(str(sid))
    if str(sid) == load_tables().box:
        return "the Norway box"
    return f"{sid} ({named})" if named else str(sid)


def mission(t: Tables, mid: str) -> str:
    """``M10-01: bomb the airfield at Middle Wallop (10 Group area)``."""
    for m in t.missions:
        if m.id == mid:
            return f"{mid}: {KIND.get(m.kind, 'bomb')} {place(m.target)} ({m.group} Group area)"
    return mid


def _cards_in(value: object) -> Iterator[Mapping[str, Any]]:
    if isinstance(value, Mapping):
        if isinstance(value.get("id"), str) and value.get("type") and "dice" in value:
            yield value
        else:
            for v in value.values():
                yield from _cards_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _cards_in(v)


def _known_missions(view: View) -> set[str]:
    missions = view.get("missions") or {}
    known: set[str] = set()
    if isinstance(missions, Mapping):
        for value in missions.values():
            if isinstance(value, list | tuple):
                known.update(str(v) for v in value if isinstance(v, str))
                known.update(str(v["id"]) for v in value if isinstance(v, Mapping) and "id" in v)
    return known


def labels(view: View, decision: Decision) -> list[str]:
    t = load_tables(data_folder(view))
    seen = {str(c["id"]): c for c in _cards_in(view)}
    known = _known_missions(view)
    lw_seat = view.get("seat") == LUFTWAFFE or decision.seat.startswith(LUFTWAFFE)

    def one_card(cid: object) -> str:
        key = str(cid)
        if key in seen:
            return card(seen[key])
        index = t.card_index.get(key)
        if index is None:
            return key
        # the option hands this card to the seat (its own hand, its own box): it may read it
        return card(_card_facts(t.cards[index]))

    def one(a: Action) -> str:
        k = a.kind
        if k == "assign":
            mid = str(a.get("mission"))
            if mid in known or lw_seat:
                return f"Assign mission {mission(t, mid)}"
            return f"Assign mission {mid}"
        if k == "ground":
            return "Ground the flight this turn"
        if k == "fly":
            return f"Move {flight(a.get('flight'))}"
        if k == "fuel":
            tokens = a.get("tokens")
            text = f"Spend {tokens} fuel token{'s' if tokens != 1 else ''}"
            escort = a.get("escort")
            if escort == "home":
                text += ", the Bf 109 escort turning for home"
            elif escort == "stay":
                text += ", the Bf 109 escort staying"
            return text
        if k == "move":
            return f"Move to {space(a.get('to'))}"
        if k == "stop":
            return "Stop here"
        if k == "done":
            if "Squadron Alert" in decision.prompt:
                return "Done: return the other cards drawn"
            if "flight to move" in decision.prompt:
                return "End the movement"
            return "Done"
        if k == "press_on":
            return "Press on with the mission"
        if k == "abort":
            return "Abort the mission and turn for home"
        if k == "place":
            return f"Put {one_card(a.get('card'))} in {flight(a.get('flight'))}'s box"
        if k == "repair":
            if a.get("card") is not None:
                return f"Repair {one_card(a.get('card'))}"
            if a.get("airfield") is not None:
                return f"Repair the airfield at {place(a.get('airfield'))}"
            if a.get("radar") is not None:
                return f"Repair the radar station at {place(a.get('radar'))}"
            if a.get("city") is not None:
                return f"Repair {place(a.get('city'))}"
            return "Repair " + ", ".join(f"{key} {place(v)}" for key, v in a.args)
        if k == "assist":
            return f"Send the production dice to {a.get('to')} Group"
        if k == "keep":
            return "Keep the production dice"
        if k == "intercept":
            return f"Intercept with {flight(a.get('flight'))}"
        if k == "decline":
            return "Do not intercept"
        if k == "resolve":
            return f"Resolve the combat over {space(a.get('space'))}"
        if k == "lose":
            value = a.get("cards")
            ids = value if isinstance(value, tuple) else (value,) if value is not None else ()
            return "Lose " + ("; ".join(one_card(c) for c in ids) if ids else "no squadrons")
        if k == "patrol":
            return f"{flight(a.get('flight'))} stays on patrol"
        if k == "home":
            return f"{flight(a.get('flight'))} heads home"
        if k == "bombrun":
            return "Place a bombing run marker"
        if k == "dogfight":
            return "Place a dogfight marker"
        if k == "hold":
            return "Place no marker"
        if k == "deal":
            return f"Deal {a.get('cards')} squadron cards to each Luftflotte 2 flight"
        if k == "pick":
            return f"Play {one_card(a.get('card'))}"
        return ""

    return [one(o) for o in decision.options]
