"""What `xlsx_read.Book.shape` says of a sheet before calamine reads it: the rectangle its
cells make (a wide reference counts, wherever it stands) and each formula without a value,
found from its `<f` tag back to its cell (a data validation's `<formula1>` is none)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.worksheet.datavalidation import DataValidation

from ledger.io.xlsx_read import Book


def test_shape_finds_the_wide_reference_and_only_the_formulas_without_a_value(
    tmp_path: Path,
) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Sheet"
    ws["A1"] = "name"
    ws["B2"] = "=A1&1"  # openpyxl keeps no computed value
    ws["C3"] = 7
    ws["AB5"] = "far"
    ws["D7"] = "=SUM(C1:C3)"
    dv = DataValidation(type="list", formula1='"a,b"')
    ws.add_data_validation(dv)
    dv.add("A2:A9")
    path = tmp_path / "w.xlsx"
    wb.save(path)
    shape = Book(path.read_bytes(), str(path)).shape("Sheet")
    assert shape.formulas == {2: {1: "A1&1"}, 7: {3: "SUM(C1:C3)"}}
    assert shape.cells == 7 * 28  # seven rows, to column AB
