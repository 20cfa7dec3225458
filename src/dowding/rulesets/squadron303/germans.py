"""Phase V: The German Phase. Movement order, Maneuver tokens, bombing (L6, L7 in the digest).

"Phase V: The German Phase", "German modes", "Maneuver tokens".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dowding.engine.tasks import Task

from .board import Board
from .components import Components
from .pieces import OFF_BOARD, German, Squadron

if TYPE_CHECKING:
    from .state import S303State


@dataclass(frozen=True)
class Mover:
    """A squadron as the movement order sees it."""

    id: str
    has_bombers: bool
    individual: bool = False  # planes outside squadrons (from Events)


def movement_order(squadrons: Sequence[Mover]) -> tuple[str, ...]:
    """ "Phase V": squadrons with bombers move first, then fighter-only squadrons, then
    individual planes; within a category in the Scenario's listing order (digest M16)."""

    def rank(s: Mover) -> int:
        return 2 if s.individual else (0 if s.has_bombers else 1)

    return tuple(s.id for s in sorted(squadrons, key=rank))


def tokens_to_stop(is_bomber: bool, bomber_ace: bool) -> int:
    """A plane with a Maneuver token does not move; a Bomber Ace (f) makes its bombers need one
    more token to be stopped."""
    return 2 if (is_bomber and bomber_ace) else 1


def moves(tokens: int, is_bomber: bool = False, bomber_ace: bool = False) -> bool:
    """Whether a plane moves this German Phase; one that does not discards a token instead."""
    return tokens < tokens_to_stop(is_bomber, bomber_ace)


def bomb(target_damage: int, bombs: int, toughness: int) -> int:
    """ "Bombing" (L7): each bomber reaching its target adds its bombs (digest M11) to the
    target's damage; damage past the Toughness is wasted."""
    return min(toughness, target_damage + bombs)


def destroyed(target_damage: int, toughness: int) -> bool:
    return target_damage >= toughness


# --- movement over the pieces ("Phase V: 1. Movement", "German modes") -------------------------


def is_bomber(comp: Components, plane: German) -> bool:
    return comp.aircraft[plane.type].category == "bomber"


def step(board: Board, sq: Squadron, plane: German) -> German:
    """One Area along the squadron's path: toward the next path point (the shortest way, ties to
    the lowest Area id, digest M16); past the last point, off the board."""
    if not plane.on_board:
        return plane
    if plane.leg + 1 >= len(sq.path):
        return plane._replace(area=OFF_BOARD)
    goal = sq.path[plane.leg + 1]
    here = board.step_toward(plane.area, goal)
    return plane._replace(area=here, leg=plane.leg + 1 if here == goal else plane.leg)


def _fly(
    comp: Components,
    board: Board,
    sq: Squadron,
    plane: German,
    steps: int,
    bombings: list[tuple[str, str]],
) -> German:
    """Fly ``steps`` Areas; a bomber bombs its target as soon as it gets there ("2. Bombing
    attacks": "as soon as it reaches the Area", even on an extra move), once ("only one target
    and then return to their base")."""
    for _ in range(steps):
        plane = step(board, sq, plane)
        if plane.area == sq.target and not plane.bombed and is_bomber(comp, plane):
            plane = plane._replace(bombed=True)
            bombings.append((plane.id, plane.area))
    return plane


