"""The rulebook's worked examples (digest §5), each as a test of the rule functions, with the
dice fixed as the example rolls them."""

from __future__ import annotations

from collections import Counter

import pytest

from dowding.rulesets.squadron303 import combat, counterattack, events, germans, players
from dowding.rulesets.squadron303 import reorganization as reorg
from dowding.rulesets.squadron303.board import Board
from dowding.rulesets.squadron303.components import Components, load_components


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


def test_ex1_events_schedule(comp: Components) -> None:
    # "Phase I": Attack on Biggin Hill reveals 2 Events on turn 2, one from blue+red, one from
    # green+brown+yellow; none on the other turns.
    sc = comp.scenario("attack-on-biggin-hill")
    assert events.lines_due(sc, 1) == ()
    due = events.lines_due(sc, 2)
    assert [set(line.colours) for line in due] == [{"blue", "red"}, {"green", "brown", "yellow"}]
    first, second = events.decks(sc, comp.events)
    assert set(first) == {"my-god", "air-supremacy"}
    assert set(second) == {"seek-and-destroy", "on-patrol"}


def test_ex2_hand_limit() -> None:
    # "2. Combat card draw": ammo 4 -> hand limit 6 (2 + 4); solo Leader 3 + ammo; Wingman 4.
    assert players.hand_limit(4, 0) == 6
    assert players.hand_limit(4, 1) == 5
    assert players.hand_limit(4, 0, "leader") == 7
    assert players.hand_limit(1, 0, "wingman") == 4


def test_ex3_disengage() -> None:
    # "Disengage": 4 German aircraft cost 2; Yellow pays his token and 1 Movement point out of
    # 1 free + 3 from the card, and has 3 left.
    assert players.disengage_cost(4) == 2
    assert players.disengage_cost(3) == 1  # 4 with one tokened
    assert players.disengage_cost(1) == 0
    mp = players.movement_points(free_move=True, card_move=3)
    assert mp == 4
    tokens, points = players.disengage_payments(2, mp, tokens=1)[0]
    assert (tokens, points) == (1, 1)
    assert mp - points == 3
    assert players.disengage_payments(2, 0, tokens=1) == ()


def test_ex3_disengage_reach(comp: Components) -> None:
    # ... and with 3 points he may attack in B1 or fly to Biggin Hill (the fight at Rochester).
    board = Board(comp.map)
    assert {"B1", "biggin-hill"} <= board.within("rochester", 3)


def test_ex4_withdraw() -> None:
    # "Withdraw": Blue, in an Area with the Germans he fought last turn, spends his one Medal.
    assert players.can_withdraw(True, True, medals=1)
    assert not players.can_withdraw(True, True, medals=0)
    assert not players.can_withdraw(True, False, medals=1)


def test_ex5_card_symbols(comp: Components) -> None:
    # "First Combat round": a die Hit and a card with a Hit whose effect is "two Hits give an
    # Evade" -> 2 Hits and 1 Evade.
    card = next(c for c in comp.cards if c.symbol == "hit" and c.name.startswith("Break Away"))
    symbols = combat.Symbols(dice=Counter(hit=1), cards=Counter(hit=1))
    sets = combat.ability_sets(card.ability.requires, symbols)
    gained = combat.effect_totals(card.ability.effect, sets)
    assert (symbols.total("hit"), gained["evade"]) == (2, 1)


@pytest.mark.parametrize(
    ("fighter", "supporter", "gains"),
    [
        (("wild", "wild"), ("hit",), {"hit"}),  # "Maneuver + Maneuver + Hit = Hit" (S4: Wild)
        (("evade", "evade"), ("wild",), {"evade"}),  # "Evade + Evade + Maneuver = Evade"
        (("wild", "wild"), ("wild",), set()),  # three Wilds are no Sequence
        (("hit", "hit", "hit"), ("evade",), set()),  # both cards must give to it
        (("hit",), ("evade",), set()),
    ],
)
def test_ex6_support_sequences(
    fighter: tuple[str, ...], supporter: tuple[str, ...], gains: set[str]
) -> None:
    assert combat.support_gains(fighter, supporter) == gains


