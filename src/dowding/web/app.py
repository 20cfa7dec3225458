"""The FastAPI application: the API, the WebSocket, and the static front end."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from dowding.storage import Repository, default_database_url

from . import api, ws
from .errors import ApiError
from .service import GameService
from .validation import describe_errors

STATIC = Path(__file__).with_name("static")
log = logging.getLogger("dowding.web")

PLACEHOLDER = """<!doctype html><html lang="en"><meta charset="utf-8"><title>dowding</title>
<p>The dowding server is running, but its pages are missing (src/dowding/web/static).
The API is at <a href="/api/rulesets">/api/rulesets</a>.</p></html>"""


MAX_BODY = 64 * 1024


class BodyLimit:
    """Refuse a request body over ``limit`` bytes before anything reads it."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for name, value in scope["headers"]:
                if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                    too_large = JSONResponse(
                        {"error": f"a request may carry at most {self.limit} bytes"},
                        status_code=413,
                    )
                    await too_large(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def create_app(
    database_url: str | None = None,
    *,
    repository: Repository | None = None,
    bot_workers: int = 2,
    static_dir: Path | None = None,
) -> FastAPI:
    """The app over a database (default: SQLite in the user's data folder), migrated on start."""
    repo = (
        repository if repository is not None else Repository(database_url or default_database_url())
    )
    service = GameService(repo, bot_workers=bot_workers)

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
    app.state.repository = repo
    app.include_router(api.router)
    app.include_router(ws.router)
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
