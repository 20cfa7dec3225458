"""What one seat receives: the same JSON over HTTP and WebSocket, built from view(state, seat).

Nothing here reads the state except through ``view``, ``next()`` (for the seat's own decision,
and for whose turn it is) and the narration and dice filtered by what the seat may see.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from dowding.engine import Chance, Decision, Node, State, Terminal, get_game, view
from dowding.engine.game import DATA_KEY, Game
from dowding.engine.option_odds import OptionOdds, option_odds
from dowding.engine.words import in_words, option_labels, plain

from .live import LiveGame, Snapshot
from .rules import event_json

try:
    import orjson
except ImportError:  # optional: the standard library does the same, slower
    orjson = None  # type: ignore[assignment]

log = logging.getLogger("dowding.web")
T = TypeVar("T")

# The narration and dice a payload carries: the most recent ones (replays: up to their step).
EVENT_LIMIT = 300
DICE_LIMIT = 100
# Keys of a view a browser never needs (the sampler's canonical arrangement of the unknowns).
DROPPED_VIEW_KEYS = ("infostate",)
# Read on the server (words, odds, maps: ``engine.data_folder``) and never sent: the folder of
# the server owner's own components is a path on the server's disk.
SERVER_VIEW_KEYS = (DATA_KEY,)

SvgRenderer = Callable[[dict[str, Any], str | None, Decision | None], str]
_renderers: dict[str, SvgRenderer | None] = {}
_modules: dict[str, Any] = {}
_static_maps: dict[str, tuple[str, str] | None] = {}


def _svg_module(ruleset: str) -> Any:
    """The ruleset's ``svg`` module, or None."""
    if ruleset not in _modules:
        name = f"dowding.rulesets.{ruleset.replace('-', '_')}.svg"
        try:
            _modules[ruleset] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                log.exception("the map drawing for %s cannot be imported", ruleset)
            _modules[ruleset] = None
    return _modules[ruleset]


def static_map(ruleset: str) -> tuple[str, str] | None:
    """The ruleset's board drawn once, without any view (``svg.render_static()``), and a hash
    of it; None for a ruleset whose ``svg.py`` draws the whole map each time (``render_svg``
    alone: the board stays in the payload's ``svg``)."""
    if ruleset not in _static_maps:
        module = _svg_module(ruleset)
        drawn: tuple[str, str] | None = None
        if hasattr(module, "render_static") and hasattr(module, "render_dynamic"):
            try:
                text = module.render_static()
                drawn = (text, hashlib.sha256(text.encode()).hexdigest()[:16])
            except Exception:
                log.exception("drawing the %s board failed", ruleset)
        _static_maps[ruleset] = drawn
    return _static_maps[ruleset]


def static_map_url(ruleset: str) -> str | None:
    """Where the page fetches the board the payload's ``svg`` leaves out (cacheable)."""
    drawn = static_map(ruleset)
    return None if drawn is None else f"/api/maps/{ruleset}?v={drawn[1]}"


def svg_renderer(ruleset: str) -> SvgRenderer | None:
    """``svg.render_dynamic`` when the ruleset draws its board apart, else ``svg.render_svg``."""
    if ruleset not in _renderers:
        module = _svg_module(ruleset)
        split = static_map(ruleset) is not None
        _renderers[ruleset] = getattr(module, "render_dynamic" if split else "render_svg", None)
    return _renderers[ruleset]


def render_svg(
    ruleset: str, seen: dict[str, Any], seat: str | None, decision: Decision | None
) -> str | None:
    renderer = svg_renderer(ruleset)
    if renderer is None:
        return None
    try:
        return renderer(seen, seat, decision)
    except Exception:  # a drawing bug must not cost the player the game
        log.exception("drawing the %s map failed", ruleset)
        return None


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    seen = dict(view(state, seat, infostate=False))
    for key in DROPPED_VIEW_KEYS:
        seen.pop(key, None)
    return seen


