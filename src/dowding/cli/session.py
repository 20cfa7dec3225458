"""The interactive game loop: computers move themselves, humans type, dice roll or are typed."""

from __future__ import annotations

import difflib
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from dowding.bots import Player
from dowding.engine import (
    Action,
    Chance,
    Decision,
    Draw,
    Event,
    IllegalAction,
    Match,
    State,
    Terminal,
)
from dowding.engine.option_odds import option_odds
from dowding.engine.words import in_words, option_labels

from .render import render_view
from .seats import HUMAN

Reader = Callable[[str], str]  # shows a prompt, returns a line; raises EOFError at end of input

OPTION_LIMIT = 30
WIDE = 100  # narrower output than this plays compact unless told otherwise (--full)
PAUSE = 0.6  # seconds after each computer move, so a person sees it happen (--no-pause: none)
HELP = (
    "Type an option's number, or an action in its text form ('options' lists each one's text).\n"
    "Commands: show (redraw the whole table), options (list every option), help, quit,\n"
    "save (to the game's file), save FILE (a copy there, or the game's file if it had none),\n"
    "undo (take back your last move, until a die is rolled or another side decides).\n"
    "Ctrl-D leaves too; with a save file the game is saved and can be resumed with --load."
)
DICE_HELP = (
    "Roll real dice and type the faces, separated by spaces.\n"
    "Commands: show (redraw the table), save [FILE], help, quit."
)


