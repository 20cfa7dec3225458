"""The heuristic player of 303 Squadron: a cooperative team member who decides from its seat's
view alone (its own plane, the other pilots as the view shows them, the Germans in sight).

The team's aim is the Scenario's: keep the bombers off the target, shoot down what the goal
counts, bring everyone home. Each pilot flies to the Area within reach where the Germans are
worth most (bombers still flying to their target first), turning home to an airfield when
badly damaged or out of ammunition ("Phase II.5 Landing"), and in a Scenario won by landing
only then; attacks bombers before fighters with the yellow die while it is fit; in each Combat
round plays the die and card that score best with every face already on the table ("Phase III:
Combat": the player's dice are rolled for the Fight and the target's before the round is
chosen); pins bombers with its Maneuver tokens (a tokened German spends a token instead of
moving, "Phase V"); supports a round only when the extra symbol changes what it does; spends
its cheapest card on Defence; refits what it lacks most. No choice draws a random number.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, ClassVar

from dowding.engine import Action, Decision, data_folder

from .board import Board
from .combat import (
    FightState,
    Symbols,
    ability_sets,
    effect_totals,
    resolve_round,
    support_gains,
)
from .components import Components, load_components
from .dice import symbol

View = Mapping[str, Any]
Handler = Callable[["Squadron303Heuristic", View, Decision], Action]

SYMBOL_VALUE = {"hit": 3.0, "evade": 2.0, "maneuver": 1.5}
EFFECT_VALUE = {
    "gain": 1.0,
    "cancel_german_hit": 1.0,
    "first_strike": 1.2,
    "move_after_round": 0.3,
    "third_round": 1.2,
    "self_support": 0.5,
    "draw": 1.0,
    "maneuver_token": 0.6,
    "reroll_german": 0.6,
}
BOMBER_WORTH = 4.0  # a bomber still flying to its target ("Phase V: bombing")
HOMEBOUND_WORTH = 1.5  # a bomber that has bombed (a kill still counts)
FIGHTER_WORTH = 1.5
PILOTS_USING_ABILITY = frozenset({"zumbach", "frantisek", "feric", "paszkiewicz"})


@lru_cache(maxsize=8)
def _static(data: str = "") -> tuple[Components, Board]:
    """The components and board, shipped or the player's own (``data``: ``engine.data_folder``,
    the folder the view names): a player's own deck has cards the shipped one lacks."""
    comp = load_components(data)
    return comp, Board(comp.map)


@lru_cache(maxsize=1024)  # as ``_static``: a folder's components are read once
def card_value(card_id: str, data: str = "") -> float:
    """What a Combat card is worth in hand: its symbol, its ability, its Movement."""
    comp, _ = _static(data)
    c = comp.card(card_id)
    return (
        SYMBOL_VALUE.get(c.symbol, 1.0)
        + EFFECT_VALUE.get(c.ability.effect.kind, 0.5)
        + 0.2 * c.move
        + 0.1 * len(c.support)
    )


def _plane_of(view: View, decision: Decision) -> dict[str, Any] | None:
    m = re.match(r"(p\d+w?)\b", decision.prompt)
    wanted = m.group(1) if m else None
    for p in view.get("planes", ()):
        if p["id"] == wanted:
            return dict(p)
    for p in view.get("planes", ()):
        if p["seat"] == decision.seat and p["status"] == "flying":
            return dict(p)
    return None


def _is_bomber(g: Mapping[str, Any], data: str = "") -> bool:
    comp, _ = _static(data)
    kind = comp.aircraft.get(str(g["type"]))
    return kind is not None and kind.category == "bomber"


def _worth(view: View, g: Mapping[str, Any]) -> float:
    """How much shooting down (or stopping) this German aircraft is worth to the team."""
    if not _is_bomber(g, data_folder(view)):
        return FIGHTER_WORTH
    path = view.get("routes", {}).get(g["squadron"], [])
    target = g.get("target")
    if target and target in path and g["area"] in path:
        # out along its route to the target, or homeward past it (digest M12)
        outbound = path.index(g["area"]) <= path.index(target)
        return BOMBER_WORTH if outbound else HOMEBOUND_WORTH
    return BOMBER_WORTH if target else HOMEBOUND_WORTH


