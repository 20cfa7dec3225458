"""benchmarks/balance_table.py --quick: the docs/balance.md table and sweep plots at CI size."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_form_writes_the_table_the_summaries_and_the_sweep_plots(tmp_path: Path) -> None:
    out = tmp_path / "balance"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "balance_table.py"),
            "--quick",
            "--ruleset",
            "crane",
            "--workers",
            "1",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    table = (out / "table.md").read_text("utf-8")
    assert "--quick --ruleset crane" in table
    rows = [line for line in table.splitlines() if line.startswith("| crane |")]
    # two scenarios, then two sweeps of two values each in eight-heinkels
    assert [r.split(" | ")[1] for r in rows[:2]] == ["eight-heinkels", "heinkels-and-stukas"]
    assert len(rows) == 6
    assert "2.27 (shipped)" in rows[2] and "| 2.8 |" in rows[3]
    summaries = json.loads((out / "balance.json").read_text("utf-8"))
    assert [s["games"] for s in summaries] == [2, 2, 2]
    assert summaries[1]["vary"]["field"] == "components.json:aircraft.he111.fuselage"
    for n in (0, 1):
        plot = out / f"sweep-crane-eight-heinkels-{n}.png"
        assert plot.read_bytes().startswith(b"\x89PNG")
    assert done.stdout.startswith("| ruleset | scenario |")
