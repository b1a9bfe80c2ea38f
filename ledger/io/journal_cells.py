"""The Journal's rows as another program writes them (LibreOffice, Excel, openpyxl), taken
by one regular expression into columns (`journal_columns` reads the sheet with it).

A row is taken in one form only: its number, then cells A to H in order, each naming that
row; numbers in A, B and E (no formula, a style that is no date), shared or inline strings
or nothing in the rest; right after it the next row or the end of the sheet's data. Each
column is then converted at once, every distinct value once, into what the careful reader
(python-calamine, cell by cell, then `sheet_read.iter_journal`) would give. Anything else is
NotPlain.
"""

from __future__ import annotations

import functools
import operator
import re
import zipfile
from dataclasses import dataclass, field
from decimal import Decimal

from ledger.io.sheets import JOURNAL
from ledger.io.xlsx_columns import NotPlainText, Parts, plain_text

_CENTS = Decimal("0.01")
_MAX_ROWS = 1_048_576

_NUMBER = rb"(-?\d{1,17}+(?:\.\d{1,17}+)?(?:[eE][-+]?\d{1,3}+)?)"


def _number_cell(column: bytes) -> bytes:
    """A number: its style (captured) and its value."""
    return rb'<c r="' + column + rb'\1"(?: s="(\d{1,6}+)")?(?: t="n")?><v>' + _NUMBER + rb"</v></c>"


_TEXT = (
    rb'(?: t="s"><v>(\d{1,9}+)</v></c>'
    rb'| t="inlineStr"><is>(<t(?: xml:space="preserve")?>[^<]*+</t>)</is></c>'
)


def _text_cell(column: bytes) -> bytes:
    """A shared string's index or an inline string's `<t>` (both captured), an empty cell
    with a style, or no cell at all."""
    return rb'(?:<c r="' + column + rb'\1"(?: s="\d{1,6}+")?' + _TEXT + rb'|(?: t="n")?/>))?'


_COLUMNS = (b"A", b"B", b"C", b"D", b"E", b"F", b"G", b"H")


@functools.cache
def _patterns() -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """One row (groups: row, style A, txn, style B, day, kind (shared, inline), account
    (shared, inline), style E, amount, memo, event, rule (each shared, inline)), right after
    it the next row or the end of the sheet's data; and the header row. Compiled when first
    needed: most workbooks are ledger's own."""
    row = re.compile(
        rb'<row r="(\d{1,7}+)"(?: [^>]*+)?>'
        + _number_cell(b"A")
        + _number_cell(b"B")
        + _text_cell(b"C")
        + _text_cell(b"D")
        + _number_cell(b"E")
        + _text_cell(b"F")
        + _text_cell(b"G")
        + _text_cell(b"H")
        + rb"</row>(?=<row |</sheetData>)"
    )
    header = re.compile(
        rb'<sheetData><row r="1"(?: [^>]*)?>'
        + b"".join(rb'<c r="' + c + rb'1"(?: s="\d{1,6}+")?' + _TEXT + rb")" for c in _COLUMNS)
        + rb"</row>"
    )
    return row, header


_NAMES = tuple(c.name for c in JOURNAL.columns)
_STYLES = (1, 3, 9)  # the groups of the number cells' styles
#: The groups of each text column: shared string, inline string.
_KIND, _ACCOUNT, _MEMO, _EVENT, _RULE = (5, 6), (7, 8), (11, 12), (13, 14), (15, 16)


class NotPlain(Exception):
    """The sheet is not of the plain shape read here: the careful reader takes over."""


@dataclass
class Columns:
    """The Journal's rows by column, converted: what the careful reader would give."""

    rows: list[int] = field(default_factory=list)
    txn: list[int] = field(default_factory=list)
    day: list[int] = field(default_factory=list)
    cents: list[int] = field(default_factory=list)
    #: Each row's amount as its raw text (`amount_of` converts it).
    amount: list[bytes] = field(default_factory=list)
    #: Each text column's cells as raw text: a shared string's index, an inline string's
    #: `<t>` element, b"" for no text (`_Texts` decodes them).
    kind: list[bytes] = field(default_factory=list)
    account: list[bytes] = field(default_factory=list)
    memo: list[bytes] = field(default_factory=list)
    event: list[bytes] = field(default_factory=list)
    rule: list[bytes] = field(default_factory=list)

    def extend(self, other: Columns) -> None:
        for name in _FIELDS:
            getattr(self, name).extend(getattr(other, name))