def _danger(g: Mapping[str, Any], data: str = "") -> float:
    """A fighter neither fought nor pinned joins the Counterattack ("Phase IV")."""
    return 0.0 if _is_bomber(g, data) or g["tokens"] or g["fought"] else 0.6


def _lands_to_win(view: View) -> bool:
    comp, _ = _static(data_folder(view))
    try:
        return comp.scenario(str(view.get("scenario"))).players_goal.kind == "land"
    except KeyError:
        return False


class Squadron303Heuristic:
    """The heuristic team member; every seat may have one (``PLAYERS['heuristic']``)."""

    # it never reads the view's infostate, whose re-dealt Aces cost a fifth of a heuristic game
    view_options: ClassVar[dict[str, bool]] = {"infostate": False}

    def __init__(self, seat: str, seed: int = 0, strength: str | None = None) -> None:
        self.seat = seat
        self.seed = seed
        self.data = ""  # set by ``choose`` from each view

    def choose(self, view: View, decision: Decision) -> Action:
        options = decision.options
        if len(options) == 1:
            return options[0]
        # the player's own components (``engine.data_folder``), read once a decision
        self.data = data_folder(view)
        kinds = {o.kind for o in options}
        for kind, handler in _HANDLERS:
            if kind in kinds:
                choice = handler(self, view, decision)
                return choice if choice in options else options[0]
        return options[0]

    # --- Phase II -----------------------------------------------------------------------
    def ability(self, view: View, d: Decision) -> Action:
        """Phase II.1: the pilot's ability when it helps every turn, else the yellow die."""
        plane = _plane_of(view, d)
        use = plane is not None and plane["pilot"] in PILOTS_USING_ABILITY
        return Action("ability", use=1 if use else 0)

    def discard(self, view: View, d: Decision) -> Action:
        """Phase II.2 (and the Starting Area): the card worth least."""
        return min(d.options, key=lambda a: (card_value(str(a.get("card")), self.data), a.text))

    def start(self, view: View, d: Decision) -> Action:
        """Starting Area: nearest the bombers, less what the cards discarded cost."""
        comp, board = _static(self.data)
        try:
            costs = comp.scenario(str(view.get("scenario"))).starting_area_costs
        except KeyError:
            costs = {}
        threats = [g["area"] for g in view.get("germans", ()) if _is_bomber(g, self.data)] or [
            g["area"] for g in view.get("germans", ())
        ]
        if not threats or _lands_to_win(view):
            return d.options[0]

        def score(a: Action) -> tuple[float, str]:
            at = str(a.get("at"))
            near = min(board.distance(at, t) for t in threats)
            return (near + 0.6 * costs.get(at, 0), a.text)

        return min(d.options, key=score)

    def move(self, view: View, d: Decision) -> Action:
        """Phase II.3: one Area at a time toward the best Area within reach; land when needed."""
        _, board = _static(self.data)
        plane = _plane_of(view, d)
        if plane is None:
            return d.options[0]
        here = plane["area"]
        options = d.options
        last_turn = view.get("turn", 0) >= view.get("turns", 99)
        home = len(plane["damage"]) >= 3 or plane["ammo"] < 1
        if _lands_to_win(view):
            home = home or last_turn
        if home:
            if any(o.kind == "land" for o in options):
                return Action("land")
            goal = min(board.map.airfields, key=lambda a: (board.distance(here, a), a))
            # "Withdraw" for a Medal: one more damage would shoot him down (and move the
            # squadrons near), or he cannot get away from the Germans toward home
            stuck = not any(
                o.kind == "go"
                and board.distance(str(o.get("to")), goal) < board.distance(here, goal)
                for o in options
            )
            if any(o.kind == "withdraw" for o in options) and (len(plane["damage"]) >= 4 or stuck):
                return Action("withdraw")
        else:
            goal = self._destination(view, plane)
        if goal == here:
            return Action("stop")
        steps = [o for o in options if o.kind == "go"]
        toward = [
            o for o in steps if board.distance(str(o.get("to")), goal) < board.distance(here, goal)
        ]
        need = board.distance(here, goal)
        boosts = [o for o in options if o.kind == "boost"]
        if boosts and plane["moves_left"] < need:
            return min(
                boosts,
                key=lambda a: (
                    card_value(str(a.get("card")), self.data) - _move(a, self.data),
                    a.text,
                ),
            )
        if toward:
            return min(toward, key=lambda a: (int(a.get("tokens") or 0), a.text))
        return Action("stop")

    def _destination(self, view: View, plane: Mapping[str, Any]) -> str:
        """The Area within reach this Movement where the Germans are worth most to attack."""
        comp, board = _static(self.data)
        here = plane["area"]
        reach = plane["moves_left"]
        if plane.get("hand"):
            reach += max((comp.card(c).move for c in plane["hand"]), default=0)
        others = Counter(
            p["area"]
            for p in view.get("planes", ())
            if p["id"] != plane["id"] and p["status"] == "flying"
        )
        worth: dict[str, float] = {}
        for g in view.get("germans", ()):
            if g["area"]:
                worth[g["area"]] = (
                    worth.get(g["area"], 0.0) + _worth(view, g) - _danger(g, self.data)
                )
        for area in view.get("hidden", {}).values():
            if area:
                worth[area] = worth.get(area, 0.0) + 1.0
        best, best_score = here, worth.get(here, 0.0) - 0.3 * others[here]
        if plane["ammo"] < 1:
            return here
        for area, value in sorted(worth.items()):
            dist = board.distance(here, area)
            if dist > reach:
                continue
            score = value - 0.25 * dist - 0.3 * others[area]
            if score > best_score:
                best, best_score = area, score
        if best == here and not worth.get(here):
            # nothing within reach: close on the nearest bombers' next Areas
            aims = [
                g["area"] for g in view.get("germans", ()) if g["area"] and _is_bomber(g, self.data)
            ]
            aims = aims or [g["area"] for g in view.get("germans", ()) if g["area"]]
            if aims:
                best = min(aims, key=lambda a: (board.distance(here, a), a))
        return best

    def borrow(self, view: View, d: Decision) -> Action:
        """ "Medal tokens", Phase II.1: another pilot's ability for the turn when a Medal is
        spare (see ``_spare_medal``): Zumbach's extra card first, then Łokuciewski's draw,
        Paszkiewicz's second Support, Feric's extra Area."""
        plane = _plane_of(view, d)
        if plane is None or not _spare_medal(view, plane):
            return Action("pass")
        rank = ("zumbach", "lokuciewski", "paszkiewicz", "feric")
        offered = [o for o in d.options if o.kind == "borrow" and not o.get("token")]
        offered.sort(key=lambda a: rank.index(str(a.get("pilot"))) if a.get("pilot") in rank else 9)
        return offered[0] if offered else Action("pass")

    def medal(self, view: View, d: Decision) -> Action:
        """ "Medal tokens": stop a squadron's extra move after a shoot-down when it carries
        bombers still flying to a target within 3 Areas (the move could bring the bombing)."""
        _, board = _static(self.data)
        stop = next((o for o in d.options if o.kind == "medal"), None)
        if stop is None:
            return Action("pass")
        sid = stop.get("squadron")
        inbound = [
            g
            for g in view.get("germans", ())
            if g["squadron"] == sid and g["area"] and _worth(view, g) >= BOMBER_WORTH
        ]
        near = [g for g in inbound if g["target"] and board.distance(g["area"], g["target"]) <= 3]
        return stop if near else Action("pass")

    def recon(self, view: View, d: Decision) -> Action:
        """Phase II.4: reveal a Hidden squadron when the hand can spare two cards."""
        plane = _plane_of(view, d)
        spare = plane is not None and len(plane.get("hand") or ()) >= 4
        recons = [o for o in d.options if o.kind == "recon"]
        if not spare or not recons:
            return Action("pass")
        return min(recons, key=lambda a: (_cards_value(a, self.data), a.text))

    # --- Phase III ----------------------------------------------------------------------
    def fight(self, view: View, d: Decision) -> Action:
        """Phase III: the most valuable target; the yellow die while the plane can take 2."""
        plane = _plane_of(view, d)
        if plane is None or len(plane["damage"]) >= 4:
            return Action("pass")
        germans = {g["id"]: g for g in view.get("germans", ())}
        comp, _ = _static(self.data)

        def score(a: Action) -> tuple[float, str]:
            if a.kind != "fight":
                return (-1.0, a.text)
            g = germans.get(str(a.get("target")))
            if g is None:
                return (0.0, a.text)
            toughness = comp.aircraft[str(g["type"])].toughness
            left = max(1, len(toughness) - int(g["damage"]))
            yellow = 0.5 if a.get("yellow") and len(plane["damage"]) <= 2 else 0.0
            # a Medal on František's or Henneberg's ability for this Fight when one is spare
            medal = 0.0
            if a.get("medal"):
                good = a.get("medal") in ("frantisek", "henneberg") and _spare_medal(view, plane)
                medal = 0.6 if good else -9.0
            return (_worth(view, g) + 1.0 / left + yellow + medal, a.text)

        return max(d.options, key=score)

    def round(self, view: View, d: Decision) -> Action:
        """A Combat round: the die, card and ability that score best against the faces rolled."""
        fight = fight_in(view)
        if fight is None:
            return d.options[0]
        plane = _plane(view, fight.plane)
        g = _german(view, fight.target)
        if plane is None or g is None:
            return d.options[0]
        first_round = fight.round == 1 and len(fight.used) == 0

        def score(a: Action) -> tuple[float, str]:
            die = int(a.get("die"))  # type: ignore[arg-type]
            card = str(a.get("card") or "")
            value = _round_value(
                view,
                fight,
                plane,
                g,
                die,
                card,
                str(a.get("sym") or ""),
                bool(a.get("use")),
                extra=str(a.get("gain") or ""),
            )
            if card:
                value -= 0.35 * card_value(card, self.data)
            if first_round and die >= 0:
                # the other die stays for round 2
                rest = [symbol(f) for i, f in enumerate(fight.faces) if i != die]
                value += 0.3 * max(
                    (SYMBOL_VALUE.get(s, 2.0 if s == "success" else 0.0) for s in rest), default=0.0
                )
            return (value, a.text)

        return max(d.options, key=score)

    def support(self, view: View, d: Decision) -> Action:
        """Support only when the extra symbol changes the round's outcome."""
        fight = fight_in(view)
        if fight is None:
            return Action("pass")
        plane = _plane(view, fight.plane)
        g = _german(view, fight.target)
        if plane is None or g is None:
            return Action("pass")
        if not any(o.get("gain") for o in d.options):
            return self._offer(view, d, fight, plane, g)
        base = _round_value(view, fight, plane, g, fight.die, fight.card, fight.sym, fight.use)
        best, best_score = Action("pass"), 0.0
        for o in d.options:
            if o.kind != "support":
                continue
            gain = str(o.get("gain"))
            better = _round_value(
                view, fight, plane, g, fight.die, fight.card, fight.sym, fight.use, extra=gain
            )
            score = better - base - 0.35 * card_value(str(o.get("card")), self.data)
            if score > best_score + 1e-9:
                best, best_score = o, score
        return best

    def _offer(
        self,
        view: View,
        d: Decision,
        fight: FightState,
        plane: Mapping[str, Any],
        g: Mapping[str, Any],
    ) -> Action:
        """Support offered before the round is chosen ("Support from another player"): the card
        whose Sequence with one of the fighter's cards (his hand as the view shows it) makes his
        best round better by more than the card is worth; none with private hands."""
        comp, _ = _static(self.data)
        hand = plane.get("hand")
        if not hand:
            return Action("pass")
        free = [i for i in range(len(fight.faces)) if i not in fight.used][:2] or [-1]
        # every offer looks again at the rounds without its gain: each round valued once
        values: dict[tuple[int, str, str, bool, str], float] = {}

        def value(die: int, card: str, sym: str, use: bool, gain: str) -> float:
            key = (die, card, sym, use, gain)
            found = values.get(key)
            if found is None:
                found = values[key] = _round_value(
                    view, fight, plane, g, die, card, sym, use, extra=gain
                )
            return found

        def best(offer: str) -> float:
            top = -99.0
            for die in free:
                face = symbol(fight.faces[die]) if die >= 0 else ""
                sym = "hit" if face == "success" else ""
                for card in ("", *sorted(set(hand))):
                    gains = [""]
                    if offer and card:
                        played = comp.card(card).support
                        gains = sorted(support_gains(played, comp.card(offer).support)) or [""]
                    for gain in gains:
                        for use in (False, True):
                            top = max(
                                top,
                                value(die, card, sym, use, gain)
                                - (0.35 * card_value(card, self.data) if card else 0.0),
                            )
            return top

        base = best("")
        choice, margin = Action("pass"), 0.0
        for o in d.options:
            if o.kind != "support":
                continue
            offer = str(o.get("card"))
            score = best(offer) - base - 0.35 * card_value(offer, self.data)
            if score > margin + 1e-9:
                choice, margin = o, score
        return choice

    def next(self, view: View, d: Decision) -> Action:
        """The next round: the same target (symbols kept), else the most valuable one."""
        fight = fight_in(view)
        if fight is not None and any(o.get("target") == fight.target for o in d.options):
            return Action("next", target=fight.target)
        germans = {g["id"]: g for g in view.get("germans", ())}
        return max(
            d.options,
            key=lambda a: (
                _worth(view, germans[str(a.get("target"))])
                if str(a.get("target")) in germans
                else 0.0,
                a.text,
            ),
        )

    def maneuver(self, view: View, d: Decision) -> Action:
        """A spare Maneuver: pin a bomber flying to its target, else keep it for Disengage."""
        germans = {g["id"]: g for g in view.get("germans", ())}
        pins = [o for o in d.options if str(o.get("to")) in germans]
        bombers = [o for o in pins if _worth(view, germans[str(o.get("to"))]) >= BOMBER_WORTH]
        if bombers:
            return min(bombers, key=lambda a: (germans[str(a.get("to"))]["tokens"], a.text))
        if any(o.get("to") == "board" for o in d.options):
            return Action("maneuver", to="board")
        fighters = [o for o in pins if _danger(germans[str(o.get("to"))], self.data) > 0]
        if fighters:
            return fighters[0]
        return pins[0] if pins else d.options[0]

    def take(self, view: View, d: Decision) -> Action:
        """Łokuciewski's pick from the discard pile: the best card."""
        return max(d.options, key=lambda a: (card_value(str(a.get("card")), self.data), a.text))

    def reroll(self, view: View, d: Decision) -> Action:
        """Henneberg: reroll one of the target's Hits."""
        fight = fight_in(view)
        for o in d.options:
            if o.kind == "reroll" and fight is not None:
                i = int(str(o.get("die")))
                if 0 <= i < len(fight.gfaces) and symbol(fight.gfaces[i]) == "hit":
                    return o
        return Action("pass")

    def specialize(self, view: View, d: Decision) -> Action:
        """ "Specialization": bombers first when offered (the raids are the goal), else the
        first category reached; in a Fight, reroll a blue die that shows nothing useful."""
        chosen = [o for o in d.options if o.get("category") not in (None, "none")]
        if chosen:
            return min(chosen, key=lambda a: (a.get("category") != "bomber", a.text))
        fight = fight_in(view)
        for o in d.options:
            if o.get("level") == 1 and fight is not None:
                i = int(str(o.get("die")))
                if 0 <= i < len(fight.faces) and symbol(fight.faces[i]) == "blank":
                    return o
        return d.options[0]

    def hop(self, view: View, d: Decision) -> Action:
        return Action("hop", to="stay")

    # --- Phase IV and VI ----------------------------------------------------------------
    def defend(self, view: View, d: Decision) -> Action:
        """Phase IV: cancel a die with the cheapest card that can."""
        defences = [o for o in d.options if o.kind == "defend"]
        if not defences:
            return Action("pass")
        return min(defences, key=lambda a: (card_value(str(a.get("card")), self.data), a.text))

    def strike(self, view: View, d: Decision) -> Action:
        """Reading S15's Hits: the aircraft worth most, the nearest to going down first."""
        germans = {g["id"]: g for g in view.get("germans", ())}

        def score(a: Action) -> tuple[float, str]:
            g = germans.get(str(a.get("target")))
            return ((_worth(view, g) + 0.5 * int(g["damage"])) if g else 0.0, a.text)

        return max(d.options, key=score)

    def repair(self, view: View, d: Decision) -> Action:
        """A repair (S22): the token that hurts most while it stays; a spent discard last."""
        worst = ("no_free_move", "hand_size", "no_extra", "discard_card")
        rank = {k: i for i, k in enumerate(worst)}
        return min(d.options, key=lambda a: (rank.get(str(a.get("token")), 9), a.text))

    def refit(self, view: View, d: Decision) -> Action:
        """Phase VI: repairs first when damaged, ammunition when short, then cards."""
        plane = _plane_of(view, d)
        damage = len(plane["damage"]) if plane else 0
        ammo = plane["ammo"] if plane else 0

        def score(a: Action) -> tuple[float, str]:
            repairs = min(int(a.get("repairs") or 0), damage)  # type: ignore[arg-type]
            points = int(a.get("ammo") or 0)  # type: ignore[arg-type]
            cards = int(a.get("cards") or 0)  # type: ignore[arg-type]
            ammo_worth = 1.5 if ammo + points <= 2 else 0.4
            return (
                3.0 * repairs + ammo_worth * min(points, max(0, 4 - ammo)) + 1.4 * cards,
                a.text,
            )

        return max(d.options, key=score)


