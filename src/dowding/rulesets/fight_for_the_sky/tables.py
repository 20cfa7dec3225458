"""The attack, anti-aircraft and bombing tables: lookups the rules and the odds share."""

from __future__ import annotations

from .components import Components


def attack_line(comp: Components, column: str, strength: int) -> int:
    """The row a strength reads: the nearest lower number in the type's column ("How to Attack",
    Notes on Attack); -1 when the strength is below the first line (nothing can be shot down)."""
    line = -1
    for i, value in enumerate(comp.attack_table.lines[column]):
        if value <= strength:
            line = i
        else:
            break
    return line


def attack_result(comp: Components, column: str, strength: int, die: int) -> int:
    """Aircraft shot down: Steps (2)-(3) of "How to Attack"."""
    line = attack_line(comp, column, strength)
    return 0 if line < 0 else comp.attack_table.results[line][die - 1]


def aa_line(comp: Components, bomber_flights: int, aa_value: int) -> int:
    """Steps (1)-(2) of "How to Bomb": the flight-total column fixes where the AA values start;
    each band is one line lower than the band before. -1 when nothing fires."""
    if aa_value <= 0 or bomber_flights <= 0:
        return -1
    for shift, (low, high) in enumerate(comp.aa_table.bands):
        if low <= bomber_flights <= high:
            return min(aa_value - 1 + shift, len(comp.aa_table.results) - 1)
    return -1


def aa_result(comp: Components, bomber_flights: int, aa_value: int, die: int) -> tuple[int, int]:
    """(aircraft hit, flights aborted): Step (3) of "How to Bomb"."""
    line = aa_line(comp, bomber_flights, aa_value)
    if line < 0:
        return 0, 0
    hit, abort = comp.aa_table.results[line][die - 1]
    return hit, abort


def bombing_row(comp: Components, strength: int) -> int:
    """The row a bombing strength reads (Step (5) of "How to Bomb"); -1 below the first row.
    A strength above the last row reads the last: the booklet prints rows up to 8-15 and its
    rule for tables, "always use the nearest lower number if the exact number is not shown"
    (Notes on Attack), is read into this table too (docs/rules/fight-for-the-sky.md)."""
    bands = comp.bombing_table.bands
    for i, (low, high) in enumerate(bands):
        if low <= strength <= high:
            return i
    if bands and strength > bands[-1][1]:
        return len(bands) - 1
    return -1


def bombing_result(comp: Components, strength: int, column: int) -> int:
    """Hits on the target: Steps (4)-(7); ``column`` is the die, or 7 with the Ju 87 bonus."""
    row = bombing_row(comp, strength)
    if row < 0:
        return 0
    return comp.bombing_table.results[row][min(column, 7) - 1]
