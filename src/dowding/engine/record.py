"""A game as (ruleset, scenario, options, seed) plus its action log, and its replay.

The log is JSON Lines: a versioned header, one line per step (decision or chance
outcome) with the state hash after it, and a footer. Saving rewrites the file
atomically, so a crash never leaves half a log behind. Replay re-applies every step,
checks every hash, and refuses a tampered or truncated log with a clear message.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .actions import Action
from .dice import Chance
from .dice_sources import DiceSource, SeededDice
from .game import Decision, Event, Game, IllegalAction, Node, Result, State, Terminal
from .registry import get_game

LOG_FORMAT = "dowding-log"
LOG_VERSION = 1
CHANCE = "chance"


class LogError(ValueError):
    """A log that cannot be replayed: unreadable, tampered with, or truncated."""


@dataclass(frozen=True)
class Step:
    seat: str  # the deciding seat, or "chance"
    action: str
    hash: str


class Match:
    """A game in progress: the state, the log that reproduces it, and where its dice come from."""

    def __init__(
        self,
        ruleset: str,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        seats: Mapping[str, str] | None = None,
        dice: DiceSource | None = None,
    ) -> None:
        self.game: Game = get_game(ruleset)
        self.scenario = self.game.scenario(scenario).id
        self.options = self.game.resolve_options(options)
        self.seed = int(seed)
        self.seats = dict(seats or {})
        self.dice: DiceSource = dice if dice is not None else SeededDice(self.seed)
        self.state: State = self.game.new_state(self.scenario, self.options)
        self.initial_hash = self.state.hash()
        self.steps: list[Step] = []

    # --- playing ----------------------------------------------------------------
    def node(self) -> Node:
        return self.state.next()

    @property
    def finished(self) -> bool:
        return isinstance(self.state.next(), Terminal)

    def play(self, action: Action | str) -> tuple[Event, ...]:
        """Apply one decision or chance outcome; IllegalAction leaves everything unchanged."""
        node = self.state.next()
        seat = node.seat if isinstance(node, Decision) else CHANCE
        self.state.apply(action)
        text = action if isinstance(action, str) else action.text
        if isinstance(action, str):
            text = Action.parse(action).text
        self.steps.append(Step(seat, text, self.state.hash()))
        return self.state.events

    def roll(self) -> tuple[Event, ...]:
        node = self.state.next()
        if not isinstance(node, Chance):
            raise IllegalAction("nothing to roll: the game is waiting for a decision", node)
        return self.play(self.dice.outcome(node, len(self.steps)))

    def result(self) -> Result:
        node = self.state.next()
        winner = node.winner if isinstance(node, Terminal) else None
        scores = dict(node.scores) if isinstance(node, Terminal) else {}
        reason = node.reason if isinstance(node, Terminal) else "in progress"
        return Result(
            ruleset=self.game.id,
            scenario=self.scenario,
            seed=self.seed,
            winner=winner,
            score=scores,
            turns=self.state.turn,
            actions=len(self.steps),
            state_hash=self.state.hash(),
            reason=reason,
        )

    # --- the log ------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "ruleset": self.game.id,
            "scenario": self.scenario,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "initial_hash": self.initial_hash,
        }

    def log_lines(self) -> list[str]:
        lines = [json.dumps(self.header(), sort_keys=True)]
        for i, step in enumerate(self.steps):
            lines.append(
                json.dumps({"i": i, "seat": step.seat, "action": step.action, "hash": step.hash})
            )
        result = self.result()
        footer = {
            "digest": _digest(lines),
            "end": True,
            "status": "finished" if self.finished else "in_progress",
            "steps": len(self.steps),
            "final_hash": result.state_hash,
            "result": asdict(result),
        }
        lines.append(json.dumps(footer, sort_keys=True))
        return lines

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the whole log atomically (temporary file, then rename)."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=target.name, suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write("\n".join(self.log_lines()) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str], dice: DiceSource | None = None) -> Match:
        """Replay a log, verifying every hash; raises LogError naming what is wrong."""
        header, steps, footer = read_log(path)
        return replay(header, steps, footer, dice)


def _digest(lines: list[str]) -> str:
    """A digest of the header and step lines, so an edited seed or option is caught too."""
    h = hashlib.blake2b(digest_size=12)
    for line in lines:
        h.update(line.strip().encode())
        h.update(b"\n")
    return h.hexdigest()


def read_log(
    path: str | os.PathLike[str],
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise LogError(f"{path} is not a text log") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise LogError(f"{path} is empty")
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            raise LogError(
                f"{path}: line {number} is not valid JSON (truncated or edited?)"
            ) from None
        if not isinstance(record, dict):
            raise LogError(f"{path}: line {number} is not a JSON object")
        records.append(record)
    header = records[0]
    if header.get("format") != LOG_FORMAT:
        raise LogError(f"{path} is not a dowding log (no '{LOG_FORMAT}' header)")
    if header.get("version") != LOG_VERSION:
        raise LogError(
            f"{path} has log version {header.get('version')!r}; this dowding reads {LOG_VERSION}"
        )
    if len(records) < 2 or not records[-1].get("end"):
        raise LogError(f"{path} is truncated: it has no end record")
    footer = records[-1]
    steps = records[1:-1]
    if footer.get("steps") != len(steps):
        raise LogError(
            f"{path} is truncated or edited: the end record counts {footer.get('steps')} steps, found {len(steps)}"
        )
    # checked after the replay, so that an edited step is reported as precisely as it can be
    footer["_digest_ok"] = footer.get("digest", _digest(lines[:-1])) == _digest(lines[:-1])
    for expected, step in enumerate(steps):
        if step.get("i") != expected or not isinstance(step.get("action"), str):
            raise LogError(f"{path}: step {expected} is malformed or out of order")
    return header, steps, footer


def replay(
    header: dict[str, Any],
    steps: list[dict[str, Any]],
    footer: dict[str, Any] | None = None,
    dice: DiceSource | None = None,
) -> Match:
    if not isinstance(header.get("options") or {}, dict) or not isinstance(
        header.get("seats") or {}, dict
    ):
        raise LogError(
            "the log's header cannot start a game: options and seats must be JSON objects"
        )
    try:
        match = Match(
            header["ruleset"],
            header.get("scenario"),
            header.get("options") or {},
            int(header.get("seed", 0)),
            header.get("seats") or {},
            dice,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError(f"the log's header cannot start a game: {exc}") from None
    if header.get("initial_hash") not in (None, match.initial_hash):
        raise LogError(
            "the initial state differs from the one the log was made with (other rules data?)"
        )
    for step in steps:
        i = step["i"]
        node = match.state.next()
        seat = node.seat if isinstance(node, Decision) else CHANCE
        if step.get("seat") != seat:
            raise LogError(
                f"step {i}: the log says {step.get('seat')} acts, but it is {seat}'s turn"
            )
        try:
            match.play(step["action"])
        except IllegalAction as exc:
            raise LogError(f"step {i}: {exc}") from None
        if step.get("hash") != match.steps[-1].hash:
            raise LogError(
                f"step {i}: state hash mismatch (the log was altered or the rules changed)"
            )
    if footer is not None and footer.get("final_hash") != match.state.hash():
        raise LogError("the final state hash does not match the end record")
    if footer is not None and footer.get("_digest_ok") is False:
        raise LogError(
            "the log was edited: its header or steps do not match the end record's digest"
        )
    return match
