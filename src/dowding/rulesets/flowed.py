"""Shared by every ruleset's terminal drawing: a line of pieces that wraps between them."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text


class Flowed:
    """Pieces joined by ``sep``, drawn for the width it is given: a piece that would run past it
    starts the next line, so a line breaks between pieces, never inside one ("DR Dover," stays
    whole). ``after`` is drawn on a line of its own below; ``end`` closes the text."""

    def __init__(
        self,
        pieces: Sequence[str | Text],
        sep: str = " ",
        style: str = "",
        after: Text | None = None,
        end: str = "",
    ) -> None:
        self.pieces = [p if isinstance(p, Text) else Text(p) for p in pieces]
        self.sep, self.style, self.after, self.end = sep, style, after, end

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.build(options.max_width)

    def build(self, width: int) -> Text:
        text, used = Text(style=self.style), 0
        for piece in self.pieces:
            if used and used + len(self.sep) + piece.cell_len > width:
                text.append("\n")
                used = 0
            elif used:
                text.append(self.sep)
                used += len(self.sep)
            text.append_text(piece)
            used += piece.cell_len
        if self.after is not None:
            text.append("\n")
            text.append_text(self.after)
        text.append(self.end)
        return text
