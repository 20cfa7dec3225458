"""The after-action report (dowding.analysis.after_action): for each ruleset, a finished
heuristic game's report is one self-contained HTML file with a map per turn, the charts and the
decisive rolls with exact probabilities, and nothing its seat could not see."""

from __future__ import annotations

import functools
import html
import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from dowding.analysis.after_action import (
    _carried,
    after_action_report,
    gather,
    line_chart,
    outcome_probability,
    turn_of,
)
from dowding.bots.playout import make_players, play_out
from dowding.engine import (
    D6,
    RAF_DIE,
    Action,
    Chance,
    Match,
    Roll,
    SymbolPool,
    ruleset_ids,
    view,
)
from tests.toygame import TOY

RULESETS = [r for r in ruleset_ids() if r != TOY.id]  # every ruleset the package ships
SEED = 3
VOID = {"meta", "br", "img", "hr", "input", "link", "wbr", "col", "area", "base", "source"}


@functools.cache
def finished(ruleset: str) -> Match:
    match = Match(ruleset, None, {}, SEED)
    seats = {seat: "heuristic" for seat in match.game.seat_ids(match.options)}
    match.seats = seats
    play_out(match, make_players(match.game, seats, SEED, match.options), max_steps=20_000)
    assert match.finished
    return match


def seats_of(match: Match) -> list[str | None]:
    return [None, *match.game.seat_ids(match.options)]


@functools.cache
def report(ruleset: str, seat: str | None) -> str:
    return after_action_report(finished(ruleset), seat)


