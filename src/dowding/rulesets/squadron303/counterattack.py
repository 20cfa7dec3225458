"""Phase IV: Counterattack. Who counterattacks, with how many dice, and what Defence cards
cancel ("Phase IV: Counterattack", "Defence section of the Combat Card")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dowding.engine import Action, Chance, Decision, SymbolPool
from dowding.engine.tasks import Task

from .aces import active
from .dice import propeller
from .pieces import German

if TYPE_CHECKING:
    from .state import S303State


@dataclass(frozen=True)
class Fighter:
    """A German fighter as the Counterattack sees it."""

    dice: int  # its Help card's dice (Bf 109: 2 red)
    fought: bool = False  # the target of at least one Combat round this turn (reading S17)
    tokens: int = 0
    shot_down: bool = False


def counterattack_dice(fighters: Iterable[Fighter]) -> int:
    """The squadron's pooled dice: fighters not shot down, not tied up in a Phase III Combat,
    without a Maneuver token. (Bombers never counterattack; pass fighters only.)"""
    return sum(f.dice for f in fighters if not (f.fought or f.tokens or f.shot_down))


def cancels(defence: str, face: str) -> bool:
    """A Defence propeller cancels a die's Hit on an exact blade match; Wild matches any."""
    blades = propeller(face)
    return blades > 0 and (defence == "wild" or defence == str(blades))


def damage_after_defence(faces: Sequence[str], defences: Sequence[str], extra_hits: int = 0) -> int:
    """Uncancelled Hits: the damage each player plane in the Area takes. ``defences`` is the
    propeller each player chose on their one Defence card; each cancels one die for everyone.
    Extra Hits (a Fighter Ace's, reading S11) have no propeller: only a Wild cancels them.
    Cancels are matched to dice so as to cancel the most (exact blades first, Wild last)."""
    hits = [f for f in faces if propeller(f)]
    pending = list(hits)
    wilds = 0
    for d in defences:
        if d == "wild":
            wilds += 1
            continue
        match = next((f for f in pending if cancels(d, f)), None)
        if match is not None:
            pending.remove(match)
    left = len(pending) + extra_hits
    return max(0, left - wilds)


# --- Phase IV as tasks ------------------------------------------------------------------------


def eligible(st: S303State, squadron: str, area: str) -> tuple[German, ...]:
    """The squadron's fighters in the Area that counterattack: not tied up in a Phase III
    Combat, without a Maneuver token (shot-down ones are gone); never in Escape mode."""
    sq = st.squadron(squadron)
    if sq.mode == "escape" or sq.counterattacked or sq.hidden:
        return ()
    return tuple(
        g
        for g in st.germans
        if g.squadron == squadron
        and g.area == area
        and st.comp.aircraft[g.type].category != "bomber"
        and not g.fought
        and not g.tokens
    )


def counterattack_tasks(st: S303State) -> list[Task]:
    """Area by Area (in Area order here; the players choose it at a table), each squadron once."""
    tasks: list[Task] = []
    # where each squadron has a fighter free to counterattack (``eligible``), in one pass
    free = {
        (g.squadron, g.area)
        for g in st.germans
        if not g.fought and not g.tokens and st.comp.aircraft[g.type].category != "bomber"
    }
    for area in sorted(st.raf_counts()):
        for sq in st.squadrons:
            if (sq.id, area) in free and eligible(st, sq.id, area):
                tasks.append(("ca", sq.id, area, 0))
    return tasks


def _colours(st: S303State, fighters: tuple[German, ...], fewer: int) -> tuple[str, ...]:
    colours: list[str] = []
    for g in fighters:
        mine = [c for c, n in st.comp.aircraft[g.type].dice.items() for _ in range(n)]
        colours += mine[: max(0, len(mine) - fewer)]
    return tuple(colours)


def do_ca(st: S303State, task: Task) -> None:
    """A squadron's Counterattack in an Area: its fighters' dice pooled, one pool per colour
    (only the count of each face matters)."""
    _, sid, area, fewer = task
    fighters = eligible(st, sid, area)
    colours = _colours(st, fighters, fewer)
    if not st.raf_in(area) or not colours:
        return
    st.squadrons = tuple(
        s._replace(counterattacked=True) if s.id == sid else s for s in st.squadrons
    )
    st.pending = (area, (), ())
    counts = {c: colours.count(c) for c in dict.fromkeys(colours)}
    # Fighter Ace (a): every fighter of the squadron has an additional Hit (reading S11)
    extra = len(fighters) if active(st, sid, "ca_hit") else 0
    st.push(*(("capool", sid, c, n) for c, n in counts.items()), ("ca_defend", sid, area, extra))


