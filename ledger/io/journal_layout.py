"""The Journal sheet as ledger writes it, declared once: its columns and how each cell is written,
its money format. Everything that writes a row's XML (`row_xml`) or reads ledger's own rows back
(`row_pattern`, `HEADER`, `DIMENSION`, `TAIL`, `GROUPS`) is derived from `CELLS` here; no other
module spells the Journal's column letters or its row pattern (a test lists them). The columns'
names, types and help are the sheet's spec (`sheets.JOURNAL`), which `CELLS` must follow.

A row: the whole numbers and the amount always (the amount in the workbook's money style), the
account always, any other text only when it is not empty, each text inline.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Literal

Cell = Literal["number", "money", "text", "text-or-none"]

#: The Journal's columns in order, each with how ledger writes its cell.
CELLS: tuple[tuple[str, Cell], ...] = (
    ("txn", "number"),
    ("day", "number"),
    ("kind", "text-or-none"),
    ("account", "text"),
    ("amount", "money"),
    ("memo", "text-or-none"),
    ("event", "text-or-none"),
    ("rule", "text-or-none"),
)
#: The money format of the amounts (the workbook's money style has it).
MONEY_FORMAT = "#,##0.00;[Red]-#,##0.00"

NAMES = tuple(name for name, _ in CELLS)
LETTERS = tuple(chr(ord("A") + i) for i in range(len(CELLS)))
LAST = LETTERS[-1]
#: The letter of the amount's column (its cell style is the money style).
MONEY_COLUMN = LETTERS[NAMES.index("amount")]
#: The first data row given to XlsxWriter, which shows each column's cell style (the amount's
#: money style); its cells are then replaced by the journal's rows.
STYLE_ROW: list[object] = [Decimal("0.00") if cell == "money" else None for _, cell in CELLS]


def _captured(cell: Cell, capture_text: bool) -> bool:
    return cell in ("number", "money", "text") or capture_text


#: The groups of a `row_pattern` match by column name (the row's number is group 0 of a
#: `findall` tuple): all of them with `capture_text`, else the numbers, account and amount.
GROUPS: Mapping[bool, Mapping[str, int]] = {
    capture: {
        name: i + 1 for i, name in enumerate(n for n, cell in CELLS if _captured(cell, capture))
    }
    for capture in (True, False)
}

_SHAPE = tuple(zip(LETTERS, (cell for _, cell in CELLS), strict=True))


def row_xml(r: int, values: tuple[str, ...], money: str) -> str:
    """One row as ledger writes it, `values` in the columns' order: a number's or amount's
    digits, a text's cell XML after its reference (`""`: no cell for an empty text); `money`
    the amount's style attribute (` s="N"`)."""
    out = [f'<row r="{r}">']
    for (letter, cell), value in zip(_SHAPE, values, strict=True):
        if cell == "number":
            out.append(f'<c r="{letter}{r}"><v>{value}</v></c>')
        elif cell == "money":
            out.append(f'<c r="{letter}{r}"{money}><v>{value}</v></c>')
        elif value:
            out.append(f'<c r="{letter}{r}"{value}')
    out.append("</row>")
    return "".join(out)


# Text as ledger writes it: no '<', no raw control character (ledger writes them as
# `_xHHHH_`), and '&' only in the three entities `stream_write.text_cell` writes.
_PLAIN = rb"[^<&\x00-\x08\x0b\x0c\x0e-\x1f\r]*+"
_TEXT = _PLAIN + rb"(?:&(?:amp|lt|gt);" + _PLAIN + rb")*+"
_NUMBER = rb"(\d{1,15}+)"  # what a spreadsheet's double holds exactly
_AMOUNT = rb"(-?\d{1,13}+\.\d\d)"  # up to money.LIMIT, two decimals


@functools.cache
def row_pattern(money_styles: tuple[int, ...], capture_text: bool) -> re.Pattern[bytes]:
    """One posting as `row_xml` writes it, in any of the workbook's money styles, and right
    after it the next row or the end of the sheet's data; the groups are the row's number
    then `GROUPS[capture_text]`."""
    styles = "|".join(str(s) for s in money_styles).encode()
    parts = [rb'<row r="(\d{1,7}+)">']
    for letter, cell in _SHAPE:
        ref = f'<c r="{letter}'.encode() + rb'\1"'
        if cell == "number":
            parts.append(ref + b"><v>" + _NUMBER + b"</v></c>")
        elif cell == "money":
            parts.append(ref + b' s="(?:' + styles + b')"><v>' + _AMOUNT + b"</v></c>")
        else:
            text = b"(" + _TEXT + b")" if _captured(cell, capture_text) else _TEXT
            xml = ref + rb' t="inlineStr"><is><t(?: xml:space="preserve")?>' + text
            xml += b"</t></is></c>"
            parts.append(xml if cell == "text" else b"(?:" + xml + b")?")
    parts.append(b"</row>(?=<row |</sheetData>)")
    return re.compile(b"".join(parts))


#: The header row: the columns' names as shared strings, in order.
HEADER = re.compile(
    rb'<row r="1"(?: spans="1:'
    + str(len(CELLS)).encode()
    + rb'")?>'
    + b"".join(
        f'<c r="{c}1"'.encode() + rb'(?: s="\d++")? t="s"><v>(\d{1,9}+)</v></c>' for c in LETTERS
    )
    + b"</row>"
)
#: The sheet's size as ledger writes it, and what follows the rows: nothing another reader
#: could take differently.
DIMENSION = re.compile(rb'<dimension ref="A1:' + LAST.encode() + rb'(\d{1,7})"/>')
TAIL = re.compile(
    rb'</sheetData>(?:<autoFilter ref="A1:' + LAST.encode() + rb'\d{1,7}"/>)?'
    rb'<pageMargins(?: [a-z]+="[\d.]+")*/></worksheet>\s*'
)