def decision_json(
    decision: Decision, ruleset: str | None = None, seen: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The seat's own decision; each option with its label in words, made by the ruleset's
    ``words.py`` from ``seen`` (the seat's view) alone, and its ``odds`` (``option_odds.py``,
    from the same view) when it starts a combat or a bombing; an option without odds has no
    ``odds`` key (a placement or a move offered a hundred times would carry a hundred nulls)."""
    prompt = decision.prompt
    if ruleset is not None and seen is not None:
        labels = option_labels(ruleset, seen, decision)
        odds = option_odds(ruleset, seen, decision)
        prompt = in_words(ruleset, seen, prompt)  # its ids in words, when the ruleset says so
    else:
        labels = [plain(o) for o in decision.options]
        odds = [None] * len(decision.options)
    return {
        "seat": decision.seat,
        "prompt": prompt,
        "options": [
            {"text": o.text, "label": label} | ({} if od is None else {"odds": _odds_json(od)})
            for o, label, od in zip(decision.options, labels, odds, strict=True)
        ],
        "free": decision.free,
    }


def _odds_json(odds: OptionOdds) -> dict[str, Any]:
    """An option's odds as sent: the procedure's parameters without the server's folder (the
    figures already count its components)."""
    out = odds.to_json()
    out["params"] = {k: v for k, v in out["params"].items() if k not in SERVER_VIEW_KEYS}
    return out


def result_json(node: Node, snap: Snapshot) -> dict[str, Any] | None:
    if snap.result is not None and snap.status != "active":
        return dict(snap.result)
    if isinstance(node, Terminal):
        return {"winner": node.winner, "scores": dict(node.scores), "reason": node.reason}
    return None


def _named(live: LiveGame, result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result with its winner and the outcome in words (``Game.winner_name``,
    ``Game.outcome_words``: "the team loses" where another ruleset says "no winner"), which the
    page shows."""
    if result is None:
        return result
    game = get_game(live.record.ruleset)
    options = live.record.options
    winner = str(result["winner"]) if result.get("winner") else None
    # a game called off or abandoned ends with no winner, whatever the ruleset calls a loss
    outcome = (
        Game.no_winner_words if live.status == "abandoned" else game.outcome_words(winner, options)
    )
    named = {**result, "outcome": outcome}
    if winner is not None:
        named["winner_name"] = game.winner_name(winner, options)
    return named


def build(
    live: LiveGame,
    seat: str | None,
    snap: Snapshot,
    *,
    state: State | None = None,
    step: int | None = None,
) -> dict[str, Any]:
    """The payload for ``seat`` at ``snap``; with ``state`` and ``step``, a replay at that step."""
    replaying = state is not None
    shown = state if state is not None else snap.state
    upto = step if step is not None else snap.seq
    node = shown.next()
    active = snap.status == "active" and not replaying
    to_move = node.seat if isinstance(node, Decision) else None
    mine = (
        node
        if isinstance(node, Decision) and active and seat is not None and node.seat == seat
        else None
    )
    seen = seat_view(shown, seat)
    ruleset = live.record.ruleset
    told = _latest(live.told, lambda t: t.step <= upto and t.event.visible_to(seat), EVENT_LIMIT)
    rolled = _latest(live.rolled, lambda r: r.step <= upto, DICE_LIMIT)
    typing = live.manual_dice_seats(node) if active else ()
    payload: dict[str, Any] = {
        "type": "replay" if replaying else "state",
        "game_id": live.id,
        "ruleset": live.record.ruleset,
        "scenario": live.record.scenario,
        "seat": seat,
        "seats": [
            {
                "id": s.id,
                "name": s.name,
                "side": s.side,
                "controller": live.controller(s.id),
                "player": live.controllers[s.id].player if s.id in live.controllers else None,
            }
            for s in live.seats
        ],
        "seq": snap.seq,
        "step": upto,
        "status": snap.status,
        "turn": shown.turn,
        "to_move": to_move if (active or replaying) else None,
        "hotseat_next": to_move
        if active and to_move is not None and live.controller(to_move) == "hotseat"
        else None,
        "view": {k: v for k, v in seen.items() if k not in SERVER_VIEW_KEYS},
        "decision": decision_json(mine, live.record.ruleset, seen) if mine is not None else None,
        "dice_needed": _dice_needed(node, seat, typing),
        "svg": render_svg(live.record.ruleset, seen, seat, mine),
        # the board the svg leaves out (its empty <g data-static-map>), drawn once: null when
        # the svg holds the whole map
        "static_map": static_map_url(live.record.ruleset),
        "events": [
            event_json(ruleset, t.step, t.event.text, in_words(ruleset, seen, t.event.text))
            for t in told[-EVENT_LIMIT:]
        ],
        # each roll's label once: the page writes "label: faces" (or "(hidden)") itself
        "dice": [
            _roll_json(
                ruleset,
                seen,
                r.step,
                _owner(r.visible_to),
                r.label_for(seat),
                _faces(r.outcome) if r.visible(seat) else None,
            )
            for r in rolled
        ],
        "result": _named(live, result_json(node, snap))
        if not replaying or isinstance(node, Terminal)
        else None,
        # agreements between people (docs/web-api.md): invited seats yet to accept manual dice,
        # and the seats that offered or accepted to abandon the game
        "waiting_for": live.awaiting_acceptance() if snap.status == "waiting" else [],
        "abandon_offer": live.agreed_to_abandon() if active else [],
        # what resigning would end the game as, in the ruleset's words ("the team loses")
        "resign_outcome": get_game(live.record.ruleset).outcome_words(
            live.winner_if_resigned(seat), live.record.options
        )
        if active and seat is not None
        else None,
        # the stored game's version: up with every write, so a page tells a take-back (a lower
        # seq) from a late message
        "version": snap.stored,
        # whether this seat may take back its last move now (POST .../undo)
        "can_undo": active and live.can_undo(seat),
        # a computer seat at its turn: who, which player, its time cap and when it began
        "thinking": thinking_json(live, node, snap) if active else None,
    }
    return payload


