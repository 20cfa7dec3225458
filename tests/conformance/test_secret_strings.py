"""Nothing a seat is sent depends on what that seat cannot see (STYLE.md principle 5).

The view alone is not enough: chance labels, narration, prompts, option texts, refusals, the dice
tray and replays are strings too, and a ruleset may keep a hidden card's name in its task queue
or scratch, where re-dealing the cards in the view leaves it alone. So, for every registered
ruleset and scenario (and each option value that seats more players), a game is played as the
server plays it (a real ``LiveGame``, every seat human, dice typed by hand, spectators allowed),
and at sampled states, mid-combat included:

1. for each seat, ``state.determinize(seat)`` re-deals everything that seat cannot see, wherever
   the state keeps it (task queue and scratch included); for the spectator, the re-deal of each
   seat's unknowns in turn;
2. everything the server would send that seat is built from both states with the real functions
   of ``web/payload.py``: the live payload (view, decision, dice wanted, map, narration, dice
   tray, result), the replay payload at that step, and what the pending node is about to send:
   its label and outcome as the dice tray will show them, the dice the seat would type and the
   refusal of a wrong entry, the refusal of a wrong action at the seat's own decision;
3. both must be identical, and so must what the next step tells the seat (its narration and
   dice-tray entry, the corresponding option or outcome played in both states) whenever that
   step leaves the seat's view the same in both: a step may reveal a card, but then the view
   shows it too.

``test_redeal_reaches_the_queue_and_scratch`` checks the re-deal itself: it must move the hidden
card names kept in the task queue with the cards, or step 1 would prove nothing about them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from dowding.bots import make_player, player_kinds
from dowding.engine import (
    Action,
    Chance,
    Decision,
    Draw,
    Game,
    IllegalAction,
    Match,
    Node,
    State,
    Terminal,
    get_game,
    ruleset_ids,
    view,
)
from dowding.engine.game import describe_refusal
from dowding.storage.repository import GameRecord, SeatRecord
from dowding.web import payload
from dowding.web.live import LiveGame, Rolled
from dowding.web.payload import build, decision_json, seat_view
from tests.support import SLOW, cases, play
from tests.support import differ as support_differ

CASES = cases()
SEED = 1_940_010
# States sampled per game: the first node of each kind, every SAMPLE_EVERY-th step, and chance
# nodes at random (the dice of combat and of reaching for home), at most MAX_SAMPLES of them.
# The short form (CI) samples as widely over the game, less densely; DOWDING_SLOW=1 the long.
SAMPLE_EVERY = 23 if SLOW else 47
CHANCE_SHARE = 0.25 if SLOW else 0.1
MAX_SAMPLES = 60 if SLOW else 24
MAX_STEPS = 4_000


def seating_options(game: Game) -> list[dict[str, object]]:
    """Default options, each option value that changes who sits at the table, and each other
    value of an option that changes what a seat may see (``OptionSpec.secrecy``)."""
    variants: list[dict[str, object]] = [{}]
    default = game.seat_ids()
    for spec in game.option_specs:
        values: list[object] = list(spec.choices)
        if isinstance(spec.default, int) and not isinstance(spec.default, bool):
            low, high = spec.minimum, spec.maximum
            if low is not None and high is not None and high - low <= 4:
                values = list(range(int(low), int(high) + 1))
        for value in values:
            if value != spec.default and game.seat_ids({spec.name: value}) != default:
                variants.append({spec.name: value})
        if spec.secrecy and isinstance(spec.default, bool):
            variants.append({spec.name: not spec.default})
    return variants


def table(ruleset: str, scenario: str, options: dict[str, object], seed: int) -> LiveGame:
    """A game as the server holds it: every seat human, dice typed, spectators welcome."""
    match = Match(ruleset, scenario or None, options, seed=seed)
    record = GameRecord(
        id="secret-strings",
        ruleset=ruleset,
        scenario=match.scenario,
        options=dict(match.options),
        seed=seed,
        initial_hash=match.initial_hash,
        dice="manual",
        spectators=True,
        seats=[SeatRecord(seat, "human") for seat in match.state.seat_ids()],
    )
    return LiveGame(record, match)


def advance(live: LiveGame, action: Action) -> None:
    """One step, the way the server takes it (scratch copy, then commit)."""
    pending = live.begin()
    live.step(pending, action)
    live.commit(pending, live.summary(pending))


def played(live: LiveGame, kind: str, seed: int) -> Iterator[int]:
    """Play the game to its end; yields the step number of each sampled state (before it moves)."""
    match = live.match
    players = {
        seat: make_player(match.game.id, kind, seat, seed + i)
        for i, seat in enumerate(match.state.seat_ids())
    }
    pick = random.Random(seed)
    samples = 0
    kinds: set[str] = set()
    for step in range(MAX_STEPS):
        node = match.node()
        chance = isinstance(node, Chance) and pick.random() < CHANCE_SHARE
        # the first node of each kind too (the rare ones: losses to choose, a bombing run...)
        kind = node_kind(node)
        novel = kind not in kinds
        kinds.add(kind)
        if novel or (samples < MAX_SAMPLES and (step % SAMPLE_EVERY == 0 or chance)):
            samples += 1
            yield step
        if isinstance(node, Terminal):
            return
        if isinstance(node, Decision):
            action = players[node.seat].choose(view(match.state, node.seat), node)
        else:
            action = match.dice.outcome(node, len(match.steps))
        advance(live, action)
    raise AssertionError(f"no end after {MAX_STEPS} steps")


def node_kind(node: Node) -> str:
    """A node's kind: its type, seat and the words of its prompt or label, less any numbers."""
    words = node.prompt if isinstance(node, Decision) else getattr(node, "label", "")
    seat = node.seat if isinstance(node, Decision) else ""
    return " ".join([type(node).__name__, seat, *(w for w in words.split()[:4] if w.isalpha())])


