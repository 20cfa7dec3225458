"""The Campaign ("Campaign"): Scenarios played in sequence, won by winning at least two of them,
the last among them. Between Scenarios the players keep their pilots, kills, Medals and
Specializations; pilots shot down or Withdrawn are safe and come back to the Reserve with their
record; two or more shot down injure one of them, who sits out the next Scenario; each failed
Event leaves a Target Damage tile whose penalty weighs on the next Scenario; a won Scenario
brings German Aces into the next one."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dowding.engine import Action, Chance, Draw, Terminal
from dowding.engine.tasks import Task

from .pieces import DOWN, FLYING, Plane

if TYPE_CHECKING:
    from .state import S303State


class Record(NamedTuple):
    """A pilot's record kept while he is out of the air ("record any victories and Medals")."""

    pilot: str
    kills: tuple[str, ...]
    medals: int
    spec: str
    clock: int


class CampaignState(NamedTuple):
    id: str  # the campaign ("" in a single Scenario)
    legs: tuple[str, ...]  # its Scenarios in order
    leg: int = 0  # the Scenario being played
    wins: tuple[int, ...] = ()  # 1 per Scenario won so far, 0 per one lost
    tiles: tuple[str, ...] = ()  # Target Damage tiles (their Areas) weighing on this Scenario
    injured: tuple[str, ...] = ()  # pilots sitting this Scenario out
    shot: tuple[str, ...] = ()  # pilots shot down in this Scenario
    failed: tuple[str, ...] = ()  # Events the Luftwaffe met in this Scenario
    records: tuple[Record, ...] = ()  # pilots out of the air, with their records


def camp_from_json(data: list[object]) -> CampaignState:
    """``to_dict``'s lists back into the Campaign's tuples."""

    def tupled(value: object) -> object:
        return tuple(tupled(v) for v in value) if isinstance(value, list) else value

    parts = list(tupled(data))  # type: ignore[arg-type]
    records = tuple(Record(*r) for r in parts[-1])  # type: ignore[misc]
    return CampaignState(*parts[:-1], records)  # type: ignore[arg-type]


def tile_areas(st: S303State) -> tuple[str, ...]:
    """The 11 Target Damage tiles, one per named target (digest M10): the kinds in
    ``rules.target_damage_tiles`` matched to the Areas with that symbol, in Area order."""
    kinds = {"radar": "radar", "london": "city", "port": "port", "factory": "factory"}
    kinds["airfield"] = "airfield"
    out: list[str] = []
    used: set[str] = set()
    for kind in st.comp.rules.target_damage_tiles:
        symbol = kinds[kind]
        area = next(a.id for a in st.comp.map.areas if symbol in a.symbols and a.id not in used)
        used.add(area)
        out.append(area)
    return tuple(out)


def on(st: S303State) -> bool:
    return bool(st.camp.id)


def _tiles_with(st: S303State, symbol: str) -> list[str]:
    return [t for t in st.camp.tiles if symbol in st.board.areas[t].symbols]


def port_penalty(st: S303State) -> bool:
    """Port: 1 action point fewer when landing."""
    return bool(_tiles_with(st, "port"))


def factory_penalty(st: S303State) -> bool:
    """Factory: the players start with 3 Combat cards (the limit is still 2 + ammo)."""
    return bool(_tiles_with(st, "factory"))


def london_losses(st: S303State) -> int:
    """London: 1 random pilot lost from the Reserve."""
    return len(_tiles_with(st, "city"))


def hidden_sectors(st: S303State) -> tuple[str, ...]:
    """Radar: the Sectors it covered are Hidden ("Damaged Poling - German squadrons deployed in
    Sector C are hidden", ...)."""
    sectors: list[str] = []
    for radar in _tiles_with(st, "radar"):
        sectors += st.comp.map.radar_cover.get(radar, ())
    return tuple(sorted(set(sectors)))


def aces_now(st: S303State) -> bool:
    """A won Scenario brings German Aces into the next ("Scenario won ... 1 random German Ace per
    German squadron"); the first Scenario has none."""
    return on(st) and bool(st.camp.wins) and st.camp.wins[-1] == 1


def record_of(plane: Plane) -> Record:
    return Record(plane.pilot, plane.kills, plane.medals, plane.spec, plane.clock)


def bench(st: S303State, plane: Plane) -> None:
    """A pilot shot down or Withdrawn leaves this Scenario with his record."""
    camp = st.camp
    records = (*(r for r in camp.records if r.pilot != plane.pilot), record_of(plane))
    shot = (*camp.shot, plane.pilot) if plane.status == DOWN else camp.shot
    st.camp = camp._replace(records=records, shot=shot)


