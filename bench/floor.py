"""The floor of a command: what the libraries it cannot do without cost, doing the same reads and
writes with them and nothing of ledger's own. `make bench` times each command against it.

    python bench/floor.py change WORKBOOK   # a changing command: Python, `import typer`, every
                                            # sheet read by python-calamine and written back by
                                            # XlsxWriter (to a file beside it, then renamed)
    python bench/floor.py balance WORKBOOK  # `balance`: Python, `import typer, rich`, the
                                            # Journal read by python-calamine, each account summed
                                            # in Decimal, a Rich table printed
    python bench/floor.py change50 WORKBOOK # 50 changes in one process (`ledger shell`'s 50
                                            # `pay`): `change`'s reads and writes, 50 times
"""

from __future__ import annotations

import os
import sys
from decimal import Decimal

import python_calamine
import typer

del typer  # imported for its cost: every command parses its line with it


def change(path: str) -> None:
    import xlsxwriter

    wb = python_calamine.CalamineWorkbook.from_path(path)
    sheets = [(name, wb.get_sheet_by_name(name).to_python()) for name in wb.sheet_names]
    tmp = os.path.join(os.path.dirname(path) or ".", f".floor.tmp-{os.getpid()}")
    out = xlsxwriter.Workbook(tmp, {"strings_to_numbers": False, "strings_to_formulas": False})
    for name, rows in sheets:
        ws = out.add_worksheet(name)
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value != "":
                    ws.write(r, c, value)
    out.close()
    with open(tmp, "rb+") as f:
        os.fsync(f.fileno())
    os.replace(tmp, path)


def balance(path: str) -> None:
    from rich.console import Console
    from rich.table import Table

    rows = python_calamine.CalamineWorkbook.from_path(path).get_sheet_by_name("Journal")
    sums: dict[str, Decimal] = {}
    for row in rows.iter_rows():
        account, amount = row[3], row[4]
        if isinstance(amount, float):
            sums[str(account)] = sums.get(str(account), Decimal(0)) + Decimal(repr(amount))
    table = Table(title="Balances")
    table.add_column("account")
    table.add_column("balance", justify="right")
    for account, total in sorted(sums.items()):
        table.add_row(account, f"{total:,.2f}")
    Console().print(table)


def change50(path: str) -> None:
    for _ in range(50):
        change(path)


if __name__ == "__main__":
    {"change": change, "balance": balance, "change50": change50}[sys.argv[1]](sys.argv[2])
