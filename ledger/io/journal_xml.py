"""The Journal sheet read fast, when it is exactly as ledger streams it.

A Journal longer than a screenful is written by ledger itself as plain XML, one `<row>` per
posting (`workbook._rows_xml`). A general xlsx reader turns every cell of such a sheet into a
Python object before anything is summed: at 100k rows that is most of a command's time.
This module recognises ledger's own rows with one regular expression and takes only what it
needs.

It is all or nothing. The header must be ledger's, every row must be of the exact shape
ledger writes, and the journal's own rules must hold (numbers rising, two postings or more,
each transaction summing to zero). Anything else (a row typed in Excel, a sheet saved by
LibreOffice, a column added, a problem to report) gives None, and the careful reader
(`workbook.iter_journal`) reads the sheet and names every problem's cell. A test compares the
two readers on the same workbooks, hand-typed texts and odd characters included.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ledger.core.journal import Journal, Posting, Transaction
from ledger.core.money import Money

#: Decompressed bytes matched at a time: the sheet is never held whole in memory.
_CHUNK = 1 << 20

_NAMES = ("txn", "day", "kind", "account", "amount", "memo", "event", "rule")


def _cell(column: str, capture: bool) -> bytes:
    text = b"([^<]*+)" if capture else b"[^<]*+"
    return (
        f'<c r="{column}'.encode()
        + rb'\1" t="inlineStr"><is><t(?: xml:space="preserve")?>'
        + text
        + b"</t></is></c>"
    )


def _row(capture_text: bool) -> re.Pattern[bytes]:
    """One posting as `_rows_xml` writes it: the row number in every cell's reference, the
    number cells A, B and E, text in C, D, F, G and H (empty text leaves its cell out; an
    account and an amount are always there)."""
    return re.compile(
        rb'<row r="(\d++)"><c r="A\1"><v>(\d++)</v></c><c r="B\1"><v>(\d++)</v></c>'
        + b"(?:"
        + _cell("C", capture_text)
        + b")?"
        + _cell("D", True)
        + rb'<c r="E\1"(?: s="\d++")?><v>(-?\d{1,13}+\.\d\d)</v></c>'
        + b"".join(b"(?:" + _cell(c, capture_text) + b")?" for c in "FGH")
        + b"</row>"
    )


_ROW = _row(True)  # row, txn, day, kind, account, amount, memo, event, rule
_SUMS = _row(False)  # row, txn, day, account, amount
_HEADER = re.compile(rb'<row r="1"[^>]*>(.*?)</row>')
_HEADER_CELL = re.compile(rb'<c r="[A-Z]+1"(?: s="\d+")? t="s"><v>(\d+)</v></c>')
_SHARED = re.compile(rb"<si>(.*?)</si>", re.S)
_SHARED_TEXT = re.compile(rb"<t[^>]*>([^<]*)</t>")
_ENTITY = re.compile(rb"&(#x[0-9A-Fa-f]+|#[0-9]+|amp|lt|gt|quot|apos);")
_ENTITIES = {b"amp": "&", b"lt": "<", b"gt": ">", b"quot": '"', b"apos": "'"}
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")


class _NotOurs(Exception):
    """The sheet is not exactly as ledger writes it: the careful reader takes over."""


def _entity(m: re.Match[bytes]) -> bytes:
    name = m.group(1)
    if name.startswith(b"#x"):
        return chr(int(name[2:], 16)).encode()
    if name.startswith(b"#"):
        return chr(int(name[1:])).encode()
    return _ENTITIES[name].encode()


def _decode(raw: bytes) -> str:
    """A text cell's value as an xlsx reader gives it: XML entities, then `_xHHHH_` escapes,
    then stripped (the loader strips every text)."""
    if b"&" in raw:
        if _ENTITY.sub(b"", raw).find(b"&") >= 0:
            raise _NotOurs
        raw = _ENTITY.sub(_entity, raw)
    text = raw.decode("utf-8")
    if "_x" in text:
        text = _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), text)
    return text.strip()


def _part(z: zipfile.ZipFile, sheet: str) -> str:
    """Where in the zip the sheet named `sheet` is."""
    book = z.read("xl/workbook.xml")
    m = re.search(rb'<sheet name="' + sheet.encode() + rb'" sheetId="\d+" r:id="(rId\d+)"/>', book)
    if m is None:
        raise _NotOurs
    rels = z.read("xl/_rels/workbook.xml.rels")
    t = re.search(rb'<Relationship Id="' + m.group(1) + rb'" Type="[^"]*" Target="([^"]+)"/>', rels)
    if t is None:
        raise _NotOurs
    target = t.group(1).decode()
    return target[1:] if target.startswith("/") else f"xl/{target}"


def _header_ok(z: zipfile.ZipFile, header: bytes) -> bool:
    indexes = [int(i) for i in _HEADER_CELL.findall(header)]
    if len(indexes) != len(_NAMES) or _HEADER_CELL.sub(b"", header):
        return False
    try:
        shared = z.read("xl/sharedStrings.xml")
    except KeyError:
        return False
    texts = [b"".join(_SHARED_TEXT.findall(si)) for si in _SHARED.findall(shared)]
    if max(indexes) >= len(texts):
        return False
    return tuple(_decode(texts[i]).casefold() for i in indexes) == _NAMES


def _matches(data: bytes, pattern: re.Pattern[bytes]) -> Iterator[list[tuple[bytes, ...]]]:
    """The journal's rows, a chunk at a time, each row matched by `pattern`; _NotOurs as soon
    as anything in the sheet is not of that shape."""
    with zipfile.ZipFile(io.BytesIO(data)) as z, z.open(_part(z, "Journal")) as f:
        buf = b""
        started = ended = False
        while not ended:
            block = f.read(_CHUNK)
            if not block:
                raise _NotOurs  # no end of the sheet's data
            buf += block
            if b"\r" in block:
                raise _NotOurs  # a literal CR: readers differ on it; ledger never writes one
            pos = 0
            if not started:
                start = buf.find(b"<sheetData>")
                header = _HEADER.search(buf, start) if start >= 0 else None
                if header is None:
                    if len(buf) > 8 * _CHUNK:
                        raise _NotOurs
                    continue
                if not _header_ok(z, header.group(1)):
                    raise _NotOurs
                started = True
                pos = header.end()
            stop = buf.find(b"</sheetData>", pos)
            if stop >= 0:
                ended = True
                cut = stop
            else:
                cut = buf.rfind(b"</row>", pos) + len(b"</row>")
                if cut < pos + len(b"</row>"):
                    cut = pos
            found = pattern.findall(buf, pos, cut)
            if len(found) != buf.count(b"<row ", pos, cut):
                raise _NotOurs  # a row of another shape
            if found:
                yield found
            buf = buf[cut:]


@dataclass
class Sums:
    """What `ledger balance` needs of a clean journal: each account's sum, and the last day."""

    balances: dict[str, Decimal]
    last_day: int
    transactions: int


