"""Information-set Monte Carlo tree search: a computer opponent for every ruleset.

It plays through the engine's API alone and from its seat's view alone. Each simulation
imagines one world consistent with the view (``Game.state_from_view``: the seat's unknowns
re-dealt), walks a tree of decisions in it (single-observer ISMCTS, open loop: dice and draws
are sampled fresh from their exact probabilities every time, so the tree branches only on
choices), then plays on with the ruleset's rollout policy to the end or to a depth, where the
ruleset's evaluation scores the position.

A strength is a budget: simulations per decision, capped by a time limit so a person never
waits long. With the cap not reached, the same seed and view give the same choice.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from dowding.engine import Action, Chance, Decision, State, Terminal, get_game

Rollout = Callable[[State, random.Random], Action]
Evaluate = Callable[[State], Mapping[str, float]]


@dataclass(frozen=True)
class Budget:
    """How hard the player thinks: simulations per decision, a time cap, the rollout depth."""

    simulations: int
    seconds: float
    depth: int = 8  # decisions played out after the tree before the position is scored
    exploration: float = 1.0
    # the share of the prior policy given to the rollout policy's own pick at a node (the rest
    # spread over the other options): with few simulations the player mostly follows its
    # policy, and leaves it where search shows a better choice
    prior: float = 0.5
    # an untried choice is first valued at its node's mean less this (first-play urgency)
    untried_penalty: float = 0.1
    # where set, the policy's pick stands unless the most simulated choice's mean beats it by
    # this much: a ruleset whose score cannot tell some choices apart keeps its policy there
    # instead of following the noise (``keep_margin``)
    keep_margin: float | None = None
    # keep the subtree under the chosen option for the seat's next decision, where nothing but
    # its own choices and dice came between (``ISMCTSPlayer._carried``)
    keep_tree: bool = True


# Rollouts are truncated: a few decisions played on, then the ruleset's fitted evaluation
# scores the position (issue 15). A simulation costs a fraction of a long playout, so many
# more fit in the time; the search, not the rollout, does the looking ahead.
STRENGTHS: dict[str, Budget] = {
    "novice": Budget(simulations=24, seconds=0.2, depth=0),  # the score straight after the tree
    "regular": Budget(simulations=96, seconds=0.5, depth=5),
    "veteran": Budget(simulations=300, seconds=1.0, depth=8),
    "ace": Budget(simulations=1000, seconds=3.0, depth=12),
}
DEFAULT_STRENGTH = "regular"


class _Edge:
    """One choice at a node: how often it was taken and what it earned its seat."""

    __slots__ = ("child", "total", "visits")

    def __init__(self) -> None:
        self.child = _Node()
        self.visits = 0
        self.total = 0.0


class _Node:
    __slots__ = ("edges", "preferred", "prompts", "seat")

    def __init__(self) -> None:
        self.edges: dict[Action, _Edge] = {}
        self.preferred: Action | None = None  # the prior policy's pick here, first time seen
        # who decided here in the worlds searched ("": more than one seat) and the decisions'
        # prompts (at most ``_PROMPTS``): what a kept subtree is checked against
        self.seat: str | None = None
        self.prompts: set[str] = set()


_PROMPTS = 8  # prompts a node remembers; a node reached with more is never kept


def _module(ruleset: str, part: str) -> Any | None:
    """The ruleset's ``part`` module (``search``, ``bots``), or None where it has none."""
    name = f"dowding.rulesets.{ruleset.replace('-', '_')}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise  # the module exists but is broken: say so
        return None


def _hooks(ruleset: str) -> tuple[Rollout | None, Evaluate | None]:
    """The ruleset's rollout policy and evaluation: from its ``search`` module, else its
    ``bots`` module, where it offers them."""
    for part in ("search", "bots"):
        module = _module(ruleset, part)
        rollout = getattr(module, "rollout_policy", None)
        evaluate = getattr(module, "evaluate", None)
        if rollout is not None or evaluate is not None:
            return rollout, evaluate
    return None, None


def rollout_maker(ruleset: str) -> Callable[[str], Rollout] | None:
    """Where a ruleset's rollout policy remembers what its players saw (a heuristic that keeps
    count of the other side's cards or habits), its ``search`` module offers
    ``rollout_player(seat)``: a rollout policy of the searcher's own, whose memory only the
    real game writes. It may have ``observe(view, decision)``, called at each real decision
    of that seat before the search; in the imagined worlds its memory stays as it was, so one
    world's guesses never leak into another, or into another game played in the process. It
    may also have ``prior(state, rng)``: the pick a tree node favours, where that differs from
    the rollouts' (the rollouts' noise left out); and ``evaluate(state)``: the score a
    truncated rollout ends on, fitted to the games these rollouts play."""
    maker: Callable[[str], Rollout] | None = getattr(
        _module(ruleset, "search"), "rollout_player", None
    )
    return maker


