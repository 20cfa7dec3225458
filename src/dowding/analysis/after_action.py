"""An after-action report: a finished game told from one seat's view, as one HTML file to share.

Built around the engine, never inside it: the game's log is replayed from its first state and
everything the report shows comes from ``view(state, seat)``, the narration that seat may read
(``Event.visible_to``) and the chance outcomes it may see (``Chance.visible_to``, with
``Chance.label_for(seat)``). Nothing else of the state is read, and the seed is never written,
so the file may be handed to anyone the seat would show its own table to.

The report holds the result and why the game ended, the map at the end of each turn (the
ruleset's ``svg.render_svg``), charts of the victory points and losses by turn, the decisive
rolls (visible chance outcomes followed by a change in those tallies, the least likely first,
each with its exact probability) and the narration, turn by turn. It is self-contained: inline
SVG and CSS, no script, nothing fetched.

A turn is the view's ``turn`` field. What is charted comes from the ruleset's optional
``report.py`` (``tallies(view) -> {chart title: {series: value}}``); without one, the view's
``victory_points``, ``scores`` and ``losses`` objects are charted as they are.
"""

from __future__ import annotations

import html
import importlib
import logging
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from dowding.engine import Action, Chance, Decision, Game, Match, Roll, Terminal, get_game, view

log = logging.getLogger("dowding.analysis")

Tallies = dict[str, dict[str, float]]
TallyFn = Callable[[Mapping[str, Any]], Tallies]
MapFn = Callable[[dict[str, Any], str | None, Decision | None], str]

DECISIVE_ROLLS = 8  # how many decisive rolls the report lists
DEFAULT_TALLIES = (
    ("victory_points", "Victory points"),
    ("scores", "Score"),
    ("losses", "Losses"),
)
SIDE_NAMES = {"raf": "RAF", "luftwaffe": "Luftwaffe", "lw": "Luftwaffe"}
COLOURS = ("#4d7f2a", "#8a5a00", "#6b3fa0", "#00707a", "#555555", "#b8860b", "#c2185b", "#2e7d99")
RAF_COLOUR, LUFTWAFFE_COLOURS = "#1f5fa8", ("#b03a2e", "#e07b39", "#7a1f16")


# --- what is gathered ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnEnd:
    """The table at the end of one turn, as the seat sees it."""

    turn: int
    label: str
    svg: str | None
    tallies: Tallies
    narration: tuple[str, ...]


@dataclass(frozen=True)
class DecisiveRoll:
    step: int  # the step of the log that rolled it (0-based)
    turn: int
    label: str  # as the seat reads it (Chance.label_for)
    outcome: str  # the faces or item, without the action's kind
    probability: Fraction
    change: dict[str, float]  # "series (chart)" -> how much it changed before the next roll

    @property
    def weight(self) -> float:
        """Surprise times impact: how decisive the roll was, for ordering them."""
        impact = sum(abs(v) for v in self.change.values())
        return impact * -math.log2(float(self.probability)) if self.probability < 1 else 0.0


@dataclass
class AfterAction:
    ruleset: str
    title: str
    scenario: str
    seat: str | None
    seat_name: str
    winner: str | None
    reason: str
    scores: dict[str, float]
    seat_names: dict[str, str]
    steps: int
    start: Tallies = field(default_factory=dict)
    no_winner: str = "no winner"  # ``Game.no_winner_words``: 303 Squadron's "the team loses"
    outcome: str = ""  # ``Game.outcome_words``: "Luftwaffe wins", "the team loses"; "" unfinished
    turns: list[TurnEnd] = field(default_factory=list)
    rolls: list[DecisiveRoll] = field(default_factory=list)
    rolls_seen: int = 0


# --- ruleset hooks, found by convention ----------------------------------------------------------
def _module(ruleset: str, name: str) -> Any:
    module_name = f"dowding.rulesets.{ruleset.replace('-', '_')}.{name}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not (module_name + ".").startswith(exc.name + "."):
            raise  # the module exists but imports something missing: a real error
        return None  # no such hook (or a ruleset packaged outside dowding.rulesets)


