"""``dowding report LOG --seat SEAT -o FILE.html``: a finished game's after-action report."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def test_report_writes_one_html_file_per_seat(cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "crane.jsonl"
    played = cli(
        "selfplay", "crane", "--seed", "5", "--seat", "raf=heuristic",
        "--seat", "luftwaffe=heuristic", "--log", str(log),
    )  # fmt: skip
    assert played.code == 0, played.output
    out = tmp_path / "raf.html"
    run = cli("report", str(log), "--seat", "raf", "-o", str(out))
    assert run.code == 0, run.output
    text = out.read_text()
    assert text.startswith("<!DOCTYPE html>") and "as seen by <b>Royal Air Force</b>" in text
    assert '<figure class="map"' in text and "Decisive rolls" in text
    assert f"wrote {out}" in run.stdout

    run = cli("report", str(log), "--seat", "spectator")
    assert run.code == 0, run.output
    spectator = tmp_path / "crane-spectator.html"
    assert "as seen by <b>a spectator</b>" in spectator.read_text()
    assert not list(tmp_path.glob(".*.tmp"))  # written whole, nothing left behind


def test_report_refuses_a_wrong_seat_and_an_unfinished_game(cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "toy.jsonl"
    cli("play", "toy", "--seed", "2", "--save", str(log), input="1\n")
    run = cli("report", str(log), "--seat", "pilot")
    assert run.code == 2 and "no seat 'pilot'" in run.stderr and "spectator" in run.stderr
    run = cli("report", str(log), "--seat", "raf", "-o", str(tmp_path / "r.html"))
    assert run.code == 1 and "has not ended" in run.stderr
    assert not (tmp_path / "r.html").exists()
    run = cli("report", str(log), "--seat", "raf", "--unfinished", "-o", str(tmp_path / "r.html"))
    assert run.code == 0 and "the game had not ended" in (tmp_path / "r.html").read_text()
    run = cli("report", str(tmp_path / "missing.jsonl"))
    assert run.code != 0 and "Traceback" not in run.output
