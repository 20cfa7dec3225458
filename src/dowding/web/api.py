"""The HTTP routes of docs/web-api.md."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response

from dowding.analysis.after_action import after_action_report
from dowding.engine import get_game, ruleset_ids

from . import payload as payloads
from .errors import ApiError, bad_request, conflict
from .lobby import all_rulesets, resolve_options, seats_json
from .schemas import (
    ActionRequest,
    CreateGame,
    DiceRequest,
    SeatsRequest,
    TokenOnly,
    UndoRequest,
)
from .service import GameService

router = APIRouter(prefix="/api")
MAX_TOKENS = 200


def service_of(request: Request) -> GameService:
    service: GameService = request.app.state.service
    return service


def json_text(text: str) -> Response:
    return Response(text, media_type="application/json")


def token_of(query: str | None, authorization: str | None) -> str | None:
    """A token from ``?token=`` or, to keep it out of access logs, ``Authorization: Bearer``."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return query


@router.get("/rulesets")
def rulesets(request: Request) -> list[dict[str, Any]]:
    # own_components: the server's owner plays this ruleset with his own printed values
    # (dowding serve --data); the folder itself is never sent
    own = service_of(request).own_data
    return [r | {"own_components": r["id"] in own} for r in all_rulesets()]


@router.post("/seats")
def seats(body: SeatsRequest, request: Request) -> dict[str, Any]:
    try:
        game = get_game(body.ruleset)
        options = resolve_options(game, body.options, service_of(request).own_data)
    except ValueError as exc:
        raise bad_request(str(exc)) from None
    return {"seats": seats_json(game, options)}


@router.post("/games", status_code=201)
async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
    # links from the configured public address, else relative: never from the Host header
    return await service_of(request).create(body, request.app.state.public_url)


@router.get("/games")
async def my_games(
    request: Request, tokens: Annotated[str, Query(max_length=20_000)] = ""
) -> JSONResponse:
    wanted = [t for t in tokens.split(",") if t.strip()]
    if len(wanted) > MAX_TOKENS:
        raise bad_request(f"at most {MAX_TOKENS} tokens at once")
    return JSONResponse(await service_of(request).my_games(wanted))


@router.get("/games/{game_id}")
async def game_payload(
    game_id: str,
    request: Request,
    token: Annotated[str | None, Query(max_length=128)] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> Response:
    service = service_of(request)
    live = await service.live(game_id)
    seat = service.seat_of(live, token_of(token, authorization))
    service.ensure_driver(live)  # a game resumed after a restart: the computers carry on
    return json_text(await service.payload(live, seat))


@router.post("/games/{game_id}/actions")
async def act(game_id: str, body: ActionRequest, request: Request) -> Response:
    service = service_of(request)
    live = await service.act(game_id, body.token, body.seq, body.action)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/dice")
async def dice(game_id: str, body: DiceRequest, request: Request) -> Response:
    service = service_of(request)
    live = await service.type_dice(game_id, body.token, body.faces, body.seq)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/undo")
async def undo(game_id: str, body: UndoRequest, request: Request) -> Response:
    service = service_of(request)
    live = await service.undo(game_id, body.token, body.seq)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/resign")
async def resign(game_id: str, body: TokenOnly, request: Request) -> Response:
    service = service_of(request)
    live = await service.resign(game_id, body.token)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/abandon")
async def abandon(game_id: str, body: TokenOnly, request: Request) -> Response:
    service = service_of(request)
    live = await service.resign(game_id, body.token, abandon=True)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/abandon/decline")
async def decline_abandon(game_id: str, body: TokenOnly, request: Request) -> Response:
    service = service_of(request)
    live = await service.decline_abandon(game_id, body.token)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/accept")
async def accept(game_id: str, body: TokenOnly, request: Request) -> Response:
    service = service_of(request)
    live = await service.accept(game_id, body.token)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/decline")
async def decline(game_id: str, body: TokenOnly, request: Request) -> Response:
    service = service_of(request)
    live = await service.accept(game_id, body.token, agree=False)
    return json_text(await service.payload(live, service.seat_of(live, body.token)))


@router.post("/games/{game_id}/stop")
async def stop(game_id: str, body: TokenOnly, request: Request) -> dict[str, Any]:
    live, seq = await service_of(request).stop(game_id, body.token)
    return {"game_id": live.id, "status": live.status, "seq": seq}


@router.get("/games/{game_id}/replay")
async def replay(
    game_id: str,
    request: Request,
    step: Annotated[int, Query(ge=0, le=10_000_000)],
    token: Annotated[str | None, Query(max_length=128)] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> Response:
    service = service_of(request)
    live = await service.live(game_id)
    seat = service.seat_of(live, token_of(token, authorization))
    return json_text(await service.replay_text(live, seat, step))


# --- the after-action report (dowding.analysis.after_action) ---------------------------------------
REPORTS_KEPT = 16  # the last reports made, by (game, step, seat): a second download costs nothing
_reports: OrderedDict[tuple[int, str, int, str | None], bytes] = OrderedDict()


@router.get("/maps/{ruleset}")
async def static_map(
    ruleset: str,
    v: Annotated[str | None, Query(max_length=64)] = None,
    if_none_match: Annotated[str | None, Header()] = None,
) -> Response:
    """The board of a ruleset that draws it apart (``svg.render_static()``), the same for every
    game and seat and drawn without any view; cacheable by its hash (the ETag, and ``v``)."""
    drawn = payloads.static_map(ruleset) if ruleset in ruleset_ids() else None
    if drawn is None:
        raise ApiError(404, f"no board drawn apart for {ruleset!r}")
    text, digest = drawn
    etag = f'"{digest}"'
    lasting = "public, max-age=31536000, immutable" if v == digest else "no-cache"
    headers = {"ETag": etag, "Cache-Control": lasting}
    if if_none_match is not None and etag in if_none_match:
        return Response(status_code=304, headers=headers)
    return Response(text, media_type="image/svg+xml", headers=headers)


@router.get("/games/{game_id}/report")
async def after_action(
    game_id: str,
    request: Request,
    token: Annotated[str | None, Query(max_length=128)] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> Response:
    """A game's after-action report as the token's seat (or a spectator) saw it: one HTML file
    to download, only once the game has ended."""
    service = service_of(request)
    live = await service.live(game_id)
    seat = service.seat_of(live, token_of(token, authorization))
    snap = live.snapshot
    if snap.status in ("active", "waiting"):
        raise conflict("the after-action report is made once the game has ended", seq=snap.seq)
    key = (id(service), live.id, snap.seq, seat)
    body = _reports.get(key)
    if body is None:
        match, result, abandoned = live.match, snap.result, snap.status == "abandoned"
        text = await asyncio.to_thread(
            lambda: after_action_report(
                match, seat, result=result, steps=snap.seq, abandoned=abandoned
            )
        )
        body = text.encode()
        _reports[key] = body
        while len(_reports) > REPORTS_KEPT:
            _reports.popitem(last=False)
    name = f"dowding-{live.record.ruleset}-{live.id}-{seat or 'spectator'}.html"
    return Response(
        body,
        media_type="text/html; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )
