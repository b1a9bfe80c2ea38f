"""A real workbook from pipe tables, so a test reads like the sheets it checks:

    book = workbook(tmp_path, '''
    Players | name | role   | bank
            | Ann  | player | Ceres
            | Bob  | player | Ceres
    Ships   | id | name  | owner | type      | status
            | S1 | Nomad | Ann   | transport | active
    ''')
    book("tick", "30")

A block starts with a line whose first cell names a sheet, followed by that sheet's headers
(any of its columns, in any order); the lines under it, with an empty first cell, are its
rows. The workbook is made by `ledger new` for the game (its players from the Players block),
then each named sheet's rows are replaced by the block's rows, as a banker would type them in
Excel (with openpyxl, another program than ledger's writer): `12.50` is a number, `yes` and
names are text, an empty cell is empty, and `'0042` is the text 0042. Cells of columns the
block leaves out are left empty; ` # ...` at the end of a line is a comment. (`ledger new` runs once a process for the same arguments:
tests/conftest.py's `Ledger.fresh`.)

Rows typed later, between two commands, go below a sheet's last row with `type_rows`:

    type_rows(book, '''
    Events | id | type | player | to  | amount
           | E1 | pay  | Ann    | Bob | 2.50
    ''')
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.conftest import Ledger, openpyxl_workbook

#: `  # a note` at the end of a line is the test's comment, not a cell's text
COMMENT = re.compile(r"\s+#\s.*$")


def parse(text: str) -> dict[str, tuple[list[str], list[list[Any]]]]:
    """Sheet name -> (headers, rows of values), in the order the blocks stand."""
    sheets: dict[str, tuple[list[str], list[list[Any]]]] = {}
    current: str | None = None
    for number, full in enumerate(text.splitlines(), start=1):
        line = COMMENT.sub("", full)
        if not line.strip():
            continue
        cells = [c.strip() for c in line.split("|")]
        if cells[0]:
            current = cells[0]
            if current in sheets:
                raise ValueError(f"line {number}: the sheet {current} has a block already")
            sheets[current] = ([c for c in cells[1:]], [])
        elif current is None:
            raise ValueError(f"line {number}: a row before any sheet's name")
        else:
            headers, rows = sheets[current]
            values = [value(c) for c in cells[1:]]
            if len(values) != len(headers):
                raise ValueError(
                    f"line {number}: {len(values)} cells under {len(headers)} headers of {current}"
                )
            rows.append(values)
    return sheets


def value(cell: str) -> Any:
    """A cell as typed into Excel."""
    if cell == "":
        return None
    if cell.startswith("'"):
        return cell[1:]
    try:
        return int(cell)
    except ValueError:
        pass
    try:
        return float(cell)
    except ValueError:
        return cell


def workbook(
    folder: Path,
    text: str,
    game: str = "triplanetary",
    seed: int = 7,
    players: tuple[str, ...] = ("Ann", "Bob"),
    patrol: str | None = None,
) -> Ledger:
    """A workbook of `game` in `folder` with the sheets of `text`, and the CLI bound to it. Its
    players are the Players block's, else `players` (and `patrol`, Triplanetary's Patrol)."""
    sheets = parse(text)
    book = Ledger(folder)
    names = list(players)
    if "Players" in sheets:
        headers, rows = sheets["Players"]
        at = {h.casefold(): i for i, h in enumerate(headers)}
        names = [str(r[at["name"]]) for r in rows if r[at.get("role", -1)] != "patrol"]
        patrols = [str(r[at["name"]]) for r in rows if "role" in at and r[at["role"]] == "patrol"]
        patrol = patrols[0] if patrols else None
    args = ["new", "--game", game, "--seed", str(seed)]
    for name in names:
        args += ["--player", name]
    if patrol:
        args += ["--patrol", patrol]
    book.fresh(*args)
    wb = openpyxl_workbook(book.path)
    for name, (headers, rows) in sheets.items():
        if name not in wb.sheetnames:
            raise ValueError(f"the workbook of {game} has no sheet {name}")
        ws = wb[name]
        if ws.max_row > 1:
            ws.delete_rows(2, ws.max_row - 1)
        _type(ws, headers, rows, first=2)
    wb.save(book.path)
    return book


def type_rows(book: Ledger, text: str) -> None:
    """The rows of `text`'s blocks typed as new lines under each sheet's last row, as the
    banker types them into the workbook between two commands (cells of the columns a block
    leaves out stay empty)."""
    wb = openpyxl_workbook(book.path)
    for name, (headers, rows) in parse(text).items():
        if name not in wb.sheetnames:
            raise ValueError(f"the workbook has no sheet {name}")
        ws = wb[name]
        _type(ws, headers, rows, first=ws.max_row + 1)
    wb.save(book.path)


def _type(ws: Any, headers: list[str], rows: list[list[Any]], first: int) -> None:
    """Rows typed under their headers from row `first` on."""
    columns = {str(c.value).casefold(): c.column for c in ws[1] if c.value is not None}
    missing = [h for h in headers if h.casefold() not in columns]
    if missing:
        raise ValueError(f"{ws.title} has no column {', '.join(missing)}: {sorted(columns)}")
    for r, row in enumerate(rows, start=first):
        for h, v in zip(headers, row, strict=True):
            cell = ws.cell(row=r, column=columns[h.casefold()])
            cell.value = v
            if isinstance(v, str) and v.startswith("="):
                cell.data_type = "s"
