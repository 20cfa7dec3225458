"""The bob1990 ruleset: Battle of Britain (1990), the Advanced Game for two players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from dowding.engine import Game, OptionSpec, Scenario, Seat
from dowding.engine.game import JSON

from .components import load_components
from .state import Bob1990State


class Bob1990Game(Game):
    id: ClassVar[str] = "bob1990"
    title: ClassVar[str] = "Battle of Britain (1990), the Advanced Game"
    rulebook: ClassVar[str] = "shared/seeds/001_a549c460f24ff03d.txt"
    seats: ClassVar[tuple[Seat, ...]] = (
        Seat("raf", "British player (RAF Groups 10-13)", "raf"),
        Seat("luftwaffe", "German player (Luftflotten 2, 3, 5)", "luftwaffe"),
    )
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario(
            "advanced",
            "The Advanced Game",
            "8 turns: the German player wins with 9 completed missions.",
        ),
    )
    default_scenario: ClassVar[str] = "advanced"
    component_files: ClassVar[tuple[str, ...]] = (
        "board-50km.json",
        "board.json",
        "missions.json",
        "squadrons.json",
    )
    perfect_information: ClassVar[bool] = False
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "cell_km",
            50,
            "the board's scale: 50 km spaces, or bob's 25 km (B1) with bob's own cards (the"
            " British fighters' 4 dogfight dice, where the 50 km board gives them 5 and 6)",
            choices=(50, 25),
            label="Board scale",
            choice_labels=("50 km spaces", "25 km spaces (bob's board)"),
        ),
        OptionSpec(
            "end_on_ninth",
            True,
            "the game ends as soon as 9 missions are completed (B12)",
            label="The game ends at the ninth mission",
        ),
        OptionSpec(
            "fighters_leave",
            "all",
            "which German fighters leave after the 4th move and in 12 Group (B17)",
            choices=("all", "bf109"),
            label="German fighters that leave",
            choice_labels=("every fighter", "Bf 109s only"),
        ),
        OptionSpec(
            "failed_missions",
            "deck",
            "a failed mission goes back to the Mission box, or out of the game (B11)",
            choices=("deck", "removed"),
            label="A failed mission",
            choice_labels=("goes back to the Mission box", "is out of the game"),
        ),
        OptionSpec(
            "bomb_once_per",
            "turn",
            "a German flight bombs at most once a turn, or once a Mission Stage (B26)",
            choices=("turn", "stage"),
            label="A German flight bombs at most once a",
            choice_labels=("turn", "Mission Stage"),
        ),
        OptionSpec(
            "move_order",
            "fixed",
            "flights move in a fixed order (2A-5A, 10A-13B), or the mover chooses each next (B.I)",
            choices=("fixed", "chosen"),
            label="Order of the flights' moves",
            choice_labels=("fixed (2A-5A, 10A-13B)", "chosen by the mover"),
        ),
        OptionSpec(
            "data",
            "",
            "a folder with your own board-50km.json, missions.json or squadrons.json",
            label="Your own components",
        ),
    )

    def new_state(
        self, scenario: str | None = None, options: Mapping[str, object] | None = None
    ) -> Bob1990State:
        scenario_id = self.scenario(scenario).id
        resolved = self.resolve_options(options)
        comps = load_components(str(resolved["data"]), int(str(resolved["cell_km"])))
        state = Bob1990State(self, scenario_id, resolved, comps)
        state.setup()
        return state

    def state_from_dict(self, data: JSON) -> Bob1990State:
        resolved = self.resolve_options(data["options"])
        comps = load_components(str(resolved["data"]), int(str(resolved["cell_km"])))
        state = Bob1990State(self, data["scenario"], resolved, comps)
        state.restore(data)
        return state
