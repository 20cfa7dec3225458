"""Every ruleset's rules are traced: docs/rules/<id>.md opens with a table of the rulebook's
sections, in the rulebook's order, each naming where it lives in the code and which tests cover
it (or, in its Note, why there is none).

The table's header is ``| Section | Rule | Code | Tests | Note |``. A Code cell names
``module.py:function`` (relative to the ruleset's package; ``module.py:Class.method`` and a full
``src/...py:name`` path are allowed too); a Tests cell names ``tests/...py::test_name``
(parametrized tests without their brackets; ``::Class::test_name`` allowed). Several are
separated by "; "; a cell with none holds "—", and then the Note must say why. Backticks around
a name or a whole cell are allowed.

This test checks that every named module, function and test exists, so the tables cannot drift
from the code. It does not check the order of the sections: that is for the reader.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from dowding.engine import registry

ROOT = Path(__file__).resolve().parents[2]
HEADER = ("Section", "Rule", "Code", "Tests", "Note")
NONE_MARKS = {"", "—", "-", "–"}
CODE_REF = re.compile(r"^(?P<path>[\w./-]+\.py)(?::(?P<name>[A-Za-z_][\w.]*))?$")
TEST_REF = re.compile(r"^(?P<path>tests/[\w./-]+\.py)::(?P<name>[A-Za-z_][\w:]*)(?:\[.*\])?$")


def shipped_rulesets() -> dict[str, str]:
    """Ruleset id -> package, for the rulesets dowding ships (not the test-only toy game)."""
    return {
        rid: module
        for rid, module in registry._RULESETS.items()
        if module.startswith("dowding.rulesets.")
    }


@dataclass(frozen=True)
class Row:
    line: int
    cells: tuple[str, ...]

    def cell(self, name: str) -> str:
        return self.cells[HEADER.index(name)]


def _split_row(line: str) -> list[str]:
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|"):
        text = text[:-1]
    return [c.strip() for c in text.split("|")]


def _header_words(line: str) -> tuple[str, ...]:
    """A header row's first words: "Code (module:function)" reads as "Code"."""
    return tuple(c.strip("` ").split(" (")[0].strip() for c in _split_row(line))


def trace_table(markdown: str) -> list[Row] | None:
    """The rows of the first table whose header is HEADER, or None when there is no such table."""
    lines = markdown.splitlines()
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("|"):
            continue
        if _header_words(line) != HEADER:
            continue
        rows = []
        for j in range(i + 2, len(lines)):  # i + 1 is the |---| line
            if not lines[j].lstrip().startswith("|"):
                break
            cells = _split_row(lines[j])
            cells += [""] * (len(HEADER) - len(cells))
            rows.append(Row(j + 1, tuple(cells)))
        return rows
    return None


