"""Every dowding ruleset as an OpenSpiel Python game (``pyspiel.load_game("dowding_crane")``).

The adapter crosses the engine line the way every front end does: ``state.next()`` says who
moves, ``view(state, seat)`` is all a seat is told, ``state.apply`` plays an option.

Action ids. OpenSpiel wants integers, dowding generates options per node, so an id is a
position: at a decision, the index of the option in ``Decision.options``; at a chance node,
the index of the outcome in ``Chance.outcomes()`` (exact ``Fraction`` probabilities, given
to OpenSpiel as floats). Free values a decision also accepts are not offered.
``num_distinct_actions`` is the ``max_actions`` parameter (default :data:`MAX_ACTIONS` = 1024)
and ``max_chance_outcomes`` the parameter of that name (default 7776 = 6**5). Random sweeps of
every ruleset and scenario saw at most 61 options (bob) and the largest chance event is crane's
bomb roll, 4d6 = 1296 outcomes (bob's dice pools: 231). A node that ever offers more is
refused with :class:`TooManyOptions`, naming the game parameter that raises the bound.

Game parameters: ``scenario``, every ruleset option (``players=3`` for bob...), and the
adapter's own: ``reward`` (``scores``: Terminal.scores per seat, or its side's score;
``outcome``: +1 to the winning side's seats, -1 to the others, 0 in a draw), ``max_actions``,
``max_chance_outcomes``, ``max_game_length`` (moves, chance included; a longer game is
refused) and ``imperfect`` (declare a perfect-information ruleset as imperfect, since
OpenSpiel's IS-MCTS bots accept only imperfect-information games).

Strings: ``information_state_string(p)`` and ``observation_string(p)`` are the canonical
JSON (sorted keys) of ``view(state, seat)``; a public observer sees the spectator view.
``resample_from_infostate(p, sampler)`` builds a state from the seat's view alone with
``Game.state_from_view`` (``State.determinize`` where a view carries no ``"infostate"``).

Known limits of pyspiel itself (open_spiel 2.0.2): the C++ ``pyspiel.ISMCTSBot`` cannot
search a Python game: the C++ side of a Python state never calls
``resample_from_infostate`` (SpielError "ResampleFromInfostate() not implemented"), and
``ISMCTSBot.step`` releases the GIL before calling back into Python (a segfault).
``open_spiel.python.algorithms.ismcts.ISMCTSBot``, OpenSpiel's Python port of the same
search, works through this adapter; :func:`ismcts_bot` builds one.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from dowding.engine import Action, Chance, Decision, Game, State, Terminal, get_game, ruleset_ids
from dowding.engine.game import Node, Seat

from . import MAX_ACTIONS as MAX_ACTIONS
from . import REWARDS as REWARDS
from . import TooManyOptions as TooManyOptions
from . import canonical as canonical
from . import check_reward, seat_reward

PREFIX = "dowding_"
MAX_CHANCE_OUTCOMES = 7776  # 6**5: one d6 more than crane's largest roll (bombs, 4d6)
MAX_GAME_LENGTH = 20_000  # the conformance suite's bound on steps: a longer game is stuck
SCORE_BOUND = 10_000.0  # |score| above this is refused: OpenSpiel wants utility bounds
# The adapter's own game parameters, beside the ruleset's options.
ADAPTER_PARAMS: dict[str, bool | int | str] = {
    "reward": "scores",
    "max_actions": MAX_ACTIONS,
    "max_chance_outcomes": MAX_CHANCE_OUTCOMES,
    "max_game_length": MAX_GAME_LENGTH,
    "imperfect": False,
}


def short_name(ruleset: str) -> str:
    return PREFIX + ruleset.replace("-", "_")


def register(rulesets: Sequence[str] | None = None) -> list[str]:
    """Register each ruleset (all by default) with pyspiel, once; returns the short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for ruleset in rulesets if rulesets is not None else ruleset_ids():
        name = short_name(ruleset)
        if name not in registered:
            game = get_game(ruleset)
            pyspiel.register_game(_game_type(game, _defaults(game)), _factory(ruleset))
        names.append(name)
    return names


def load(ruleset: str, scenario: str | None = None, **params: object) -> pyspiel.Game:
    """``pyspiel.load_game`` for a ruleset, registering it first; params as game parameters."""
    register([ruleset])
    if scenario is not None:
        params["scenario"] = scenario
    return pyspiel.load_game(short_name(ruleset), params)


