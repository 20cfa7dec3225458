"""Phase II: Players. Hand limit, Movement, Disengage, Withdraw, the Starting Area option.

Pure rules over numbers; the turn's task queue (to come: docs/rules/squadron303.md) calls them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from dowding.engine import Action, Decision
from dowding.engine.tasks import Task

from .pieces import FLYING, LANDED, WITHDRAWN, Plane

if TYPE_CHECKING:
    from .board import Board
    from .state import S303State

Role = Literal["player", "leader", "wingman"]


def hand_limit(ammo: int, hand_size_tokens: int, role: Role = "player", base: int = 2) -> int:
    """ "Phase II: 2. Combat card draw": the hand limit is 2 + ammo, less 1 per "hand size
    reduced by 1" damage token. "Solo game": the Leader's is 3 + ammo; the Wingman's table
    holds 4 (less its own tokens, "Damage")."""
    if role == "wingman":
        return max(0, 4 - hand_size_tokens)
    bonus = 1 if role == "leader" else 0
    return max(0, base + bonus + ammo - hand_size_tokens)


def movement_points(free_move: bool, card_move: int = 0, extra: int = 0) -> int:
    """ "3. Movement": 1 free Area (none with the "no free move" token), plus one Combat card's
    movement (+1..3), plus a pilot's extra Area (Feric)."""
    return (1 if free_move else 0) + card_move + extra


def disengage_cost(untokened_germans: int) -> int:
    """ "Disengage": 1 Movement or 1 Maneuver token per pair of German aircraft in the Area,
    rounded down; aircraft with a Maneuver token are not counted."""
    return untokened_germans // 2


def disengage_payments(cost: int, movement: int, tokens: int) -> tuple[tuple[int, int], ...]:
    """Every way to pay a Disengage cost as (tokens, Movement points), tokens first; the
    Movement left is ``movement`` less the points paid. Empty when it cannot be paid."""
    return tuple((t, cost - t) for t in range(min(cost, tokens), -1, -1) if cost - t <= movement)


def can_withdraw(germans_here: bool, fought_them_last_turn: bool, medals: int) -> bool:
    """ "Withdraw": leaving an Area with German forces this plane fought during the previous
    turn, for 1 Medal (reading S16: the literal previous turn)."""
    return germans_here and fought_them_last_turn and medals >= 1


def starting_area_options(costs: dict[str, int], hand: int) -> dict[str, int]:
    """ "Starting Area": the Areas a player may start in instead of the airfield, for the cards
    they would discard (Northolt to London 1, Biggin Hill 2, Tonbridge 3), given a hand."""
    return {area: n for area, n in costs.items() if n <= hand}


def reserve_size(pilots: int, players: int, removed: dict[str, int]) -> int:
    """ "Game setup" 3 and "Player count": the Pilot cards left after each player takes one
    and the random removals (3 players 2, 2 players and solo 3), reading S2."""
    seated = 2 if players == 1 else players
    return pilots - seated - removed[str(players)]


# --- Phase II as tasks -----------------------------------------------------------------------


def in_play(st: S303State) -> tuple[Plane, ...]:
    """Planes whose pilots are in the game this turn (not shot down or Withdrawn)."""
    return tuple(p for p in st.planes if p.status in (FLYING, LANDED))


def limit_of(st: S303State, plane: Plane) -> int:
    tokens = plane.damage.count("hand_size")
    extra = 1 if using(plane, "zumbach") else 0  # Zumbach: hand size +1
    return extra + hand_limit(plane.ammo, tokens, plane.role, st.comp.rules.hand_base)  # type: ignore[arg-type]


# The abilities built; a pilot with another ability declines his (and may take the yellow die).
BUILT_ABILITIES = frozenset(
    {"zumbach", "feric", "frantisek", "lokuciewski", "urbanowicz", "henneberg"}
)
# Abilities another pilot may buy with a Medal (Paszkiewicz's acts wherever the buyer is).
BORROWABLE = BUILT_ABILITIES | {"paszkiewicz"}


