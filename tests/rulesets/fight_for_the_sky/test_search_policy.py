"""The search player's own policy in Fight for the Sky (``search.py: OWN_POLICY``): the heuristic
with four of its settings (``bots.Settings``) changed, each measured to win more against the
heuristic (docs/benchmarks.md, "Fight for the Sky's own policy"); the other side is still
imagined as the heuristic plays it."""

from __future__ import annotations

import random
from dataclasses import replace

from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Decision, get_game
from dowding.rulesets.fight_for_the_sky import bots
from dowding.rulesets.fight_for_the_sky.bots import (
    DEFAULT,
    PLAYER,
    HeuristicPlayer,
    Settings,
    policy,
)
from dowding.rulesets.fight_for_the_sky.search import (
    OWN_POLICY,
    WEIGHTS,
    OwnPolicy,
    evaluate,
    features,
    own_settings,
)
from dowding.rulesets.fight_for_the_sky.state import FightState
from tests.support import seat_wins

from .position import blank, fly, formation, run


def _wins(scenario: str, seat: str, settings: dict[str, object], seeds: range) -> float:
    """Games won by ``seat`` played with ``settings`` against the heuristic."""

    def make(s: str, seed: int, tried: bool) -> HeuristicPlayer:
        return HeuristicPlayer(s, seed, **(settings if tried else {}))

    return seat_wins("fight-for-the-sky", scenario, seat, make, seeds)


def test_the_defaults_are_the_heuristics_own() -> None:
    assert Settings() == DEFAULT
    # the player a person meets paces its Campaign; the search's rollouts keep DEFAULT
    assert HeuristicPlayer("raf", 0).settings_for("basic") is PLAYER
    assert replace(DEFAULT, day_pace=1.0) == PLAYER
    assert HeuristicPlayer("raf", 0, bombers=6).settings_for("basic") == replace(PLAYER, bombers=6)
    # the Campaign's RAF goes in only where a pair gains: its answer to the paced Luftwaffe
    player = HeuristicPlayer("raf", 0, bombers=6)
    assert player.settings_for("campaign") == replace(PLAYER, pair_floor=0.2, bombers=6)
    assert player.settings_for("intermediate") == replace(PLAYER, bombers=6)
    # the search's own settings name both, so a trial of them plays what the search plays
    assert own_settings("campaign")["pair_floor"] is None
    assert own_settings("campaign")["day_pace"] is None


def test_the_own_luftwaffe_wins_more_intermediate_games_than_the_heuristic() -> None:
    # up to six bombers a raid: over seeds 0-399, 223.5 -> 375 of 400; here seeds 0-11
    seeds = range(12)
    assert _wins("intermediate", "luftwaffe", OWN_POLICY, seeds) >= (
        _wins("intermediate", "luftwaffe", {}, seeds) + 2
    )


def _aims(cfg: Settings) -> list[str]:
    s = get_game("fight-for-the-sky").new_state("basic", {})
    assert isinstance(s, FightState)
    rng = random.Random(0)
    aims = []
    while s.queue[0][0] == "aim":
        choice = policy(s, rng, cfg)
        aims.append(choice.word("at"))
        s.apply(choice)
    return aims


def test_the_own_basic_luftwaffe_spreads_its_raids_by_what_each_target_can_score() -> None:
    # How to Win the Basic Game: a target's hits score up to its AA value (Dover 3, Hawkinge 2,
    # the rest 1). Both send two raids to Dover and one to Hawkinge; for the last the heuristic
    # weighs the hexes flown within the RAF's reach and takes Manston, the own policy weighs
    # only what a target still lets a raid score and takes Dunkirk (worth 1 as well)
    assert _aims(DEFAULT) == ["dover", "dover", "hawkinge", "manston"]
    assert _aims(replace(DEFAULT, **OWN_POLICY)) == ["dover", "dover", "hawkinge", "dunkirk"]


def _first_pick(s: FightState) -> FightState:
    rng = random.Random(0)
    while s.queue[0][0] != "pick":
        s.apply(policy(s, rng))
    return s


def test_the_own_luftwaffe_fills_a_raid_with_bombers() -> None:
    # How to Make Up Your Formations: up to 6 units; the heuristic stops at 3 bombers and adds
    # escorts, the own policy takes bombers while any may join
    own = replace(DEFAULT, **OWN_POLICY)
    s = _first_pick(get_game("fight-for-the-sky").new_state("intermediate", {}))
    heuristic_roles, own_roles = [], []
    for cfg, roles in ((DEFAULT, heuristic_roles), (own, own_roles)):
        t = s.copy()
        assert isinstance(t, FightState)
        rng = random.Random(0)
        while t.queue[0][0] == "pick":
            choice = policy(t, rng, cfg)
            if choice.kind == "add":
                roles.append(t.role(int(choice.number("unit"))))
            t.apply(choice)
    assert heuristic_roles.count("bomber") == 3
    assert own_roles.count("bomber") > 3


def _dest(s: FightState, sqn: str, cfg: Settings) -> str:
    node = run(s, ("raf_dest", sqn))
    assert isinstance(node, Decision)
    choice = policy(s, random.Random(0), cfg)
    return choice.word("to") if choice.kind == "fly" else choice.kind


