"""A tiny ruleset for testing the engine and the conformance checks without a real rulebook.

Two seats. A target card is drawn face down for the Luftwaffe (hidden from the RAF); each
round the Luftwaffe sends bombers, the RAF scrambles squadrons or names the target (a free
value), a pool of RAF dice settles the fight and 2d6 set the weather.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from dowding.engine import (
    D6,
    RAF_DIE,
    Action,
    Decision,
    Draw,
    Event,
    Game,
    Node,
    OptionSpec,
    Roll,
    Scenario,
    Seat,
    State,
    SymbolPool,
    Terminal,
)

TARGETS = ("dover", "kenley", "biggin", "kenley")  # kenley twice: a Draw with duplicates
PHASES = ("target", "raid", "scramble", "fight", "weather", "over")


class ToyState(State):
    def __init__(self, game: ToyGame, rounds: int, fog: bool) -> None:
        self.game = game
        self.rounds = rounds
        self.fog = fog
        self.options = {"rounds": rounds, "fog": fog}
        self.round = 1
        self.phase = "target"
        self.target = ""
        self.bombers = 0
        self.squadrons = 0
        self.scores = {"raf": 0, "luftwaffe": 0}
        self.history: tuple[str, ...] = ()
        self.events = ()

    def next(self) -> Node:
        label = f"Round {self.round}"
        if self.phase == "target":
            return Draw("target card", items=TARGETS, visible_to=frozenset({"luftwaffe"}))
        if self.phase == "raid":
            options = tuple(Action("raid", bombers=n) for n in (1, 2, 3))
            return Decision("luftwaffe", f"{label}: how many bombers raid?", options)
        if self.phase == "scramble":
            options = tuple(Action("scramble", squadrons=n) for n in (0, 1, 2))
            free = f"guess target=<{'|'.join(sorted(set(TARGETS)))}>"
            return Decision("raf", f"{label}: scramble how many squadrons?", options, free)
        if self.phase == "fight":
            return SymbolPool("dogfight", die=RAF_DIE, count=self.bombers + self.squadrons)
        if self.phase == "weather":
            return Roll("weather", dice=(D6, D6))
        raf, lw = self.scores["raf"], self.scores["luftwaffe"]
        winner = None if raf == lw else ("RAF" if raf > lw else "Luftwaffe")
        return Terminal(winner, {k: float(v) for k, v in self.scores.items()}, "all rounds flown")

    def check_free(self, action: Action, decision: Decision) -> str | None:
        if decision.seat == "raf" and action.kind == "guess" and len(action.args) == 1:
            return None if action.get("target") in TARGETS else "no such target"
        return "not one of the listed options"

    def _apply(self, action: Action) -> None:
        events: list[Event] = []
        if self.phase == "target":
            self.target = action.word("item")
            events.append(Event(f"the target is {self.target}", frozenset({"luftwaffe"})))
            self.phase = "raid"
        elif self.phase == "raid":
            self.bombers = int(action.number("bombers"))
            self._note(f"r{self.round} raid {self.bombers}")
            self.phase = "scramble"
        elif self.phase == "scramble":
            if action.kind == "guess":
                self.squadrons = 1
                if action.word("target") == self.target:
                    self.scores["raf"] += 2
            else:
                self.squadrons = int(action.number("squadrons"))
            self._note(f"r{self.round} {action.text}")
            self.phase = "fight"
        elif self.phase == "fight":
            self.scores["raf"] += int(action.number("cross"))
            self.scores["luftwaffe"] += int(action.number("roundel")) + self.bombers
            self._note(f"r{self.round} {action.text}")
            self.phase = "weather"
        else:
            faces = action.get("d")
            assert isinstance(faces, tuple)
            if not self.fog and sum(int(f) for f in faces) >= 10:
                self.scores["luftwaffe"] -= 1
            self._note(f"r{self.round} weather {sum(int(f) for f in faces)}")
            self.round += 1
            self.phase = "raid" if self.round <= self.rounds else "over"
        self.events = tuple(events)

    def _note(self, line: str) -> None:
        self.history = (*self.history, line)

    def copy(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.__dict__.update(self.__dict__)
        other.scores = dict(self.scores)
        return other

    def key(self) -> tuple[Any, ...]:
        return (
            self.rounds,
            self.fog,
            self.round,
            self.phase,
            self.target,
            self.bombers,
            self.squadrons,
            tuple(sorted(self.scores.items())),
            self.history,
        )

    def view(self, seat: str | None, infostate: bool = True) -> dict[str, Any]:
        sees_target = seat == "luftwaffe" or self.phase == "over"
        return {
            "round": self.round,
            "phase": self.phase,
            "scores": dict(self.scores),
            "history": list(self.history),
            "target": self.target if sees_target else None,
            # the state as this seat knows it: an unseen target in one canonical place
            "infostate": None
            if seat is None or not infostate
            else {
                **self.to_dict(),
                "target": self.target if sees_target or not self.target else TARGETS[0],
            },
        }

    def to_dict(self) -> dict[str, Any]:
        names = ("rounds", "fog", "round", "phase", "target", "bombers", "squadrons")
        return {
            **{n: getattr(self, n) for n in names},
            "scores": dict(self.scores),
            "history": list(self.history),
        }

    def determinize(self, seat: str, rng: Any) -> ToyState:
        other = self.copy()
        if seat != "luftwaffe" and self.target and self.phase != "over":
            other.target = rng.choice(TARGETS)
        return other

    @property
    def turn(self) -> int:
        return self.round


class ToyGame(Game):
    id = "toy"
    title = "Scramble (test game)"
    rulebook = "none"
    seats = (Seat("raf", "Fighter Command", "RAF"), Seat("luftwaffe", "Luftflotte 2", "Luftwaffe"))
    scenarios = (Scenario("skirmish", "Two rounds"), Scenario("battle", "Four rounds"))
    option_specs = (
        OptionSpec("rounds", 0, "rounds to fly (0: the scenario's)", minimum=0, maximum=9),
        OptionSpec("fog", False, "no weather penalty"),
        OptionSpec("speed", 1.5, "unused float option", minimum=0.5, maximum=3.0),
        OptionSpec("mood", "calm", "unused choice", choices=("calm", "grim")),
    )
    default_scenario = "skirmish"

    def new_state(
        self, scenario: str | None = None, options: Mapping[str, object] | None = None
    ) -> ToyState:
        chosen = self.resolve_options(options)
        rounds = chosen["rounds"] or (2 if self.scenario(scenario).id == "skirmish" else 4)
        return ToyState(self, rounds, chosen["fog"])

    def state_from_dict(self, data: dict[str, Any]) -> ToyState:
        state = ToyState(self, data["rounds"], data["fog"])
        for name in ("round", "phase", "target", "bombers", "squadrons"):
            setattr(state, name, data[name])
        state.scores = dict(data["scores"])
        state.history = tuple(data["history"])
        return state


TOY = ToyGame()


def random_toy_state(steps: int, seed: int = 0) -> ToyState:
    """A toy state some random steps into a game (for engine tests that need a position)."""
    rng = random.Random(seed)
    state = TOY.new_state()
    for _ in range(steps):
        node = state.next()
        if isinstance(node, Terminal):
            break
        state.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
    return state


GAME = TOY