def dumps(data: object) -> str:
    return json.dumps(data, sort_keys=True, default=str)


def differ(a: object, b: object) -> bool:
    """``tests.support.differ`` for things sent that may hold values JSON writes as text."""
    return support_differ(a, b, write=dumps)


def refusal(state: State, action: Action) -> str:
    try:
        state.copy().apply(action)
    except IllegalAction as exc:
        return str(exc)
    return "accepted"


def tray(node: Chance, outcome: str, seat: str | None) -> dict[str, Any]:
    """The dice-tray line the server will send ``seat`` once ``node`` is resolved."""
    rolled = Rolled(0, node.label, outcome, node.visible_to, node.detail, node.detail_to)
    return {
        "label": rolled.label_for(seat),
        "visible": rolled.visible(seat),
        "outcome": outcome if rolled.visible(seat) else None,
    }


def pending(live: LiveGame, state: State, seat: str | None) -> dict[str, Any]:
    """What the pending node is about to send ``seat``, beyond the payload itself."""
    node = state.next()
    out: dict[str, Any] = {"kind": type(node).__name__}
    if isinstance(node, Decision):
        out["seat"] = node.seat
        if node.seat == seat:
            out["refused"] = refusal(state, Action("zz-nonsense", x=1))
    elif isinstance(node, Chance):
        out["tray"] = tray(node, "", seat)
        typing = live.manual_dice_seats(node)
        out["typing"] = list(typing)
        if seat is not None and seat in typing:
            out["expects"] = node.expects
            out["refused"] = describe_refusal(Action("zz-nonsense", x=1), node)
            try:
                node.parse("zz")
            except ValueError as exc:
                out["parse"] = str(exc)
    return out


def sent(live: LiveGame, state: State, seat: str | None) -> dict[str, Any]:
    """Everything the server sends ``seat`` while the game stands at ``state``."""
    snap = dataclasses.replace(live.snapshot, state=state)
    return {
        "live": build(live, seat, snap),
        "replay": build(live, seat, live.snapshot, state=state, step=live.snapshot.seq),
        "pending": pending(live, state, seat),
    }