def move_squadron(
    comp: Components,
    board: Board,
    sq: Squadron,
    planes: tuple[German, ...],
    steps: int = 1,
    bomber_ace: bool = False,
) -> tuple[tuple[German, ...], tuple[tuple[str, str], ...]]:
    """One move of a squadron's aircraft along its path (a Phase V move or the extra move after
    a pilot is shot down). A plane with a Maneuver token does not move and discards one token
    instead ("Maneuver tokens"). Close-escort fighters go where a bomber of theirs that shared
    their Area goes; if every such bomber is stopped they stay ("Close escort")."""
    bombings: list[tuple[str, str]] = []
    moved: dict[str, German] = {}
    stopped: set[str] = set()
    # this squadron's aircraft, picked out once (every squadron moves over the whole list)
    mine = [p for p in planes if p.squadron == sq.id]
    if not mine:
        return planes, ()
    for p in mine:
        if not p.on_board:
            continue
        bomber = is_bomber(comp, p)
        if bomber or sq.mode != "close_escort":
            if moves(p.tokens, bomber, bomber_ace):
                moved[p.id] = _fly(comp, board, sq, p, steps, bombings)
            else:
                moved[p.id] = p._replace(tokens=p.tokens - 1)
                stopped.add(p.id)
    if sq.mode != "close_escort":  # every aircraft on the board has moved (or been stopped)
        return tuple([moved.get(p.id, p) for p in planes]), tuple(bombings)
    # the squadron's bombers by Area, gathered once (not once for each escort fighter)
    bombers_at: dict[str, list[German]] = {}
    for q in mine:
        if is_bomber(comp, q):
            bombers_at.setdefault(q.area, []).append(q)
    for p in mine:
        if not p.on_board or p.id in moved:
            continue
        # a close-escort fighter
        if p.tokens:
            moved[p.id] = p._replace(tokens=p.tokens - 1)
            continue
        mates = bombers_at.get(p.area, [])
        going = [moved[q.id] for q in mates if q.id not in stopped]
        if going:
            moved[p.id] = p._replace(area=going[0].area, leg=going[0].leg)
        elif mates:
            moved[p.id] = p  # every bomber stopped: stay with them
        else:
            moved[p.id] = _fly(comp, board, sq, p, steps, bombings)
    return tuple([moved.get(p.id, p) for p in planes]), tuple(bombings)


def squadrons_with_bombers(
    comp: Components, squadrons: Sequence[Squadron], planes: Sequence[German]
) -> tuple[str, ...]:
    # one pass over the aircraft, not one for each squadron
    bombing = {p.squadron for p in planes if p.on_board and is_bomber(comp, p)}
    return tuple(s.id for s in squadrons if s.id in bombing)


def mode_steps(sq: Squadron) -> int:
    """Areas a squadron flies in a German Phase by its mode: bombers and their close escort 1
    (the examples), Patrol 1, Escape 1 or 2 once it has been attacked (reading S8), Offensive
    2 (reading S9), Hunting 2 (ours: the Event's free hunt), Hun in the Sun 1."""
    if sq.mode in ("offensive", "hunting") or (sq.mode == "escape" and sq.attacked):
        return 2
    return 1


@dataclass(frozen=True)
class PhaseV:
    """What the German Phase's movement did."""

    squadrons: tuple[Squadron, ...]
    planes: tuple[German, ...]
    bombings: tuple[tuple[str, str], ...]  # (aircraft, target Area), in order
    # Patrol attacks after moving: (squadron, Area); a Counterattack with one die fewer each
    attacks: tuple[tuple[str, str], ...]


def _busiest(areas: Sequence[str], raf: Mapping[str, int]) -> str:
    """Of several RAF Areas, the one with the most RAF planes, then the lowest id (M16)."""
    return min(areas, key=lambda a: (-raf[a], a))


def _patrol(
    comp: Components,
    board: Board,
    sq: Squadron,
    planes: tuple[German, ...],
    raf: Mapping[str, int],
) -> tuple[tuple[German, ...], tuple[tuple[str, str], ...]]:
    """ "Patrol": a fighter sharing an Area with RAF planes does not move (it fought, or it
    Counterattacks with its two dice in Phase IV). Otherwise it flies 1 Area along its route;
    ending with RAF planes it attacks (a Counterattack, one die fewer); ending next to them it
    moves in with its second action, without attacking."""
    mine = [p for p in planes if p.squadron == sq.id and p.on_board]
    if any(raf.get(p.area, 0) for p in mine):
        return planes, ()
    moved, _ = move_squadron(comp, board, sq, planes, 1)
    attacks: list[tuple[str, str]] = []
    out = list(moved)
    for i, p in enumerate(out):
        if p.squadron != sq.id or not p.on_board or p.tokens:
            continue
        if raf.get(p.area, 0):
            if (sq.id, p.area) not in attacks:
                attacks.append((sq.id, p.area))
            continue
        near = [a for a in board.neighbours[p.area] if raf.get(a, 0)]
        if near:
            out[i] = p._replace(area=_busiest(near, raf))
    return tuple(out), tuple(attacks)


