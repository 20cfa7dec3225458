"""The squadron303 game state: every scenario and player count plays to the end under random
play; the state copies, serialises and hides what it should."""

from __future__ import annotations

import random

import pytest

from dowding.engine import Action, Decision, Terminal
from dowding.rulesets.squadron303.game import Squadron303Game
from dowding.rulesets.squadron303.state import S303State

GAME = Squadron303Game()
SCENARIOS = [s.id for s in GAME.scenarios]


def _play(state: S303State, seed: int, limit: int = 20000) -> S303State:
    rng = random.Random(seed)
    for _ in range(limit):
        node = state.next()
        if isinstance(node, Terminal):
            return state
        state.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end(scenario: str, players: int) -> None:
    state = _play(GAME.new_state(scenario, {"players": players}), seed=players)
    result = state.next()
    assert isinstance(result, Terminal) and result.winner in ("raf", None)


def test_seats_follow_the_players_option() -> None:
    assert GAME.seat_ids({"players": 1}) == ("p1",)
    assert GAME.seat_ids({"players": 3}) == ("p1", "p2", "p3")
    solo = GAME.new_state("blitz", {"players": 1})
    assert [(p.id, p.seat, p.role) for p in solo.planes] == [
        ("p1", "p1", "leader"),
        ("p1w", "p1", "wingman"),
    ]


def test_setup_deals_pilots_cards_and_squadrons() -> None:
    rng = random.Random(3)
    state = GAME.new_state("attack-on-biggin-hill", {"players": 4})
    while state.turn_no == 0:
        node = state.next()
        assert not isinstance(node, Terminal | Decision)
        state.apply(node.sample(rng))
    assert all(p.pilot and len(p.hand) == 6 and p.ammo == 4 for p in state.planes)
    assert len(state.pilots) == 3  # the Reserve of a 4-player game
    assert len(state.squadrons) == 4
    assert {g.area for g in state.germans} == {"A3", "B4", "E3", "C7"}


def test_to_dict_round_trips_mid_game() -> None:
    state = GAME.new_state("blitz", {"players": 2})
    rng = random.Random(5)
    for _ in range(150):
        node = state.next()
        if isinstance(node, Terminal):
            break
        state.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
        again = GAME.state_from_dict(state.to_dict())
        assert again.key() == state.key()


def test_private_hands_are_hidden_and_redealt() -> None:
    state = GAME.new_state("blitz", {"players": 2, "open_hands": False})
    rng = random.Random(1)
    while state.turn_no == 0:
        state.apply(state.next().sample(rng))  # type: ignore[union-attr]
    view = state.view("p1")
    hands = {p["id"]: p["hand"] for p in view["planes"]}
    assert hands["p1"] is not None and hands["p2"] is None
    other = state.determinize("p1", random.Random(9))
    assert other.view("p1", infostate=False) == state.view("p1", infostate=False)
    assert other.plane("p1").hand == state.plane("p1").hand
    open_view = GAME.new_state("blitz", {"players": 2}).view("p1")
    assert all(p["hand"] is not None for p in open_view["planes"])


def _set_up(scenario: str, players: int, seed: int = 3) -> S303State:
    state = GAME.new_state(scenario, {"players": players})
    rng = random.Random(seed)
    while state.turn_no == 0:
        state.apply(state.next().sample(rng))  # type: ignore[union-attr]
    return state


def test_hidden_squadrons_are_tokens_until_entered() -> None:
    # Home, Sweet Home: Poling's radar is out, so Sector C's Deployment cards stay face down.
    state = _set_up("home-sweet-home", 4)
    hidden = {s.id for s in state.squadrons if s.hidden}
    assert hidden == {"brown", "black", "white"}  # the three slots in Sector C
    view = state.view("p1")
    assert set(view["hidden"]) == hidden
    assert not any(g["squadron"] in hidden for g in view["germans"])
    # a re-deal may swap their cards, never what the seat sees
    swapped = False
    for k in range(10):
        other = state.determinize("p1", random.Random(k))
        assert other.view("p1", infostate=False) == state.view("p1", infostate=False)
        swapped |= [s.card for s in other.squadrons] != [s.card for s in state.squadrons]
    assert swapped
    # flying into the token's Area reveals the squadron
    area = state.token_area("black")
    state.planes = (state.plane("p1")._replace(area=area), *state.planes[1:])
    state.reveal_contacts()
    assert not state.squadron("black").hidden
    assert any(g["squadron"] == "black" for g in state.view("p1")["germans"])


def test_hidden_squadrons_cannot_be_fought() -> None:
    state = _set_up("home-sweet-home", 2)
    sq = next(s for s in state.squadrons if s.hidden)
    assert state.germans_in(state.token_area(sq.id)) == ()


def test_reconnaissance_reveals_a_hidden_squadron_from_next_door() -> None:
    state = _set_up("home-sweet-home", 2)
    sid = next(s.id for s in state.squadrons if s.hidden)
    token = state.token_area(sid)
    beside = min(state.board.neighbours[token])
    state.planes = (
        state.plane("p1")._replace(area=beside, hand=("c03", "c06", "c01")),  # two Maneuvers
        *state.planes[1:],
    )
    state.queue = (("recon", "p1"), ("fight", "p1"), ("move", "p2"))
    state._node = None
    node = state.next()
    assert isinstance(node, Decision)
    assert Action("recon", squadron=sid, cards=("c03", "c06")) in node.options
    state.apply(Action("recon", squadron=sid, cards=("c03", "c06")))
    assert not state.squadron(sid).hidden and state.plane("p1").hand == ("c01",)
    # reading S14: the revealing pilot may not attack that squadron this turn
    from dowding.rulesets.squadron303.combat import _targets

    there = state.plane("p1")._replace(area=token)
    assert state.germans_in(token) and not _targets(state, there)
    assert _targets(state, state.plane("p2")._replace(area=token))  # the others may


def test_flying_into_a_hidden_squadron_reveals_it_in_hun_in_the_sun_mode() -> None:
    # "Hidden Squadrons": a plane moving into the Area reveals it "using 'Hun in the Sun'
    # mode"; "The player, who revealed the Hidden squadron ... cannot attack it this turn."
    from dowding.rulesets.squadron303.combat import combat_tasks, fight_decision

    state = _set_up("home-sweet-home", 2)
    comp = state.comp
    sq = next(
        s
        for s in state.squadrons
        if s.hidden
        and any(
            comp.aircraft[k].category != "bomber" for k in comp.deployment_card(s.card).aircraft
        )
    )
    token = state.token_area(sq.id)
    beside = min(state.board.neighbours[token])
    state.germans = tuple(g for g in state.germans if g.squadron == sq.id)
    state.planes = tuple(
        p._replace(area=beside, moves_left=1, tokens=0, status="flying") for p in state.planes
    )
    state.queue = (("move", "p1"),)
    state._node = None
    node = state.next()
    assert isinstance(node, Decision)
    state.apply(Action("go", to=token))
    assert not state.squadron(sq.id).hidden and state.squadron(sq.id).sun
    assert sq.id in state.plane("p1").barred
    assert combat_tasks(state)[0] == ("hun", sq.id, token)  # it strikes before the Fights
    decision = fight_decision(state, ("fight", "p1"))
    assert decision is None  # its only German squadron there is barred to him
