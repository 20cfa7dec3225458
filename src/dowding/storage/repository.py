"""The storage API the server uses: create a game, append to its log, read it back.

Every write is one transaction, committed before the caller acknowledges anything. Appending a
step is idempotent on (game, seq): the same step written twice is stored once, and a different
step at a taken seq is refused with :class:`StepConflict`.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .database import make_engine, migrate
from .models import GameRow, SeatRow, StepRow


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256, so a copy of the database cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


class UnknownGame(LookupError):
    """No game with that id."""


class StepConflict(RuntimeError):
    """A different step is already stored at that seq."""


@dataclass(frozen=True)
class SeatRecord:
    seat: str
    controller: str  # human | computer | invited | hotseat
    player: str | None = None  # the computer player's kind
    token_hash: str | None = None


@dataclass(frozen=True)
class StepRecord:
    seq: int
    seat: str
    action: str
    hash: str
    created: datetime | None = None


@dataclass
class GameRecord:
    id: str
    ruleset: str
    scenario: str
    options: dict[str, Any]
    seed: int
    initial_hash: str
    dice: str = "auto"
    spectators: bool = False
    spectator_token_hash: str | None = None
    status: str = "active"
    result: dict[str, Any] | None = None
    steps: int = 0
    turn: int = 0
    to_move: str | None = None
    created: datetime = field(default_factory=_now)
    updated: datetime = field(default_factory=_now)
    seats: list[SeatRecord] = field(default_factory=list)


@dataclass(frozen=True)
class Summary:
    """Where a game stands after a write: kept on the game row for listings."""

    steps: int
    turn: int
    to_move: str | None
    status: str
    result: dict[str, Any] | None = None


class Repository:
    def __init__(self, url: str, engine: Engine | None = None) -> None:
        self.url = url
        self.engine = engine if engine is not None else make_engine(url)
        migrate(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time, and a writer that finds the file locked sleeps in
        # growing steps (up to 100 ms) before it tries again: queue the writers here instead.
        sqlite = self.engine.dialect.name == "sqlite"
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if sqlite else contextlib.nullcontext()
        )

    def close(self) -> None:
        self.engine.dispose()

    # --- writing ----------------------------------------------------------------------------
    def create_game(self, game: GameRecord) -> None:
        with self._writing, self._session.begin() as session:
            session.add(
                GameRow(
                    id=game.id,
                    ruleset=game.ruleset,
                    scenario=game.scenario,
                    options=game.options,
                    seed=game.seed,
                    initial_hash=game.initial_hash,
                    dice=game.dice,
                    spectators=game.spectators,
                    spectator_token_hash=game.spectator_token_hash,
                    status=game.status,
                    result=game.result,
                    steps=game.steps,
                    turn=game.turn,
                    to_move=game.to_move,
                    created=game.created,
                    updated=game.updated,
                )
            )
            session.flush()  # the game row first: the seats refer to it
            for position, seat in enumerate(game.seats):
                session.add(
                    SeatRow(
                        game_id=game.id,
                        seat=seat.seat,
                        position=position,
                        controller=seat.controller,
                        player=seat.player,
                        token_hash=seat.token_hash,
                    )
                )

    def append_steps(self, game_id: str, steps: Sequence[StepRecord], summary: Summary) -> None:
        """Store consecutive steps and the game's new summary in one transaction.

        Steps already stored identically are skipped (a retried write); a different step at a
        stored seq raises StepConflict and nothing is written.
        """
        if not steps:
            self.set_summary(game_id, summary)
            return
        try:
            with self._writing, self._session.begin() as session:
                self._insert_steps(session, game_id, steps)
                self._summarise(session, game_id, summary)
        except IntegrityError:
            stored = {s.seq: s for s in self.steps(game_id, since=steps[0].seq)}
            fresh = [s for s in steps if s.seq not in stored]
            for step in steps:
                old = stored.get(step.seq)
                if old is not None and (old.seat, old.action, old.hash) != (
                    step.seat,
                    step.action,
                    step.hash,
                ):
                    raise StepConflict(
                        f"game {game_id} already has a different step {step.seq}"
                    ) from None
            with self._writing, self._session.begin() as session:
                self._insert_steps(session, game_id, fresh)
                self._summarise(session, game_id, summary)

    def set_summary(self, game_id: str, summary: Summary) -> None:
        with self._writing, self._session.begin() as session:
            self._summarise(session, game_id, summary)

    @staticmethod
    def _insert_steps(session: Session, game_id: str, steps: Iterable[StepRecord]) -> None:
        now = _now()
        rows = [
            {
                "game_id": game_id,
                "seq": step.seq,
                "seat": step.seat,
                "action": step.action,
                "hash": step.hash,
                "created": step.created or now,
            }
            for step in steps
        ]
        if rows:  # one executemany through the core: the ORM's bookkeeping costs more here
            session.execute(insert(StepRow), rows)

    @staticmethod
    def _summarise(session: Session, game_id: str, summary: Summary) -> None:
        done = session.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(
                steps=summary.steps,
                turn=summary.turn,
                to_move=summary.to_move,
                status=summary.status,
                result=summary.result,
                updated=_now(),
            )
        )
        if not done.rowcount:  # type: ignore[attr-defined]
            raise UnknownGame(game_id)

    # --- reading ----------------------------------------------------------------------------
    def game(self, game_id: str) -> GameRecord:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise UnknownGame(game_id)
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.position)
            ).all()
            return _record(row, seats)

    def steps(self, game_id: str, since: int = 0) -> list[StepRecord]:
        with self._session() as session:
            rows = session.scalars(
                select(StepRow)
                .where(StepRow.game_id == game_id, StepRow.seq >= since)
                .order_by(StepRow.seq)
            ).all()
            return [StepRecord(r.seq, r.seat, r.action, r.hash, r.created) for r in rows]

    def find_token(self, token_hash: str) -> tuple[str, str | None] | None:
        """(game id, seat) for a seat's token, (game id, None) for a spectator's, else None."""
        with self._session() as session:
            seat = session.scalars(select(SeatRow).where(SeatRow.token_hash == token_hash)).first()
            if seat is not None:
                return seat.game_id, seat.seat
            game = session.scalars(
                select(GameRow).where(GameRow.spectator_token_hash == token_hash)
            ).first()
            return (game.id, None) if game is not None else None

    def games_for_tokens(self, token_hashes: Sequence[str]) -> list[tuple[GameRecord, str]]:
        """The games these seat tokens sit at, newest first, with the seat each token holds."""
        if not token_hashes:
            return []
        with self._session() as session:
            seats = session.scalars(
                select(SeatRow).where(SeatRow.token_hash.in_(list(token_hashes)))
            ).all()
            found: list[tuple[GameRecord, str]] = []
            for seat in seats:
                row = session.get(GameRow, seat.game_id)
                if row is not None:
                    found.append((_record(row, []), seat.seat))
            found.sort(key=lambda item: item[0].updated, reverse=True)
            return found

    def active_game_ids(self) -> list[str]:
        with self._session() as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.status == "active")))


def _record(row: GameRow, seats: Sequence[SeatRow]) -> GameRecord:
    return GameRecord(
        id=row.id,
        ruleset=row.ruleset,
        scenario=row.scenario,
        options=dict(row.options),
        seed=row.seed,
        initial_hash=row.initial_hash,
        dice=row.dice,
        spectators=row.spectators,
        spectator_token_hash=row.spectator_token_hash,
        status=row.status,
        result=row.result,
        steps=row.steps,
        turn=row.turn,
        to_move=row.to_move,
        created=row.created,
        updated=row.updated,
        seats=[SeatRecord(s.seat, s.controller, s.player, s.token_hash) for s in seats],
    )
