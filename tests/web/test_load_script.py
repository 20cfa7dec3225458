"""benchmarks/web_load.py runs end to end on a small load (slow: DOWDING_SLOW=1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "web_load.py"


@pytest.mark.slow
def test_the_load_script_reports_round_trips_and_no_errors() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--games",
            "4",
            "--actions",
            "3",
            "--seconds",
            "60",
            "--think",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "round trip ms, all actions" in done.stdout and "errors: 0" in done.stdout
