"""The table's WebSocket comes back after the server restarts, and the game carries on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import free_port, launch_server, stop_server
from .play import choose, seq, start_game, wait_turn


def test_the_table_reconnects_after_a_server_restart(tmp_path: Path, new_page: Any) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = launch_server(tmp_path, port)
    try:
        w = new_page()
        page = w.page
        start_game(
            page, base, "crane", {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")}
        )
        page.wait_for_url("**/play/**")
        page.wait_for_selector("#conn.on")
        assert wait_turn(page) == "mine"
        choose(page, 1, prefer_map=False)
        assert wait_turn(page) == "mine"
        at = seq(page)
        stop_server(process)
        page.wait_for_selector("#conn.off")
        process = launch_server(tmp_path, port)
        page.wait_for_selector("#conn.on", timeout=30_000)
        assert wait_turn(page) == "mine"
        assert seq(page) == at  # every acknowledged action survived the restart
        choose(page, 3, prefer_map=False)
        assert seq(page) > at
        # the browser logs the refused reconnections during the outage; nothing else may fail
        errors = [e for e in w.errors if "WebSocket connection to" not in e]
        assert not errors, errors
    finally:
        stop_server(process)
