"""The squadron303 ruleset: 303 Squadron (Hobbity 2021), cooperative, 1-4 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from dowding.engine import Game, OptionSpec, Scenario, Seat
from dowding.engine.game import JSON

from . import handlers  # noqa: F401  (fills the state's task tables)
from .campaign import CampaignState
from .components import FILES, load_components
from .state import S303State, restore

_SEATS = tuple(Seat(f"p{i}", f"Player {i}", "raf") for i in range(1, 5))


class Squadron303Game(Game):
    id: ClassVar[str] = "squadron303"
    title: ClassVar[str] = "303 Squadron (cooperative)"
    rulebook: ClassVar[str] = "shared/seeds/003_0c373228f8dbef41.txt"
    seats: ClassVar[tuple[Seat, ...]] = _SEATS
    # the pilots win together or nobody does ("Winning and losing")
    side_names: ClassVar[dict[str, str]] = {"raf": "the team"}
    no_winner_words: ClassVar[str] = "the team loses"
    scenarios: ClassVar[tuple[Scenario, ...]] = tuple(
        Scenario(s.id, s.name, s.text) for s in load_components().scenarios
    ) + tuple(Scenario(c.id, c.name, c.text) for c in load_components().campaigns)
    default_scenario: ClassVar[str] = "attack-on-biggin-hill"
    component_files: ClassVar[tuple[str, ...]] = tuple(f"{name}.json" for name in FILES)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "players",
            4,
            "players (1: solo, a Leader and a Wingman)",
            minimum=1,
            maximum=4,
            label="Players",
        ),
        OptionSpec(
            "open_hands",
            True,
            "the team sees every hand (false: private hands)",
            secrecy=True,
            label="Open hands",
        ),
        OptionSpec(
            "recon_hits",
            False,
            "reading S15: each Maneuver on the two Reconnaissance cards is a first-strike Hit",
            label="Reconnaissance Maneuvers hit first",
        ),
        OptionSpec(
            "data",
            "",
            "a folder with your own component files (docs/rules/squadron303.md)",
            label="Your own components",
        ),
    )

    def seats_for(self, options: Mapping[str, object] | None = None) -> tuple[Seat, ...]:
        players = int(self.resolve_options(options)["players"])
        return _SEATS[:players]

    def new_state(
        self, scenario: str | None = None, options: Mapping[str, object] | None = None
    ) -> S303State:
        from .setup import begin

        scenario_id = self.scenario(scenario).id
        resolved = self.resolve_options(options)
        comp = load_components(str(resolved["data"]))
        campaign = next((c for c in comp.campaigns if c.id == scenario_id), None)
        if campaign is None:
            state = S303State(self, scenario_id, resolved, comp)
        else:  # "Campaign": the first of its Scenarios
            state = S303State(self, campaign.scenarios[0], resolved, comp)
            state.camp = CampaignState(campaign.id, campaign.scenarios)
        begin(state)
        state._advance()
        state.events = tuple(state._log)
        state._log = []
        return state

    def state_from_dict(self, data: JSON) -> S303State:
        resolved = self.resolve_options(data["options"])
        state = S303State(self, data["scenario"], resolved, load_components(str(resolved["data"])))
        restore(state, data)
        return state


GAME = Squadron303Game()