def _spare_medal(view: View, plane: Mapping[str, Any]) -> bool:
    """A Medal may go on an ability: one more than the damaged pilot keeps for a Withdraw or a
    stopped extra move, or any Medal in the last two turns (unspent Medals are worth nothing at
    the end of a Scenario, save in a Campaign)."""
    medals = int(plane.get("medals") or 0)
    if plane.get("medal_used") or medals < 1:
        return False
    keep = 1 if len(plane.get("damage") or ()) >= 2 else 0
    late = int(view.get("turn", 0)) >= int(view.get("turns", 99)) - 1 and not view.get("campaign")
    return medals > keep or late


def _cards_value(a: Action, data: str = "") -> float:
    cards = a.get("cards")
    played = cards if isinstance(cards, tuple) else (cards,)
    return sum(card_value(str(c), data) for c in played if c)


def _move(a: Action, data: str = "") -> int:
    comp, _ = _static(data)
    return comp.card(str(a.get("card"))).move


def fight_in(view: View) -> FightState | None:
    f = view.get("fight")
    if not f:
        return None
    fields: list[Any] = [tuple(x) if isinstance(x, list) else x for x in f]
    return FightState(*fields)


def _plane(view: View, plane_id: str) -> Mapping[str, Any] | None:
    return next((p for p in view.get("planes", ()) if p["id"] == plane_id), None)


