"""`ledger balance` without its cache: each account's sum straight from a Journal sheet as ledger
writes it, on two cores for a long one (a forked child sums half the rows), without building
a transaction. The shape of the rows is checked by `journal_xml`; anything else goes the
careful way.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import re
import signal
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ledger.io import children
from ledger.io.journal_xml import (
    NotOurs,
    balances_of,
    decode_text,
    inflate_part,
    matches,
    numbered,
    pattern_of,
    region,
    region_end_ok,
    sheet_of,
    start_of,
)


@dataclass
class Sums:
    """What `ledger balance` needs of a clean journal: each account's sum, and the last day."""

    balances: dict[str, Decimal]
    last_day: int
    transactions: int


class _Tally:
    """Each account's sum over a run of whole transactions in consecutive rows, checking the
    journal's rules as it goes (numbers rising, two postings or more, each summing to zero).
    `row`: the sheet row the run must start on (None: wherever it starts)."""

    def __init__(self, row: int | None = 2) -> None:
        self.cents: dict[bytes, int] = {}
        self.first = self.last = self.last_day = self.count = 0
        self.first_row = row
        self.next_row = row
        self.txn = b""
        self.postings = self.total = 0

    def feed(self, found: list[tuple[bytes, ...]]) -> None:
        if found and self.next_row is None:
            self.first_row = int(found[0][0])
        self.next_row = numbered(found, self.next_row)
        cents = self.cents
        for _, t, day, account, amount in found:
            if t != self.txn:
                self.close()
                number = int(t)
                if number <= self.last:
                    raise NotOurs
                self.first = self.first or number
                self.last, self.txn, self.postings, self.total = number, t, 0, 0
                self.count += 1
                self.last_day = max(self.last_day, int(day))
            c = int(amount.replace(b".", b""))
            cents[account] = cents.get(account, 0) + c
            self.total += c
            self.postings += 1

    def close(self) -> None:
        if self.postings == 1 or self.total:
            raise NotOurs

    def merge(self, later: _Tally) -> None:
        """Add the tally of the rows (and transactions) that follow this one's."""
        if not later.count:
            return
        if later.first <= self.last or later.first_row != self.next_row:
            raise NotOurs
        for account, c in later.cents.items():
            self.cents[account] = self.cents.get(account, 0) + c
        self.last, self.last_day = later.last, max(self.last_day, later.last_day)
        self.count += later.count
        self.next_row = later.next_row


#: From this size of the sheet's XML on, `sums` reads its two halves on two cores.
PARALLEL_FROM = 8 << 20
_PARALLEL_UNTIL = 256 << 20  # beyond, the sheet is not held in memory whole
_ROW_HEAD = re.compile(rb'<row r="\d+"><c r="A\d+"><v>(\d+)</v>')


def _boundary(xml: bytes, pos: int, hi: int) -> int | None:
    """The start of the first row at or after `pos` that begins a transaction."""
    m = _ROW_HEAD.search(xml, pos, hi)
    while m is not None:
        after = _ROW_HEAD.search(xml, m.end(), hi)
        if after is None or after.group(1) != m.group(1):
            return after.start() if after is not None else None
        m = after
    return None


class _Forked:
    """`fn(*args)` run by a forked child on the other core while this process goes on;
    `result()` is its answer (None if it failed). Where there is no fork (or it fails), it
    runs here and now."""

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        self.pid = 0
        self.value: Any = None
        if not hasattr(os, "fork"):
            self.value = _quietly(fn, *args)
            return
        forked = children.fork(lambda r, w, blocked: _child(r, w, blocked, fn, args))
        if forked is None:
            self.value = _quietly(fn, *args)
            return
        self.pid, self.r = forked

    def result(self) -> Any:
        if self.pid:
            pid, self.pid = self.pid, 0
            try:
                with os.fdopen(self.r, "rb") as f:
                    payload = f.read()
            except BaseException:  # interrupted: the answer is no longer wanted
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
                raise
            finally:
                os.waitpid(pid, 0)  # no child left behind
            try:
                self.value = pickle.loads(payload) if payload else None
            except Exception:  # a truncated answer: the careful way
                self.value = None
        return self.value