# --- the game ----------------------------------------------------------------------------
def _defaults(game: Game) -> dict[str, bool | int | float | str]:
    defaults: dict[str, bool | int | float | str] = {"scenario": game.default_scenario}
    for spec in game.option_specs:
        if spec.name in defaults or spec.name in ADAPTER_PARAMS:
            raise ValueError(
                f"{game.id}: option {spec.name!r} clashes with an OpenSpiel adapter parameter"
            )
        defaults[spec.name] = spec.default
    defaults.update(ADAPTER_PARAMS)
    return defaults


def _seat_counts(game: Game) -> list[int]:
    """How many seats the game can have: the default, and each bounded option's values."""
    counts = {len(game.seats)}
    for spec in game.option_specs:
        values: list[object] = list(spec.choices)
        if isinstance(spec.default, bool):
            values = [True, False]
        elif (
            isinstance(spec.default, int)
            and spec.minimum is not None
            and spec.maximum is not None
            and spec.maximum - spec.minimum <= 16
        ):
            values = list(range(int(spec.minimum), int(spec.maximum) + 1))
        for value in values:
            try:
                counts.add(len(game.seats_for(game.resolve_options({spec.name: value}))))
            except ValueError:
                continue
    return sorted(counts)


def _information(game: Game, params: Mapping[str, Any]) -> pyspiel.GameType.Information:
    if game.perfect_information and not params["imperfect"]:
        return pyspiel.GameType.Information.PERFECT_INFORMATION
    return pyspiel.GameType.Information.IMPERFECT_INFORMATION


def _game_type(
    game: Game,
    params: Mapping[str, Any],
    utility: pyspiel.GameType.Utility = pyspiel.GameType.Utility.GENERAL_SUM,
) -> pyspiel.GameType:
    counts = _seat_counts(game)
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"dowding: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_information(game, params),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=counts[-1],
        min_num_players=counts[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=dict(params),
    )


def _factory(ruleset: str) -> type[DowdingGame]:
    """A subclass bound to one ruleset. pyspiel must be given a class: a registered closure
    is released without the GIL when the interpreter exits, which aborts the process."""

    def __init__(self: DowdingGame, params: Mapping[str, Any] | None = None) -> None:
        DowdingGame.__init__(self, ruleset, params or {})

    name = "".join(part.title() for part in ruleset.replace("-", "_").split("_")) + "Game"
    return type(name, (DowdingGame,), {"__init__": __init__, "__module__": __name__})