class Balance(HTMLParser):
    """Checks that every element opened is closed in order (SVG's <x/> counts as both)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [v or "" for k, v in attrs if k in ("src", "href", "xlink:href")]
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [v or "" for k, v in attrs if k in ("src", "href", "xlink:href")]

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


def turns_played(match: Match, seat: str | None) -> int:
    """The turns a seat saw: each change of the view's turn ends one, and the game's end the
    last (unless its last step changed the turn)."""
    state = match.game.new_state(match.scenario, match.options)
    turn, ended, count = turn_of(view(state, seat, infostate=False)), False, 0
    for step in match.steps:
        state.apply(step.action)
        now = turn_of(view(state, seat, infostate=False))
        ended = now != turn
        count += ended
        turn = now
    return count + (not ended)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_report_is_one_self_contained_html_file(ruleset: str) -> None:
    for seat in seats_of(finished(ruleset)):
        text = report(ruleset, seat)
        assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
        parser = Balance()
        parser.feed(text)
        parser.close()
        assert parser.problems == [] and parser.open == []
        assert all(not re.match(r"\s*(https?:)?//", link) for link in parser.links), parser.links
        assert "<script" not in text.lower() and "@import" not in text and "url(http" not in text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_map_per_turn_the_charts_and_the_result(ruleset: str) -> None:
    match = finished(ruleset)
    result = match.result()
    for seat in seats_of(match):
        text = report(ruleset, seat)
        figures = re.findall(r'<figure class="map".*?</figure>', text, re.S)
        assert len(figures) == turns_played(match, seat)
        assert all("<svg" in f for f in figures)
        assert "(game over)" in figures[-1]
        assert text.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart"') >= 2
        assert html.escape(result.reason, quote=True) in text
        # each map keeps its own ids: no id is defined twice in the file
        ids = re.findall(r'\bid="([^"]+)"', text)
        assert len(ids) == len(set(ids))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_decisive_rolls_carry_exact_probabilities(ruleset: str) -> None:
    match = finished(ruleset)
    for seat in seats_of(match):
        found = gather(
            match.game,
            match.scenario,
            match.options,
            [s.action for s in match.steps],
            seat,
        )
        assert found.rolls, "a whole game has rolls that changed the score or the losses"
        for roll in found.rolls:
            assert 0 < roll.probability <= 1 and roll.change
        weights = [r.weight for r in found.rolls]
        assert weights == sorted(weights, reverse=True)
        shown = re.findall(r'<tr class="roll" data-probability="([^"]+)"', report(ruleset, seat))
        assert len(shown) == len(found.rolls)
        assert all(0 < float(p) <= 1 for p in shown)


def _strings(data: object, into: set[str]) -> None:
    if isinstance(data, str):
        into.add(data)
    elif isinstance(data, dict):
        for value in data.values():
            _strings(value, into)
    elif isinstance(data, list | tuple):
        for value in data:
            _strings(value, into)


def secrets_of(match: Match, seat: str | None) -> set[str]:
    """The strings another seat's view showed at some step that this seat never saw in its own
    views, narration or dice (a hidden card's id or name, a mission kept in hand)."""
    seats = list(match.game.seat_ids(match.options))
    state = match.game.new_state(match.scenario, match.options)
    others: set[str] = set()
    mine: set[str] = set()
    told: list[str] = []
    for step in match.steps:
        node = state.next()
        if isinstance(node, Chance):
            told.append(node.label_for(seat))
            if node.visible_to is None or (seat is not None and seat in node.visible_to):
                told.append(step.action)
        state.apply(step.action)
        told.extend(e.text for e in state.events if e.visible_to(seat))
        _strings(view(state, seat, infostate=False), mine)
        for other in seats:
            if other != seat:
                _strings(view(state, other, infostate=False), others)
    said = "\n".join(told)
    return {s for s in others - mine - set(seats) if len(s) >= 3 and s not in said}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_nothing_the_seat_may_not_see(ruleset: str) -> None:
    match = finished(ruleset)
    for seat in seats_of(match):
        text = report(ruleset, seat)
        hidden = secrets_of(match, seat)
        leaked = sorted(s for s in hidden if s in text or html.escape(s, quote=True) in text)
        assert leaked == [], f"{ruleset} as {seat}: {leaked[:5]}"
        assert str(match.seed) not in re.findall(r"seed\W+(\d+)", text)
    if ruleset == "bob":  # hidden cards and missions: the check above had something to find
        assert secrets_of(match, "raf") and secrets_of(match, None)


def test_probabilities_are_the_chance_outcomes() -> None:
    two = Roll("two dice", dice=(D6, D6))
    for action, p in two.outcomes():
        assert outcome_probability(two, action) == p == Fraction(1, 36)
    pool = SymbolPool("pool", die=RAF_DIE, count=3)
    for action, p in pool.outcomes():
        assert outcome_probability(pool, action) == p
    one = Roll("one die", dice=(D6,))
    assert outcome_probability(one, Action.parse("roll d=4")) == Fraction(1, 6)


def test_a_seat_not_in_the_game_is_refused() -> None:
    match = finished("crane")
    with pytest.raises(ValueError, match="no seat"):
        after_action_report(match, "nobody")


def test_a_series_left_out_later_keeps_its_last_value() -> None:
    # 303 Squadron: a pilot shot down leaves the view, and his line keeps the kills he made
    points = [{}, {"Jan Zumbach": 1.0}, {"Jan Zumbach": 2.0}, {"Witold Urbanowicz": 1.0}]
    assert _carried("Jan Zumbach", points) == [0.0, 1.0, 2.0, 2.0]
    assert _carried("Witold Urbanowicz", points) == [0.0, 0.0, 0.0, 1.0]


def test_the_legend_is_as_wide_and_tall_as_its_names() -> None:
    names = [f"a rather long series name number {n}" for n in range(12)]
    svg = line_chart("t", ["start", "T1"], {n: [0.0, 1.0] for n in names})
    width, height = (float(v) for v in re.search(r'viewBox="0 0 (\S+) (\S+)"', svg).groups())
    longest = max(len(n) for n in names)
    legend_x = float(re.search(r'<text x="(\S+)"[^>]*class="legend"', svg).group(1))
    assert legend_x + 7 * longest <= width  # about 7 px a character at 12 px
    assert height >= 34 + 14 + 20 * len(names)  # every row inside the box
