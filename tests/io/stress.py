"""The benchmark's stress workbook for the tests of the Journal's fast paths: the index
(`test_fast_tick.py`, `test_fast_journal.py`)."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

from ledger.core.actions import pay
from ledger.io.workbook import Loaded, write
from tests.conftest import ROOT


def stress_workbook(path: Path, rows: int, memos: Sequence[str], step: Decimal) -> None:
    """bench/make_workbook.py's workbook with `rows` journal rows, then a payment for each of
    `memos` (texts that test a reader's escapes), of `step`, 2 × `step`, ..."""
    spec = importlib.util.spec_from_file_location("make_workbook", ROOT / "bench/make_workbook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    loaded: Loaded = module.build(rows)
    for i, memo in enumerate(memos):
        payer, payee = ("Cleo", "Dag") if i % 2 else ("Ann", "Bob")
        pay(loaded.books, payer, payee, step * (i + 1), memo=memo)
    write(path, loaded)
