"""The fight-for-the-sky ruleset: Fight for the Sky, Basic, Intermediate and Campaign games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from dowding.engine import Game, OptionSpec, Scenario, Seat
from dowding.engine.game import JSON

from . import decisions as _decisions  # noqa: F401  (registers the decision builders)
from .board import load_board
from .components import load_components
from .state import FightState

OPTIONAL_RULES = (
    (
        "sector_airfields",
        "Sector Airfields: control of 3 units, one sector a hex, engaged squadrons",
    ),
    ("hunter_packs", "Hunter Packs: fighter patrols that strike RAF units within 3 hexes"),
    ("tactical_advantage", "Tactical Advantages: a die before combat with a patrol"),
    ("airfield_capacity", "Airfield Capacity: units on the ground at each base"),
    ("preplanning", "Preplanning: every raid planned at the start of the day"),
    ("availability", "Availability (Campaign): the daily availability roll"),
    ("maintenance", "Maintenance: only half the Me 109s need a day's maintenance"),
    ("weather", "Weather: contact rolls and -1 movement in poor weather"),
    ("stukas", "Stukas: losses forced onto Ju 87s, grounding after three flights lost"),
)


class FightGame(Game):
    id: ClassVar[str] = "fight-for-the-sky"
    title: ClassVar[str] = "Fight for the Sky"
    rulebook: ClassVar[str] = "shared/seeds/002_378fb9f0a000c526.txt"
    seats: ClassVar[tuple[Seat, ...]] = (
        Seat("raf", "RAF Fighter Command", "raf"),
        Seat("luftwaffe", "Luftwaffe", "luftwaffe"),
    )
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario("basic", "Basic Game", "Four formations against eight squadrons over Kent."),
        Scenario(
            "intermediate",
            "Intermediate Game",
            "A full day: endurance, refuelling, formations made up by the Luftwaffe, 16 turns.",
        ),
        Scenario(
            "campaign",
            "Campaign Game",
            "11 to 18 August 1940: eight day turns, each an Intermediate Game, with maintenance.",
        ),
    )
    default_scenario: ClassVar[str] = "basic"
    component_files: ClassVar[tuple[str, ...]] = ("components.json", "map.json")
    perfect_information: ClassVar[bool] = False
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        # each optional rule's label is its heading in the booklet, the words before the colon
        *(OptionSpec(name, False, text, label=text.split(":")[0]) for name, text in OPTIONAL_RULES),
        OptionSpec(
            "data",
            "",
            "a folder with your own components.json or map.json",
            label="Your own components",
        ),
    )

    def new_state(
        self, scenario: str | None = None, options: Mapping[str, object] | None = None
    ) -> FightState:
        scenario_id = self.scenario(scenario).id
        resolved = self.resolve_options(options)
        comp = load_components(str(resolved["data"]))
        board = load_board(str(resolved["data"]))
        state = FightState(self, scenario_id, resolved, comp, board)
        state.setup()
        return state

    def state_from_dict(self, data: JSON) -> FightState:
        try:
            state = self.new_state(data["scenario"], data["options"])
            state.load(data)
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"not a fight-for-the-sky state: {exc!r}") from None
        return state