class _Tally:
    """Each account's sum over a run of whole transactions, checking the journal's rules as
    it goes (numbers rising, two postings or more, each summing to zero)."""

    def __init__(self) -> None:
        self.cents: dict[bytes, int] = {}
        self.first = self.last = self.last_day = self.count = 0
        self.txn = b""
        self.postings = self.total = 0

    def feed(self, found: list[tuple[bytes, ...]]) -> None:
        cents = self.cents
        for _, t, day, account, amount in found:
            if t != self.txn:
                self.close()
                number = int(t)
                if number <= self.last:
                    raise _NotOurs
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
            raise _NotOurs

    def merge(self, later: tuple[dict[bytes, int], int, int, int, int]) -> None:
        """Add the tally of the transactions that follow this one's."""
        cents, first, last, last_day, count = later
        if count:
            if first <= self.last:
                raise _NotOurs
            for account, c in cents.items():
                self.cents[account] = self.cents.get(account, 0) + c
            self.last, self.last_day = last, max(self.last_day, last_day)
            self.count += count


#: From this size of the sheet's XML on, `sums` reads its two halves on two cores.
PARALLEL_FROM = 8 << 20
_PARALLEL_UNTIL = 256 << 20  # beyond, the sheet is not held in memory whole
_ROW_HEAD = re.compile(rb'<row r="\d+"><c r="A\d+"><v>(\d+)</v>')


def _rows(xml: bytes, lo: int, hi: int) -> list[tuple[bytes, ...]]:
    found = _SUMS.findall(xml, lo, hi)
    if len(found) != xml.count(b"<row ", lo, hi):
        raise _NotOurs  # a row of another shape
    return found


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
    `result()` is its answer (None if it failed). Where there is no fork, it runs at once."""

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        self.pid = 0
        self.value: Any = None
        if not hasattr(os, "fork"):
            self.value = fn(*args)
            return
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: compute, send the answer, leave at once (no cleanup)
            payload = b""
            try:
                os.close(r)
                payload = pickle.dumps(fn(*args))
            except BaseException:  # the parent hears None and goes the careful way
                payload = b""
            finally:
                with contextlib.suppress(BaseException), os.fdopen(w, "wb") as f:
                    f.write(payload)
                os._exit(0)
        os.close(w)
        self.pid, self.r = pid, r

    def result(self) -> Any:
        if self.pid:
            with os.fdopen(self.r, "rb") as f:
                payload = f.read()
            os.waitpid(self.pid, 0)
            self.pid = 0
            self.value = pickle.loads(payload) if payload else None
        return self.value


def _half(xml: bytes, lo: int, hi: int) -> tuple[dict[bytes, int], int, int, int, int]:
    half = _Tally()
    half.feed(_rows(xml, lo, hi))
    half.close()
    return half.cents, half.first, half.last, half.last_day, half.count


def _two_halves(xml: bytes, lo: int, hi: int) -> _Tally:
    """The tally of rows lo..hi, its second half counted by a forked child on the other core
    (the sheet is in memory already; the child sends back only its sums)."""
    tally = _Tally()
    mid = _boundary(xml, lo + (hi - lo) // 2, hi)
    if mid is None:
        tally.feed(_rows(xml, lo, hi))
        tally.close()
        return tally
    later = _Forked(_half, xml, mid, hi)
    try:
        tally.feed(_rows(xml, lo, mid))
        tally.close()
    finally:
        counted = later.result()
    if counted is None:
        raise _NotOurs  # the child found a row of another shape, or a broken rule
    tally.merge(counted)
    return tally


class Pending:
    """`sums` under way: on a long journal, in a forked child while the loader reads the other
    sheets and imports the game's rules."""

    def __init__(self, data: bytes) -> None:
        self._job = _Forked(sums, data) if len(data) >= PARALLEL_FROM // 8 else None
        self._data = data

    def result(self) -> Sums | None:
        if self._job is None:
            return sums(self._data)
        answer = self._job.result()
        return answer if isinstance(answer, Sums) else None


