"""Rebuild the example workbook `workbooks/demo-triplanetary.xlsx` with ledger's own commands.

.venv/bin/python workbooks/make_demo.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl

HERE = Path(__file__).parent
OUT = HERE / "demo-triplanetary.xlsx"


def ledger(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "ledger", *args, "-w", str(OUT)], check=True)


def main() -> None:
    OUT.unlink(missing_ok=True)
    ledger(
        "new",
        "--game",
        "triplanetary",
        "--player",
        "Ann",
        "--player",
        "Bob",
        "--player",
        "Cleo",
        "--patrol",
        "Sam",
        "--seed",
        "42",
    )
    # Day 0 (§3): each player spends the starting money; ships bought now are ready at once
    # with three months of supplies.
    ledger("buy", "Ann", "transport", "--name", "Nomad")
    ledger("hire", "Ann", "--ship", "Nomad")
    ledger("buy", "Bob", "transport", "--name", "Magpie")
    ledger("hire", "Bob", "--ship", "Magpie")
    ledger("fuel", "Bob", "--ship", "Magpie", "6")
    ledger("pay", "Cleo", "Ann", "4.50", "--memo", "share of the first ore find")
    ledger("claim", "Cleo", "Hex 0412")
    ledger("office", "open", "Cleo", "--at", "Ceres")
    ledger("pay", "Bob", "patrol", "2", "--memo", "docking fine, agreed at the table")
    # A row the banker typed in Excel during play: the next command posts it.
    wb = openpyxl.load_workbook(OUT)
    wb["Events"].append(["E1", None, "pay", "Ann", "Bob", 3.25, None, "rent for a berth at Ceres"])
    wb["Events"].append(
        ["E2", None, "supply", "Ann", None, None, "--ship Nomad --months 1", "one more month"]
    )
    wb.save(OUT)
    for hidden in HERE.glob(f".{OUT.name}.*"):
        if hidden.is_dir():
            for f in hidden.iterdir():
                f.unlink()
            hidden.rmdir()
        else:
            hidden.unlink()


if __name__ == "__main__":
    main()
