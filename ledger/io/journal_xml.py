"""The Journal sheet read fast, when it is exactly as ledger streams it.

A Journal longer than a screenful is written by ledger itself as plain XML, one `<row>` per
posting (`stream_write.rows_xml`). A general xlsx reader turns every cell of such a sheet into a
Python object before anything is summed: at 100k rows that is most of a command's time.
This module recognises ledger's own rows with one regular expression and takes only what it
needs.

It is all or nothing. The header must be ledger's (cells A1 to H1, plain shared strings),
every row must be of the exact shape ledger writes — numbered 2, 3, 4, ... with nothing
between them, numbers of at most 15 digits, amounts in the workbook's money style, text with
no control character and no XML entity but the three ledger writes — and the journal's own
rules must hold (numbers rising, two postings or more, each transaction summing to zero).
Anything else (a row typed in Excel, a sheet saved by LibreOffice, a column added, a damaged
part, a problem to report) gives None, and the careful reader (`workbook.iter_journal`) reads
the sheet and names every problem's cell. Tests compare the two readers on the same
workbooks, random texts included.
"""

from __future__ import annotations

import io
import itertools
import operator
import re
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from ledger.core.journal import Journal, Posting, Transaction
from ledger.core.money import Money
from ledger.io.journal_layout import (
    DIMENSION,
    GROUPS,
    HEADER,
    MONEY_FORMAT,
    NAMES,
    TAIL,
    row_pattern,
)
from ledger.io.xlsx_read import ITEM_TAG, MAX_TEXTS, SHARED_ITEM, shared_items

#: Decompressed bytes matched at a time: the sheet is never held whole in memory.
_CHUNK = 1 << 20
_SHARED_TEXT = re.compile(rb'<t(?: xml:space="preserve")?>([^<]*)</t>')
_ENTITY = re.compile(rb"&(amp|lt|gt);")
_ENTITIES = {b"amp": b"&", b"lt": b"<", b"gt": b">"}
# xlsx readers (python-calamine among them) decode `_x00HH_` only: `_xFFFF_` stays as it is
_ESCAPED = re.compile(r"_x(00[0-9A-Fa-f]{2})_")
_NUMFMT = re.compile(rb'<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/>')
_XF = re.compile(rb"<xf\b([^>]*?)(?:/>|>.*?</xf>)", re.S)
_XF_FORMAT = re.compile(rb'\bnumFmtId="(\d+)"')


class NotOurs(Exception):
    """The sheet is not exactly as ledger writes it: the careful reader takes over."""


def decode_text(raw: bytes) -> str:
    """A text cell's value as an xlsx reader gives it: XML entities, then `_x00HH_` escapes,
    then stripped (the loader strips every text)."""
    if b"&" in raw:
        raw = _ENTITY.sub(lambda m: _ENTITIES[m.group(1)], raw)
    text = raw.decode("utf-8")
    if "_x" in text:
        text = _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), text)
    return text.strip()


@dataclass
class _Sheet:
    """The Journal part of a workbook whose header is ledger's, and its money styles."""

    part: zipfile.ZipInfo
    money_styles: tuple[int, ...]


def _one(pattern: bytes, xml: bytes) -> re.Match[bytes]:
    """The only match of `pattern` in `xml`: none, or two (readers differ on which wins), and
    the sheet is not taken this way."""
    found = list(re.finditer(pattern, xml))
    if len(found) != 1:
        raise NotOurs
    return found[0]


def sheet_of(z: zipfile.ZipFile) -> _Sheet:
    book = z.read("xl/workbook.xml")
    rid = _one(rb'<sheet name="Journal" sheetId="\d+" r:id="(rId\d+)"/>', book).group(1)
    rels = z.read("xl/_rels/workbook.xml.rels")
    if len(re.findall(rb'Id="' + rid + rb'"', rels)) != 1:
        raise NotOurs
    t = _one(rb'<Relationship Id="' + rid + rb'" Type="[^"]*" Target="([^"]+)"/>', rels)
    target = t.group(1).decode()
    part = z.getinfo(target[1:] if target.startswith("/") else f"xl/{target}")
    styles = z.read("xl/styles.xml")
    formats = _one(rb"<numFmts\b[^>]*>(.*?)</numFmts>", styles).group(1)
    defined = _NUMFMT.findall(formats)
    ids = [int(i) for i, _ in defined]
    if len(set(ids)) != len(ids) or len(defined) != formats.count(b"<numFmt "):
        raise NotOurs  # an id defined twice, or in another form: the careful reader decides
    money = {int(i) for i, code in defined if code == MONEY_FORMAT.encode()}
    xfs = _one(rb"<cellXfs\b[^>]*>(.*?)</cellXfs>", styles)
    found = []
    for n, attrs in enumerate(_XF.findall(xfs.group(1))):
        fmt = _XF_FORMAT.search(attrs)
        if fmt is not None and int(fmt.group(1)) in money:
            found.append(n)
    if not found:
        raise NotOurs
    return _Sheet(part, tuple(found))


