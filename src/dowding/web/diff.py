"""Pushes that carry only what changed: a patch from the payload a socket last sent to the next.

A socket opened with ``?diff=1`` receives the full payload on connect (and whenever it sends
``{"type": "full"}``), then ``{"type": "patch", "n": k, "seq", "changes", "gone"}`` messages: the
k-th patch since the last full payload, to apply to the payload the client holds. ``changes``
maps each changed top-level key to an operation, ``gone`` lists the keys removed. An operation:

- ``["=", value]``: the new value;
- ``["k", {key: operation}, [gone keys]]``: a dictionary changed key by key;
- ``["a", items]``: a list rebuilt from the old one: each item either ``[start, count]`` (that
  run of the old list's items) or ``{"=": value}`` (a new item);
- ``["e", items]``: a long string (the map) cut at each ``<``, rebuilt the same way from the old
  string's pieces (``[start, count]``) and new pieces (strings), then joined with ``<``.

An SVG map is mostly the same elements from one push to the next (the board, the places): only
what moved travels. ``apply_patch`` is the reference the browser (``static/patch.js``) follows; a
patch is made from two payloads the server sends this seat, so it holds nothing the seat's own
payload does not.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from typing import Any

try:
    import orjson
except ImportError:  # optional: the standard library does the same, slower
    orjson = None  # type: ignore[assignment]

# strings shorter than this are sent whole when they change
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


def _list_op(old: list[Any], new: list[Any]) -> list[Any]:
    items = [
        {"=": new[r]} if isinstance(r, int) else r
        for r in _runs([_key(v) for v in old], [_key(v) for v in new])
    ]
    return ["a", items]


def _text_op(old: str, new: str) -> list[Any]:
    pieces = new.split("<")
    items = [pieces[r] if isinstance(r, int) else r for r in _runs(old.split("<"), pieces)]
    return ["e", items]


def diff_value(old: Any, new: Any) -> list[Any] | None:
    """The operation that makes ``new`` of ``old``; None when they are equal."""
    if type(old) is type(new) and old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        changes = {}
        for key, value in new.items():
            op = diff_value(old[key], value) if key in old else ["=", value]
            if op is not None:
                changes[key] = op
        return ["k", changes, [k for k in old if k not in new]]
    if isinstance(old, list) and isinstance(new, list) and old and new:
        return _list_op(old, new)
    if isinstance(old, str) and isinstance(new, str) and len(new) >= SPLICE_MIN:
        return _text_op(old, new)
    return ["=", new]


def make_patch(old: dict[str, Any], new: dict[str, Any], n: int) -> dict[str, Any]:
    """The ``n``-th patch: applied to ``old`` it gives ``new``."""
    op = diff_value(old, new)
    changes, gone = (op[1], op[2]) if op is not None and op[0] == "k" else ({}, [])
    return {"type": "patch", "n": n, "seq": new.get("seq"), "changes": changes, "gone": gone}


def _rebuild(old: Sequence[Any], items: list[Any], new_item: Callable[[Any], Any]) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if isinstance(item, list):
            out.extend(old[item[0] : item[0] + item[1]])
        else:
            out.append(new_item(item))
    return out


def apply_value(old: Any, op: list[Any]) -> Any:
    kind = op[0]
    if kind == "=":
        return op[1]
    if kind == "k":
        merged = {k: v for k, v in old.items() if k not in op[2]}
        for key, inner in op[1].items():
            merged[key] = apply_value(merged.get(key), inner)
        return merged
    if kind == "a":
        return _rebuild(old, op[1], lambda item: item["="])
    if kind == "e":
        return "<".join(_rebuild(old.split("<"), op[1], lambda item: item))
    raise ValueError(f"unknown patch operation {kind!r}")


def apply_patch(old: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The payload ``patch`` makes of ``old`` (``old`` is left as it was)."""
    result: dict[str, Any] = apply_value(old, ["k", patch["changes"], patch["gone"]])
    return result
