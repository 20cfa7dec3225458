"""The WebSocket of a seat: the payload on connect and after every change; actions and dice in.

Changes are coalesced: a client that falls behind receives the latest payload, whose ``dice``
and ``events`` lists still hold what it missed. A socket opened with ``?diff=1`` receives the
full payload on connect, then patches from the payload it last received (``diff.py``); it may ask
for the full payload again with ``{"type": "full"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from . import payload as payloads
from .diff import make_patch
from .errors import ApiError
from .live import LiveGame
from .schemas import SocketMessage
from .service import GameService
from .validation import describe_errors

router = APIRouter()
log = logging.getLogger("dowding.web")
MAX_MESSAGE = 8192
TOO_BIG = f"a message may hold at most {MAX_MESSAGE} characters; the socket closes (1009)"


@dataclass
class Sent:
    """What a diff socket last sent in full or patched: the payload the client holds. Changed
    on the event loop only, by the socket's sender."""

    payload: dict[str, Any] | None = None
    text: str = ""
    patches: int = 0
    full: bool = False  # the client asked for the full payload: the next message is it


def _loads(text: str) -> dict[str, Any]:
    parsed: dict[str, Any] = payloads.decode(text)
    return parsed


def message_for(old: dict[str, Any] | None, text: str, n: int) -> tuple[str, dict[str, Any]]:
    """What a diff socket sends for the payload ``text`` to a client holding ``old`` (None:
    nothing yet, or it asked for the full payload): the payload itself, else patch ``n``; and
    the payload decoded, to patch the next one from. Pure: it runs off the event loop (decoding
    and diffing a map's worth of text take a millisecond or more)."""
    new = _loads(text)
    if old is None:
        return text, new
    return payloads.encode(make_patch(old, new, n)), new


async def next_message(sent: Sent, text: str, service: GameService) -> str | None:
    """The message for the payload ``text`` (``message_for``, in the pushes' thread), ``sent``
    brought up to it; None when the client already holds it."""
    if sent.full:
        sent.payload, sent.text, sent.full = None, "", False
    if text == sent.text:
        return None
    old = sent.payload
    n = 0 if old is None else sent.patches + 1
    message, new = await service.push_work(functools.partial(message_for, old, text, n))
    # a request for the full payload meanwhile is answered by the next push (its wake is set)
    sent.text, sent.payload, sent.patches = text, new, n
    return message


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(
    websocket: WebSocket, game_id: str, token: str | None = None, diff: int = 0
) -> None:
    service: GameService = websocket.app.state.service
    await websocket.accept()
    try:
        live = await service.live(game_id)
        seat = service.seat_of(live, token)
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", **exc.body()}))
        await websocket.close(code=4000 + exc.status)
        return
    send_lock = asyncio.Lock()

    async def send(text: str) -> None:
        async with send_lock:
            await websocket.send_text(text)

    wake = asyncio.Event()
    wake.set()
    live.listeners.add(wake)

    async def close() -> None:
        async with send_lock:
            await websocket.close(code=1012)  # "service restart": come back

    sent = Sent() if diff else None
    sender = asyncio.create_task(_send_changes(live, seat, service, wake, send, close, sent))
    service.ensure_driver(live)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text") or (message.get("bytes") or b"").decode("utf-8", "replace")
            if len(text) > MAX_MESSAGE:  # (uvicorn closes sooner: dowding serve sets ws_max_size)
                async with send_lock:  # the refusal, then the close: no push between them
                    await websocket.send_text(json.dumps({"type": "error", "error": TOO_BIG}))
                    await websocket.close(code=1009, reason="message too big")
                break
            if sent is not None and '"full"' in text and _asks_full(text):
                sent.full = True  # the next push is the full payload
                wake.set()
                continue
            try:
                reply = await _handle(text, live, seat, token or "", service)
            except Exception:
                log.exception("game %s: a socket message failed", live.id)
                async with send_lock:
                    await websocket.close(code=1011, reason="internal error")
                break
            if reply is not None:
                await send(json.dumps(reply))
    except WebSocketDisconnect:
        pass
    finally:
        live.listeners.discard(wake)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _send_changes(
    live: LiveGame,
    seat: str | None,
    service: GameService,
    wake: asyncio.Event,
    send: Callable[[str], Awaitable[None]],
    close: Callable[[], Awaitable[None]],
    sent: Sent | None = None,
) -> None:
    try:
        while True:
            await wake.wait()
            wake.clear()
            if live.stale:  # this copy of the game was dropped: the client reconnects to the new
                await close()
                return
            text = await service.payload(live, seat, push=True)
            if sent is None:
                await send(text)
                continue
            message = await next_message(sent, text, service)
            if message is not None:
                await send(message)
    except (asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
        raise  # the socket closed, or is closing
    except Exception:
        log.exception("game %s: updates to a socket stopped", live.id)
        raise


def _asks_full(text: str) -> bool:
    with contextlib.suppress(ValueError):
        return bool(json.loads(text) == {"type": "full"})
    return False


async def _handle(
    text: str, live: LiveGame, seat: str | None, token: str, service: GameService
) -> dict[str, object] | None:
    try:
        message = SocketMessage.model_validate_json(text)
    except ValidationError as exc:
        return {"type": "error", "error": f"malformed message: {describe_errors(exc.errors())}"}
    if message.type == "ping":
        return {"type": "pong"}
    if message.type == "full":  # only a socket opened with ?diff=1 holds patches to renew
        return None
    if seat is None:
        return {"type": "error", "error": "spectators watch; they cannot act"}
    try:
        if message.type == "action":
            if message.seq is None or message.action is None:
                return {"type": "error", "error": "an action message needs seq and action"}
            await service.act(live.id, token, message.seq, message.action)
        elif message.type == "undo":
            if message.seq is None:
                return {"type": "error", "error": "an undo message needs seq"}
            await service.undo(live.id, token, message.seq)
        else:
            if message.faces is None:
                return {"type": "error", "error": "a dice message needs faces"}
            await service.type_dice(live.id, token, message.faces, message.seq)
    except ApiError as exc:
        return {"type": "error", **exc.body()}
    return None
