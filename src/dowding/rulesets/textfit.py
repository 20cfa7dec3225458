"""How wide a line of a map's text is drawn, so a label can be wrapped to fit its box.

The maps ask for ``sans-serif``; Debian's browsers resolve it to DejaVu Sans, the widest of the
usual sans-serif faces (Liberation Sans, Arial and Helvetica are narrower), so a line measured
with DejaVu Sans's advance widths fits in any of them. The widths below are DejaVu Sans Book and
Bold's advances for printable ASCII in thousandths of an em (read from the font files); another
letter is measured as its base letter ('ł' as 'l', 'ś' as 's'), anything else as a wide one.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_FIRST = 32  # the tables start at ' '
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838,
)  # fmt: skip
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734,
    830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
    774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
    712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652,
    582, 712, 365, 712, 838,
)  # fmt: skip
_OTHER = {"ł": "l", "Ł": "L", "“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "·": "."}
_WIDE = 1000  # a letter the tables do not hold: as wide as an em


def _advance(ch: str, table: tuple[int, ...]) -> int:
    code = ord(ch) - _FIRST
    if 0 <= code < len(table):
        return table[code]
    base = _OTHER.get(ch) or unicodedata.normalize("NFD", ch)[:1]
    code = ord(base) - _FIRST if base else -1
    return table[code] if 0 <= code < len(table) else _WIDE


# A map draws the same labels render after render, so widths and wrappings are kept (bounded).
@lru_cache(maxsize=8192)
def _em(text: str, bold: bool) -> int:
    """The width of ``text`` in thousandths of an em."""
    table = _BOLD if bold else _REGULAR
    return sum(_advance(ch, table) for ch in text)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at ``size`` pixels (or SVG units), at most what the browser draws."""
    return _em(text, bold) * size / 1000


def wrap_to(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken between words into lines each at most ``width`` wide; a word wider than
    that alone is broken between letters."""
    return list(_wrapped(text, width, size, bold))


@lru_cache(maxsize=4096)
def _wrapped(text: str, width: float, size: float, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        while text_width(word, size, bold) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size, bold) > width:
                cut -= 1
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cut])
            word = word[cut:]
        joined = f"{line} {word}" if line else word
        if line and text_width(joined, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = joined
    return (*lines, line) if line else tuple(lines)
