"""What every stage of the turn shares: the state's fields, the task dispatch, card places.

A card's place (``loc``) is one of: ``crb`` (its Combat Ready box), ``fb:<flight>`` (a Flight box),
``hand:<flight>`` (British cards drawn for a dogfight), ``stack:<n>`` (a German stack in the
dogfight), ``dmg`` (the Damaged RAF box), ``shot`` (German cards given to the BP), ``gone``
(removed from the game: Ju 87s, fuel crashes).

B22: the British player does not know his own Flight boxes until he draws from them. A British
FB is therefore ``unseen[flight]`` face-down cards that are not yet anybody (they lie in the
``crb`` pool, the same in distribution as cards dealt unseen) plus the cards seen in a
dogfight and put back (``fb:<flight>``, under the unseen ones).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import compress
from typing import Any, ClassVar

from dowding.engine import Action, Chance, Decision, Draw, Event, Terminal
from dowding.engine.tasks import Task, TaskQueueState

from .components import GROUPS, LUFTFLOTTEN, LW_FLIGHTS, RAF_FLIGHTS, Components
from .flights import DOWN, LANDED, LUFTWAFFE, ON_MAP, OUT, RAF, Flight, command

ALL_FLIGHTS = RAF_FLIGHTS + LW_FLIGHTS
FIELD_INDEX = {name: i for i, name in enumerate(Flight._fields)}
_new_flight = tuple.__new__
_FLIGHTS_OF: dict[int, tuple[str, ...]] = {}
for _f in ALL_FLIGHTS:
    _FLIGHTS_OF[command(_f)] = (*_FLIGHTS_OF.get(command(_f), ()), _f)

# each card's (unit, index in its deck), by the decks' id (a Components' decks live as long as it)
_SLOTS: dict[int, tuple[Mapping[int, tuple[str, ...]], dict[str, tuple[int, int, int]]]] = {}


def _slots(decks: Mapping[int, tuple[str, ...]]) -> dict[str, tuple[int, int, int]]:
    """Each card's (unit, index in its deck, its bit in ``Places.at``)."""
    found = _SLOTS.get(id(decks))
    if found is None or found[0] is not decks:
        slots = {
            cid: (unit, i, 1 << i) for unit, deck in decks.items() for i, cid in enumerate(deck)
        }
        found = _SLOTS[id(decks)] = (decks, slots)  # the decks kept: their id is never reused
    return found[1]


class Places(dict[str, str]):
    """``loc``: each card's place, with two indexes kept beside it on each write: every unit's
    places in file order (``by_unit``, what ``Core.places`` hands out without looking 160 cards
    up) and, for each unit and place, the set of its cards there as bits of their index in the
    deck (``at``: a unit's cards at a place without reading the others). A card is only ever
    moved, one at a time: ``loc[cid] = place``."""

    __slots__ = ("at", "by_unit", "decks", "slot")
    at: dict[int, dict[str, int]]
    by_unit: dict[int, list[str]]
    decks: Mapping[int, tuple[str, ...]]
    slot: dict[str, tuple[int, int, int]]

    @classmethod
    def of(cls, decks: Mapping[int, tuple[str, ...]], where: Callable[[str], str]) -> Places:
        """Every card of ``decks`` at ``where(card)``, in the decks' order."""
        out = cls()
        out.decks = decks
        out.slot = _slots(decks)
        out.by_unit = {unit: [where(cid) for cid in deck] for unit, deck in decks.items()}
        out.at = {unit: {} for unit in decks}
        for unit, deck in decks.items():
            dict.update(out, zip(deck, out.by_unit[unit], strict=True))
            at = out.at[unit]
            for i, place in enumerate(out.by_unit[unit]):
                at[place] = at.get(place, 0) | 1 << i
        return out

    def __setitem__(self, cid: str, place: str) -> None:
        unit, i, bit = self.slot[cid]
        places = self.by_unit[unit]
        at = self.at[unit]
        at[places[i]] ^= bit
        at[place] = at.get(place, 0) | bit
        places[i] = place
        dict.__setitem__(self, cid, place)

    def move_all(self, unit: int, place: str, to: str) -> None:
        """Every card of ``unit`` at ``place`` moved to ``to`` (``loc[cid] = to`` for each, in
        file order), the indexes kept in one pass."""
        at = self.at[unit]
        bits = at.get(place)
        if not bits:
            return
        at[place] = 0
        at[to] = at.get(to, 0) | bits
        places = self.by_unit[unit]
        deck = self.decks[unit]
        i = 0
        while bits:
            if bits & 1:
                places[i] = to
                dict.__setitem__(self, deck[i], to)
            bits >>= 1
            i += 1

    def copy(self) -> Places:
        out = Places(self)
        out.decks = self.decks
        out.slot = self.slot
        out.by_unit = {unit: places[:] for unit, places in self.by_unit.items()}
        out.at = {unit: at.copy() for unit, at in self.at.items()}
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return (_places_from, (self.decks, dict(self)))

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("cards are moved one at a time (loc[cid] = place)")

    __delitem__ = update = setdefault = pop = popitem = clear = _refuse


