"""The FastAPI application: the API, the WebSocket, and the static front end."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dowding.storage import Repository, default_database_url

from . import api, rules, ws
from .errors import ApiError
from .service import GameService
from .validation import describe_errors

STATIC = Path(__file__).with_name("static")
log = logging.getLogger("dowding.web")

PLACEHOLDER = """<!doctype html><html lang="en"><meta charset="utf-8"><title>dowding</title>
<p>The dowding server is running, but its pages are missing (src/dowding/web/static).
The API is at <a href="/api/rulesets">/api/rulesets</a>.</p></html>"""


MAX_BODY = 64 * 1024


def public_base(url: str) -> str:
    """``http(s)://host[:port][/path]`` without a trailing slash, or "" for none; ValueError
    for anything else (a link built from it goes to other players)."""
    url = url.strip()
    if not url:
        return ""
    parts = urlsplit(url)
    odd = parts.query or parts.fragment or "@" in parts.netloc or any(c.isspace() for c in url)
    if parts.scheme not in ("http", "https") or not parts.hostname or odd:
        raise ValueError(
            f"the public URL {url!r} must be http(s)://host[:port][/path], "
            "without user, query or fragment"
        )
    try:
        parts.port  # noqa: B018  (a port that is not a number raises here)
    except ValueError:
        raise ValueError(f"the public URL {url!r} has a bad port") from None
    return url.rstrip("/")


class BodyLimit:
    """Refuse a request body over ``limit`` bytes, counted as it arrives.

    A declared ``Content-Length`` over the limit is refused at once; a body sent without one
    (``Transfer-Encoding: chunked``) is read here, up to the limit and no further, before the
    application sees it: at one byte over, the answer is 413 and the rest is never read (the
    server then closes the connection). So no request holds more than ``limit`` bytes.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away mid-body
                return
            body: bytes = message.get("body", b"")
            size += len(body)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()  # after the body: the disconnect, when it comes

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        too_large = JSONResponse(
            {"error": f"a request may carry at most {self.limit} bytes"},
            status_code=413,
            headers={"Connection": "close"},
        )
        await too_large(scope, receive, send)


def create_app(
    database_url: str | None = None,
    *,
    repository: Repository | None = None,
    bot_workers: int = 2,
    static_dir: Path | None = None,
    public_url: str | None = None,
    own_data: Mapping[str, str] | None = None,
) -> FastAPI:
    """The app over a database (default: SQLite in the user's data folder), migrated on start.

    ``public_url`` (default: ``DOWDING_PUBLIC_URL``) is the address players reach the server
    at; invite links start with it. Without it they are relative (``/play/<id>#t=...``) and the
    page prefixes its own address: a request's Host header never makes a link.

    ``own_data`` (ruleset -> folder): the components the server's owner plays with, as the
    ``data`` option of every game of that ruleset created here (``dowding serve --data``).
    """
    base = public_base(
        public_url if public_url is not None else os.environ.get("DOWDING_PUBLIC_URL", "")
    )
    repo = (
        repository if repository is not None else Repository(database_url or default_database_url())
    )
    service = GameService(repo, bot_workers=bot_workers, own_data=own_data)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()  # hears other servers on the same PostgreSQL
        yield
        await service.close()

    app = FastAPI(
        title="dowding",
        docs_url=None,
        openapi_url="/api/openapi.json",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit)
    app.state.service = service
    app.state.public_url = base
    app.state.repository = repo
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(rules.router)
    _errors(app)
    _pages(app, static_dir or STATIC)
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def refused(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            {"error": f"malformed request: {describe_errors(exc.errors())}"}, status_code=400
        )

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return JSONResponse(
            {"error": "internal error; the server's log says more"}, status_code=500
        )


def _pages(app: FastAPI, static: Path) -> None:
    index = static / "index.html"
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")

    def page() -> Response:
        if index.is_file():
            return FileResponse(index, media_type="text/html")
        return HTMLResponse(PLACEHOLDER)

    @app.get("/", include_in_schema=False)
    def lobby() -> Response:
        return page()

    @app.get("/play/{game_id}", include_in_schema=False)
    def table(game_id: str) -> Response:
        return page()

    @app.get("/replay/{game_id}", include_in_schema=False)
    def replay(game_id: str) -> Response:
        return page()
