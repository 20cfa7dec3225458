"""A sweep of computer-played games: seeds S0..S0+N-1, played in parallel processes or on Ray.

Each game is played exactly as ``dowding selfplay RULESET --seed S`` plays it (the same match,
the same players seeded from the game seed, the same seeded dice), so every line of a sweep's
results can be replayed and checked with selfplay. Workers build their own players; nothing
but the small ``Job`` and the result record crosses between processes.
"""

from __future__ import annotations

import logging
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from dowding.bots.playout import make_players, play_out
from dowding.engine import Match

from .after_action import final_counts
from .outcomes import tallies

BACKENDS = ("multiprocessing", "ray")
GameRecord = dict[str, Any]
OnResult = Callable[[GameRecord], None]


class SimulationError(Exception):
    """A sweep that cannot run as asked (a missing backend, a cluster that cannot be joined)."""


@dataclass(frozen=True)
class Job:
    """One game of a sweep: everything a worker needs to play it from nothing."""

    ruleset: str
    scenario: str
    options: Mapping[str, str]  # as typed (NAME=VALUE strings), so selfplay -o replays them
    seats: Mapping[str, str]  # seat -> player kind
    seed: int
    max_steps: int = 100_000
    # add the final position's counts to the record: the ruleset's report's, in its words
    # (``after_action.final_counts``), and every number of ``to_dict()`` (``outcomes.tallies``)
    tallies: bool = False


@dataclass(frozen=True)
class Sweep:
    """N games from seed S0 on, all with the same scenario, options and seats."""

    ruleset: str
    scenario: str
    options: Mapping[str, str]
    seats: Mapping[str, str]
    seed0: int
    games: int
    max_steps: int = 100_000
    tallies: bool = False

    def jobs(self) -> list[Job]:
        return [
            Job(
                self.ruleset,
                self.scenario,
                dict(self.options),
                dict(self.seats),
                seed,
                self.max_steps,
                self.tallies,
            )
            for seed in range(self.seed0, self.seed0 + self.games)
        ]


def play_game(job: Job) -> GameRecord:
    """Play one game to the end; a game that fails is a record with an ``error``, not a crash."""
    started = time.perf_counter()
    record: GameRecord = {
        "seed": job.seed,
        "winner": None,
        "score": {},
        "turns": 0,
        "actions": 0,
        "state_hash": "",
        "reason": "",
        "seats": dict(job.seats),
        "options": dict(job.options),
    }
    match: Match | None = None
    try:
        match = Match(job.ruleset, job.scenario, job.options, job.seed, job.seats)
        players = make_players(match.game, job.seats, job.seed, match.options)
        play_out(match, players, max_steps=job.max_steps)
    except Exception as exc:  # one bad game must not lose the sweep; it is reported instead
        record["error"] = f"{type(exc).__name__}: {exc}"
    if match is not None:
        result = match.result()
        record.update(
            winner=result.winner,
            score=dict(result.score),
            turns=result.turns,
            actions=result.actions,
            state_hash=result.state_hash,
            reason=result.reason,
        )
        if job.tallies:
            record["counts"] = final_counts(job.ruleset, match.state)
            record["tallies"] = tallies(match.state.to_dict())
    record["seconds"] = round(time.perf_counter() - started, 4)
    return record


def run(
    sweep: Sweep,
    workers: int = 1,
    backend: str = "multiprocessing",
    ray_address: str | None = None,
    on_result: OnResult | None = None,
) -> list[GameRecord]:
    """Every game's record, in seed order; ``on_result`` hears of each as it finishes."""
    records = run_jobs(sweep.jobs(), workers, backend, ray_address, on_result)
    return sorted(records, key=lambda r: int(r["seed"]))


def run_jobs(
    jobs: Sequence[Job],
    workers: int = 1,
    backend: str = "multiprocessing",
    ray_address: str | None = None,
    on_result: OnResult | None = None,
) -> list[GameRecord]:
    """Play any games (several sweeps at once share the workers): their records, in the order
    of ``jobs``; ``on_result`` hears of each as it finishes."""
    if backend not in BACKENDS:
        raise SimulationError(f"no backend {backend!r}; choose from: {', '.join(BACKENDS)}")
    if workers < 1:
        raise SimulationError(f"workers must be at least 1, not {workers}")
    tell = on_result or (lambda record: None)
    if backend == "ray":
        return _run_ray(jobs, workers, ray_address, tell)
    if workers == 1 or len(jobs) <= 1:
        return _run_here(jobs, tell)
    return _run_pool(jobs, workers, tell)


def _run_here(jobs: Iterable[Job], tell: OnResult) -> list[GameRecord]:
    records = []
    for job in jobs:
        records.append(play_game(job))
        tell(records[-1])
    return records


def _pool_context() -> multiprocessing.context.BaseContext:
    # fork starts a worker in milliseconds with the rules already imported; elsewhere (macOS,
    # Windows) fork is not the safe choice, so keep the platform's default
    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _run_pool(jobs: Sequence[Job], workers: int, tell: OnResult) -> list[GameRecord]:
    records: list[GameRecord | None] = [None] * len(jobs)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context())
    try:
        futures: dict[Future[GameRecord], int] = {
            pool.submit(play_game, job): index for index, job in enumerate(jobs)
        }
        for future in as_completed(futures):
            record = records[futures[future]] = future.result()
            tell(record)
    except BaseException:
        # Ctrl-C or a broken worker: drop the games not yet started rather than play them all
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return [r for r in records if r is not None]


def _run_ray(
    jobs: Sequence[Job], workers: int, address: str | None, tell: OnResult
) -> list[GameRecord]:
    try:
        import ray  # an optional extra: only this backend needs it
    except ImportError:
        raise SimulationError(
            "the ray backend needs Ray: pip install 'dowding[ray]' "
            "(or run without --backend ray, on plain multiprocessing)"
        ) from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
            else:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.ERROR,
                )
        except Exception as exc:
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise SimulationError(f"cannot start {where}: {type(exc).__name__}: {exc}") from None
    try:
        remote = ray.remote(num_cpus=1)(play_game)
        refs = [remote.remote(job) for job in jobs]
        index_of = {ref: index for index, ref in enumerate(refs)}
        records: list[GameRecord | None] = [None] * len(jobs)
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                record = records[index_of[ref]] = ray.get(ref)
                tell(record)
        return [r for r in records if r is not None]
    finally:
        if started_here:
            ray.shutdown()
