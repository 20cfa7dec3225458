"""IV. Objectives and VII.E: three bomb hits win for the Germans; anything less for the British.

The British win when no bomber can still bomb, or when the raid runs out of turns
(docs/rules/crane.md, reading VII.E, IV).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Terminal

from .equipment import DESTROYED, FLYING, LUFTWAFFE, RAF, WAITING

if TYPE_CHECKING:
    from .state import CraneState


def check_end(state: CraneState) -> bool:
    """Whether the game is over; if it has just ended, record the result and say so."""
    if state.result is not None:
        return True
    planes = state.planes
    going = state._going
    if (
        going is not None
        and going[0] is planes
        and going[1] == state.bomb_hits
        and going[2] == state.turn_no
    ):
        return False  # nothing it depends on has changed since it was last found going on
    needed = state.rules.bombs_needed
    reason = winner = None
    if state.bomb_hits >= needed:
        # VII.E: three bomb hits destroy the factory
        winner, reason = LUFTWAFFE, f"the factory is destroyed: {state.bomb_hits} bomb hits"
    elif not _bomber_to_bomb(state):
        # IV: the British prevent the bomb run by destroying (or outlasting) every bomber
        winner, reason = (
            RAF,
            f"no bomber left to bomb; the factory took {state.bomb_hits} of {needed} hits",
        )
    elif state.turn_no > state.options["max_turns"]:
        winner, reason = (
            RAF,
            f"the raid ran out of time after {state.options['max_turns']} turns",
        )
    if reason is None:
        state._going = (planes, state.bomb_hits, state.turn_no)
        return False
    scores = {RAF: float(bombers_destroyed(state)), LUFTWAFFE: float(state.bomb_hits)}
    state.result = Terminal(winner, scores, reason)
    state.moving = None  # a move cut short by the end of the game is not shown
    state._path = None
    state._say(f"Game over: {reason}. {str(winner).upper()} wins.")
    return True


def _bomber_to_bomb(state: CraneState) -> bool:
    """Whether a bomber still waits or flies with its load (a loop: cheaper than any() over a
    generator)."""
    planes = state.planes
    for i in state.bomber_slots:
        p = planes[i]
        if p.status in (WAITING, FLYING) and not p.bombed:
            return True
    return False


def bombers_destroyed(state: CraneState) -> int:
    """IV: the RAF's score, the German bombers destroyed."""
    return sum(1 for p in state.planes if p.status == DESTROYED and state.kind(p).role == "bomber")
