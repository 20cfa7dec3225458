"""A sweep's report folder: every game (results.json), the sums (summary.json) and two plots.

``results.json`` holds each game's seed, seats, options and result, and the selfplay command
that replays any of them; ``scores.png`` the score distributions per side; ``win_rates.png`` the
win rate of each seat with its 95% interval.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .simulate import GameRecord, Sweep

RESULTS = "results.json"
SUMMARY = "summary.json"
SCORES_PLOT = "scores.png"
WIN_RATES_PLOT = "win_rates.png"


def replay_command(sweep: Sweep) -> str:
    """The selfplay command line that replays one game of the sweep (put the seed in {seed})."""
    parts = ["dowding", "selfplay", sweep.ruleset, "--seed", "{seed}", "-s", sweep.scenario]
    for seat, kind in sweep.seats.items():
        parts += ["--seat", f"{seat}={kind}"]
    for name, value in sweep.options.items():
        parts += ["-o", f"{name}={value}"]
    if sweep.max_steps != 100_000:
        parts += ["--max-steps", str(sweep.max_steps)]
    return " ".join(p if p == "{seed}" else shlex.quote(p) for p in parts)


def results_document(sweep: Sweep, records: Sequence[GameRecord]) -> dict[str, Any]:
    return {
        "ruleset": sweep.ruleset,
        "scenario": sweep.scenario,
        "options": dict(sweep.options),
        "seats": dict(sweep.seats),
        "seed0": sweep.seed0,
        "max_steps": sweep.max_steps,
        "replay": replay_command(sweep),
        "games": list(records),
    }


def write_json(path: Path, document: Any) -> None:
    """Write atomically: a reader never finds half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(document, out, indent=1)
            out.write("\n")
        os.replace(tmp, path)
        path.chmod(0o644)  # mkstemp makes it private; a report is for reading
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_report(
    folder: Path, sweep: Sweep, records: Sequence[GameRecord], summary: Mapping[str, Any]
) -> list[Path]:
    """The report's files, written into ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / RESULTS, folder / SUMMARY]
    write_json(written[0], results_document(sweep, records))
    write_json(written[1], dict(summary))
    written.append(plot_scores(folder / SCORES_PLOT, records, summary))
    written.append(plot_win_rates(folder / WIN_RATES_PLOT, summary))
    return written


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display, no GUI toolkit
    import matplotlib.pyplot as plt

    return plt


def _integer_ticks() -> Any:
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


def plot_scores(path: Path, records: Sequence[GameRecord], summary: Mapping[str, Any]) -> Path:
    """A histogram of each side's final score, its mean marked."""
    plt = _pyplot()
    keys = list(summary["scores"]) or ["score"]
    fig, axes = plt.subplots(1, len(keys), figsize=(4.5 * len(keys), 3.6), squeeze=False)
    for ax, key in zip(axes[0], keys, strict=True):
        values = [
            float(r["score"][key]) for r in records if key in r["score"] and not r.get("error")
        ]
        if values:
            low, high = min(values), max(values)
            whole = all(v.is_integer() for v in values)
            bins = [b - 0.5 for b in range(int(low), int(high) + 2)] if whole else 20
            ax.hist(values, bins=bins, color="#4a6fa5", edgecolor="white")
            mean = summary["scores"][key]["mean"]
            ax.axvline(mean, color="#b03a2e", linestyle="--", label=f"mean {mean:.2f}")
            ax.legend(frameon=False)
        ax.set_title(f"{key} score")
        ax.set_xlabel("score")
        ax.set_ylabel("games")
        ax.yaxis.set_major_locator(_integer_ticks())
    fig.suptitle(f"Score distributions over {summary['finished']} games")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_win_rates(path: Path, summary: Mapping[str, Any]) -> Path:
    """Each seat's win rate with its Wilson 95% interval (and draws when there were any)."""
    plt = _pyplot()
    labels, rates, lows, highs = [], [], [], []
    entries = [(f"{seat}\n({info['kind']})", info) for seat, info in summary["seats"].items()]
    if summary["no_winner"]["wins"]:
        entries.append(("no winner", summary["no_winner"]))
    for label, info in entries:
        labels.append(label)
        rates.append(info["rate"])
        lows.append(max(0.0, info["rate"] - info["ci95"][0]))  # rounding may cross the rate
        highs.append(max(0.0, info["ci95"][1] - info["rate"]))
    fig, ax = plt.subplots(figsize=(max(4.0, 1.6 * len(labels) + 1), 3.6))
    ax.bar(labels, rates, yerr=[lows, highs], capsize=6, color="#4a6fa5")
    for i, r in enumerate(rates):
        ax.text(i, r + highs[i] + 0.02, f"{100 * r:.1f}%", ha="center")
    ax.set_ylim(0, 1.1)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(f"Win rate by seat over {summary['finished']} games")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
