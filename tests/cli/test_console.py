"""The real command in a child process: what a player at a terminal (or a script) gets."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from dowding.engine import Match

DOWDING = [sys.executable, "-m", "dowding.cli"]


def run(*args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80"}
    return subprocess.run(
        [*DOWDING, *args], input=input, capture_output=True, text=True, timeout=120, env=env
    )


def test_selfplay_then_replay_print_the_same_line(tmp_path: Path) -> None:
    log = tmp_path / "x.jsonl"
    played = run("selfplay", "crane", "--seed", "1", "--log", str(log))
    assert played.returncode == 0, played.stderr
    replayed = run("replay", str(log), "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == played.stdout and len(played.stdout.splitlines()) == 1


def test_play_by_number_refuse_garbage_and_stop_at_end_of_input(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    done = run("play", "crane", "--seed", "5", "--save", str(save), input="1\nfly north\n12\n")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr + done.stdout
    assert "'north' is not of the form key=value" in done.stdout
    assert "End of input. Saved to" in done.stdout
    assert Match.load(save).steps[-1].action != ""


def read_until(child: subprocess.Popen[bytes], marker: bytes, seconds: float) -> bytes:
    """What the child printed until ``marker`` (a prompt has no newline), without blocking."""
    assert child.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([child.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(child.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
    return seen


def test_interrupt_saves_and_exits_130(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    child = subprocess.Popen(
        [*DOWDING, "play", "crane", "--seed", "5", "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert b"raf> " in read_until(child, b"raf> ", 60), "no prompt"
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 130, err
    assert b"Interrupted. Saved to" in out and b"Traceback" not in err
    Match.load(save)