def _header_ok(z: zipfile.ZipFile, header: re.Match[bytes]) -> bool:
    """The header row names ledger's eight columns, in order, in plain shared strings."""
    try:
        shared = z.read("xl/sharedStrings.xml")
    except KeyError:
        return False
    if shared_items(shared) > MAX_TEXTS:
        return False  # the careful reader names it
    wanted = max(int(i) for i in header.groups())
    found = list(itertools.islice(SHARED_ITEM.finditer(shared), wanted + 1))
    # up to the header's last item, each in this form (another would shift the numbering)
    if len(found) <= wanted or len(ITEM_TAG.findall(shared, 0, found[-1].end())) != wanted + 1:
        return False
    items = [m.group(1) for m in found]
    names = []
    for index in header.groups():
        i = int(index)
        plain = _SHARED_TEXT.fullmatch(items[i])
        if plain is None:
            return False  # runs, phonetic text, ...: the careful reader decides
        names.append(decode_text(plain.group(1)).casefold())
    return tuple(names) == NAMES


def start_of(z: zipfile.ZipFile, buf: bytes) -> tuple[int, int] | None:
    """Where the data rows begin, right after ledger's header, and the number of the last
    row as the sheet's dimension says; None if not yet in `buf`."""
    start = buf.find(b"<sheetData>")
    if start < 0:
        if len(buf) > 1 << 16:
            raise NotOurs
        return None
    header = HEADER.match(buf, start + len(b"<sheetData>"))
    if header is None:
        if len(buf) - start > 4096:
            raise NotOurs  # the header is not ledger's (or the sheet has none)
        return None
    dimension = DIMENSION.search(buf, 0, start)
    if dimension is None or not _header_ok(z, header):
        raise NotOurs
    str(memoryview(buf)[: header.end()], "utf-8")  # UnicodeDecodeError: damaged
    return header.end(), int(dimension.group(1))


def region_end_ok(xml: bytes, stop: int) -> None:
    if TAIL.fullmatch(xml, stop) is None:
        raise NotOurs  # more data after the rows, a second sheetData, damage: the careful way


def numbered(found: list[tuple[bytes, ...]], first: int | None) -> int | None:
    """The number of the row after these, checking they are numbered one after the other
    from `first` (None: from wherever they start)."""
    if not found:
        return first
    numbers = list(map(int, map(_ROW_NUMBER, found)))
    start = numbers[0] if first is None else first
    if numbers != list(range(start, start + len(numbers))):
        raise NotOurs  # rows out of order, twice, or a gap: the careful reader says what
    return start + len(numbers)


_ROW_NUMBER = operator.itemgetter(0)


def region(
    xml: bytes, pattern: re.Pattern[bytes], lo: int, hi: int, after: bytes = b"</sheetData>"
) -> list[tuple[bytes, ...]]:
    """The rows between `lo` and `hi` (a row's start, or the end of the sheet's data: `after`
    is what stands there, which the pattern's look-ahead must see), every one matched,
    nothing before or between them."""
    found = pattern.findall(xml, lo, hi + len(after))
    if len(found) != xml.count(b"<row", lo, hi) or (lo < hi and not xml.startswith(b"<row ", lo)):
        raise NotOurs  # a row of another shape, or something before or between rows
    str(memoryview(xml)[lo:hi], "utf-8")  # UnicodeDecodeError: no text an xlsx reader takes
    return found


