"""Options in words: the seam between a decision's actions and what a person reads.

An action's text (``fly to=A1 unit=65``) is exact and round-trips through the log; a person
reads ``Fly 65 Squadron (Spitfire) to A1``. Each ruleset says its own options in words, once, in
its ``words.py``, exporting ``labels(view, decision) -> list[str]``: one label per option, in
order, made only from what the deciding seat's view holds (so no label tells a hidden card). The
terminal and the browser both show these labels; nothing else guesses words from verbs.

A ruleset without ``words.py`` (or one whose ``labels`` fails) gets :func:`plain` labels.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping
from typing import Any

from .actions import Action
from .game import Decision

log = logging.getLogger("dowding.words")

Labeller = Callable[[Mapping[str, Any], Decision], list[str]]
_labellers: dict[str, Labeller | None] = {}


def plain(action: Action) -> str:
    """An action in plain words when nobody said better: ``assist to=10`` -> ``Assist: to 10``."""
    head = action.kind.replace("_", " ").capitalize()
    args = ", ".join(
        f"{k.replace('_', ' ')} {', '.join(map(str, v)) if isinstance(v, tuple) else v}"
        for k, v in action.args
    )
    return f"{head}: {args}" if args else head


def labeller(ruleset: str) -> Labeller | None:
    """The ruleset's ``words.labels``, when it has one."""
    if ruleset not in _labellers:
        name = f"dowding.rulesets.{ruleset.replace('-', '_')}.words"
        found: Labeller | None = None
        try:
            module = importlib.import_module(name)
            found = getattr(module, "labels", None)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):  # not merely absent
                log.exception("the words for %s cannot be imported", ruleset)
        _labellers[ruleset] = found
    return _labellers[ruleset]


def option_labels(ruleset: str, view: Mapping[str, Any], decision: Decision) -> list[str]:
    """One label per option of ``decision``, in order; never fails (plain words instead)."""
    say = labeller(ruleset)
    if say is not None:
        try:
            said = say(view, decision)
            if len(said) == len(decision.options):
                return [s or plain(o) for s, o in zip(said, decision.options, strict=True)]
            log.error(
                "%s words: %d labels for %d options", ruleset, len(said), len(decision.options)
            )
        except Exception:  # a wording bug must not cost the player the game
            log.exception("the %s words failed for %r", ruleset, decision.prompt)
    return [plain(o) for o in decision.options]
