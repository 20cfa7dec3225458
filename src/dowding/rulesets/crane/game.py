"""The crane ruleset: Mike Crane's Battle of Britain Wargame (Lone Warrior 139)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from dowding.engine import Game, OptionSpec, Scenario, Seat, Terminal
from dowding.engine.game import JSON

from .components import Components, load_components
from .state import CraneState, Move, Plane, SharedMemos


class CraneGame(Game):
    id: ClassVar[str] = "crane"
    title: ClassVar[str] = "Battle of Britain Wargame (miniatures, Mike Crane)"
    rulebook: ClassVar[str] = "shared/seeds/004_228e5a5381f27705.txt"
    seats: ClassVar[tuple[Seat, ...]] = (
        Seat("raf", "Royal Air Force", "raf"),
        Seat("luftwaffe", "Luftwaffe", "luftwaffe"),
    )
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario(
            "eight-heinkels",
            "Eight He-111s",
            "Two schwarms of Me-109s escort two groups of four He-111s against the factory (II.A.2).",
        ),
        Scenario(
            "heinkels-and-stukas",
            "Six He-111s and four Stukas",
            "Two schwarms of Me-109s escort six He-111s and four Ju-87 Stukas (II.A.2).",
        ),
    )
    default_scenario: ClassVar[str] = "eight-heinkels"
    component_files: ClassVar[tuple[str, ...]] = ("components.json",)
    perfect_information: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "table",
            "pingpong",
            "the playing surface (II.A)",
            choices=("6x4", "pingpong"),
            label="Table",
            choice_labels=("a 6 ft x 4 ft wargames table", "a ping-pong table (9 ft x 5 ft)"),
        ),
        OptionSpec(
            "auto_intercept",
            True,
            "German fighters fly to the closest British fighter by rule (VI.A)",
            label="German fighters intercept by rule",
        ),
        OptionSpec(
            "bomber_priority",
            True,
            "British fighters may attack fighters only when one is closer than the bombers (VI.B)",
            label="British fighters attack the bombers first",
        ),
        OptionSpec(
            "max_turns",
            20,
            "turns before an unfinished raid counts as turned back",
            minimum=1,
            maximum=200,
            label="Turns before the raid turns back",
        ),
        OptionSpec(
            "data",
            "",
            "a folder with your own components.json to override the shipped values",
            label="Your own components",
        ),
    )

    def __init__(self) -> None:
        # placement options depend only on what is already placed: shared by every game
        self.place_cache: dict[tuple[Any, ...], Any] = {}
        # what states work out from immutable values, by scenario and options (shared_memos)
        self.memos: dict[tuple[Any, ...], SharedMemos] = {}

    def shared_memos(
        self, scenario: str, options: Mapping[str, Any], comp: Components
    ) -> SharedMemos:
        """The memos of every state of this scenario, options and components (state.SharedMemos)."""
        key = (scenario, tuple(sorted(options.items())))
        memos = self.memos.get(key)
        if memos is None or memos.comp is not comp:
            if len(self.memos) >= 64:
                self.memos.clear()
            memos = self.memos[key] = SharedMemos(comp)
        return memos

    def new_state(
        self, scenario: str | None = None, options: Mapping[str, object] | None = None
    ) -> CraneState:
        scenario_id = self.scenario(scenario).id
        resolved = self.resolve_options(options)
        comp = load_components(str(resolved["data"]))
        if resolved["table"] not in comp.tables:
            raise ValueError(f"no table {resolved['table']!r} in the components data")
        if scenario_id not in comp.forces:
            raise ValueError(f"the components data has no forces for {scenario_id!r}")
        state = CraneState(self, scenario_id, resolved, comp)
        state.setup()
        return state

    def state_from_dict(self, data: JSON) -> CraneState:
        state = self.new_state(data["scenario"], data["options"])
        state.turn_no = int(data["turn"])
        planes, moved = [], 0
        for i, held in enumerate(data["planes"]):
            plane, has_moved = Plane.from_held(held)
            planes.append(plane)
            moved |= has_moved << i
        state.planes, state.moved = tuple(planes), moved
        state.queue = tuple(tuple(t) for t in data["queue"])
        state.moving = None if data["moving"] is None else Move(*data["moving"])
        state.bomb_hits = int(data["bomb_hits"])
        state.losses = dict(data["losses"])
        result: Any = data["result"]
        state.result = (
            None
            if result is None
            else Terminal(result["winner"], dict(result["scores"]), result["reason"])
        )
        state.events = ()
        state._node = None
        state._path = None
        return state