def _quietly(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception:  # the caller hears None and goes the careful way
        return None


def _child(
    r: int, w: int, blocked: set[int | signal.Signals], fn: Callable[..., Any], args: Any
) -> None:
    """In the forked child: compute, send the answer, leave at once (no cleanup, no atexit,
    nothing written but the answer)."""
    payload = b""
    try:
        os.close(r)
        w = children.quiet(w, blocked)
        payload = pickle.dumps(fn(*args))
    except BaseException:  # the parent hears None and goes the careful way
        payload = b""
    finally:
        with contextlib.suppress(BaseException), os.fdopen(w, "wb") as f:
            f.write(payload)
        os._exit(0)


def _half(xml: bytes, pattern: re.Pattern[bytes], lo: int, hi: int) -> _Tally:
    half = _Tally(row=None)
    half.feed(region(xml, pattern, lo, hi))
    half.close()
    return half


def _two_halves(xml: bytes, pattern: re.Pattern[bytes], lo: int, hi: int) -> _Tally:
    """The tally of the rows from `lo` to `hi`, its second half counted by a forked child on
    the other core (the sheet is in memory already; the child sends back only its sums)."""
    tally = _Tally()
    mid = _boundary(xml, lo + (hi - lo) // 2, hi)
    if mid is None:
        tally.feed(region(xml, pattern, lo, hi))
        tally.close()
        return tally
    later = _Forked(_half, xml, pattern, mid, hi)
    try:
        tally.feed(region(xml, pattern, lo, mid))
        tally.close()
    finally:
        counted = later.result()
    if not isinstance(counted, _Tally):
        raise NotOurs  # the child found a row of another shape, or a broken rule
    tally.merge(counted)
    return tally


def sums(data: bytes) -> Sums | None:
    """Each account's balance, straight from ledger's own rows: None when the sheet is not
    exactly ledger's or breaks a journal rule (the careful reader then says what and where)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            sheet = sheet_of(z)
            if PARALLEL_FROM <= sheet.part.file_size <= _PARALLEL_UNTIL:
                xml = inflate_part(data, sheet.part)
                begun = start_of(z, xml)
                if begun is None:
                    raise NotOurs
                lo, last = begun
                hi = xml.find(b"</sheetData>", lo)
                if hi < lo:
                    raise NotOurs
                region_end_ok(xml, hi)
                tally = _two_halves(xml, pattern_of(sheet.money_styles, False), lo, hi)
                if tally.next_row != last + 1:
                    raise NotOurs  # rows missing at the end, or more than the sheet says
            else:
                tally = _Tally()
                for found in matches(data, capture_text=False):
                    tally.feed(found)
                tally.close()
        cents: dict[str, int] = {}
        for raw, c in tally.cents.items():  # texts that differ in bytes may read the same
            name = decode_text(raw)
            cents[name] = cents.get(name, 0) + c
    except Exception:  # not ledger's own rows, a broken rule, a damaged part: the careful way
        return None
    return Sums(balances_of(cents), tally.last_day, tally.count)


class Pending:
    """`sums` under way: on a long journal, in a forked child while the loader reads the other
    sheets and imports the game's rules. `result()` may be asked for more than once."""

    def __init__(self, data: bytes) -> None:
        # a workbook of a megabyte holds a Journal of about 8 MB of XML
        self._job = _Forked(sums, data) if len(data) >= PARALLEL_FROM // 8 else None
        self._data: bytes | None = data
        self._value: Sums | None = None

    def result(self) -> Sums | None:
        if self._data is not None:
            if self._job is None:
                self._value = sums(self._data)
            else:
                answer = self._job.result()
                self._value = answer if isinstance(answer, Sums) else None
            self._data = None
        return self._value
