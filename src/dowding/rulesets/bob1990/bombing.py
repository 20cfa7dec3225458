"""B.III Bombing: a German flight over its own Luftflotte's mission target may bomb it."""

from __future__ import annotations

from dowding.engine import LUFTWAFFE_DIE, Action, Decision, SymbolPool
from dowding.engine.tasks import Task

from .components import LW_FLIGHTS, Components, slug
from .core import Core
from .flights import LUFTWAFFE, ON_MAP, command, count

# by the components' id, kept with them (an id is reused only once they are freed)
_TARGETS: dict[tuple[int, str, str | None], tuple[Components, tuple[tuple[str, str], ...]]] = {}


def mission_targets(c: Components, mission: str, named: str | None) -> tuple[tuple[str, str], ...]:
    """B.III: the targets a mission card may be bombed at, with their spaces: the one named when
    the card was flipped, a city card's city, or every airfield or radar of its Group (worked
    out once for each card: asked for every German flight at every stage's bombing)."""
    key = (id(c), mission, named)
    found = _TARGETS.get(key)
    if found is None or found[0] is not c:
        card = c.missions[mission]
        if named is not None:
            names: tuple[str, ...] = (named,)
        elif card.kind == "city":
            names = (str(card.target),)
        else:
            bases = c.bases[card.group]
            names = tuple(bases.airfield if card.kind == "airfield" else bases.radar)
        if len(_TARGETS) >= 1 << 12:
            _TARGETS.clear()
        found = _TARGETS[key] = (c, tuple((n, c.board.space_of(n)) for n in names))
    return found[1]


class Bombing(Core):
    def bombers(self, f: str) -> list[str]:
        return [c for c in self.fb(f) if self.c.cards[c].bombing > 0]

    def targets_for(self, f: str) -> list[str]:
        """The targets of ``f``'s Luftflotte's mission in ``f``'s space (B.III: "Radar and Airfield
        targets are specified just by the RAF Group area, so that the GP has to choose one")."""
        lf = command(f)
        mission = self.assigned.get(lf)
        flight = self.fl[f]
        if mission is None or mission in self.completed or flight.pos is None:
            return []
        named = self.target.get(lf)  # the card is flipped: its target is fixed
        pos = flight.pos
        return [
            n
            for n, space in mission_targets(self.c, mission, named)
            if space == pos and n not in self.destroyed
        ]

    def bomb_options(self, task: Task = ("bombing",)) -> list[Action]:
        """B26 (digest: "each flight may bomb once per turn ... Option: once per stage"): with
        at least one bomber, once a turn (``flight.bombed``) or, with ``bomb_once_per=stage``,
        once a Mission Stage (the flights that bombed in this stage's B.III ride on its task)."""
        per_stage = self.options["bomb_once_per"] == "stage"
        out = []
        for f in LW_FLIGHTS:
            flight = self.fl[f]
            done = f in task[1:] if per_stage else flight.bombed
            if flight.status != ON_MAP or done:
                continue
            targets = self.targets_for(f)
            if targets and self.bombers(f):
                out += [Action("bomb", flight=f, target=slug(t)) for t in targets]
        return out

    def _dec_bombing(self, task: Task) -> Decision | None:
        options = self.bomb_options(task)
        if not options:
            return None
        return Decision(
            LUFTWAFFE,
            "Bomb a mission target, or end the bombing (B.III)",
            (*options, Action("done")),
        )

    def _do_bombing(self, task: Task, action: Action) -> None:
        if action.kind == "done":
            return
        f = str(action.get("flight"))
        target = self.c.by_slug[str(action.get("target"))]
        lf = command(f)
        mission = self.assigned[lf]
        if lf not in self.target:
            self.target[lf] = target
            card = self.c.missions[mission]
            self.say(
                f"Luftflotte {lf} flips its mission card {mission} ({card.kind}, {card.group} Group, "
                f"{card.bombs} bomb(s)): the target is {target}"
            )
        self.set(f, bombed=True)
        # the bombers are counted out for their dice (B.III.1), so the flight's cards are shown
        self.revealed = self.revealed | set(self.fb(f))
        # B26: with bomb_once_per=stage the next bombing of this stage knows who has bombed in it
        again = (
            ("bombing", *task[1:], f) if self.options["bomb_once_per"] == "stage" else ("bombing",)
        )
        self.push(("bomb_dice", f), again)

    def _chance_bomb_dice(self, task: Task) -> SymbolPool:
        f = str(task[1])
        n = sum(self.c.cards[c].bombing for c in self.bombers(f))
        return SymbolPool(
            f"{f} bombs {self.target[command(f)]} with {n} black dice: roundels hit, "
            "every two crosses down a bomber (B.III.2)",
            die=LUFTWAFFE_DIE,
            roller=self.seat_of(LUFTWAFFE),
            count=n,
        )

    def _do_bomb_dice(self, task: Task, action: Action) -> None:
        f = str(task[1])
        lf = command(f)
        mission = self.assigned[lf]
        card = self.c.missions[mission]
        roundels = count(action.get("roundel"))
        crosses = count(action.get("cross"))
        total = min(card.bombs, self.hits.get(mission, 0) + roundels)
        self.hits[mission] = total
        self.say(f"{roundels} hit(s) on {self.target[lf]}: {total} of {card.bombs}")
        if total >= card.bombs:
            self.destroyed = self.destroyed | {self.target[lf]}
            self.completed = (*self.completed, mission)
            self.say(f"{self.target[lf]} is destroyed: mission {mission} completed")
        lost = crosses // 2  # B7: every two crosses
        bombers = self.bombers(f)
        if lost >= len(bombers):
            for cid in bombers:
                self.aa_lose(cid)
            if not self.has_cards(f):
                self.piece_off(f)
        elif lost:
            self.push(("aa_loss", f, lost))

    def aa_lose(self, cid: str) -> None:
        self.loc[cid] = "shot"
        self.revealed = self.revealed - {cid}
        self.say(f"AA guns shoot down {cid} ({self.c.cards[cid].aircraft})")

    def _dec_aa_loss(self, task: Task) -> Decision | None:
        f, n = str(task[1]), int(task[2])
        bombers = self.bombers(f)
        options = sorted({self.c.cards[c].aircraft: c for c in reversed(bombers)}.values())
        return Decision(
            LUFTWAFFE,
            f"Choose a bomber squadron of {f} shot down by AA ({n} to choose, B.III.2)",
            tuple(Action("lose", card=c) for c in options),
        )

    def _do_aa_loss(self, task: Task, action: Action) -> None:
        f, n = str(task[1]), int(task[2])
        self.aa_lose(str(action.get("card")))
        if n > 1:
            self.push(("aa_loss", f, n - 1))
