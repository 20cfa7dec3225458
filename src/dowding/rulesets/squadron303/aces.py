"""German Aces ("Additional rules: Aces", digest L8): at most one Elite Pilot token per squadron,
drawn at random within its type and face down until an RAF plane comes into an Area with the
squadron's aircraft of that type; it then flies one of them and the whole squadron uses its
benefit, to the end of the turn in which that aircraft is shot down."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from dowding.engine import Action, Chance, Draw
from dowding.engine.tasks import Task

from .pieces import German, Squadron

if TYPE_CHECKING:
    from .state import S303State


def kinds(st: S303State, sq: Squadron) -> tuple[str, ...]:
    """The Ace tokens a squadron may draw: bomber Aces for bombers only, fighter Aces for
    fighters only; a mixed squadron draws from all six (ours: the text lets the players pick
    the type, we leave it to the draw)."""
    card = st.comp.deployment_card(sq.card)
    bombers = [st.comp.aircraft[k].category == "bomber" for k in card.aircraft]
    rules = st.comp.rules
    if all(bombers):
        return rules.bomber_aces
    if not any(bombers):
        return rules.fighter_aces
    return (*rules.fighter_aces, *rules.bomber_aces)


def pool(st: S303State, held: Sequence[str] | None = None) -> tuple[str, ...]:
    """The Ace tokens still in the supply (each token once)."""
    taken = set(s.ace for s in st.squadrons if s.ace) if held is None else set(held)
    every = (*st.comp.rules.fighter_aces, *st.comp.rules.bomber_aces)
    return tuple(t for t in every if t not in taken)


def ace_ready(st: S303State, task: Task) -> bool:
    sq = st.squadron(task[1])
    return bool(set(kinds(st, sq)) & set(pool(st)))


def ace_draw(st: S303State, task: Task) -> Chance:
    sq = st.squadron(task[1])
    options = tuple(sorted(set(kinds(st, sq)) & set(pool(st))))
    # face down: nobody sees the token until an RAF plane meets the squadron
    return Draw(
        f"a German Ace for the {sq.id} squadron, face down", options, visible_to=frozenset()
    )


def do_ace(st: S303State, task: Task, action: Action) -> None:
    token = str(action.get("item"))
    st.squadrons = tuple(s._replace(ace=token) if s.id == task[1] else s for s in st.squadrons)
    st.say(f"an Ace token lies face down on the {task[1]} squadron")


def _flies(st: S303State, token: str, plane: German) -> bool:
    """Whether an Ace of this token may fly this aircraft (a bomber Ace a bomber)."""
    bomber = st.comp.aircraft[plane.type].category == "bomber"
    return bomber == (token in st.comp.rules.bomber_aces)


def reveal_aces(st: S303State) -> None:
    """An RAF plane in an Area with the squadron's aircraft of the Ace's type turns the token
    up; it flies the first such aircraft there (ours: the text does not say which)."""
    if not any(sq.ace and not sq.ace_plane for sq in st.squadrons):
        return  # no face-down Ace token (the usual case): nothing to count
    raf = st.raf_counts()
    hidden = st.hidden_ids()
    waiting = {
        sq.id: sq.ace for sq in st.squadrons if sq.ace and not sq.ace_plane and sq.id not in hidden
    }
    # each waiting squadron's first aircraft an Ace may fly in an Area with RAF planes, found in
    # one pass over the aircraft (this is asked after every Movement step)
    first: dict[str, German] = {}
    for g in st.germans:
        ace = waiting.get(g.squadron)
        if (
            ace is not None
            and g.squadron not in first
            and raf.get(g.area, 0)
            and _flies(st, ace, g)
        ):
            first[g.squadron] = g
    for sq in st.squadrons:
        plane = first.get(sq.id)
        if plane is None:
            continue
        st.squadrons = tuple(
            s._replace(ace_plane=plane.id) if s.id == sq.id else s for s in st.squadrons
        )
        st.say(f"the {sq.id} squadron has an Ace: {sq.ace.replace('_', ' ')}, flying {plane.id}")


def active(st: S303State, squadron: str, token: str) -> bool:
    """Whether a squadron's face-up Ace gives this benefit now."""
    sq = st.squadron(squadron)
    return sq.ace == token and bool(sq.ace_plane)


def end_of_turn(st: S303State) -> None:
    """An Ace's aircraft shot down: its benefit ends at the end of the turn."""
    alive = {g.id for g in st.germans}
    st.squadrons = tuple(
        s._replace(ace="", ace_plane="") if s.ace_plane and s.ace_plane not in alive else s
        for s in st.squadrons
    )


def redeal(st: S303State, pick: Callable[[list[list[str]]], list[str]]) -> S303State:
    """The face-down Ace tokens dealt again among the squadrons that hold one, from those and
    the supply (a seat knows which squadrons hold a token, not which). ``pick`` chooses one of
    the valid deals, each a token per such squadron in squadron order."""
    down = [s for s in st.squadrons if s.ace and not s.ace_plane]
    if not down:
        return st
    up = [s.ace for s in st.squadrons if s.ace_plane]
    unknown = sorted(pool(st, up))
    allowed = [frozenset(kinds(st, s)) for s in down]  # once each: a view makes this deal
    deals = [
        list(combo)
        for combo in itertools.permutations(unknown, len(down))
        if all(t in a for t, a in zip(combo, allowed, strict=True))
    ]
    deal = dict(zip((s.id for s in down), pick(sorted(deals)), strict=True))
    other = st.copy()
    other.squadrons = tuple(s._replace(ace=deal[s.id]) if s.id in deal else s for s in st.squadrons)
    other._node = None
    return other