def test_ex7_toughness(comp: Components) -> None:
    he111 = comp.aircraft["he111"].toughness
    bf109 = comp.aircraft["bf109"].toughness
    bf110 = comp.aircraft["bf110"].toughness
    assert combat.apply_hits(bf109, 0, 2) == 2  # 2 Hits down a Bf 109 in one round
    assert combat.apply_hits(bf109, combat.apply_hits(bf109, 0, 1), 1) == 2  # ... or in two
    assert combat.apply_hits(he111, 0, 2) == 1  # 1 damage, 1 Hit lost
    assert combat.apply_hits(he111, 0, 3) == 2
    assert combat.apply_hits(he111, 2, 1) == 3
    assert combat.shot_down(he111, 3)
    assert combat.apply_hits(bf110, 0, 1) == 0
    assert combat.apply_hits(bf110, 0, 2) == 1


def test_ex8_two_round_fight_with_support(comp: Components) -> None:
    bf109 = comp.aircraft["bf109"].toughness
    # Round 1: blues Hit, Maneuver; reds Hit, Evade. Blue puts the Maneuver die on a Hit card
    # whose ability (Maneuver + Hit) cancels a German Hit; the Hit die waits for round 2.
    card = next(c for c in comp.cards if c.symbol == "hit" and c.name.startswith("Tight Turn"))
    symbols = combat.Symbols(dice=Counter(maneuver=1), cards=Counter(hit=1))
    sets = combat.ability_sets(card.ability.requires, symbols)
    cancel = combat.effect_totals(card.ability.effect, sets)["cancel"]
    r1 = combat.resolve_round(
        hits=symbols.total("hit"),
        evades=0,
        german_faces=("hit3", "evade"),
        toughness=bf109,
        damage=0,
        cancel_german_hits=cancel,
    )
    assert (r1.target_damage, r1.damage_taken) == (0, 0)
    # Round 2: reds rerolled to 2 Hits; 4 symbols (Maneuver die, Hit card, Hit die, a 2nd card
    # with a Maneuver) give 2 Hits: the Bf 109 is down. Yellow's Support makes a Sequence: +1
    # Evade; Blue takes 1 damage, the downed Bf 109's Hits still counting.
    gains = combat.support_gains(("evade", "evade"), ("wild",))
    assert "evade" in gains
    r2 = combat.resolve_round(
        hits=2, evades=1, german_faces=("hit2", "hit4"), toughness=bf109, damage=r1.target_damage
    )
    assert r2.shot_down and r2.target_damage == 2
    assert r2.damage_taken == 1


def test_ex9_shoot_down_and_extra_moves(comp: Components) -> None:
    board = Board(comp.map)
    # Three Bf 109s counterattack with 6 red dice, all Hits; Blue cancels 1; 1 + 4 = 5: down.
    assert counterattack.counterattack_dice([counterattack.Fighter(2)] * 3) == 6
    faces = ("hit2", "hit2", "hit3", "hit3", "hit4", "hit4")
    taken = counterattack.damage_after_defence(faces, ["4"])
    assert taken == 5 and 1 + taken >= comp.rules.damage_to_destroy
    # Every squadron in A7 and the adjacent Areas moves: the one in A7 to A5, the one in A5 on
    # to Biggin Hill, where its He 111 bombs at once.
    squadrons = {"brown": "A7", "grey": "A5", "far": "portsmouth"}
    assert combat.extra_moves("A7", board.neighbours["A7"], squadrons) == ("brown", "grey")
    assert board.step_toward("A7", "biggin-hill") == "A5"
    assert board.step_toward("A5", "biggin-hill") == "biggin-hill"
    toughness = comp.rules.target_toughness["airfield"]
    assert germans.bomb(0, comp.aircraft["he111"].bombs, toughness) == 1
    # The damaged He 111 with 2 tokens does not move but removes one.
    assert not germans.moves(tokens=2, is_bomber=True)


