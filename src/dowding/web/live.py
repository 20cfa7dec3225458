"""A game held in memory: its match, its narration and dice, who sits where, and its snapshot.

The live game changes only by :meth:`LiveGame.commit`, after the new steps are stored. Readers
take ``snapshot`` (replaced whole, never edited), so a payload never mixes two moments.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from dowding.bots import Player, make_player
from dowding.engine import (
    Action,
    Chance,
    Decision,
    Draw,
    Event,
    IllegalAction,
    LogError,
    Match,
    Node,
    Seat,
    State,
    Terminal,
)
from dowding.engine.record import CHANCE, Step
from dowding.storage import GameRecord, SeatRecord, StepRecord, Summary

# Bots are seeded from the game seed, as in the command line, so a seed gives one game.
BOT_SEED_FACTOR = 7919
CHECKPOINT_EVERY = 32

CONTROLLERS = {"me": "human", "computer": "computer", "invite": "invited", "hotseat": "hotseat"}
HUMAN_CONTROLLERS = frozenset({"human", "invited", "hotseat"})


@dataclass(frozen=True)
class Told:
    """A line of narration, and the seq from which it is known."""

    step: int
    event: Event


@dataclass(frozen=True)
class Rolled:
    """A chance outcome at step ``step`` (the seq after it), and who may see it."""

    step: int
    label: str
    outcome: str
    visible_to: frozenset[str] | None
    detail: str | None = None  # the label as the seats in ``detail_to`` read it (Chance.detail)
    detail_to: frozenset[str] = frozenset()

    def visible(self, seat: str | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def label_for(self, seat: str | None) -> str:
        if self.detail is not None and seat is not None and seat in self.detail_to:
            return self.detail
        return self.label


@dataclass(frozen=True)
class Snapshot:
    """One moment of a game, for readers."""

    version: int
    state: State
    seq: int
    status: str
    result: dict[str, Any] | None
    since: float = 0.0  # when this step began (server time, seconds since the epoch)
    stored: int = 0  # the stored game's version (goes up with every write, take-backs too)


@dataclass
class Pending:
    """Steps applied to a scratch copy, waiting to be stored before the live game takes them."""

    state: State
    steps: list[Step] = field(default_factory=list)
    told: list[Told] = field(default_factory=list)
    rolled: list[Rolled] = field(default_factory=list)
    chosen: list[bool] = field(default_factory=list)  # per step: see LiveGame.chosen


class LiveGame:
    def __init__(self, record: GameRecord, match: Match) -> None:
        self.record = record
        self.match = match
        self.id = record.id
        self.seats: tuple[Seat, ...] = match.game.seats_for(match.options)
        self.controllers: dict[str, SeatRecord] = {s.seat: s for s in record.seats}
        # a computer seat's token is the owner's of a game only computers play: it watches
        # (as a spectator) and may stop the game, never act for the seat
        self.owner_hash: str | None = next(
            (s.token_hash for s in record.seats if s.token_hash and s.controller == "computer"),
            None,
        )
        self.by_token: dict[str, str | None] = {
            s.token_hash: (None if s.controller == "computer" else s.seat)
            for s in record.seats
            if s.token_hash
        }
        if record.spectator_token_hash:
            self.by_token[record.spectator_token_hash] = None
        self.players: dict[str, Player] = {}
        for index, seat in enumerate(match.game.seat_ids(match.options)):
            entry = self.controllers.get(seat)
            if entry is not None and entry.controller == "computer" and entry.player:
                seed = record.seed * BOT_SEED_FACTOR + index
                self.players[seat] = make_player(match.game.id, entry.player, seat, seed)
        self.told: list[Told] = [Told(0, e) for e in match.state.events]
        self.rolled: list[Rolled] = []
        # per step of the log: whether it was a decision of the seat's choosing (more than one
        # option, or a free value), not its only option nor dice. Noted as each step is played,
        # so that whether a seat may take back (asked by every payload) needs no replay.
        # Written before the log grows and cut after it shrinks: a reader in a thread never
        # finds a step without its flag.
        self.chosen: list[bool] = []
        self.initial: State = match.state.copy()
        self.checkpoints: dict[int, State] = {0: self.initial}
        self.lock = asyncio.Lock()
        self.version = 0
        # when the current step began (server time, seconds since the epoch): a computer's turn
        # shows how long it has thought (payload "thinking")
        self.since = time.time()
        self.snapshot = self._snap()
        self.listeners: set[asyncio.Event] = set()  # one per open WebSocket
        self.payloads: dict[str | None, tuple[int, str]] = {}  # seat -> (version, encoded)
        # seat -> the payload being built for it: (version, the build, whether in the pushes'
        # thread), so that the answer to a request and the push to the socket share one build
        self.building: dict[str | None, tuple[int, Future[str], bool]] = {}
        # held only to look at or change ``building``: a queued push starting in its thread and
        # a request deciding whether to join it see the same one
        self.build_lock = threading.Lock()
        self.driver: asyncio.Task[None] | None = None
        self.used = time.monotonic()  # for unloading games nobody looks at
        self.stale = False  # dropped after the database moved on without it
        # agreements between the people at the table (docs/web-api.md), stored with the game
        # (GameRecord.agreements, written under the version check, so a restart or another
        # server sees them): the invited seats that accepted manual dice (the game waits until
        # all have), and the people who agreed to abandon the game (it ends when all have)
        self.accepted: set[str] = set(record.agreements.get("accepted", ()))
        self.abandon_agreed: set[str] = set(record.agreements.get("abandon", ()))
        # take-backs (docs/web-api.md "Taking back a move"): bumped by each, so that computer
        # thinking begun before one is dropped; the last one made, (seat, the seq it answered),
        # so that a retry is applied once; whether each seat may take back, per version
        self.epoch = 0
        self.last_undo: tuple[str, int, int] | None = None  # (seat, seq answered, steps left)
        self._undo_cache: dict[str, tuple[int, bool]] = {}

    # --- reading -------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return self.record.status

    def _snap(self) -> Snapshot:
        return Snapshot(
            self.version,
            self.match.state,
            len(self.match.steps),
            self.record.status,
            self.record.result,
            self.since,
            self.record.version,
        )

    def controller(self, seat: str) -> str:
        entry = self.controllers.get(seat)
        return entry.controller if entry is not None else "computer"

    def is_human(self, seat: str) -> bool:
        return self.controller(seat) in HUMAN_CONTROLLERS

    def side_of(self, seat: str) -> str:
        return next((s.side for s in self.seats if s.id == seat), seat)

    def winner_if_resigned(self, seat: str) -> str | None:
        """The side that wins when ``seat`` resigns: the other side, where there is one (303
        Squadron's team plays the game itself: its resignation is its loss, nobody's win)."""
        mine = self.side_of(seat)
        others = {s.side for s in self.seats if s.side != mine}
        return others.pop() if len(others) == 1 else None

    @property
    def has_person(self) -> bool:
        """Whether a person sits at this game (its computers' moves are awaited by someone)."""
        return any(self.is_human(s.id) for s in self.seats)

    @property
    def networked(self) -> bool:
        """Whether someone other than the game's creator plays: an invited seat."""
        return any(self.controller(s.id) == "invited" for s in self.seats)

    def person_of(self, seat: str) -> str:
        """Who plays ``seat``: the creator holds the "me" and hot-seat seats, each invited seat
        is someone else, each computer seat is itself."""
        return "creator" if self.controller(seat) in ("human", "hotseat") else seat

    def other_people(self, seat: str) -> set[str]:
        """The other people at the table (not computers) than the one playing ``seat``."""
        mine = self.person_of(seat)
        return {
            self.person_of(s.id)
            for s in self.seats
            if self.is_human(s.id) and self.person_of(s.id) != mine
        }

    def awaiting_acceptance(self) -> list[str]:
        """The invited seats yet to accept manual dice (empty once the game may start)."""
        if self.record.dice != "manual":
            return []
        return [
            s.id
            for s in self.seats
            if self.controller(s.id) == "invited" and s.id not in self.accepted
        ]

    def dice_roller(self, node: Chance, pending: Pending | None = None) -> str | None:
        """The seat whose dice these are: the ruleset's ``Chance.roller``, else the seat whose
        decision called for them (the last one made), else, before any decision, the first seat
        of the game's creator."""
        if node.roller is not None:
            return node.roller
        steps = [*self.match.steps, *(pending.steps if pending is not None else ())]
        for step in reversed(steps):
            if step.seat != CHANCE:
                return str(step.seat)
        return next(
            (s.id for s in self.seats if self.controller(s.id) in ("human", "hotseat")), None
        )

    def manual_dice_seats(self, node: Node, pending: Pending | None = None) -> tuple[str, ...]:
        """The human seats that may type this chance outcome (manual dice), or none: rolled here.

        Cards are always drawn by the server: a browser cannot shuffle the deck it cannot see.
        At one table (the creator's seats against computers, or hot seat) any human seat that may
        see the outcome types it. In a networked game (an invited seat) only the seat whose dice
        they are types them, and only where it may see them; otherwise the server rolls.
        """
        if self.record.dice != "manual" or not isinstance(node, Chance) or isinstance(node, Draw):
            return ()
        seats = tuple(
            s.id
            for s in self.seats
            if self.is_human(s.id) and (node.visible_to is None or s.id in node.visible_to)
        )
        if not self.networked:
            return seats
        roller = self.dice_roller(node, pending)
        return (roller,) if roller in seats else ()

    # --- stepping (on a scratch copy) ----------------------------------------------------
    def begin(self) -> Pending:
        return Pending(self.match.state.copy())

    def seq_of(self, pending: Pending) -> int:
        return len(self.match.steps) + len(pending.steps)

    def step(self, pending: Pending, action: Action) -> None:
        """Apply one decision or outcome to the scratch state; IllegalAction leaves it as it was."""
        state = pending.state
        node = state.next()
        seat = node.seat if isinstance(node, Decision) else CHANCE
        state.apply(action)
        seq = self.seq_of(pending) + 1
        pending.chosen.append(_of_its_choosing(node))
        pending.steps.append(Step(seat, action.text, state.hash()))
        pending.told.extend(Told(seq, e) for e in state.events)
        if isinstance(node, Chance):
            pending.rolled.append(
                Rolled(seq, node.label, action.text, node.visible_to, node.detail, node.detail_to)
            )

    def roll_automatic(self, pending: Pending, limit: int = 10_000) -> None:
        """Roll every chance event that nobody types, until a decision, typed dice or the end."""
        for _ in range(limit):
            node = pending.state.next()
            if not isinstance(node, Chance) or self.manual_dice_seats(node, pending):
                return
            self.step(pending, self.match.dice.outcome(node, self.seq_of(pending)))

    def records(self, pending: Pending) -> list[StepRecord]:
        first = len(self.match.steps)
        return [
            StepRecord(first + i, s.seat, s.action, s.hash) for i, s in enumerate(pending.steps)
        ]

    def agreements(
        self, abandon: set[str] | None = None, accepted: set[str] | None = None
    ) -> dict[str, list[str]]:
        """The game's agreements as stored, with ``abandon`` or ``accepted`` put in their place."""
        return {
            "abandon": sorted(self.abandon_agreed if abandon is None else abandon),
            "accepted": sorted(self.accepted if accepted is None else accepted),
        }

    def summary(
        self,
        pending: Pending | None,
        status: str | None = None,
        result: Any = None,
        agreements: dict[str, list[str]] | None = None,
    ) -> Summary:
        state = pending.state if pending is not None else self.match.state
        node = state.next()
        status = status or self.record.status
        if status == "active" and isinstance(node, Terminal):
            status = "finished"
        if status == "finished" and result is None and isinstance(node, Terminal):
            result = {"winner": node.winner, "scores": dict(node.scores), "reason": node.reason}
        return Summary(
            steps=len(self.match.steps) + (len(pending.steps) if pending else 0),
            turn=state.turn,
            to_move=node.seat if isinstance(node, Decision) and status == "active" else None,
            status=status,
            result=result if result is not None else self.record.result,
            agreements=agreements,
        )

    def commit(self, pending: Pending | None, summary: Summary) -> None:
        """Take stored steps (and the stored summary) into the live game."""
        if pending is not None:
            self.match.state = pending.state
            self.chosen.extend(pending.chosen)
            self.match.steps.extend(pending.steps)
            self.told.extend(pending.told)
            self.rolled.extend(pending.rolled)
        self.record.status = summary.status
        self.record.result = summary.result
        self.record.steps = summary.steps
        self.record.turn = summary.turn
        self.record.to_move = summary.to_move
        if summary.agreements is not None:  # stored with this write (or read from the database)
            self.record.agreements = summary.agreements
            self.abandon_agreed = set(summary.agreements.get("abandon", ()))
            self.accepted = set(summary.agreements.get("accepted", ()))
        if pending is not None and pending.steps:
            self.last_undo = None
            self.since = time.time()
        self.version += 1
        self.snapshot = self._snap()

    @property
    def idle(self) -> bool:
        """Nobody watching, no computer thinking, no change under way: safe to unload."""
        return not self.listeners and self.driver is None and not self.lock.locked()

    def touch(self) -> None:
        """A new snapshot, so that every seat's payload is drawn again, and the sockets are
        woken (call on the event loop)."""
        self.version += 1
        self.snapshot = self._snap()
        self.notify()

    def agreed_to_abandon(self) -> list[str]:
        """The human seats whose players have offered or accepted to abandon the game."""
        return [
            s.id
            for s in self.seats
            if self.is_human(s.id) and self.person_of(s.id) in self.abandon_agreed
        ]

    def notify(self) -> None:
        """Wake every WebSocket of this game (call on the event loop)."""
        for listener in self.listeners:
            listener.set()

    def replay(self, pending: Pending, steps: Sequence[StepRecord]) -> None:
        """Apply stored steps to the scratch copy, checking each against the log: its seq, the
        seat it was played for and the state hash after it (LogError for any difference)."""
        for stored in steps:
            expected = self.seq_of(pending)
            if stored.seq != expected:
                raise LogError(f"game {self.id}: step {expected} is missing from the log")
            node = pending.state.next()
            seat = node.seat if isinstance(node, Decision) else CHANCE
            if stored.seat != seat:
                raise LogError(
                    f"game {self.id}, step {expected}: logged for {stored.seat}, not {seat}"
                )
            try:
                self.step(pending, Action.parse(stored.action))
            except (IllegalAction, ValueError) as exc:
                raise LogError(f"game {self.id}, step {expected}: {exc}") from None
            if pending.steps[-1].hash != stored.hash:
                raise LogError(f"game {self.id}, step {expected}: the state hash does not match")

    # --- taking back a move -------------------------------------------------------------------
    def can_undo(self, seat: str | None) -> bool:
        """Whether ``seat`` may take back its last step now (cached per version)."""
        if seat is None:
            return False
        cached = self._undo_cache.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        allowed = self.undo_refusal(seat) is None
        self._undo_cache[seat] = (self.version, allowed)
        return allowed

    def undo_refusal(self, seat: str) -> str | None:
        """Why ``seat`` may not take back its last move now, or None when it may."""
        return self.undo_point(seat)[1]

    def undo_point(self, seat: str) -> tuple[int, str | None]:
        """How many steps a take-back by ``seat`` keeps, and why it may not (None: it may).

        The steps taken back must be this seat's own decisions (so no die was rolled, no card
        drawn and nobody else decided since), made by a person, in an active game: its last
        move, with the moves the game made for it after it (its only option each). Against
        another person they must also have shown that person nothing: their view and narration
        are the same before and after, so taking them back hides nothing they learned.
        """
        steps = self.match.steps
        if not self.is_human(seat):
            return len(steps), "only a person takes back a move"
        if self.record.status != "active":
            return len(steps), f"the game is {self.record.status}"
        if not steps:
            return 0, "nothing has been played yet"
        last = steps[-1]
        if last.seat == CHANCE:
            return len(steps), "the dice have been rolled since your move: it stands"
        if last.seat != seat:
            return len(steps), f"{self._name(last.seat)} has decided since: your move stands"
        chosen = self.chosen
        keep = len(steps)
        while True:
            if keep == 0 or steps[keep - 1].seat != seat:
                return len(steps), "nothing of yours to take back since the dice"
            keep -= 1
            if chosen[keep]:
                break  # a move of its choosing (the ones after it were its only options)
        others = self.other_people(seat)
        if not others:  # against computers only: nobody else was shown anything
            return keep, None
        before = self.state_at(keep)  # a replay, only where another person plays
        for other in self.seats:
            if other.id == seat or self.person_of(other.id) not in others:
                continue
            if any(t.step > keep and t.event.visible_to(other.id) for t in self.told):
                return len(steps), f"{self._name(other.id)} has been told of it: it stands"
            if _public(before, other.id) != _public(self.match.state, other.id):
                return len(steps), f"{self._name(other.id)} has seen it: it stands"
        return keep, None

    def _name(self, seat: str) -> str:
        return next((s.name for s in self.seats if s.id == seat), seat)

    def cut(self, keep: int) -> State:
        """The state after the first ``keep`` steps, checked against the log's hash there."""
        state = self.state_at(keep)
        if keep and state.hash() != self.match.steps[keep - 1].hash:
            raise LogError(f"game {self.id}, step {keep - 1}: the state hash does not match")
        return state

    def truncate(self, keep: int, state: State, summary: Summary) -> None:
        """Take a stored take-back into the live game: the log, narration and dice cut back to
        ``keep`` steps, ``state`` (from :meth:`cut`) the current state."""
        self.match.state = state
        del self.match.steps[keep:]
        del self.chosen[keep:]
        self.told = [t for t in self.told if t.step <= keep]
        self.rolled = [r for r in self.rolled if r.step <= keep]
        for at in [k for k in self.checkpoints if k > keep]:
            del self.checkpoints[at]
        self.epoch += 1
        self.since = time.time()
        self.commit(None, summary)

    # --- replay ----------------------------------------------------------------------------
    def state_at(self, step: int) -> State:
        """The state after ``step`` steps, replayed from the nearest checkpoint."""
        base = max(k for k in list(self.checkpoints) if k <= step)  # replays run in threads
        state = self.checkpoints[base].copy()
        for i in range(base, step):
            state.apply(self.match.steps[i].action)
            if (i + 1) % CHECKPOINT_EVERY == 0:
                self.checkpoints.setdefault(i + 1, state.copy())
        return state


def _of_its_choosing(node: Node) -> bool:
    """Whether a step answering ``node`` was a seat's choice: a decision with more than one
    option or a free value (not its only option, nor dice)."""
    return isinstance(node, Decision) and (len(node.options) != 1 or bool(node.free))


def _public(state: State, seat: str) -> Any:
    """What ``seat`` sees of ``state``, less the sampler's arrangement of its unknowns."""
    return state.view(seat, infostate=False)


def restore(record: GameRecord, steps: list[StepRecord]) -> LiveGame:
    """Rebuild a stored game by replaying its log, checking every state hash."""
    match = Match(record.ruleset, record.scenario, record.options, record.seed, {})
    if match.initial_hash != record.initial_hash:
        raise LogError(
            f"game {record.id} began from another initial state (were the rules data changed?)"
        )
    live = LiveGame(record, match)
    pending = live.begin()
    live.replay(pending, steps)
    live.match.state = pending.state
    live.chosen.extend(pending.chosen)
    live.match.steps.extend(pending.steps)
    live.told.extend(pending.told)
    live.rolled.extend(pending.rolled)
    live.snapshot = live._snap()
    return live
