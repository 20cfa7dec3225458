"""Flatten the board, the missions and the squadron cards into the rules engine's Tables."""

from __future__ import annotations

import re
from typing import Any

from .tables import Card, Mission, Tables, Target


def cards_from(squadrons: Any) -> tuple[Card, ...]:
    out = []
    for card in squadrons.cards.values():
        out.append(
            Card(
                id=card.id,
                side=card.side,
                unit=card.command,
                name=card.unit,
                type=card.aircraft.lower().replace(" ", ""),  # "Bf 109" -> "bf109"
                role=card.role,
                dice=card.dogfight,
                damage=card.damage,
                bombs=card.bombing,
            )
        )
    return tuple(out)


def tables_from(board: Any, squadrons: Any) -> Tables:
    cards = cards_from(squadrons)
    return _board_tables(board, cards)


def slug(name: str) -> str:
    """A place's name as one word an action can carry: 'Biggin Hill' -> 'biggin-hill'."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()


_KIND = {
    "city": "city",
    "london": "city",
    "port_of_london": "city",
    "radar": "radar",
    "raf_airfield": "airfield",
}


def _board_tables(board: Any, cards: tuple[Card, ...]) -> Tables:
    spaces = tuple(board.spaces)
    targets: dict[str, Target] = {}
    display: dict[str, str] = {}
    for name, feature in board.targets.items():
        kind = _KIND[feature.kind]
        tid = slug(name)
        display[tid] = name
        targets[tid] = Target(
            name=tid,
            kind=kind,
            space=feature.space,
            group=board.group_of(feature.space) or 0,
            hits=3 if kind == "city" else 1,  # Components, Mission Cards
            production=feature.production or 0,
            flight=feature.flight or "",
        )
    raf_base_name = {
        f.flight: slug(name)
        for name, f in board.features.items()
        if f.kind == "raf_airfield" and f.flight
    }
    lw_base_name = {
        f.flight: slug(name)
        for name, f in board.features.items()
        if f.kind == "lw_airfield" and f.flight
    }
    missions = tuple(
        Mission(m.id, m.group, m.kind, slug(m.target), m.hits, m.production or 0)
        for m in board.missions
    )
    group_cities: dict[int, list[str]] = {}
    for tid, target in targets.items():
        if target.kind == "city" and target.production > 0 and target.group:
            group_cities.setdefault(target.group, []).append(tid)
    radar_of = {
        space: tuple(slug(s) for s in board.radar_covering(space))
        for space in spaces
        if board.is_radar_space(space)
    }
    return Tables(
        spaces=spaces,
        neighbours={s: tuple(board.neighbours(s)) for s in spaces},
        no_raf=frozenset(
            s for s, sp in board.spaces.items() if sp.french_coast or sp.norwegian_coast or sp.box
        ),
        group_of={s: board.group_of(s) or 0 for s in spaces},
        radar_of=radar_of,
        raf_base={f: board.raf_airfield(f) for f in raf_base_name},
        raf_base_name=raf_base_name,
        lw_base={f: board.lw_airfield(f) for f in lw_base_name},
        lw_base_name=lw_base_name,
        targets=targets,
        missions=missions,
        cards=cards,
        card_index={c.id: i for i, c in enumerate(cards)},
        group_cities={g: tuple(sorted(ts)) for g, ts in group_cities.items()},
        box=board.box,
        box_cost=board.data.norway_box.counts_as,
        dist=board.distance,
        dist_to=board.distances_to,
        display=display,
        unit_cards={
            (side, unit): tuple(i for i, c in enumerate(cards) if c.side == side and c.unit == unit)
            for side, unit in {(c.side, c.unit) for c in cards}
        },
        names={
            **{c.id: f"{c.name} ({c.type})" for c in cards},
            **{
                m.id: f"{m.target} ({m.kind.replace('_', ' ')}, {m.group} Group)"
                for m in board.missions
            },
        },
    )


__all__ = ["Mission", "Target", "tables_from"]