class DowdingGame(pyspiel.Game):  # type: ignore[misc]
    """One ruleset, scenario and set of options, as OpenSpiel sees it."""

    def __init__(self, ruleset: str, params: Mapping[str, Any]) -> None:
        game = get_game(ruleset)
        full = _defaults(game)
        unknown = sorted(set(params) - set(full))
        if unknown:
            raise ValueError(f"{short_name(ruleset)} has no parameter {', '.join(unknown)}")
        full.update(params)
        check_reward(str(full["reward"]))
        self.dowding = game
        self.scenario = game.scenario(str(full["scenario"])).id
        self.options = game.resolve_options(
            {spec.name: full[spec.name] for spec in game.option_specs}
        )
        self.seats: tuple[Seat, ...] = game.seats_for(self.options)
        self.reward = str(full["reward"])
        self.max_actions = int(full["max_actions"])
        self.max_outcomes = int(full["max_chance_outcomes"])
        self.max_length = int(full["max_game_length"])
        sides = {seat.side for seat in self.seats}
        zero_sum = self.reward == "outcome" and len(sides) == len(self.seats) == 2
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        )
        bound = 1.0 if self.reward == "outcome" else SCORE_BOUND
        info = pyspiel.GameInfo(
            num_distinct_actions=self.max_actions,
            max_chance_outcomes=self.max_outcomes,
            num_players=len(self.seats),
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(game, full, utility), info, full)

    def new_initial_state(self) -> DowdingState:
        return DowdingState(self, self.dowding.new_state(self.scenario, self.options))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        private = (
            iig_obs_type.private_info if iig_obs_type else pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        return ViewObserver(private)


# --- the state ---------------------------------------------------------------------------
class _Outcomes(NamedTuple):
    actions: tuple[Action, ...]
    exact: tuple[Fraction, ...]
    listed: list[tuple[int, float]]  # what chance_outcomes() returns: (id, probability)


@functools.lru_cache(maxsize=4096)
def _outcomes(chance: Chance) -> _Outcomes:
    """A chance event's outcomes, worked out once per distinct event: rollouts meet the same
    rolls and draws again and again, and listing them (Actions, Fractions) is costly."""
    pairs = chance.outcomes()
    return _Outcomes(
        tuple(a for a, _ in pairs),
        tuple(p for _, p in pairs),
        [(i, float(p)) for i, (_, p) in enumerate(pairs)],
    )


class _Node:
    """The dowding state and what its pending node costs to work out, cached until a move.

    OpenSpiel clones a Python state by deep-copying its attributes; this holder copies the
    state with ``State.copy()`` (cheap, immutable parts shared) and shares the game.
    """

    __slots__ = ("_node", "_outcomes", "_views", "game", "moves", "state")

    def __init__(self, game: DowdingGame, state: State, moves: int = 0) -> None:
        self.game = game
        self.state = state
        self.moves = moves
        self.changed()

    def changed(self) -> None:
        self._node: Node | None = None
        self._outcomes: _Outcomes | None = None
        self._views: dict[str | None, str] = {}

    def node(self) -> Node:
        if self._node is None:
            self._node = self.state.next()
        return self._node

    def outcomes(self, chance: Chance) -> _Outcomes:
        if self._outcomes is None:
            self._outcomes = _outcomes(chance)
        return self._outcomes

    def view_text(self, seat: str | None) -> str:
        if seat not in self._views:
            self._views[seat] = canonical(self.state.view(seat))
        return self._views[seat]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        other = _Node(self.game, self.state.copy(), self.moves)
        other._node, other._outcomes = self._node, self._outcomes  # immutable, safe to share
        other._views = dict(self._views)
        return other


class DowdingState(pyspiel.State):  # type: ignore[misc]
    """One node of a dowding game behind OpenSpiel's integer actions."""

    def __init__(self, game: DowdingGame, state: State) -> None:
        super().__init__(game)
        # everything lives in one holder: OpenSpiel clones a state by deep-copying its attributes
        self._held = _Node(game, state)
        self._seat_ids = tuple(seat.id for seat in game.seats)

    @property
    def _game(self) -> DowdingGame:
        return self._held.game

    @property
    def dowding_state(self) -> State:
        """The engine state (a copy would be safer for callers that mutate it)."""
        return self._held.state

    def seat(self, player: int) -> str:
        if not 0 <= player < len(self._seat_ids):
            raise ValueError(f"no player {player}: players are 0..{len(self._seat_ids) - 1}")
        return self._seat_ids[player]

    # --- whose move ---------------------------------------------------------------------
    def current_player(self) -> int:
        node = self._held.node()
        if isinstance(node, Terminal):
            return int(pyspiel.PlayerId.TERMINAL)
        if isinstance(node, Chance):
            return int(pyspiel.PlayerId.CHANCE)
        return self._seat_ids.index(node.seat)

    def is_terminal(self) -> bool:
        return isinstance(self._held.node(), Terminal)

    def _decision(self) -> Decision | None:
        node = self._held.node()
        return node if isinstance(node, Decision) else None

    def _legal_actions(self, player: int) -> list[int]:
        decision = self._decision()
        if decision is None or self._seat_ids.index(decision.seat) != player:
            return []
        count = len(decision.options)
        if count > self._game.max_actions:
            raise TooManyOptions(
                f"{decision.seat} has {count} options at '{decision.prompt}', more than "
                f"max_actions={self._game.max_actions}: load the game with a larger max_actions"
            )
        return list(range(count))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._held.node()
        if not isinstance(node, Chance):
            return []
        outcomes = self._held.outcomes(node)
        if len(outcomes.listed) > self._game.max_outcomes:
            raise TooManyOptions(
                f"'{node.label}' has {len(outcomes.listed)} outcomes, more than "
                f"max_chance_outcomes={self._game.max_outcomes}: "
                "load the game with a larger max_chance_outcomes"
            )
        return list(outcomes.listed)

    def action_of(self, action_id: int) -> Action:
        """The dowding action or outcome behind an id at this node."""
        node = self._held.node()
        if isinstance(node, Decision):
            choices = node.options
        elif isinstance(node, Chance):
            choices = self._held.outcomes(node).actions
        else:
            raise ValueError(f"the game is over ({node.reason}): no action {action_id}")
        if not 0 <= action_id < len(choices):
            raise ValueError(f"no action {action_id} here: ids are 0..{len(choices) - 1}")
        return choices[action_id]

    def id_of(self, action: Action | str) -> int:
        """The id of a dowding action (or its text) at this node."""
        wanted = Action.parse(action) if isinstance(action, str) else action
        node = self._held.node()
        if isinstance(node, Decision):
            choices = node.options
        elif isinstance(node, Chance):
            choices = self._held.outcomes(node).actions
        else:
            choices = ()
        if wanted not in choices:
            raise ValueError(f"'{wanted}' is not among this node's offered actions")
        return choices.index(wanted)

    def _apply_action(self, action_id: int) -> None:
        if self._held.moves >= self._game.max_length:
            raise ValueError(
                f"the game passed max_game_length={self._game.max_length} moves: "
                "load it with a larger max_game_length"
            )
        self._held.state.apply(self.action_of(action_id))
        self._held.changed()
        self._held.moves += 1

    def _action_to_string(self, player: int, action_id: int) -> str:
        try:
            return str(self.action_of(action_id))
        except ValueError:
            return f"action {action_id}"

    # --- results ------------------------------------------------------------------------
    def returns(self) -> list[float]:
        node = self._held.node()
        if not isinstance(node, Terminal):
            return [0.0] * len(self._seat_ids)
        return [self._reward(node, seat) for seat in self._game.seats]

    def _reward(self, result: Terminal, seat: Seat) -> float:
        score = seat_reward(result, seat, self._game.reward)
        if abs(score) > SCORE_BOUND:
            raise ValueError(f"{seat.id} scored {score}, beyond the declared bound {SCORE_BOUND}")
        return float(score)

    # --- information --------------------------------------------------------------------
    def view_string(self, seat: str | None) -> str:
        return self._held.view_text(seat)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> DowdingState:
        """A state drawn among those consistent with what ``player_id``'s seat sees."""
        seat = self.seat(player_id)
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = sample_from_view(self._game.dowding, self._held.state, seat, rng)
        other: DowdingState = self.clone()
        other._held = _Node(self._game, sampled, self._held.moves)
        return other

    def __str__(self) -> str:
        node = self._held.node()
        if isinstance(node, Decision):
            now = f"{node.seat} to decide: {node.prompt}"
        elif isinstance(node, Chance):
            now = f"chance: {node.label}"
        else:
            now = f"over: {node.reason}"
        return f"{self._game.dowding.id} {self._game.scenario} {self._held.state.hash()} {now}"


def sample_from_view(game: Game, state: State, seat: str, rng: random.Random) -> State:
    """A whole state built from ``seat``'s view alone (``Game.state_from_view``)."""
    view = state.view(seat)
    if "infostate" in view and hasattr(game, "state_from_view"):
        return game.state_from_view(view, seat, rng)
    return state.determinize(seat, rng)


class ViewObserver:
    """OpenSpiel's observer protocol over ``view``: strings only, no tensor."""

    def __init__(self, private: pyspiel.PrivateInfoType) -> None:
        self.private = private
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: DowdingState, player: int) -> None:
        """No tensor to fill: the adapter provides strings."""

    def string_from(self, state: DowdingState, player: int) -> str:
        if self.private == pyspiel.PrivateInfoType.NONE:
            return state.view_string(None)
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return canonical(state.dowding_state.to_dict())
        return state.view_string(state.seat(player))


# --- OpenSpiel's IS-MCTS over the adapter ---------------------------------------------
def ismcts_bot(
    game: pyspiel.Game,
    simulations: int,
    seed: int,
    uct_c: float = 2.0,
    rollouts: int = 1,
) -> Any:
    """OpenSpiel's IS-MCTS (its Python port of ``pyspiel.ISMCTSBot``) with random rollouts.

    The game must be loaded with ``imperfect=True`` for a perfect-information ruleset.
    """
    from open_spiel.python.algorithms import ismcts, mcts

    state_rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=state_rng)
    return ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=uct_c,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        allow_inconsistent_action_sets=False,
    )