def sums(data: bytes) -> Sums | None:
    """Each account's balance, straight from ledger's own rows: None when the sheet is not
    exactly ledger's or breaks a journal rule (the careful reader then says what and where)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            info = z.getinfo(_part(z, "Journal"))
            whole = PARALLEL_FROM <= info.file_size <= _PARALLEL_UNTIL
            xml = z.read(info) if whole else b""
        if whole:
            if b"\r" in xml:
                raise _NotOurs  # see _matches
            start = xml.find(b"<sheetData>")
            header = _HEADER.search(xml, start) if start >= 0 else None
            end = xml.rfind(b"</sheetData>")
            if header is None or end < header.end():
                raise _NotOurs
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                if not _header_ok(z, header.group(1)):
                    raise _NotOurs
            tally = _two_halves(xml, header.end(), end)
        else:
            tally = _Tally()
            for found in _matches(data, _SUMS):
                tally.feed(found)
            tally.close()
        balances: dict[str, Decimal] = {}
        for raw, c in tally.cents.items():
            name = _decode(raw)
            balances[name] = balances.get(name, Decimal(0)) + Decimal(c).scaleb(-2)
    except (_NotOurs, OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    return Sums(balances, tally.last_day, tally.count)


class _Texts(dict[bytes, str]):
    """Each distinct text decoded once: a journal says the same few words again and again."""

    def __missing__(self, raw: bytes) -> str:
        text = self[raw] = _decode(raw)
        return text


class _Amounts(dict[bytes, tuple[Money, int]]):
    """Each distinct amount read once, as Money and as cents."""

    def __init__(self, currency: str) -> None:
        super().__init__()
        self.currency = currency

    def __missing__(self, raw: bytes) -> tuple[Money, int]:
        value = self[raw] = (
            Money.exact(Decimal(raw.decode()), self.currency),
            int(raw.replace(b".", b"")),
        )
        return value


def journal(data: bytes, currency: str) -> tuple[Journal, dict[int, tuple[int, ...]]] | None:
    """The whole journal, built from ledger's own rows, and each transaction's sheet rows;
    None when the sheet is not exactly ledger's or breaks a journal rule."""
    texts = _Texts()
    amounts = _Amounts(currency)
    cents: dict[str, int] = {}
    transactions: list[Transaction] = []
    rows_of: dict[int, tuple[int, ...]] = {}
    trusted = Transaction.trusted
    last = 0
    head: tuple[bytes, ...] = ()
    postings: list[Posting] = []
    rows: list[bytes] = []
    total = 0

    def close() -> None:
        nonlocal last
        number = int(head[1])
        if number <= last or len(postings) < 2 or total:
            raise _NotOurs
        transactions.append(
            trusted(
                number,
                int(head[2]),
                texts[head[3]],
                texts[head[6]],
                tuple(postings),
                texts[head[7]],
                texts[head[8]],
            )
        )
        rows_of[number] = tuple(map(int, rows))
        last = number

    try:
        txn = b""
        for found in _matches(data, _ROW):
            for row in found:
                if row[1] != txn:
                    if head:
                        close()
                    head, txn, postings, rows, total = row, row[1], [], [], 0
                account = texts[row[4]]
                money, c = amounts[row[5]]
                postings.append(Posting(account, money))
                rows.append(row[0])
                total += c
                cents[account] = cents.get(account, 0) + c
        if head:
            close()
    except (_NotOurs, OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    balances = {name: Decimal(c).scaleb(-2) for name, c in cents.items()}
    return Journal.trusted(currency, transactions, balances), rows_of