def _latest(items: list[T], wanted: Callable[[T], bool], limit: int) -> list[T]:
    """The last ``limit`` of ``items`` that are ``wanted``, in order: read from the end, as a long
    game's narration runs to thousands of lines."""
    out: list[T] = []
    for item in reversed(items):
        if wanted(item):
            out.append(item)
            if len(out) == limit:
                break
    out.reverse()
    return out


def thinking_json(live: LiveGame, node: Node, snap: Snapshot) -> dict[str, Any] | None:
    """A computer's turn as a person waits for it: the seat, its player's kind and strength,
    the most it may think (``cap``, seconds; null for players that answer at once), when its
    turn began and the server's time now (seconds since the epoch; the page measures from the
    difference, whatever its own clock says). Nothing the computer knows."""
    if not isinstance(node, Decision) or node.seat not in live.players:
        return None
    player = live.controllers[node.seat].player if node.seat in live.controllers else None
    kind, _, strength = (player or "computer").partition(":")
    budget = getattr(live.players[node.seat], "budget", None)
    cap = getattr(budget, "seconds", None)
    return {
        "seat": node.seat,
        "name": next((s.name for s in live.seats if s.id == node.seat), node.seat),
        "player": player,
        "kind": "search" if kind == "ismcts" else kind,
        "strength": strength or None,
        "cap": float(cap) if isinstance(cap, int | float) else None,
        "started": snap.since,
        "server_time": time.time(),
    }


def _dice_needed(node: Node, seat: str | None, typing: tuple[str, ...]) -> dict[str, Any] | None:
    if not isinstance(node, Chance) or seat is None or seat not in typing:
        return None
    return {"label": node.label_for(seat), "expects": node.expects}


def _owner(visible_to: frozenset[str] | None) -> str | None:
    return next(iter(visible_to)) if visible_to is not None and len(visible_to) == 1 else None


def _roll_json(
    ruleset: str,
    seen: Mapping[str, Any],
    step: int,
    owner: str | None,
    label: str,
    faces: str | None,
) -> dict[str, Any]:
    """A roll as the page draws it; a thing drawn (``item=no_extra``: a token, a card) also in
    the ruleset's words when it has them (``words``: "no extra card"), dice by their faces."""
    out: dict[str, Any] = {
        "step": step,
        "seat": owner,
        "label": in_words(ruleset, seen, label),
        "faces": faces,
    }
    if faces is not None and faces.startswith("item="):
        item = faces.removeprefix("item=")
        said = in_words(ruleset, seen, item)
        if said != item:
            out["words"] = said
    return out


def _faces(outcome: str) -> str:
    """``roll d=3,5`` -> ``d=3,5``: the outcome without its kind."""
    return outcome.partition(" ")[2] or outcome


def encode(payload: dict[str, Any]) -> str:
    if orjson is not None:  # several times faster on a map's worth of text, when installed
        return orjson.dumps(payload, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(payload, separators=(",", ":"), default=str)


def decode(text: str) -> Any:
    """The payload ``encode`` wrote."""
    if orjson is not None:
        return orjson.loads(text)
    return json.loads(text)