def _places_from(decks: Mapping[int, tuple[str, ...]], loc: dict[str, str]) -> Places:
    return Places.of(decks, loc.__getitem__)


# each deck checked once as a Draw's items (every card id can be logged), by id, as ``_SLOTS``
_CHECKED: dict[int, tuple[str, ...]] = {}
_NO_SEATS: frozenset[str] = frozenset()


def card_draw(
    label: str, deck: tuple[str, ...], items: tuple[str, ...], seats: frozenset[str], names: Any
) -> Draw:
    """``Draw(label, items=items, visible_to=seats, names=names)`` for cards of ``deck``, made
    field by field (a German deal is a quarter of a game's steps, and a frozen dataclass is slow
    to make): the engine's check of the items is made once, on the whole deck."""
    if _CHECKED.get(id(deck)) is not deck:
        Draw(label, items=deck, visible_to=seats, names=names)  # raises on a bad card id
        _CHECKED[id(deck)] = deck  # the deck kept: its id is never reused
    # the fields but the items, in the constructor's order, made once for each label, seats
    # and names (the few deals' labels); the items are then set in their place
    fields = _DRAW_FIELDS.get(label)
    if fields is None or fields["visible_to"] is not seats or fields["names"] is not names:
        if len(_DRAW_FIELDS) >= 1 << 10:
            _DRAW_FIELDS.clear()
        fields = _DRAW_FIELDS[label] = {
            "label": label,
            "visible_to": seats,
            "roller": None,
            "detail": None,
            "detail_to": _NO_SEATS,
            "items": (),
            "names": names,
        }
    draw = object.__new__(Draw)
    vars(draw).update(fields)
    vars(draw)["items"] = items
    return draw


_DRAW_FIELDS: dict[str, dict[str, Any]] = {}


_PUBLIC_EVENTS: dict[str, Event] = {}
# each unit's fighters as bits, by the components' id (``Core.fighter_bits``)
_FIGHTERS: dict[int, tuple[Components, dict[tuple[int, str], int]]] = {}
_MARKS = bytes.maketrans(b"01", b"\x00\x01")


