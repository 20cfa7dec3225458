"""CLI test helpers: run ``dowding`` in-process with typed input, and hand-made crane views."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from dowding.cli.main import app


class Run:
    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code, self.stdout, self.stderr = code, stdout, stderr

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@pytest.fixture
def cli() -> Any:
    """``cli("play", "toy", input="1\\n")``: exit code, stdout and stderr, never a traceback."""

    def invoke(*args: str, input: str | None = None) -> Run:
        result = CliRunner().invoke(app, list(args), input=input)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception  # a crash is a test failure, with its traceback
        assert "Traceback" not in result.output
        return Run(result.exit_code, result.stdout, result.stderr)

    return invoke


def plane(
    pid: str, kind: str, side: str, x: float, y: float, heading: float = 0.0, **extra: Any
) -> dict[str, Any]:
    record = {
        "id": pid,
        "type": kind,
        "side": side,
        "section": pid.split("-")[0],
        "x": x,
        "y": y,
        "heading": heading,
        "damage": 0,
        "engines": 2 if kind == "he111" else 1,
        "status": "flying",
        "altitude": None,
        "bombed": False,
        "moved": False,
        "fuselage": 1.5,
    }
    record.update(extra)
    return record


def crane_view(planes: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A crane view by hand, on the 6x4 table (48" across, 72" long)."""
    view: dict[str, Any] = {
        "ruleset": "crane",
        "scenario": "eight-heinkels",
        "turn": 3,
        "phase": "british movement",
        "table": {"width": 48.0, "length": 72.0},
        "factory": {"x0": 20.5, "y0": 68.0, "x1": 27.5, "y1": 72.0},
        "flak_range": 12.0,
        "attack_range": 4.0,
        "arc_degrees": 45.0,
        "planes": planes,
        "bomb_hits": 1,
        "bombs_needed": 3,
        "current": None,
        "losses": {"raf": 2, "luftwaffe": 4},
    }
    view.update(extra)
    return view