def corresponding(node: Node, twin: Node, rng: random.Random) -> tuple[Action, Action] | None:
    """One move at ``node`` and the move at ``twin`` (the same node, re-dealt) that matches it:
    the same outcome of the dice, the same place in a list of options or of cards drawn."""
    if isinstance(node, Decision) and isinstance(twin, Decision):
        if node.seat != twin.seat or len(node.options) != len(twin.options):
            return None
        i = rng.randrange(len(node.options))
        if node.options[i] in twin.options:  # the same move where both worlds allow it
            return node.options[i], node.options[i]
        return node.options[i], twin.options[i]
    if isinstance(node, Draw) and isinstance(twin, Draw):
        if len(node.items) != len(twin.items) or not node.items:
            return None
        i = rng.randrange(len(node.items))
        return Action("draw", item=node.items[i]), Action("draw", item=twin.items[i])
    if isinstance(node, Chance) and isinstance(twin, Chance):
        outcome = node.sample(rng)
        return (outcome, outcome) if twin.is_outcome(outcome) else None
    return None


def shown(state: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` sees of a state: its view, and the public face of the pending node (who
    decides, what is rolled and how many dice: at a table everyone sees the dice thrown)."""
    node = state.next()
    face: dict[str, Any] = {"kind": type(node).__name__}
    if isinstance(node, Decision):
        face["seat"] = node.seat
    elif isinstance(node, Chance):
        face["label"] = node.label_for(seat)
        if node.visible_to is None or (seat is not None and seat in node.visible_to):
            face["expects"] = node.expects
    return {"view": seat_view(state, seat), "node": face}


def told(before: State, after: State, move: Action, seat: str | None) -> dict[str, Any]:
    """What one step sends ``seat``: the narration it may read and its dice-tray line."""
    node = before.next()
    return {
        "events": [e.text for e in after.events if e.visible_to(seat)],
        "tray": tray(node, move.text, seat) if isinstance(node, Chance) else None,
    }


def check_step(state: State, twin: State, seat: str | None, rng: random.Random) -> str | None:
    """The next step, played in both: what it tells ``seat`` may differ only if its view does."""
    moves = corresponding(state.next(), twin.next(), rng)
    if moves is None:
        return None
    after, twin_after = state.copy(), twin.copy()
    after.apply(moves[0])
    twin_after.apply(moves[1])
    if differ(shown(after, seat), shown(twin_after, seat)):
        return None  # the step reveals something: the view or the next node shows it
    mine, theirs = told(state, after, moves[0], seat), told(twin, twin_after, moves[1], seat)
    if differ(mine, theirs):
        return f"the step {moves[0]} / {moves[1]} tells it {mine} / {theirs}"
    return None


def first_difference(a: str, b: str) -> str:
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"...{a[max(0, i - 150) : i + 150]}...\n   against\n...{b[max(0, i - 150) : i + 150]}..."


def leaks(live: LiveGame, step: int, rng: random.Random, redealt: list[int]) -> list[str]:
    """What differs for each seat between the live state and its re-deals; ``redealt`` counts
    the re-deals that changed anything (a test that re-deals nothing proves nothing)."""
    state = live.match.state
    seats = state.seat_ids()
    whole = state.to_dict()
    found: list[str] = []
    for seat in (*seats, None):
        mine = sent(live, state, seat)
        # the spectator sees less than any seat: every seat's unknowns are unknown to it too
        for redealer in seats if seat is None else (seat,):
            twin = state.determinize(redealer, random.Random(rng.random()))
            where = f"step {step}, {seat or 'spectator'} (re-dealt for {redealer})"
            redealt[0] += differ(twin.to_dict(), whole)
            try:
                theirs = sent(live, twin, seat)
            except Exception as exc:  # the pending node itself hangs on what the seat cannot see
                found.append(f"{where}: the re-dealt state cannot even be sent: {exc!r}")
                continue
            if differ(mine, theirs):
                found.append(
                    f"{where}: what it is sent depends on what it cannot see:\n"
                    + first_difference(dumps(mine), dumps(theirs))
                )
            problem = check_step(state, twin, seat, rng)
            if problem:
                found.append(f"{where}: {problem}")
    return found


@pytest.fixture(autouse=True)
def drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The map is drawn from (view, seat, decision) alone, all compared too: draw each once."""
    drawn: dict[str, str | None] = {}
    draw = payload.render_svg

    def render_svg(
        ruleset: str, seen: dict[str, Any], seat: str | None, decision: Decision | None
    ) -> str | None:
        # unsorted: the same build writes the same order, and a miss only draws again
        key = json.dumps(
            [ruleset, seen, seat, None if decision is None else decision_json(decision)],
            default=str,
        )
        if key not in drawn:
            drawn[key] = draw(ruleset, seen, seat, decision)
        return drawn[key]

    monkeypatch.setattr(payload, "render_svg", render_svg)


@pytest.fixture(params=CASES)
def case(request: pytest.FixtureRequest) -> tuple[str, str]:
    ruleset, scenario = request.param
    get_game(ruleset)
    return ruleset, scenario


def test_no_string_sent_depends_on_what_the_seat_cannot_see(case: tuple[str, str]) -> None:
    ruleset, scenario = case
    game = get_game(ruleset)
    if game.perfect_information:
        pytest.skip(f"{ruleset} hides nothing")  # determinize is a plain copy there
    kinds = [k for k in player_kinds(ruleset) if not k.startswith("ismcts")]
    found: list[str] = []
    redealt = [0]
    for n, options in enumerate(seating_options(game)):
        kind = kinds[-1] if n % 2 == 0 else kinds[0]  # the ruleset's own bots, then random
        live = table(ruleset, scenario, options, SEED + n)
        rng = random.Random(SEED + n)
        for step in played(live, kind, SEED + n):
            found += [
                f"{options or 'default options'}, {kind}, {f}"
                for f in leaks(live, step, rng, redealt)
            ]
    assert redealt[0] > 0, "no sampled state had anything to re-deal"
    assert not found, f"{len(found)} leak(s); the first ones:\n" + "\n\n".join(found[:6])


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_redeal_reaches_the_queue_and_scratch(ruleset: str) -> None:
    """A re-deal moves the names of hidden things kept in the task queue and scratch along with
    them (a roll for a card reaching for home names its card): were it to leave them, the test
    above could not see them leak. Names are those of the items drawn in the game (cards,
    missions); one is hidden from a seat when that seat's view does not show it."""
    game = get_game(ruleset)
    if game.perfect_information:
        pytest.skip(f"{ruleset} hides nothing")
    names: set[str] = set()
    kept: list[str] = []
    moved: list[str] = []
    rng = random.Random(SEED)

    def hook(match: Match, node: Node, step: int) -> None:
        if isinstance(node, Draw):
            names.update(node.items)
        whole = match.state.to_dict()
        held = dumps([whole.get("queue"), whole.get("scratch")])
        for seat in match.state.seat_ids():
            seen = dumps(view(match.state, seat, infostate=False))
            hidden = {n for n in names if f'"{n}"' in held and f'"{n}"' not in seen}
            if not hidden:
                continue
            twin = match.state.determinize(seat, random.Random(rng.random())).to_dict()
            again = dumps([twin.get("queue"), twin.get("scratch")])
            (moved if again != held else kept).append(f"step {step}, {seat}: {sorted(hidden)}")

    kinds = [k for k in player_kinds(ruleset) if not k.startswith("ismcts")]
    seats = game.seat_ids()
    for seed in (SEED, SEED + 1):
        players = {s: make_player(ruleset, kinds[-1], s, seed + i) for i, s in enumerate(seats)}
        play(ruleset, "", seed, players=players, hook=hook)
    if not moved and not kept:
        pytest.skip(f"{ruleset} keeps no hidden name in its queue or scratch in these games")
    assert moved, f"no re-deal moved a hidden name kept in the queue: {kept[:5]}"
