"""The rules as implemented, served as HTML (``GET /rules/<name>``), and the rule section each line
of narration cites.

``docs/rules/<name>.md`` is rendered with an anchor on every heading and on the first row of each
section in its section table (``| Section | Rule | Code | Tests | Note |``), so that a log line
can link to ``/rules/<ruleset>#<anchor>``. A ruleset says which section a line of its narration
applies by a ``citations.py`` module in its package exporting ``cite(text) -> str | None``; the
section is the text of the table's first cell, and :func:`anchor` makes its id (the page's
``static/rulelinks.js`` makes the same).
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..engine.registry import ruleset_part
from .errors import ApiError

log = logging.getLogger("dowding.web")

# docs/rules/ of the checkout the package runs from (an editable install; a wheel has none)
RULES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,60}$")

router = APIRouter()

Citer = Callable[[str], "str | None"]


def anchor(section: str) -> str:
    """The id of a section's row: ``s-`` and its words in lower case joined by hyphens
    (``VI.E.4.a-b`` -> ``s-vi-e-4-a-b``)."""
    words = re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-")
    return f"s-{words}"


def heading_id(text: str) -> str:
    """The id of a heading: its words, as :func:`anchor` joins them, without the prefix."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def _add_anchors(tokens: list[Token]) -> None:
    """Ids on headings and on the first row of each section of a section table."""
    used: set[str] = set()

    def unique(base: str) -> str:
        name, n = base, 1
        while name in used:
            n += 1
            name = f"{base}-{n}"
        used.add(name)
        return name

    in_sections = False
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            token.attrSet("id", unique(heading_id(tokens[i + 1].content)))
        elif token.type == "thead_open":
            first = next(t for t in tokens[i:] if t.type == "inline")
            in_sections = first.content.strip() == "Section"
        elif token.type == "table_close":
            in_sections = False
        elif token.type == "tr_open" and in_sections and tokens[i - 1].type != "thead_open":
            cell = next(t for t in tokens[i:] if t.type == "inline")
            name = anchor(cell.content.strip().strip("`"))
            if name not in used:  # later rows of the same section link to the first
                used.add(name)
                token.attrSet("id", name)


def _page(name: str, body: str) -> str:
    title = html.escape(f"dowding: the rules of {name} as implemented")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/rules.css">
<link rel="icon" href="data:,">
</head><body>
<nav class="rules-nav"><a href="/">dowding</a> · the rules as implemented:
<code>docs/rules/{html.escape(name)}.md</code></nav>
<main class="rules">
{body}
</main></body></html>"""


@lru_cache(maxsize=32)
def _render(path: Path, mtime: float) -> str:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(path.read_text(encoding="utf-8"))
    _add_anchors(tokens)
    body = md.renderer.render(tokens, md.options, {})
    return _page(path.stem, body)


def rules_html(name: str) -> str | None:
    """``docs/rules/<name>.md`` as a page, or None when there is no such file."""
    if not NAME.match(name):
        return None
    path = RULES_DIR / f"{name}.md"
    if not path.is_file():
        return None
    return _render(path, path.stat().st_mtime)


def citer(ruleset: str) -> Citer | None:
    """The ruleset's ``citations.cite``, or None when it has none."""
    found: Citer | None = ruleset_part(ruleset, "citations", "cite")
    return found


@lru_cache(maxsize=1 << 16)
def cite(ruleset: str, text: str) -> str | None:
    """The rule section a line of the ruleset's narration applies, or None (remembered: a
    payload carries the same lines again and again)."""
    found = citer(ruleset)
    return found(text) if found is not None else None


def event_json(ruleset: str, step: int, text: str, shown: str | None = None) -> dict[str, object]:
    """A line of the log as a payload carries it: ``rule``, the section it applies, when its
    ruleset cites one (the page links it to ``/rules/<ruleset>#`` + :func:`anchor`); ``shown``:
    the line in words for the seat (the section is found from the line as the rules wrote it)."""
    section = cite(ruleset, text)
    said = text if shown is None else shown
    if section is None:
        return {"step": step, "text": said}
    return {"step": step, "text": said, "rule": section}


@router.get("/rules/{name}", include_in_schema=False)
def rules_page(name: str) -> HTMLResponse:
    page = rules_html(name)
    if page is None:
        raise ApiError(404, f"no rules named {name!r} (docs/rules/<name>.md)")
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})
