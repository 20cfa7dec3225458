"""``dowding odds RULESET PROCEDURE [--param value ...] [--json]``: exact odds at the terminal.

The procedures and their parameters come from each ruleset's ``odds.py`` (``PROCEDURES``); this
module only parses the parameters, runs the procedure and prints the answer: a table of
fractions and percentages, or JSON floats.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from dowding.engine import get_game, ruleset_ids
from dowding.engine.game import OptionSpec, check_own_folder
from dowding.engine.odds import Procedure, as_floats, procedures

from .common import CLIError
from .main import app, reported

TRUE_WORDS = ("1", "true", "yes", "on")


def rulesets_with_odds() -> list[str]:
    found = []
    for ruleset in ruleset_ids():
        try:
            if procedures(ruleset):
                found.append(ruleset)
        except Exception:  # a ruleset packaged elsewhere, or broken: it offers no odds here
            continue
    return found


def _procedures(ruleset: str) -> dict[str, Procedure]:
    try:
        return procedures(ruleset)
    except ModuleNotFoundError:
        return {}  # a ruleset packaged outside dowding.rulesets has no odds module there
    except Exception as exc:  # a broken odds module: say so, without a traceback
        raise CLIError(f"the odds of {ruleset} could not be loaded: {exc}") from None


def find_procedure(ruleset: str, name: str | None) -> tuple[dict[str, Procedure], Procedure | None]:
    """The ruleset's procedures and the one named (None when no name is given)."""
    if ruleset not in ruleset_ids():
        offered = ", ".join(rulesets_with_odds()) or "none"
        raise CLIError(f"unknown ruleset {ruleset!r}; rulesets with odds: {offered}", code=2)
    found = _procedures(ruleset)
    if not found:
        offered = ", ".join(rulesets_with_odds()) or "none"
        raise CLIError(f"{ruleset} offers no odds yet; rulesets with odds: {offered}", code=2)
    if name is None:
        return found, None
    key = name.replace("-", "_")
    if key not in found:
        raise CLIError(
            f"{ruleset} has no odds procedure {name!r}; choose from: {', '.join(found)}", code=2
        )
    return found, found[key]


def parse_params(procedure: Procedure, args: list[str]) -> dict[str, str | bool]:
    """``--name value``, ``--name=value``, or a bare ``--flag`` for a true/false parameter."""
    specs = {spec.name: spec for spec in procedure.params}
    known = ", ".join(f"--{n.replace('_', '-')}" for n in specs) or "none"
    raw: dict[str, str | bool] = {}
    i = 0
    while i < len(args):
        token = args[i]
        if not token.startswith("--") or token == "--":
            raise CLIError(f"unexpected {token!r}; {procedure.name} takes {known}", code=2)
        name, eq, value = token[2:].partition("=")
        name = name.replace("-", "_")
        spec = specs.get(name)
        if spec is None:
            raise CLIError(
                f"{procedure.name} has no parameter --{name.replace('_', '-')}; it takes {known}",
                code=2,
            )
        if name in raw:
            raise CLIError(f"--{token[2:].partition('=')[0]} is given twice", code=2)
        i += 1
        if eq:
            raw[name] = value
        elif isinstance(spec.default, bool) and (i >= len(args) or not _is_bool(args[i])):
            raw[name] = True  # a bare flag
        elif i < len(args):
            raw[name] = args[i]
            i += 1
        else:
            raise CLIError(f"--{name.replace('_', '-')} needs a value", code=2)
    return raw


def _is_bool(token: str) -> bool:
    return token.lower() in (*TRUE_WORDS, "0", "false", "no", "off")


def run_procedure(procedure: Procedure, raw: Mapping[str, object]) -> Mapping[str, Any]:
    try:
        return procedure.run(raw)
    except ValueError as exc:
        raise CLIError(f"{procedure.name}: {exc}", code=2) from None


# --- printing ---------------------------------------------------------------------------------
def percent(p: Fraction) -> str:
    value = 100 * float(p)
    if value == 0 or value >= 0.01:
        return f"{value:.2f}%"
    return f"{value:.2e}%"


