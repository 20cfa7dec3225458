"""Pushes that carry only what changed: a patch from the payload a socket last sent to the next.

A socket opened with ``?diff=1`` receives the full payload on connect (and whenever it sends
``{"type": "full"}``), then ``{"type": "patch", "n": k, "seq", "changes", "gone"}`` messages: the
k-th patch since the last full payload, to apply to the payload the client holds. ``changes``
maps each changed top-level key to an operation, ``gone`` lists the keys removed. An operation:

- ``["=", value]``: the new value;
- ``["k", {key: operation}, [gone keys]]``: a dictionary changed key by key;
- ``["x", p, middle, s]``: an ASCII string made of the old one's first ``p`` characters,
  ``middle`` and its last ``s`` characters;
- ``["y", [c0, d1, s1, c1, d2, s2, c2, ...]]``: an ASCII string made of the old one with holes:
  its first ``c0`` characters, then for each hole ``d`` old characters left out, ``s`` put in
  their place and the next ``c`` old characters (a hundred options to fly to differ from each
  other in a hex's name and its place on the map, two holes apart);
- ``["a", items]``: a list rebuilt from the old one: each item either ``[start, count]`` (that
  run of the old list's items), ``{"=": value}`` (a new item) or ``{"~": operation}`` (a new item
  made by the operation from the new item before it in this list: options, events and dice
  come in families that differ in a word or a number);
- ``["e", items]``: a long string (the map) cut at each ``<``, rebuilt the same way from the old
  string's pieces (``[start, count]``), new pieces (strings) and ``[p, middle, s]`` or ``[p,
  middle, s, back]``: an ASCII piece made as ``"x"`` does from the new piece ``back`` (default 1)
  before it, the last one of its tag (a hundred hexes to fly to differ in their name and place;
  a card's rectangle is another card's with other numbers), or ``{"y": holes, "b": back}``
  made as ``"y"`` does (``b`` left out when 1), then joined with ``<``.

An SVG map is mostly the same elements from one push to the next (the board, the places): only
what moved travels. ``apply_patch`` is the reference the browser (``static/patch.js``) follows; a
patch is made from two payloads the server sends this seat, so it holds nothing the seat's own
payload does not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Hashable, Sequence
from itertools import accumulate
from typing import Any

try:
    import orjson
except ImportError:  # optional: the standard library does the same, slower
    orjson = None  # type: ignore[assignment]

# strings at least this long (the map) are rebuilt from their pieces ("e")
SPLICE_MIN = 512


def _runs(old: Sequence[Hashable], new: Sequence[Hashable]) -> list[Any]:
    """``new`` as runs ``[start, count]`` of ``old`` and indexes (ints, new items) between.

    Each item not continuing a run starts one at its first place in ``old``; a run is extended
    by comparing slices that double in length, then halve (the map's pieces run in the
    thousands, and most of them are where they were)."""
    first = dict(zip(reversed(old), range(len(old) - 1, -1, -1), strict=True))
    out: list[Any] = []
    j, m, n = 0, len(old), len(new)
    while j < n:
        at = first.get(new[j])
        if at is None:
            out.append(j)
            j += 1
            continue
        k, step = 1, 1
        while step:
            size = min(step, m - at - k, n - j - k)
            if size <= 0:
                break
            if old[at + k : at + k + size] == new[j + k : j + k + size]:
                k += size
                if size == step:
                    step *= 2
            else:
                step //= 2
        out.append([at, k])
        j += k
    return out


def _key(value: Any) -> bytes:
    """An item of a list, as text that two equal items share."""
    if orjson is not None:
        return orjson.dumps(
            value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str
        )
    return json.dumps(value, sort_keys=True, default=str).encode()


# a new list item or map piece is sent as a change of the one before it when that saves this much
SHARE_MIN = 16


def _common(a: str, b: str) -> tuple[int, int]:
    """The lengths of the longest common prefix of ASCII strings ``a`` and ``b``, and of their
    longest common suffix in what is left: where the bytes, read as one number each, first and
    last differ (their exclusive or)."""
    n = min(len(a), len(b))
    x = int.from_bytes(a[:n].encode()) ^ int.from_bytes(b[:n].encode())
    prefix = n - (x.bit_length() + 7) // 8
    m = n - prefix
    x = int.from_bytes(a[len(a) - m :].encode()) ^ int.from_bytes(b[len(b) - m :].encode())
    return prefix, m if x == 0 else ((x & -x).bit_length() - 1) // 8


# words and signs; a number with its decimals is one word (a place on the map: 383.9, then 422)
_TOKENS = re.compile(r"\d+(?:\.\d+)?|\w+|\W", re.ASCII)
# a stretch of old characters this short between two holes is sent again rather than kept
HOLE_GAP = 3


def _holes(old: str, new: str, p: int, s: int) -> list[Any] | None:
    """``[c0, d1, s1, c1, ...]`` that makes ``new`` of ``old`` (``"y"``), ASCII strings that
    share their first ``p`` and last ``s`` characters, when what lies between is cut into the
    same number of words and signs: the words that differ are the holes."""
    while p and (old[p - 1].isalnum() or old[p - 1] in "._"):  # back to where a word starts
        p -= 1
    while s and (old[len(old) - s].isalnum() or old[len(old) - s] in "._"):
        s -= 1
    a = _TOKENS.findall(old, p, len(old) - s)
    b = _TOKENS.findall(new, p, len(new) - s)
    if len(a) != len(b):
        return None
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if not differ:
        return None
    at_a = list(accumulate(map(len, a), initial=p))  # where each word starts in old
    at_b = list(accumulate(map(len, b), initial=p))
    spans: list[list[int]] = [[differ[0], differ[0] + 1]]
    for i in differ[1:]:
        if at_a[i] - at_a[spans[-1][1]] <= HOLE_GAP:  # a short stretch between two holes
            spans[-1][1] = i + 1
        else:
            spans.append([i, i + 1])
    flat: list[Any] = [at_a[spans[0][0]]]
    for k, (i, j) in enumerate(spans):
        kept_to = at_a[spans[k + 1][0]] if k + 1 < len(spans) else len(old)
        flat += [at_a[j] - at_a[i], new[at_b[i] : at_b[j]], kept_to - at_a[j]]
    return flat


def _holed(old: str, flat: Sequence[Any]) -> str:
    out = [old[: flat[0]]]
    at = flat[0]
    for i in range(1, len(flat), 3):
        at += flat[i]
        out.append(flat[i + 1])
        out.append(old[at : at + flat[i + 2]])
        at += flat[i + 2]
    return "".join(out)


def _weight(value: str) -> int:
    """About the bytes an ASCII string takes in JSON."""
    return len(value) + 2 + value.count('"') + value.count("\\") + value.count("\n")


def _weight_of(items: Sequence[Any]) -> int:
    """About the bytes a list of ints and ASCII strings takes in JSON."""
    return 1 + sum(_weight(v) + 1 if isinstance(v, str) else len(str(v)) + 1 for v in items)


def _share(old: str, new: str) -> list[Any] | None:
    """The lighter of ``["x", p, middle, s]`` and ``["y", holes]`` that makes ``new`` of
    ``old`` (ASCII strings: the page counts in UTF-16 units, Python in code points), or None
    when neither is worth it (of a string at least twice SHARE_MIN long: ``"x"``, SHARE_MIN
    characters shared; ``"y"``, lighter than ``new`` by SHARE_MIN / 4)."""
    if len(new) < 2 * SHARE_MIN or not (old.isascii() and new.isascii()):
        return None  # (a short string saves a few bytes at most)
    p, s = _common(old, new)
    middle = new[p : len(new) - s]
    spliced = [p, middle, s] if p + s >= SHARE_MIN else None
    if spliced is not None and len(middle) <= 4 * HOLE_GAP:
        return ["x", *spliced]  # one short middle: nothing lighter
    holes = _holes(old, new, p, s)
    if holes is not None:
        cost = _weight_of(holes)
        if cost + SHARE_MIN // 4 < (_weight(new) if spliced is None else _weight_of(spliced)):
            return ["y", holes]
    return None if spliced is None else ["x", *spliced]


def _list_op(old: list[Any], new: list[Any]) -> list[Any]:
    keys = [_key(v) for v in new]
    items: list[Any] = []
    before: Any = None  # the last new item
    misses = 0  # a list whose new items are not alike stops trying after a few
    for r in _runs([_key(v) for v in old], keys):
        if not isinstance(r, int):
            items.append(r)
            continue
        value = new[r]
        item: dict[str, Any] = {"=": value}
        if (
            misses < 3
            and len(keys[r]) > 2 * SHARE_MIN
            and type(before) is type(value)
            and isinstance(value, dict | str)
        ):
            op = diff_value(before, value, alike=True)
            if op is not None and op[0] != "=" and len(_key(op)) + SHARE_MIN < len(keys[r]):
                item, misses = {"~": op}, 0
            else:
                misses += 1
        items.append(item)
        before = value
    return ["a", items]


def _text_op(old: str, new: str) -> list[Any]:
    pieces = new.split("<")
    items: list[Any] = []
    last: dict[str, tuple[str, int]] = {}  # by its tag, the last new piece and its number
    count = 0
    for r in _runs(old.split("<"), pieces):
        if not isinstance(r, int):
            items.append(r)
            continue
        piece = pieces[r]
        space = piece.find(" ", 0, 16)
        tag = piece[:space] if space > 0 else piece[:4]
        seen = last.get(tag)
        if seen is not None and (shared := _share(seen[0], piece)) is not None:
            back = count - seen[1]
            if shared[0] == "y":
                items.append({"y": shared[1]} if back == 1 else {"y": shared[1], "b": back})
            else:
                items.append(shared[1:] if back == 1 else [*shared[1:], back])
        else:
            items.append(piece)
        last[tag] = (piece, count)
        count += 1
    return ["e", items]


def diff_value(old: Any, new: Any, alike: bool = False) -> list[Any] | None:
    """The operation that makes ``new`` of ``old``; None when they are equal. ``alike``: ``old``
    is the list item before ``new``, so their strings are worth splicing (``"x"``); elsewhere a
    short string that changed is sent whole, cheaper to find."""
    if type(old) is type(new) and old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        changes = {}
        for key, value in new.items():
            op = diff_value(old[key], value, alike) if key in old else ["=", value]
            if op is not None:
                changes[key] = op
        return ["k", changes, [k for k in old if k not in new]]
    if isinstance(old, list) and isinstance(new, list) and old and new:
        return _list_op(old, new)
    if isinstance(old, str) and isinstance(new, str):
        if len(new) >= SPLICE_MIN:
            return _text_op(old, new)
        shared = _share(old, new) if alike else None
        if shared is not None:
            return shared
    return ["=", new]


def make_patch(old: dict[str, Any], new: dict[str, Any], n: int) -> dict[str, Any]:
    """The ``n``-th patch: applied to ``old`` it gives ``new``."""
    op = diff_value(old, new)
    changes, gone = (op[1], op[2]) if op is not None and op[0] == "k" else ({}, [])
    return {"type": "patch", "n": n, "seq": new.get("seq"), "changes": changes, "gone": gone}


def _rebuild(
    old: Sequence[Any], items: list[Any], new_item: Callable[[Any, list[Any]], Any]
) -> list[Any]:
    """The list ``items`` describe: runs of ``old``, and new items made by ``new_item(item, the
    new items before it)``."""
    out: list[Any] = []
    made: list[Any] = []
    for item in items:
        if isinstance(item, list) and len(item) == 2:
            out.extend(old[item[0] : item[0] + item[1]])
        else:
            made.append(new_item(item, made))
            out.append(made[-1])
    return out


def _spliced(old: str, p: int, middle: str, s: int) -> str:
    return old[:p] + middle + old[len(old) - s :]


def _new_item(item: dict[str, Any], made: list[Any]) -> Any:
    return item["="] if "=" in item else apply_value(made[-1], item["~"])


def _new_piece(item: str | list[Any] | dict[str, Any], made: list[str]) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        return _holed(made[-item.get("b", 1)], item["y"])
    back = item[3] if len(item) > 3 else 1
    return _spliced(made[-back], item[0], item[1], item[2])


def apply_value(old: Any, op: list[Any]) -> Any:
    kind = op[0]
    if kind == "=":
        return op[1]
    if kind == "k":
        merged = {k: v for k, v in old.items() if k not in op[2]}
        for key, inner in op[1].items():
            merged[key] = apply_value(merged.get(key), inner)
        return merged
    if kind == "x":
        return _spliced(old, op[1], op[2], op[3])
    if kind == "y":
        return _holed(old, op[1])
    if kind == "a":
        return _rebuild(old, op[1], _new_item)
    if kind == "e":
        return "<".join(_rebuild(old.split("<"), op[1], _new_piece))
    raise ValueError(f"unknown patch operation {kind!r}")


def apply_patch(old: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The payload ``patch`` makes of ``old`` (``old`` is left as it was)."""
    result: dict[str, Any] = apply_value(old, ["k", patch["changes"], patch["gone"]])
    return result
