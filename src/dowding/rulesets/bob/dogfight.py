"""Step 7, Battle & Bombing: the order of spaces, the Air Combat Phase's Dogfight Procedure and Air Ace, the Big Wing and the RAF Flight Head Home Phase (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from dowding.engine import Action, Decision

from .pieces import (
    DAMAGED,
    Duel,
    Task,
    box,
    unit_of,
)
from .tables import LUFTWAFFE, LW_FLIGHTS, RAF


class DogfightCombat:
    # --- Step 7, Battle & Bombing ------------------------------------------------------------
    def battle_spaces(self) -> list[str]:
        spaces = set(self.combat)
        for f in LW_FLIGHTS:
            fl = self.flights[f]
            if fl.status == "map" and fl.bombrun:
                spaces.add(fl.space)
        return sorted(spaces)

    def _auto_battle(self, task: Task) -> None:
        self.queue = (("battle_select",), ("aborts",), *self.queue)

    def _battle_select_decision(self) -> Decision | None:
        spaces = self.battle_spaces()
        if not spaces:
            return None
        return Decision(
            self.seat_for_unit(RAF, 11),
            "Choose the next space to resolve (Step 7: the RAF chooses the order)",
            tuple(Action("resolve", space=s) for s in spaces),
        )

    def _do_battle_select(self, task: Task, action: Action | None) -> None:
        if action is None:
            return
        space = action.word("space")
        tasks: list[Task] = []
        kind = self.combat.get(space)
        if kind == "intercept":
            tasks.append(("intercept_fight", space))
        elif kind in ("dogfight", "bigwing"):
            tasks.append(("dogfight_start", space))
        tasks += [("head_home", space), ("bombing", space), ("space_done", space)]
        self.queue = (*tasks, task, *self.queue)

    def _after_combat(self, space: str) -> None:
        self.pending_home = tuple(f.id for f in self.raf_at(space))
        for f in list(self.raf_at(space)) + ([self.lw_at(space)] if self.lw_at(space) else []):
            if f is not None and not self.cards_in(box(f.id)):
                # a flight that lost all its squadron cards goes back to its display
                self._put(
                    f._replace(
                        status="box" if f.side == RAF else f.status,
                        space="" if f.side == RAF else f.space,
                    )
                )
        lw = self.lw_at(space)
        if lw is not None and not self.cards_in(box(lw.id)):
            self._return_lw(lw.id, "shot down to the last squadron")
        self._clear_combat(space)

    def _clear_combat(self, space: str) -> None:
        if space in self.combat:
            self.combat = {k: v for k, v in self.combat.items() if k != space}

    # Air Combat Phase: Dogfight Procedure
    def _auto_dogfight_start(self, task: Task) -> None:
        space = task[1]
        lw = self.lw_at(space)
        raf = self.raf_at(space)
        if lw is None or not raf:
            self._clear_combat(space)
            return
        raf_hand = tuple(c for f in raf for c in self.cards_in(box(f.id)))
        lw_hand = tuple(self.flying_cards(lw.id))
        self.fight = Duel(space, raf_hand, lw_hand)
        self._say(
            f"Dogfight over {space}: {len(raf_hand)} RAF against {len(lw_hand)} Luftwaffe squadrons."
        )
        self.queue = (("duel", space), *self.queue)

    def duel(self) -> Duel:
        assert isinstance(self.fight, Duel)
        return self.fight

    def _auto_duel(self, task: Task) -> None:
        d = self.duel()
        # the dogfights go on as long as both sides have squadron cards
        if not (d.raf_hand or d.raf_card >= 0) or not (d.lw_hand or d.lw_card >= 0):
            self._end_dogfight(d.space)
            return
        tasks: list[Task] = []
        if d.lw_card < 0:
            tasks.append(
                ("duel_pick", LUFTWAFFE)
            )  # both choose at the same time: the RAF never sees this
        if d.raf_card < 0:
            tasks.append(("duel_pick", RAF))
        tasks.append(("duel_roll", d.space))
        self.queue = (*tasks, *self.queue)

    def _duel_pick_decision(self, side: str) -> Decision | None:
        d = self.duel()
        hand = d.raf_hand if side == RAF else d.lw_hand
        if not hand:
            return None
        unit = self.t.cards[hand[0]].unit
        return Decision(
            self.seat_for_unit(side, unit),
            f"Dogfight over {d.space}: choose your squadron card (the other side chooses unseen)",
            tuple(Action("pick", card=self.t.cards[c].id) for c in hand),
        )

    def _do_duel_pick(self, task: Task, action: Action | None) -> None:
        side = task[1]
        d = self.duel()
        hand = d.raf_hand if side == RAF else d.lw_hand
        card = hand[0] if action is None else self.t.card_index[action.word("card")]
        self._take_duel_card(side, card)

    def _take_duel_card(self, side: str, card: int) -> None:
        d = self.duel()
        # Ace Squadron Dogfight: the ace "is used along with the first squadron card that battles
        # in a dogfight", the first its flight sends; after a tie it stays on the box
        flight = self._flight_of_card(card)
        ace = flight is not None and flight not in d.sent and self.flights[flight].ace
        if ace and flight is not None:
            self._put(self.flights[flight]._replace(ace=False))
        if flight is not None and flight not in d.sent:
            d = d._replace(sent=(*d.sent, flight))
        if side == RAF:
            self.fight = d._replace(
                raf_hand=tuple(c for c in d.raf_hand if c != card),
                raf_card=card,
                raf_wins=0,
                raf_ace=ace,
            )
        else:
            self.fight = d._replace(
                lw_hand=tuple(c for c in d.lw_hand if c != card),
                lw_card=card,
                lw_wins=0,
                lw_ace=ace,
            )

    def _flight_of_card(self, card: int) -> str | None:
        loc = self.card_loc[card]
        return loc[2:] if loc.startswith("f:") else None

    def _auto_duel_roll(self, task: Task) -> None:
        d = self.duel()
        raf_dice = self.t.cards[d.raf_card].dice + d.raf_ace  # an ace rolls one more die
        lw_dice = self.t.cards[d.lw_card].dice + d.lw_ace
        self._say(
            f"Over {d.space}: {self.card_name(d.raf_card)} ({raf_dice} dice) "
            f"against {self.card_name(d.lw_card)} ({lw_dice} dice)."
        )
        self.scratch = ()
        self.queue = (
            ("roll", "duel_raf", d.space, raf_dice, RAF),
            ("roll", "duel_lw", d.space, lw_dice, LUFTWAFFE),
            ("duel_result", d.space),
            *self.queue,
        )

    def _auto_duel_result(self, task: Task) -> None:
        d = self.duel()
        on_lw, on_raf = self.scratch[-2], self.scratch[-1]  # all crosses, all roundels
        self.scratch = ()
        self._say(f"{on_lw} cross(es), {on_raf} roundel(s).")
        # only the card with the most hits can fall, and only if the hits reach its damage
        if on_lw > on_raf and on_lw >= self.t.cards[d.lw_card].damage:
            loser = LUFTWAFFE
        elif on_raf > on_lw and on_raf >= self.t.cards[d.raf_card].damage:
            loser = RAF
        else:
            self._return_duel_card(d.raf_card, d.raf_ace)
            self._return_duel_card(d.lw_card, d.lw_ace)
            self.fight = d._replace(
                raf_card=-1, lw_card=-1, raf_wins=0, lw_wins=0, raf_ace=False, lw_ace=False
            )
            self._say("Neither squadron is shot down; both go back to their boxes.")
            self.queue = (("duel", d.space), *self.queue)
            return
        winner = RAF if loser == LUFTWAFFE else LUFTWAFFE
        down = d.lw_card if loser == LUFTWAFFE else d.raf_card
        self._move_cards([down], DAMAGED)
        if d.lw_ace if loser == LUFTWAFFE else d.raf_ace:
            self.aces[loser] += 1  # the ace is lost with its squadron, back to the pool
        self._say(f"{self.card_name(down)} is shot down.")
        if winner == RAF:
            d = d._replace(
                lw_card=-1, lw_ace=False, raf_wins=d.raf_wins + 1, raf_kills=d.raf_kills + 1
            )
            stays = d.raf_wins < 2  # a squadron fights at most two dogfights in a row
            if not stays:
                self._return_duel_card(d.raf_card, d.raf_ace)
                d = d._replace(raf_card=-1, raf_ace=False, raf_wins=0)
            next_hand = d.lw_hand
        else:
            d = d._replace(
                raf_card=-1, raf_ace=False, lw_wins=d.lw_wins + 1, lw_kills=d.lw_kills + 1
            )
            stays = d.lw_wins < 2
            if not stays:
                self._return_duel_card(d.lw_card, d.lw_ace)
                d = d._replace(lw_card=-1, lw_ace=False, lw_wins=0)
            next_hand = d.raf_hand
        self.fight = d
        # the winner draws the opponent's next card at random from the cards left in hand
        draw: tuple[Task, ...] = (("pick", "duel", loser),) if stays and next_hand else ()
        self.queue = (*draw, ("duel", d.space), *self.queue)

    def _return_duel_card(self, card: int, with_ace: bool) -> None:
        flight = self._flight_of_card(card) if card >= 0 else None
        if with_ace and flight is not None:
            self._put(self.flights[flight]._replace(ace=True))

    def _end_dogfight(self, space: str) -> None:
        d = self.duel()
        self._return_duel_card(d.raf_card, d.raf_ace)
        self._return_duel_card(d.lw_card, d.lw_ace)
        # Air Ace: a flight whose dogfight shot down two opposing squadrons
        lw = self.lw_at(space)
        for side, kills, flights in (
            (RAF, d.raf_kills, [f.id for f in self.raf_at(space)]),
            (LUFTWAFFE, d.lw_kills, [lw.id] if lw is not None else []),
        ):
            if kills >= 2 and self.aces[side] > 0:
                for fid in flights:
                    if not self.flights[fid].ace and self.cards_in(box(fid)):
                        self._put(self.flights[fid]._replace(ace=True))
                        self.aces[side] -= 1
                        self._say(f"{fid} earns an Ace marker.")
                        break
        self.fight = None
        wing = [f.id for f in self.raf_at(space)]
        if len(wing) == 2 and unit_of(wing[0]) == unit_of(wing[1]):
            # Big Wing Rules: "When both flights are from the same Group, the RAF player may
            # return squadron card to the flight squadron card box of his choice"
            left = [c for f in wing for c in self.cards_in(box(f))]
            self._move_cards(left, "drawn")
            self.queue = (
                *([("wing_return", space)] * len(left)),
                ("after_combat", space),
                *self.queue,
            )
            return
        self._after_combat(space)

    def _wing_boxes(self, space: str) -> list[str]:
        """The Big Wing's flights with room in their box (three cards at most)."""
        return [f.id for f in self.raf_at(space) if len(self.cards_in(box(f.id))) < 3]

    def _wing_return_decision(self, space: str) -> Decision | None:
        held = self.cards_in("drawn")
        boxes = self._wing_boxes(space)
        if not held or len(boxes) < 2:
            return None
        card = self.t.cards[held[0]].id
        return Decision(
            self.seat_of_flight(boxes[0]),
            f"Big Wing over {space}: which flight's box does {self.card_name(held[0])} return to?",
            tuple(Action("return", card=card, flight=f) for f in boxes),
        )

    def _do_wing_return(self, task: Task, action: Action | None) -> None:
        held = self.cards_in("drawn")
        if not held:
            return
        flight = self._wing_boxes(task[1])[0] if action is None else action.word("flight")
        self._move_cards([held[0]], box(flight))

    def _auto_after_combat(self, task: Task) -> None:
        self._after_combat(task[1])

    # RAF Flight Head Home Phase: only a flight that fought an air combat may head home
    def _head_home_decision(self, space: str) -> Decision | None:
        waiting = [
            f
            for f in self.pending_home
            if self.flights[f].status == "map" and self.flights[f].space == space
        ]
        if not waiting:
            return None
        f = waiting[0]
        return Decision(
            self.seat_of_flight(f),
            f"RAF {f} after the air combat over {space}: stay on patrol or head home? (RAF Flight Head Home Phase)",
            (Action("patrol", flight=f), Action("home", flight=f)),
        )

    def _do_head_home(self, task: Task, action: Action | None) -> None:
        if action is None:
            self.pending_home = ()
            return
        f = self.flights[action.word("flight")]
        if action.kind == "home":
            self._put(f._replace(status="box", space=""))
            self._say(f"RAF {f.id} heads home to refuel.")
        self.pending_home = tuple(x for x in self.pending_home if x != f.id)
        if self.pending_home:
            self.queue = (task, *self.queue)

    def _tally_duel(self, crosses: int, roundels: int) -> None:
        # Dogfight Procedure: both sides' dice are added up (crosses, roundels) in the scratch
        prev = self.scratch if len(self.scratch) == 2 else (0, 0)
        self.scratch = (prev[0] + crosses, prev[1] + roundels)