def matches(data: bytes, capture_text: bool) -> Iterator[list[tuple[bytes, ...]]]:
    """The journal's rows, a chunk at a time; NotOurs as soon as anything in the sheet is
    not of ledger's shape."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sheet = sheet_of(z)
        pattern = row_pattern(sheet.money_styles, capture_text)
        with z.open(sheet.part) as f:
            buf = b""
            pos: int | None = None
            last = seen = 1  # the last row, as the dimension says and as read
            while True:
                block = f.read(_CHUNK)
                buf += block
                if pos is None:
                    begun = start_of(z, buf)
                    if begun is None:
                        if not block:
                            raise NotOurs
                        continue
                    pos, last = begun
                stop = buf.find(b"</sheetData>", pos)
                if stop >= 0:
                    found = region(buf, pattern, pos, stop)
                    region_end_ok(buf[stop:] + f.read(), 0)
                    if (int(found[-1][0]) if found else seen) != last:
                        raise NotOurs  # rows missing at the end, or more than it says
                    if found:
                        yield found
                    return
                if not block:
                    raise NotOurs  # no end of the sheet's data
                cut = buf.rfind(b"<row ", pos)  # the last row may be cut off: the next time
                if cut > pos:
                    found = region(buf, pattern, pos, cut, after=b"<row ")
                    seen = int(found[-1][0])
                    yield found
                    buf, pos = buf[cut:], 0


def balances_of(cents: dict[str, int]) -> dict[str, Decimal]:
    return {name: Decimal(c).scaleb(-2) for name, c in cents.items()}


class _Texts(dict[bytes, str]):
    """Each distinct text decoded once: a journal says the same few words again and again."""

    def __missing__(self, raw: bytes) -> str:
        text = self[raw] = decode_text(raw)
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


def build(
    chunks: Iterable[list[tuple[bytes, ...]]], currency: str, first_row: int | None = 2
) -> tuple[list[Transaction], dict[int, tuple[int, ...]], dict[str, int]]:
    """Transactions from ledger's own rows (`row_pattern(..., capture_text=True)`), checking
    the journal's rules as they come: the transactions, each one's sheet rows and each
    account's sum in cents. NotOurs when a rule is broken or the rows are not numbered one
    after the other from `first_row` (None: from wherever they start)."""
    texts = _Texts()
    amounts = _Amounts(currency)
    cents: dict[str, int] = {}
    transactions: list[Transaction] = []
    rows_of: dict[int, tuple[int, ...]] = {}
    trusted = Transaction.trusted
    last = 0
    head: tuple[bytes, ...] = ()
    postings: list[Posting] = []
    rows: list[int] = []
    total = 0

    g = GROUPS[True]
    txn_at, day_at, kind_at, account_at, amount_at = (
        g["txn"],
        g["day"],
        g["kind"],
        g["account"],
        g["amount"],
    )
    memo_at, event_at, rule_at = g["memo"], g["event"], g["rule"]

    def close() -> None:
        nonlocal last
        number = int(head[txn_at])
        if number <= last or len(postings) < 2 or total:
            raise NotOurs
        transactions.append(
            trusted(
                number,
                int(head[day_at]),
                texts[head[kind_at]],
                texts[head[memo_at]],
                tuple(postings),
                texts[head[event_at]],
                texts[head[rule_at]],
            )
        )
        rows_of[number] = tuple(rows)
        last = number

    txn = b""
    expected = first_row  # ledger's rows follow its header without a gap
    for found in chunks:
        expected = numbered(found, expected)
        for row in found:
            if row[txn_at] != txn:
                if head:
                    close()
                head, txn, postings, rows, total = row, row[txn_at], [], [], 0
            account = texts[row[account_at]]
            money, c = amounts[row[amount_at]]
            postings.append(Posting(account, money))
            rows.append(int(row[0]))
            total += c
            cents[account] = cents.get(account, 0) + c
    if head:
        close()
    return transactions, rows_of, cents


def journal(data: bytes, currency: str) -> tuple[Journal, dict[int, tuple[int, ...]]] | None:
    """The whole journal, built from ledger's own rows, and each transaction's sheet rows;
    None when the sheet is not exactly ledger's or breaks a journal rule."""
    try:
        transactions, rows_of, cents = build(matches(data, capture_text=True), currency)
    except Exception:  # not ledger's own rows, a broken rule, a damaged part: the careful way
        return None
    return Journal.trusted(currency, transactions, balances_of(cents)), rows_of
