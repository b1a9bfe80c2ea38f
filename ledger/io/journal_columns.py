"""The Journal of a workbook another program saved (LibreOffice, Excel, openpyxl), read by
whole columns.

The careful reader turns each cell into a Python value, each row into a record and each run
of rows into a transaction, one at a time: at 100k rows that is most of a command's time.
Here one regular expression takes each row of the shape such programs write (the row's
number, cells A to H in order, numbers in A, B and E, shared strings or nothing in the rest);
then each column is checked and converted at once, every distinct value once (a journal says
the same few words and amounts again and again), and the journal's rules are checked on the
columns (numbers rising, two postings or more, each transaction summing to zero).

It is all or nothing, like `journal_xml` for ledger's own rows: a row of another shape, a
formula, a date, a text where a number belongs, a value the careful reader would refuse or
read otherwise, a broken rule: None, and the careful reader reads the sheet and names every
problem's cell. What it gives is exactly what the careful reader gives (tests compare the two
on the same workbooks, LibreOffice's among them).
"""

from __future__ import annotations

import io
import itertools
import operator
import os
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ledger.core.journal import Journal, Posting, Transaction
from ledger.core.money import Money
from ledger.io import journal_sums
from ledger.io.journal_sums import Sums, _Forked
from ledger.io.sheets import JOURNAL
from ledger.io.xlsx_columns import NotPlainText, Parts, plain_text
from ledger.io.xlsx_read import inflate