def using(plane: Plane, pilot: str) -> bool:
    """Whether this plane uses ``pilot``'s ability this turn: its own pilot's, or another's
    bought with a Medal ("Medal tokens": "Use another player's Pilot ability")."""
    return (plane.ability and plane.pilot == pilot) or plane.borrowed == pilot


# Options are made once for each set of cards or Areas (all immutable): decisions like these are
# asked on most steps, and their Actions are the same again and again.
def card_options(kind: str, cards: tuple[str, ...]) -> tuple[Action, ...]:
    """``<kind> card=X`` for each distinct card, in card order (hands vary too much to
    remember whole; each card's Action is remembered)."""
    options = []
    for card in sorted(set(cards)):
        action = _CARD_ACTIONS.get((kind, card))
        if action is None:
            action = _CARD_ACTIONS[(kind, card)] = Action(kind, card=card)
        options.append(action)
    return tuple(options)


_CARD_ACTIONS: dict[tuple[str, str], Action] = {}


@lru_cache(maxsize=4096)
def plane_options(kind: str, planes: tuple[str, ...]) -> tuple[Action, ...]:
    """``<kind> plane=X`` for each plane, in the order given."""
    return tuple(Action(kind, plane=pid) for pid in planes)


def ability_tasks(st: S303State) -> list[Task]:
    """ "1. Pilot Special Abilities": each pilot uses his ability this turn, or turns his card
    down and may swap a blue die for the yellow one. "Solo game": only the Leader's ability.
    Then a pilot holding a Medal may spend it on the ability of another pilot in play."""
    tasks: list[Task] = []
    for p in in_play(st):
        st.put(
            p._replace(
                ability=False, yellow=True, borrowed="", choice="", gift="", medal_used=False
            )
        )
        if p.pilot in BUILT_ABILITIES and p.role != "wingman":
            tasks.append(("ability", p.id))
    tasks += [("borrow", p.id) for p in in_play(st) if p.role != "wingman"]
    return tasks


def ability_decision(st: S303State, task: Task) -> Decision:
    plane = st.plane(task[1])
    pilot = next(p for p in st.comp.pilots if p.id == plane.pilot)
    # Feric: an extra Maneuver token instead of the extra Area
    options = _FERIC_OPTIONS if plane.pilot == "feric" else _ABILITY_OPTIONS
    return Decision(
        plane.seat,
        f"{plane.id}: use {pilot.name}'s ability this turn ({pilot.text}) or take the yellow die?",
        options,
    )


_ABILITY_OPTIONS = (Action("ability", use=1), Action("ability", use=0))
_FERIC_OPTIONS = (
    Action("ability", use=1),
    Action("ability", use=1, token=1),
    Action("ability", use=0),
)


def do_ability(st: S303State, task: Task, action: Action) -> None:
    use = bool(action.get("use"))
    plane = st.plane(task[1])._replace(ability=use, yellow=not use)
    if action.get("token"):
        plane = _feric_token(st, plane)
    st.put(plane)


def _feric_token(st: S303State, plane: Plane) -> Plane:
    """Feric's alternative: an extra Maneuver token now (the board holds at most 3), and then no
    extra Area this turn ("if he didn't take a Manoeuvre token earlier")."""
    tokens = min(st.comp.rules.max_maneuver_tokens, plane.tokens + 1)
    return plane._replace(tokens=tokens, choice="token")


def borrowable(st: S303State, plane: Plane, timings: frozenset[str]) -> list[str]:
    """ "Medal tokens": the pilots in play (never one's own) whose ability a Medal may buy now,
    "at the moment they wish to use the Ability", by its timing; none once a Medal is used."""
    if plane.medals < 1 or plane.medal_used or plane.status not in (FLYING, LANDED):
        return []
    timing = {p.id: p.timing for p in st.comp.pilots}
    others = {p.pilot for p in in_play(st) if p.id != plane.id} & BORROWABLE - {plane.pilot}
    return sorted(p for p in others if timing[p] in timings)


