"""Every column the banker types a name into has a dropdown (an Excel data validation of type
list) drawn from the workbook itself: the game's vocabulary, the players, the ids another sheet
holds. The expectations come from the sheet specs, so a new column is covered (or must be
named free text below)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ledger.core import sheets
from ledger.core.actions import event_handlers
from ledger.core.schema import Column, SheetSpec
from ledger.io.workbook import DROPDOWNS
from ledger.rules import load_game
from tests.conftest import Ledger, read_sheet

#: Text columns typed freely: new ids and names, words, what ledger fills in.
FREE_TEXT = {
    "id",
    "name",
    "note",
    "memo",
    "args",
    "posted",
    "what",
    "reason",
    "rule",
    "members",
    "result",
    "order",
    "numbers",
    "action",
}
#: ...and, sheet by sheet, the columns that hold something else than a name.
FREE_IN = {
    "Settings": {"key", "value", "default", "description"},
    "Mines": {"location"},  # a hex of the asteroid belt
}


def specs_of(game_key: str) -> tuple[SheetSpec, ...]:
    game = load_game(game_key)
    return sheets.core_specs(game, tuple(event_handlers(game)))


def validations(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """(sheet, header) -> the list validation of that column: its error style and the values
    its dropdown offers (read from the Dropdowns sheet when it refers there)."""
    import openpyxl

    wb = openpyxl.load_workbook(path)
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for ws in wb.worksheets:
        header = [c.value for c in ws[1]]
        for dv in ws.data_validations.dataValidation:
            first = str(dv.sqref).split()[0].split(":")[0]
            letters, row = re.fullmatch(r"([A-Z]+)(\d+)", first).groups()  # type: ignore[union-attr]
            assert row == "2", (ws.title, dv.sqref)
            column = header[openpyxl.utils.column_index_from_string(letters) - 1]
            out[(ws.title, str(column))] = {
                "type": dv.type,
                "style": dv.errorStyle or "stop",  # stop is the default, left out of the XML
                "values": offered(wb, dv.formula1),
                "rows": str(dv.sqref),
            }
    return out


def offered(wb: Any, formula: str) -> list[str]:
    if formula.startswith('"'):
        return formula.strip('"').split(",")
    sheet, cells = formula.lstrip("=").split("!")
    assert sheet.strip("'") == DROPDOWNS, formula
    return [str(v) for row in wb[DROPDOWNS][cells.replace("$", "")] for v in [row[0].value] if v]


def column_values(path: Path, sheet: str, column: str) -> list[str]:
    data = read_sheet(path, sheet)
    at = [str(h) for h in data[0]].index(column)
    found = [str(r[at]).strip() for r in data[1:] if at < len(r) and r[at] is not None]
    return list(dict.fromkeys(v for v in found if v))


def expected(path: Path, game_key: str, col: Column) -> list[str]:
    if isinstance(col.choices, tuple):
        return list(col.choices)
    values: list[str] = []
    for source in col.choices.split("+"):
        if source in ("players", "parties"):
            values += column_values(path, "Players", "name")
            if source == "parties":
                values += load_game(game_key).institutions
        else:
            sheet, column = source.split("!")
            values += column_values(path, sheet, column)
    return list(dict.fromkeys(values))


def typed_names(spec: SheetSpec) -> list[Column]:
    """The columns the banker types a name or a word of a vocabulary into."""
    if spec.written_by_tool:
        return []
    return [
        c
        for c in spec.columns
        if c.kind == "text" and c.name not in FREE_TEXT | FREE_IN.get(spec.name, set())
    ]


@pytest.fixture
def triplanetary(game: Ledger) -> Ledger:
    """With a ship, a base and a crew: the lists drawn from sheets have something in them."""
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Sam", "base", "--name", "Rock")
    game("hire", "Ann", "--ship", "Nomad")
    return game


@pytest.fixture
def egon(ledger: Ledger) -> Ledger:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "DEF", "--seed", "3")
    return ledger


@pytest.mark.parametrize("game_key", [pytest.param("triplanetary", marks=pytest.mark.slow), "egon"])
def test_every_column_typed_into_has_its_dropdown(
    game_key: str, request: pytest.FixtureRequest
) -> None:
    book: Ledger = request.getfixturevalue(game_key)
    found = validations(book.path)
    specs = specs_of(game_key)
    for spec in specs:
        for col in typed_names(spec):
            assert col.choices, f"{spec.name}!{col.name}: no dropdown declared (or name it free)"
    for spec in specs:
        for col in spec.columns:
            where = (spec.name, col.name)
            if not col.choices:
                assert where not in found, where
                continue
            assert where in found, f"{spec.name}!{col.name} has no validation"
            dv = found[where]
            assert dv["type"] == "list"
            assert dv["style"] == ("stop" if col.strict else "warning"), where
            assert dv["values"] == expected(book.path, game_key, col), where
            assert dv["rows"].endswith(str(len(read_sheet(book.path, spec.name)) + 1000)), where


def test_names_from_the_sheets_are_offered(triplanetary: Ledger) -> None:
    found = validations(triplanetary.path)
    assert found[("Crews", "post")]["values"] == ["S1", "B1"]
    assert found[("Crews", "post")]["style"] == "warning"
    assert found[("Ships", "owner")]["values"] == ["Ann", "Bob", "Sam"]
    assert "transport" in found[("Ships", "type")]["values"]
    assert found[("Ships", "type")]["style"] == "stop"
    assert "Ceres" in found[("Offices", "place")]["values"]
    assert found[("Crews", "module")]["values"] == []  # no module yet: an empty list, warning
    assert found[("Modules", "base")]["values"] == ["B1"]
    assert {"raw-ore", "supplies", "transport"} <= set(found[("Cargo", "good")]["values"])


def test_the_long_lists_lie_in_a_hidden_sheet_ledger_rewrites(triplanetary: Ledger) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(triplanetary.path)
    assert wb.sheetnames[-1] == DROPDOWNS and wb[DROPDOWNS].sheet_state == "hidden"
    run = triplanetary("check")  # no unknown sheet, no problem
    assert run.stdout == "" and run.stderr.startswith("clean"), run
    triplanetary("pay", "Ann", "Bob", "1")
    names = openpyxl.load_workbook(triplanetary.path).sheetnames
    assert names.count(DROPDOWNS) == 1 and names[-1] == DROPDOWNS


def test_a_player_added_in_excel_is_offered_after_the_next_save(game: Ledger) -> None:
    from tests.conftest import add_rows

    add_rows(game.path, "Players", [["Cy", "player"]])
    game("pay", "Ann", "Cy", "1")
    assert validations(game.path)[("Ships", "owner")]["values"] == ["Ann", "Bob", "Sam", "Cy"]
