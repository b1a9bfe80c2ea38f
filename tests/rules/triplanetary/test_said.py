"""What Triplanetary's commands refuse and its checks find is said from one table, said.csv
(issue 38), through `ledger.core.sayings.Sayings`: the code names the saying and gives its
fields (`act.said("hold-full", "qty", ...)`, `SAID.refuse(...)`, `SAID.problem(...)`). A row
no module says, a name said that the table lacks, or a template field a call does not give
would fail here."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from ledger.core.problems import Severity
from ledger.rules.triplanetary import kit
from ledger.rules.triplanetary.kit import SAID

FOLDER = Path(kit.__file__).parent


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _names(node: ast.expr) -> list[str]:
    """The saying names a call's first argument can be: a name, or one of two by a condition."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _names(node.body) + _names(node.orelse)
    raise AssertionError(f"line {node.lineno}: a saying's name is written out in the call")


def _sayings_said() -> list[tuple[str, str, set[str]]]:
    """Every saying a module says: (where, name, the fields the call gives)."""
    said = []
    for path in sorted(FOLDER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            func = node.func
            by_table = isinstance(func.value, ast.Name) and func.value.id == "SAID"
            if not (func.attr == "said" or (by_table and func.attr in ("refuse", "problem"))):
                continue
            if isinstance(node.args[0], ast.Name) and node.args[0].id == "name":
                continue  # Act.said passes the name it was given on to SAID.refuse
            given = {k.arg for k in node.keywords if k.arg is not None}
            for name in _names(node.args[0]):
                said.append((f"{path.name}:{node.lineno}", name, given))
    return said


def test_said_csv_rows_are_whole() -> None:
    for name, row in SAID.table.items():
        assert row.code and row.said, name
        assert row.name == name


def test_every_row_of_said_csv_is_said_by_a_module() -> None:
    assert set(SAID.table) - {name for _, name, _ in _sayings_said()} == set()


@pytest.mark.parametrize(("where", "name", "given"), _sayings_said())
def test_every_saying_said_is_in_the_table_with_the_fields_given(
    where: str, name: str, given: set[str]
) -> None:
    assert name in SAID.table, where
    row = SAID.table[name]
    assert _fields(row.said) | _fields(row.hint) <= given, where


def test_a_saying_fills_its_templates_and_is_a_warning_as_its_row_says() -> None:
    found = SAID.problem("must-incorporate", "Ships!C2", name="Ann", n=2)
    assert (found.code, found.where, found.message) == (
        "must-incorporate",
        "Ships!C2",
        "Ann has 2 ships and no corporation",
    )
    assert found.hint == "§7: ledger incorporate Ann --at PLACE (5 KC, 5 days)"
    assert found.severity == Severity.WARNING
    refused = SAID.refuse("hold-full", "qty", post="Nomad", cap=20, used=18, more=4)
    assert refused.problems[0].message == "Nomad has 20 CP of hold, 18 used; this needs 4 more"
    assert refused.problems[0].severity == Severity.ERROR