def _german(view: View, german_id: str) -> Mapping[str, Any] | None:
    return next((g for g in view.get("germans", ()) if g["id"] == german_id), None)


def _round_value(
    view: View,
    f: FightState,
    plane: Mapping[str, Any],
    g: Mapping[str, Any],
    die: int,
    card: str,
    sym: str,
    use: bool,
    extra: str = "",
) -> float:
    """What a round played so is worth: the target shot down or damaged, less the damage the
    player takes, by the round's arithmetic ("Dealing damage", "Toughness") on the faces shown."""
    comp, _ = _static(data_folder(view))
    # plain dicts: the heuristic's support weighs hundreds of rounds a decision, and a
    # Counter's construction cost more than the rest of the arithmetic
    dice: dict[str, int] = {}
    cards: dict[str, int] = {}
    for c in f.carry:
        source, name = str(c).split(":")
        into = dice if source == "die" else cards
        into[name] = into.get(name, 0) + 1
    failure = False
    if die >= 0:
        face = symbol(f.faces[die])
        if face == "evade" and plane.get("ability") and plane["pilot"] == "frantisek":
            face = "hit"
        if face == "success":
            dice[sym] = dice.get(sym, 0) + 1
        elif face == "failure":
            failure = True
        elif face in ("hit", "evade", "maneuver"):
            dice[face] = dice.get(face, 0) + 1
    gains: dict[str, int] = {}
    first_strike = f.first_strike
    spare = 0
    if card:
        played = comp.card(card)
        cards[played.symbol] = cards.get(played.symbol, 0) + 1
        if use:
            syms = Symbols(Counter(dice), Counter(cards), int(plane.get("tokens", 0)))
            sets = ability_sets(played.ability.requires, syms)
            gains = effect_totals(played.ability.effect, sets)
            kind = played.ability.effect.kind
            if kind == "first_strike" and sets:
                first_strike = True
            elif kind in ("third_round", "draw", "maneuver_token") and sets:
                spare += 1
    if extra:
        gains[extra] = gains.get(extra, 0) + 1
    aircraft = comp.aircraft[str(g["type"])]
    out = resolve_round(
        hits=dice.get("hit", 0) + cards.get("hit", 0) + gains.get("hit", 0),
        evades=dice.get("evade", 0) + cards.get("evade", 0) + gains.get("evade", 0),
        german_faces=f.gfaces,
        toughness=aircraft.toughness,
        damage=int(g["damage"]),
        cancel_german_hits=gains.get("cancel", 0),
        first_strike=first_strike,
        yellow_failure=failure,
        failure_damage=comp.rules.yellow_failure_damage,
    )
    worth = _worth(view, g)
    already = len(plane.get("damage") or ())
    pain = 2.0 + (3.0 if already + out.damage_taken >= comp.rules.damage_to_destroy else 0.0)
    maneuvers = dice.get("maneuver", 0) + cards.get("maneuver", 0) + gains.get("maneuver", 0)
    return (
        (3.0 * worth if out.shot_down else 0.0)
        + 1.5 * (out.target_damage - int(g["damage"]))
        - pain * out.damage_taken
        + 0.8 * min(maneuvers, 3)
        + 0.8 * spare
    )


