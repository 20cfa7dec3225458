"""Phase VI: Reorganization. Landed planes' action points, Specialization levels and clocks,
the Reserve ("Phase VI: Reorganization", "Specialization")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from dowding.engine import Action, Chance, Decision, Draw, Terminal
from dowding.engine.tasks import Task

from .components import memo
from .pieces import DOWN, FLYING, LANDED, WITHDRAWN

if TYPE_CHECKING:
    from .components import Components
    from .state import S303State


@dataclass(frozen=True)
class Refit:
    """What a landed plane does with its action points: 1 AP = 1 card, 1 damage token
    repaired, or 2 ammo."""

    cards: int = 0
    repairs: int = 0
    ammo: int = 0  # action points spent on ammo

    @property
    def points(self) -> int:
        return self.cards + self.repairs + self.ammo


def action_points(base: int, port_damaged: bool) -> int:
    """4 AP each turn on an airfield; the Port Target Damage tile takes 1 ("Campaign")."""
    return base - (1 if port_damaged else 0)


def refit(
    refit_: Refit, points: int, ammo: int, max_ammo: int, damage: int, per_point: int = 2
) -> tuple[int, int]:
    """(ammo, damage) after a refit; refuses one that spends more than ``points``, repairs
    more damage than there is, or tops ammo past the aircraft's starting ammo (digest M13)."""
    if refit_.points > points:
        raise ValueError(f"the refit spends {refit_.points} action points of {points}")
    if refit_.repairs > damage:
        raise ValueError(f"{refit_.repairs} repairs for {damage} damage")
    if refit_.ammo and ammo + per_point * (refit_.ammo - 1) >= max_ammo:
        raise ValueError("an action point on ammo the plane cannot hold")
    return min(max_ammo, ammo + per_point * refit_.ammo), damage - refit_.repairs


def specialization_level(kills: int, thresholds: Sequence[int]) -> int:
    """The level (0-3) ``kills`` of one category give (reading S3 B: cumulative thresholds)."""
    return sum(1 for t in thresholds if kills >= t)


def specialization_choices(
    kills: Mapping[str, int], thresholds: Mapping[str, Sequence[int]]
) -> tuple[str, ...]:
    """The categories a pilot without a Specialization may choose now (at least level I)."""
    return tuple(c for c, t in thresholds.items() if specialization_level(kills.get(c, 0), t))


def use_specialization(clock: int, level: int, owned: int) -> int:
    """Using level L (at most the level owned, only on a green clock) moves the clock L fields
    into the red."""
    if clock:
        raise ValueError("the Specialization is cooling down")
    if not 1 <= level <= owned:
        raise ValueError(f"level {level} is not owned (level {owned})")
    return level


def tick(clock: int) -> int:
    """At the end of Reorganization the clock moves one field toward green."""
    return max(0, clock - 1)


# --- Phase VI as tasks ------------------------------------------------------------------------


def refits(points: int, ammo: int, max_ammo: int, damage: int, hand_room: int) -> list[Refit]:
    """Every useful way to spend the action points (all of them, as far as they can be used)."""
    out = []
    for repairs in range(min(points, damage) + 1):
        for ammo_points in range(points - repairs + 1):
            cards = points - repairs - ammo_points
            plan = Refit(cards=cards, repairs=repairs, ammo=ammo_points)
            try:
                refit(plan, points, ammo, max_ammo, damage)
            except ValueError:
                continue
            out.append(plan)
    return out or [Refit()]


def reorganization_tasks(st: S303State) -> list[Task]:
    tasks: list[Task] = []
    for p in st.planes:
        if p.status == LANDED:
            tasks.append(("refit", p.id))
        elif p.status in (DOWN, WITHDRAWN):
            tasks.append(("newpilot", p.id))
    tasks += [("specialize", p.id) for p in st.planes if p.status in (FLYING, LANDED)]
    tasks.append(("endturn",))
    return tasks


