"""Phase III: Combat. The arithmetic of a Combat round: Toughness, Support Sequences, card
abilities, the yellow die, and what a round deals each side.

"Phase III: Combat", "Toughness", "Support from another player in the same Area", "Symbols".
The choices (which die, which card, which target, whether to ask Support) are the task queue's;
these functions say what a chosen set of symbols does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from dowding.engine import Action, Chance, Decision, Die, Draw, Roll, SymbolPool
from dowding.engine.tasks import Task

from .aces import active
from .components import Aircraft, Effect, Requirement, memo
from .dice import propeller, symbol
from .pieces import DOWN, FLYING, LANDED, German, Plane, quick_replace
from .players import borrowable, card_options, spend_medal, using

if TYPE_CHECKING:
    from .state import S303State

Gain = Literal["hit", "evade"]


def apply_hits(toughness: Sequence[int], damage: int, hits: int) -> int:
    """ "Toughness": the damage a plane has after ``hits`` scored in one round. Each next point
    needs its number of Hits in this round; Hits short of the next point are lost."""
    while damage < len(toughness) and hits >= toughness[damage]:
        hits -= toughness[damage]
        damage += 1
    return damage


def shot_down(toughness: Sequence[int], damage: int) -> bool:
    return damage >= len(toughness)


def support_gains(fighter: Iterable[str], supporter: Iterable[str]) -> frozenset[Gain]:
    """ "Support": a Sequence is three identical symbols from both cards' Support sections, Wild
    filling in; three Wilds are none. Each symbol the Sequence can be made of is a choice of
    +1 Hit or +1 Evade. Both cards must give to it ("coming from both Combat cards")."""
    a, b = Counter(fighter), Counter(supporter)
    gains: set[Gain] = set()
    for lead in ("hit", "evade"):
        if a[lead] + b[lead] == 0:
            continue
        from_a, from_b = a[lead] + a["wild"], b[lead] + b["wild"]
        if from_a >= 1 and from_b >= 1 and from_a + from_b >= 3:
            gains.add(lead)  # type: ignore[arg-type]
    return frozenset(gains)


@dataclass(frozen=True)
class Symbols:
    """The symbols a Fighting player has in a round, by where they come from ("Symbols": some
    abilities take only dice symbols, some only a Maneuver token)."""

    dice: Counter[str]
    cards: Counter[str]
    tokens: int = 0

    def total(self, name: str) -> int:
        return self.dice[name] + self.cards[name]


def ability_sets(requires: Sequence[Requirement], symbols: Symbols) -> int:
    """How many full sets of an ability's requirements the symbols make (0: not active).
    Requirements of one symbol are added up; a Maneuver paid "from die or card" may also be a
    token ("Maneuver token or symbol from die or card")."""
    need: Counter[tuple[str, str]] = Counter()
    for r in requires:
        need[(r.symbol, r.source)] += r.count
    sets = None
    for (name, source), count in need.items():
        if source == "dice":
            have = symbols.dice[name]
        elif source == "token":
            have = symbols.tokens
        else:
            have = symbols.total(name) + (symbols.tokens if name == "maneuver" else 0)
        n = have // count
        sets = n if sets is None else min(sets, n)
    return sets or 0


@dataclass(frozen=True)
class RoundOutcome:
    hits_scored: int  # the player's Hits after the target's Evades
    target_damage: int  # the target's damage after the round
    shot_down: bool
    damage_taken: int  # damage tokens the player draws


def best_round(
    faces: Iterable[str],
    carry: Counter[str],
    german_faces: Sequence[str],
    toughness: Sequence[int],
    damage: int,
    failure_damage: int,
) -> RoundOutcome:
    """The round with the die the player places best ("Phase III: Combat"): each of ``faces``
    (a yellow Success read as any symbol) added to the symbols he has already (``carry``), the
    one that shoots down, then damages most, then costs least. For the odds; ``faces`` not empty."""
    best: tuple[tuple[bool, int, int], RoundOutcome] | None = None
    for face in faces:
        reads = ("hit", "evade", "maneuver") if face == "success" else (symbol(face),)
        for sym in reads:
            got = carry + Counter({sym: 1})
            out = resolve_round(
                hits=got["hit"],
                evades=got["evade"],
                german_faces=german_faces,
                toughness=toughness,
                damage=damage,
                yellow_failure=face == "failure",
                failure_damage=failure_damage,
            )
            key = (out.shot_down, out.target_damage, -out.damage_taken)
            if best is None or key > best[0]:
                best = (key, out)
    assert best is not None, "no face to place"
    return best[1]


def resolve_round(
    *,
    hits: int,
    evades: int,
    german_faces: Sequence[str],
    toughness: Sequence[int],
    damage: int,
    cancel_german_hits: int = 0,
    first_strike: bool = False,
    yellow_failure: bool = False,
    failure_damage: int = 2,
) -> RoundOutcome:
    """ "Dealing damage": the target's Evades cancel the player's Hits one for one (reading S5);
    the rest go against its Toughness. The target's Hits, less the player's Evades and a
    card's cancels, are damage to the player; they count even when the target is shot down,
    unless the card gives First Strike ("Hits before Luftwaffe", reading S28). A yellow
    Failure used this round is 2 damage (reading S6)."""
    german_hits = german_evades = 0
    for face in german_faces:
        shown = symbol(face)
        if shown == "hit":
            german_hits += 1
        elif shown == "evade":
            german_evades += 1
    scored = max(0, hits - german_evades)
    after = apply_hits(toughness, damage, scored)
    down = shot_down(toughness, after)
    taken = max(0, german_hits - evades - cancel_german_hits)
    if first_strike and down:
        taken = 0
    if yellow_failure:
        taken += failure_damage
    return RoundOutcome(scored, after, down, taken)


def effect_totals(effect: Effect, sets: int) -> Counter[str]:
    """What an active ability adds to the round: extra symbols and cancels (``gain`` and
    ``cancel_german_hit``; the others act outside the round's arithmetic). ``per_set``
    repeats it for every set ("For each set XX gain X")."""
    times = sets if effect.per_set else min(sets, 1)
    out: Counter[str] = Counter()
    if effect.kind == "gain" and effect.symbol is not None:
        out[effect.symbol] += effect.amount * times
    elif effect.kind == "cancel_german_hit":
        out["cancel"] += effect.amount * times
    return out


def move_after_round(effect: Effect, round_number: int) -> int:
    """FAQ 2: "For the first set XX after the attack you may move your plane up to 2 Areas. For
    the next one you can move 1 Area": up to 2 after round 1, up to 3 in all after round 2."""
    if effect.kind != "move_after_round":
        return 0
    return effect.amount if round_number == 1 else 1


def german_dice(aircraft: Aircraft, untokened_mates: int = 0, ace_extra: int = 0) -> dict[str, int]:
    """The target's dice (its Help card): a He 111 adds a black die per other untokened He 111
    of its squadron in the Area, up to the four black dice (digest M3); a Fighter Ace (d) adds
    one die."""
    dice = dict(aircraft.dice)
    if aircraft.shares_dice is not None:
        colour = aircraft.shares_dice.colour
        dice[colour] = min(aircraft.shares_dice.maximum, dice.get(colour, 0) + untokened_mates)
    if ace_extra:
        first = next(iter(aircraft.dice))
        dice[first] = dice.get(first, 0) + ace_extra
    return dice


def after_reroll(first: str, second: str | None) -> str:
    """ "Reroll": the die is rolled once more; a second Reroll is a miss (``blank``)."""
    if symbol(first) != "reroll":
        return first
    assert second is not None, "a Reroll face needs its reroll"
    return "blank" if symbol(second) == "reroll" else second


def hits_with_propellers(faces: Iterable[str]) -> int:
    return sum(1 for f in faces if propeller(f))


def extra_moves(
    area: str, neighbours: frozenset[str], squadron_areas: dict[str, str]
) -> tuple[str, ...]:
    """ "Pilots shot down": every German squadron in the Area and in the adjacent Areas gets an
    extra Move at once. ``squadron_areas`` maps squadron -> Area; the answer keeps its order."""
    near = neighbours | {area}
    return tuple(s for s, a in squadron_areas.items() if a in near)


# --- Phase III as tasks ------------------------------------------------------------------------


@quick_replace
class FightState(NamedTuple):
    """The Fight under way ("Phase III: Combat"): one player against one target a round."""

    plane: str
    target: str
    rounds: int  # 2 ("two Combat rounds"), 3 with a third-round card
    round: int
    colours: tuple[str, ...]  # the player's dice (blue, or blue and yellow)
    faces: tuple[str, ...]  # their faces, rolled once for the whole Fight
    used: tuple[int, ...]  # dice already placed in a round
    gcolours: tuple[str, ...]  # the target's dice
    gfaces: tuple[str, ...]  # their faces this round
    carry: tuple[str, ...] = ()  # symbols kept from the last round: "die:hit", "card:evade"
    card: str = ""  # the card played this round
    prev_card: str = ""  # the card of the last round (same target): its ability is spent
    die: int = -1  # the die placed this round
    sym: str = ""  # the yellow die's Success read as this symbol
    use: bool = False  # the card's ability used this round
    support: str = ""  # the Support gained this round (hit or evade)
    supports: int = 0  # Supports received this Combat Phase
    first_strike: bool = False
    fought: tuple[str, ...] = ()  # every aircraft fought this Fight (for Maneuver tokens)
    spec_support: str = ""  # Specialization II: a Support symbol added to the card this round
    pledge: str = ""  # the card another pilot offers as Support before this round is chosen
    helper: str = ""  # the pilot offering it


def combat_tasks(st: S303State) -> list[Task]:
    """Phase III: Hun in the Sun first, then each player may Fight once, one Fight after
    another, "in an order the players choose" (``players.order_tasks``)."""
    from .counterattack import hun_tasks
    from .players import order_tasks

    flying = tuple(p for p in st.planes if p.status == FLYING)
    return [*hun_tasks(st), *order_tasks(st, "fight", flying)]


def _targets(st: S303State, plane: Plane) -> tuple[German, ...]:
    return tuple(g for g in st.germans_in(plane.area) if g.squadron not in plane.barred)


def fight_targets(st: S303State, plane: Plane) -> tuple[German, ...]:
    """What a plane may Fight now (none: it is not asked)."""
    if not plane.airborne or plane.fought or plane.ammo < 1 or st.fight is not None:
        return ()
    return _targets(st, plane)


def fight_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    targets = fight_targets(st, plane)
    if not targets:
        return None
    # "Medal tokens": an ability of the Combat roll bought with a Medal as the Fight starts
    medals = [] if plane.borrowed else borrowable(st, plane, frozenset({"roll"}))
    options = _fight_options(tuple(g.id for g in targets), plane.yellow, tuple(medals))
    return Decision(plane.seat, f"{plane.id}: Fight in {plane.area}?", options)


@lru_cache(maxsize=4096)
def _fight_options(
    targets: tuple[str, ...], yellow: bool, medals: tuple[str, ...]
) -> tuple[Action, ...]:
    """The options of a Fight, made once for each set of targets (ids, immutable)."""
    options = [Action("pass")]
    for target in targets:
        options.append(Action("fight", target=target))
        if yellow:
            options.append(Action("fight", target=target, yellow=1))
        options += [Action("fight", target=target, medal=pilot) for pilot in medals]
    return tuple(options)


def _german_colours(st: S303State, g: German) -> tuple[str, ...]:
    kind = st.comp.aircraft[g.type]
    mates = sum(
        1
        for o in st.germans
        if o.id != g.id
        and o.type == g.type
        and o.squadron == g.squadron
        and o.area == g.area
        and not o.tokens
    )
    extra = 1 if kind.category != "bomber" and active(st, g.squadron, "extra_die") else 0
    dice = german_dice(kind, mates if kind.shares_dice else 0, ace_extra=extra)
    return tuple(c for c, n in dice.items() for _ in range(n))


def do_fight(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    plane = st.plane(task[1])
    if action.get("medal"):
        plane = spend_medal(plane)._replace(borrowed=str(action.get("medal")))
        st.say(f"{plane.id} spends a Medal to use {plane.borrowed}'s ability in this Fight")
    target = st.german(str(action.get("target")))
    colours: tuple[str, ...] = ("blue", "yellow") if action.get("yellow") else ("blue", "blue")
    if using(plane, "frantisek") or using(plane, "urbanowicz"):
        # František: roll 3 RAF dice and choose 2; Urbanowicz: roll 3, the 3rd for another
        colours = (*colours, "blue")
    st.put(
        plane._replace(
            ammo=plane.ammo - 1,  # one ammo for both rounds
            fought=True,
            fought_now=tuple(dict.fromkeys((*plane.fought_now, target.squadron))),
        )
    )
    gcolours = _german_colours(st, target)
    st.fight = tuple(
        FightState(plane.id, target.id, 2, 1, colours, (), (), gcolours, (), fought=(target.id,))
    )
    st.put_german(target._replace(fought=True))
    mark_attacked(st, target.squadron)
    st.say(f"{plane.id} attacks {st.comp.aircraft[target.type].name} {target.id}")
    st.push(
        ("froll", plane.id),
        *_grolls(plane.id, gcolours),
        ("rerolls", plane.id, 1),
        ("give", plane.id),
        ("target_reroll", plane.id),
        ("spec", plane.id),
        ("pledges", plane.id),
        ("round", plane.id),
    )


def mark_attacked(st: S303State, squadron: str) -> None:
    """A squadron attacked in a Fight: an Escape squadron flies 2 Areas from now on."""
    st.squadrons = tuple(s._replace(attacked=True) if s.id == squadron else s for s in st.squadrons)


def _grolls(plane_id: str, gcolours: tuple[str, ...]) -> list[Task]:
    """The target's dice, one pool per colour (only the count of each face matters)."""
    return [("groll", plane_id, c) for c in dict.fromkeys(gcolours)]


def fight_of(st: S303State) -> FightState:
    assert st.fight is not None
    return FightState(*st.fight)


def set_fight(st: S303State, fight: FightState) -> None:
    st.fight = tuple(fight)


def froll_chance(st: S303State, task: Task) -> Chance:
    f = fight_of(st)
    return Roll(f"{f.plane}'s dice", tuple(st.dice[c] for c in f.colours))


def do_froll(st: S303State, task: Task, action: Action) -> None:
    f = fight_of(st)
    faces = _faces(action)
    set_fight(st, f._replace(faces=faces, gfaces=()))
    st.say(f"{f.plane} rolls {' '.join(faces)}")
    gift = st.plane(f.plane).gift
    if gift:  # Urbanowicz's kept die: a third die to choose from
        set_fight(st, fight_of(st)._replace(faces=(*faces, gift), colours=(*f.colours, "blue")))
        st.put(st.plane(f.plane)._replace(gift=""))
        st.say(f"{f.plane} takes Urbanowicz's kept die: {gift}")


def give_decision(st: S303State, task: Task) -> Decision | None:
    """Urbanowicz: "roll 3 RAF dice and keep the 3rd for another pilot to use": after the roll
    he picks the die to keep and the pilot (in play, not yet fought this turn) who gets it as a
    third die to choose from in his Fight."""
    if st.fight is None:
        return None
    f = fight_of(st)
    plane = st.plane(f.plane)
    if not using(plane, "urbanowicz") or len(f.faces) < 3:
        return None
    others = [p.id for p in st.planes if p.airborne and p.id != plane.id and not p.fought]
    if not others:
        return None
    options = [Action("give", die=-1)]
    for face in dict.fromkeys(f.faces):
        i = f.faces.index(face)
        options += [Action("give", die=i, to=pid) for pid in others]
    return Decision(plane.seat, f"{plane.id}: keep a die for another pilot?", tuple(options))


def do_give(st: S303State, task: Task, action: Action) -> None:
    die = int(action.get("die"))  # type: ignore[arg-type]
    if die < 0:
        return
    f = fight_of(st)
    to = str(action.get("to"))
    face = f.faces[die]
    set_fight(
        st,
        f._replace(
            faces=f.faces[:die] + f.faces[die + 1 :], colours=f.colours[:die] + f.colours[die + 1 :]
        ),
    )
    st.put(st.plane(to)._replace(gift=face))
    st.say(f"{f.plane} keeps a die showing {face} for {to}")


def spec_decision(st: S303State, task: Task) -> Decision | None:
    """ "Specialization": once per Combat, against its own category of aircraft, on a green
    clock, a pilot uses a level he owns: I reroll one blue die; II add any Support symbol to
    the Combat card he plays this round; III set one blue die to any face. Using level L puts
    the clock L fields into the red."""
    if st.fight is None:
        return None
    f = fight_of(st)
    plane = st.plane(f.plane)
    target = st.german(f.target)
    if not plane.spec or plane.clock or st.comp.aircraft[target.type].category != plane.spec:
        return None
    owned = _spec_level(st, plane)
    dice = [i for i, c in enumerate(f.colours) if c == "blue" and i not in f.used]
    options = [Action("pass")]
    for i in dice if owned >= 1 else []:
        options.append(Action("specialize", level=1, die=i))
    if owned >= 2:
        options += [Action("specialize", level=2, support=s) for s in ("evade", "hit", "wild")]
    for i in dice if owned >= 3 else []:
        options += [
            Action("specialize", level=3, die=i, face=face)
            for face in ("evade", "hit", "maneuver")
            if f.faces[i] != face
        ]
    if len(options) == 1:
        return None
    return Decision(
        plane.seat, f"{plane.id}: use your Specialization (level {owned})?", tuple(options)
    )


def _spec_level(st: S303State, plane: Plane) -> int:
    from .reorganization import specialization_level

    thresholds = st.comp.rules.specialization.thresholds[plane.spec]  # type: ignore[index]
    kills = sum(1 for k in plane.kills if st.comp.aircraft[k].category == plane.spec)
    return specialization_level(kills, thresholds)


def do_spec(st: S303State, task: Task, action: Action) -> None:
    from .reorganization import use_specialization

    if action.kind == "pass":
        return
    f = fight_of(st)
    plane = st.plane(f.plane)
    level = int(action.get("level"))  # type: ignore[arg-type]
    clock = use_specialization(plane.clock, level, _spec_level(st, plane))
    st.put(plane._replace(clock=clock))
    st.say(f"{plane.id} uses Specialization level {level}")
    if level == 1:
        st.push(("reroll", f.plane, "raf", int(action.get("die"))))  # type: ignore[arg-type]
    elif level == 2:
        set_fight(st, f._replace(spec_support=str(action.get("support"))))
    else:
        die = int(action.get("die"))  # type: ignore[arg-type]
        faces = list(f.faces)
        faces[die] = str(action.get("face"))
        set_fight(st, f._replace(faces=tuple(faces)))


def henneberg_decision(st: S303State, task: Task) -> Decision | None:
    """Henneberg (ours): after the target's dice are rolled, reroll one of them once; a Reroll
    on that roll is a miss, as for any die rolled again."""
    if st.fight is None:
        return None
    f = fight_of(st)
    if not using(st.plane(f.plane), "henneberg") or not f.gfaces:
        return None
    options = [Action("pass")]
    for face in dict.fromkeys(f.gfaces):
        if symbol(face) in ("hit", "evade"):
            options.append(Action("reroll", die=f.gfaces.index(face)))
    if len(options) == 1:
        return None
    return Decision(
        st.plane(f.plane).seat,
        f"{f.plane}: reroll one of {f.target}'s dice ({' '.join(f.gfaces)})?",
        tuple(options),
    )


def do_henneberg(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    f = fight_of(st)
    st.push(("reroll", f.plane, "german", int(action.get("die"))))  # type: ignore[arg-type]


def groll_chance(st: S303State, task: Task) -> Chance:
    f = fight_of(st)
    count = sum(1 for c in f.gcolours if c == task[2])
    return SymbolPool(f"{f.target}'s {task[2]} dice", die=st.dice[task[2]], count=count)


def do_groll(st: S303State, task: Task, action: Action) -> None:
    f = fight_of(st)
    faces = pool_faces(st.dice[task[2]], action)
    set_fight(st, f._replace(gfaces=(*f.gfaces, *faces)))
    st.say(f"{f.target} rolls {' '.join(faces)}")


def pool_faces(die: Die, action: Action) -> tuple[str, ...]:
    """A pool's counts as faces, in the die's order."""
    return tuple(str(s) for s in die.symbols for _ in range(int(action.get(str(s)) or 0)))  # type: ignore[arg-type]


def _faces(action: Action) -> tuple[str, ...]:
    d = action.get("d")
    return tuple(str(x) for x in d) if isinstance(d, tuple) else (str(d),)


def do_rerolls(st: S303State, task: Task) -> None:
    """Each Reroll face is rolled once more ("Dice symbols"); the yellow die never is. ``task[2]``
    is 1 for both sides (the first roll), 0 for the target's dice only (a new round)."""
    f = fight_of(st)
    tasks: list[Task] = []
    if task[2]:
        tasks += [
            ("reroll", f.plane, "raf", i)
            for i, face in enumerate(f.faces)
            if face == "reroll" and f.colours[i] != "yellow"
        ]
    target = st.german(f.target)
    # Fighter Ace (b): its fighters reroll any blank die, once
    blanks = st.comp.aircraft[target.type].category != "bomber" and active(
        st, target.squadron, "reroll_blanks"
    )
    tasks += [
        ("reroll", f.plane, "german", i)
        for i, face in enumerate(f.gfaces)
        if face == "reroll" or (blanks and face == "blank")
    ]
    st.push(*tasks)


def reroll_chance(st: S303State, task: Task) -> Chance:
    f = fight_of(st)
    colour = f.colours[task[3]] if task[2] == "raf" else f.gcolours[task[3]]
    return Roll(f"reroll of a {colour} die", (st.dice[colour],))


def do_reroll(st: S303State, task: Task, action: Action) -> None:
    f = fight_of(st)
    face = after_reroll("reroll", _faces(action)[0])
    if task[2] == "raf":
        faces = list(f.faces)
        faces[task[3]] = face
        set_fight(st, f._replace(faces=tuple(faces)))
    else:
        gfaces = list(f.gfaces)
        gfaces[task[3]] = face
        set_fight(st, f._replace(gfaces=tuple(gfaces)))


def _symbols(st: S303State, f: FightState, die: int, card: str, sym: str) -> Symbols:
    dice: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    for c in f.carry:
        source, name = c.split(":")
        (dice if source == "die" else cards)[name] += 1
    if die >= 0:
        face = symbol(f.faces[die])
        plane = st.plane(f.plane)
        if face == "evade" and using(plane, "frantisek"):
            face = "hit"  # František: change Evades to Hits
        if face == "success":
            dice[sym] += 1
        elif face in ("hit", "evade", "maneuver"):
            dice[face] += 1
    if card:
        cards[st.comp.card(card).symbol] += 1
    return Symbols(dice, cards, st.plane(f.plane).tokens)


def round_decision(st: S303State, task: Task) -> Decision | None:
    if st.fight is None:
        return None
    f = fight_of(st)
    plane = st.plane(f.plane)
    if not plane.airborne:
        return None
    # two dice serve a whole Fight (František rolls three and chooses two)
    free = [i for i in range(len(f.faces)) if i not in f.used and len(f.used) < 2] or [-1]
    options: list[Action] = []
    # the cards and what Support gives each are the same for every die: worked out once
    cards = ("", *sorted(set(_fight_cards(st, plane))))
    gains = [_pledge_gains(st, f, card) or ("",) for card in cards]
    for die in free:
        syms = ["hit", "evade", "maneuver"] if die >= 0 and f.faces[die] == "success" else [""]
        for sym in syms:
            for card, card_gains in zip(cards, gains, strict=True):
                for use in _ability_uses(st, f, die, card, sym):
                    for gain in card_gains:
                        options.append(_round_action(die, sym, card, use, gain))
    target = st.german(f.target)
    return Decision(
        plane.seat,
        f"{plane.id}, round {f.round} against {target.id}: your dice {' '.join(f.faces)}, "
        f"its dice {' '.join(f.gfaces) or 'none'}",
        tuple(options),
    )


def _round_action(die: int, sym: str, card: str, use: bool, gain: str) -> Action:
    """``round die=.. [sym=..] [card=.. use=..] [gain=..]``, each made once (asked every round)."""
    key = (die, sym, card, use, gain)
    action = _ROUND_ACTIONS.get(key)
    if action is None:
        kw: dict[str, Any] = {"die": die}
        if sym:
            kw["sym"] = sym
        if card:
            kw["card"] = card
            kw["use"] = int(use)
        if gain:
            kw["gain"] = gain
        action = _ROUND_ACTIONS[key] = Action("round", **kw)
    return action


_ROUND_ACTIONS: dict[tuple[int, str, str, bool, str], Action] = {}


def _pledge_gains(st: S303State, f: FightState, card: str) -> tuple[str, ...]:
    """What the Support card offered gives with this card: a Sequence of 3 Hits or 3 Evades
    from both cards, Wild filling in ("Support from another player"); only a card played can
    receive Support."""
    if not (f.pledge and card):
        return ()
    table = memo(st.comp, "pledge_gains")  # by card, added symbol, card offered: all strings
    key = (card, f.spec_support, f.pledge)
    found = table.get(key)
    if found is None:
        played = st.comp.card(card).support + ((f.spec_support,) if f.spec_support else ())
        found = tuple(sorted(support_gains(played, st.comp.card(f.pledge).support)))
        table[key] = found
    return found


def _fight_cards(st: S303State, plane: Plane) -> tuple[str, ...]:
    """The cards a Fight may play: the plane's; "Solo game": the Wingman's Fight takes cards
    from the table and/or the Leader's hand."""
    if plane.role != "wingman":
        return plane.hand
    leader = next((p for p in st.planes if p.role == "leader"), None)
    return (*plane.hand, *(leader.hand if leader is not None else ()))


def _ability_uses(st: S303State, f: FightState, die: int, card: str, sym: str) -> tuple[bool, ...]:
    """Whether a card's ability may be used: only when its requirement is met, and then as the
    player likes ("the card effect is an addition to symbols and you may or may not use it")."""
    if not card:
        return (False,)
    # remembered by everything ``_symbols`` reads (all immutable): asked for every card, every
    # die and every round
    plane = st.plane(f.plane)
    face = f.faces[die] if die >= 0 else ""
    key = (card, f.carry, face, sym, bool(using(plane, "frantisek")), plane.tokens)
    table = memo(st.comp, "ability_uses")
    found = table.get(key)
    if found is None:
        ability = st.comp.card(card).ability
        found = (
            (False, True)
            if ability_sets(ability.requires, _symbols(st, f, die, card, sym))
            else (False,)
        )
        table[key] = found
    return found


def do_round(st: S303State, task: Task, action: Action) -> None:
    f = fight_of(st)
    die = int(action.get("die"))  # type: ignore[arg-type]
    card = str(action.get("card") or "")
    f = f._replace(
        die=die,
        card=card,
        sym=str(action.get("sym") or ""),
        use=bool(action.get("use")),
        used=(*f.used, die) if die >= 0 else f.used,
        support="",
    )
    if not card:
        f = f._replace(spec_support="")
    if card:
        plane = st.plane(f.plane)
        if card not in plane.hand:  # "Solo game": the Wingman plays a card from the hand
            plane = next(p for p in st.planes if p.role == "leader" and card in p.hand)
        hand = list(plane.hand)
        hand.remove(card)
        st.put(plane._replace(hand=tuple(hand)))
    set_fight(st, f)
    tasks: list[Task] = []
    if f.pledge:
        f = _settle_pledge(st, f, str(action.get("gain") or ""))
        set_fight(st, f)
    self_support = card and f.use and st.comp.card(card).ability.effect.kind == "self_support"
    if self_support and not f.support and f.supports < _support_limit(st, f):
        # a card effect lets the fighter Support himself, after the card is played
        tasks.append(("support", f.plane, f.plane))
    if card and f.use and st.comp.card(card).ability.effect.kind == "reroll_german":
        hit = next((i for i, g in enumerate(f.gfaces) if symbol(g) == "hit"), None)
        if hit is not None:
            tasks.append(("reroll", f.plane, "german", hit))
    tasks.append(("resolve", f.plane))
    st.push(*tasks)


def _support_limit(st: S303State, f: FightState) -> int:
    """One Support per Combat Phase; twice with Paszkiewicz in the Area."""
    area = st.plane(f.plane).area
    here = st.raf_in(area)
    return 2 if any(p.pilot == "paszkiewicz" or using(p, "paszkiewicz") for p in here) else 1


def _settle_pledge(st: S303State, f: FightState, gain: str) -> FightState:
    """The Support offered counts when the card played makes a Sequence with it: +1 of the gain,
    the card discarded (at the end of the round, "Support"); else it was no Support (reading:
    the helper takes his card back) and the fighter may still be supported later."""
    helper = st.plane(f.helper)
    if gain:
        st.discards = tuple(sorted((*st.discards, f.pledge)))
        st.say(f"{helper.id} supports {f.plane}: +1 {gain}")
        return f._replace(support=gain, supports=f.supports + 1, pledge="", helper="")
    st.put(helper._replace(hand=tuple(sorted((*helper.hand, f.pledge)))))
    st.say(f"{helper.id}'s card makes no Sequence: no Support")
    return f._replace(pledge="", helper="")


def do_pledges(st: S303State, task: Task) -> None:
    """ "Support from another player": "after rolling the dice for the Combat round, but before
    choosing the player die and Combat cards", each pilot in the Area may offer a card."""
    f = fight_of(st) if st.fight is not None else None
    if f is None or f.supports >= _support_limit(st, f):
        return
    here = st.raf_in(st.plane(f.plane).area)
    helpers = [p for p in here if p.id != f.plane and (p.hand or not st.options["open_hands"])]
    st.push(*(("pledge", f.plane, p.id) for p in helpers))


def pledge_decision(st: S303State, task: Task) -> Decision | None:
    if st.fight is None:
        return None
    f = fight_of(st)
    if f.pledge or f.supports >= _support_limit(st, f):
        return None
    helper = st.plane(task[2])
    if not helper.airborne or helper.area != st.plane(f.plane).area:
        return None
    offers = sorted(set(helper.hand))
    if st.options["open_hands"]:
        # the team sees the fighter's hand: only a card that can make a Sequence is offered
        mine = [c for c in set(_fight_cards(st, st.plane(f.plane))) if c != ""]
        offers = [
            c for c in offers if any(_pledge_gains(st, f._replace(pledge=c), m) for m in mine)
        ]
        if not offers:
            return None  # with private hands it is asked all the same: that tells nothing
    options = [Action("pass")] + [Action("support", card=c) for c in offers]
    return Decision(
        helper.seat, f"{helper.id}: offer a card to Support {f.plane}'s round?", tuple(options)
    )


def _play_from_hand(st: S303State, task: Task, action: Action) -> tuple[str, Plane]:
    """The helper (the task's plane) gives up the action's card: (the card, the helper)."""
    card = str(action.get("card"))
    helper = st.plane(task[2])
    hand = list(helper.hand)
    hand.remove(card)
    st.put(helper._replace(hand=tuple(hand)))
    return card, helper


def do_pledge(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    f = fight_of(st)
    card, helper = _play_from_hand(st, task, action)
    set_fight(st, f._replace(pledge=card, helper=helper.id))
    # the card is played face up (a reading): the fighter sees it as he chooses his die and card
    st.say(f"{helper.id} offers {card} to Support {f.plane}")


def support_decision(st: S303State, task: Task) -> Decision | None:
    if st.fight is None:
        return None
    f = fight_of(st)
    if f.support or not f.card or f.supports >= _support_limit(st, f):
        return None
    helper = st.plane(task[2])
    if not helper.airborne or helper.area != st.plane(f.plane).area:
        return None
    played = st.comp.card(f.card).support + ((f.spec_support,) if f.spec_support else ())
    options = [Action("pass")]
    for card in sorted(set(helper.hand)):
        for gain in sorted(support_gains(played, st.comp.card(card).support)):
            options.append(Action("support", card=card, gain=gain))
    if len(options) == 1 and st.options["open_hands"]:
        return None  # with private hands it is asked all the same: that it is asked tells nothing
    return Decision(helper.seat, f"{helper.id}: Support {f.plane}'s round?", tuple(options))


def do_support(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    f = fight_of(st)
    card, helper = _play_from_hand(st, task, action)
    st.discards = tuple(sorted((*st.discards, card)))  # discarded at the end of the round
    set_fight(st, f._replace(support=str(action.get("gain")), supports=f.supports + 1))
    st.say(f"{helper.id} supports {f.plane}: +1 {action.get('gain')}")


def do_resolve(st: S303State, task: Task) -> None:
    """ "Dealing damage": the round's symbols against the target's dice."""
    f = fight_of(st)
    plane = st.plane(f.plane)
    target = st.german(f.target)
    syms = _symbols(st, f, f.die, f.card, f.sym)
    gains: Counter[str] = Counter()
    spent_maneuvers = 0
    first_strike = f.first_strike
    rounds = f.rounds
    extra: list[Task] = []
    if f.card and f.use:
        ability = st.comp.card(f.card).ability
        sets = ability_sets(ability.requires, syms)
        gains = effect_totals(ability.effect, sets)
        for r in ability.requires:
            if r.symbol == "maneuver" and r.source != "token":
                spent_maneuvers += r.count * (sets if ability.effect.per_set else 1)
            if r.source == "token":
                plane = plane._replace(tokens=max(0, plane.tokens - r.count))
        kind = ability.effect.kind
        if kind == "first_strike":
            first_strike = True
        elif kind == "third_round":
            rounds = 3
        elif kind == "draw":
            extra += [("draw", plane.id)] * ability.effect.amount
        elif kind == "maneuver_token":
            gains["maneuver"] += ability.effect.amount
        elif kind == "move_after_round":
            extra.append(("hop", plane.id, move_after_round(ability.effect, f.round)))
    if f.support:
        gains[f.support] += 1
    hits = syms.total("hit") + gains["hit"]
    evades = syms.total("evade") + gains["evade"]
    maneuvers = max(0, syms.total("maneuver") + gains["maneuver"] - spent_maneuvers)
    failure = f.die >= 0 and f.faces[f.die] == "failure"
    kind = st.comp.aircraft[target.type]
    gfaces = f.gfaces
    if kind.category != "bomber" and active(st, target.squadron, "free_evade"):
        gfaces = (*gfaces, "evade")  # Fighter Ace (c): a free Evade
    outcome = resolve_round(
        hits=hits,
        evades=evades,
        german_faces=gfaces,
        toughness=kind.toughness,
        damage=target.damage,
        cancel_german_hits=gains["cancel"],
        first_strike=first_strike,
        yellow_failure=failure,
        failure_damage=st.comp.rules.yellow_failure_damage,
    )
    st.put(plane)
    st.say(
        f"{plane.id} scores {outcome.hits_scored} Hit(s) on {target.id}"
        + (", shooting it down" if outcome.shot_down else "")
        + f"; takes {outcome.damage_taken} damage"
    )
    if outcome.shot_down:
        shoot_down_german(st, plane.id, target)
    else:
        st.put_german(target._replace(damage=outcome.target_damage))
    # carried into the next round against the same target: the die, and the card's symbol
    carry = list(f.carry)
    if f.die >= 0 and symbol(f.faces[f.die]) in ("hit", "evade", "maneuver", "success"):
        face = f.sym if f.faces[f.die] == "success" else symbol(f.faces[f.die])
        carry.append(f"die:{face}")
    if f.card:
        card_symbol = st.comp.card(f.card).symbol
        if card_symbol != "maneuver" or spent_maneuvers == 0:
            carry.append(f"card:{card_symbol}")
    set_fight(
        st, f._replace(carry=tuple(carry), first_strike=first_strike, rounds=rounds, use=False)
    )
    tasks: list[Task] = [("damage", plane.id)] * outcome.damage_taken
    # a Maneuver not spent on the ability becomes a token, on the board or on a German plane
    tasks += [("maneuver", plane.id)] * min(maneuvers, 3)
    tasks += extra
    if outcome.shot_down:
        # "Specialization": a level is reached "the instant the required number of planes is
        # shot down", and the category may be chosen NOW (as well as in Phase VI)
        tasks.append(("specialize", plane.id))
    tasks.append(("after", plane.id))
    st.push(*tasks)


def shoot_down_german(st: S303State, plane_id: str, target: German) -> None:
    from .players import award_medal

    plane = st.plane(plane_id)
    kills = (*plane.kills, target.type)
    st.put(plane._replace(kills=kills))
    if len(kills) % 5 == 0:  # "Medal tokens": a Medal at the 5th kill (and every 5th, S27)
        award_medal(st, plane_id, f"{len(kills)} aircraft shot down")
    st.germans = tuple(g for g in st.germans if g.id != target.id)
    st.kills += 1
    st.downed = (*st.downed, target.squadron)


def maneuver_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    if not plane.airborne or st.fight is None:
        return None
    f = fight_of(st)
    options = [Action("maneuver", to="none")]
    if plane.tokens < st.comp.rules.max_maneuver_tokens:
        options.append(Action("maneuver", to="board"))
    for gid in f.fought:
        if any(g.id == gid for g in st.germans):
            options.append(Action("maneuver", to=gid))
    return Decision(plane.seat, f"{plane.id}: a Maneuver token to keep or assign", tuple(options))


def do_maneuver(st: S303State, task: Task, action: Action) -> None:
    to = str(action.get("to"))
    plane = st.plane(task[1])
    if to == "board":
        st.put(plane._replace(tokens=plane.tokens + 1))
    elif to != "none":
        g = st.german(to)
        st.put_german(g._replace(tokens=g.tokens + 1))
        st.say(f"{plane.id} pins {to} with a Maneuver token")


def hop_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    if not plane.airborne or task[2] < 1:
        return None
    options = [Action("hop", to="stay")]
    options += [Action("hop", to=a) for a in sorted(st.board.neighbours[plane.area])]
    return Decision(
        plane.seat, f"{plane.id}: move up to {task[2]} Area(s) after the round", tuple(options)
    )


def do_hop(st: S303State, task: Task, action: Action) -> None:
    to = str(action.get("to"))
    if to == "stay":
        return
    plane = st.plane(task[1])
    st.put(plane._replace(area=to))
    st.say(f"{plane.id} breaks away to {st.board.areas[to].name}")
    st.reveal_contacts()
    if task[2] > 1:
        st.push(("hop", task[1], task[2] - 1))


def do_after(st: S303State, task: Task) -> None:
    """After a round: the next round (same target or another), or the end of the Fight."""
    if st.fight is None:
        return
    f = fight_of(st)
    plane = st.plane(f.plane)
    if plane.airborne and f.round < f.rounds and _targets(st, plane):
        st.push(("next", plane.id))
        return
    end_fight(st)


def end_fight(st: S303State) -> None:
    f = fight_of(st)
    if f.pledge:  # a Support offered to a round never played goes back to its pilot
        helper = st.plane(f.helper)
        st.put(helper._replace(hand=tuple(sorted((*helper.hand, f.pledge)))))
    for card in (f.card, f.prev_card):
        if card:
            st.discards = tuple(sorted((*st.discards, card)))
    st.fight = None


def next_decision(st: S303State, task: Task) -> Decision | None:
    if st.fight is None:
        return None
    f = fight_of(st)
    plane = st.plane(f.plane)
    options: list[Action] = []
    others = _targets(st, plane)
    if any(g.id == f.target for g in others):
        options.append(Action("next", target=f.target))
    options += [Action("next", target=g.id) for g in others if g.id != f.target]
    return Decision(
        plane.seat, f"{plane.id}: round {f.round + 1}, same target or another", tuple(options)
    )


def do_next(st: S303State, task: Task, action: Action) -> None:
    f = fight_of(st)
    target = st.german(str(action.get("target")))
    if f.card and f.prev_card:
        st.discards = tuple(sorted((*st.discards, f.prev_card)))
    if target.id == f.target:
        # "The player attacks the same opponent": keep the die and card symbols; the card's
        # ability is spent; the target rerolls its dice, the player does not
        f = f._replace(round=f.round + 1, prev_card=f.card, card="", die=-1, sym="")
    else:
        # "... a different opponent": the first die and card are discarded; its dice are rolled
        if f.card:
            st.discards = tuple(sorted((*st.discards, f.card)))
        if f.prev_card:
            st.discards = tuple(sorted((*st.discards, f.prev_card)))
        f = f._replace(
            round=f.round + 1,
            target=target.id,
            carry=(),
            card="",
            prev_card="",
            die=-1,
            sym="",
            gcolours=_german_colours(st, target),
            fought=tuple(dict.fromkeys((*f.fought, target.id))),
        )
        st.put_german(target._replace(fought=True))
        mark_attacked(st, target.squadron)
        plane = st.plane(f.plane)
        st.put(
            plane._replace(fought_now=tuple(dict.fromkeys((*plane.fought_now, target.squadron))))
        )
    set_fight(st, f._replace(gfaces=(), spec_support=""))
    st.push(
        *_grolls(f.plane, f.gcolours),
        ("rerolls", f.plane, 0),
        ("target_reroll", f.plane),
        ("spec", f.plane),
        ("pledges", f.plane),
        ("round", f.plane),
    )


# --- damage and shoot-downs ("Damage tokens", "Pilots shot down") -------------------------------


def do_damage(st: S303State, task: Task) -> None:
    """One damage: a damage token drawn from the plane's own supply; the 5th destroys it."""
    plane = st.plane(task[1])
    if not plane.airborne:
        return
    if len(plane.damage) + 1 >= st.comp.rules.damage_to_destroy:
        shoot_down_plane(st, plane)
        return
    st.push(("token", plane.id))


def token_chance(st: S303State, task: Task) -> Chance:
    plane = st.plane(task[1])
    return Draw(f"damage token for {plane.id}", _supply(st, plane))


def _supply(st: S303State, plane: Plane) -> tuple[str, ...]:
    table = memo(st.comp, "damage_supply")  # by the tokens drawn (asked twice a token)
    found = table.get(plane.damage)
    if found is None:
        left = list(st.comp.rules.damage_tokens)
        for d in plane.damage:
            left.remove(d)
        found = table[plane.damage] = tuple(sorted(left))
    return found


def token_ready(st: S303State, task: Task) -> bool:
    plane = st.plane(task[1])
    return plane.airborne and bool(_supply(st, plane))


def do_token(st: S303State, task: Task, action: Action) -> None:
    plane = st.plane(task[1])
    kind = str(action.get("item"))
    st.put(plane._replace(damage=(*plane.damage, kind)))
    st.say(f"{plane.id} is hit: {kind.replace('_', ' ')}")
    if kind == "discard_card" and plane.hand:
        st.push(("lose_card", plane.id))
    elif kind == "discard_card" and plane.role == "wingman":
        # "Solo game": a Wingman with no cards on the table: the Leader discards
        leader = next((p for p in st.planes if p.role == "leader" and p.hand), None)
        if leader is not None:
            st.push(("lose_card", leader.id))


def lose_card_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    if not plane.hand:
        return None
    return Decision(
        plane.seat,
        f"{plane.id}: discard one Combat card (damage)",
        card_options("discard", plane.hand),
    )


def do_lose_card(st: S303State, task: Task, action: Action) -> None:
    from .players import discard_card

    discard_card(st, task[1], str(action.get("card")))


def shoot_down_plane(st: S303State, plane: Plane) -> None:
    """ "Pilots shot down": the plane goes to the starting Area, its Medals are lost, and every
    German squadron in its Area and the adjacent ones moves at once (a pinned plane loses a token
    instead). Before each such move, a pilot in that Area or next to it may spend a Medal to stop
    it ("Medal tokens": "Prevent an additional Movement of one selected German squadron")."""
    area = plane.area
    # its Medals are lost; in a Campaign they are kept with his record (reading S12)
    medals = plane.medals if st.camp.id else 0
    st.put(plane._replace(status=DOWN, area=st.scenario.starting_airfield, medals=medals, tokens=0))
    st.pilots_down += 1
    st.say(f"{plane.id} is shot down over {st.board.areas[area].name}")
    from .players import new_leader

    new_leader(st)
    if st.fight is not None and fight_of(st).plane == plane.id:
        end_fight(st)
    squadron_areas = {}
    for s in st.squadrons:
        here = [g.area for g in st.germans if g.squadron == s.id and g.on_board]
        near = [a for a in here if a == area or a in st.board.neighbours[area]]
        if near:
            squadron_areas[s.id] = near[0]
    near_planes = [
        p.id
        for p in st.planes
        if p.status in (FLYING, LANDED) and (p.area == area or p.area in st.board.neighbours[area])
    ]
    tasks: list[Task] = []
    for sid in extra_moves(area, st.board.neighbours[area], squadron_areas):
        tasks += [("stop", sid, pid) for pid in near_planes]
        tasks.append(("extra", sid))
    tasks.append(("contacts",))
    st.push(*tasks)


def stop_decision(st: S303State, task: Task) -> Decision | None:
    """A pilot near the shoot-down may spend a Medal to stop this squadron's extra move."""
    _, sid, pid = task
    plane = st.plane(pid)
    if plane.medals < 1 or plane.medal_used or plane.status not in (FLYING, LANDED):
        return None
    if ("extra", sid) not in st.queue:  # another pilot stopped it already
        return None
    return Decision(
        plane.seat,
        f"{pid}: spend a Medal to stop the {sid} squadron's extra move?",
        (Action("pass"), Action("medal", squadron=sid)),
    )


def do_stop(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    from .players import spend_medal

    _, sid, pid = task
    st.put(spend_medal(st.plane(pid)))
    i = st.queue.index(("extra", sid))
    st.queue = st.queue[:i] + st.queue[i + 1 :]
    st.say(f"{pid} spends a Medal: the {sid} squadron makes no extra move")


def do_extra(st: S303State, task: Task) -> None:
    """One squadron's extra move after a shoot-down (a Hidden one as a bomber squadron)."""
    from .germans import apply_bombings, move_squadron, reveal_bombers

    sq = st.squadron(task[1])
    moved, bombings = move_squadron(
        st.comp, st.board, sq._replace(mode="escape") if sq.hidden else sq, st.germans
    )
    st.germans = moved
    st.say(f"the {sq.id} squadron makes an extra move")
    reveal_bombers(st, bombings)
    apply_bombings(st, bombings)


def do_contacts(st: S303State, task: Task) -> None:
    st.reveal_contacts()