def _escort_without_bombers(
    comp: Components,
    board: Board,
    sq: Squadron,
    squadrons: Sequence[Squadron],
    planes: tuple[German, ...],
    raf: Mapping[str, int],
) -> tuple[Squadron, tuple[German, ...], tuple[tuple[str, str], ...]]:
    """ "Close escort" without bombers at the start of Phase V: 2 Areas toward the nearest
    squadron with bombers; RAF planes reachable on the way switch them to Patrol and they
    attack; reaching the bombers, they join that squadron as its close escort; with no bombers
    left anywhere they switch to Patrol."""
    others = set(squadrons_with_bombers(comp, squadrons, planes)) - {sq.id}
    if not others:
        return sq._replace(mode="patrol"), planes, ()
    bombers = [p for p in planes if p.squadron in others and is_bomber(comp, p) and p.on_board]
    out = list(planes)
    mode = sq.mode
    attacks: list[tuple[str, str]] = []
    for i, p in enumerate(out):
        if p.squadron != sq.id or not p.on_board:
            continue
        if p.tokens:
            out[i] = p._replace(tokens=p.tokens - 1)
            continue
        goal = min(bombers, key=lambda b: (board.distance(p.area, b.area), b.area, b.id))
        here = p.area
        for _ in range(2):
            if here == goal.area:
                break
            here = board.step_toward(here, goal.area)
            if raf.get(here, 0):
                mode = "patrol"
                if (sq.id, here) not in attacks:
                    attacks.append((sq.id, here))
                break
        if here == goal.area and mode == "close_escort":
            out[i] = p._replace(area=here, squadron=goal.squadron, leg=goal.leg)
        else:
            out[i] = p._replace(area=here)
    return sq._replace(mode=mode), tuple(out), tuple(attacks)


def _hunt(
    board: Board, sq: Squadron, planes: tuple[German, ...], prey_area: str
) -> tuple[tuple[German, ...], tuple[tuple[str, str], ...]]:
    """ "Hunting" (ours: the Event's rules are not in the text): 2 Areas toward the hunted
    pilot's Area, the shortest way (ties to the lowest Area id, M16); reaching it, the
    squadron attacks by the Counterattack procedure with all its dice. A pinned plane discards
    a token instead."""
    out = list(planes)
    attacks: list[tuple[str, str]] = []
    for i, p in enumerate(out):
        if p.squadron != sq.id or not p.on_board:
            continue
        if p.tokens:
            out[i] = p._replace(tokens=p.tokens - 1)
            continue
        here = p.area
        for _ in range(2):
            if here == prey_area:
                break
            here = board.step_toward(here, prey_area)
        out[i] = p._replace(area=here)
        if here == prey_area and (sq.id, here) not in attacks:
            attacks.append((sq.id, here))
    return tuple(out), tuple(attacks)


def german_phase(
    comp: Components,
    board: Board,
    squadrons: tuple[Squadron, ...],
    planes: tuple[German, ...],
    raf: Mapping[str, int],
    bomber_aces: frozenset[str] = frozenset(),
    prey_areas: Mapping[str, str] | None = None,
    faster: frozenset[str] = frozenset(),
) -> PhaseV:
    """ "Phase V: 1. Movement" for every squadron in the rulebook's order (with bombers, then
    fighters only; in Scenario order within each, M16). ``raf`` counts the airborne RAF planes
    per Area (planes on an airfield are ignored). Squadrons of ``bomber_aces`` fly their bombers
    past one Maneuver token (Bomber Ace f). ``prey_areas``: where each Hunting squadron's
    hunted pilot flies (one on the ground or out of play is not hunted: the route is flown).
    Squadrons in ``faster`` fly 1 Area more (Bomber Ace e, after being attacked)."""
    prey_areas = prey_areas or {}
    # a Hidden squadron moves like a bomber squadron, 1 Area along its route ("Hidden
    # Squadrons"), after the others; what it holds must not steer the squadrons in sight
    visible = [s for s in squadrons if not s.hidden]
    with_bombers = set(squadrons_with_bombers(comp, visible, planes))
    order = movement_order([Mover(s.id, s.id in with_bombers) for s in visible])
    order += tuple(s.id for s in squadrons if s.hidden)
    current = {s.id: s for s in squadrons}
    bombings: list[tuple[str, str]] = []
    attacks: list[tuple[str, str]] = []
    for sid in order:
        sq = current[sid]
        if not any(p.squadron == sid and p.area != OFF_BOARD for p in planes):  # none on board
            continue
        if sq.hidden:
            planes, dropped = move_squadron(comp, board, sq._replace(mode="escape"), planes, 1)
            bombings.extend(dropped)
        elif sq.mode == "close_escort" and sid not in with_bombers:
            sq, planes, found = _escort_without_bombers(
                comp, board, sq, tuple(s for s in current.values() if not s.hidden), planes, raf
            )
            current[sid] = sq
            attacks.extend(found)
        elif sq.mode == "patrol":
            planes, found = _patrol(comp, board, sq, planes, raf)
            attacks.extend(found)
        elif sq.mode == "hunting" and prey_areas.get(sid):
            planes, found = _hunt(board, sq, planes, prey_areas[sid])
            attacks.extend(found)
        else:
            steps = mode_steps(sq) + (1 if sid in faster else 0)
            planes, dropped = move_squadron(
                comp, board, sq, planes, steps, bomber_ace=sid in bomber_aces
            )
            bombings.extend(dropped)
    return PhaseV(tuple(current.values()), planes, tuple(bombings), tuple(attacks))