def capool_chance(st: S303State, task: Task) -> Chance:
    _, sid, colour, count = task
    return SymbolPool(f"the {sid} squadron's {colour} dice", die=st.dice[colour], count=count)


def do_capool(st: S303State, task: Task, action: Action) -> None:
    from .combat import pool_faces

    area, faces, defences = st.pending
    st.pending = (area, (*faces, *pool_faces(st.dice[task[2]], action)), defences)


def do_ca_defend(st: S303State, task: Task) -> None:
    area, faces, _ = st.pending
    extra = task[3] if len(task) > 3 else 0
    st.say(
        f"the {task[1]} squadron's dice in {area}: {' '.join(faces)}"
        + (f", and {extra} Ace Hit(s)" if extra else "")
    )
    st.push(*(("defend", p.id, extra) for p in st.raf_in(area)), ("ca_hit", extra))


def defend_decision(st: S303State, task: Task) -> Decision | None:
    if not st.pending:
        return None
    area, faces, _ = st.pending
    plane = st.plane(task[1])
    extra = task[2] if len(task) > 2 else 0  # a Fighter Ace's Hits: only a Wild cancels them
    if not plane.airborne or plane.area != area or not (extra or any(propeller(f) for f in faces)):
        return None
    options = [Action("pass")]
    for card in sorted(set(plane.hand)):
        for prop in dict.fromkeys(st.comp.card(card).defence):
            if any(cancels(prop, f) for f in faces) or (prop == "wild" and extra):
                blades: int | str = prop if prop == "wild" else int(prop)
                options.append(Action("defend", card=card, prop=blades))
    if len(options) == 1 and st.options["open_hands"]:
        return None  # with private hands it is asked all the same: that it is asked tells nothing
    return Decision(
        plane.seat, f"{plane.id}: a Defence card against {' '.join(faces)}?", tuple(options)
    )


def do_defend(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    from .players import discard_card

    area, faces, defences = st.pending
    discard_card(st, task[1], str(action.get("card")))
    st.pending = (area, faces, (*defences, str(action.get("prop"))))


def do_ca_hit(st: S303State, task: Task) -> None:
    area, faces, defences = st.pending
    st.pending = ()
    damage = damage_after_defence(faces, defences, task[1] if len(task) > 1 else 0)
    if damage:
        st.say(f"{damage} damage to every plane in {area}")
    for p in st.raf_in(area):
        st.push(*([("damage", p.id)] * damage))


def hun_tasks(st: S303State) -> list[Task]:
    """ "Hun in the Sun": squadrons in that mode, Offensive ones and those just revealed by a
    plane flying in, strike the RAF planes in their Area before any Fight, by the
    Counterattack procedure (Defence cards as usual)."""
    tasks: list[Task] = []
    raf = st.raf_counts()
    for sq in st.squadrons:
        if sq.hidden or not (sq.sun or sq.mode in ("hun_in_the_sun", "offensive")):
            continue
        areas = {g.area for g in st.germans if g.squadron == sq.id and not g.tokens}
        tasks += [("hun", sq.id, a) for a in sorted(areas) if raf.get(a, 0)]
    return tasks


def do_hun(st: S303State, task: Task) -> None:
    """The Scenario's 1 or 2 dice (1 where it names none), of the squadron's fighters' colour."""
    _, sid, area = task
    fighters = [
        g
        for g in st.germans
        if g.squadron == sid
        and g.area == area
        and not g.tokens
        and st.comp.aircraft[g.type].category != "bomber"
    ]
    if not fighters or not st.raf_in(area):
        return
    colour = next(iter(st.comp.aircraft[fighters[0].type].dice))
    count = st.scenario.hun_in_the_sun or 1
    st.pending = (area, (), ())
    st.say(f"the {sid} squadron strikes out of the sun in {area}")
    st.push(("capool", sid, colour, count), ("ca_defend", sid, area))
