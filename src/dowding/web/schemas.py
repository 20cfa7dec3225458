"""Request bodies, validated before anything is touched (unknown fields are refused)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Token = Annotated[str, Field(min_length=8, max_length=128)]
Name = Annotated[str, Field(min_length=1, max_length=64)]
ActionText = Annotated[str, Field(min_length=1, max_length=2000)]
OptionValue = bool | int | float | Annotated[str, Field(max_length=200)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatChoice(Strict):
    kind: Literal["me", "computer", "invite", "hotseat"]
    player: Name | None = None  # the computer player, e.g. "heuristic" or "ismcts:veteran"


class SeatsRequest(Strict):
    ruleset: Name
    options: Annotated[dict[Name, OptionValue], Field(max_length=32)] = {}


class CreateGame(Strict):
    ruleset: Name
    scenario: Name | None = None
    options: Annotated[dict[Name, OptionValue], Field(max_length=32)] = {}
    seats: Annotated[dict[Name, SeatChoice], Field(max_length=16)] = {}
    spectators: bool = False
    dice: Literal["auto", "manual"] = "auto"


class TokenOnly(Strict):
    token: Token


class ActionRequest(Strict):
    token: Token
    seq: Annotated[int, Field(ge=0, le=10_000_000)]
    action: ActionText


class UndoRequest(Strict):
    token: Token
    seq: Annotated[int, Field(ge=0, le=10_000_000)]


class DiceRequest(Strict):
    token: Token
    faces: ActionText
    seq: Annotated[int, Field(ge=0, le=10_000_000)] | None = None


class SocketMessage(Strict):
    type: Literal["action", "dice", "ping", "full", "undo"]
    seq: Annotated[int, Field(ge=0, le=10_000_000)] | None = None
    action: ActionText | None = None
    faces: ActionText | None = None
