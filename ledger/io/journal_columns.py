"""The Journal of a workbook another program saved (LibreOffice, Excel, openpyxl), read by
whole columns.

The careful reader turns each cell into a Python value, each row into a record and each run
of rows into a transaction, one at a time: at 100k rows that is most of a command's time.
Here one regular expression takes each row of the shape such programs write (the row's
number, cells A to H in order, numbers in A, B and E, strings or nothing in the rest:
`journal_cells`); then each column is checked and converted at once, every distinct value once (a journal says
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
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ledger.core.journal import Journal, Posting, Transaction
from ledger.core.money import Money
from ledger.io import journal_index, journal_sums
from ledger.io.journal_cells import (
    Columns,
    NotPlain,
    Reader,
    Sheet,
    amount_of,
    header_end,
    rows_region,
    tail_ok,
)
from ledger.io.journal_sums import Sums, _Forked
from ledger.io.xlsx_read import inflate

#: Decompressed bytes matched at a time, when the sheet is not held whole.
_CHUNK = 1 << 22

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
    lo, hi = rows_region(sheet, xml)
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
    """Each account's sum for `ledger balance`: the Journal index's when it holds for the
    sheet's bytes (no row read), else `either_sums` under way, on a long journal in a forked
    child while the loader reads the other sheets and imports the game's rules. `result()`
    may be asked for more than once."""

    def __init__(self, data: bytes) -> None:
        self._job: _Forked | None = None
        self._data: bytes | None = None
        # the index a save of ledger's keeps beside its Journal, when it holds: no row read
        self._value: Sums | None = journal_index.sums(data)
        if self._value is None:
            self._data = data
            # a workbook of a megabyte holds a Journal of about 8 MB of XML
            if len(data) >= PARALLEL_FROM // 8:
                self._job = _Forked(either_sums, data)

    def result(self) -> Sums | None:
        if self._data is not None:
            answer = either_sums(self._data) if self._job is None else self._job.result()
            self._value = answer if isinstance(answer, Sums) else None
            self._data = None
        return self._value
