"""Issue 27: the Journal's layout is declared once (`ledger/io/journal_layout.py`), and what
writes its rows or reads them back derives from that declaration: no other module spells the
Journal's cell references, its column range, its money format or its columns in order. A
column added to the spec and the declaration changes the writer and the readers together."""

from __future__ import annotations

import re
from pathlib import Path

from ledger.io import journal_layout, sheets
from ledger.io.journal_layout import CELLS, row_pattern, row_xml

ROOT = Path(__file__).resolve().parents[2]
#: What only a module that knows the Journal's layout writes.
SPELLINGS = {
    "a Journal cell reference": re.compile(r'<c r="[A-H](?:\{|\\|\d)'),
    "the Journal's column range": re.compile(r"A1:H"),
    "the money format": re.compile(r"#,##0\.00"),
    "the columns in order": re.compile(r'"txn",\s*"day",\s*"kind"'),
}
#: The modules allowed to: the declaration, and the sheet's spec (its columns by name).
KNOWING = {"ledger/io/journal_layout.py", "ledger/io/sheets.py"}


def test_27_only_the_layout_spells_the_journals_layout() -> None:
    found = {}
    for path in sorted((ROOT / "ledger").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        what = [name for name, pattern in SPELLINGS.items() if pattern.search(text)]
        if what:
            found[rel] = what
    assert set(found) <= KNOWING, {m: w for m, w in found.items() if m not in KNOWING}
    assert len(KNOWING) <= 2


def test_27_the_declaration_follows_the_sheets_spec() -> None:
    assert tuple(c.name for c in sheets.JOURNAL.columns) == journal_layout.NAMES
    kinds = {c.name: c.kind for c in sheets.JOURNAL.columns}
    for name, cell in CELLS:
        assert (cell == "money") == (kinds[name] == "money"), name
        assert (cell == "number") == (kinds[name] in ("int", "day")), name


def test_27_what_the_writer_writes_the_reader_reads() -> None:
    text = ' t="inlineStr"><is><t>x</t></is></c>'
    for empty in range(len(CELLS)):  # each optional text left out in turn
        values = tuple(
            "7"
            if cell == "number"
            else "-1.50"
            if cell == "money"
            else ""
            if i == empty and cell == "text-or-none"
            else text
            for i, (_, cell) in enumerate(CELLS)
        )
        xml = row_xml(12, values, ' s="3"').encode() + b"</sheetData>"
        for capture in (True, False):
            assert row_pattern((3,), capture).match(xml), (empty, capture)
    assert not row_pattern((4,), True).match(xml)  # another money style: not this row
