"""B.II Dogfighting: compulsory in every space holding flights of both sides (steps 1-6).

``fight`` is (space, German flight, stacks, pairs): pairs are (British flight, stack) matched in
step 4; ``scratch`` holds the black dice's (roundels, crosses) while the white ones are rolled.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from dowding.engine import LUFTWAFFE_DIE, RAF_DIE, Action, Decision, Draw, SymbolPool
from dowding.engine.tasks import Task

from .components import LW_FLIGHTS, RAF_FLIGHTS
from .core import Core, card_draw
from .flights import (
    LUFTWAFFE,
    ON_MAP,
    ONLY_RAF,
    RAF,
    command,
    count,
    dogfight_cards,
    shot_down,
)

# each side's flights read out of ``fl`` at once (the dogfight spaces are looked for every stage)
_LW_OF = itemgetter(*LW_FLIGHTS)
_RAF_OF = itemgetter(*RAF_FLIGHTS)


@lru_cache(maxsize=1024)
def stack_decision(g: str, stacks: tuple[int, ...]) -> Decision:
    """B.II.2: the stacks ``g``'s next card may go on (made once: it is immutable)."""
    return Decision(
        LUFTWAFFE,
        f"Put {g}'s next squadron card on a face-down stack (B.II.2)",
        tuple(Action("stack", n=k) for k in stacks),
    )


