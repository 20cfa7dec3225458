"""The bob heuristic players: legal, deciding from the view alone, better than random, and a
Channel Battle between the two that finishes with a plausible score (docs/rules/bob-bots.md)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from dowding.bots import Player, make_player, player_kinds
from dowding.engine import Action, Decision, Match, Terminal, view
from dowding.rulesets.bob import bots
from dowding.rulesets.bob.bots import PLAYERS, BobHeuristic
from dowding.rulesets.bob.state import BobState
from dowding.rulesets.bob.tables import load_tables

MAX_STEPS = 30_000
Hook = Callable[[Match, Decision, Player], None]


def side(seat: str) -> str:
    return "raf" if seat.startswith("raf") else "luftwaffe"


def play(
    seed: int,
    kinds: dict[str, str],
    scenario: str = "channel-battle",
    options: dict[str, object] | None = None,
    hook: Hook | None = None,
) -> Match:
    """A game with seeded dice; ``kinds`` names the player of each side."""
    match = Match("bob", scenario, options, seed=seed)
    players = {
        seat: make_player("bob", kinds[side(seat)], seat, seed * 31 + i)
        for i, seat in enumerate(match.state.seat_ids())
    }
    for _ in range(MAX_STEPS):
        node = match.node()
        if isinstance(node, Terminal):
            return match
        if isinstance(node, Decision):
            player = players[node.seat]
            if hook is not None:
                hook(match, node, player)
            action = player.choose(view(match.state, node.seat), node)
            assert action in node.options, f"{action} is not offered: {node.prompt}"
            match.play(action)
        else:
            match.roll()
    raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")


def winner(match: Match) -> str | None:
    node = match.node()
    assert isinstance(node, Terminal)
    return node.winner


# --- registration and legality -------------------------------------------------------------------


def test_the_heuristic_is_offered_for_every_seat() -> None:
    assert "heuristic" in player_kinds("bob")
    assert set(PLAYERS) == {"heuristic"}
    for seat in ("raf", "luftwaffe", "raf-10-12", "luftwaffe-3-5"):
        player = make_player("bob", "heuristic", seat, seed=3)
        assert isinstance(player, BobHeuristic)
        assert player.side == side(seat)


@pytest.mark.parametrize(
    ("scenario", "players"),
    [
        ("channel-battle", 2),
        ("channel-battle", 4),
        ("duel-of-eagles", 2),
        ("london-burning", 3),
        ("campaign", 2),
    ],
)
def test_it_only_plays_listed_options(scenario: str, players: int) -> None:
    # play() asserts every choice is among the decision's options
    match = play(5, {"raf": "heuristic", "luftwaffe": "heuristic"}, scenario, {"players": players})
    assert isinstance(match.node(), Terminal)


def test_it_answers_every_kind_of_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds: set[str] = set()

    def note(match: Match, node: Decision, player: Player) -> None:
        kinds.update(o.kind for o in node.options)

    # the raid-happy Luftwaffe this player once was (flying raids valued down to -2), so that
    # three games bring every kind of decision; the shipped one flies a raid or two a game
    monkeypatch.setattr(bots, "GROUND_BELOW", -2.0)
    for seed in (1, 2, 3):
        play(seed, {"raf": "heuristic", "luftwaffe": "heuristic"}, hook=note)
    # the decisions the brief lists; "resolve" and "repair" need combats and losses, which
    # three games always bring
    for kind in ("assign", "place", "fly", "fuel", "move", "intercept", "bombrun", "dogfight"):
        assert kind in kinds, kind
    for kind in ("resolve", "lose", "pick", "patrol", "press_on", "repair"):
        assert kind in kinds, kind


# --- the view alone ------------------------------------------------------------------------------


def test_choices_depend_on_the_view_alone() -> None:
    """Re-deal what the deciding seat cannot see (the other side's face-down cards, the
    Luftwaffe's missions for the RAF): every choice stays the same."""
    rng = random.Random(11)
    checked = 0
    redealt = 0

    def twin_agrees(match: Match, node: Decision, player: Player) -> None:
        nonlocal checked, redealt
        state = match.state
        assert isinstance(state, BobState)
        other = state.determinize(node.seat, rng)
        if other.card_loc != state.card_loc or other.mission_loc != state.mission_loc:
            redealt += 1
        twin = copy.deepcopy(player)  # the same memory of earlier views
        real = copy.deepcopy(player).choose(view(state, node.seat), node)
        assert twin.choose(view(other, node.seat), node) == real, node.prompt
        checked += 1

    for seed in (4, 9):
        play(seed, {"raf": "heuristic", "luftwaffe": "heuristic"}, hook=twin_agrees)
    assert checked > 200
    assert redealt > checked // 2  # the hidden cards really were moved about


# --- sensible play, decision by decision ---------------------------------------------------------


def flight(side_: str, space: str | None, cards: list[str], **more: Any) -> dict[str, Any]:
    """A flight as a view shows it to its own side."""
    t = load_tables()
    shown = []
    for cid in cards:
        c = t.cards[t.card_index[cid]]
        shown.append(
            {
                "id": c.id,
                "type": c.type,
                "dice": c.dice,
                "damage": c.damage,
                "bombs": c.bombs,
                "unit": c.unit,
                "name": c.name,
            }
        )
    return {
        "side": side_,
        "space": space,
        "status": "map" if space else "box",
        "fuel": more.pop("fuel", 0),
        "detected": False,
        "nondetect": False,
        "bombrun": False,
        "intercepted": False,
        "ace": False,
        "cards": shown,
        **more,
    }


def a_view(flights: dict[str, Any] | None = None, turn: int = 1) -> dict[str, Any]:
    """A view with these flights, nothing hit and every marker in the pool."""
    return {
        "turn": turn,
        "last_turn": 4,
        "flights": flights or {},
        "targets": {},
        "markers": {"air_combat": 5, "big_wing": 0, "combats": {}},
        "damaged": [],
    }


def choose(seat: str, seen: dict[str, Any], prompt: str, *options: str) -> str:
    decision = Decision(seat, prompt, tuple(Action.parse(o) for o in options))
    return make_player("bob", "heuristic", seat).choose(seen, decision).text


HE111S = ["lw-2-01", "lw-2-02", "lw-2-03"]
BF109S = ["lw-2-27", "lw-2-28", "lw-2-29"]


def test_the_luftwaffe_bombs_on_arrival() -> None:
    seen = a_view({"2A": flight("luftwaffe", "U35", HE111S, target="swingate-dover")})
    prompt = "Luft. 2A is over its target: place a bombing run marker?"
    assert choose("luftwaffe", seen, prompt, "bombrun", "hold") == "bombrun"


def test_the_luftwaffe_answers_the_marker_question_away_from_its_target() -> None:
    # put after every flight's move (docs/rules/bob.md, Step 5, Bomb Run Marker): only "hold"
    seen = a_view({"2A": flight("luftwaffe", "T34", HE111S, target="swingate-dover")})
    prompt = (
        "Luft. 2A ends its move at T34, not over its target: no bombing run marker to place "
        "(Step 5, Bomb Run Marker)"
    )
    assert choose("luftwaffe", seen, prompt, "hold") == "hold"


def test_the_luftwaffe_loses_its_only_bomber_to_ack_ack() -> None:
    seen = a_view({"2A": flight("luftwaffe", "Q33", HE111S[:1] + BF109S, target="london")})
    prompt = "Ack-ack brings down 1 bomber squadron(s) of Luft. 2A: all it has"
    got = choose("luftwaffe", seen, prompt, f"lose cards={HE111S[0]},")
    assert got == f"lose cards={HE111S[0]},"


def test_the_luftwaffe_takes_luftflotte_2_s_seventh_card_in_london_burning() -> None:
    prompt = "London Burning: deal 6 or 7 squadron cards to each Luftflotte 2 flight (Step 4)"
    assert choose("luftwaffe", a_view(), prompt, "deal cards=6", "deal cards=7") == "deal cards=7"


def test_the_luftwaffe_aborts_without_bombers_and_presses_on_with_them() -> None:
    prompt = "Luft. 2A at T35: abort its mission and turn for home?"
    fighters = a_view({"2A": flight("luftwaffe", "T35", BF109S, fuel=2, target="rye")})
    assert choose("luftwaffe", fighters, prompt, "press_on", "abort") == "abort"
    bombers = a_view({"2A": flight("luftwaffe", "T35", HE111S, fuel=2, target="rye")})
    assert choose("luftwaffe", bombers, prompt, "press_on", "abort") == "press_on"


def test_the_luftwaffe_turns_back_from_a_target_out_of_reach() -> None:
    # Glasgow from the Channel coast with one fuel token left: five spaces cannot do it
    seen = a_view({"2A": flight("luftwaffe", "T35", HE111S, fuel=1, target="glasgow")})
    prompt = "Luft. 2A at T35: abort its mission and turn for home?"
    assert choose("luftwaffe", seen, prompt, "press_on", "abort") == "abort"


def test_the_luftwaffe_grounds_a_flight_rather_than_send_it_out_of_reach() -> None:
    # the last turn: only a target within one fuel token (5 spaces) can still be bombed
    seen = a_view(turn=4, flights={"2A": flight("luftwaffe", None, HE111S)})
    prompt = "Mission for Luft. 2A (Step 3): assign a pending mission, or ground the flight"
    far = choose("luftwaffe", seen, prompt, "assign mission=M13-07", "ground")
    assert far == "ground"
    near = choose(
        "luftwaffe", seen, prompt, "assign mission=M11-13", "assign mission=M13-07", "ground"
    )
    assert near == "assign mission=M11-13"  # Swingate (Dover), two spaces from Calais


def test_the_luftwaffe_flies_straight_for_a_target_in_range() -> None:
    seen = a_view({"2A": flight("luftwaffe", "W35", HE111S, fuel=2, target="swingate-dover")})
    prompt = "Luft. 2A at W35: 5 space(s) left (Step 5)"
    moves = [f"move to={s}" for s in ("V34", "W34", "X34", "V35", "X35", "V36", "W36", "X36")]
    got = choose("luftwaffe", seen, prompt, *moves, "stop")
    assert got in ("move to=V34", "move to=V35", "move to=V36")  # each a step nearer U35


def test_the_luftwaffe_spends_two_tokens_only_for_a_long_leg() -> None:
    prompt = "Luft. 2A: fuel tokens to spend this turn (Step 5)"
    opts = ("fuel tokens=1", "fuel escort=stay tokens=2", "fuel escort=home tokens=2")
    near = a_view({"2A": flight("luftwaffe", "W35", HE111S, fuel=2, target="swingate-dover")})
    assert choose("luftwaffe", near, prompt, *opts) == "fuel tokens=1"
    far = a_view({"2A": flight("luftwaffe", "W35", HE111S, fuel=2, target="coventry")})
    # no fighter in reach of Coventry: the Bf 109s go home rather than run dry
    assert choose("luftwaffe", far, prompt, *opts) == "fuel escort=home tokens=2"


def test_losses_are_the_fewest_and_cheapest_cards() -> None:
    prompt = "Intercept over U35: choose the squadrons that take 4 hit(s)"
    two = "lose cards=lw-2-01,lw-2-02"
    fighter = "lose cards=lw-2-27,"
    bomber = "lose cards=lw-2-01,"
    assert choose("luftwaffe", a_view(), prompt, two, fighter) == fighter
    assert choose("luftwaffe", a_view(), prompt, bomber, fighter) == fighter
    # a Hurricane (damage 3) goes before a Spitfire (damage 4)
    hurricane, spitfire = "lose cards=raf-11-01,", "lose cards=raf-11-04,"
    assert choose("raf", a_view(), prompt, spitfire, hurricane) == hurricane


def test_the_raf_repairs_airfields_first() -> None:
    prompt = "11 Group: 1 repair(s) to make (Step 2)"
    got = choose(
        "raf",
        a_view(),
        prompt,
        "repair card=raf-11-01",
        "repair radar=rye",
        "repair airfield=biggin-hill",
    )
    assert got == "repair airfield=biggin-hill"


def test_the_raf_intercepts_with_its_strongest_flight_in_reach() -> None:
    spitfires = ["raf-11-04", "raf-11-05", "raf-11-06"]
    seen = a_view(
        {
            "2A": flight("luftwaffe", "U35", [], mission="hidden"),
            "11B": flight("raf", "S34", spitfires[:1]),
            "11C": flight("raf", "R33", spitfires),
        }
    )
    seen["flights"]["2A"]["cards"] = [{"id": None, "unit": 2, "hidden": True}] * 6
    prompt = "Radar reports Luft. 2A at U35: intercept? (Step 5, British Intercept)"
    got = choose("raf", seen, prompt, "intercept flight=11B", "intercept flight=11C", "decline")
    assert got == "intercept flight=11C"


def test_the_raf_heads_home_when_weak() -> None:
    prompt = "RAF 11C after the air combat over U35: stay on patrol or head home?"
    opts = ("patrol flight=11C", "home flight=11C")
    weak = a_view({"11C": flight("raf", "U35", ["raf-11-01"])})
    assert choose("raf", weak, prompt, *opts) == "home flight=11C"
    strong = a_view({"11C": flight("raf", "U35", ["raf-11-01", "raf-11-02", "raf-11-03"])})
    assert choose("raf", strong, prompt, *opts) == "patrol flight=11C"


# --- strength ------------------------------------------------------------------------------------

# Fixed seeds, so that the counts below are the same on every run: 30 of 30 for the RAF and
# 20 of 30 for the Luftwaffe (about three games in four over a hundred seeds: 72 of seeds 1-100,
# 74 before the Bomb Run Marker and ack-ack questions were put every time, which moved the seeded
# dice of every later step; seeds 1-30 went from 23 to 20 and 31-60 from 22 to 26. The
# Luftwaffe's raids are at the mercy of the intercept dice). docs/rules/bob-bots.md has more games.
SEEDS = range(1, 31)


def test_the_raf_heuristic_beats_random() -> None:
    wins = sum(winner(play(s, {"raf": "heuristic", "luftwaffe": "random"})) == "raf" for s in SEEDS)
    assert wins >= 0.9 * len(SEEDS)


def test_the_luftwaffe_heuristic_beats_random() -> None:
    wins = sum(
        winner(play(s, {"raf": "random", "luftwaffe": "heuristic"})) == "luftwaffe" for s in SEEDS
    )
    assert wins >= 0.65 * len(SEEDS)


def test_heuristic_against_heuristic_gives_a_plausible_battle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bots, "GROUND_BELOW", -2.0)  # a Luftwaffe that flies most of its raids
    missions = lost_lw = lost_raf = hit = 0
    for seed in range(1, 7):
        # the public view at the end: what a spectator sees
        end = play(seed, {"raf": "heuristic", "luftwaffe": "heuristic"}).state.view(None)
        missions += len(end["missions"]["luftwaffe"])
        lost_lw += sum(1 for c in end["damaged"] if str(c["id"]).startswith("lw-"))
        lost_raf += sum(1 for c in end["damaged"] if str(c["id"]).startswith("raf-"))
        hit += sum(1 for target in end["targets"].values() if target["hits"] > 0)
    # the Luftwaffe gets some raids home and hits targets, and both sides lose squadrons
    assert missions >= 3 and hit >= 3
    assert lost_lw >= 6 and lost_raf >= 1