def heuristic(seat: str, seed: int = 0, strength: str | None = None) -> Squadron303Heuristic:
    return Squadron303Heuristic(seat, seed, strength)


_HANDLERS: tuple[tuple[str, Handler], ...] = (
    ("round", Squadron303Heuristic.round),
    ("support", Squadron303Heuristic.support),
    ("fight", Squadron303Heuristic.fight),
    ("defend", Squadron303Heuristic.defend),
    ("recon", Squadron303Heuristic.recon),
    ("next", Squadron303Heuristic.next),
    ("maneuver", Squadron303Heuristic.maneuver),
    ("hop", Squadron303Heuristic.hop),
    ("take", Squadron303Heuristic.take),
    ("specialize", Squadron303Heuristic.specialize),
    ("reroll", Squadron303Heuristic.reroll),
    ("go", Squadron303Heuristic.move),
    ("boost", Squadron303Heuristic.move),
    ("land", Squadron303Heuristic.move),
    ("stop", Squadron303Heuristic.move),
    ("start", Squadron303Heuristic.start),
    ("discard", Squadron303Heuristic.discard),
    ("ability", Squadron303Heuristic.ability),
    ("refit", Squadron303Heuristic.refit),
    ("repair", Squadron303Heuristic.repair),
    ("borrow", Squadron303Heuristic.borrow),
    ("medal", Squadron303Heuristic.medal),
    ("strike", Squadron303Heuristic.strike),
)

PLAYERS: dict[str, Callable[..., Squadron303Heuristic]] = {"heuristic": heuristic}

__all__ = ["PLAYERS", "Squadron303Heuristic", "card_value", "heuristic"]