# --- Phase V as a task ------------------------------------------------------------------------


def target_toughness(st: S303State, area: str) -> int:
    symbols = st.board.areas[area].symbols
    return max((st.comp.rules.target_toughness[s] for s in symbols), default=0)


def apply_bombings(st: S303State, bombings: Sequence[tuple[str, str]]) -> None:
    """Each bomb adds the bomber's bombs to its target's damage, up to the Toughness."""
    damage = dict(st.target_damage)
    for plane_id, area in bombings:
        kind = next((g.type for g in st.germans if g.id == plane_id), None)
        if kind is None:
            continue
        toughness = target_toughness(st, area)
        damage[area] = bomb(damage.get(area, 0), st.comp.aircraft[kind].bombs, toughness)
        st.say(
            f"{plane_id} bombs {st.board.areas[area].name}: damage {damage[area]} of {toughness}"
        )
    st.target_damage = tuple(sorted(damage.items()))


def do_germans(st: S303State, task: Task) -> None:
    from .events import prey as choose_prey

    st.squadrons = tuple(
        s._replace(prey=choose_prey(st)) if s.mode == "hunting" and not s.prey else s
        for s in st.squadrons
    )
    prey = {
        s.id: st.plane(s.prey).area
        for s in st.squadrons
        if s.mode == "hunting" and s.prey and st.plane(s.prey).airborne
    }
    from .aces import active

    fought = {g.squadron for g in st.germans if g.fought}
    out = german_phase(
        st.comp,
        st.board,
        st.squadrons,
        st.germans,
        st.raf_counts(),
        # Bomber Aces: (f) one more token to stop a bomber; (e) 1 Area more after an attack
        bomber_aces=frozenset(s.id for s in st.squadrons if active(st, s.id, "extra_token")),
        prey_areas=prey,
        faster=frozenset(
            s.id for s in st.squadrons if s.id in fought and active(st, s.id, "extra_move")
        ),
    )
    st.squadrons, st.germans = out.squadrons, out.planes
    reveal_bombers(st, out.bombings)
    apply_bombings(st, out.bombings)
    st.reveal_contacts()
    st.exited = (*st.exited, *(g.squadron for g in st.germans if not g.on_board))
    st.germans = tuple(g for g in st.germans if g.on_board)
    # Patrol: an attack after moving is a Counterattack with one die fewer; a hunt has them all
    st.push(*(("ca", sid, area, 0 if sid in prey else 1) for sid, area in out.attacks))


def reveal_bombers(st: S303State, bombings: Sequence[tuple[str, str]]) -> None:
    """A Hidden squadron that bombs is seen doing it."""
    hidden = st.hidden_ids()
    for plane_id, _ in bombings:
        sid = next((g.squadron for g in st.germans if g.id == plane_id), "")
        if sid in hidden:
            st.reveal(sid)
            hidden = st.hidden_ids()
