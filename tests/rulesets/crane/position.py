"""Build crane positions by hand for rule tests: planes where we want them, the queue we want."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dowding.engine import Action, Chance, Decision
from dowding.rulesets.crane import GAME
from dowding.rulesets.crane.state import FLYING, CraneState, Plane


def position(
    placed: dict[str, tuple[float, float, float]],
    queue: Iterable[tuple[Any, ...]],
    scenario: str = "eight-heinkels",
    damage: dict[str, int] | None = None,
    altitude: str = "level",
    fresh: bool = False,
    **options: object,
) -> CraneState:
    """A state where only the named planes fly, at (x, y, heading); every other plane is gone.
    The coordinates are on the 6 ft x 4 ft table unless ``table`` says another."""
    state = GAME.new_state(scenario, {"table": "6x4", **options})
    damage = damage or {}
    planes = []
    for plane in state.planes:
        if plane.id in placed:
            x, y, h = placed[plane.id]
            plane = plane._replace(
                x=x,
                y=y,
                heading=h,
                status=FLYING,
                altitude=altitude,
                fresh=fresh,
                damage=damage.get(plane.id, 0),
            )
        else:
            plane = plane._replace(status="exited")
        planes.append(plane)
    state.planes = tuple(planes)
    state.turn_no = 1
    state.queue = (*tuple(queue), ("endturn",))
    state.result = None
    state._node = None
    state._advance()
    return state


def roll(state: CraneState, *faces: int) -> None:
    node = state.next()
    assert isinstance(node, Chance), f"expected dice, got {node}"
    state.apply(Action("roll", d=faces[0] if len(faces) == 1 else faces))


def decide(state: CraneState, text: str) -> None:
    node = state.next()
    assert isinstance(node, Decision), f"expected a decision, got {node}"
    state.apply(text)


def plane(state: CraneState, plane_id: str) -> Plane:
    return state.plane(plane_id)