def restored(st: S303State, plane: Plane) -> Plane:
    """A pilot coming back keeps his record."""
    rec = next((r for r in st.camp.records if r.pilot == plane.pilot), None)
    if rec is None:
        return plane
    st.camp = st.camp._replace(records=tuple(r for r in st.camp.records if r is not rec))
    return plane._replace(kills=rec.kills, medals=rec.medals, spec=rec.spec, clock=rec.clock)


def end_leg(st: S303State, won: bool, reason: str) -> None:
    """The end of a Scenario in the Campaign: the next one is prepared, or the Campaign ends."""
    camp = st.camp
    revealed = {e for e, _ in st.revealed}
    met = set(st.settled) - set(camp.failed)
    failed = sorted((revealed - met) | set(camp.failed))
    wins = (*camp.wins, 1 if won else 0)
    st.camp = camp._replace(wins=wins, failed=tuple(failed), tiles=(), injured=())
    st.say(f"Scenario {camp.leg + 1} of {len(camp.legs)} {'won' if won else 'lost'}: {reason}")
    if camp.leg + 1 >= len(camp.legs):
        victory = sum(wins) >= 2 and wins[-1] == 1
        text = (
            f"the Campaign is {'won' if victory else 'lost'}: {sum(wins)} of "
            f"{len(wins)} Scenarios won, the last {'won' if wins[-1] else 'lost'}"
        )
        st.result = Terminal("raf" if victory else None, {"raf": 1.0 if victory else 0.0}, text)
        st.say(f"Game over: {text}.")
        return
    tasks: list[Task] = [("tile",)] * len(failed)
    if len(camp.shot) >= 2:  # "at least 2 pilots shot down": one of them is injured
        tasks.append(("injury",))
    tasks.append(("nextleg",))
    st.push(*tasks)


def tile_ready(st: S303State, task: Task) -> bool:
    return bool(_tile_pool(st))


def _tile_pool(st: S303State) -> tuple[str, ...]:
    left = list(tile_areas(st))
    for t in st.camp.tiles:
        left.remove(t)
    return tuple(sorted(left))


def tile_draw(st: S303State, task: Task) -> Chance:
    return Draw("a Target Damage tile for a failed Event", _tile_pool(st))


def do_tile(st: S303State, task: Task, action: Action) -> None:
    area = str(action.get("item"))
    st.camp = st.camp._replace(tiles=(*st.camp.tiles, area))
    st.say(f"Target Damage: {st.board.areas[area].name}")


def injury_draw(st: S303State, task: Task) -> Chance:
    return Draw("the pilot injured", tuple(sorted(set(st.camp.shot))))


def do_injury(st: S303State, task: Task, action: Action) -> None:
    pilot = str(action.get("item"))
    st.camp = st.camp._replace(injured=(pilot,))
    st.say(f"{pilot} is injured and sits out the next Scenario")


def do_nextleg(st: S303State, task: Task) -> None:
    """Between Scenarios: the models go back to the box; each player keeps his pilot and his
    record; the others (less the injured) form the Reserve; then the next Scenario is set up."""
    from .setup import begin

    camp = st.camp
    injured = camp.injured
    st.camp = camp._replace(leg=camp.leg + 1, shot=(), failed=())
    st.scenario_id = camp.legs[camp.leg + 1]
    flying = {p.pilot for p in st.planes}
    st.pilots = tuple(
        sorted(
            p.id
            for p in st.comp.pilots
            if not p.expansion and p.id not in flying and p.id not in injured
        )
    )
    st.planes = tuple(
        p._replace(
            status=FLYING,
            hand=(),
            damage=(),
            tokens=0,
            fought=False,
            fought_last=(),
            fought_now=(),
            barred=(),
            medal_used=False,
            borrowed="",
            choice="",
            gift="",
            moves_left=0,
            card_move=False,
        )
        for p in st.planes
    )
    for name in ("squadrons", "germans", "revealed", "downed", "exited", "marks", "settled"):
        setattr(st, name, ())
    st.target_damage = ()
    st.discards = ()
    st.kills = st.pilots_down = 0
    st.reserve_short = False
    st.fight = None
    st.pending = ()
    st.turn_no = 0
    st.say(f"Scenario {camp.leg + 2} of {len(camp.legs)}: {st.scenario.name}")
    begin(st, keep_pilots=True)
