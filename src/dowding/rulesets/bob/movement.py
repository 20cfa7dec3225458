"""Step 5, Luftwaffe Movement (with British Radar and the Bomb Run Marker) and Step 6, RAF Movement (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from dowding.engine import Action, Decision

from .pieces import (
    NON_DETECT_MARKERS,
    Flight,
    Task,
    box,
    one_arg,
)
from .tables import LW_FLIGHTS, RAF_FLIGHTS

# options without arguments, made once
_STOP, _DONE, _HOLD = Action("stop"), Action("done"), Action("hold")
_BOMBRUN, _DOGFIGHT = Action("bombrun"), Action("dogfight")
_FUEL_1, _FUEL_2 = Action("fuel", tokens=1), Action("fuel", tokens=2)
_FUEL_2_ESCORT = (Action("fuel", tokens=2, escort="stay"), Action("fuel", tokens=2, escort="home"))


class MovementSteps:
    # --- Step 5, Luftwaffe Movement ----------------------------------------------------------
    def _auto_lw_phase(self, task: Task) -> None:
        self.queue = (("lw_select",), *self.queue)

    def lw_to_move(self) -> list[str]:
        done = (
            set(self.scratch)
            if self.scratch and all(isinstance(x, str) for x in self.scratch)
            else set()
        )
        return [f for f in LW_FLIGHTS if self.flights[f].status == "map" and f not in done]

    def _lw_select_decision(self) -> Decision | None:
        pool = [(f, self.seat_of_flight(f)) for f in self.lw_to_move()]
        if not pool:
            return None
        seat = min(s for _, s in pool)
        return Decision(
            seat,
            "Choose the next Luftwaffe flight to move (Step 5)",
            tuple(one_arg("fly", "flight", f) for f, s in pool if s == seat),
        )

    def _do_lw_select(self, task: Task, action: Action | None) -> None:
        if action is None:
            self.scratch = ()
            return  # every flight has moved
        f = self.flights[action.word("flight")]
        self.scratch = (*self.scratch, f.id)
        if f.fuel <= 0:
            # A flight with no fuel markers may not move and must reach for home
            self._say(f"Luft. {f.id} is out of fuel and turns for home.")
            self.queue = (("go_home", f.id, "out of fuel"), task, *self.queue)
            return
        self.queue = (("fuel", f.id), task, *self.queue)

    def _fuel_decision(self, flight: str) -> Decision:
        f = self.flights[flight]
        options = [_FUEL_1]
        if f.fuel == 2:
            # two tokens: up to 10 spaces, and the Bf 109s stay or turn for home early
            if any(self.t.cards[c].type == "bf109" for c in self.cards_in(box(flight))):
                options += _FUEL_2_ESCORT
            else:
                options.append(_FUEL_2)
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight}: fuel tokens to spend this turn (Step 5)",
            tuple(options),
        )

    def _do_fuel(self, task: Task, action: Action | None) -> None:
        assert action is not None
        f = self.flights[task[1]]
        tokens = int(action.number("tokens"))
        home = action.get("escort") == "home"
        self._put(f._replace(fuel=f.fuel - tokens, escort_home=home))
        self._say(
            f"Luft. {f.id} spends {tokens} fuel token(s){', its Bf 109s turning for home' if home else ''}."
        )
        self.queue = (("step", f.id, 5 * tokens), ("bomb_marker", f.id), *self.queue)

    def _step_decision(self, flight: str, left: int) -> Decision | None:
        if left <= 0:
            return None
        f = self.flights[flight]
        t = self.t
        here = f.space
        lw_by_space = self._on_map()[0]
        box_space = t.box
        options = []
        for n, cost, move in t.moves_from(here):
            if n == box_space and not flight.startswith("5"):
                continue  # the Norway box is Luftflotte 5's base
            if cost > left:
                continue
            there = lw_by_space.get(n)
            if (
                there is not None
                and (len(there) > 1 or there[0].id != flight)  # self.lw_others(n, flight)
                and (left - cost <= 0 or self._would_stop(f, n))
            ):
                continue  # may pass a friendly flight, never end its move on one
            options.append(move)
        if not self.lw_others(here, flight):
            options.append(_STOP)
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight} at {here}: {left} space(s) left (Step 5)",
            tuple(options),
        )

    def _would_stop(self, f: Flight, space: str) -> bool:
        """Whether entering ``space`` may end the flight's move there: an RAF flight, or a first
        radar detection (which may bring an intercept)."""
        if space in self._on_map()[1]:  # an RAF flight there
            return True
        stations = self.t.radar_of.get(space, ())
        return (
            bool(stations)
            and not f.detected
            and f.id not in self.slipped
            and any(map(self.station_working, stations))
        )

    def _do_step(self, task: Task, action: Action | None) -> None:
        _, flight, left = task
        if action is None or action.kind == "stop":
            # where it ends, once (not a line a space): the other side saw the tag move
            self._say_move_ends("Luft.", flight)
            return
        f = self.flights[flight]
        to = action.word("to")
        left -= self.t.step_cost(f.space, to)
        f = f._replace(space=to)
        self._put(f)
        # "A Luftwaffe flight may not move through a space with a RAF flight": it stops there,
        # but British Radar and British Intercept still apply to the space it has entered
        blocked = to in self._on_map()[1]  # an RAF flight there
        if blocked:
            self._say(f"Luft. {flight} meets RAF flights at {to} and stops.")
            left = 0
        stations = self.t.radar_of.get(to, ())
        # Non-Detected Flight: "may not be intercepted this turn" (slipped), not on later turns
        if stations and not f.detected and flight not in self.slipped:
            working = [s for s in stations if self.station_working(s)]
            if working:
                self._put(f._replace(detected=True, nondetect=False))
                names = ", ".join(self.place_name(s) for s in working)
                self._say(f"Radar ({names}) detects Luft. {flight} at {to}.")
                self.queue = (("intercept", flight, left), *self.queue)
                return
            in_use = sum(1 for x in self.flights.values() if x.nondetect)
            if f.nondetect or in_use < NON_DETECT_MARKERS:  # the punchboard has five
                self.slipped = (*self.slipped, flight)
            if not f.nondetect and in_use < NON_DETECT_MARKERS:
                self._put(f._replace(nondetect=True))
                self._say(
                    f"Luft. {flight} slips through the radar gap at {to} (Non-Detected Flight)."
                )
        if not blocked:
            self.queue = (("step", flight, left), *self.queue)

    def _say_move_ends(self, side: str, flight: str) -> None:
        f = self.flights[flight]
        if f.status == "map":
            self._say(f"{side} {flight} ends its move at {f.space}.")

    def may_mark(self, flight: str) -> bool:
        """Whether the flight may place its bombing run marker: on the map, on the same space as
        the target of its mission card, without one already (Step 5, Bomb Run Marker)."""
        f = self.flights[flight]
        if f.status != "map" or f.mission < 0 or f.bombrun:
            return False
        return self.t.targets[self.t.missions[f.mission].target].space == f.space

    def _bomb_marker_decision(self, flight: str) -> Decision | None:
        # "After completing a Luftwaffe flight's movement, when the flight is on the same space as
        # the target listed on its mission card, the Luftwaffe player should place a bombing run
        # marker": the Luftwaffe is asked after every flight's move that leaves it on the map,
        # over its target or not, so that being asked tells the RAF nothing of the secret target;
        # the RAF sees only whether a marker appears (docs/rules/bob.md, Step 5, Bomb Run Marker)
        f = self.flights[flight]
        if f.status != "map":
            return None
        if self.may_mark(flight):
            return Decision(
                self.seat_of_flight(flight),
                f"Luft. {flight} is over its target: place a bombing run marker? (Step 5, Bomb Run Marker)",
                (_BOMBRUN, _HOLD),
            )
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight} ends its move at {f.space}, not over its target: "
            "no bombing run marker to place (Step 5, Bomb Run Marker)",
            (_HOLD,),
        )

    def _do_bomb_marker(self, task: Task, action: Action | None) -> None:
        if action is not None and action.kind == "bombrun":
            f = self.flights[task[1]]
            self._put(f._replace(bombrun=True))
            self._say(f"Luft. {f.id} begins its bombing run at {f.space}.")

    # --- Step 6, RAF Movement -------------------------------------------------------------
    def _auto_raf_phase(self, task: Task) -> None:
        # Observer Corps: a die for each undetected flight at the start of the RAF's movement
        spotted = [
            ("observe", f)
            for f in LW_FLIGHTS
            if self.flights[f].status == "map" and self.flights[f].nondetect
        ]
        self.scratch = ()
        self.queue = (*spotted, ("raf_select",), *self.queue)

    def raf_to_move(self) -> list[str]:
        done = set(self.scratch)
        out = []
        for f in RAF_FLIGHTS:
            fl = self.flights[f]
            if fl.status != "map" or fl.intercepted or f in done:
                continue
            if fl.space == self.t.raf_base[f] and self.knocked_out(self.t.raf_base_name[f]):
                continue  # no take-off from a damaged airfield
            out.append(f)
        return out

    def _raf_select_decision(self) -> Decision | None:
        finished = {x[5:] for x in self.scratch if x.startswith("done:")}
        pool = [(f, self.seat_of_flight(f)) for f in self.raf_to_move()]
        pool = [(f, s) for f, s in pool if s not in finished]
        if not pool:
            return None
        seat = min(s for _, s in pool)
        return Decision(
            seat,
            "Choose the next RAF flight to move, or end the RAF's movement (Step 6)",
            (*(one_arg("fly", "flight", f) for f, s in pool if s == seat), _DONE),
        )

    def _do_raf_select(self, task: Task, action: Action | None) -> None:
        if action is None:
            self.scratch = ()
            return
        if action.kind == "done":
            node = self._raf_select_decision()
            seat = node.seat if node is not None else ""
            self.scratch = (*self.scratch, f"done:{seat}")
            self.queue = (task, *self.queue)  # the other RAF commander may still move
            return
        f = action.word("flight")
        self.scratch = (*self.scratch, f)
        self.queue = (("raf_step", f, 3), ("combat_marker", f), task, *self.queue)

    def _raf_step_decision(self, flight: str, left: int) -> Decision | None:
        if left <= 0:
            return None
        f = self.flights[flight]
        lw_by_space, raf_by_space = self._on_map()
        if f.space in lw_by_space and left < 3:
            return None  # entered a space with a Luftwaffe flight: stop there
        options = []
        # never the coastal spaces of France or Norway
        for n, move in self.t.raf_moves_from(f.space):
            ends = left == 1 or n in lw_by_space  # a Luftwaffe flight stops it
            if (
                ends
                and self._raf_others_in(raf_by_space, n, flight)
                and not self._big_wing_ok(n, flight)
            ):
                continue  # may not end on another RAF flight
            options.append(move)
        if not self._raf_others_in(raf_by_space, f.space, flight) or self._big_wing_ok(
            f.space, flight
        ):
            options.append(_STOP)
        if not options:
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"RAF {flight} at {f.space}: {left} space(s) left (Step 6)",
            tuple(options),
        )

    @staticmethod
    def _raf_others_in(raf_by_space: dict[str, list[Flight]], space: str, flight: str) -> bool:
        """``raf_others(space, flight) > 0`` from the flights by space."""
        here = raf_by_space.get(space)
        return here is not None and (len(here) > 1 or here[0].id != flight)

    def _big_wing_ok(self, space: str, flight: str) -> bool:
        # Big Wing Rules: two RAF flights may share a Luftwaffe flight's space in a dogfight
        # under the Big Wing marker, never join an intercept ("engage in a dogfight")
        return (
            self.stage == "london-burning"
            and self.big_wing > 0
            and self.lw_at(space) is not None
            and self.raf_others(space, flight) <= 1
            and self.combat.get(space) in (None, "dogfight")
        )

    def _do_raf_step(self, task: Task, action: Action | None) -> None:
        _, flight, left = task
        if action is None or action.kind == "stop":
            self._say_move_ends("RAF", flight)
            return
        f = self.flights[flight]
        self._put(f._replace(space=action.word("to")))
        self.queue = (("raf_step", flight, left - 1), *self.queue)

    def _combat_marker_decision(self, flight: str) -> Decision | None:
        f = self.flights[flight]
        lw = self.lw_at(f.space)
        if lw is None or lw.nondetect:
            return None
        big = len(self.raf_at(f.space)) >= 2
        if f.space in self.combat and not (big and self.combat[f.space] == "dogfight"):
            return None
        if big:
            # Big Wing Rules: two flights against one take the Big Wing marker (_do_ makes the swap)
            return None
        if self.markers + self.big_wing <= 0:
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"RAF {flight} is with Luft. {lw.id} at {f.space}: place a dogfight marker? ({self.markers} left, Step 6)",
            (_DOGFIGHT, _HOLD),
        )

    def _do_combat_marker(self, task: Task, action: Action | None) -> None:
        f = self.flights[task[1]]
        if action is None:
            if (
                len(self.raf_at(f.space)) >= 2
                and self.lw_at(f.space) is not None
                and self.big_wing > 0
                and self.combat.get(f.space) in (None, "dogfight")
            ):
                if self.combat.get(f.space) == "dogfight":
                    self.markers += (
                        1  # the ordinary marker goes back; the Big Wing marker replaces it
                    )
                self.big_wing -= 1
                self.combat = {**self.combat, f.space: "bigwing"}
                self._say(
                    f"Big Wing over {f.space}: two RAF flights against Luft. {self.lw_at(f.space).id}."
                )  # type: ignore[union-attr]
            return
        if action.kind == "dogfight":
            self._take_marker(f.space, "dogfight")
            self._say(f"Dogfight marker over {f.space}.")

    def _do_observe(self, task: Task, action: Action | None) -> None:
        # Step 5, Observer Corps: a cross spots the non-detected flight
        assert action is not None
        if int(action.number("cross")) > 0:
            f = self.flights[task[1]]
            self._put(f._replace(nondetect=False))
            self._say(f"The Observer Corps spots Luft. {f.id} at {f.space}.")
