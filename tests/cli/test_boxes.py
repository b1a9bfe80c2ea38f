"""Issue 27: `ledger balance` draws its table without Rich (60 ms to import), and draws it as
Rich draws the other tables: the same characters, line for line, whatever the names."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from ledger.cli.boxes import SECTION, Cell, Row, box_table

NAMES = ["Ann", "Bøb", "王小明", "e\u0301mile", "a very long name for a player, at that", ""]


def _rich(title: str, columns: list[tuple[str, bool]], rows: list[Row]) -> str:
    table = Table(title=title, title_justify="left")
    for name, right in columns:
        table.add_column(name, justify="right" if right else "left")
    for cells, style in rows:
        if style == "section":
            table.add_section()
        else:
            table.add_row(*[c.text if isinstance(c, Cell) else c for c in cells], style=style)
    out = io.StringIO()
    Console(file=out, width=200, color_system=None, markup=False).print(table)
    return out.getvalue()


@pytest.mark.parametrize("name", NAMES)
def test_27_the_balance_box_is_the_box_rich_draws(name: str) -> None:
    columns = [("player / account", False), ("bank", False), ("balance", True)]
    rows: list[Row] = [
        ([name, "Ceres", Cell("1,234,567.50", "red")], ""),
        (["", Cell("total", "bold"), "-3.00"], ""),
        (["bank", "", "0.00"], "dim"),
        SECTION,
        (["all accounts", "", "0.00"], "dim"),
    ]
    assert box_table("Balances, day 3 (KC)", columns, rows) == _rich(
        "Balances, day 3 (KC)", columns, rows
    )


def test_27_a_heading_wider_than_its_cells_is_aligned_as_its_column() -> None:
    columns = [("n", False), ("a long heading", True)]
    rows: list[Row] = [(["x", "1"], "")]
    assert box_table("a title", columns, rows) == _rich("a title", columns, rows)


def test_27_a_title_wider_than_the_table_stays_on_its_line() -> None:
    """(Rich would wrap it; a balance table is never narrower than its title.)"""
    text = box_table("a title longer than the table", [("n", False)], [(["x"], "")])
    assert text.splitlines()[0] == "a title longer than the table"