def _is_expectation(key: str, value: Fraction) -> bool:
    """A mean or an expected count is printed as a number, not as a percentage."""
    return key.startswith(("mean", "expected")) or not 0 <= value <= 1


def _rows(table: Table, odds: Mapping[str, Any], depth: int) -> None:
    pad = "  " * depth
    for key, value in odds.items():
        label = str(key).replace("_", " ")
        if isinstance(value, Mapping):
            table.add_row(Text(pad + label, style="bold"), Text(""), Text(""))
            _rows(table, value, depth + 1)
        elif isinstance(value, Fraction) and not _is_expectation(str(key), value):
            table.add_row(Text(pad + label), Text(str(value)), Text(percent(value)))
        else:
            table.add_row(Text(pad + label), Text(str(value)), Text(""))


def odds_table(title: str, odds: Mapping[str, Any]) -> Table:
    table = Table("outcome", "probability", "percent", title=title, title_justify="left")
    table.columns[1].justify = "right"
    table.columns[2].justify = "right"
    _rows(table, odds, 0)
    return table


def _spec_row(spec: OptionSpec) -> tuple[str, str, str]:
    choices = f" [{spec.listed('/')}]" if spec.choices else ""
    flag = f"--{spec.name.replace('_', '-')}"
    return flag, str(spec.default), spec.help + choices


def describe(ruleset: str, found: Mapping[str, Procedure]) -> list[dict[str, Any]]:
    return [
        {
            "ruleset": ruleset,
            "procedure": p.name,
            "help": p.help,
            "params": [
                {"name": s.name, "default": s.default, "help": s.help, "choices": list(s.choices)}
                for s in p.params
            ],
            "examples": list(p.examples),
        }
        for p in found.values()
    ]


def print_procedures(console: Console, ruleset: str, found: Mapping[str, Procedure]) -> None:
    for p in found.values():
        console.print(Text(f"{ruleset} {p.name}: {p.help}", style="bold"))
        params = Table("parameter", "default", "help", box=None, padding=(0, 2), show_edge=False)
        for spec in p.params:
            params.add_row(*(Text(cell) for cell in _spec_row(spec)))
        console.print(params)
        for example in p.examples:
            console.print(Text(f"  e.g. {example}", style="dim"))
        console.print()


# --- the command ------------------------------------------------------------------------------
@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    help=(
        "Exact odds of a ruleset's dice procedures, by enumeration (no sampling). "
        "'dowding odds RULESET' lists the procedures and their parameters; "
        "'dowding odds RULESET PROCEDURE --param value ...' computes one."
    ),
)
def odds(
    ctx: typer.Context,
    ruleset: Annotated[str | None, typer.Argument(help="Ruleset id.")] = None,
    procedure: Annotated[str | None, typer.Argument(help="Procedure name.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON floats.")] = False,
) -> None:
    with reported():
        console = Console(highlight=False, soft_wrap=True)
        if ruleset is None:
            names = rulesets_with_odds()
            if as_json:
                print(json.dumps(names))
            else:
                console.print(Text(f"rulesets with odds: {', '.join(names) or 'none'}"))
                console.print(Text("'dowding odds RULESET' lists its procedures.", style="dim"))
            return
        found, chosen = find_procedure(ruleset, procedure)
        if chosen is None:
            if ctx.args:
                raise CLIError(f"name a procedure first; choose from: {', '.join(found)}", code=2)
            if as_json:
                print(json.dumps(describe(ruleset, found), indent=2))
            else:
                print_procedures(console, ruleset, found)
            return
        raw = parse_params(chosen, list(ctx.args))
        if raw.get("data"):  # a folder of one's own that holds none of the files: not shipped odds
            try:
                check_own_folder(ruleset, str(raw["data"]), get_game(ruleset).component_files)
            except ValueError as exc:
                raise CLIError(f"{chosen.name}: {exc}", code=2) from None
        result = run_procedure(chosen, raw)
        if as_json:
            print(json.dumps(as_floats(result)))
            return
        given = " ".join(f"--{k.replace('_', '-')} {shlex.quote(str(v))}" for k, v in raw.items())
        console.print(odds_table(f"{ruleset} {chosen.name} {given}".rstrip(), result))