def prior_hook(ruleset: str) -> Rollout | None:
    """The policy whose pick a tree node favours, where the ruleset's ``search`` module offers
    one apart from its rollout policy (``prior_policy``: say, the heuristic without the noise
    its rollouts play with), else None: the rollout policy's pick."""
    return getattr(_module(ruleset, "search"), "prior_policy", None)


def rollout_depth(ruleset: str, default: int) -> int:
    """The rollout depth at every strength where the ruleset's ``search`` module fixes one
    (``ROLLOUT_DEPTH``: measured better for that game than the strengths' own), else
    ``default``."""
    fixed = getattr(_module(ruleset, "search"), "ROLLOUT_DEPTH", None)
    return default if fixed is None else int(fixed)


def keep_margin(ruleset: str) -> float | dict[str, float] | None:
    """How much better than the policy's pick a choice must score for the player to leave the
    policy, where the ruleset's ``search`` module fixes it (``KEEP_POLICY_MARGIN``: one number,
    or one for each scenario where it was measured, the rest without), else None: the most
    simulated choice, whatever its margin."""
    fixed = getattr(_module(ruleset, "search"), "KEEP_POLICY_MARGIN", None)
    if fixed is None:
        return None
    if isinstance(fixed, Mapping):
        return {str(k): float(v) for k, v in fixed.items()}
    return float(fixed)


def paired_root(ruleset: str) -> int | None:
    """The fewest simulations a decision's budget must have for the player to make the paired
    choice at the root instead of searching a tree (``ISMCTSPlayer._paired_choice``), where the
    ruleset's ``search`` module asks for it (``PAIRED_ROOT``: measured better there, at the
    budgets it names), else None."""
    fixed = getattr(_module(ruleset, "search"), "PAIRED_ROOT", None)
    return None if fixed is None else int(fixed)


# The paired choice (``ISMCTSPlayer._paired_choice``): the options that go on to the test, the
# prior's pick among them, and how many standard errors better than the prior's pick a choice
# must score on the test's fresh dice to be played instead of it.
PAIRED_FINALISTS = 4
PAIRED_Z = 2.0
PAIRED_TESTS = 4  # the fewest dice the test plays each finalist on (a small budget's floor)


def terminal_values(terminal: Terminal, sides: Mapping[str, str]) -> dict[str, float]:
    """1 for the winning seats (the winner is a seat or a side), 0 for the others, ½ each in a
    draw."""
    if terminal.winner is None:
        return dict.fromkeys(sides, 0.5)
    return {seat: 1.0 if terminal.winner in (seat, side) else 0.0 for seat, side in sides.items()}


def _candidates(world: State, here: Decision, preferred: Action | None) -> tuple[Action, ...]:
    """The listed options, and the prior's pick after them where it is a free value this world
    accepts (``State.check_free``, the engine's own test): a prior that places or turns by
    any amount (crane's heuristic) is searched, and kept, as it plays, not only its nearest
    listed neighbours. Only decisions with free values pay for the look."""
    options = here.options
    if preferred is None or preferred in options or world.check_free(preferred, here) is not None:
        return options
    return (*options, preferred)


