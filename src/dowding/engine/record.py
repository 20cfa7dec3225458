"""A game as (ruleset, scenario, options, seed) plus its action log, and its replay.

The log is JSON Lines: a versioned header, one line per step (decision or chance
outcome) with the state hash after it, and a footer with a digest of every line before it.
Saving rewrites the file atomically, so a crash never leaves half a log behind. Replay
re-applies every step, checks every hash, the digest, and every die against the seed (the
header's ``"dice": "manual"`` marks dice typed at a table, which no seed can check), and
refuses a tampered, truncated or malformed log with a clear message (``LogError``).

Version 1 logs (no ``"dice"`` in the header) are still read; their dice are checked against
the seed, since a version 1 log cannot say that they were typed at a table.
"""

from __future__ import annotations

import hashlib
import json
import math
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
LOG_VERSION = 2
READABLE_VERSIONS = (1, 2)
CHANCE = "chance"
SEEDED, MANUAL = "seeded", "manual"
MAX_NESTING = 64  # a log's JSON is shallow; deeper nesting is refused before it is parsed


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
        # False once a chance outcome did not come from this match's seed (dice typed at a
        # table, or a script): the log then says "dice": "manual" and replay cannot check them
        self.seeded_dice = True
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
        return self._play(action, seeded=False)

    def _play(self, action: Action | str, seeded: bool) -> tuple[Event, ...]:
        """``seeded``: a chance outcome whose source ``roll`` has already accounted for."""
        node = self.state.next()
        seat = node.seat if isinstance(node, Decision) else CHANCE
        self.state.apply(action)
        text = action if isinstance(action, str) else action.text
        if isinstance(action, str):
            text = Action.parse(action).text
        if isinstance(node, Chance) and not seeded and self.seeded_dice:
            # an outcome given by hand: still "seeded" only if it is what the seed rolls here
            self.seeded_dice = text == self.seeded_outcome(node, len(self.steps)).text
        self.steps.append(Step(seat, text, self.state.hash()))
        return self.state.events

    def roll(self) -> tuple[Event, ...]:
        node = self.state.next()
        if not isinstance(node, Chance):
            raise IllegalAction("nothing to roll: the game is waiting for a decision", node)
        outcome = self.dice.outcome(node, len(self.steps))
        if not (isinstance(self.dice, SeededDice) and self.dice.seed == self.seed):
            self.seeded_dice = False  # typed at a table (or scripted), whatever the faces
        return self._play(outcome, seeded=True)

    def seeded_outcome(self, chance: Chance, step: int) -> Action:
        """What this match's seed rolls for ``chance`` at ``step``."""
        return SeededDice(self.seed).outcome(chance, step)

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
            "dice": SEEDED if self.seeded_dice else MANUAL,
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


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} is too large")
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a log can hold")


