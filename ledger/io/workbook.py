"""The workbook as a whole, for the rest of ledger: `load` it into books, `write` the books
back. The parts: `xlsx_check` (the bytes checked against what a hostile file can claim),
`sheet_read` (each sheet's rows by python-calamine, a known sheet's records), `load` (the books
from the sheets) and `write` (every sheet from the books, by XlsxWriter).
"""

from __future__ import annotations

from ledger.io.load import Loaded, load
from ledger.io.sheet_read import DROPDOWNS
from ledger.io.write import write
from ledger.io.xlsx_check import read_bytes

__all__ = ["DROPDOWNS", "Loaded", "load", "read_bytes", "write"]