_FIELDS = ("rows", "txn", "day", "cents", "amount", "kind", "account", "memo", "event", "rule")


class _Whole(dict[bytes, int]):
    """Each distinct number cell of a txn or day column as the careful reader converts it: a
    whole number (a day not below zero); anything else is not plain."""

    def __init__(self, least: int | None) -> None:
        super().__init__()
        self.least = least

    def __missing__(self, raw: bytes) -> int:
        if len(raw) <= 15 and raw.isdigit():
            n = int(raw)  # what the float the cell holds is
        else:
            f = float(raw)
            if not f.is_integer() or (self.least is not None and f < self.least):
                raise NotPlain
            n = int(f)
        self[raw] = n
        return n


_PLAIN_AMOUNT = re.compile(rb"-?\d{1,13}+(?:\.\d{1,2}+)?")


class _Cents(dict[bytes, int]):
    """Each distinct amount cell in cents, when the careful reader takes it as it is: at most
    two decimals, as the float the cell holds shows it."""

    def __missing__(self, raw: bytes) -> int:
        if _PLAIN_AMOUNT.fullmatch(raw):
            # at most 15 digits: the float shows the same number (what `amount_of` says)
            whole, _, decimals = raw.partition(b".")
            n = int(whole + decimals.ljust(2, b"0"))
        else:
            text = repr(float(raw))
            dot = text.find(".")
            if "e" in text or "n" in text or (dot >= 0 and len(text) - dot > 3):
                raise NotPlain  # the careful reader says why
            n = int(Decimal(text).quantize(_CENTS).scaleb(2))
        self[raw] = n
        return n


def amount_of(raw: bytes) -> Decimal:
    """An amount cell's value exactly as the careful reader gives it (`iter_journal`: the
    float the cell holds, as Python shows it, to the cent)."""
    if _PLAIN_AMOUNT.fullmatch(raw):
        return Decimal(raw.decode()).quantize(_CENTS)  # the same digits, the same sign
    return Decimal(repr(float(raw))).quantize(_CENTS)


def amount_text(raw: bytes, cents: int) -> str:
    """An amount as `journal_write` writes it (`format(amount, "f")`), from its cents; a
    zero as the careful reader has it (`-0.00` too)."""
    if not cents:
        return format(amount_of(raw), "f")
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole}.{part:02d}"


_GET = [operator.itemgetter(i) for i in range(17)]


class Reader:
    """Rows to columns, each distinct value converted once over all of the sheet's rows."""

    def __init__(self, styles: frozenset[int], strings: int, texts: bool = True) -> None:
        self.styles = styles
        self.strings = max(strings, 0)
        self.texts = texts
        self.txn = _Whole(None)
        self.day = _Whole(0)
        self.cents = _Cents()
        self.seen_styles: set[bytes] = set()

    def rows(self, xml: bytes, lo: int, hi: int, after: bytes, first: int) -> Columns:
        """The rows between `lo` and `hi` (a row's start, or the end of the sheet's data:
        `after` is what stands there), every one matched and nothing before or between them.
        `first`: the least number the first row may have."""
        found = _patterns()[0].findall(xml, lo, hi + len(after))
        if len(found) != xml.count(b"<row", lo, hi) or (
            lo < hi and not xml.startswith(b"<row ", lo)
        ):
            raise NotPlain  # a row of another shape, or something before or between rows
        region = xml[lo:hi]
        if not region.isascii():  # (a sheet of shared strings is, and is not decoded)
            str(region, "utf-8")  # UnicodeDecodeError: no text a reader takes
        del region
        out = Columns()
        if not found:
            return out
        rows = list(map(int, map(_GET[0], found)))
        if rows[0] < first or rows[-1] > _MAX_ROWS or not all(map(operator.lt, rows, rows[1:])):
            raise NotPlain  # rows out of order or twice: the careful reader decides
        for g in _STYLES:
            used = set(map(_GET[g], found)) - self.seen_styles
            if not all(int(s or b"0") in self.styles for s in used):
                raise NotPlain  # a date, a time, a format no reader is sure of
            self.seen_styles |= used
        out.rows = rows
        out.txn = list(map(self.txn.__getitem__, map(_GET[2], found)))
        out.day = list(map(self.day.__getitem__, map(_GET[4], found)))
        amount = list(map(_GET[10], found))
        out.cents = list(map(self.cents.__getitem__, amount))
        out.account = self._text(found, _ACCOUNT)
        texts = [self._text(found, g, self.texts) for g in (_KIND, _MEMO, _EVENT, _RULE)]
        if self.texts:
            out.amount = amount
            out.kind, out.memo, out.event, out.rule = texts
        return out

    def _text(
        self, found: list[tuple[bytes, ...]], groups: tuple[int, int], keep: bool = True
    ) -> list[bytes]:
        """A text column: each cell's shared-string index, or its inline `<t>` element (the
        two never look alike), or b"" for no text; checked only, unless `keep`."""
        get_shared, get_inline = _GET[groups[0]], _GET[groups[1]]
        digits = len(str(self.strings))
        if max(map(len, map(get_shared, found))) >= digits and any(
            int(i) >= self.strings for i in map(get_shared, found) if len(i) >= digits
        ):
            # an index that names no string (the careful reader fails on it), also in the
            # texts the loader never looks at
            raise NotPlain
        if not keep:
            return []
        shared = list(map(get_shared, found))
        if not any(map(get_inline, found)):
            return shared
        return list(map(operator.add, shared, map(get_inline, found)))