class Core(TaskQueueState):
    chance_tasks: ClassVar[frozenset[str]] = frozenset()
    handlers: ClassVar[dict[str, Callable[..., None]]] = {}
    autos: ClassVar[dict[str, Callable[..., None]]] = {}
    deciders: ClassVar[dict[str, Callable[..., Decision | None]]] = {}
    chancers: ClassVar[dict[str, Callable[..., Chance | None]]] = {}
    # each kind's one step (_advance): (True, its _auto_) or (False, its _chance_ or _dec_)
    steps: ClassVar[dict[str, tuple[bool, Callable[..., Any]]]] = {}

    c: Components
    turn_no: int
    stage: int
    loc: Places
    unseen: dict[str, int]
    fl: dict[str, Flight]
    deck: tuple[str, ...]  # the Mission box
    drawn: tuple[str, ...]  # A.I: drawn, not yet assigned
    assigned: dict[int, str]  # Luftflotte -> its mission (Current Mission Box)
    target: dict[int, str]  # Luftflotte -> the target named when its card was flipped
    hits: dict[str, int]  # mission -> hit counters
    completed: tuple[str, ...]
    removed: tuple[str, ...]
    destroyed: frozenset[str]  # cities (for good), airfields and radar (until repaired)
    revealed: frozenset[str]  # German cards the BP has seen where they now lie
    passes: frozenset[str]  # B.I: spaces where a flight of the side moving has stopped
    fight: tuple[Any, ...]  # the dogfight under way (dogfighting.py)
    scratch: tuple[Any, ...]
    # the last destinations worked out (moving.py): asked for by the decision, then by the move
    _reach_cache: tuple[Any, Any] = (None, None)
    # the other side's flights and their spaces (moving.py: enemy_spaces)
    _enemy_cache: tuple[Any, Any, Any] = (None, (), 0)
    # the last move decision made, with the search behind it (moving.py), kept by ``_apply``
    # for its move when it is the decision answered. (Every attribute is set in ``__init__``,
    # and there are 29: measured on CPython 3.11, a 30th leaves the shared-key layout and every
    # attribute read slows, 4% of a game's instructions.)
    _move_found: tuple[Any, Any] = (None, None)

    @classmethod
    def collect(cls) -> None:
        """Gather the stage modules' ``_do_``, ``_auto_``, ``_dec_`` and ``_chance_`` methods."""
        found: dict[str, dict[str, Callable[..., Any]]] = {
            "_do_": {},
            "_auto_": {},
            "_dec_": {},
            "_chance_": {},
        }
        for klass in reversed(cls.__mro__):
            for name, fn in vars(klass).items():
                for prefix, table in found.items():
                    if name.startswith(prefix) and callable(fn):
                        table[name[len(prefix) :]] = fn
        cls.handlers = found["_do_"]
        cls.autos = found["_auto_"]
        cls.deciders = found["_dec_"]
        cls.chancers = found["_chance_"]
        cls.chance_tasks = frozenset(found["_chance_"])
        cls.steps = {
            **{kind: (False, fn) for kind, fn in cls.deciders.items()},
            **{kind: (False, fn) for kind, fn in cls.chancers.items()},
            **{kind: (True, fn) for kind, fn in cls.autos.items()},
        }

    # --- the queue --------------------------------------------------------------------
    def _advance(self) -> None:
        """Run the tasks that need nobody until a chance event or a decision is due (its node
        kept) or the game ends. A kind's auto runs first; otherwise its chance event or
        decision, if any, is the next node, and a task that makes none is dropped."""
        steps = self.steps  # one lookup a task: this loop runs at every step
        while self.result is None:
            queue = self.queue
            if not queue:
                raise AssertionError("the task queue ran dry")
            task = queue[0]
            auto, step = steps[task[0]]
            if auto:
                self.queue = queue[1:]
                step(self, task)
                continue
            node = step(self, task)
            if node is None:
                self.queue = queue[1:]
                continue
            self._node = node
            return
        self._node = self.result

    def _apply(self, action: Action) -> None:
        """``TaskQueueState._apply``; a move decision's search is kept for its move only when
        that decision is the one answered (``_move_found``)."""
        if self._move_found[0] is not self._node:
            self._move_found = (None, None)
        super()._apply(action)

    def _chance(self, task: Task) -> Chance:
        chance = self.chancers[task[0]](self, task)
        assert chance is not None
        return chance

    def _decision(self, task: Task) -> Decision | None:
        return self.deciders[task[0]](self, task)

    def push(self, *tasks: Task) -> None:
        """Put tasks at the head of the queue, in this order."""
        self.queue = tuple(tasks) + self.queue

    def say(self, text: str, seats: Iterable[str] | None = None) -> None:
        if seats is not None:
            self._log.append(Event(text, frozenset(seats)))
            return
        # a line every seat reads, made once for each text (an Event is immutable; the same
        # moves are told again and again, and a frozen dataclass is slow to make)
        event = _PUBLIC_EVENTS.get(text)
        if event is None:
            if len(_PUBLIC_EVENTS) >= 1 << 16:
                _PUBLIC_EVENTS.clear()
            event = _PUBLIC_EVENTS[text] = Event(text)
        self._log.append(event)

    def tell(self, text: str) -> None:
        """``say(text)`` to every seat, the line made afresh and not kept: the moves' lines,
        which are seldom the same twice (kept, they were most of what the garbage collector
        walks)."""
        self._log.append(Event(text))

    def end(self, winner: str, reason: str) -> None:
        scores = {
            RAF: 1.0 if winner == RAF else 0.0,
            LUFTWAFFE: 1.0 if winner == LUFTWAFFE else 0.0,
        }
        self.result = Terminal(winner, scores, reason)
        self.say(f"Game over: {reason}")

    # --- cards ------------------------------------------------------------------------
    def places(self, unit: int) -> list[str]:
        """Where each of a Group's or Luftflotte's cards lies, in file order (``loc``'s own
        index: read it, never change it)."""
        return self.loc.by_unit[unit]

    def stack_sizes(self) -> list[int]:
        """B.II.2: how many cards lie in each of the fight's face-down stacks (public, B24)."""
        places = self.places(command(self.fight[1]))
        return [places.count(f"stack:{k}") for k in range(1, self.fight[2] + 1)]

    def cards_at(self, place: str, unit: int | None = None) -> list[str]:
        """The cards at ``place``; with ``unit``, looked for in that Group's or Luftflotte's
        cards alone (a hand or a stack holds one unit's cards)."""
        if unit is not None:
            return self._unit_cards_at(unit, place)
        return [cid for cid, where in self.loc.items() if where == place]

    def _unit_cards_at(self, unit: int, place: str) -> list[str]:
        """A unit's cards at ``place``, in file order (read from ``loc``'s bits)."""
        bits = self.loc.at[unit].get(place)
        return list(self._marked(unit, bits)) if bits else []

    def cards_of(self, unit: int, bits: int) -> list[str]:
        """A unit's cards at the bits of their index in its deck, in file order."""
        return list(self._marked(unit, bits))

    def _marked(self, unit: int, bits: int) -> Iterator[str]:
        """The cards of ``unit``'s deck at ``bits`` (a byte a card, lowest bit first, for
        ``compress``)."""
        return compress(self.c.decks[unit], bin(bits)[:1:-1].encode().translate(_MARKS))

    def pool(self, unit: int) -> list[str]:
        """A Group's or Luftflotte's cards in its Combat Ready box (file order)."""
        return self._unit_cards_at(unit, "crb")

    def pool_items(self, unit: int) -> tuple[str, ...]:
        """``pool`` as a tuple (the items of a draw), made without the list."""
        bits = self.loc.at[unit].get("crb")
        return tuple(self._marked(unit, bits)) if bits else ()

    def fb(self, flight: str) -> list[str]:
        """The known cards in a Flight box (for a German flight, all of them)."""
        return self._unit_cards_at(command(flight), "fb:" + flight)

    def has_cards(self, flight: str) -> bool:
        """Whether a flight's Flight box holds any card (known or, for the RAF, unseen)."""
        return bool(self.unseen.get(flight)) or bool(
            self.loc.at[command(flight)].get("fb:" + flight)
        )

    def fb_size(self, flight: str) -> int:
        return self.count_at("fb:" + flight, command(flight)) + self.unseen.get(flight, 0)

    def count_at(self, place: str, unit: int) -> int:
        """``len(cards_at(place, unit))``, counted from ``loc``'s bits."""
        return self.loc.at[unit].get(place, 0).bit_count()

    def unit_cards(self, unit: int) -> list[str]:
        """Every card of a Group or Luftflotte still in the game."""
        return [cid for cid in self.c.decks[unit] if self.loc[cid] not in ("shot", "gone")]

    def unit_strength(self, unit: int) -> int:
        """``len(unit_cards(unit))``, counted without the list."""
        places = self.places(unit)
        return len(places) - places.count("shot") - places.count("gone")

    def any_at(self, place: str, unit: int) -> bool:
        """``bool(cards_at(place, unit))``, without the list."""
        return place in self.places(unit)

    def fighter_bits(self, unit: int) -> int:
        """A Luftflotte's fighters (``fighter``) as bits of their index in its deck."""
        key = (unit, self.options["fighters_leave"])
        kept = _FIGHTERS.get(id(self.c))
        if kept is None or kept[0] is not self.c:
            kept = _FIGHTERS[id(self.c)] = (
                self.c,
                {},
            )  # the components kept: their id is not reused
        bits = kept[1].get(key)
        if bits is None:
            deck = self.c.decks[unit]
            bits = kept[1][key] = sum(1 << i for i, cid in enumerate(deck) if self.fighter(cid))
        return bits

    def fighter(self, cid: str) -> bool:
        card = self.c.cards[cid]
        if self.options["fighters_leave"] == "bf109":
            return card.aircraft == "Bf 109"
        return card.role == "fighter"

    def flights_of(self, unit: int) -> list[str]:
        return list(_FLIGHTS_OF.get(unit, ()))

    def lf_in_play(self, lf: int) -> bool:
        return any(self.fl[f].status != OUT for f in self.flights_of(lf))

    def luftflotten(self) -> list[int]:
        return [lf for lf in LUFTFLOTTEN if self.lf_in_play(lf)]

    def flying(self, side: str) -> list[str]:
        """Flights on the map and in the air (German: not landed)."""
        names = RAF_FLIGHTS if side == RAF else LW_FLIGHTS
        return [f for f in names if self.fl[f].status == ON_MAP]

    def set(self, flight: str, **changes: Any) -> None:
        """``fl[flight]._replace(**changes)``, only faster (flights change some 1,600 times a
        game): the changed fields set by their index, without _replace's two Python calls."""
        values = list(self.fl[flight])
        for name, value in changes.items():
            values[FIELD_INDEX[name]] = value
        self.fl[flight] = _new_flight(Flight, values)

    def piece_off(self, flight: str) -> None:
        """B.II: "In case all squadrons have been destroyed in one FB, its Flight piece is removed"."""
        self.set(flight, status=DOWN, pos=None)
        self.say(f"{flight}'s Flight box is empty: its piece leaves the board")

    def seat_of(self, side: str) -> str:
        return side

    def production(self, group: int) -> int:
        """C.II: the production numbers of the Group's surviving cities (B25)."""
        return sum(p for name, p in self.c.production[group] if name not in self.destroyed)

    def landed_or_home(self, flight: str) -> bool:
        f = self.fl[flight]
        return f.status == LANDED or (f.pos in self.c.lw_airfields and not f.airborne)

    def raf_groups(self) -> tuple[int, ...]:
        return GROUPS
