"""How long a person waits for a search player's reply, against its strength's cap (issue 15).

A crane game on the real server (in process, SQLite): the RAF is a person choosing the first
option at once, the Luftwaffe ``ismcts:<strength>``. For every computer decision: the seconds
from the step before it being stored to the decision being stored (the search, its store and
the thinking queue), read from the stored steps' times. Prints the median, p95 and most
against the cap.

    python3 benchmarks/reply_time.py [--strength veteran] [--moves 30]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from dowding.bots.ismcts import STRENGTHS
from dowding.web.app import create_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--strength", default="veteran", choices=list(STRENGTHS))
    parser.add_argument("--moves", type=int, default=30, help="the person's moves to play")
    args = parser.parse_args()
    cap = STRENGTHS[args.strength].seconds
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'games.db'}"
        app = create_app(url)
        with TestClient(app) as client:
            created = client.post(
                "/api/games",
                json={
                    "ruleset": "crane",
                    "seats": {
                        "raf": {"kind": "me"},
                        "luftwaffe": {"kind": "computer", "player": f"ismcts:{args.strength}"},
                    },
                },
            ).json()
            game_id, token = created["game_id"], created["tokens"]["raf"]
            moves = 0
            while moves < args.moves:
                payload = client.get(f"/api/games/{game_id}", params={"token": token}).json()
                if payload["status"] != "active":
                    break
                if payload["decision"] is None:
                    time.sleep(0.02)
                    continue
                option = payload["decision"]["options"][0]["text"]
                client.post(
                    f"/api/games/{game_id}/actions",
                    json={"token": token, "seq": payload["seq"], "action": option},
                )
                moves += 1
            steps = app.state.service.repository.steps(game_id)
    replies = [
        (step.created - before.created).total_seconds()
        for before, step in itertools.pairwise(steps)
        if step.seat == "luftwaffe" and step.created != before.created
    ]
    replies.sort()
    p95 = replies[min(len(replies) - 1, int(0.95 * len(replies)))]
    print(
        f"ismcts:{args.strength} (cap {cap:.1f} s): {len(replies)} computer decisions after "
        f"{moves} moves of the person; reply median {statistics.median(replies):.3f} s, "
        f"p95 {p95:.3f} s, most {replies[-1]:.3f} s (cap + {replies[-1] - cap:.3f} s)"
    )


if __name__ == "__main__":
    main()