class _Texts(dict[bytes, str]):
    """Each distinct text cell as the careful reader gives it, stripped as the loader strips
    it: a shared string by its index, an inline one by its `<t>` element, b"" the empty
    text."""

    def __init__(self, parts: Parts) -> None:
        super().__init__()
        self.parts = parts
        self[b""] = ""

    def __missing__(self, raw: bytes) -> str:
        if raw.startswith(b"<t"):
            try:
                text: str | None = plain_text(raw)
            except (NotPlainText, UnicodeDecodeError):
                text = None
        else:
            text = self.parts.text(int(raw))
        if text is None:
            raise NotPlain
        out = self[raw] = text.strip()
        return out


class Sheet:
    """The Journal part of a workbook, and what reading its cells needs."""

    def __init__(self, z: zipfile.ZipFile) -> None:
        self.parts = Parts(z)
        part = self.parts.sheet("Journal")
        if part is None:
            raise NotPlain
        self.part = part
        self.texts = _Texts(self.parts)


def header_end(sheet: Sheet, xml: bytes) -> int | None:
    """Where the data rows begin, right after a header of the Journal's eight names; None
    when not yet in `xml` (a first chunk)."""
    start = xml.find(b"<sheetData>")
    if start < 0:
        if len(xml) > 1 << 20:
            raise NotPlain
        return None
    m = _patterns()[1].match(xml, start)
    if m is None:
        if len(xml) - start > 8192:
            raise NotPlain
        return None
    if xml.find(b"<sheetData") != start:
        raise NotPlain  # a sheetData of another form before it
    cells = m.groups()
    names = (sheet.texts[s or i].casefold() for s, i in zip(cells[::2], cells[1::2], strict=True))
    if tuple(names) != _NAMES:
        raise NotPlain
    return m.end()


def rows_region(sheet: Sheet, xml: bytes) -> tuple[int, int]:
    """Where the data rows of the sheet's whole XML begin (after the header) and end (at
    `</sheetData>`, nothing a reader could take for cells after it); NotPlain otherwise."""
    lo = header_end(sheet, xml)
    hi = xml.find(b"</sheetData>", lo or 0)
    if lo is None or hi < lo:
        raise NotPlain
    tail_ok(xml, hi)
    return lo, hi


def first_row_plain(xml: bytes, start: int) -> bool:
    """Whether the row at `start` is of the plain shape (the rest unread)."""
    return _patterns()[0].match(xml, start) is not None


_TAIL_OK = re.compile(rb"</sheetData>(?:(?!<sheetData|<row\b|<c\b).)*\Z", re.S)


def tail_ok(xml: bytes, stop: int) -> None:
    """After the rows: nothing a reader could take for cells."""
    if _TAIL_OK.match(xml, stop) is None:
        raise NotPlain
