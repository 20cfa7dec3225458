"""``dowding simulate``: a short parallel sweep, its report, and replaying one of its games."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from dowding.analysis.simulate import SimulationError, Sweep, run

SAME_KEYS = ("seed", "winner", "score", "turns", "actions", "state_hash")
CRANE_SEATS = {"raf": "heuristic", "luftwaffe": "random"}


def _core(records: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [tuple(json.dumps(r[k], sort_keys=True) for k in SAME_KEYS) for r in records]


def test_crane_sweep_writes_a_report_and_replays(cli: Any, tmp_path: Path) -> None:
    report = tmp_path / "report"
    run_ = cli(
        "simulate", "crane", "--games", "6", "--workers", "2", "--seed", "10",
        "--seat", "luftwaffe=random", "--report", str(report),
    )  # fmt: skip
    assert run_.code == 0, run_.output
    for text in ("raf (heuristic)", "luftwaffe (random)", "95% interval", "replay a game"):
        assert text in run_.stdout
    files = {p.name for p in report.iterdir()}
    assert files == {"results.json", "summary.json", "scores.png", "win_rates.png"}
    for plot in ("scores.png", "win_rates.png"):
        assert (report / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    results = json.loads((report / "results.json").read_text())
    games = results["games"]
    assert [g["seed"] for g in games] == list(range(10, 16))
    assert all(g["seats"] == CRANE_SEATS and not g.get("error") for g in games)
    summary = json.loads((report / "summary.json").read_text())
    wins = sum(g["winner"] == "raf" for g in games)
    assert summary["sides"]["raf"]["wins"] == wins and summary["finished"] == 6
    low, high = summary["sides"]["raf"]["ci95"]
    assert low <= wins / 6 <= high
    # any game replays with selfplay, to the same final state
    game = games[3]
    args = shlex.split(results["replay"].format(seed=game["seed"]))
    assert args[:2] == ["dowding", "selfplay"]
    replayed = json.loads(cli(*args[1:]).stdout)
    assert {k: replayed[k] for k in SAME_KEYS} == {k: game[k] for k in SAME_KEYS}


def test_parallel_and_serial_sweeps_agree() -> None:
    sweep = Sweep("crane", "eight-heinkels", {"max_turns": "3"}, CRANE_SEATS, 0, 4)
    assert _core(run(sweep, workers=1)) == _core(run(sweep, workers=2))


def test_json_summary_and_failed_games(cli: Any) -> None:
    ok = cli("simulate", "crane", "-n", "2", "--workers", "1", "-o", "max_turns=2", "--json")
    assert ok.code == 0, ok.output
    summary = json.loads(ok.stdout)
    assert summary["games"] == 2 and summary["workers"] == 1 and summary["errors"] == 0
    failed = cli("simulate", "crane", "-n", "2", "--workers", "1", "--max-steps", "5")
    assert failed.code == 1
    assert "did not end within 5 steps" in failed.output and "every game failed" in failed.output


def test_bad_input_exits_2(cli: Any) -> None:
    cases = [
        (("simulate", "crane", "-n", "2", "--seat", "raf=wizard"), "no player kind 'wizard'"),
        (("simulate", "crane", "-n", "2", "--seat", "rafx=random"), "no seat 'rafx'"),
        (("simulate", "crane", "-n", "2", "-s", "battle"), "no scenario 'battle'"),
        (("simulate", "crane", "-n", "2", "-o", "max_turns=x"), "takes a number"),
        (("simulate", "nope", "-n", "2"), "unknown ruleset"),
        (("simulate", "crane", "-n", "2", "--ray-address", "a:1"), "goes with --backend ray"),
        (("simulate", "crane", "-n", "0"), "Usage"),  # typer: --games is at least 1
    ]
    for args, message in cases:
        result = cli(*args)
        assert result.code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def test_default_path_never_imports_ray_and_ray_missing_is_a_message() -> None:
    """Run in a fresh interpreter: the multiprocessing sweep leaves ``ray`` unimported; with
    Ray made unimportable (``sys.modules['ray'] = None``) the ray backend says how to get it."""
    code = (
        "import sys\n"
        "from dowding.analysis.simulate import Sweep, SimulationError, run\n"
        "sweep = Sweep('crane', 'eight-heinkels', {'max_turns': '2'}, {}, 0, 2)\n"
        "run(sweep, workers=2)\n"
        "assert 'ray' not in sys.modules, 'ray was imported'\n"
        "sys.modules['ray'] = None\n"
        "try:\n"
        "    run(sweep, backend='ray')\n"
        "except SimulationError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert "needs Ray: pip install 'dowding[ray]'" in out.stdout


def test_unknown_backend() -> None:
    with pytest.raises(SimulationError, match="no backend 'dask'"):
        run(Sweep("crane", "eight-heinkels", {}, {}, 0, 1), backend="dask")


def test_ray_backend_plays_the_same_games(cli: Any, tmp_path: Path) -> None:
    """A local Ray starts by itself (about 8 s here), plays the sweep and shuts down."""
    pytest.importorskip("ray")
    sweep = Sweep("crane", "eight-heinkels", {"max_turns": "3"}, CRANE_SEATS, 5, 3)
    started = time.perf_counter()
    on_ray = run(sweep, workers=2, backend="ray")
    assert _core(on_ray) == _core(run(sweep, workers=1))
    assert time.perf_counter() - started < 120
    import ray

    assert not ray.is_initialized()  # the sweep shut down the Ray it started


@pytest.mark.slow
def test_ray_address_joins_a_running_cluster(tmp_path: Path) -> None:
    """This process starts a local Ray; ``simulate --ray-address`` in another process joins it
    (and leaves it running: it did not start it)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        address = ray.get_runtime_context().gcs_address
        report = tmp_path / "joined"
        out = subprocess.run(
            [
                sys.executable, "-m", "dowding.cli", "simulate", "crane", "-n", "2",
                "-o", "max_turns=2", "--backend", "ray", "--ray-address", address,
                "--report", str(report),
            ],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert out.returncode == 0, out.stderr
        assert len(json.loads((report / "results.json").read_text())["games"]) == 2
        assert ray.is_initialized()
    finally:
        ray.shutdown()