def _parse_line(line: str) -> object:
    """One JSON value; ValueError for anything that is not plain, finite, shallow JSON."""
    depth = deepest = 0
    for char in line:  # cheap and conservative: brackets inside strings count too
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_NESTING:
                raise ValueError(f": it nests deeper than {MAX_NESTING} levels")
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(line, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError:
        raise ValueError(" (truncated or edited?)") from None
    except RecursionError:
        raise ValueError(": it nests too deeply") from None
    except ValueError as exc:  # a number beyond what Python reads, or one that is not finite
        raise ValueError(f": {exc}") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_log(
    path: str | os.PathLike[str],
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """The header, steps and end record of a log, checked for shape (not yet replayed)."""
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
            record = _parse_line(line)
        except ValueError as exc:
            raise LogError(f"{path}: line {number} is not valid JSON{exc}") from None
        if not isinstance(record, dict):
            raise LogError(f"{path}: line {number} is not a JSON object")
        records.append(record)
    header = records[0]
    if header.get("format") != LOG_FORMAT:
        raise LogError(f"{path} is not a dowding log (no '{LOG_FORMAT}' header)")
    version = header.get("version")
    if not _is_int(version) or version not in READABLE_VERSIONS:
        readable = " and ".join(map(str, READABLE_VERSIONS))
        raise LogError(
            f"{path} has log version {version!r}; this dowding reads versions {readable}"
        )
    if version >= 2 and header.get("dice") not in (SEEDED, MANUAL):
        raise LogError(
            f'{path}: the header\'s "dice" must be "{SEEDED}" or "{MANUAL}", '
            f"not {header.get('dice')!r}"
        )
    if len(records) < 2 or records[-1].get("end") is not True:
        raise LogError(f"{path} is truncated: it has no end record")
    footer = records[-1]
    steps = records[1:-1]
    if footer.get("steps") != len(steps) or not _is_int(footer.get("steps")):
        raise LogError(
            f"{path} is truncated or edited: the end record counts {footer.get('steps')!r} steps,"
            f" found {len(steps)}"
        )
    if not isinstance(footer.get("digest"), str):
        raise LogError(f"{path}: the end record has no digest (edited?); it cannot be verified")
    # checked after the replay, so that an edited step is reported as precisely as it can be
    footer["_digest_ok"] = footer["digest"] == _digest(lines[:-1])
    for expected, step in enumerate(steps):
        i = step.get("i")
        if not _is_int(i) or i != expected:
            raise LogError(f"{path}: step {expected} is malformed or out of order")
        if not all(isinstance(step.get(key), str) for key in ("seat", "action", "hash")):
            raise LogError(f"{path}: step {expected} is malformed (seat, action and hash are text)")
    return header, steps, footer


def _match_of(header: dict[str, Any], dice: DiceSource | None) -> Match:
    """The match a log's header starts, or LogError saying which field is wrong."""
    problem = None
    if not isinstance(header.get("ruleset"), str):
        problem = "the ruleset must be a ruleset id"
    elif not isinstance(header.get("scenario"), str | None):
        problem = "the scenario must be a scenario id"
    elif not isinstance(header.get("options") or {}, dict) or not isinstance(
        header.get("seats") or {}, dict
    ):
        problem = "options and seats must be JSON objects"
    elif not all(isinstance(kind, str) for kind in (header.get("seats") or {}).values()):
        problem = "each seat's player must be text"
    elif not _is_int(header.get("seed", 0)):
        problem = f"the seed must be a whole number, not {header.get('seed')!r}"
    elif not isinstance(header.get("initial_hash"), str | None):
        problem = "the initial hash must be text"
    if problem is not None:
        raise LogError(f"the log's header cannot start a game: {problem}")
    try:
        return Match(
            header["ruleset"],
            header.get("scenario"),
            header.get("options") or {},
            header.get("seed", 0),
            header.get("seats") or {},
            dice,
        )
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
        raise LogError(f"the log's header cannot start a game: {exc}") from None


def replay(
    header: dict[str, Any],
    steps: list[dict[str, Any]],
    footer: dict[str, Any] | None = None,
    dice: DiceSource | None = None,
) -> Match:
    """Re-apply every step of a log read by :func:`read_log`, checking each state hash, each
    die against the seed (unless the header says the dice were typed at a table), the final
    hash and the digest; LogError names the first thing wrong."""
    match = _match_of(header, dice)
    if header.get("initial_hash") not in (None, match.initial_hash):
        raise LogError(
            "the initial state differs from the one the log was made with (other rules data?)"
        )
    manual = header.get("dice") == MANUAL
    match.seeded_dice = not manual
    for i, step in enumerate(steps):
        node = match.state.next()
        seat = node.seat if isinstance(node, Decision) else CHANCE
        if step.get("seat") != seat:
            raise LogError(
                f"step {i}: the log says {step.get('seat')} acts, but it is {seat}'s turn"
            )
        try:
            match._play(step["action"], seeded=True)
        except IllegalAction as exc:
            raise LogError(f"step {i}: {exc}") from None
        except Exception as exc:  # rules code meeting a value no game would produce
            raise LogError(
                f"step {i}: {step['action']!r} cannot be applied ({type(exc).__name__}: {exc})"
            ) from None
        if step.get("hash") != match.steps[-1].hash:
            raise LogError(
                f"step {i}: state hash mismatch (the log was altered or the rules changed)"
            )
        if isinstance(node, Chance) and not manual:
            expected = match.seeded_outcome(node, i).text
            if match.steps[-1].action != expected:
                old = header.get("version") == 1
                raise LogError(
                    f"step {i}: the log rolls {match.steps[-1].action!r}, but seed {match.seed} "
                    f"rolls {expected!r} there: the log was altered"
                    + (
                        " (or its dice were typed at a table, which a version 1 log cannot say;"
                        " it cannot be verified)"
                        if old
                        else ' (dice typed at a table are marked "dice": "manual")'
                    )
                )
    if footer is not None and footer.get("final_hash") != match.state.hash():
        raise LogError("the final state hash does not match the end record")
    if footer is not None:
        replayed = json.loads(match.log_lines()[-1])
        for key in ("status", "result"):
            if footer.get(key) != replayed[key]:
                raise LogError(f"the end record's {key} is not the replayed game's (edited?)")
    # read_log marks the digest (required in a file); records handed in directly are not marked
    if footer is not None and footer.get("_digest_ok") is False:
        raise LogError(
            "the log was edited: its header or steps do not match the end record's digest"
        )
    return match
