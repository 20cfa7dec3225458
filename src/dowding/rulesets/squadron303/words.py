"""303 Squadron in words: each option as a player reads it, from the seat's view alone.

``labels(view, decision)`` names cards by their titles, Areas by their names, German aircraft
by type and squadron ("Bf 109 of the brown squadron")."""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from dowding.engine import Action, Decision, data_folder

from .components import load_components

View = Mapping[str, Any]


@lru_cache(maxsize=8)
def _names(data: str = "") -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Cards, Areas and aircraft by name, from the shipped components or the player's own
    (``data``, the folder a view names: ``engine.data_folder``)."""
    comp = load_components(data)
    cards = {c.id: c.name for c in comp.cards}
    areas = {a.id: a.name for a in comp.map.areas}
    aircraft = {k: a.name for k, a in comp.aircraft.items()}
    return cards, areas, aircraft


def card(card_id: object, data: str = "") -> str:
    return f"“{_names(data)[0].get(str(card_id), str(card_id))}”"


def area(area_id: object, data: str = "") -> str:
    return _names(data)[1].get(str(area_id), str(area_id))


_card, _area = card, area  # for ``labels``, which binds them to its view's components


def german(view: View, german_id: object) -> str:
    for g in view.get("germans", ()):
        if g["id"] == german_id:
            kind = _names(data_folder(view))[2].get(str(g["type"]), str(g["type"]))
            number = str(german_id).rsplit("-", 1)[-1]
            return f"{kind} no. {number} of {squadron(g['squadron'], data_folder(view))}"
    return "a German aircraft"


_SYMBOLS = {"hit": "a Hit", "evade": "an Evade", "maneuver": "a Maneuver"}

MODES = {
    "close_escort": "close escort",
    "patrol": "patrol",
    "escape": "escape",
    "offensive": "offensive",
    "hun_in_the_sun": "Hun in the Sun",
    "hunting": "hunting",
}
FACES = {
    "hit": "Hit",
    "evade": "Evade",
    "maneuver": "Maneuver",
    "reroll": "Reroll",
    "blank": "blank",
    "success": "Success",
    "failure": "Failure",
}
DAMAGE = {
    "no_free_move": "no free Movement",
    "discard_card": "a card discarded",
    "hand_size": "hand size -1",
    "no_extra": "no extra card",
}
STATUS = {"flying": "flying", "landed": "landed", "down": "shot down", "withdrawn": "withdrawn"}


def face(text: object) -> str:
    """A die face in words: ``hit3`` -> ``Hit (3 blades)``."""
    name = str(text)
    blades = name[-1] if name[-1:] in ("2", "3", "4") else ""
    word = FACES.get(name.rstrip("234"), name)
    return f"{word} ({blades} blades)" if blades else word


def pilot(pilot_id: object, data: str = "") -> str:
    return _pilots(data).get(str(pilot_id), str(pilot_id))


def aircraft(kind: object, data: str = "") -> str:
    return _names(data)[2].get(str(kind), str(kind))


def event(event_id: object, data: str = "") -> str:
    return _events(data).get(str(event_id), str(event_id))


def scenario(scenario_id: object, data: str = "") -> str:
    for s in load_components(data).scenarios:
        if s.id == scenario_id:
            return s.name
    return str(scenario_id)


def squadron(squadron_id: object, data: str = "") -> str:
    """``brown`` -> ``the brown squadron``; an Event's own squadron by the Event's name."""
    name = str(squadron_id)
    base, _, number = name.rpartition("-")
    if base in _events(data):
        return f"the Event {event(base, data)}'s squadron {number}"
    return f"the {name} squadron"


@lru_cache(maxsize=8)
def _pilots(data: str = "") -> dict[str, str]:
    return {p.id: p.name for p in load_components(data).pilots}


@lru_cache(maxsize=8)
def _events(data: str = "") -> dict[str, str]:
    return {e.id: e.name for e in load_components(data).events}


def _die(view: View, index: object, german_dice: bool = False) -> str:
    """``die 2 (Hit)``: a die of the Fight under way, with the face it shows."""
    from .bots import fight_in

    fight = fight_in(view)
    i = int(str(index))
    faces: tuple[str, ...] = ()
    if fight is not None:
        faces = fight.gfaces if german_dice else fight.faces
    shown = f" ({face(faces[i])})" if 0 <= i < len(faces) else ""
    return f"die {i + 1}{shown}"


CATEGORIES = {"fighter": "fighters", "heavy_fighter": "heavy fighters", "bomber": "bombers"}


def _specialize(view: View, a: Action) -> str:
    """ "Specialization": choosing a category in Phase VI, or using a level in a Fight."""
    category = a.get("category")
    if category is not None:
        if category == "none":
            return "Choose no Specialization yet"
        return f"Specialize against {CATEGORIES.get(str(category), str(category))}"
    level = int(str(a.get("level")))
    if level == 1:
        return f"Specialization I: reroll your {_die(view, a.get('die'))}"
    if level == 2:
        support = str(a.get("support"))
        return f"Specialization II: add a {FACES.get(support, 'Wild')} Support symbol to your card"
    return f"Specialization III: turn your {_die(view, a.get('die'))} to {face(a.get('face'))}"


def _card_move(card_id: object, data: str = "") -> int:
    try:
        return load_components(data).card(str(card_id)).move
    except KeyError:
        return 0


def _start_cost(view: View, at: object) -> int:
    """The cards a Starting Area costs ("Starting Area": the Scenario's costs)."""
    for s in load_components(data_folder(view)).scenarios:
        if s.id == view.get("scenario"):
            return int(s.starting_area_costs.get(str(at), 0))
    return 0


def _pilot_of(view: View, plane_id: object) -> str:
    for p in view.get("planes", ()):
        if p["id"] == plane_id:
            return f"{pilot(p['pilot'], data_folder(view))} (Player {str(p['seat']).removeprefix('p')})"
    return "another pilot"


def prompt(view: View, text: str) -> str:
    """A decision's prompt with its ids in words: pilots by name, Areas by name, German aircraft
    by type and squadron, die faces as words."""
    data = data_folder(view)
    planes = {p["id"]: pilot(p["pilot"], data) for p in view.get("planes", ())}
    germans = {g["id"] for g in view.get("germans", ())}
    cards, areas = _names(data)[:2]
    pilots = _pilots(data)
    deployments = _deployments(data)

    def one(m: re.Match[str]) -> str:
        word = m.group(0)
        if word in planes:
            return planes[word]
        if word in germans:
            return german(view, word)
        if word in areas and not re.fullmatch(r"[A-E]\d", word):
            return areas[word]
        if word.rstrip("234") in FACES and word not in ("blank",):
            return face(word)
        if word in DAMAGE:  # a damage token drawn (Phase III Dealing damage)
            return DAMAGE[word]
        if word in pilots:  # a pilot drawn from the Reserve
            return pilots[word]
        if word in cards:  # a Combat card drawn
            return card(word, data)
        if word in deployments:  # a Deployment card drawn face up
            return deployments[word]
        base, _, number = word.rpartition("-")
        if number.isdigit() and (
            base in _colours(data) or base.rpartition("-")[0] in _events(data)
        ):
            # a German aircraft no longer on the board (shot down, gone home): by its squadron
            return f"German aircraft no. {number} of {squadron(base, data)}"
        return word

    return re.sub(r"[A-Za-z][\w-]*", one, text)


@lru_cache(maxsize=8)
def _deployments(data: str = "") -> dict[str, str]:
    """Deployment card id -> its face: ``d01`` -> ``1 Bf 109, 2 He 111 (close escort)``."""
    return {
        d.id: ", ".join(f"{n} {aircraft(k, data)}" for k, n in d.aircraft.items())
        + f" ({MODES.get(d.mode, d.mode)})"
        for d in load_components(data).deployment
    }


@lru_cache(maxsize=8)
def _colours(data: str = "") -> frozenset[str]:
    """The colours of the squadrons the Scenarios deploy (``brown``...)."""
    return frozenset(
        slot.colour
        for s in load_components(data).scenarios
        for setup in s.setups.values()
        for slot in setup.slots
    )


# narrate's words hang on the view's planes (id, pilot, seat) and German aircraft (id, type,
# squadron) alone. A payload words its last few hundred lines of log against one view, and most
# of those lines again at the next step, so the words are kept per such context (a few contexts,
# a bounded number of lines each) and the last view's context is not worked out twice.
_MEMO_CONTEXTS = 16
_MEMO_LINES = 4096
_memos: dict[tuple[Any, ...], dict[str, str]] = {}
_last: tuple[object, dict[str, str]] | None = None
_memo_lock = threading.Lock()  # the server words payloads in several threads


def _context(view: View) -> tuple[Any, ...]:
    planes = tuple((p.get("id"), p.get("pilot"), p.get("seat")) for p in view.get("planes", ()))
    germans = tuple(
        (g.get("id"), g.get("type"), g.get("squadron")) for g in view.get("germans", ())
    )
    return planes, germans, data_folder(view)


def narrate(view: View, text: str) -> str:
    """A line of the log, a prompt or a roll's label with its ids in words (engine/words.py's
    ``in_words``): ``p1's dice`` -> ``Josef František's dice``; a line that names the pilot
    already ("p1 flies with Josef František") names the player instead."""
    global _last
    last = _last
    if last is not None and last[0] is view:
        memo = last[1]
    else:
        key = _context(view)
        with _memo_lock:
            memo = _memos.get(key)
            if memo is None:
                if len(_memos) >= _MEMO_CONTEXTS:
                    _memos.pop(next(iter(_memos)))
                memo = _memos[key] = {}
        _last = (view, memo)  # held, so its id cannot pass to another view meanwhile
    said = memo.get(text)
    if said is None:
        said = _narrate(view, text)
        if len(memo) >= _MEMO_LINES:
            memo.clear()
        memo[text] = said
    return said


def _narrate(view: View, text: str) -> str:
    data = data_folder(view)
    for p in view.get("planes", ()):
        if p.get("pilot") and pilot(p["pilot"], data) in text:
            player = f"Player {str(p['seat']).removeprefix('p')}"
            text = re.sub(rf"\b{re.escape(str(p['id']))}\b", player, text)
    # an Event's squadron by the Event's name: "the air-supremacy-1 squadron hunts ..."
    text = re.sub(
        r"\bthe ([a-z]+(?:-[a-z]+)*-\d+) squadron\b",
        lambda m: (
            squadron(m.group(1), data)
            if m.group(1).rpartition("-")[0] in _events(data)
            else m.group(0)
        ),
        text,
    )
    # "attacks He 111 brown-4" names the type twice once the aircraft is in words
    return re.sub(r"\b((?:He|Bf|Do|Ju|Me) \d{2,3}) \1\b", r"\1", prompt(view, text))


def labels(view: View, decision: Decision) -> list[str]:
    data = data_folder(view)

    def card(card_id: object) -> str:
        return _card(card_id, data)

    def area(area_id: object) -> str:
        return _area(area_id, data)

    def one(a: Action) -> str:
        k = a.kind
        if k == "ability":
            if a.get("token"):
                return "Use the pilot's ability for an extra Maneuver token (no extra Area)"
            return (
                "Use the pilot's ability this turn"
                if a.get("use")
                else "Turn the pilot card down (the yellow die may replace a blue one)"
            )
        if k == "lokuciewski":
            if a.get("take") == "deck":
                return "Draw 5 Combat cards and keep 2"
            return "Take 2 cards from the discard pile"
        if k == "take":
            return f"Take {card(a.get('card'))} from the discard pile"
        if k == "give":
            if int(str(a.get("die"))) < 0:
                return "Keep every die for this Fight"
            return f"Give {_die(view, a.get('die'))} to {_pilot_of(view, a.get('to'))}"
        if k == "reroll":
            return f"Reroll the target's {_die(view, a.get('die'), german_dice=True)}"
        if k == "specialize":
            return _specialize(view, a)
        if k == "medal":
            return f"Spend a Medal to stop the extra move of {squadron(a.get('squadron'), data)}"
        if k == "first":
            return f"{_pilot_of(view, a.get('plane'))} goes next"
        if k == "borrow":
            extra = " (the extra Maneuver token)" if a.get("token") else ""
            return f"Spend a Medal on {pilot(a.get('pilot'), data)}'s ability{extra}"
        if k == "discard":
            return f"Discard {card(a.get('card'))}"
        if k == "stop":
            return "End the move here"
        if k == "go":
            tokens = a.get("tokens")
            paid = f", paying {tokens} Maneuver token(s) to disengage" if tokens else ""
            return f"Fly to {area(a.get('to'))}{paid}"
        if k == "boost":
            more = _card_move(a.get("card"), data)
            return f"Play {card(a.get('card'))} for {more} more Movement"
        if k == "recon":
            played = " and ".join(card(c) for c in a.get("cards") or ())  # type: ignore[union-attr]
            return f"Reconnoitre the {a.get('squadron')} squadron, playing {played}"
        if k == "withdraw":
            return "Withdraw for a Medal (a new pilot next turn)"
        if k == "start":
            cost = _start_cost(view, a.get("at"))
            paid = f", discarding {cost} card{'s' if cost > 1 else ''}" if cost else ""
            return f"Start over {area(a.get('at'))}{paid}"
        if k == "land":
            return "Land on the airfield"
        if k == "pass":
            return "Do nothing"
        if k == "fight":
            dice = " with the yellow die" if a.get("yellow") else ""
            return f"Attack the {german(view, a.get('target'))}{dice}"
        if k == "round":
            die = a.get("die")
            which = "no die" if die == -1 else f"die {int(str(die)) + 1}"
            if a.get("sym"):
                which += f" as {_SYMBOLS[str(a.get('sym'))]}"
            played = f" and {card(a.get('card'))}" if a.get("card") else ", no card"
            use = " using its ability" if a.get("use") else ""
            gain = f", the Support giving {_SYMBOLS[str(a.get('gain'))]}" if a.get("gain") else ""
            return f"Use {which}{played}{use}{gain}"
        if k == "support":
            if not a.get("gain"):  # offered before the fighter chooses his die and card
                return f"Offer {card(a.get('card'))} as Support (it counts if it makes a Sequence)"
            return f"Support with {card(a.get('card'))} for {_SYMBOLS[str(a.get('gain'))]}"
        if k == "maneuver":
            to = str(a.get("to"))
            if to == "board":
                return "Keep the Maneuver token"
            if to == "none":
                return "Let the Maneuver go"
            return f"Pin the {german(view, to)} with the Maneuver token"
        if k == "hop":
            to = str(a.get("to"))
            return "Stay in this Area" if to == "stay" else f"Break away to {area(to)}"
        if k == "next":
            return f"Next round against the {german(view, a.get('target'))}"
        if k == "defend":
            prop = a.get("prop")
            blades = "a wild propeller" if prop == "wild" else f"the {prop}-blade propeller"
            return f"Defend with {card(a.get('card'))}, {blades}"
        if k == "strike":
            return f"Strike the {german(view, a.get('target'))} before it can answer"
        if k == "repair":
            return f"Repair the damage token “{DAMAGE.get(str(a.get('token')), a.get('token'))}”"
        if k == "refit":
            return (
                f"Draw {a.get('cards')} card(s), repair {a.get('repairs')} damage, "
                f"{a.get('ammo')} point(s) on ammo"
            )
        return ""

    return [one(o) for o in decision.options]