def tally_function(ruleset: str) -> TallyFn:
    """The ruleset's ``report.tallies``, else the view's own score and loss objects."""
    module = _module(ruleset, "report")
    found = getattr(module, "tallies", None) if module is not None else None
    return found if callable(found) else default_tallies


def default_tallies(seen: Mapping[str, Any]) -> Tallies:
    charts: Tallies = {}
    for key, title in DEFAULT_TALLIES:
        numbers = _numbers(seen.get(key))
        if numbers:
            charts[title] = numbers
    return charts


def _numbers(value: object) -> dict[str, float]:
    if not isinstance(value, Mapping):
        return {}
    return {
        side_name(str(k)): float(v)
        for k, v in value.items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    }


def side_name(key: str) -> str:
    return SIDE_NAMES.get(key, key.replace("_", " ").replace("-", " "))


def map_function(ruleset: str) -> MapFn | None:
    module = _module(ruleset, "svg")
    found = getattr(module, "render_svg", None) if module is not None else None
    return found if callable(found) else None


def turn_of(seen: Mapping[str, Any]) -> int:
    turn = seen.get("turn")
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else 0


def turn_label(turn: int) -> str:
    return "End of setup" if turn == 0 else f"End of turn {turn}"


def short_turn(turn: int) -> str:
    return "setup" if turn == 0 else f"T{turn}"


# --- exact probabilities -------------------------------------------------------------------------
def outcome_probability(chance: Chance, outcome: Action) -> Fraction:
    """The exact probability of ``outcome``, from the chance's own list of outcomes (a roll's
    faces in the order rolled; a pool's counts; a card drawn)."""
    rolled = outcome.get("d")
    if isinstance(chance, Roll) and rolled is not None:
        faces = rolled if isinstance(rolled, tuple) else (rolled,)
        # ordered faces: their product, with no need to list 6**n outcomes
        if outcome.kind == "roll" and len(faces) == len(chance.dice):
            p = Fraction(1)
            for face, die in zip(faces, chance.dice, strict=True):
                p *= die.face_probabilities().get(face, Fraction(0))
            return p
    return sum((p for a, p in chance.outcomes() if a == outcome), Fraction(0))


def _visible(chance: Chance, seat: str | None) -> bool:
    return chance.visible_to is None or (seat is not None and seat in chance.visible_to)


# --- gathering ---------------------------------------------------------------------------------
def _seen(state: Any, seat: str | None) -> dict[str, Any]:
    seen = dict(view(state, seat, infostate=False))
    seen.pop("infostate", None)
    return seen


def final_counts(ruleset: str, state: Any) -> dict[str, float]:
    """The counts the ruleset's report charts, read off a position as a spectator sees it, one
    number per "chart: series" ("Planes lost: RAF"): what ``dowding balance`` reports as the
    rules' own tally of a finished game (losses by type, missions completed, targets hit)."""
    charts = tally_function(ruleset)(_seen(state, None))
    return {
        f"{chart}: {series}": v for chart, values in charts.items() for series, v in values.items()
    }


def _flat(tallies: Tallies) -> dict[str, float]:
    return {
        f"{series} ({chart})": v
        for chart, values in tallies.items()
        for series, v in values.items()
    }


def _change(before: Tallies, after: Tallies) -> dict[str, float]:
    a, b = _flat(before), _flat(after)
    return {
        k: b.get(k, 0.0) - a.get(k, 0.0)
        for k in sorted(set(a) | set(b))
        if b.get(k, 0.0) != a.get(k, 0.0)
    }


