"""A board file's mistake is named by its line: a table the file may not have (`[house_rule]`,
a misspelt `[house_rules]`) is named at its header's line, not at line 1."""

from __future__ import annotations

from pathlib import Path

from ledger.rules.boardfile import spec

ORBIT_ROW = Path(__file__).resolve().parents[3] / "workbooks" / "orbit-row.toml"


def test_a_misspelt_table_is_named_at_its_header() -> None:
    text = ORBIT_ROW.read_text(encoding="utf-8").replace("[house_rules]", "[house_rule]")
    line = text.splitlines().index("[house_rule]") + 1
    rules, problems = spec.read(text, lambda n: f"board.toml:{n}")
    assert rules is None
    unknown = [p for p in problems if p.code == "unknown-board-key"]
    assert [p.where for p in unknown] == [f"board.toml:{line}"], problems
    assert unknown[0].message.startswith(f"line {line}: house_rule is not a key here")