def test_the_luftwaffe_flies_only_the_raids_that_pay(monkeypatch: pytest.MonkeyPatch) -> None:
    # No Mission Assignment: a grounded flight scores nothing, so a raid expected to lose points
    # is not flown; the raids it flies get home and hit their targets at little cost (played
    # for points alone: the shipped player takes risks when behind, tested below)
    monkeypatch.setattr(bots, "RISK_PER_VP", 0.0)
    missions = lost_lw = hit = 0
    for seed in range(1, 7):
        end = play(seed, {"raf": "heuristic", "luftwaffe": "heuristic"}).state.view(None)
        missions += len(end["missions"]["luftwaffe"])
        lost_lw += sum(1 for c in end["damaged"] if str(c["id"]).startswith("lw-"))
        hit += sum(1 for target in end["targets"].values() if target["hits"] > 0)
    assert missions >= 3 and hit >= 3
    assert lost_lw <= 2 * missions


def _first_assign(scenario: str) -> tuple[dict[str, Any], Decision]:
    match = Match("bob", scenario, seed=3)
    while True:
        node = match.node()
        if isinstance(node, Decision) and any(o.kind == "assign" for o in node.options):
            return view(match.state, node.seat), node
        if isinstance(node, Decision):
            match.play(node.options[-1])
        else:
            match.roll()


