"""Every task kind, dispatched to the phase of the rules that runs it (state.py's tables)."""

from __future__ import annotations

from dowding.engine import Action, Chance, Draw
from dowding.engine.tasks import Task

from . import (
    aces,
    campaign,
    combat,
    counterattack,
    events,
    germans,
    players,
    reorganization,
    setup,
)
from .state import _AUTO, _CHANCE, _CHANCE_READY, _DECISION, STEPS, S303State


def do_turn(st: S303State, task: Task) -> None:
    st.turn_no += 1
    st.say(f"Turn {st.turn_no}")
    st.push(("step", STEPS[0]))


_STEP_TASKS = {
    "events": events.step_tasks,  # Phase I
    "abilities": players.ability_tasks,  # Phase II.1
    "draw": players.draw_tasks,  # Phase II.2
    "movement": players.movement_tasks,  # Phase II.3, II.5
    "reconnaissance": players.recon_tasks,  # Phase II.4
    "combat": combat.combat_tasks,  # Phase III
    "counterattack": counterattack.counterattack_tasks,  # Phase IV
    "germans": lambda st: [("germans",)],  # Phase V
    "reorganization": reorganization.reorganization_tasks,  # Phase VI
}


def do_step(st: S303State, task: Task) -> None:
    name = task[1]
    index = STEPS.index(name)
    tail = [("step", STEPS[index + 1])] if index + 1 < len(STEPS) else []
    st.push(*_STEP_TASKS[name](st), *tail)


def draw_chance(st: S303State, task: Task) -> Chance:
    plane = st.plane(task[1])
    return Draw(f"Combat card for {plane.id}", st.deck, visible_to=st.hand_visible_to(plane))


def deck_ready(st: S303State, task: Task) -> bool:
    return bool(st.deck) and st.plane(task[1]).status != "down"


def do_draw(st: S303State, task: Task, action: Action) -> None:
    setup.give_card(st, task[1], str(action.get("item")))


_DECISION.update(
    {
        "ability": players.ability_decision,
        "borrow": players.borrow_decision,
        "first": players.first_decision,
        "stop": combat.stop_decision,
        "give": combat.give_decision,
        "target_reroll": combat.henneberg_decision,
        "spec": combat.spec_decision,
        "specialize": reorganization.specialize_decision,
        "loku": players.loku_decision,
        "putback": players.putback_decision,
        "split": players.split_decision,
        "pick": players.pick_decision,
        "start": players.start_decision,
        "recon": players.recon_decision,
        "strike": players.strike_decision,
        "start_discard": players.start_discard_decision,
        "discard": players.discard_decision,
        "move": players.move_decision,
        "fight": combat.fight_decision,
        "round": combat.round_decision,
        "support": combat.support_decision,
        "pledge": combat.pledge_decision,
        "maneuver": combat.maneuver_decision,
        "hop": combat.hop_decision,
        "next": combat.next_decision,
        "lose_card": combat.lose_card_decision,
        "defend": counterattack.defend_decision,
        "refit": reorganization.refit_decision,
        "fix": reorganization.fix_decision,
    }
)
_CHANCE.update(
    {
        "pilot": setup.pilot_draw,
        "remove_pilot": setup.remove_pilot_draw,
        "deploy": setup.deploy_draw,
        "deal": setup.deal_draw,
        "draw": draw_chance,
        "event_deal": events.event_deal_draw,
        "froll": combat.froll_chance,
        "groll": combat.groll_chance,
        "reroll": combat.reroll_chance,
        "token": combat.token_chance,
        "capool": counterattack.capool_chance,
        "newpilot": reorganization.newpilot_chance,
        "ace": aces.ace_draw,
        "tile": campaign.tile_draw,
        "injury": campaign.injury_draw,
    }
)
_CHANCE_READY.update(
    {
        "deal": deck_ready,
        "draw": deck_ready,
        "token": combat.token_ready,
        "newpilot": reorganization.newpilot_ready,
        "ace": aces.ace_ready,
        "tile": campaign.tile_ready,
        "remove_pilot": setup.remove_ready,
        "froll": lambda st, task: st.fight is not None,
        "groll": lambda st, task: st.fight is not None,
        "reroll": lambda st, task: st.fight is not None,
    }
)
_AUTO.update(
    {
        "turn": do_turn,
        "event": events.do_event,
        "step": do_step,
        "order": players.do_order,
        "rerolls": combat.do_rerolls,
        "resolve": combat.do_resolve,
        "pledges": combat.do_pledges,
        "after": combat.do_after,
        "damage": combat.do_damage,
        "extra": combat.do_extra,
        "contacts": combat.do_contacts,
        "ca": counterattack.do_ca,
        "hun": counterattack.do_hun,
        "ca_defend": counterattack.do_ca_defend,
        "ca_hit": counterattack.do_ca_hit,
        "germans": germans.do_germans,
        "endturn": reorganization.do_endturn,
        "repair": reorganization.do_repair,
        "nextleg": campaign.do_nextleg,
    }
)
S303State.chance_tasks = frozenset(_CHANCE)
S303State.handlers = {
    "pilot": setup.do_pilot,
    "remove_pilot": setup.do_remove_pilot,
    "deploy": setup.do_deploy,
    "deal": setup.do_deal,
    "draw": do_draw,
    "event_deal": events.do_event_deal,
    "ability": players.do_ability,
    "borrow": players.do_borrow,
    "first": players.do_first,
    "stop": combat.do_stop,
    "give": combat.do_give,
    "target_reroll": combat.do_henneberg,
    "spec": combat.do_spec,
    "specialize": reorganization.do_specialize,
    "loku": players.do_loku,
    "putback": players.do_putback,
    "split": players.do_split,
    "pick": players.do_pick,
    "start": players.do_start,
    "recon": players.do_recon,
    "strike": players.do_strike,
    "start_discard": players.do_start_discard,
    "discard": players.do_discard,
    "move": players.do_move,
    "fight": combat.do_fight,
    "froll": combat.do_froll,
    "groll": combat.do_groll,
    "reroll": combat.do_reroll,
    "round": combat.do_round,
    "support": combat.do_support,
    "pledge": combat.do_pledge,
    "maneuver": combat.do_maneuver,
    "hop": combat.do_hop,
    "next": combat.do_next,
    "token": combat.do_token,
    "lose_card": combat.do_lose_card,
    "capool": counterattack.do_capool,
    "defend": counterattack.do_defend,
    "refit": reorganization.do_refit,
    "fix": reorganization.do_fix,
    "newpilot": reorganization.do_newpilot,
    "ace": aces.do_ace,
    "tile": campaign.do_tile,
    "injury": campaign.do_injury,
}