def _items(cell: str) -> list[str]:
    """The names in a cell, without backticks; [] for a cell that says there are none."""
    bare = cell.strip().strip("`").strip()
    if bare in NONE_MARKS:
        return []
    return [item.strip().strip("`").strip() for item in cell.split(";") if item.strip("` ")]


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _defined(body: list[ast.stmt], name: str) -> ast.stmt | None:
    """The statement of `body` that defines `name`: a def, a class or an assignment."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name == name:
                return node
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                return node
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == name
        ):
            return node
    return None


def _lookup(tree: ast.Module, dotted: str) -> bool:
    body: list[ast.stmt] = tree.body
    node: ast.stmt | None = None
    for part in dotted.split("."):
        node = _defined(body, part)
        if node is None:
            return False
        body = node.body if isinstance(node, ast.ClassDef) else []
    return True


def _test_exists(tree: ast.Module, name: str) -> bool:
    parts = name.split("::")
    if len(parts) > 1:  # Class::test_name
        cls = _defined(tree.body, parts[0])
        return (
            isinstance(cls, ast.ClassDef)
            and len(parts) == 2
            and isinstance(_defined(cls.body, parts[1]), ast.FunctionDef | ast.AsyncFunctionDef)
        )
    if isinstance(_defined(tree.body, name), ast.FunctionDef | ast.AsyncFunctionDef):
        return True
    return any(
        isinstance(node, ast.ClassDef)
        and isinstance(_defined(node.body, name), ast.FunctionDef | ast.AsyncFunctionDef)
        for node in tree.body
    )


def check_code(item: str, package_dir: Path) -> str | None:
    """Why a Code name is wrong, or None when its module and function exist."""
    match = CODE_REF.match(item)
    if match is None:
        return "not of the form module.py:function"
    rel = match["path"]
    path = ROOT / rel if rel.startswith("src/") else package_dir / rel
    if not path.is_file():
        return f"no module {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
    name = match["name"]
    if name is not None and not _lookup(_tree(path), name):
        return f"{rel} defines no {name}"
    return None


def check_test(item: str) -> str | None:
    """Why a Tests name is wrong, or None when the test exists."""
    match = TEST_REF.match(item)
    if match is None:
        return "not of the form tests/...py::test_name"
    path = ROOT / match["path"]
    if not path.is_file():
        return f"no test file {match['path']}"
    if not _test_exists(_tree(path), match["name"]):
        return f"{match['path']} has no test {match['name']}"
    return None


def problems(rows: list[Row], package_dir: Path, where: str) -> list[str]:
    """Every bad cell of a trace table, one line each."""
    found = []
    for row in rows:
        at = f"{where}:{row.line} ({row.cell('Section') or 'no section'})"
        if not row.cell("Section"):
            found.append(f"{at}: the Section cell is empty")
        note = row.cell("Note").strip("` ")
        code, tests = _items(row.cell("Code")), _items(row.cell("Tests"))
        if not code and not note:
            found.append(f"{at}: no code named and no Note to say why")
        if not tests and not note:
            found.append(f"{at}: no test named and no Note to say why")
        for item in code:
            why = check_code(item, package_dir)
            if why is not None:
                found.append(f"{at}: Code {item!r}: {why}")
        for item in tests:
            why = check_test(item)
            if why is not None:
                found.append(f"{at}: Tests {item!r}: {why}")
    return found


def _package_dir(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.submodule_search_locations, f"no package {module}"
    return Path(next(iter(spec.submodule_search_locations)))


@pytest.mark.parametrize("ruleset", sorted(shipped_rulesets()))
def test_rules_are_traced_to_code_and_tests_that_exist(ruleset: str) -> None:
    doc = ROOT / "docs" / "rules" / f"{ruleset}.md"
    assert doc.is_file(), f"{ruleset}: no {doc.relative_to(ROOT)}"
    rows = trace_table(doc.read_text(encoding="utf-8"))
    header = "| " + " | ".join(HEADER) + " |"
    assert rows is not None, f"{doc.relative_to(ROOT)}: no table with the header {header}"
    assert rows, f"{doc.relative_to(ROOT)}: the trace table has no rows"
    package_dir = _package_dir(shipped_rulesets()[ruleset])
    bad = problems(rows, package_dir, str(doc.relative_to(ROOT)))
    assert not bad, f"{len(bad)} bad cell(s) in the trace table:\n" + "\n".join(bad)


def test_the_checker_reports_each_bad_cell() -> None:
    """The checker itself: good names pass, and each kind of bad cell is reported."""
    here = "tests/rulesets/test_rule_traces.py"
    markdown = "\n".join(
        [
            "# a ruleset",
            "",
            "| Section | Rule | Code | Tests | Note |",
            "|---|---|---|---|---|",
            f"| I | good | `state.py:CraneState.allowance`; movement.py:allowance | `{here}::test_the_checker_reports_each_bad_cell` | |",
            "| II | none, with a reason | — | — | nothing to play |",
            "| III | none, no reason | — | — | |",
            f"| IV | missing function | movement.py:no_such_rule | {here}::test_no_such_test | |",
            "| V | missing module | nowhere.py:rule | tests/nowhere.py::test_x | |",
            "| VI | bad form | movement | tests/rulesets/test_rule_traces.py | |",
            "",
            "after the table",
        ]
    )
    rows = trace_table(markdown)
    assert rows is not None and [r.cell("Section") for r in rows] == [
        "I",
        "II",
        "III",
        "IV",
        "V",
        "VI",
    ]
    package_dir = _package_dir("dowding.rulesets.crane")
    found = problems(rows, package_dir, "x.md")
    text = "\n".join(found)
    assert not [f for f in found if "(I)" in f or "(II)" in f], text
    assert "x.md:7 (III): no code named and no Note to say why" in found
    assert "x.md:7 (III): no test named and no Note to say why" in found
    assert "movement.py defines no no_such_rule" in text
    assert f"{here} has no test test_no_such_test" in text
    assert "no module src/dowding/rulesets/crane/nowhere.py" in text
    assert "no test file tests/nowhere.py" in text
    assert "'movement': not of the form module.py:function" in text
    assert "not of the form tests/...py::test_name" in text
    assert len(found) == 8, text
    assert trace_table("| Section | Rule |\n|---|---|\n| I | x |") is None
