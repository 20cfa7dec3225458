"""Shared set-up: the DOWDING_SLOW gate, and the test-only ``toy`` ruleset.

The toy game (tests/toygame.py) is registered for the test session, so the engine tests and
the conformance suite have a small game with hidden information even before, and beside,
the real rulesets.
"""

from __future__ import annotations

import os

import pytest

from dowding.engine import registry
from tests.toygame import TOY

registry._RULESETS.setdefault(TOY.id, "tests.toygame")
registry._loaded.setdefault(TOY.id, TOY)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("DOWDING_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow sweep: set DOWDING_SLOW=1 to run it")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