def test_the_own_raf_keeps_out_of_a_dogfight_its_squadron_would_lose_points_in() -> None:
    # a lone squadron against two He 111s under three Me 109s loses points (How to Attack's
    # fire back; How to Win): the heuristic goes in before the raid bombs, the own policy keeps
    # near; against the He 111s alone the squadron gains, and both go in
    own = replace(DEFAULT, **OWN_POLICY)
    for units, gains in (((11, 12, 49, 50, 51), False), ((11, 12), True)):
        chosen = {}
        for name, cfg in (("heuristic", DEFAULT), ("own", own)):
            s = blank("intermediate", turn=5)
            f = formation(s, units, "L8", "detling")
            fly(s, "610", "J8", land_by=10)
            assert (bots._join_gain(s, s.sqn("610"), "L8", f) >= 0) is gains
            chosen[name] = _dest(s, "610", cfg)
        assert chosen["heuristic"] == "L8"
        assert (chosen["own"] == "L8") is gains


def test_a_search_player_imagines_its_own_side_with_its_policy_and_the_other_as_the_heuristic() -> (
    None
):
    own = OwnPolicy("luftwaffe")
    s = _first_pick(get_game("fight-for-the-sky").new_state("intermediate", {}))
    assert own._settings(s) == replace(DEFAULT, **own_settings("intermediate"))
    assert OwnPolicy("raf")._settings(s) is DEFAULT
    # the Campaign's RAF keeps the heuristic's take-off rule (17 of 40 with the Intermediate
    # Game's, 26 with the heuristic's)
    campaign = own_settings("campaign")
    assert campaign["scramble_slack"] == DEFAULT.scramble_slack
    assert {k: v for k, v in campaign.items() if k != "scramble_slack"} == {
        k: v for k, v in OWN_POLICY.items() if k != "scramble_slack"
    }
    player = ISMCTSPlayer("fight-for-the-sky", "raf", 1, "novice")
    assert isinstance(player.rollout, OwnPolicy)
    assert player.rollout.seat == "raf"
    assert player.prior == player.rollout.prior
    assert player.evaluate == player.rollout.evaluate


def test_a_search_player_scores_a_position_by_the_games_its_rollouts_play() -> None:
    # OWN_WEIGHTS: the Intermediate start, where the own Luftwaffe wins 9 in 10 of the games its
    # rollouts play (against the heuristic RAF), and the own RAF (pair_floor) two in three; the
    # score fitted to heuristic games read 0.49 for either, and a veteran search Luftwaffe took
    # a 0-0 day (0.5) over its raids. The Basic Game has no own fit: the heuristic games' score
    game = get_game("fight-for-the-sky")
    start = game.new_state("intermediate", {})
    assert OwnPolicy("luftwaffe").evaluate(start)["luftwaffe"] > 0.75
    assert 0.3 < OwnPolicy("raf").evaluate(start)["luftwaffe"] < 0.45
    basic = game.new_state("basic", {})
    assert OwnPolicy("luftwaffe").evaluate(basic) == evaluate(basic)


def test_the_search_keeps_its_policys_pick_in_the_intermediate_game_only() -> None:
    # KEEP_POLICY_MARGIN by scenario: read from the first position the player searches
    for scenario, margin in (("intermediate", 0.05), ("basic", None)):
        s = get_game("fight-for-the-sky").new_state(scenario, {})
        rng = random.Random(0)
        while True:
            node = s.next()
            if isinstance(node, Decision) and len(node.options) > 1:
                break
            s.apply(node.options[0] if isinstance(node, Decision) else node.sample(rng))
        player = ISMCTSPlayer("fight-for-the-sky", node.seat, 0, "novice")
        assert player.budget.keep_margin is None
        player.choose(s.view(node.seat), node)
        assert player.budget.keep_margin == margin


def test_the_campaign_is_scored_by_its_own_fit_over_its_whole_length() -> None:
    # The Campaign's points are counted once, after its last day turn: its turns left are the
    # whole campaign's, and it reads weights fitted to campaigns (WEIGHTS, OWN_WEIGHTS), not the
    # Intermediate Game's, which read its later days 0.001-0.1 for a Luftwaffe that went on to win
    game = get_game("fight-for-the-sky")
    start = game.new_state("campaign", {})
    assert isinstance(start, FightState)
    days, turns = start.rules.campaign_days, start.rules.turns_per_day
    assert features(start)[2] == days * turns - 1
    last_day = start.copy()
    last_day.day = days - 1
    assert features(last_day)[2] == turns - 1
    ahead = start.copy()
    ahead.lost = (0, 0, 20)  # twenty bomber flights shot down: 40 points to the RAF
    assert evaluate(ahead)["raf"] > evaluate(start)["raf"]
    assert evaluate(start) != evaluate(start, WEIGHTS["intermediate"])
    # The search Luftwaffe flies the Campaign only while its score reads the start above a half:
    # below it, a level 0-0 is worth more, and the printed end condition (3) gives it one (it
    # flies nothing on the first day and announces at the second's start). A refit on today's
    # rollouts read it 0.27, and every campaign between search players ended so, after 12
    # actions (docs/rules/fight-for-the-sky.md, Balance, "A refit that would end the Campaign")
    assert OwnPolicy("luftwaffe").evaluate(start)["luftwaffe"] > 0.8
    assert 0.3 < OwnPolicy("raf").evaluate(start)["luftwaffe"] < 0.6