def option_grid(cells: list[str], width: int) -> Table:
    """Numbered options in as many columns as fit, numbered down each column."""
    cell_width = max((len(cell) for cell in cells), default=0) + 5  # the padding below
    columns = max(1, min(4, (width - 2) // max(cell_width, 1))) if len(cells) > 8 else 1
    rows = -(-len(cells) // columns)
    grid = Table.grid(padding=(0, 3, 0, 0))
    for _ in range(columns):
        grid.add_column(no_wrap=len(cells) > 8)
    for row in range(rows):
        grid.add_row(*(Text("  " + cells[i]) for i in range(row, len(cells), rows)))
    return grid


def changed_lines(before: list[str], after: list[str]) -> list[int]:
    """The indices of ``after``'s lines that are new or different from ``before``'s."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [
        j
        for tag, _, _, j1, j2 in matcher.get_opcodes()
        if tag in ("replace", "insert")
        for j in range(j1, j2)
    ]


def said_of(action: Action, decision: Decision, labels: list[str]) -> str:
    """An action as the player reads it: its label when it is one of the options."""
    if action in decision.options:
        return labels[decision.options.index(action)]
    return action.text


class Quit(Exception):
    """The player typed quit."""


class Session:
    """One game at the terminal. ``run`` returns the exit status."""

    def __init__(
        self,
        match: Match,
        seats: dict[str, str],
        players: dict[str, Player],
        console: Console,
        read: Reader,
        save_path: Path | None = None,
        *,
        compact: bool = False,
        pause: float = 0.0,
    ) -> None:
        self.match = match
        self.seats = seats
        self.players = players
        self.console = console
        self.read = read
        self.save_path = save_path
        self.humans = [
            seat for seat in match.game.seat_ids(match.options) if seats.get(seat) == HUMAN
        ]
        self.drawn: tuple[str | None, dict[str, object]] | None = None  # the last view drawn
        # compact: after a seat's first full drawing, only the lines that changed are printed
        self.compact = compact
        self.pause = pause
        self.lines: dict[str | None, list[str]] = {}  # seat -> the text of its last drawing
        self.repeated: tuple[tuple[str, str | None], int] | None = None  # the last line said

    # --- output -----------------------------------------------------------------
    def say(self, text: str, style: str | None = None) -> None:
        # the same line again and again (bob1990 deals some forty cards face down in a row) is
        # printed once, then how many times it came
        if self.repeated is not None and self.repeated[0] == (text, style):
            self.repeated = (self.repeated[0], self.repeated[1] + 1)
            return
        self.flush_repeats()
        self.repeated = ((text, style), 1)
        self.print_text(text, style)

    def print_text(self, text: str, style: str | None) -> None:
        # engine text (actions, errors, events) may hold brackets: never read it as markup.
        # Long lines wrap between words at the console's width, in a pipe too (a person reading
        # through `less` or a tmux pane has 80 columns as well; COLUMNS sets another width); a
        # word wider than that (a saved game's path) is left whole, to be copied
        width = max(20, self.console.width)
        lines = [wrapped for line in text.split("\n") for wrapped in _wrap(line, width)]
        self.console.print(Text("\n".join(lines), style=style or ""), soft_wrap=True)

    def flush_repeats(self) -> None:
        """Say how many times the last line came, when more than once; before anything else is
        printed."""
        if self.repeated is not None and self.repeated[1] > 1:
            (_, style), times = self.repeated
            self.print_text(f"  (that line {times} times in all)", style)
        self.repeated = None

    def draw(self, seat: str | None, force: bool = True) -> None:
        """Draw ``seat``'s view; unless forced, only if it changed since the last drawing.

        In compact mode an unforced drawing prints only the lines that changed since this
        seat's last one (the whole table when most of it changed).
        """
        view = self.match.state.view(seat)
        if not force and self.drawn == (seat, view):
            return
        self.flush_repeats()
        self.drawn = (seat, view)
        renderable = render_view(self.match.game.id, view, seat)
        if not self.compact:
            self.console.print(renderable)
            return
        lines = self.console.render_lines(renderable, self.console.options, pad=False)
        plain = ["".join(segment.text for segment in line).rstrip() for line in lines]
        before = self.lines.get(seat)
        self.lines[seat] = plain
        changed = [] if before is None or force else changed_lines(before, plain)
        if before is None or force or len(changed) > max(12, len(plain) // 2):
            self.print_lines(lines)
            return
        if not changed:
            return
        self.say(f"  (the table: {len(changed)} line(s) changed; 'show' draws it all)", "dim")
        self.print_lines([lines[i] for i in changed])

    def print_lines(self, lines: list[list[Segment]]) -> None:
        self.console.print(Segments([s for line in lines for s in (*line, Segment.line())]), end="")

    def can_see(self, visible: Callable[[str | None], bool], actor: str | None) -> bool:
        """Show what every human may see; in hot-seat also what the acting human may see."""
        if not self.humans:
            return True  # nobody to keep a secret from
        if all(visible(seat) for seat in self.humans):
            return True
        return len(self.humans) > 1 and actor in self.humans and visible(actor)

    def show_events(self, events: tuple[Event, ...], actor: str | None) -> bool:
        """Say each event a human may see; True if any was said."""
        said = False
        seen: dict[str, object] | None = None  # the viewer's view, for the words, made once
        for event in events:
            if self.can_see(event.visible_to, actor):
                if seen is None:
                    seen = dict(self.match.state.view(self.viewer(), infostate=False))
                self.say(f"  · {in_words(self.match.game.id, seen, event.text)}", "cyan")
                said = True
        return said

    # --- saving -----------------------------------------------------------------
    def save(self, path: Path | None = None, quiet: bool = True) -> bool:
        target = path or self.save_path
        if target is None:
            return False
        try:
            self.match.save(target)
        except OSError as exc:
            self.say(f"Could not save to {target}: {exc.strerror or exc}", "red")
            return False
        if not quiet:
            self.say(f"Saved to {target}.", "green")
        return True

    def leave(self, why: str) -> None:
        if self.save(quiet=True):
            path = self.save_path
            self.say(f"{why} Saved to {path}; resume with: dowding play --load {path}")
        else:
            self.say(f"{why} The game was not saved (no --save file).")

    # --- the loop ---------------------------------------------------------------
    def run(self) -> int:
        try:
            while True:
                node = self.match.node()
                if isinstance(node, Terminal):
                    break
                if isinstance(node, Chance):
                    self.chance_step(node)
                elif node.seat in self.players:
                    self.computer_step(node)
                else:
                    self.human_step(node)
                self.save()
        except Quit:
            self.leave("Leaving the game.")
            return 0
        except EOFError:
            self.flush_repeats()
            self.console.print()
            self.leave("End of input.")
            return 0
        except KeyboardInterrupt:
            self.flush_repeats()
            self.console.print()
            self.leave("Interrupted.")
            return 130
        except Exception:
            self.save()  # keep every step played so far, whatever went wrong
            raise
        self.finish()
        self.flush_repeats()
        return 0

    def chance_step(self, chance: Chance) -> None:
        events = self.match.roll()
        outcome = self.match.steps[-1].action
        hidden = chance.visible_to
        seen = self.can_see(lambda seat: hidden is None or seat in hidden, None)
        view = dict(self.match.state.view(self.viewer(), infostate=False))
        label = in_words(self.match.game.id, view, chance.label)
        said = self.outcome_words(chance, outcome, view) if seen else "(hidden)"
        self.say(f"{label}: {said}", "magenta")
        self.show_events(events, None)

    def outcome_words(self, chance: Chance, outcome: str, view: dict[str, object]) -> str:
        """An outcome as a person reads it: a thing drawn in the ruleset's words, as the
        browser's dice tray shows it (``raf-10-06`` -> ``No. 238 Squadron (Hurricane)``), else
        by the name the Draw gives it; dice by their faces (``roll d=3,5``)."""
        action = Action.parse(outcome)
        item = action.get("item") if action.kind == "draw" else None
        if item is None:
            return outcome
        said = in_words(self.match.game.id, view, str(item))
        if said == str(item) and isinstance(chance, Draw) and chance.names is not None:
            said = chance.names.get(str(item), said)
        return said

    def thinking(self, seat: str) -> str | None:
        """The status line while a computer with a time cap thinks (the search player):
        "Luftwaffe (search, veteran) is thinking… up to 1.0 s"; None for one that answers at
        once."""
        budget = getattr(self.players.get(seat), "budget", None)
        cap = getattr(budget, "seconds", None)
        if not isinstance(cap, int | float):
            return None
        kind, _, strength = self.seats.get(seat, "computer").partition(":")
        kind = "search" if kind == "ismcts" else kind
        name = next(
            (s.name for s in self.match.game.seats_for(self.match.options) if s.id == seat), seat
        )
        said = f"{kind}, {strength}" if strength else kind
        return f"{name} ({said}) is thinking… up to {cap:.1f} s"

    def computer_step(self, decision: Decision) -> None:
        seat = decision.seat
        line = self.thinking(seat)
        if line is None:
            action = self.players[seat].choose(self.match.state.view(seat), decision)
        else:
            self.flush_repeats()
            with self.console.status(Text(line), spinner="dots"):
                action = self.players[seat].choose(self.match.state.view(seat), decision)
        said = (
            self.labels(decision)[decision.options.index(action)]
            if (self.match.game.perfect_information and action in decision.options)
            else action.text
        )
        events = self.match.play(action)
        # in a hidden-information game the move itself may be secret: its events say what is
        # public, and a line saying only that a computer moved says nothing
        shown = self.match.game.perfect_information
        if shown:
            self.say(f"{seat} ({self.seats[seat]}): {said}", "bold")
        shown = self.show_events(events, seat) or shown
        if shown and self.pause > 0:
            time.sleep(self.pause)  # one step at a time, so a person sees what the computer did

    def labels(self, decision: Decision) -> list[str]:
        """The options in words, from the deciding seat's view (the ruleset's words.py)."""
        view = self.match.state.view(decision.seat, infostate=False)
        return option_labels(self.match.game.id, view, decision)

    def human_step(self, decision: Decision) -> None:
        if len(decision.options) == 1 and not decision.free:
            # one option asks nothing: play it and say so (the log records it like any step)
            label = self.labels(decision)[0]
            events = self.match.play(decision.options[0])
            self.say(f"{decision.seat}: {label} (the only option)", "bold")
            self.show_events(events, decision.seat)
            return
        self.draw(decision.seat, force=False)
        self.show_options(decision, OPTION_LIMIT)
        while True:
            text = self.read(f"{decision.seat}> ").strip()
            if text.lower() == "undo":
                if self.undo(decision.seat):
                    return  # the loop asks this seat again, at the decision taken back
                continue
            if self.command(text, decision):
                continue
            try:
                action = self.understand(text, decision)
                labels = self.labels(decision)
                events = self.match.play(action)
            except (IllegalAction, ValueError) as exc:
                self.say(str(exc), "red")
                continue
            self.say(f"{decision.seat}: {said_of(action, decision, labels)}", "bold")
            self.show_events(events, decision.seat)
            return

    def undo_point(self, seat: str) -> int | None:
        """How many steps to keep to take back ``seat``'s last move, or None when it stands.

        The same rule as the server's: only this seat's own decisions since (no die rolled,
        no card drawn, no other side decided). A move the game made for it (its only option) is
        taken back with the move before it, which it followed."""
        steps = self.match.steps
        start = len(steps)
        while start > 0 and steps[start - 1].seat == seat:
            start -= 1  # this seat's own run of steps: a take-back ends within it
        state = self.state_after(start)
        states = {start: state.copy()}
        for i in range(start, len(steps)):
            state.apply(steps[i].action)
            states[i + 1] = state.copy()
        keep = len(steps)
        while keep > start:
            keep -= 1
            node = states[keep].next()
            if isinstance(node, Decision) and (len(node.options) != 1 or node.free):
                return keep
        return None

    def state_after(self, count: int) -> State:
        """The state after the first ``count`` steps of the log, replayed from the start."""
        state = self.match.game.new_state(self.match.scenario, self.match.options)
        for step in self.match.steps[:count]:
            state.apply(step.action)
        return state

    def undo(self, seat: str) -> bool:
        """Take back ``seat``'s last move at the terminal; say why not when it stands."""
        if seat not in self.humans:
            return False
        steps = self.match.steps
        if not steps:
            self.say("Nothing has been played yet.", "red")
            return False
        last = steps[-1].seat
        if last != seat:
            why = "the dice have been rolled" if last == "chance" else f"{last} has decided"
            self.say(f"Cannot take back: {why} since your move; it stands.", "red")
            return False
        keep = self.undo_point(seat)
        if keep is None:
            self.say("Cannot take back: nothing of yours to take back since the dice.", "red")
            return False
        state = self.state_after(keep)
        taken = [s.action for s in steps[keep:]]
        self.match.state = state
        del self.match.steps[keep:]
        self.drawn = None
        self.say(f"{seat}: took back {', '.join(taken)}", "yellow")
        self.save()
        return True

    def understand(self, text: str, decision: Decision) -> Action:
        """An option's number or an action's text; ValueError says briefly what is wrong.

        (The engine's own refusal lists every option again; the player has them on screen.)
        """
        count = len(decision.options)
        choose = f"choose 1 to {count}" if count else "there are no numbered options"
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= count:
                raise ValueError(f"There is no option {number}; {choose}.")
            return decision.options[number - 1]
        try:
            action = Action.parse(text)
        except ValueError as exc:
            raise ValueError(
                f"{exc}. Type an option's number ({choose}), an action or 'help'."
            ) from None
        if action not in decision.options:
            reason = self.match.state.check_free(action, decision)
            if reason is not None:
                free = f", or type {decision.free}" if decision.free else ""
                raise ValueError(f"'{action}' is not legal: {reason}. {choose.capitalize()}{free}.")
        return action

    def show_options(self, decision: Decision, limit: int | None) -> None:
        view = self.match.state.view(decision.seat, infostate=False)
        prompt = in_words(self.match.game.id, view, decision.prompt)
        self.say(f"{decision.seat}: {prompt}", "bold")
        options = decision.options if limit is None else decision.options[:limit]
        width = len(str(len(decision.options)))
        labels = self.labels(decision)[: len(options)]
        # the odds beside each option that starts a combat or a bombing (option_odds.py)
        odds = option_odds(self.match.game.id, view, decision)[: len(options)]
        labels = [
            label if od is None else f"{label}  ({od.text()})"
            for label, od in zip(labels, odds, strict=True)
        ]
        if limit is None:  # the whole list: each option's text too, to type it
            labels = [f"{label}  [{o.text}]" for label, o in zip(labels, options, strict=True)]
        cells = [f"{n:>{width}}. {label}" for n, label in enumerate(labels, start=1)]
        self.flush_repeats()
        self.console.print(option_grid(cells, self.console.width))
        hidden = len(decision.options) - len(options)
        if hidden:
            self.say(f"  ... and {hidden} more: type 'options' to list them all", "dim")
        if decision.free:
            self.say(f"  or type an action: {decision.free}", "dim")

    def command(self, text: str, decision: Decision | None) -> bool:
        """Handle help/quit/save/show/options; True if ``text`` was one (or empty)."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if not text:
            hint = "an option's number, an action" if decision else "the faces rolled"
            self.say(f"Type {hint}, or 'help'.", "dim")
        elif word in ("help", "?"):
            self.say(HELP if decision is not None else DICE_HELP)
        elif word in ("quit", "exit"):
            raise Quit
        elif word == "save":
            path = Path(rest.strip()) if rest.strip() else self.save_path
            if path is None:
                self.say("Save where? Type: save FILE", "red")
            elif self.save(path, quiet=False) and self.save_path is None:
                self.save_path = path  # from now on every step is saved there
        elif word == "show":
            node = self.match.node()
            self.draw(decision.seat if decision else self.viewer())
            if decision is not None:
                self.show_options(decision, OPTION_LIMIT)
            elif isinstance(node, Chance):
                self.say(f"Roll: {node.label}; type {node.expects}", "magenta")
        elif word == "options" and decision is not None:
            self.show_options(decision, None)
        else:
            return False
        return True

    def ask_dice(self, chance: Chance) -> str:
        """ManualDice's question: what the players rolled at the table."""
        self.say(f"Roll: {chance.label}; type {chance.expects}", "magenta")
        while True:
            text = self.read("dice> ").strip()
            if not self.command(text, None):
                return text

    def viewer(self) -> str | None:
        return self.humans[0] if len(self.humans) == 1 else None

    def finish(self) -> None:
        result = self.match.result()
        self.draw(self.viewer())
        outcome = self.match.game.outcome_words(result.winner, self.match.options)
        scores = ", ".join(
            f"{self.match.game.winner_name(side, self.match.options)} {score:g}"
            for side, score in result.score.items()
        )
        self.say(f"Game over: {outcome} ({result.reason}).", "bold green")
        if scores:
            self.say(f"Score: {scores}")
        self.say(f"{result.turns} turns, {result.actions} steps; final state {result.state_hash}")
        if self.save():
            self.say(f"Saved to {self.save_path}; replay with: dowding replay {self.save_path}")


def _wrap(line: str, width: int) -> list[str]:
    """One line broken between words to ``width`` columns, its indent kept on every piece."""
    if len(line) <= width:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))]
    return textwrap.wrap(
        line,
        width,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
        drop_whitespace=True,
    ) or [line]