class Dogfighting(Core):
    def contested(self) -> list[str]:
        """Spaces where a dogfight is still due: an unattacked German flight and a British flight
        that has not attacked, both with cards."""
        fl = self.fl
        # the flights' places first, their cards only where both sides are (the cards are
        # looked up in the whole deck: done for every flight, they cost most of a stage's end)
        lw = {
            flight.pos for flight in _LW_OF(fl) if flight.status == ON_MAP and not flight.attacked
        }
        if not lw:
            return []
        raf = {
            flight.pos
            for flight in _RAF_OF(fl)
            if flight.status == ON_MAP and not flight.attacked and flight.pos in lw
        }
        if not raf:
            return []
        lw_cards = {
            flight.pos
            for f in LW_FLIGHTS
            if (flight := fl[f]).status == ON_MAP
            and not flight.attacked
            and flight.pos in raf
            and self.has_cards(f)
        }
        both = {
            flight.pos
            for f in RAF_FLIGHTS
            if (flight := fl[f]).status == ON_MAP
            and not flight.attacked
            and flight.pos in lw_cards
            and self.has_cards(f)
        }
        return sorted(s for s in both if s is not None)

    def _dec_dogfights(self, task: Task) -> Decision | None:
        spaces = self.contested()
        if not spaces:
            return None
        return Decision(
            RAF,
            "Choose the next space to dogfight in (B.II)",
            tuple(Action("dogfight", space=s) for s in spaces),
        )

    def _do_dogfights(self, task: Task, action: Action) -> None:
        space = str(action.get("space"))
        self.say(f"Dogfight at {space}")
        self.push(("attack", space), ("dogfights",))

    # --- 1. the BP chooses the German flight ----------------------------------------------
    def _dec_attack(self, task: Task) -> Decision | None:
        space = str(task[1])
        if space not in self.contested():
            return None
        targets = [
            f
            for f in LW_FLIGHTS
            if self.fl[f].pos == space
            and self.fl[f].status == ON_MAP
            and not self.fl[f].attacked
            and self.has_cards(f)
        ]
        return Decision(
            RAF,
            f"Choose the German flight to attack at {space} (B.II.1)",
            tuple(Action("attack", flight=f) for f in targets),
        )

    def _do_attack(self, task: Task, action: Action) -> None:
        space, g = str(task[1]), str(action.get("flight"))
        n = len(self.fb(g))
        stacks = min(3, n)
        self.fight = (space, g, stacks, ())
        self.say(f"The British player attacks {g} ({n} squadron cards) at {space}")
        self.push(*(("stack", g) for _ in range(n)), ("draw_hands",), ("attack", space))

    # --- 2. the GP splits the flight into face-down stacks ------------------------------------
    def _dec_stack(self, task: Task) -> Decision | None:
        g = str(task[1])
        left = self.fb(g)
        sizes = self.stack_sizes()
        empty = tuple(k for k, n in enumerate(sizes, 1) if not n)
        # B.II.2: the GP lays each card on any of the stacks, so which stack is which is his to
        # arrange and a stack's number says nothing of its cards to the BP. (A new stack was
        # once always the next number: stack 1 then held the Flight box's first card, a bomber
        # whenever the flight had one, since the decks list bombers first.) B24: the cards left
        # must fill the empty stacks.
        if len(empty) >= len(left):
            return stack_decision(g, empty)
        return stack_decision(g, tuple(range(1, self.fight[2] + 1)))

    def _do_stack(self, task: Task, action: Action) -> None:
        g = str(task[1])
        self.loc[self.fb(g)[0]] = f"stack:{count(action.get('n'))}"

    # --- 3. the BP takes cards from the top of each British FB ----------------------------
    def _auto_draw_hands(self, task: Task) -> None:
        space = self.fight[0]
        sizes = self.stack_sizes()
        self.say(
            f"{self.fight[1]} is split into {len(sizes)} stack(s) of {', '.join(map(str, sizes))}"
        )
        tasks: list[Task] = []
        for f in RAF_FLIGHTS:
            flight = self.fl[f]
            if flight.status != ON_MAP or flight.pos != space or flight.attacked:
                continue
            size = self.fb_size(f)
            want = dogfight_cards(flight.marker)
            take = size if want is None else min(want, size)
            if not take:
                continue
            top = min(take, self.unseen[f])  # B23: the unseen cards lie on top
            self.unseen[f] -= top
            for cid in self.fb(f)[: take - top]:
                self.loc[cid] = "hand:" + f
            tasks += [("raf_draw", f) for _ in range(top)]
            tasks.append(("match", f))
        self.push(*tasks, ("flip",))

    def _chance_raf_draw(self, task: Task) -> Draw:
        f = str(task[1])
        g = command(f)
        return card_draw(
            f"The British player takes a card from the top of {f}'s Flight box (B.II.3)",
            self.c.decks[g],
            self.pool_items(g),
            ONLY_RAF,
            self.c.names,
        )

    def _do_raf_draw(self, task: Task, action: Action) -> None:
        self.loc[str(action.get("item"))] = "hand:" + str(task[1])

    # --- 4. the BP matches flights to stacks ------------------------------------------------
    def _dec_match(self, task: Task) -> Decision | None:
        f = str(task[1])
        if not self.cards_at("hand:" + f, command(f)):
            return None
        pairs = self.fight[3]
        taken = {k for _, k in pairs}
        free = [k for k in range(1, self.fight[2] + 1) if k not in taken]
        later = [t for t in self.queue[1:] if t[0] == "match"]
        options = [Action("match", flight=f, stack=k) for k in free]
        if pairs or later:  # at least one flight must attack (B24)
            options.insert(0, Action("match", flight=f, stack=0))
        if not free:
            options = [Action("match", flight=f, stack=0)]
        return Decision(
            RAF,
            f"Match {f}'s drawn cards to a German stack, or 0 to hold it back (B.II.4)",
            tuple(options),
        )

    def _do_match(self, task: Task, action: Action) -> None:
        f, k = str(task[1]), count(action.get("stack"))
        if k:
            space, g, stacks, pairs = self.fight
            self.fight = (space, g, stacks, (*pairs, (f, k)))
            return
        # B23 reading: cards not sent into the attack go back face down on top of the box
        hand = self.cards_at("hand:" + f, command(f))
        for cid in hand:
            self.loc[cid] = "crb"
        self.unseen[f] += len(hand)

    # --- 5. the stacks are flipped and the dice rolled ------------------------------------------
    def _auto_flip(self, task: Task) -> None:
        _space, g, _stacks, pairs = self.fight
        tasks: list[Task] = []
        for i, (f, k) in enumerate(pairs):
            german = self.cards_at(f"stack:{k}", command(g))
            british = self.cards_at("hand:" + f, command(f))
            self.revealed = self.revealed | set(german)
            self.say(
                f"{f} ({', '.join(sorted(british))}) attacks stack {k} of {g} "
                f"({', '.join(sorted(german))})"
            )
            tasks += [("dice_lw", i), ("dice_raf", i)]
        self.push(*tasks, ("fight_end",))

    def pair_cards(self, i: int) -> tuple[str, list[str], list[str]]:
        f, k = self.fight[3][i]
        return (
            f,
            self.cards_at("hand:" + f, command(f)),
            self.cards_at(f"stack:{k}", command(self.fight[1])),
        )

    def _chance_dice_lw(self, task: Task) -> SymbolPool:
        _, _, german = self.pair_cards(int(task[1]))
        n = sum(self.c.cards[c].dogfight for c in german)
        return SymbolPool(
            f"{self.fight[1]}'s stack rolls {n} black dice: roundels hit the RAF, crosses the Luftwaffe (B.II.5)",
            die=LUFTWAFFE_DIE,
            roller=self.seat_of(LUFTWAFFE),
            count=n,
        )

    def _do_dice_lw(self, task: Task, action: Action) -> None:
        self.scratch = (count(action.get("roundel")), count(action.get("cross")))

    def _chance_dice_raf(self, task: Task) -> SymbolPool:
        f, british, _ = self.pair_cards(int(task[1]))
        n = sum(self.c.cards[c].dogfight for c in british)
        return SymbolPool(
            f"{f} rolls {n} white dice: roundels hit the RAF, crosses the Luftwaffe (B.II.5)",
            die=RAF_DIE,
            roller=self.seat_of(RAF),
            count=n,
        )

    def _do_dice_raf(self, task: Task, action: Action) -> None:
        i = int(task[1])
        roundels = self.scratch[0] + count(action.get("roundel"))
        crosses = self.scratch[1] + count(action.get("cross"))
        self.scratch = ()
        f, british, german = self.pair_cards(i)
        raf_lost = min(shot_down(roundels), len(british))
        lw_lost = min(shot_down(crosses), len(german))
        self.say(
            f"{roundels} roundel(s) and {crosses} cross(es): {f} loses {raf_lost}, "
            f"{self.fight[1]}'s stack loses {lw_lost} (B.II.5)"
        )
        tasks: list[Task] = []
        for side, n, cards in ((RAF, raf_lost, british), (LUFTWAFFE, lw_lost, german)):
            if n and n >= len(cards):
                for cid in cards:
                    self.lose_card(side, cid)
            elif n:
                tasks.append(("lose", side, i, n))
        self.push(*tasks)

    # --- 6. the owners choose the squadrons shot down -----------------------------------------
    def losable(self, side: str, i: int) -> list[str]:
        _, british, german = self.pair_cards(i)
        return british if side == RAF else german

    def _dec_lose(self, task: Task) -> Decision | None:
        side, i, n = str(task[1]), int(task[2]), int(task[3])
        cards = self.losable(side, i)
        if n <= 0 or not cards:
            return None
        options = sorted({self.c.cards[c].aircraft: c for c in reversed(cards)}.values())
        return Decision(
            side,
            f"Choose a squadron shot down ({n} to choose, B.II.6)",
            tuple(Action("lose", card=c) for c in options),
        )

    def lose_card(self, side: str, cid: str) -> None:
        self.loc[cid] = "dmg" if side == RAF else "shot"
        self.revealed = self.revealed - {cid}
        where = "the Damaged RAF box" if side == RAF else "the British player"
        self.say(f"{cid} ({self.c.cards[cid].aircraft}) is shot down: to {where}")

    def _do_lose(self, task: Task, action: Action) -> None:
        side, i, n = str(task[1]), int(task[2]), int(task[3])
        self.lose_card(side, str(action.get("card")))
        if n > 1:
            self.push(("lose", side, i, n - 1))

    def _auto_fight_end(self, task: Task) -> None:
        _space, g, stacks, pairs = self.fight
        for k in range(1, stacks + 1):
            for cid in self.cards_at(f"stack:{k}", command(g)):
                self.loc[cid] = "fb:" + g
        self.set(g, attacked=True)
        for f, _ in pairs:
            for cid in self.cards_at("hand:" + f, command(f)):
                self.loc[cid] = "fb:" + f  # B23: known now, under the unseen cards
            self.set(f, attacked=True)
            if not self.has_cards(f):
                self.piece_off(f)
        if not self.has_cards(g):
            self.piece_off(g)
        self.fight = ()