def gather(
    game: Game,
    scenario: str,
    options: Mapping[str, Any],
    actions: Sequence[str],
    seat: str | None,
    result: Mapping[str, Any] | None = None,
    rolls: int = DECISIVE_ROLLS,
    abandoned: bool = False,
) -> AfterAction:
    """Replay ``actions`` from the scenario's first state and gather what ``seat`` saw."""
    seats = game.seats_for(options)
    names = {s.id: s.name for s in seats}
    if seat is not None and seat not in names:
        raise ValueError(f"no seat {seat!r} in this game; its seats: {', '.join(names)}")
    tallies_of = tally_function(game.id)
    draw_map = map_function(game.id)
    state = game.new_state(scenario, dict(options))

    def tallies(seen: Mapping[str, Any]) -> Tallies:
        try:
            return tallies_of(seen)
        except Exception:  # a tally bug must not cost the report
            log.exception("the %s tallies failed", game.id)
            return {}

    def drawing(seen: dict[str, Any]) -> str | None:
        if draw_map is None:
            return None
        try:
            return draw_map(seen, seat, None)
        except Exception:
            log.exception("drawing the %s map failed", game.id)
            return None

    seen = _seen(state, seat)
    report = AfterAction(
        ruleset=game.id,
        title=game.title,
        scenario=game.scenario(scenario).title,
        seat=seat,
        seat_name=names[seat] if seat is not None else "a spectator",
        winner=None,
        reason="",
        scores={},
        seat_names={**game.side_names, **names},  # a winning side that is no one seat too
        steps=len(actions),
        start=tallies(seen),
        no_winner=game.no_winner_words,
    )
    turn = turn_of(seen)
    told: list[str] = [e.text for e in state.events if e.visible_to(seat)]
    now = report.start
    candidates: list[DecisiveRoll] = []
    open_roll: tuple[int, int, Chance, Action, Tallies] | None = None

    def close(before_next: Tallies) -> None:
        if open_roll is None:
            return
        step, at_turn, chance, outcome, before = open_roll
        change = _change(before, before_next)
        if not change:
            return
        p = outcome_probability(chance, outcome)
        if p <= 0:
            return
        faces = outcome.text.partition(" ")[2] or outcome.text
        candidates.append(DecisiveRoll(step, at_turn, chance.label_for(seat), faces, p, change))

    ended_turn = False
    for i, text in enumerate(actions):
        node = state.next()
        action = Action.parse(text)
        if isinstance(node, Chance):
            close(now)
            open_roll = None
            if _visible(node, seat):
                report.rolls_seen += 1
                open_roll = (i, turn, node, action, now)
        state.apply(action)
        told.extend(e.text for e in state.events if e.visible_to(seat))
        seen = _seen(state, seat)
        now = tallies(seen)
        new_turn = turn_of(seen)
        ended_turn = new_turn != turn
        if ended_turn:
            report.turns.append(TurnEnd(turn, turn_label(turn), drawing(seen), now, tuple(told)))
            told = []
            turn = new_turn
    close(now)
    node = state.next()
    if not ended_turn or told:
        label = turn_label(turn) + (" (game over)" if isinstance(node, Terminal) else "")
        report.turns.append(TurnEnd(turn, label, drawing(seen), now, tuple(told)))
    elif isinstance(node, Terminal) and report.turns:
        last = report.turns[-1]
        report.turns[-1] = replace(last, label=f"{last.label} (game over)")
    if result is not None:
        report.winner = result.get("winner")
        report.reason = str(result.get("reason") or "")
        report.scores = {str(k): float(v) for k, v in (result.get("scores") or {}).items()}
    elif isinstance(node, Terminal):
        report.winner, report.reason = node.winner, node.reason
        report.scores = {k: float(v) for k, v in node.scores.items()}
    else:
        report.reason = "the game had not ended"
    if abandoned:  # a game called off or abandoned has no winner, whatever the ruleset's loss
        report.outcome = Game.no_winner_words
    elif report.reason != "the game had not ended":
        # the result in the words every front end uses, one tense for a win and a loss
        report.outcome = game.outcome_words(report.winner, options)
    candidates.sort(key=lambda r: (-r.weight, r.probability, r.step))
    report.rolls = candidates[:rolls]
    return report


