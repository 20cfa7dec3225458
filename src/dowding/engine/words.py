"""Options in words: the seam between a decision's actions and what a person reads.

An action's text (``fly to=A1 unit=65``) is exact and round-trips through the log; a person
reads ``Fly 65 Squadron (Spitfire) to A1``. Each ruleset says its own options in words, once, in
its ``words.py``, exporting ``labels(view, decision) -> list[str]``: one label per option, in
order, made only from what the deciding seat's view holds (so no label tells a hidden card). The
terminal and the browser both show these labels; nothing else guesses words from verbs.

A ruleset without ``words.py`` (or one whose ``labels`` fails) gets :func:`plain` labels.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from .actions import Action
from .game import Decision
from .registry import ruleset_part

log = logging.getLogger("dowding.words")

Labeller = Callable[[Mapping[str, Any], Decision], list[str]]


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
    found: Labeller | None = ruleset_part(ruleset, "words", "labels")
    return found


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


Narrator = Callable[[Mapping[str, Any], str], str]


def narrator(ruleset: str) -> Narrator | None:
    """The ruleset's ``words.narrate(view, text)``, when it has one: a line of narration, a
    prompt or a roll's label with the ids it names put in words, from the seat's view alone."""
    found: Narrator | None = ruleset_part(ruleset, "words", "narrate")
    return found


def in_words(ruleset: str, view: Mapping[str, Any], text: str) -> str:
    """``text`` as the ruleset words it for this view; never fails (the text as it is)."""
    narrate = narrator(ruleset)
    if narrate is None:
        return text
    try:
        return narrate(view, text)
    except Exception:  # a wording bug must not cost the player the game
        log.exception("the %s narration words failed for %r", ruleset, text)
        return text