def test_the_luftwaffe_takes_risks_only_when_behind() -> None:
    # Step 3 plays to win: ahead on points it flies only the raids that pay; level (a draw is no
    # win) or behind, raids expected to lose a little, more the further behind it is
    player = BobHeuristic("luftwaffe")
    seen, _ = _first_assign("duel-of-eagles")

    def floor(lw: int, raf: int) -> float:
        v = bots._View({**seen, "victory_points": {"luftwaffe": lw, "raf": raf}}, player.s)
        return player._ground_below(v)

    assert floor(40, 14) == bots.GROUND_BELOW
    # level on points, with RAF repairs to come: behind
    assert floor(14, 14) < bots.GROUND_BELOW
    assert floor(10, 20) < floor(14, 14)
    assert floor(0, 60) == bots.GROUND_BELOW - bots.MAX_RISK


def test_a_luftwaffe_level_on_points_does_not_sit_at_home(monkeypatch: pytest.MonkeyPatch) -> None:
    # Channel Battle starts level: a Luftwaffe playing for points alone grounds nearly every
    # flight (a draw or a point ahead); playing to win, it flies more raids
    def flown() -> int:
        count = 0

        def note(match: Match, node: Decision, player: Player) -> None:
            nonlocal count
            if node.seat == "luftwaffe" and any(o.kind == "assign" for o in node.options):
                twin = copy.deepcopy(player)
                count += twin.choose(view(match.state, node.seat), node).kind == "assign"

        for seed in range(1, 5):
            play(seed, {"raf": "heuristic", "luftwaffe": "heuristic"}, hook=note)
        return count

    shipped = flown()
    monkeypatch.setattr(bots, "RISK_PER_VP", 0.0)
    assert shipped >= flown() + 4


def test_grounding_the_raids_that_do_not_pay_wins_more(monkeypatch: pytest.MonkeyPatch) -> None:
    # against the heuristic RAF the shipped Luftwaffe wins more Channel Battles than the one that
    # flew raids valued down to -2 (docs/rules/bob.md, Balance: 5% of 200 games)
    def lw_wins() -> int:
        both = {"raf": "heuristic", "luftwaffe": "heuristic"}
        return sum(winner(play(s, both)) == "luftwaffe" for s in range(1, 11))

    shipped = lw_wins()
    monkeypatch.setattr(bots, "GROUND_BELOW", -2.0)
    assert shipped >= lw_wins() + 3