def after_action_report(
    match: Match,
    seat: str | None,
    *,
    result: Mapping[str, Any] | None = None,
    steps: int | None = None,
    abandoned: bool = False,
) -> str:
    """The report of ``match`` (its log: the first ``steps`` steps, all by default) as ``seat``
    (None: a spectator) saw it; ``result`` (winner, reason, scores) for a game that ended
    without reaching the rules' end (resigned, abandoned; ``abandoned`` for a game that has no
    winner whatever the ruleset calls a loss)."""
    actions = [s.action for s in match.steps[: steps if steps is not None else len(match.steps)]]
    game = get_game(match.game.id)
    return render_html(
        gather(game, match.scenario, match.options, actions, seat, result, abandoned=abandoned)
    )


# --- the HTML ----------------------------------------------------------------------------------
def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


_ID = re.compile(r'\bid="([^"]+)"')


def isolate_ids(svg: str, prefix: str) -> str:
    """Prefix every id of one map (and what points to it), so maps inlined together never share
    a pattern or clip path."""
    for name in set(_ID.findall(svg)):
        new = f"{prefix}-{name}"
        svg = (
            svg.replace(f'id="{name}"', f'id="{new}"')
            .replace(f"url(#{name})", f"url(#{new})")
            .replace(f'href="#{name}"', f'href="#{new}"')
        )
    return svg


def _number(value: float) -> str:
    return f"{value:g}"


def _percent(p: Fraction) -> str:
    pct = float(p) * 100
    return f"{pct:.3g}%" if pct >= 0.1 else f"{pct:.2g}%"