class ISMCTSPlayer:
    """Chooses by information-set MCTS from ``view`` alone; see the module docstring."""

    def __init__(
        self,
        ruleset: str,
        seat: str,
        seed: int = 0,
        strength: str | None = None,
        *,
        simulations: int | None = None,
        seconds: float | None = None,
        depth: int | None = None,
        rollout: Rollout | None = None,
        evaluate: Evaluate | None = None,
        keep_tree: bool | None = None,
        paired: bool | None = None,
    ) -> None:
        strength = strength or DEFAULT_STRENGTH
        if strength not in STRENGTHS:
            raise ValueError(f"no strength {strength!r}; choose from: {', '.join(STRENGTHS)}")
        base = STRENGTHS[strength]
        if depth is None:
            depth = rollout_depth(ruleset, base.depth)
        margin = keep_margin(ruleset)
        # a margin by scenario is read from the first position searched (``search``)
        self.margins = margin if isinstance(margin, dict) else None
        self.budget = Budget(
            simulations=simulations if simulations is not None else base.simulations,
            seconds=seconds if seconds is not None else base.seconds,
            depth=depth,
            exploration=base.exploration,
            keep_margin=None if isinstance(margin, dict) else margin,
            keep_tree=base.keep_tree if keep_tree is None else keep_tree,
        )
        self.game = get_game(ruleset)
        self.seat = seat
        self.seed = seed
        self.decisions = 0
        hook_rollout, hook_evaluate = _hooks(ruleset)
        maker = rollout_maker(ruleset) if rollout is None else None
        if maker is not None:
            hook_rollout = maker(seat)
        self.rollout = rollout or hook_rollout
        # the rollout player's own score (``evaluate``: fitted to the games its rollouts play),
        # else the ruleset's
        own_evaluate = getattr(hook_rollout, "evaluate", None) if maker is not None else None
        self.evaluate = evaluate or own_evaluate or hook_evaluate
        # the pick a node favours: the rollout player's own prior (``prior``) or the ruleset's
        # prior policy, else the rollout policy's; a rollout policy given by the caller is its
        # prior too
        own_prior = getattr(hook_rollout, "prior", None) if maker is not None else None
        self.prior = (
            None if rollout is not None else own_prior or prior_hook(ruleset)
        ) or self.rollout
        # the paired choice at the root instead of the tree, where the ruleset asks for it; only
        # in a game of perfect information, whose every world is the one position
        if paired is None:
            least = paired_root(ruleset)
            paired = least is not None and self.budget.simulations >= least
        self.paired = paired and self.game.perfect_information and self.prior is not None
        self.last_simulations = 0  # how many the last decision ran (for benchmarks)
        # the visits the last decision's root started with, kept from the decision before
        self.last_carried = 0
        # the subtree under the option chosen last, for the next decision (``_carried``)
        self._carry: _Node | None = None
        # when the search in progress must stop: wall-clock (perf_counter), so that threads
        # sharing the interpreter, or a busy machine, make it think less, never longer
        self._deadline = math.inf

    # --- the Player protocol -------------------------------------------------------------
    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        self.decisions += 1
        observe = getattr(self.rollout, "observe", None)
        if observe is not None:  # the policy's memory follows the real game, and only it
            observe(view, decision)
        if len(decision.options) == 1:
            # a forced choice is played through in the tree too: a kept subtree stays kept
            self.last_simulations = 0
            return decision.options[0]
        rng = random.Random(f"{self.seed}:{self.decisions}:{decision.prompt}")
        if self.paired:
            self._carry = None
            return self._paired_choice(view, decision, rng)
        root = self.search(view, decision, rng, self._carried(decision))

        def robust(a: Action) -> tuple[int, bool, float]:
            # the most simulated choice; the policy's pick, then the better mean, on a tie
            e = root.edges.get(a)
            if e is None:
                return (0, a == root.preferred, 0.0)
            return (e.visits, a == root.preferred, e.total / max(e.visits, 1))

        # the prior's free value (not listed) competes too where the search took it: only a
        # value the engine accepted in a world searched has an edge (``_candidates``), and a
        # seat's own choice is legal by what it sees (crane hides nothing)
        options = decision.options
        free = root.preferred
        if decision.free and free in root.edges and free not in options:
            assert free is not None
            options = (*options, free)
        pick = self._kept(root, max(options, key=robust), options)
        chosen = root.edges.get(pick)
        self._carry = chosen.child if chosen is not None and self.budget.keep_tree else None
        return pick

    def _carried(self, decision: Decision) -> _Node | None:
        """The subtree kept from the last decision, where it stands for this one: in every
        world searched the next choice after the option taken was this seat's own, at a
        decision with this prompt (so no other seat's choice came between, as far as the worlds
        tell: a kept subtree is a head start, the new worlds are sampled from the new view), and
        it was visited. Anything else (an opponent's choice, a prompt never met there, a
        decision taken back) starts a fresh tree."""
        node, self._carry = self._carry, None
        if (
            node is None
            or node.seat != self.seat
            or decision.prompt not in node.prompts
            or not node.edges
        ):
            return None
        node.preferred = None  # the prior's pick is made again, in a world of the new view
        return node

    def _kept(self, root: _Node, pick: Action, options: tuple[Action, ...]) -> Action:
        """``pick``, or the policy's pick where the budget keeps it: when the search found no
        mean better than the policy's by ``keep_margin``."""
        margin = self.budget.keep_margin
        preferred = root.preferred
        if margin is None or preferred not in options or pick == preferred:
            return pick
        kept, chosen = root.edges.get(preferred), root.edges.get(pick)
        if kept is None or not kept.visits or chosen is None or not chosen.visits:
            return pick
        gain = chosen.total / chosen.visits - kept.total / kept.visits
        return pick if gain >= margin else preferred

    # --- the paired choice ------------------------------------------------------------------
    def _paired_choice(
        self, view: Mapping[str, Any], decision: Decision, rng: random.Random
    ) -> Action:
        """The prior's pick, unless another choice plays out clearly better on the same dice.

        Each choice is played out (``_playout``) from the position after it, and every choice
        is played out on the same dice: the i-th playout of each reads its own
        ``random.Random`` made from the same seed. So a difference between two choices is
        theirs, not the dice's: choices that change nothing score alike to the last digit, and
        the rest are told apart with far fewer playouts than apart (common random numbers; in
        crane's positions, where a tree's visits could not part them, `docs/search-player.md`).
        Half the budget screens every choice on a few dice; the best ``PAIRED_FINALISTS``
        (the prior's pick among them) are played out again on fresh dice, and a choice replaces
        the prior's pick only with a mean gain over it of ``PAIRED_Z`` standard errors."""
        deadline = self._deadline = time.perf_counter() + self.budget.seconds
        position = self.game.state_from_dict(dict(view["infostate"]))
        here = position.next()
        assert isinstance(here, Decision) and self.prior is not None
        sides = {s.id: s.side for s in self.game.seats_for(position.options)}
        preferred = self.prior(position.copy(), rng)
        pool = _candidates(position, here, preferred)
        if preferred not in pool:  # a free value the engine refuses: never played
            preferred = pool[0]
        base = rng.getrandbits(64)
        budget = self.budget.simulations
        played = 0

        def gains(choices: tuple[Action, ...], first: int, seeds: int) -> dict[Action, list[float]]:
            """Each choice's result less the prior pick's, seed by seed, until the cap."""
            nonlocal played
            out: dict[Action, list[float]] = {a: [] for a in choices}
            for i in range(first, first + seeds):
                if i > first and time.perf_counter() > deadline:
                    break
                results = {}
                for a in choices:
                    world = position.copy()
                    world.apply_trusted(a)
                    played += 1
                    results[a] = self._playout(world, sides, random.Random(f"{base}:{i}"))[
                        self.seat
                    ]
                for a in choices:
                    out[a].append(results[a] - results[preferred])
            return out

        finalists = pool
        seeds = 0
        if len(pool) > PAIRED_FINALISTS:
            seeds = max(1, budget // (2 * len(pool)))
            screened = gains(pool, 0, seeds)
            ranked = sorted(
                (a for a in pool if a != preferred),
                key=lambda a: -sum(screened[a]) / max(len(screened[a]), 1),
            )
            finalists = (preferred, *ranked[: PAIRED_FINALISTS - 1])
        tested = gains(finalists, seeds, max(PAIRED_TESTS, (budget - played) // len(finalists)))
        self.last_simulations = played
        best, best_gain = preferred, 0.0
        for a in finalists:
            d = tested[a]
            n = len(d)
            if a == preferred or n < 2:
                continue
            mean = sum(d) / n
            spread = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)  # its standard error
            if mean > best_gain and mean > PAIRED_Z * spread:
                best, best_gain = a, mean
        return best

    # --- search --------------------------------------------------------------------------
    def search(
        self,
        view: Mapping[str, Any],
        decision: Decision,
        rng: random.Random,
        root: _Node | None = None,
    ) -> _Node:
        """``budget.simulations`` simulations (or until the cap) from ``root``: a fresh node,
        or a subtree kept from the last decision, whose visits count on top of them."""
        # the cap counts from here, reading the view included; each simulation's playout also
        # checks it, so that the cap holds even when one simulation would outlast it
        deadline = self._deadline = time.perf_counter() + self.budget.seconds
        infostate = self.game.state_from_dict(dict(view["infostate"]))
        if self.margins is not None:
            scenario = getattr(infostate, "scenario", None)
            wanted = self.margins.get(scenario) if isinstance(scenario, str) else None
            if wanted != self.budget.keep_margin:
                self.budget = replace(self.budget, keep_margin=wanted)
        sides = {s.id: s.side for s in self.game.seats_for(infostate.options)}
        if root is None:
            root = _Node()
        self.last_carried = sum(e.visits for e in root.edges.values())
        done = 0
        while done < self.budget.simulations and (done == 0 or time.perf_counter() < deadline):
            world = (
                infostate.copy()
                if self.game.perfect_information
                else infostate.determinize(self.seat, rng)
            )
            self._simulate(world, root, sides, rng)
            done += 1
        self.last_simulations = done
        return root

    def _simulate(
        self, world: State, root: _Node, sides: Mapping[str, str], rng: random.Random
    ) -> None:
        node = root
        path: list[tuple[_Edge, str]] = []
        values: Mapping[str, float] | None = None
        while True:
            here = world.next()
            if isinstance(here, Terminal):
                values = terminal_values(here, sides)
                break
            if isinstance(here, Chance):
                world.apply_trusted(here.sample(rng))
                continue
            options = here.options
            if len(options) == 1:  # forced: no choice to learn
                world.apply_trusted(options[0])
                continue
            if node.seat != here.seat:  # first seen here, or a second seat: never kept
                node.seat = here.seat if node.seat is None else ""
            if here.prompt not in node.prompts:
                if len(node.prompts) < _PROMPTS:
                    node.prompts.add(here.prompt)
                else:
                    node.seat = ""
            if node.preferred is None and self.prior is not None:
                node.preferred = self.prior(world, rng)
            if here.free:
                options = _candidates(world, here, node.preferred)
            action, edge = self._select(node, options)
            if edge is None:  # a choice tried for the first time: the tree grows by one
                edge = node.edges[action] = _Edge()
                path.append((edge, here.seat))
                world.apply_trusted(action)
                break
            path.append((edge, here.seat))
            world.apply_trusted(action)
            node = edge.child
        if values is None:
            values = self._playout(world, sides, rng)
        for edge, seat in path:
            edge.visits += 1
            edge.total += values.get(seat, 0.5)

    def _select(self, node: _Node, options: tuple[Action, ...]) -> tuple[Action, _Edge | None]:
        """PUCT over the legal choices: mean result plus exploration weighted by the prior
        policy (the rollout policy's pick favoured); an untried choice counts at its node's
        mean, a little less. Only the choices legal in this world compete (ISMCTS)."""
        edges = node.edges
        budget = self.budget
        visits = 0
        total = 0.0
        for a in options:
            e = edges.get(a)
            if e is not None:
                visits += e.visits
                total += e.total
        mean = total / visits if visits else 0.5
        preferred = node.preferred if node.preferred in options else None
        k = len(options)
        if preferred is None:
            p_pref = p_other = 1.0 / k
        else:
            p_pref, p_other = budget.prior, (1.0 - budget.prior) / (k - 1)
        scale = budget.exploration * math.sqrt(visits + 1)
        best_action = options[0]
        best_edge: _Edge | None = None
        best_score = -math.inf
        for a in options:
            e = edges.get(a)
            p = p_pref if a == preferred else p_other
            if e is None or not e.visits:
                score = mean - budget.untried_penalty + scale * p
            else:
                score = e.total / e.visits + scale * p / (1 + e.visits)
            if score > best_score:
                best_score, best_action, best_edge = score, a, e
        return best_action, best_edge

    def _policy(self, world: State, rng: random.Random) -> Action:
        assert self.rollout is not None
        return self.rollout(world, rng)

    def _playout(
        self, world: State, sides: Mapping[str, str], rng: random.Random
    ) -> Mapping[str, float]:
        decisions = 0
        while True:
            here = world.next()
            if isinstance(here, Terminal):
                return terminal_values(here, sides)
            if time.perf_counter() > self._deadline:  # the cap, at every step of the playout
                return self._score(world, sides)
            if isinstance(here, Chance):
                world.apply_trusted(here.sample(rng))
                continue
            if len(here.options) == 1:
                world.apply_trusted(here.options[0])
                continue
            if decisions >= self.budget.depth:
                return self._score(world, sides)
            decisions += 1
            action = self._policy(world, rng) if self.rollout else rng.choice(here.options)
            world.apply_trusted(action)

    def _score(self, world: State, sides: Mapping[str, str]) -> dict[str, float]:
        if self.evaluate is None:
            return dict.fromkeys(sides, 0.5)
        scored = self.evaluate(world)
        return {
            seat: float(scored.get(seat, scored.get(side, 0.5))) for seat, side in sides.items()
        }


def ismcts(ruleset: str, seat: str, seed: int = 0, strength: str | None = None) -> ISMCTSPlayer:
    """The factory ``make_player`` uses for ``ismcts`` and ``ismcts:<strength>``."""
    return ISMCTSPlayer(ruleset, seat, seed, strength)
