"""The workbook as a whole, for the rest of ledger: `load` it into books, `write` the books
back. The parts: `sheet_read` (the bytes checked, each sheet's rows, a known sheet's records),
`xlsx_read` (rows as a stream where python-calamine cannot go), `load` (the books from the
sheets), `write` (the sheets from the books) and `stream_write` (the long Journal as XML).
"""

from __future__ import annotations

from ledger.io.load import LIGHT_SHEETS, Loaded, load, load_light, load_sums, load_to_change
from ledger.io.sheet_read import (
    DROPDOWNS,
    RawSheet,
    Table,
    iter_journal,
    iter_table,
    read_bytes,
    read_raw,
    read_table,
)
from ledger.io.write import STREAM_ROWS, write

__all__ = [
    "DROPDOWNS",
    "LIGHT_SHEETS",
    "STREAM_ROWS",
    "Loaded",
    "RawSheet",
    "Table",
    "iter_journal",
    "iter_table",
    "load",
    "load_light",
    "load_sums",
    "load_to_change",
    "read_bytes",
    "read_raw",
    "read_table",
    "write",
]
