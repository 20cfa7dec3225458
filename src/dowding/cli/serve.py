"""``dowding serve``: the game server for the browser, on SQLite unless told otherwise."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .common import CLIError, load_game, parse_pairs
from .main import app, reported
from .serve_logs import LogLevel, log_config

SWITCH_INTERVAL = float(os.environ.get("DOWDING_SWITCH_INTERVAL", "0.001"))


def _check_port(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise CLIError(
                f"cannot listen on {host}:{port}: {exc.strerror or exc} (another --port?)"
            ) from None


def own_data(specs: list[str]) -> dict[str, str]:
    """``--data RULESET=DIR`` -> ruleset -> the folder, absolute, its components loaded once
    here so that a mistake stops the server before any game is dealt from it."""
    out: dict[str, str] = {}
    for ruleset, folder in parse_pairs(specs, "--data").items():
        game = load_game(ruleset)
        if "data" not in {spec.name for spec in game.option_specs}:
            raise CLIError(f"{ruleset} has no components of one's own to read", code=2)
        path = Path(folder).expanduser().resolve()
        if not path.is_dir():
            raise CLIError(f"--data {ruleset}={folder}: no such folder", code=2)
        try:
            game.new_state(game.default_scenario, {"data": str(path)})
        except ValueError as exc:
            raise CLIError(f"--data {ruleset}={folder}: {exc}", code=2) from None
        out[game.id] = str(path)
    return out


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            envvar="DOWDING_DATABASE_URL",
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user:pw@host/db "
            "(default: SQLite in your data folder).",
        ),
    ] = None,
    log_level: Annotated[
        LogLevel, typer.Option(case_sensitive=False, help="debug, info, warning or error.")
    ] = LogLevel.info,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="DOWDING_PUBLIC_URL",
            help="The address players reach this server at, e.g. https://games.example.org; "
            "invite links start with it (default: links relative to the page).",
        ),
    ] = None,
    max_computer_games: Annotated[
        int,
        typer.Option(
            envvar="DOWDING_MAX_COMPUTER_GAMES",
            min=0,
            help="Games only computers play that may run at once (more are refused with 429).",
        ),
    ] = 4,
    thinkers: Annotated[
        int,
        typer.Option(
            envvar="DOWDING_THINKERS",
            min=1,
            max=64,
            help="Threads where computer seats think; games only computers play use all but one.",
        ),
    ] = 2,
    data: Annotated[
        list[str] | None,
        typer.Option(
            "--data",
            metavar="RULESET=DIR",
            help="A folder with your own component files (the printed values) for every game "
            "of RULESET created here, as `dowding play --data`; repeatable. The folder stays "
            "on the server: no player is sent its name.",
        ),
    ] = None,
) -> None:
    """Serve games in the browser: open the printed address."""
    with reported():
        import uvicorn
        from sqlalchemy.exc import SQLAlchemyError

        from dowding.storage import default_database_url, describe_url, server_lock
        from dowding.web.app import MAX_BODY, create_app

        url = database_url or default_database_url()
        folders = own_data(data or [])
        try:
            # a SQLite file takes one server (PostgreSQL takes several): held until we exit
            lock = server_lock(url)
            web = create_app(
                url, bot_workers=thinkers, public_url=public_url or "", own_data=folders
            )
        except ValueError as exc:
            raise CLIError(str(exc), code=2) from None
        except SQLAlchemyError as exc:
            original = getattr(exc, "orig", None)  # the driver's own message, when there is one
            problem = str(original or exc).strip().splitlines()[0]
            raise CLIError(f"cannot open the database {describe_url(url)}: {problem}") from None
        web.state.service.max_computer_games = max_computer_games
        _check_port(host, port)
        shown = f"[{host}]" if ":" in host else host
        print(f"dowding is serving at http://{shown}:{port}/", flush=True)
        print(f"database: {describe_url(url)}", flush=True)
        for ruleset, folder in folders.items():
            print(f"{ruleset}: your own components from {folder}", flush=True)
        # Computers think and maps are drawn in threads; hand the interpreter back to the
        # database writes and the event loop sooner than the default 5 ms.
        sys.setswitchinterval(SWITCH_INTERVAL)
        config: dict[str, Any] = {
            "host": host,
            "port": port,
            "log_level": log_level.value,
            "log_config": log_config(log_level),  # every handler hides tokens, at every level
            "ws_max_size": MAX_BODY,  # a bigger WebSocket message closes the socket with 1009
            # compressing every map costs more CPU than it saves on a local network
            "ws_per_message_deflate": False,
        }
        try:
            uvicorn.run(web, **config)
        finally:
            if lock is not None:
                lock.release()
