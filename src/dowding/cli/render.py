"""Drawing a seat's view: the ruleset's own renderer if it has one, else the view pretty-printed."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

Renderer = Callable[[dict[str, Any], str | None], RenderableType]


@cache
def find_renderer(ruleset: str) -> Renderer | str | None:
    """``dowding.rulesets.<id>.render.render``; None if absent, the error text if it fails."""
    name = f"dowding.rulesets.{ruleset.replace('-', '_')}.render"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None  # no renderer module (or no such ruleset package): use the fallback
        return f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # a broken renderer must not stop a game
        return f"{type(exc).__name__}: {exc}"
    render = getattr(module, "render", None)
    return render if callable(render) else None


def generic(view: dict[str, Any], seat: str | None) -> RenderableType:
    title = f"view for {seat}" if seat else "public view"
    return Panel(Pretty(view, expand_all=False), title=title, title_align="left")


def render_view(ruleset: str, view: dict[str, Any], seat: str | None) -> RenderableType:
    renderer = find_renderer(ruleset)
    if renderer is None:
        return generic(view, seat)
    problem = renderer if isinstance(renderer, str) else None
    if not isinstance(renderer, str):
        try:
            return renderer(view, seat)
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}"
    note = Text(f"(the {ruleset} renderer failed: {problem}; showing the raw view)", style="yellow")
    return Group(note, generic(view, seat))