#: Decompressed bytes matched at a time, when the sheet is not held whole.
_CHUNK = 1 << 22
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
#: One row: groups row, style A, txn, style B, day, kind (shared, inline), account (shared,
#: inline), style E, amount, memo, event, rule (each shared, inline). Right after it the
#: next row or the end of the sheet's data.
_ROW = re.compile(
    rb'<row r="(\d{1,7}+)"(?: [^>]*)?>'
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
_HEADER = re.compile(
    rb'<sheetData><row r="1"(?: [^>]*)?>'
    + b"".join(rb'<c r="' + c + rb'1"(?: s="\d{1,6}+")?' + _TEXT + rb")" for c in _COLUMNS)
    + rb"</row>"
)
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
        found = _ROW.findall(xml, lo, hi + len(after))
        if len(found) != xml.count(b"<row", lo, hi) or (
            lo < hi and not xml.startswith(b"<row ", lo)
        ):
            raise NotPlain  # a row of another shape, or something before or between rows
        str(memoryview(xml)[lo:hi], "utf-8")  # UnicodeDecodeError: no text a reader takes
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
        texts = [self._text(found, groups) for groups in (_KIND, _MEMO, _EVENT, _RULE)]
        if self.texts:
            out.amount = amount
            out.kind, out.memo, out.event, out.rule = texts
        return out

    def _text(self, found: list[tuple[bytes, ...]], groups: tuple[int, int]) -> list[bytes]:
        """A text column: each cell's shared-string index, or its inline `<t>` element (the
        two never look alike), or b"" for no text."""
        shared = list(map(_GET[groups[0]], found))
        digits = len(str(self.strings))
        if max(map(len, shared)) >= digits and any(
            int(i) >= self.strings for i in shared if len(i) >= digits
        ):
            # an index that names no string (the careful reader fails on it), also in the
            # texts the loader never looks at
            raise NotPlain
        inline = list(map(_GET[groups[1]], found))
        if not any(inline):
            return shared
        return list(map(operator.add, shared, inline))


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
    m = _HEADER.match(xml, start)
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


_TAIL_OK = re.compile(rb"</sheetData>(?:(?!<sheetData|<row\b|<c\b).)*\Z", re.S)


def tail_ok(xml: bytes, stop: int) -> None:
    """After the rows: nothing a reader could take for cells."""
    if _TAIL_OK.match(xml, stop) is None:
        raise NotPlain


#: From this size of the sheet's XML on, its two halves are read on two cores.
PARALLEL_FROM = 8 << 20
_PARALLEL_UNTIL = 256 << 20  # beyond, the sheet is not held in memory whole


def columns(data: bytes, texts: bool = True) -> tuple[Sheet, Columns]:
    """The Journal's columns (without the four text columns the sums never look at, unless
    `texts`): a long sheet's two halves on two cores, a longer one a chunk at a time."""
    z = zipfile.ZipFile(io.BytesIO(data))
    with z:
        sheet = Sheet(z)
        reader = Reader(sheet.parts.number_styles, sheet.parts.strings, texts)
        if PARALLEL_FROM <= sheet.part.file_size <= _PARALLEL_UNTIL and _may_fork():
            return sheet, _halves(data, sheet, reader)
        return sheet, _chunks(z, sheet, reader)


def _may_fork() -> bool:
    """Fork only a process with one thread: a forked copy of a busy thread's lock would
    never be released (`ledger serve` reads workbooks from its threads)."""
    import threading

    return threading.active_count() == 1


def _halves(data: bytes, sheet: Sheet, reader: Reader) -> Columns:
    """The sheet inflated whole, the second half of its rows read by a forked child on the
    other core (which sends back only its columns)."""
    xml = inflate(data, sheet.part, "")
    lo = header_end(sheet, xml)
    hi = xml.find(b"</sheetData>", lo or 0)
    if lo is None or hi < lo:
        raise NotPlain
    tail_ok(xml, hi)
    mid = xml.find(b"<row ", lo + (hi - lo) // 2, hi)
    if mid < 0:
        return reader.rows(xml, lo, hi, b"</sheetData>", 2)
    later = _Forked(reader.rows, xml, mid, hi, b"</sheetData>", 2)
    try:
        out = reader.rows(xml, lo, mid, b"<row ", 2)
    finally:
        second = later.result()
    if not isinstance(second, Columns) or (out.rows and second.rows[0] <= out.rows[-1]):
        raise NotPlain  # the child found a row of another shape, or rows out of order
    out.extend(second)
    return out


def _chunks(z: zipfile.ZipFile, sheet: Sheet, reader: Reader) -> Columns:
    """The sheet a chunk at a time: never held whole."""
    out = Columns()
    with z.open(sheet.part) as f:
        buf = b""
        pos: int | None = None
        first = 2
        while True:
            block = f.read(_CHUNK)
            buf += block
            if pos is None:
                pos = header_end(sheet, buf)
                if pos is None:
                    if not block:
                        raise NotPlain
                    continue
            stop = buf.find(b"</sheetData>", pos)
            if stop >= 0:
                tail_ok(buf + f.read(), stop)
                out.extend(reader.rows(buf, pos, stop, b"</sheetData>", first))
                return out
            if not block:
                raise NotPlain
            cut = buf.rfind(b"<row ", pos)
            if cut > pos:
                part = reader.rows(buf, pos, cut, b"<row ", first)
                if part.rows:
                    first = part.rows[-1] + 1
                out.extend(part)
                buf, pos = buf[cut:], 0


@dataclass
class Transactions:
    """Where each transaction's rows begin and end, its rules checked."""

    starts: list[int]
    ends: list[int]


def transactions(cols: Columns) -> Transactions:
    """Group the rows into transactions and check the journal's rules on whole columns: the
    numbers rising from 1 up, two postings or more, each summing to exactly zero."""
    txn = cols.txn
    n = len(txn)
    if not n:
        return Transactions([], [])
    starts = [0, *itertools.compress(range(1, n), map(operator.ne, txn, txn[1:]))]
    ends = [*starts[1:], n]
    ids = list(map(txn.__getitem__, starts))
    if ids[0] <= 0 or not all(map(operator.lt, ids, ids[1:])):
        raise NotPlain  # journal-order: the careful reader names the row
    if min(map(operator.sub, ends, starts)) < 2:
        raise NotPlain  # single-posting
    running = list(itertools.accumulate(cols.cents))
    if any(map(running.__getitem__, map(operator.sub, ends, itertools.repeat(1)))):
        raise NotPlain  # unbalanced-transaction
    return Transactions(starts, ends)


#: Set, the careful reader reads every sheet (to compare, or to be sure).
CAREFUL_ENV = "LEDGER_READ_CAREFULLY"


def _quietly(fn: Callable[[], Any]) -> Any:
    if os.environ.get(CAREFUL_ENV):
        return None
    try:
        return fn()
    except Exception:  # not plain, a broken rule, a damaged part: the careful way
        return None


def sums(data: bytes) -> Sums | None:
    """Each account's sum, the last day and the number of transactions of a Journal another
    program saved; None when it is not plain or breaks a rule."""

    def run() -> Sums:
        sheet, cols = columns(data, texts=False)
        groups = transactions(cols)
        by_index: dict[bytes, int] = {}
        get = by_index.get
        for account, c in zip(cols.account, cols.cents, strict=True):
            by_index[account] = get(account, 0) + c
        texts = sheet.texts
        cents: dict[str, int] = {}
        for raw, c in by_index.items():  # two strings may read the same once stripped
            name = texts[raw]
            cents[name] = cents.get(name, 0) + c
        days = cols.day
        last_day = max(map(days.__getitem__, groups.starts), default=0)
        return Sums(
            {a: Decimal(c).scaleb(-2) for a, c in cents.items()}, last_day, len(groups.starts)
        )

    result: Sums | None = _quietly(run)
    return result


def journal(data: bytes, currency: str) -> tuple[Journal, dict[int, tuple[int, ...]]] | None:
    """The whole journal from a Journal another program saved, and each transaction's sheet
    rows; None when it is not plain or breaks a rule."""

    def run() -> tuple[Journal, dict[int, tuple[int, ...]]]:
        sheet, cols = columns(data)
        groups = transactions(cols)
        texts = sheet.texts
        money = {raw: Money.exact(amount_of(raw), currency) for raw in set(cols.amount)}
        accounts = list(map(texts.__getitem__, cols.account))
        moneys = list(map(money.__getitem__, cols.amount))
        postings = list(map(Posting, accounts, moneys))
        trusted = Transaction.trusted
        kind, memo, event, rule = cols.kind, cols.memo, cols.event, cols.rule
        out: list[Transaction] = []
        rows: dict[int, tuple[int, ...]] = {}
        for s, e in zip(groups.starts, groups.ends, strict=True):
            number = cols.txn[s]
            out.append(
                trusted(
                    number,
                    cols.day[s],
                    texts[kind[s]],
                    texts[memo[s]],
                    tuple(postings[s:e]),
                    texts[event[s]],
                    texts[rule[s]],
                )
            )
            rows[number] = tuple(cols.rows[s:e])
        cents: dict[str, int] = {}
        get = cents.get
        for account, c in zip(accounts, cols.cents, strict=True):
            cents[account] = get(account, 0) + c
        balances = {a: Decimal(c).scaleb(-2) for a, c in cents.items()}
        return Journal.trusted(currency, out, balances), rows

    result: tuple[Journal, dict[int, tuple[int, ...]]] | None = _quietly(run)
    return result


def either_sums(data: bytes) -> Sums | None:
    """Each account's sum straight from the Journal sheet: ledger's own rows (`journal_sums`)
    or another program's (`sums`); None when neither can (the careful reader then reads)."""
    own = journal_sums.sums(data)
    return own if own is not None else sums(data)


class Pending:
    """`either_sums` under way: on a long journal, in a forked child while the loader reads
    the other sheets and imports the game's rules. `result()` may be asked for more than
    once."""

    def __init__(self, data: bytes) -> None:
        # a workbook of a megabyte holds a Journal of about 8 MB of XML
        self._job = _Forked(either_sums, data) if len(data) >= PARALLEL_FROM // 8 else None
        self._data: bytes | None = data
        self._value: Sums | None = None

    def result(self) -> Sums | None:
        if self._data is not None:
            answer = either_sums(self._data) if self._job is None else self._job.result()
            self._value = answer if isinstance(answer, Sums) else None
            self._data = None
        return self._value