def test_ex10_counterattack_bookkeeping() -> None:
    # Red ties up 2 of the black squadron's 4 Bf 109s: the other 2 counterattack (4 red dice).
    # The brown Bf 109 that shot Blue down fought, so it does not counterattack.
    black = [counterattack.Fighter(2, fought=i < 2) for i in range(4)]
    assert counterattack.counterattack_dice(black) == 4
    assert counterattack.counterattack_dice([counterattack.Fighter(2, fought=True)]) == 0
    assert counterattack.counterattack_dice([counterattack.Fighter(2, tokens=1)]) == 0


def test_ex11_defence_cancelling() -> None:
    # 2 red dice: a double and a triple propeller. Yellow's triple cancels that Hit for all;
    # Blue has no double: each takes 1 damage.
    assert counterattack.damage_after_defence(("hit2", "hit3"), ["3"]) == 1
    assert counterattack.damage_after_defence(("hit2", "hit3"), ["3", "4"]) == 1
    assert counterattack.damage_after_defence(("hit2", "hit3"), ["3", "wild"]) == 0
    assert counterattack.damage_after_defence(("hit2", "blank"), []) == 1
    assert counterattack.damage_after_defence(("evade", "reroll"), []) == 0


def test_ex12_reorganization_action_points(comp: Components) -> None:
    # Yellow spends 4 AP: 2 damage tokens removed, +2 ammo, 1 card.
    points = reorg.action_points(comp.rules.action_points, port_damaged=False)
    assert points == 4
    plan = reorg.Refit(cards=1, repairs=2, ammo=1)
    assert reorg.refit(plan, points, ammo=1, max_ammo=4, damage=3) == (3, 1)
    with pytest.raises(ValueError, match="action points"):
        reorg.refit(reorg.Refit(cards=5), points, ammo=1, max_ammo=4, damage=0)
    assert reorg.action_points(4, port_damaged=True) == 3


def test_ex13_specialization_level(comp: Components) -> None:
    fighters = comp.rules.specialization.thresholds["fighter"]
    assert reorg.specialization_level(3, fighters) == 1
    assert reorg.specialization_level(7, fighters) == 2


def test_ex14_specialization_choice(comp: Components) -> None:
    thresholds = comp.rules.specialization.thresholds
    assert reorg.specialization_choices({"fighter": 1, "bomber": 1}, thresholds) == ("bomber",)
    assert "fighter" in reorg.specialization_choices({"fighter": 2, "bomber": 1}, thresholds)


def test_ex15_specialization_cooldown() -> None:
    p1 = reorg.use_specialization(0, level=2, owned=2)
    p2 = reorg.use_specialization(0, level=1, owned=3)
    assert (p1, p2) == (2, 1)
    p1, p2 = reorg.tick(p1), reorg.tick(p2)
    assert p2 == 0 and p1 == 1  # P2 green again; P1 waits another turn
    with pytest.raises(ValueError, match="cooling"):
        reorg.use_specialization(p1, level=1, owned=2)


def test_ex16_move_after_round(comp: Components) -> None:
    # FAQ 2: the first set moves up to 2 Areas after round 1, the next 1 more after round 2.
    card = next(c for c in comp.cards if c.ability.effect.kind == "move_after_round")
    assert combat.move_after_round(card.ability.effect, 1) == 2
    assert combat.move_after_round(card.ability.effect, 2) == 1


def test_ex17_reconnaissance_hides_sector_c(comp: Components) -> None:
    # "Hidden Squadrons": Poling's radar destroyed -> Sector C's Deployment cards stay face down.
    board = Board(comp.map)
    hidden = board.radar_sectors(["poling"])
    sc = comp.scenario("home-sweet-home")
    assert set(sc.hidden_sectors) == hidden == {"C"}
    slots = comp.setup(sc.id, 4).slots
    assert any(board.sector(s.area) == "C" for s in slots)


def test_ex18_starting_area(comp: Components) -> None:
    costs = comp.scenario("attack-on-biggin-hill").starting_area_costs
    assert players.starting_area_options(costs, hand=2) == {"london": 1, "biggin-hill": 2}
    board = Board(comp.map)
    assert all(board.distance("northolt", a) == n for a, n in costs.items())