def _category_kills(st: S303State, kills: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for k in kills:
        category = st.comp.aircraft[k].category
        if category is not None:
            out[category] = out.get(category, 0) + 1
    return out


def specialize_decision(st: S303State, task: Task) -> Decision | None:
    """ "Specialization": a pilot without one may choose a category he has reached level I in,
    or wait for another (example 14); the choice cannot be changed. Offered at each kill (the
    instant a level is reached, ``combat.do_resolve``) and in Phase VI."""
    plane = st.plane(task[1])
    if plane.spec or plane.status not in (FLYING, LANDED):
        return None
    # by the kills alone (asked of every pilot at every turn's end, mostly with none new)
    table = memo(st.comp, "specialization_choices")
    choices = table.get(plane.kills)
    if choices is None:
        thresholds = st.comp.rules.specialization.thresholds
        choices = specialization_choices(_category_kills(st, plane.kills), thresholds)
        table[plane.kills] = choices
    if not choices:
        return None
    options = [Action("specialize", category="none")]
    options += [Action("specialize", category=c) for c in sorted(choices)]
    return Decision(plane.seat, f"{plane.id}: choose a Specialization now?", tuple(options))


def do_specialize(st: S303State, task: Task, action: Action) -> None:
    category = str(action.get("category"))
    if category == "none":
        return
    st.put(st.plane(task[1])._replace(spec=category, clock=0))
    st.say(f"{task[1]} specializes against {category.replace('_', ' ')}s")


def refit_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    points = action_points(st.comp.rules.action_points, _port_damaged(st))
    max_ammo = st.comp.aircraft["hurricane"].ammo
    plans = refits(points, plane.ammo, max_ammo, len(plane.damage), 0)
    return Decision(
        plane.seat,
        f"{plane.id} on the airfield: {points} action points (1 card, 1 repair or 2 ammo each)",
        tuple(Action("refit", cards=r.cards, repairs=r.repairs, ammo=r.ammo) for r in plans),
    )


def _port_damaged(st: S303State) -> bool:
    from .campaign import port_penalty

    return port_penalty(st)  # a Campaign Target Damage tile on a Port


def do_refit(st: S303State, task: Task, action: Action) -> None:
    plane = st.plane(task[1])
    plan = Refit(
        cards=int(action.get("cards")),  # type: ignore[arg-type]
        repairs=int(action.get("repairs")),  # type: ignore[arg-type]
        ammo=int(action.get("ammo")),  # type: ignore[arg-type]
    )
    points = action_points(st.comp.rules.action_points, _port_damaged(st))
    ammo, _ = refit(plan, points, plane.ammo, st.comp.aircraft["hurricane"].ammo, len(plane.damage))
    st.put(plane._replace(ammo=ammo))
    # each repair removes a token of the player's choice (S22), on either pilot of a solo game
    st.push(*([("repair", plane.id)] * plan.repairs), *([("draw", plane.id)] * plan.cards))


def do_repair(st: S303State, task: Task) -> None:
    """One repair: the only kind of token on the board goes at once; else the player chooses."""
    kinds = sorted(set(st.plane(task[1]).damage))
    if len(kinds) == 1:
        _remove_token(st, task[1], kinds[0])
    elif kinds:
        st.push(("fix", task[1]))


def fix_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    kinds = sorted(set(plane.damage))
    if len(kinds) < 2:
        return None
    return Decision(
        plane.seat,
        f"{plane.id} on the airfield: which damage token to repair?",
        tuple(Action("repair", token=k) for k in kinds),
    )


def do_fix(st: S303State, task: Task, action: Action) -> None:
    _remove_token(st, task[1], str(action.get("token")))


def _remove_token(st: S303State, plane_id: str, kind: str) -> None:
    plane = st.plane(plane_id)
    damage = list(plane.damage)
    del damage[len(damage) - 1 - damage[::-1].index(kind)]  # the latest of that kind
    st.put(plane._replace(damage=tuple(damage)))
    st.say(f"{plane_id} repairs the {kind.replace('_', ' ')} damage")


def newpilot_ready(st: S303State, task: Task) -> bool:
    if st.pilots:
        return True
    st.reserve_short = True  # "a new Pilot must be brought into the game and the Reserve is empty"
    return False


def newpilot_chance(st: S303State, task: Task) -> Chance:
    return Draw(f"a new pilot from the Reserve for {task[1]}", st.pilots)


def do_newpilot(st: S303State, task: Task, action: Action) -> None:
    """ "2. Pilot shot down or Withdrawn": a new pilot, ammo reset, damage cleared, cards drawn
    up to the limit."""
    from .campaign import bench, on, restored
    from .players import limit_of

    pilot = str(action.get("item"))
    st.pilots = tuple(p for p in st.pilots if p != pilot)
    plane = st.plane(task[1])
    if on(st):  # "Campaign": the pilot leaving is safe and keeps his record
        bench(st, plane)
    plane = plane._replace(
        pilot=pilot,
        status=FLYING,
        area=st.scenario.starting_airfield,
        ammo=st.scenario.ammo,
        damage=(),
        tokens=0,
        kills=(),
        medals=0,
        spec="",
        clock=0,
    )
    if on(st):
        plane = restored(st, plane)
    st.put(plane)
    st.say(f"{plane.id}: a new pilot comes in")
    st.push(*([("draw", plane.id)] * max(0, limit_of(st, plane) - len(plane.hand))))


def do_endturn(st: S303State, task: Task) -> None:
    """The end of the turn: clocks, the Scenario's end, the next turn."""
    from .victory import Facts, scenario_end

    settle_events(st)
    from .aces import end_of_turn

    end_of_turn(st)
    # (only the pieces that change are rebuilt: the same values, fewer copies)
    st.germans = tuple(g._replace(fought=False) if g.fought else g for g in st.germans)
    st.squadrons = tuple(
        s._replace(counterattacked=False, sun=False) if s.counterattacked or s.sun else s
        for s in st.squadrons
    )
    st.planes = tuple(
        p._replace(
            fought=False, fought_last=p.fought_now, fought_now=(), barred=(), clock=tick(p.clock)
        )
        for p in st.planes
    )
    facts = Facts(
        turn=st.turn_no,
        target_damage=dict(st.target_damage),
        toughness=_toughness_table(st),
        kills=st.kills,
        pilots_down=st.pilots_down,
        pilots_in=frozenset(p.area for p in st.planes if p.airborne),
        all_landed=all(p.status == LANDED for p in st.planes if p.status in (FLYING, LANDED)),
    )
    no_pilots = all(p.status in (DOWN, WITHDRAWN) for p in st.planes) and not st.pilots
    end = scenario_end(st.scenario, facts, no_pilots, st.reserve_short, st.players_goal)
    if end is None:
        st.push(("turn",))
        return
    winner, reason = end
    # a cooperative game: the players' side wins or nobody does ("Winning and losing")
    won = winner == "raf"
    from .campaign import end_leg, on

    if won:  # "Medal tokens": a Medal to each pilot in play at a won Scenario's end
        from .players import award_medal

        for p in st.planes:
            if p.status in (FLYING, LANDED):
                award_medal(st, p.id, "the Scenario won")
    reason = f"{reason} ({st.kills} shot down, {st.pilots_down} pilots lost)"
    if on(st):  # "Campaign": the next Scenario, or the Campaign's end
        end_leg(st, won, reason)
        return
    st.result = Terminal("raf" if won else None, {"raf": 1.0 if won else 0.0}, reason)
    st.say(f"Game over: {reason}.")


def _toughness(st: S303State, area: str) -> int:
    symbols = st.board.areas[area].symbols
    return max((st.comp.rules.target_toughness[s] for s in symbols), default=1)


def _toughness_table(st: S303State) -> Mapping[str, int]:
    """Every Area's Toughness, worked out once for each set of components (they never change;
    every turn's end reads the whole table)."""
    found = _TOUGHNESS.get(id(st.comp))
    if found is None or found[0] is not st.comp:
        table = MappingProxyType({a: _toughness(st, a) for a in st.board.areas})
        found = _TOUGHNESS[id(st.comp)] = (st.comp, table)
    return found[1]


_TOUGHNESS: dict[int, tuple[Components, Mapping[str, int]]] = {}


def _own(squadron: str, event: str) -> bool:
    return squadron.startswith(f"{event}-")


def settle_events(st: S303State) -> None:
    """Phase VI.6-7: a player who fought an Event's planes (or stood where it asked) has
    contributed; an Event whose goal the players met gives each contributor a Medal; one whose
    goal the Luftwaffe met has its planes removed ("Events and Medal tokens", L9)."""
    from .players import award_medal
    from .victory import Facts, event_goal_turn, goal_met

    for event_id, turn in st.revealed:
        if event_id in st.settled:
            continue
        event = next(e for e in st.comp.events if e.id == event_id)
        marks = set(st.marks)
        for p in st.planes:
            if any(_own(s, event_id) for s in p.fought_now):
                marks.add((event_id, p.id))
        goal = event_goal_turn(event.players_goal, turn)
        if goal.kind == "hold":
            for p in st.planes:
                if p.airborne and p.area == goal.area:
                    marks.add((event_id, p.id))
        st.marks = tuple(sorted(marks))
        facts = Facts(
            turn=st.turn_no,
            target_damage=dict(st.target_damage),
            toughness=_toughness_table(st),
            own_kills=sum(1 for s in st.downed if _own(s, event_id)),
            own_exited=sum(1 for s in st.exited if _own(s, event_id)),
            pilots_down=st.pilots_down,
            pilots_in=frozenset(p.area for p in st.planes if p.airborne),
        )
        last = st.turn_no >= st.scenario.turns
        lw = event.luftwaffe_goal
        if lw is not None and goal_met(event_goal_turn(lw, turn), facts, last, "luftwaffe"):
            st.settled = (*st.settled, event_id)
            st.camp = st.camp._replace(failed=(*st.camp.failed, event_id))
            st.germans = tuple(g for g in st.germans if not _own(g.squadron, event_id))
            st.say(f"Event {event.name}: the Luftwaffe met its goal; its planes leave")
        elif goal_met(goal, facts, last or (goal.kind == "protect" and _event_over(st, event_id))):
            st.settled = (*st.settled, event_id)
            for pid in sorted({p for e, p in st.marks if e == event_id}):
                if st.plane(pid).status in (FLYING, LANDED):
                    award_medal(st, pid, f"Event {event.name}")
            st.say(f"Event {event.name}: met; a Medal to each pilot who took part")


def _event_over(st: S303State, event_id: str) -> bool:
    """A raid Event is over when none of its planes is left on the way (its bombers home or
    down)."""
    return not any(_own(g.squadron, event_id) and not g.bombed for g in st.germans if g.on_board)
