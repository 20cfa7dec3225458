"""docs/rules/squadron303.md's trace table names only code and tests that exist (the check
tests/rulesets/test_rule_traces.py makes for registered rulesets, run here before registration)."""

from __future__ import annotations

from tests.rulesets.test_rule_traces import ROOT, _package_dir, problems, trace_table


def test_the_trace_table_names_what_exists() -> None:
    doc = ROOT / "docs/rules/squadron303.md"
    rows = trace_table(doc.read_text(encoding="utf-8"))
    assert rows, "docs/rules/squadron303.md has no | Section | Rule | Code | Tests | Note | table"
    found = problems(rows, _package_dir("dowding.rulesets.squadron303"), "squadron303.md")
    assert not found, "\n".join(found)
