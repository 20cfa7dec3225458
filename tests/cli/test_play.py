"""The interactive loop, driven through stdin: options by number, refusals, commands, saving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dowding.engine import Match


def steps(path: Path) -> list[str]:
    return [step.action for step in Match.load(path).steps]


def test_numbers_garbage_and_end_of_input(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "toy.jsonl"
    typed = "garbage here\n7\nguess target=nowhere\n\nhelp\noptions\nshow\n1\n"
    run = cli("play", "toy", "--seed", "2", "--save", str(save), input=typed)
    assert run.code == 0
    out = run.stdout
    assert "Seats: raf=human, luftwaffe=random. Dice: auto." in out
    assert "raf: Round 1: scramble how many squadrons?" in out
    # a ruleset without words.py gets plain words; 'options' lists each option's text as well
    assert "1. Scramble: squadrons 0" in out and "or type an action: guess target=" in out
    assert "1. Scramble: squadrons 0  [scramble squadrons=0]" in out
    assert "'here' is not of the form key=value" in out
    assert "There is no option 7; choose 1 to 3." in out
    assert "'guess target=nowhere' is not legal: no such target" in out
    assert "Commands: show" in out
    assert "raf: Scramble: squadrons 0" in out
    # wrapped between words at 80 columns; the path, wider than that, whole on its own line
    said = f"End of input. Saved to {save}; resume with: dowding play --load {save}"
    assert said in " ".join(out.split())
    assert f"{save}" in out.splitlines()
    # the Luftwaffe's target card is hidden from the RAF player, in events and chance results
    assert "the target is" not in out
    assert "target card: (hidden)" in out
    assert "'target': None" in out  # the generic renderer drew the RAF's view
    match = Match.load(save)
    assert match.seats == {"raf": "human", "luftwaffe": "random"}
    assert "scramble squadrons=0" in steps(save)
    assert not match.finished


def test_resume_with_load_and_finish(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "toy.jsonl"
    cli("play", "toy", "--seed", "2", "--save", str(save), input="2\n")
    played = len(steps(save))
    run = cli("play", "--load", str(save), input="guess target=dover\n")
    assert run.code == 0
    assert f"Resumed after {played} steps." in run.stdout
    assert "Game over:" in run.stdout and "Score: Fighter Command" in run.stdout
    assert f"replay with: dowding replay {save}" in " ".join(run.stdout.split())
    match = Match.load(save)
    actions = [step.action for step in match.steps]
    assert match.finished and actions.count("scramble squadrons=1") == 1
    assert actions[played] == "guess target=dover"  # the first step after resuming
    footer = json.loads(save.read_text().splitlines()[-1])
    assert footer["status"] == "finished"


def test_load_refuses_a_bad_file_and_another_ruleset(cli: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    run = cli("play", "--load", str(bad))
    assert run.code == 1 and "line 1 is not valid JSON" in run.stderr
    save = tmp_path / "toy.jsonl"
    cli("play", "toy", "--seed", "2", "--save", str(save), input="")
    run = cli("play", "crane", "--load", str(save))
    assert run.code == 2 and "is a toy game, not crane" in run.stderr


def test_quit_saves_and_without_a_file_says_so(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "toy.jsonl"
    run = cli("play", "toy", "--seed", "2", "--save", str(save), input="quit\n")
    assert run.code == 0 and "Leaving the game. Saved to" in run.stdout
    Match.load(save)
    run = cli("play", "toy", "--seed", "2", input="quit\n")
    assert run.code == 0 and "not saved" in run.stdout


def test_save_command_names_a_file_that_is_then_kept_up_to_date(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "later.jsonl"
    run = cli("play", "toy", "--seed", "2", input=f"save\nsave {save}\n1\n")
    assert "Save where?" in run.stdout and f"Saved to {save}." in " ".join(run.stdout.split())
    assert "scramble squadrons=0" in steps(save)  # the step after 'save' was saved too


def test_the_luftwaffe_player_sees_its_target(cli: Any) -> None:
    run = cli(
        "play", "toy", "--seed", "2", "--seat", "luftwaffe=human", "--seat", "raf=random", input=""
    )
    assert "the target is" in run.stdout
    assert "luftwaffe: Round 1: how many bombers raid?" in run.stdout


def test_manual_dice_hot_seat(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "manual.jsonl"
    typed = [
        "nowhere",  # not a card
        "help",
        "dover",  # the target card
        "1",  # luftwaffe: raid bombers=1
        "1",  # raf: scramble squadrons=0
        "cross cross",  # one die in the pool, not two
        "cross",
        "7 7",  # not d6 faces
        "3",  # one face short
        "3 4",
    ]
    run = cli(
        "play",
        "toy",
        "--seat",
        "luftwaffe=human",
        "--dice",
        "manual",
        "--save",
        str(save),
        input="\n".join(typed) + "\n",
    )
    out = " ".join(run.stdout.split())
    assert run.code == 0
    assert "Roll: target card; type the name of the item drawn" in out
    assert "Not a roll I can use: 'nowhere' is not one of the items that can be drawn" in out
    assert "Roll real dice and type the faces" in out
    assert "Not a roll I can use: type the 1 faces rolled" in out
    assert "Not a roll I can use: '7' is not a face of the d6 die" in out
    assert "Not a roll I can use: type 2 face(s)" in out
    assert "luftwaffe> " in out and "raf> " in out
    logged = steps(save)
    assert logged[:5] == [
        "draw item=dover",
        "raid bombers=1",
        "scramble squadrons=0",
        "roll blank=0 cross=1 roundel=0",
        "roll d=3,4",
    ]


def test_a_broken_renderer_falls_back_to_the_raw_view(cli: Any, monkeypatch: Any) -> None:
    import dowding.cli.render as render

    def broken(view: dict[str, Any], seat: str | None) -> Any:
        raise KeyError("planes")

    monkeypatch.setattr(render, "find_renderer", lambda ruleset: broken)
    run = cli("play", "toy", "--seed", "2", input="")
    assert "the toy renderer failed: KeyError: 'planes'" in run.stdout
    assert "'phase': 'scramble'" in run.stdout


def test_crane_by_number_with_garbage_then_end_of_input(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "crane.jsonl"
    typed = "1\nzzz\n0\nmove turn=999\n12\n"
    run = cli("play", "crane", "--seed", "5", "--save", str(save), input=typed)
    assert run.code == 0
    out = run.stdout
    assert "raf: Choose the next plane to move" in out
    assert "'zzz' is not legal" in out
    assert "There is no option 0" in out
    assert "'move turn=999' is not legal: a turn is between -180 and 180 degrees" in out
    assert "raf: Fly straight on" in out  # crane's words for move turn=0
    assert "bomb hits 0/3" in out and "▒" in out  # the crane renderer drew the table
    assert "End of input. Saved to" in out
    logged = steps(save)
    assert logged[-2:] == ["select plane=V1-1", "move turn=0"] or "move turn=0" in logged


def test_crane_manual_dice(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "crane.jsonl"
    # altitude of S1 (after '7' and 'x' are refused), of S2, then no vic arrives (odd rolls)
    typed = "7\nx\n3\n4\n1\n1\n1\n1\n"
    run = cli("play", "crane", "--seed", "5", "--dice", "manual", "--save", str(save), input=typed)
    assert run.code == 0
    out = " ".join(run.stdout.split())
    assert "Roll: Altitude of S1" in out and "type <d6: 1/2/3/4/5/6>" in out
    assert "'7' is not a face of the d6 die" in out
    assert "'x' is not a face of the d6 die" in out
    rolls = [a for a in steps(save) if a.startswith("roll")]
    assert rolls[:6] == ["roll d=3", "roll d=4", "roll d=1", "roll d=1", "roll d=1", "roll d=1"]


def test_a_failing_bot_is_reported_and_the_game_kept(
    cli: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    import dowding.cli.main as main

    class Broken:
        def choose(self, view: dict[str, Any], decision: Any) -> Any:
            raise RuntimeError("bot lost its map")

    monkeypatch.setattr(
        main, "make_players", lambda game, seats, seed, options=None: {"luftwaffe": Broken()}
    )
    save = tmp_path / "toy.jsonl"
    run = cli("play", "toy", "--seed", "2", "--save", str(save), input="")
    assert run.code == 1
    assert "internal error: RuntimeError: bot lost its map" in run.stderr
    assert steps(save) and steps(save)[0].startswith("draw item=")  # the steps before it are kept


def test_an_unwritable_save_file_stops_before_play(cli: Any, tmp_path: Path) -> None:
    run = cli("play", "toy", "--seed", "2", "--save", str(tmp_path), input="1\n")
    assert run.code == 1
    assert f"cannot save to {tmp_path}" in run.stderr
    assert "raf>" not in run.stdout


def test_303_squadron_s_lost_scenario_is_the_team_s_loss(cli: Any) -> None:
    """Nobody winning a cooperative Scenario is the team losing, not "nobody wins"."""
    run = cli("play", "squadron303", "-o", "players=1", "--seat", "p1=heuristic", "--seed", "2")
    assert run.code == 0
    said = " ".join(run.stdout.split())
    assert "Game over: the team loses (a pilot had to come in" in said
    assert "nobody wins" not in said
