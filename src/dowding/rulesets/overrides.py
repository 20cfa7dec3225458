"""Shared by every ruleset's component loader: a player's file laid over the shipped one."""

from __future__ import annotations

from typing import Any


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` over ``base`` key by key, objects merged recursively (a partial file is enough)."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged
