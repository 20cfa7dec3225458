"""The tables: a game's header, its seats (with hashed tokens) and its action log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    scenario: Mapped[str] = mapped_column(String(128))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    initial_hash: Mapped[str] = mapped_column(String(64))
    dice: Mapped[str] = mapped_column(String(16))
    spectators: Mapped[bool] = mapped_column(Boolean)
    spectator_token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # a summary kept with every step, so "my games" needs no replay
    steps: Mapped[int] = mapped_column(Integer)
    turn: Mapped[int] = mapped_column(Integer)
    to_move: Mapped[str | None] = mapped_column(String(64))
    # one more with every write; a write names the version it read (compare and set), so a
    # server holding an older copy of the game is refused instead of overwriting a newer one
    version: Mapped[int] = mapped_column(Integer, server_default="0")
    # what the game's people have agreed to, kept with the game so that a restart or another
    # server sees it: {"abandon": [people who offered or accepted to abandon], "accepted":
    # [invited seats that accepted manual dice]}; None: nothing agreed
    agreements: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[str] = mapped_column(String(64), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    controller: Mapped[str] = mapped_column(String(16))
    player: Mapped[str | None] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)


class StepRow(Base):
    __tablename__ = "steps"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(Text)
    hash: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
