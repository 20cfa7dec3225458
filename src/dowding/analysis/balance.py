"""Is a scenario fair between equal players, and what moves it? ``dowding balance``.

For each scenario of a ruleset, the same kind of computer player sits in every seat and plays
games from seeds S0..S0+N-1 (each game's dice and players seeded from its seed, exactly as
``dowding selfplay`` plays it). Each side's win rate comes with its 95% Wilson interval, the
scores (victory points) with their spread, and what decided the games: the rules' stated
reasons and the counts read off the final positions (``outcomes.py``).

``--vary FIELD=V1,V2,...`` sweeps one supplied value. A ruleset's components are JSON files in
its ``data/`` folder, checked by its schema and overridable with the ``data`` option (a folder).
A field is named ``FILE:PATH``: the file's name, then keys separated by dots, a list item as
``[N]`` (``components.json:rules.attack_range``, ``components.json:raf_vics[0].type``,
``squadrons.json:aircraft.Bf 109.dogfight``). For each value a data folder is written holding
that file whole (the shipped one, under any ``data`` folder given) with the one field changed,
checked by the ruleset's own loader before any game is played, and one batch of games is played
on it. Every value plays the same seeds, so the batches differ by the value alone and its dice.

The values may be lists or objects, written as one JSON list (``FIELD=[[1, 2], [2, 3]]``), for a
field that holds a list or an object. ``--vary`` given twice or more plays a grid: a batch for
every combination of the fields' values, each combination written into one data folder.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import math
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from dowding.engine import Game, get_game
from dowding.rulesets.overrides import merge

from .outcomes import summarise_causes, summarise_tallies
from .report import replay_command, write_json
from .simulate import GameRecord, Job, OnResult, Sweep, run_jobs
from .stats import spread, summarise

FIELD_FORMAT = "FILE:PATH, e.g. components.json:rules.attack_range or cards.json:raf[3].attack"
SUMMARY = "balance.json"
GAMES = "games.json"
MAX_COMBINATIONS = 1000  # values, or combinations in a grid: each writes a data folder
WIN_RATES_PLOT = "win_rates.png"
_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


class BalanceError(Exception):
    """A balance run that cannot be made as asked: a bad field path, a value the schema refuses."""


# --- naming a field -------------------------------------------------------------------------
@dataclass(frozen=True)
class FieldPath:
    """A field of a ruleset's data file: the file's name and the keys and indexes inside it."""

    file: str
    steps: tuple[str | int, ...]

    def __str__(self) -> str:
        return f"{self.file}:{_path_text(self.steps)}"


def _path_text(steps: Sequence[str | int]) -> str:
    text = ""
    for step in steps:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def parse_field(text: str) -> FieldPath:
    """``FILE:PATH`` -> a FieldPath; BalanceError says what is wrong with the text."""
    file, sep, path = text.strip().partition(":")
    file, path = file.strip(), path.strip()
    if not sep or not file or not path:
        raise BalanceError(f"the field {text!r} is not of the form {FIELD_FORMAT}")
    steps: list[str | int] = []
    at = 0
    while at < len(path):
        found = _STEP.match(path, at)
        if found is None or (found.group(1) is not None and at > 0 and path[at] != "."):
            raise BalanceError(
                f"the field path {path!r} cannot be read at {path[at:]!r}: keys are separated "
                "by dots and a list item is written [N]"
            )
        key, index = found.groups()
        steps.append(int(index) if index is not None else key.strip())
        at = found.end()
    if any(step == "" for step in steps):
        raise BalanceError(f"the field path {path!r} has an empty key")
    return FieldPath(file, tuple(steps))


def parse_value(text: str) -> Any:
    """A value as typed: JSON where it reads as JSON (3, 4.5, true, null), else the word."""
    text = text.strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@dataclass(frozen=True)
class Vary:
    """One field and the values to try it at."""

    field: FieldPath
    values: tuple[Any, ...]


def parse_vary(spec: str) -> Vary:
    """``FIELD=V1,V2,...`` or ``FIELD=[V1, V2, ...]`` (one JSON list, for values that are lists
    or objects); at least one value, none repeated."""
    name, sep, values = spec.partition("=")
    if not sep or not values.strip():
        raise BalanceError(f"--vary {spec!r} is not of the form FIELD=V1,V2,... ({FIELD_FORMAT})")
    if values.strip().startswith("["):
        try:
            parsed = json.loads(values)
        except json.JSONDecodeError as exc:
            raise BalanceError(
                f"--vary {spec!r}: the values are not one JSON list ({exc.msg} at character "
                f"{exc.pos + 1}); write FIELD=[V1, V2, ...], or FIELD=V1,V2,... for plain values"
            ) from None
        if not isinstance(parsed, list) or not parsed:
            raise BalanceError(f"--vary {spec!r}: the JSON list of values is empty")
    else:
        parsed = [parse_value(v) for v in values.split(",")]
        if any(v == "" for v in parsed):
            raise BalanceError(f"--vary {spec!r} has an empty value")
    texts = [json.dumps(v, sort_keys=True) for v in parsed]
    if len(set(texts)) != len(texts):
        raise BalanceError(f"--vary {spec!r} names a value twice")
    return Vary(parse_field(name), tuple(parsed))


# --- the ruleset's data files ---------------------------------------------------------------
def data_files(game: Game) -> dict[str, Traversable]:
    """The component files a ruleset ships (``data/*.json`` beside its game), by name."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    try:
        folder = resources.files(package).joinpath("data")
    except (ModuleNotFoundError, TypeError):
        return {}
    if not folder.is_dir():
        return {}
    return {
        f.name: f
        for f in sorted(folder.iterdir(), key=lambda f: f.name)
        if f.name.endswith(".json")
    }


def current_document(game: Game, file: str, data_dir: str = "") -> Any:
    """A data file as the games would read it: the shipped one, under ``data_dir``'s own."""
    files = data_files(game)
    if not files:
        raise BalanceError(f"{game.id} has no data files to vary")
    if file not in files:
        raise BalanceError(
            f"{game.id} has no data file {file!r}; its data files: {', '.join(files)}"
        )
    document = json.loads(files[file].read_text("utf-8"))
    own = Path(data_dir) / file if data_dir else None
    if own is not None and own.is_file():
        try:
            override = json.loads(own.read_text("utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise BalanceError(f"cannot read {own}: {exc}") from None
        if isinstance(document, dict) and isinstance(override, dict):
            document = merge(document, override)
    return document


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return f"the value {json.dumps(value)}"


def read_field(document: Any, path: FieldPath, whole: bool = False) -> Any:
    """The value at ``path``; BalanceError names where the path leaves the file and why. A list
    or an object there is refused (name one value inside it) unless ``whole``."""
    value = document
    for n, step in enumerate(path.steps):
        where = _path_text(path.steps[:n]) or "the file"
        if isinstance(step, int):
            if not isinstance(value, list):
                raise BalanceError(f"{path}: {where} is {_describe(value)}, not a list ([{step}])")
            if step >= len(value):
                raise BalanceError(
                    f"{path}: {where} has {len(value)} items, numbered 0 to {len(value) - 1}"
                )
            value = value[step]
        else:
            if not isinstance(value, dict):
                raise BalanceError(
                    f"{path}: {where} is {_describe(value)}, not an object with keys ({step!r})"
                )
            if step not in value:
                keys = ", ".join(map(str, value)) or "none"
                raise BalanceError(f"{path}: {where} has no key {step!r}; its keys: {keys}")
            value = value[step]
    if isinstance(value, dict | list) and not whole:
        raise BalanceError(
            f"{path} is {_describe(value)}; name one value inside it, or give whole "
            f"{'lists' if isinstance(value, list) else 'objects'} as one JSON list of values "
            "(FIELD=[V1, V2])"
        )
    return value


def check_values(document: Any, vary: Vary) -> None:
    """The field exists and each value is of its kind: a list or an object replaced only by a
    list or an object, one value only by one value (an empty field, null, takes anything)."""
    whole = any(isinstance(v, dict | list) for v in vary.values)
    current = read_field(document, vary.field, whole=whole)
    if current is None:
        return
    for value in vary.values:
        for kind, word in ((list, "a list"), (dict, "an object")):
            if isinstance(current, kind) != isinstance(value, kind):
                raise BalanceError(
                    f"{vary.field} is {_describe(current)}; {json.dumps(value)} cannot replace "
                    f"it (give {word if isinstance(current, kind) else 'one value'} for each)"
                )


def with_field(document: Any, path: FieldPath, value: Any) -> Any:
    """A copy of ``document`` with the field at ``path`` (which must exist) set to ``value``."""
    read_field(document, path, whole=True)
    changed = copy.deepcopy(document)
    inner = changed
    for step in path.steps[:-1]:
        inner = inner[step]
    inner[path.steps[-1]] = value
    return changed


Change = tuple[FieldPath, Any]


def write_variant(game: Game, changes: Sequence[Change], data_dir: str, root: Path) -> Path:
    """A data folder under ``root``: ``data_dir``'s files (if any) and each changed file whole
    with its fields set (several fields may share a file). Named after its contents, so one
    name is always one content (the rulesets cache their components by folder)."""
    documents: dict[str, Any] = {}
    for path, value in changes:
        if path.file not in documents:
            documents[path.file] = current_document(game, path.file, data_dir)
        documents[path.file] = with_field(documents[path.file], path, value)
    texts = {
        file: json.dumps(document, indent=1, ensure_ascii=False) + "\n"
        for file, document in sorted(documents.items())
    }
    digest = hashlib.sha256(json.dumps(texts, sort_keys=True).encode("utf-8")).hexdigest()[:12]
    words = "+".join(json.dumps(value) for _, value in changes)
    slug = re.sub(r"[^A-Za-z0-9.+-]+", "_", words)[:24].strip("_") or "value"
    folder = root / f"{slug}-{digest}"
    if not folder.is_dir():
        staging = Path(tempfile.mkdtemp(dir=root, prefix=".variant-"))
        if data_dir:
            for own in Path(data_dir).iterdir():
                if own.is_file():
                    shutil.copy2(own, staging / own.name)
        for file, text in texts.items():
            (staging / file).write_text(text, "utf-8")
        try:
            staging.rename(folder)
        except OSError:  # another run wrote the same folder first: the same content
            shutil.rmtree(staging, ignore_errors=True)
            if not folder.is_dir():
                raise
    return folder


# --- a balance run --------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """What to play: the scenarios, the one player kind in every seat, N games from seed S0,
    the options (as typed) and perhaps fields to vary: one (a sweep) or several (a grid of
    every combination of their values; ``vary`` may be given as one Vary or a tuple)."""

    ruleset: str
    scenarios: tuple[str, ...]
    player: str
    games: int
    seed0: int = 0
    options: Mapping[str, str] = field(default_factory=dict)
    vary: Vary | tuple[Vary, ...] | None = None
    max_steps: int = 100_000

    @property
    def fields(self) -> tuple[Vary, ...]:
        """The fields varied, in the order given (none when nothing is varied)."""
        if self.vary is None:
            return ()
        return (self.vary,) if isinstance(self.vary, Vary) else tuple(self.vary)

    def settings(self) -> list[tuple[Change, ...]]:
        """Each batch's changes to the data: one per value, or per combination in a grid."""
        varies = self.fields
        if not varies:
            return [()]
        return [
            tuple(zip((v.field for v in varies), combo, strict=True))
            for combo in itertools.product(*(v.values for v in varies))
        ]


@dataclass(frozen=True)
class Batch:
    """The games of one scenario at one value of the varied field (None: no field varied; in
    a grid, the list of the fields' values)."""

    scenario: str
    value: Any
    sweep: Sweep
    data: str | None = None  # the data folder written for the value


def seats(game: Game, player: str, options: Mapping[str, object]) -> dict[str, str]:
    """Every seat of the game (with these options) given the same kind of player."""
    return {seat: player for seat in game.seat_ids(game.resolve_options(options))}


def prepare(plan: Plan, root: Path | None) -> list[Batch]:
    """The batches to play, each checked: with fields to vary, each value's (or combination's)
    data folder is written under ``root`` and loaded by the ruleset (its schema judges the
    value) first."""
    game = get_game(plan.ruleset)
    if not plan.scenarios:
        raise BalanceError("no scenario to play")
    for scenario in plan.scenarios:
        game.scenario(scenario)  # ValueError names the scenarios on offer
    varies = plan.fields
    named = [str(v.field) for v in varies]
    if len(set(named)) != len(named):
        raise BalanceError(f"a field is varied twice: {', '.join(named)}")
    combinations = math.prod(len(v.values) for v in varies)
    if combinations > MAX_COMBINATIONS:
        sizes = " x ".join(str(len(v.values)) for v in varies)
        raise BalanceError(
            f"the fields' values make {combinations} combinations ({sizes}); at most "
            f"{MAX_COMBINATIONS} are played in one run, each with its own data folder"
        )
    data_dir = str(plan.options.get("data", ""))
    for vary in varies:  # the paths first: a bad one is refused before anything is written
        check_values(current_document(game, vary.field.file, data_dir), vary)
    batches = []
    for changes in plan.settings():
        options = dict(plan.options)
        folder = None
        if changes:
            if root is None:
                raise BalanceError("a field to vary needs a folder to write its data into")
            root.mkdir(parents=True, exist_ok=True)
            folder = str(write_variant(game, changes, data_dir, root))
            options["data"] = folder
            _check(game, plan, changes, options)
        value = _batch_value(changes)
        for scenario in plan.scenarios:
            sweep = Sweep(
                plan.ruleset,
                scenario,
                options,
                seats(game, plan.player, options),
                plan.seed0,
                plan.games,
                plan.max_steps,
                tallies=True,
            )
            batches.append(Batch(scenario, value, sweep, folder))
    return batches


def _batch_value(changes: Sequence[Change]) -> Any:
    if not changes:
        return None
    if len(changes) == 1:
        return changes[0][1]
    return [value for _, value in changes]


def _check(game: Game, plan: Plan, changes: Sequence[Change], options: Mapping[str, str]) -> None:
    """Load the ruleset on the value's data, every scenario: its own checks judge the value."""
    try:
        resolved = game.resolve_options(options)
        for scenario in plan.scenarios:
            game.new_state(scenario, resolved)
    except Exception as exc:  # the loaders report schema problems as ValueError (or kin)
        said = ", ".join(f"{path} = {json.dumps(value)}" for path, value in changes)
        raise BalanceError(f"{said} is refused by {game.id}'s data checks: {exc}") from None


def play(
    batches: Sequence[Batch],
    workers: int = 1,
    backend: str = "multiprocessing",
    ray_address: str | None = None,
    on_result: OnResult | None = None,
) -> list[list[GameRecord]]:
    """Every batch's records (in seed order), all games sharing the workers."""
    jobs: list[Job] = [job for batch in batches for job in batch.sweep.jobs()]
    records = run_jobs(jobs, workers, backend, ray_address, on_result)
    grouped, at = [], 0
    for batch in batches:
        grouped.append(records[at : at + batch.sweep.games])
        at += batch.sweep.games
    return grouped


def summarise_batch(
    game: Game, batch: Batch, records: Sequence[GameRecord], replayable: bool
) -> dict[str, Any]:
    """One batch: the sides' win rates (95% Wilson), draws, scores and their spread, the
    margin between two sides, the kinds of ending and the final positions' counts."""
    sweep = batch.sweep
    # the seats, which no data folder changes: a swept value's folder is gone by now
    resolved = game.resolve_options({k: v for k, v in sweep.options.items() if k != "data"})
    sides = {s.id: s.side for s in game.seats_for(resolved)}
    summary = summarise(records, sides, sweep.seats)
    finished = [r for r in records if not r.get("error")]
    side_names = list(summary["sides"])
    if len(side_names) == 2 and all(s in summary["scores"] for s in side_names):
        first, second = side_names
        margins = [
            float(r["score"][first]) - float(r["score"][second])
            for r in finished
            if first in r["score"] and second in r["score"]
        ]
        summary["margin"] = {"of": f"{first} - {second}", **spread(margins)}
    summary["causes"] = summarise_causes([str(r["reason"]) for r in finished])
    summary["counts"] = summarise_tallies([r.get("counts", {}) for r in finished], in_order=True)
    summary["tallies"] = summarise_tallies([r.get("tallies", {}) for r in finished])
    summary["errors_seen"] = [
        {"seed": r["seed"], "error": r["error"]} for r in records if r.get("error")
    ][:5]
    return {
        "scenario": batch.scenario,
        "value": batch.value,
        **summary,
        "replay": replay_command(sweep) if replayable else None,
    }


def summarise_plan(
    plan: Plan,
    batches: Sequence[Batch],
    grouped: Sequence[Sequence[GameRecord]],
    replayable: bool,
) -> dict[str, Any]:
    """The whole run: what was played and each batch's sums (no timings: one seed, one sum)."""
    game = get_game(plan.ruleset)
    return {
        "ruleset": plan.ruleset,
        "scenarios": list(plan.scenarios),
        "player": plan.player,
        "games": plan.games,
        "seed0": plan.seed0,
        "seeds": [plan.seed0, plan.seed0 + plan.games - 1],
        "options": dict(plan.options),
        "max_steps": plan.max_steps,
        "vary": _vary_summary(plan.fields),
        "batches": [
            summarise_batch(game, batch, records, replayable)
            for batch, records in zip(batches, grouped, strict=True)
        ],
    }


def _vary_summary(varies: Sequence[Vary]) -> dict[str, Any] | None:
    """One field: its name and values. A grid: ``fields`` and each one's ``values`` (``grid``),
    ``field`` the names joined, ``values`` every combination in the batches' order."""
    if not varies:
        return None
    if len(varies) == 1:
        return {"field": str(varies[0].field), "values": list(varies[0].values)}
    return {
        "field": " × ".join(str(v.field) for v in varies),
        "values": [list(combo) for combo in itertools.product(*(v.values for v in varies))],
        "fields": [str(v.field) for v in varies],
        "grid": [list(v.values) for v in varies],
    }


def run_balance(
    plan: Plan,
    workers: int = 1,
    backend: str = "multiprocessing",
    ray_address: str | None = None,
    on_result: OnResult | None = None,
    data_root: Path | None = None,
) -> tuple[dict[str, Any], list[Batch], list[list[GameRecord]]]:
    """Prepare, play and sum up a plan: (summary, batches, each batch's records).

    A varied field's data folders go under ``data_root`` and stay there (the replay commands
    in the summary name them); without one they go in a temporary folder removed at the end,
    and the summary then has no replay commands for them."""
    with tempfile.TemporaryDirectory(prefix="dowding-balance-") as scratch:
        root = data_root if data_root is not None else Path(scratch)
        batches = prepare(plan, root)
        grouped = play(batches, workers, backend, ray_address, on_result)
    replayable = not plan.fields or data_root is not None
    return summarise_plan(plan, batches, grouped, replayable), batches, grouped


# --- the report -----------------------------------------------------------------------------
def write_balance_report(
    folder: Path,
    summary: Mapping[str, Any],
    batches: Sequence[Batch],
    grouped: Sequence[Sequence[GameRecord]],
) -> list[Path]:
    """``balance.json`` (the summary), ``games.json`` (every game, by batch) and the plots:
    ``win_rates.png`` (each scenario's sides, with the first value when one is varied) and,
    with a field varied, ``vary-<scenario>.png`` (win rate per side against the value); with two
    fields varied, ``grid-<scenario>.png`` (each side's win rate over the grid)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / SUMMARY, folder / GAMES]
    write_json(written[0], dict(summary))
    write_json(
        written[1],
        {
            "ruleset": summary["ruleset"],
            "batches": [
                {
                    "scenario": batch.scenario,
                    "value": batch.value,
                    "options": dict(batch.sweep.options),
                    "seats": dict(batch.sweep.seats),
                    "replay": replay_command(batch.sweep),
                    "games": list(records),
                }
                for batch, records in zip(batches, grouped, strict=True)
            ],
        },
    )
    written.append(plot_win_rates(folder / WIN_RATES_PLOT, summary))
    varied = summary["vary"]
    for scenario in summary["scenarios"] if varied is not None else ():
        if len(varied.get("fields", ())) == 2:
            written.append(plot_grid(folder / f"grid-{scenario}.png", summary, scenario))
        else:
            written.append(plot_vary(folder / f"vary-{scenario}.png", summary, scenario))
    return written


def _pyplot() -> Any:
    from .report import _pyplot as pyplot

    return pyplot()


def _error_bars(info: Mapping[str, Any]) -> tuple[float, float]:
    low, high = info["ci95"]
    return max(0.0, info["rate"] - low), max(0.0, high - info["rate"])


def _sides(summary: Mapping[str, Any]) -> list[str]:
    return list(dict.fromkeys(side for b in summary["batches"] for side in b["sides"]))


def plot_win_rates(path: Path, summary: Mapping[str, Any]) -> Path:
    """Each scenario's win rate per side (and draws), bars with their 95% Wilson intervals."""
    plt = _pyplot()
    first = summary["batches"][0]["value"] if summary["batches"] else None
    batches = [b for b in summary["batches"] if b["value"] == first]
    sides = _sides(summary)
    series = [*sides, "no winner"]
    width = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(max(5.0, 2.2 * len(batches) + 1.5), 3.8))
    for k, name in enumerate(series):
        infos = [b["no_winner"] if name == "no winner" else b["sides"].get(name) for b in batches]
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(batches))]
        rates = [info["rate"] if info else 0.0 for info in infos]
        bars = [_error_bars(info) if info else (0.0, 0.0) for info in infos]
        ax.bar(
            xs,
            rates,
            width,
            yerr=[[b[0] for b in bars], [b[1] for b in bars]],
            capsize=4,
            label=name,
        )
    ax.set_xticks(range(len(batches)), [b["scenario"] for b in batches])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate (95% Wilson interval)")
    title = f"{summary['ruleset']}: {summary['player']} in every seat, {summary['games']} games"
    if summary["vary"] is not None:
        title += f"\n{summary['vary']['field']} = {json.dumps(first)}"
    ax.set_title(title, fontsize=10)
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_vary(path: Path, summary: Mapping[str, Any], scenario: str) -> Path:
    """Win rate per side against the varied value, with 95% Wilson intervals."""
    plt = _pyplot()
    batches = [b for b in summary["batches"] if b["scenario"] == scenario]
    values = [b["value"] for b in batches]
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    xs = [float(v) for v in values] if numeric else list(range(len(values)))
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    for name in [*_sides(summary), "no winner"]:
        infos = [b["no_winner"] if name == "no winner" else b["sides"].get(name) for b in batches]
        if name == "no winner" and not any(info["wins"] for info in infos):
            continue
        rates = [info["rate"] if info else 0.0 for info in infos]
        bars = [_error_bars(info) if info else (0.0, 0.0) for info in infos]
        ax.errorbar(
            xs,
            rates,
            yerr=[[b[0] for b in bars], [b[1] for b in bars]],
            marker="o",
            capsize=4,
            label=name,
        )
    if not numeric or len(xs) <= 12:
        ax.set_xticks(xs, [json.dumps(v) for v in values])
    ax.set_ylim(-0.02, 1.05)
    ax.set_xlabel(summary["vary"]["field"])
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(
        f"{summary['ruleset']} {scenario}: {summary['player']} in every seat, "
        f"{summary['games']} games a value",
        fontsize=10,
    )
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_grid(path: Path, summary: Mapping[str, Any], scenario: str) -> Path:
    """Two fields varied together: for each side a map of its win rate over the grid, each cell
    with the rate and its 95% Wilson interval."""
    plt = _pyplot()
    varied = summary["vary"]
    xs, ys = varied["grid"]
    cells = {json.dumps(b["value"]): b for b in summary["batches"] if b["scenario"] == scenario}
    sides = _sides(summary)
    fig, axes = plt.subplots(
        1,
        len(sides),
        figsize=(max(4.0, 1.0 * len(xs) + 2.0) * len(sides), max(3.2, 0.8 * len(ys) + 2.0)),
        squeeze=False,
    )
    for ax, side in zip(axes[0], sides, strict=True):
        rates = [[0.0] * len(xs) for _ in ys]
        for j, y in enumerate(ys):
            for i, x in enumerate(xs):
                info = cells.get(json.dumps([x, y]), {}).get("sides", {}).get(side)
                rates[j][i] = info["rate"] if info else float("nan")
                if info:
                    low, high = info["ci95"]
                    ax.text(
                        i,
                        j,
                        f"{100 * info['rate']:.0f}%\n{100 * low:.0f}-{100 * high:.0f}",
                        ha="center",
                        va="center",
                        fontsize=8,
                        # light on the dark ends of the scale, dark on the pale middle (fair)
                        color="white" if abs(info["rate"] - 0.5) > 0.3 else "black",
                    )
        image = ax.imshow(rates, cmap="RdBu", vmin=0.0, vmax=1.0, origin="lower", aspect="auto")
        ax.set_xticks(range(len(xs)), [json.dumps(x) for x in xs], fontsize=8)
        ax.set_yticks(range(len(ys)), [json.dumps(y) for y in ys], fontsize=8)
        ax.set_xlabel(varied["fields"][0], fontsize=8)
        ax.set_ylabel(varied["fields"][1], fontsize=8)
        ax.set_title(f"{side} wins", fontsize=10)
        fig.colorbar(image, ax=ax, fraction=0.05)
    fig.suptitle(
        f"{summary['ruleset']} {scenario}: {summary['player']} in every seat, "
        f"{summary['games']} games a cell",
        fontsize=10,
    )
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
