"""The storage API the server uses: create a game, append to its log, read it back.

Every write is committed before its future is settled, so before the caller acknowledges
anything. Every write to a game names the version of the game it was made from and is refused
with :class:`VersionConflict` when the stored game has moved on (compare and set: ``UPDATE ...
WHERE id = ? AND version = ?``), so a server holding an older copy can never overwrite a newer
one; the caller reloads and tries again. On PostgreSQL each write also sends
``NOTIFY dowding_game, '<game id>:<version>'``, delivered when it commits (see notify.py).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Engine, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .database import make_engine, migrate
from .models import GameRow, SeatRow, StepRow
from .notify import CHANNEL, Listener, notification
from .writer import Writer


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256, so a copy of the database cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


class UnknownGame(LookupError):
    """No game with that id."""


class StepConflict(RuntimeError):
    """A different step is already stored at that seq."""


class VersionConflict(StepConflict):
    """The stored game has moved on since the version a write was made from."""

    def __init__(self, game_id: str, expected: int, stored: int) -> None:
        super().__init__(
            f"game {game_id} was changed elsewhere: it is at version {stored}, not {expected}"
        )
        self.game_id = game_id
        self.expected = expected
        self.stored = stored


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
    version: int = 0  # one more with every write
    # what the people at the game have agreed to, stored under the version check like a step:
    # {"abandon": the people who offered or accepted to abandon it, "accepted": the invited
    # seats that accepted manual dice}
    agreements: dict[str, list[str]] = field(default_factory=dict)
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
    # the game's agreements after the write (GameRecord.agreements); None: left as stored
    agreements: dict[str, list[str]] | None = None


class Repository:
    """Reads on pooled connections; every write goes through one writer thread (group commit).

    The ``submit_*`` methods return a future settled after the commit (the server awaits it);
    the plain methods wait for it.
    """

    def __init__(self, url: str, engine: Engine | None = None) -> None:
        self.url = url
        self.engine = engine if engine is not None else make_engine(url)
        migrate(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._writer = Writer(self._session)

    def close(self) -> None:
        self._writer.close()
        self.engine.dispose()

    # --- writing ----------------------------------------------------------------------------
    def submit_create(self, game: GameRecord) -> Future[Any]:
        return self._writer.submit(functools.partial(_create, game), key=game.id)

    def submit_append(
        self, game_id: str, steps: Sequence[StepRecord], summary: Summary, version: int
    ) -> Future[int]:
        """Store consecutive steps and the game's new summary (status, result...) in one
        transaction, if the stored game is still at ``version``; the future holds the new
        version. VersionConflict when the game has moved on, and nothing of this write is
        stored; StepConflict if a step is already stored at one of these seqs.
        """
        return self._writer.submit(
            functools.partial(_append, game_id, tuple(steps), summary, version), key=game_id
        )

    def submit_truncate(
        self, game_id: str, keep: int, summary: Summary, version: int
    ) -> Future[int]:
        """Take steps back: remove every step from seq ``keep`` on and store the new summary in
        one transaction, if the stored game is still at ``version`` (a write like any other:
        VersionConflict when the game has moved on, and nothing is removed); the future holds
        the new version."""
        return self._writer.submit(
            functools.partial(_truncate, game_id, keep, summary, version), key=game_id
        )

    def truncate_steps(self, game_id: str, keep: int, summary: Summary, version: int) -> int:
        result: int = self.submit_truncate(game_id, keep, summary, version).result()
        return result

    def create_game(self, game: GameRecord) -> None:
        self.submit_create(game).result()

    def append_steps(
        self, game_id: str, steps: Sequence[StepRecord], summary: Summary, version: int
    ) -> int:
        result: int = self.submit_append(game_id, steps, summary, version).result()
        return result

    def set_summary(self, game_id: str, summary: Summary, version: int) -> int:
        return self.append_steps(game_id, (), summary, version)

    def listener(
        self, on_change: Callable[[str, int], None], on_resync: Callable[[], None]
    ) -> Listener | None:
        """A thread that hears every committed write by any process (PostgreSQL only; None
        elsewhere): ``on_change(game_id, version)``, and ``on_resync()`` after a reconnection,
        when notifications may have been missed. Started by the caller, stopped by ``close``."""
        if self.engine.dialect.name != "postgresql":
            return None
        return Listener(self.engine.url, on_change, on_resync)

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

    def since(self, game_id: str, seq: int) -> tuple[GameRecord, list[StepRecord]]:
        """The game and its steps from ``seq`` on, as of one moment: the header is read first
        and the steps are cut at its count, so a write committed between the two reads (on
        PostgreSQL each statement sees the latest commits) cannot show half a write."""
        with self._session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise UnknownGame(game_id)
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.position)
            ).all()
            record = _record(row, seats)
            rows = session.scalars(
                select(StepRow)
                .where(StepRow.game_id == game_id, StepRow.seq >= seq, StepRow.seq < record.steps)
                .order_by(StepRow.seq)
            ).all()
            return record, [StepRecord(r.seq, r.seat, r.action, r.hash, r.created) for r in rows]

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


_GAMES = cast(Table, GameRow.__table__)
_STEPS = cast(Table, StepRow.__table__)
_SEATS = cast(Table, SeatRow.__table__)
# The statements are built once: a write binds its values (the table's own columns, through the
# connection rather than the ORM's bulk update, whose bookkeeping costs more than the update)
_SET_SUMMARY = {
    agreed: update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_version"))
    .values(
        {
            name: bindparam(name)
            for name in ("steps", "turn", "to_move", "status", "result", "version", "updated")
            + (("agreements",) if agreed else ())
        }
    )
    for agreed in (False, True)
}
_STORED_VERSION = select(_GAMES.c.version).where(_GAMES.c.id == bindparam("b_id"))
_INSERT_STEPS = insert(_STEPS)
_INSERT_GAME = insert(_GAMES)
_INSERT_SEATS = insert(_SEATS)
_TRUNCATE_STEPS = delete(_STEPS).where(
    _STEPS.c.game_id == bindparam("b_id"), _STEPS.c.seq >= bindparam("b_keep")
)
_NOTIFY = select(func.pg_notify(CHANNEL, bindparam("payload")))


def _create(game: GameRecord, session: Session) -> None:
    connection = session.connection()
    connection.execute(
        _INSERT_GAME,
        {
            "id": game.id,
            "ruleset": game.ruleset,
            "scenario": game.scenario,
            "options": game.options,
            "seed": game.seed,
            "initial_hash": game.initial_hash,
            "dice": game.dice,
            "spectators": game.spectators,
            "spectator_token_hash": game.spectator_token_hash,
            "status": game.status,
            "result": game.result,
            "steps": game.steps,
            "turn": game.turn,
            "to_move": game.to_move,
            "version": game.version,
            "agreements": game.agreements or None,
            "created": game.created,
            "updated": game.updated,
        },
    )  # the game row first: the seats refer to it
    if game.seats:
        connection.execute(
            _INSERT_SEATS,
            [
                {
                    "game_id": game.id,
                    "seat": seat.seat,
                    "position": position,
                    "controller": seat.controller,
                    "player": seat.player,
                    "token_hash": seat.token_hash,
                }
                for position, seat in enumerate(game.seats)
            ],
        )


def _truncate(game_id: str, keep: int, summary: Summary, version: int, session: Session) -> int:
    if summary.steps != keep:
        raise ValueError(f"a take-back to {keep} steps cannot leave {summary.steps}")
    new_version = _append(game_id, (), summary, version, session)  # the version check first
    session.connection().execute(_TRUNCATE_STEPS, {"b_id": game_id, "b_keep": keep})
    return new_version


def _append(
    game_id: str, steps: tuple[StepRecord, ...], summary: Summary, version: int, session: Session
) -> int:
    now = _now()
    values: dict[str, Any] = {
        "b_id": game_id,
        "b_version": version,
        "steps": summary.steps,
        "turn": summary.turn,
        "to_move": summary.to_move,
        "status": summary.status,
        "result": summary.result,
        "version": version + 1,
        "updated": now,
    }
    agreed = summary.agreements is not None
    if agreed:
        values["agreements"] = summary.agreements or None
    connection = session.connection()
    # The header first: on PostgreSQL the update waits for any other transaction writing this
    # game, then finds the version moved on; nothing of a refused write is stored.
    done = connection.execute(_SET_SUMMARY[agreed], values)
    if not done.rowcount:
        stored = connection.execute(_STORED_VERSION, {"b_id": game_id}).scalar()
        if stored is None:
            raise UnknownGame(game_id)
        raise VersionConflict(game_id, version, stored)
    if steps:  # one executemany
        try:
            connection.execute(
                _INSERT_STEPS,
                [
                    {
                        "game_id": game_id,
                        "seq": step.seq,
                        "seat": step.seat,
                        "action": step.action,
                        "hash": step.hash,
                        "created": step.created or now,
                    }
                    for step in steps
                ],
            )
        except IntegrityError:  # the writer rolls the whole write back
            raise StepConflict(
                f"game {game_id} already has a step at one of seqs {steps[0].seq}-{steps[-1].seq}"
            ) from None
    if connection.dialect.name == "postgresql":  # delivered when this commits
        connection.execute(_NOTIFY, {"payload": notification(game_id, version + 1)})
    return version + 1


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
        version=row.version,
        agreements={k: list(v) for k, v in (row.agreements or {}).items()},
        created=row.created,
        updated=row.updated,
        seats=[SeatRecord(s.seat, s.controller, s.player, s.token_hash) for s in seats],
    )