def line_chart(title: str, labels: Sequence[str], series: Mapping[str, Sequence[float]]) -> str:
    """A small SVG line chart: one line per series over the turns."""
    # the legend beside the plot is as wide as its longest name (about 7 px a character at
    # 12 px) and as tall as its rows, so that no name is cut
    longest = max((len(name) for name in series), default=0)
    left, top, bottom = 44, 34, 36
    plot_w, plot_h = 366, 190
    right = max(150, 42 + math.ceil(longest * 7))
    width = left + plot_w + right
    height = max(top + plot_h + bottom, top + 14 + 20 * len(series))
    values = [v for vs in series.values() for v in vs]
    high = max([1.0, *values])
    low = min([0.0, *values])
    span = high - low or 1.0
    step = 1 if span <= 10 else math.ceil(span / 8)

    def x(i: int) -> float:
        return left + (plot_w * i / (len(labels) - 1) if len(labels) > 1 else plot_w / 2)

    def y(v: float) -> float:
        return top + plot_h - (v - low) / span * plot_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{_e(title)}">',
        f'<text x="{left}" y="20" class="chart-title">{_e(title)}</text>',
    ]
    tick = math.floor(low / step) * step
    while tick <= high + 1e-9:
        if tick >= low - 1e-9:
            parts.append(
                f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                'stroke="#ddd"/>'
                f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" '
                f'class="tick">{_number(tick)}</text>'
            )
        tick += step
    for i, label in enumerate(labels):
        parts.append(
            f'<text x="{x(i):.1f}" y="{height - bottom + 18}" text-anchor="middle" '
            f'class="tick">{_e(label)}</text>'
        )
    colours = series_colours(list(series))
    for n, (name, vs) in enumerate(series.items()):
        colour = colours[name]
        # lines that coincide stay visible side by side: each drawn a pixel or two apart
        nudge = (n - (len(series) - 1) / 2) * 2.0
        points = " ".join(f"{x(i):.1f},{y(v) + nudge:.1f}" for i, v in enumerate(vs))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"/>'
        )
        for i, v in enumerate(vs):
            parts.append(
                f'<circle cx="{x(i):.1f}" cy="{y(v) + nudge:.1f}" r="3.5" fill="{colour}">'
                f"<title>{_e(name)}, {_e(labels[i])}: {_number(v)}</title></circle>"
            )
        ly = top + 14 + n * 20
        parts.append(
            f'<rect x="{left + plot_w + 16}" y="{ly - 9}" width="12" height="12" '
            f'fill="{colour}"/><text x="{left + plot_w + 34}" y="{ly + 1}" '
            f'class="legend">{_e(name)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def series_colours(names: Sequence[str]) -> dict[str, str]:
    """The RAF in blue and the Luftwaffe in reds in every chart; anything else in other colours."""
    colours: dict[str, str] = {}
    german = others = 0
    for name in names:
        if name.startswith("RAF"):
            colours[name] = RAF_COLOUR
        elif name.startswith("Luftwaffe"):
            colours[name] = LUFTWAFFE_COLOURS[german % len(LUFTWAFFE_COLOURS)]
            german += 1
        else:
            colours[name] = COLOURS[others % len(COLOURS)]
            others += 1
    return colours


def charts(report: AfterAction) -> list[str]:
    """One chart per tally title: its value at the start and at the end of each turn."""
    points = [report.start, *(t.tallies for t in report.turns)]
    labels = ["start", *(short_turn(t.turn) for t in report.turns)]
    titles: list[str] = []
    for tallies in points:
        titles.extend(t for t in tallies if t not in titles)
    drawn = []
    for title in titles:
        names: list[str] = []
        for tallies in points:
            names.extend(s for s in tallies.get(title, {}) if s not in names)
        series = {n: _carried(n, [p.get(title, {}) for p in points]) for n in names}
        drawn.append(line_chart(title, labels, series))
    return drawn


def _carried(name: str, points: Sequence[Mapping[str, float]]) -> list[float]:
    """A series' values by point: 0 before it first appears, and its last value where a later
    point leaves it out (a pilot shot down keeps the kills he made)."""
    values: list[float] = []
    last = 0.0
    for tallies in points:
        last = tallies.get(name, last)
        values.append(last)
    return values


STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1400px; padding: 1em 1.5em;
  color: #1b1b1b; background: #fafaf7; }
h1 { font-size: 1.5em; margin: .2em 0; } h2 { font-size: 1.2em; margin-top: 1.6em;
  border-bottom: 1px solid #ccc; } h3 { font-size: 1.05em; margin: .4em 0; }
.result { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: .6em 1em; }
.result .winner { font-size: 1.2em; font-weight: 600; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
.charts svg { background: #fff; border: 1px solid #ccc; border-radius: 6px; max-width: 100%;
  height: auto; }
.chart-title { font-weight: 600; font-size: 14px; } .tick, .legend { font-size: 12px; }
table { border-collapse: collapse; background: #fff; }
th, td { border: 1px solid #ccc; padding: .3em .6em; text-align: left; vertical-align: top; }
td.p { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
figure.map { margin: 1em 0 2em; background: #fff; border: 1px solid #ccc; border-radius: 6px;
  padding: .6em; }
figure.map svg { display: block; width: 100%; height: auto; }
figure.map figcaption { font-weight: 600; margin-bottom: .4em; }
.tallies { color: #444; font-size: .95em; }
details { margin-top: .5em; } details ol { max-height: 30em; overflow: auto; font-size: .92em; }
nav.contents { margin: .8em 0; } nav.contents a { color: #1f5fa8; }
footer { margin-top: 2em; color: #666; font-size: .9em; }
@media print { details ol { max-height: none; } figure.map { break-inside: avoid; } }
"""


def _tally_line(tallies: Tallies) -> str:
    return "; ".join(
        f"{chart}: " + ", ".join(f"{s} {_number(v)}" for s, v in values.items())
        for chart, values in tallies.items()
    )


def render_html(report: AfterAction) -> str:
    who = report.seat_name if report.seat is not None else "a spectator"
    winner = report.outcome or report.no_winner  # no outcome: the game had not ended
    winner = winner[:1].upper() + winner[1:]
    scores = ", ".join(
        f"{report.seat_names.get(k, side_name(k))} {_number(v)}" for k, v in report.scores.items()
    )
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>After-action report: {_e(report.title)}, {_e(report.scenario)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>After-action report: {_e(report.title)}</h1>",
        f"<p>Scenario <b>{_e(report.scenario)}</b>, as seen by <b>{_e(who)}</b>: "
        f"{len(report.turns)} turn(s), {report.steps} steps.</p>",
        '<section class="result" id="result">',
        f'<div class="winner">{_e(winner)}</div>',
        f"<div>Why the game ended: {_e(report.reason or 'not recorded')}</div>",
    ]
    if scores:
        out.append(f"<div>Score: {_e(scores)}</div>")
    out.append("</section>")
    out.append(
        '<nav class="contents">'
        + " · ".join(
            [
                '<a href="#charts">By turn</a>',
                '<a href="#rolls">Decisive rolls</a>',
                *(
                    f'<a href="#turn-{n + 1}">{_e(short_turn(t.turn))}</a>'
                    for n, t in enumerate(report.turns)
                ),
            ]
        )
        + "</nav>"
    )

    drawn = charts(report)
    out.append('<h2 id="charts">By turn</h2>')
    if drawn:
        out.append('<div class="charts">' + "".join(drawn) + "</div>")
    else:
        out.append("<p>This ruleset's view has no tallies to chart.</p>")

    out.append('<h2 id="rolls">Decisive rolls</h2>')
    if report.rolls:
        out.append(
            "<p>The chance outcomes "
            + _e(who)
            + " saw that were followed by a change in these tallies before the next roll, "
            "the least likely and most telling first (of "
            + str(report.rolls_seen)
            + " outcomes seen). Each probability is exact: of those faces in the order rolled, of"
            " those counts for a pool of like dice, of that card for a draw.</p>"
        )
        out.append(
            '<table class="rolls"><thead><tr><th>Turn</th><th>Roll</th><th>Outcome</th>'
            "<th>Probability</th><th>What followed, before the next roll</th></tr></thead><tbody>"
        )
        for roll in report.rolls:
            change = ", ".join(f"{k} {v:+g}" for k, v in roll.change.items())
            out.append(
                f'<tr class="roll" data-probability="{float(roll.probability):.6g}">'
                f"<td>{_e(short_turn(roll.turn))}</td><td>{_e(roll.label)}</td>"
                f"<td>{_e(roll.outcome)}</td>"
                f'<td class="p">{_percent(roll.probability)} '
                f"({roll.probability.numerator}/{roll.probability.denominator})</td>"
                f"<td>{_e(change)}</td></tr>"
            )
        out.append("</tbody></table>")
    else:
        out.append("<p>No roll " + _e(who) + " saw changed the tallies.</p>")

    out.append('<h2 id="turns">Turn by turn</h2>')
    out.append(
        "<p>Each map is the table as "
        + _e(who)
        + " saw it once the turn's last step was played (the next turn's number may show).</p>"
    )
    for n, turn in enumerate(report.turns):
        out.append(f'<figure class="map" id="turn-{n + 1}" data-turn="{turn.turn}">')
        out.append(f"<figcaption>{_e(turn.label)}</figcaption>")
        if turn.svg:
            out.append(isolate_ids(turn.svg, f"m{n + 1}"))
        else:
            out.append("<p>(no map drawing for this ruleset)</p>")
        if turn.tallies:
            out.append(f'<p class="tallies">{_e(_tally_line(turn.tallies))}</p>')
        if turn.narration:
            out.append(
                f"<details><summary>Narration ({len(turn.narration)} lines)</summary><ol>"
                + "".join(f"<li>{_e(line)}</li>" for line in turn.narration)
                + "</ol></details>"
            )
        out.append("</figure>")
    out.append(
        "<footer>Made by dowding from the game's log, replayed and checked step by step. "
        f"It shows only what {_e(who)} could see during the game.</footer>"
    )
    out.append("</body></html>")
    return "\n".join(out) + "\n"