def borrow_decision(st: S303State, task: Task) -> Decision | None:
    """Phase II.1: a Medal for an ability of the draw or of Movement, or a passive one, for the
    turn; those of the Combat roll are bought as a Fight starts (``combat.fight_decision``)."""
    plane = st.plane(task[1])
    others = borrowable(st, plane, frozenset({"draw", "movement", "passive"}))
    if not others:
        return None
    options = [Action("pass")]
    for pilot in others:
        options.append(Action("borrow", pilot=pilot))
        if pilot == "feric":
            options.append(Action("borrow", pilot=pilot, token=1))
    return Decision(
        plane.seat, f"{plane.id}: spend a Medal on another pilot's ability?", tuple(options)
    )


def do_borrow(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    pilot = str(action.get("pilot"))
    plane = spend_medal(st.plane(task[1]))._replace(borrowed=pilot)
    if action.get("token"):
        plane = _feric_token(st, plane)
    st.put(plane)
    st.say(f"{plane.id} spends a Medal to use {pilot}'s ability this turn")


def spend_medal(plane: Plane) -> Plane:
    """A Medal back to the supply; one per pilot per turn ("Medal tokens")."""
    assert plane.medals >= 1 and not plane.medal_used, "no Medal to spend this turn"
    return plane._replace(medals=plane.medals - 1, medal_used=True)


def award_medal(st: S303State, plane_id: str, why: str) -> None:
    """A Medal from the supply (8 tokens, "Components"); none when the supply is empty."""
    held = sum(p.medals for p in st.planes)
    if held >= st.comp.rules.medal_supply:
        st.say(f"{plane_id} earns a Medal ({why}), but the supply is empty")
        return
    plane = st.plane(plane_id)
    st.put(plane._replace(medals=plane.medals + 1))
    st.say(f"{plane_id} earns a Medal ({why})")


def draw_tasks(st: S303State) -> list[Task]:
    """ "2. Combat card draw": 2 cards each ("Solo game": 1 for the Wingman, 3 for the Leader),
    then each discards down to the hand limit."""
    tasks: list[Task] = []
    for p in in_play(st):
        count = st.comp.rules.draw_per_turn
        if p.role == "leader":
            count = 3
        elif p.role == "wingman":
            count = 1
        if using(p, "zumbach"):  # Zumbach: one card more than normal
            count += 1
        if using(p, "lokuciewski") and p.role != "wingman":
            tasks.append(("loku", p.id))  # in place of the normal draw
            continue
        tasks += [("draw", p.id)] * count
    tasks += [("discard", p.id) for p in in_play(st)]
    return tasks


def loku_decision(st: S303State, task: Task) -> Decision:
    """Łokuciewski: "take 5 cards and keep 2, or take 2 from the discard pile"."""
    plane = st.plane(task[1])
    options = [Action("lokuciewski", take="deck")]
    if st.discards:
        options.append(Action("lokuciewski", take="discards"))
    return Decision(plane.seat, f"{plane.id}: Łokuciewski's draw", tuple(options))


def do_loku(st: S303State, task: Task, action: Action) -> None:
    plane = st.plane(task[1])
    if action.get("take") == "deck":
        # "Solo game": Łokuciewski as Leader draws 5, keeps 3 and splits them freely
        keep = 3 if plane.role == "leader" else 2
        put_back = [("putback", plane.id, plane.hand, keep)] * (5 - keep)
        split = [("split", plane.id, plane.hand)] if plane.role == "leader" else []
        st.push(*([("draw", plane.id)] * 5), *put_back, *split)
    else:
        st.push(*([("pick", plane.id)] * 2))


def _drawn(plane: Plane, before: tuple[str, ...]) -> list[str]:
    new = list(plane.hand)
    for card in before:
        if card in new:
            new.remove(card)
    return new


def putback_decision(st: S303State, task: Task) -> Decision | None:
    """One of the cards just drawn goes to the discard pile (5 drawn, 2 kept; solo Leader 3)."""
    plane = st.plane(task[1])
    keep = task[3] if len(task) > 3 else 2
    new = _drawn(plane, task[2])
    if len(new) <= keep:  # the deck ran short: he keeps what he drew
        return None
    return Decision(
        plane.seat,
        f"{plane.id}: put back a card just drawn ({len(new) - keep} to go)",
        card_options("discard", tuple(new)),
    )


def split_decision(st: S303State, task: Task) -> Decision | None:
    """ "Solo game", Łokuciewski as Leader: the kept cards split freely between the Leader's
    hand and the Wingman's table, one at a time."""
    plane = st.plane(task[1])
    wingman = next((p for p in st.planes if p.role == "wingman"), None)
    new = [c for c in _drawn(plane, task[2]) if c in plane.hand]
    if wingman is None or not new:
        return None
    options = [Action("split", card="none")]
    options += [Action("split", card=c) for c in sorted(set(new))]
    return Decision(plane.seat, f"{plane.id}: a card for the Wingman's table?", tuple(options))


def do_split(st: S303State, task: Task, action: Action) -> None:
    card = str(action.get("card"))
    if card == "none":
        return
    leader = st.plane(task[1])
    wingman = next(p for p in st.planes if p.role == "wingman")
    hand = list(leader.hand)
    hand.remove(card)
    st.put(leader._replace(hand=tuple(hand)))
    st.put(wingman._replace(hand=tuple(sorted((*wingman.hand, card)))))
    st.push(task)


def do_putback(st: S303State, task: Task, action: Action) -> None:
    discard_card(st, task[1], str(action.get("card")))


def pick_decision(st: S303State, task: Task) -> Decision | None:
    """A card taken from the (face-up) discard pile."""
    plane = st.plane(task[1])
    if not st.discards:
        return None
    return Decision(
        plane.seat,
        f"{plane.id}: take a card from the discard pile",
        card_options("take", st.discards),
    )


def do_pick(st: S303State, task: Task, action: Action) -> None:
    card = str(action.get("card"))
    plane = st.plane(task[1])
    discards = list(st.discards)
    discards.remove(card)
    st.discards = tuple(discards)
    st.put(plane._replace(hand=tuple(sorted((*plane.hand, card)))))
    st.say(f"{plane.id} takes {card} from the discard pile")


def discard_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    over = len(plane.hand) - limit_of(st, plane)
    if over <= 0:
        return None
    return Decision(
        plane.seat,
        f"{plane.id}: discard down to the hand limit ({over} to go)",
        card_options("discard", plane.hand),
    )


def do_discard(st: S303State, task: Task, action: Action) -> None:
    discard_card(st, task[1], str(action.get("card")))
    st.push(task)  # until the hand is within the limit


def discard_card(st: S303State, plane_id: str, card: str) -> None:
    plane = st.plane(plane_id)
    hand = list(plane.hand)
    hand.remove(card)
    st.put(plane._replace(hand=tuple(hand)))
    st.discards = tuple(sorted((*st.discards, card)))


def order_tasks(st: S303State, kind: str, planes: tuple[Plane, ...]) -> list[Task]:
    """ "3. Movement" and "Phase III": the planes go one after another "in an order the players
    choose": a decision naming those who have not gone yet, asked before each one ("Solo game":
    the Leader first, then the Wingman)."""
    if any(p.role != "player" for p in planes):
        return [(kind, p.id) for p in planes]
    return [("order", kind, tuple(p.id for p in planes))]


def _ready(st: S303State, kind: str, plane_id: str) -> bool:
    """Whether a plane would be asked now: every plane in Movement; in Phase III one that may
    Fight (a plane that may not yet may after an extra German move, reading S21)."""
    if kind == "move":
        return st.plane(plane_id).status == FLYING
    from .combat import fight_targets

    return bool(fight_targets(st, st.plane(plane_id)))


def do_order(st: S303State, task: Task) -> None:
    _, kind, left = task
    ready = [pid for pid in left if _ready(st, kind, pid)]
    if len(ready) == 1:  # one plane to go: nobody is asked
        rest = tuple(pid for pid in left if pid != ready[0])
        st.push((kind, ready[0]), *([("order", kind, rest)] if rest else []))
    elif ready:
        st.push(("first", kind, left))


def first_decision(st: S303State, task: Task) -> Decision | None:
    _, kind, left = task
    ready = [pid for pid in left if _ready(st, kind, pid)]
    if len(ready) < 2:
        return None
    verb = "moves" if kind == "move" else "fights"
    return Decision(
        st.plane(ready[0]).seat,
        f"Who {verb} next: {', '.join(ready)}?",
        plane_options("first", tuple(ready)),
    )


def do_first(st: S303State, task: Task, action: Action) -> None:
    _, kind, left = task
    chosen = str(action.get("plane"))
    rest = tuple(pid for pid in left if pid != chosen)
    st.push((kind, chosen), *([("order", kind, rest)] if rest else []))


def movement_tasks(st: S303State) -> list[Task]:
    """ "3. Movement": each plane in turn, in the order the players choose (``order_tasks``). A
    landed plane takes off at no cost (it may stay)."""
    tasks: list[Task] = []
    moving: list[Plane] = []
    if st.turn_no == 1 and st.scenario.starting_area_costs:
        tasks += [("start", p.id) for p in in_play(st) if p.area == st.scenario.starting_airfield]
    leader = next((p for p in st.planes if p.role == "leader"), None)
    for p in in_play(st):
        free = "no_free_move" not in p.damage
        # Feric: +1 Area, unless he took the extra Maneuver token
        extra = 1 if using(p, "feric") and p.choice != "token" else 0
        if p.role == "wingman" and leader is not None and leader.area == p.area:
            # "Solo game": Feric as Leader gives both the extra range if they fly together
            extra = 1 if using(leader, "feric") and leader.choice != "token" else 0
        st.put(p._replace(status=FLYING, moves_left=extra + (1 if free else 0), card_move=False))
        moving.append(st.plane(p.id))
    return tasks + order_tasks(st, "move", tuple(moving))


def _cost(st: S303State, area: str) -> int:
    return disengage_cost(sum(1 for g in st.germans_in(area) if not g.tokens))


_STOP, _LAND, _WITHDRAW = Action("stop"), Action("land"), Action("withdraw")


@lru_cache(maxsize=4096)
def _go_options(
    board: Board, area: str, cost: int, movement: int, tokens: int
) -> tuple[Action, ...]:
    """Every Area next door, with every way to pay the Disengage cost ("Disengage")."""
    options: list[Action] = []
    for there in sorted(board.neighbours[area]):
        for paid, points in disengage_payments(cost, movement, tokens):
            options.append(Action("go", to=there, tokens=paid) if paid else Action("go", to=there))
            del points
    return tuple(options)


def move_decision(st: S303State, task: Task) -> Decision:
    plane = st.plane(task[1])
    present = st.germans_in(plane.area)
    cost = disengage_cost(sum(1 for g in present if not g.tokens))
    options: list[Action] = [
        _STOP,
        *_go_options(st.board, plane.area, cost, plane.moves_left - 1, plane.tokens),
    ]
    if not plane.card_move and plane.role != "wingman":  # "Solo": the Leader's card moves both
        options += card_options("boost", plane.hand)
    if plane.area in st.comp.map.airfields:
        options.append(_LAND)
    medals = 0 if plane.medal_used else plane.medals  # one Medal per pilot per turn
    if medals and plane.fought_last:  # (no Medal or no Fight last turn: no Withdraw to weigh)
        here = {g.squadron for g in present}
        if can_withdraw(bool(here), bool(here & set(plane.fought_last)), medals):
            options.append(_WITHDRAW)
    return Decision(
        plane.seat,
        f"{plane.id} in {plane.area}: {plane.moves_left} Movement left"
        + (f", Disengage costs {cost}" if cost else ""),
        tuple(options),
    )


def do_move(st: S303State, task: Task, action: Action) -> None:
    plane = st.plane(task[1])
    if action.kind == "go":
        tokens = int(action.get("tokens") or 0)  # type: ignore[arg-type]
        paid = _cost(st, plane.area) - tokens + 1
        there = str(action.get("to"))
        st.put(
            plane._replace(
                area=there, moves_left=plane.moves_left - paid, tokens=plane.tokens - tokens
            )
        )
        st.say(f"{plane.id} flies to {st.board.areas[there].name}")
        st.reveal_contacts(plane.id)  # entering a Hidden squadron's Area reveals it
        st.push(task)
    elif action.kind == "boost":
        card = str(action.get("card"))
        discard_card(st, plane.id, card)
        plane = st.plane(plane.id)
        move = st.comp.card(card).move
        st.put(plane._replace(moves_left=plane.moves_left + move, card_move=True))
        for w in st.planes:  # "Solo game": one Leader card extends both pilots
            if plane.role == "leader" and w.role == "wingman" and w.status in (FLYING, LANDED):
                st.put(w._replace(moves_left=w.moves_left + move, card_move=True))
        st.push(task)
    elif action.kind == "withdraw":
        # "Withdraw": 1 Medal; the cards discarded; the plane to the starting airfield; a new
        # pilot in Phase VI; no extra German move
        st.discards = tuple(sorted((*st.discards, *plane.hand)))
        st.put(
            spend_medal(plane)._replace(
                hand=(),
                area=st.scenario.starting_airfield,
                status=WITHDRAWN,
                moves_left=0,
                tokens=0,
            )
        )
        st.say(f"{plane.id} withdraws from the fight")
    else:
        if action.kind == "land":  # "5. Landing": no extra Movement (reading S1)
            st.put(plane._replace(status=LANDED, moves_left=0, tokens=0))
            st.say(f"{plane.id} lands at {st.board.areas[plane.area].name}")
            new_leader(st)
        else:
            # Maneuver tokens kept from the last turn lapse at the end of Movement (S23)
            st.put(plane._replace(moves_left=0, tokens=0))


def new_leader(st: S303State) -> None:
    """ "Solo game": if the Leader lands or is shot down, the other pilot, if airborne, becomes
    the Leader; the hand is the Leader's and the table the Wingman's, so they change over too."""
    leader = next((p for p in st.planes if p.role == "leader"), None)
    wingman = next((p for p in st.planes if p.role == "wingman"), None)
    if leader is None or wingman is None or leader.airborne or not wingman.airborne:
        return
    st.put(leader._replace(role="wingman", hand=wingman.hand, ability=False))
    st.put(wingman._replace(role="leader", hand=leader.hand))
    st.say(f"{wingman.id} leads now")


def start_decision(st: S303State, task: Task) -> Decision | None:
    """ "Starting Area": after the first draw, discard 1 / 2 / 3 cards to start at London /
    Biggin Hill / Tonbridge instead of the airfield."""
    plane = st.plane(task[1])
    choices = starting_area_options(st.scenario.starting_area_costs, len(plane.hand))
    if not choices:
        return None
    options = [Action("start", at=plane.area)]
    options += [Action("start", at=area) for area in sorted(choices)]
    return Decision(
        plane.seat, f"{plane.id}: start the Scenario from another Area?", tuple(options)
    )


def do_start(st: S303State, task: Task, action: Action) -> None:
    plane = st.plane(task[1])
    area = str(action.get("at"))
    if area == plane.area:
        return
    st.put(plane._replace(area=area))
    st.say(f"{plane.id} starts over {st.board.areas[area].name}")
    st.reveal_contacts()
    st.push(*([("start_discard", plane.id)] * st.scenario.starting_area_costs[area]))


def start_discard_decision(st: S303State, task: Task) -> Decision | None:
    plane = st.plane(task[1])
    if not plane.hand:
        return None
    return Decision(
        plane.seat,
        f"{plane.id}: discard a card for the Starting Area",
        card_options("discard", plane.hand),
    )


def do_start_discard(st: S303State, task: Task, action: Action) -> None:
    discard_card(st, task[1], str(action.get("card")))


def recon_tasks(st: S303State) -> list[Task]:
    """ "4. Reconnaissance" (Scenarios that call for it)."""
    if not (st.scenario.reconnaissance or st.hidden_ids()):  # or radars out (Campaign)
        return []
    return [("recon", p.id) for p in st.planes if p.airborne]


def recon_decision(st: S303State, task: Task) -> Decision | None:
    """From an Area next to a Hidden squadron's token, play 2 cards with the Maneuver symbol in
    the middle to reveal it."""
    plane = st.plane(task[1])
    if not plane.airborne:
        return None
    near = [
        s.id
        for s in st.squadrons
        if s.hidden and st.token_area(s.id) in st.board.neighbours[plane.area]
    ]
    cards = sorted(c for c in plane.hand if st.comp.card(c).symbol == "maneuver")
    pairs = sorted({(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]})
    if not near or (not pairs and st.options["open_hands"]):
        return None  # with private hands it is asked all the same: that it is asked tells nothing
    options = [Action("pass")]
    options += [Action("recon", squadron=sid, cards=pair) for sid in near for pair in pairs]
    return Decision(plane.seat, f"{plane.id}: Reconnaissance of a Hidden squadron?", tuple(options))


def do_recon(st: S303State, task: Task, action: Action) -> None:
    if action.kind == "pass":
        return
    sid = str(action.get("squadron"))
    cards = action.get("cards")
    assert isinstance(cards, tuple)
    for card in cards:
        discard_card(st, task[1], str(card))
    plane = st.plane(task[1])
    # reading S14: the revealing pilot may not attack this squadron this turn
    st.put(plane._replace(barred=(*plane.barred, sid)))
    st.say(f"{plane.id} reconnoitres the {sid} squadron")
    st.reveal(sid)
    if st.options.get("recon_hits"):
        # reading S15 (a), an option: "For each Maneuver symbol give one hit before considering
        # dice results of Luftwaffe": first-strike Hits on an aircraft of the squadron revealed
        hits = sum(1 for c in cards if st.comp.card(str(c)).symbol == "maneuver")
        st.push(("strike", plane.id, sid, hits))


def strike_decision(st: S303State, task: Task) -> Decision | None:
    _, plane_id, sid, hits = task
    targets = [g for g in st.germans if g.squadron == sid and g.on_board]
    if not targets or not hits:
        return None
    return Decision(
        st.plane(plane_id).seat,
        f"{plane_id}: {hits} Hit(s) from the Reconnaissance on which aircraft of {sid}?",
        tuple(Action("strike", target=g.id) for g in targets),
    )


def do_strike(st: S303State, task: Task, action: Action) -> None:
    """The Hits count against Toughness as one round's ("Toughness"); the aircraft cannot answer
    them (they come "before considering dice results of Luftwaffe")."""
    from .combat import apply_hits, shoot_down_german, shot_down

    _, plane_id, _, hits = task
    target = st.german(str(action.get("target")))
    toughness = st.comp.aircraft[target.type].toughness
    damage = apply_hits(toughness, target.damage, int(hits))
    st.say(
        f"{plane_id} strikes {target.id} from the Reconnaissance: {damage - target.damage} damage"
    )
    if shot_down(toughness, damage):
        shoot_down_german(st, plane_id, target)
        st.push(("specialize", plane_id))
    else:
        st.put_german(target._replace(damage=damage))
