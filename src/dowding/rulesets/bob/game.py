"""The bob ruleset: Battle of Britain, the plotting-table board game (2017 reprint)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from dowding.engine import Game, OptionSpec, Scenario, Seat, Terminal
from dowding.engine.game import JSON

from .state import BobState, Duel, Flight, Intercept
from .tables import load_tables

SCENARIOS = ("channel-battle", "duel-of-eagles", "london-burning")


class BobGame(Game):
    id: ClassVar[str] = "bob"
    title: ClassVar[str] = "Battle of Britain (plotting-table edition)"
    rulebook: ClassVar[str] = "shared/seeds/000_9184e276f0c2a15d.txt"
    seats: ClassVar[tuple[Seat, ...]] = (
        Seat("raf", "RAF Fighter Command", "raf"),
        Seat("luftwaffe", "Luftwaffe", "luftwaffe"),
    )
    # with three or four players a side is two seats, and the side wins
    side_names: ClassVar[dict[str, str]] = {
        "raf": "RAF Fighter Command",
        "luftwaffe": "the Luftwaffe",
    }
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario(
            "channel-battle",
            "Channel Battle (Kanalkampf)",
            "July 1940: four turns, no adjustments.",
        ),
        Scenario(
            "duel-of-eagles",
            "Duel of Eagles (Adlerangriff)",
            "August 1940: 5 missions already flown, losses on both sides.",
        ),
        Scenario(
            "london-burning",
            "London Burning (The Blitz)",
            "September 1940: 9 missions flown, no Stukas or Defiants, the Big Wing.",
        ),
        Scenario(
            "campaign",
            "The virtual campaign",
            "All three scenarios in a row, victory points added up.",
        ),
    )
    default_scenario: ClassVar[str] = "channel-battle"
    component_files: ClassVar[tuple[str, ...]] = ("board.json", "missions.json", "squadrons.json")
    perfect_information: ClassVar[bool] = False
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "players",
            2,
            "2, 3 or 4 players (Battle of Britain for 3 & 4 Players)",
            minimum=2,
            maximum=4,
            label="Players",
        ),
        OptionSpec(
            "split",
            "luftwaffe",
            "with 3 players, the side that has two",
            choices=("raf", "luftwaffe"),
            label="Two players on the side of",
            choice_labels=("the RAF", "the Luftwaffe"),
        ),
        OptionSpec(
            "historical",
            False,
            "campaign: the Optional Virtual Campaign Historical Adjustments",
            label="Historical adjustments",
        ),
        OptionSpec(
            "data",
            "",
            "a folder with your own board.json, missions.json or squadrons.json",
            label="Your own components",
        ),
    )

    def seats_for(self, options: Mapping[str, object] | None = None) -> tuple[Seat, ...]:
        resolved = self.resolve_options(options)
        players, split = int(resolved["players"]), resolved["split"]
        raf = (Seat("raf", "RAF Fighter Command", "raf"),)
        lw = (Seat("luftwaffe", "Luftwaffe", "luftwaffe"),)
        if players == 4 or (players == 3 and split == "raf"):
            raf = (
                Seat("raf-10-12", "RAF: 10 and 12 Group", "raf"),
                Seat("raf-11-13", "RAF: 11 and 13 Group", "raf"),
            )
        if players == 4 or (players == 3 and split == "luftwaffe"):
            lw = (
                Seat("luftwaffe-2", "Luftwaffe: Luftflotte 2", "luftwaffe"),
                Seat("luftwaffe-3-5", "Luftwaffe: Luftflotten 3 and 5", "luftwaffe"),
            )
        return raf + lw

    def new_state(
        self, scenario: str | None = None, options: Mapping[str, object] | None = None
    ) -> BobState:
        scenario_id = self.scenario(scenario).id
        resolved = self.resolve_options(options)
        state = BobState(self, scenario_id, resolved, load_tables(str(resolved["data"])))
        state.setup()
        return state

    def state_from_dict(self, data: JSON) -> BobState:
        state = self.new_state(data["scenario"], data["options"])
        state.turn_no = int(data["turn"])
        state.flights = {f[0]: Flight(*f) for f in data["flights"]}
        state.card_loc = tuple(data["card_loc"])
        state.mission_loc = tuple(data["mission_loc"])
        state.bottom = tuple(data["bottom"])
        state.hits = dict(data["hits"])
        state.markers = int(data["markers"])
        state.big_wing = int(data["big_wing"])
        state.combat = dict(data["combat"])
        state.aces = dict(data["aces"])
        state.queue = tuple(tuple(_tuple(x) for x in t) for t in data["queue"])
        fight = data["fight"]
        state.fight = (
            None
            if fight is None
            else (Duel if fight[0] == "Duel" else Intercept)(*(_tuple(x) for x in fight[1:]))
        )
        state.scratch = tuple(_tuple(x) for x in data["scratch"])
        state.assists = tuple(tuple(a) for a in data["assists"])
        state.pending_home = tuple(data["pending_home"])
        state.slipped = tuple(data.get("slipped", ()))
        state.campaign = tuple(_tuple(x) for x in data.get("campaign", ()))
        state.shown = tuple((int(c), str(where)) for c, where in data.get("shown", ()))
        state.traced = tuple(
            (int(c), tuple(str(w) for w in places)) for c, places in data.get("traced", ())
        )
        result: Any = data["result"]
        state.result = (
            None
            if result is None
            else Terminal(result["winner"], dict(result["scores"]), result["reason"])
        )
        state.events = ()
        state._node = None
        return state


def _tuple(value: Any) -> Any:
    return tuple(_tuple(v) for v in value) if isinstance(value, list) else value
