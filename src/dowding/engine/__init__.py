"""The game-agnostic engine: actions, dice and chance, the Game/State contract, logs and replay."""

from .actions import Action
from .dice import D6, DICE, LUFTWAFFE_DIE, RAF_DIE, Chance, Die, Draw, Roll, SymbolPool
from .dice_sources import DiceSource, ManualDice, ScriptedDice, SeededDice
from .game import (
    Decision,
    Event,
    Game,
    IllegalAction,
    Node,
    OptionSpec,
    Result,
    Scenario,
    Seat,
    State,
    Terminal,
    data_folder,
)
from .record import LogError, Match, read_log, replay
from .registry import get_game, ruleset_ids


def view(state: State, seat: str | None, infostate: bool = True) -> dict[str, object]:
    """All that ``seat`` may see of ``state``; the only way anything leaves the engine for a seat.
    ``infostate=False``: without the payload search players sample worlds from."""
    return state.view(seat, infostate)


__all__ = [
    "D6",
    "DICE",
    "LUFTWAFFE_DIE",
    "RAF_DIE",
    "Action",
    "Chance",
    "Decision",
    "DiceSource",
    "Die",
    "Draw",
    "Event",
    "Game",
    "IllegalAction",
    "LogError",
    "ManualDice",
    "Match",
    "Node",
    "OptionSpec",
    "Result",
    "Roll",
    "Scenario",
    "ScriptedDice",
    "Seat",
    "SeededDice",
    "State",
    "SymbolPool",
    "Terminal",
    "data_folder",
    "get_game",
    "read_log",
    "replay",
    "ruleset_ids",
    "view",
]
