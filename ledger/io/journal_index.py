"""The Journal sheet's index: what a save knew of the journal it wrote, kept in the workbook.

A long Journal sheet is written (`journal_write`) as one deflate stream made of pieces that
each stand on their own: the sheet's head and header row, the rows in segments of whole
transactions (each cut off with a sync flush, its back-references never reaching before
it), and the sheet's end. The index beside it (a custom XML part, `customXml/item1.xml`,
the place Office keeps an application's own data) says where each piece lies in the deflated
bytes with its SHA-256, each segment's days, and what a command that only appends needs of
the journal: how many rows and transactions, the last number and day, each account's sum
and its balance at the end of each day that moved it.

It is trusted only when this account's ledger sealed it (`seal`: an HMAC with a key in the
user's data folder, over the whole index, sums included), and only for the very bytes it
describes: the same version of ledger wrote it,
every piece's digest matches, the pieces cover the Journal part exactly, the header row
still reads as ledger's (through the shared strings) and the money style is still money.
Anything else (Excel or LibreOffice saved the workbook, a row was typed or edited, another
version of ledger) and the index is not used: the journal is read in full, carefully, and
the next save writes a new index. `LEDGER_READ_CAREFULLY=1` never uses it.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import struct
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ledger import __version__
from ledger.core.journal import Journal, Transaction
from ledger.core.journal_history import (
    DayEnds,
    History,
    IndexedJournal,
    RowsOfHistory,
    day_ends_of,
)
from ledger.core.problems import Problem, ProblemsFound, problem
from ledger.io import journal_layout, journal_xml, seal
from ledger.io.journal_sums import Sums
from ledger.io.zip_out import data_start, inflater

#: Bumped whenever what the index holds, or how the Journal part is laid out, changes (2: the
#: rows deflated with zlib-ng, `zip_out.deflate_rows`; 3: sealed, with the part's CRC and size).
FORMAT = 3
PART = "customXml/item1.xml"
PROPS_PART = "customXml/itemProps1.xml"
PROPS_RELS = "customXml/_rels/item1.xml.rels"
NAMESPACE = "urn:x-ledger:journal-index"
_BODY = re.compile(
    rb'<\?xml[^>]*\?>\s*<journalIndex xmlns="' + NAMESPACE.encode() + rb'">([^<]*)</journalIndex>'
)
_CAREFUL_ENV = "LEDGER_READ_CAREFULLY"
#: The largest index that is read (the 300k-row stress workbook's is 125 kB; parsing one
#: takes about 15 times its size in memory).
MAX_INDEX_BYTES = 8 << 20


def escape(text: str) -> str:
    """XML's three escapes (as xml.sax.saxutils.escape, whose import costs every command a
    few tens of milliseconds: it brings urllib along)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def unescape(text: str) -> str:
    """`escape` undone; also the quotes as entities, as LibreOffice writes the index back."""
    for entity, char in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'")):
        text = text.replace(entity, char)
    return text.replace("&amp;", "&")


@dataclass
class Segment:
    """Rows of whole transactions, deflated on their own: `start`/`end` in the part's
    deflated bytes; `length` and `crc` of the rows from the first segment's start to this
    one's end (inflated); the days of its first and last transaction; its rows."""

    start: int
    end: int
    length: int
    crc: int
    first_day: int
    last_day: int
    rows: int
    sha256: str


@dataclass
class Index:
    version: str
    money_style: int
    head_sha256: str
    tail_sha256: str
    segments: list[Segment]
    rows: int
    transactions: int
    last_id: int
    last_day: int
    #: each account's sum in cents; its day-end balances as [day, cents, day, cents, ...]
    balances: dict[str, int]
    day_ends: dict[str, list[int]]
    format: int = FORMAT
    #: What deflated the rows (`zip_out.DEFLATER`): another gives other bytes for the same
    #: rows, so a Journal another program re-saved is then read, not rewritten.
    deflater: str = ""
    #: The part's CRC-32 and size as written: the zip's headers must still say so (every zip
    #: reader checks them; a part whose headers were changed is damaged to them).
    crc: int = 0
    size: int = 0

    def to_xml(self) -> bytes:
        fields = {**vars(self), "segments": [vars(s) for s in self.segments]}
        fields["seal"] = seal.seal(_canonical(fields))
        text = json.dumps(fields, separators=(",", ":"), sort_keys=True)
        return (
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            + f'<journalIndex xmlns="{NAMESPACE}">{escape(text)}</journalIndex>'.encode()
        )

    @staticmethod
    def from_xml(xml: bytes) -> Index | None:
        """The index, when this account's ledger sealed it (`seal`): its figures are then
        ledger's own; anyone else's (or none) is not believed, and the rows are read."""
        raw = _fields(xml)
        if raw is None:
            return None
        try:
            if not seal.holds(_canonical(raw), raw.pop("seal", None)):
                return None
            raw["segments"] = [Segment(**s) for s in raw["segments"]]
            return Index(**raw)
        except (ValueError, TypeError, KeyError):
            return None


def _fields(xml: bytes) -> dict[str, Any] | None:
    """The index's fields as it says them, sealed or not (nothing believed yet)."""
    m = _BODY.fullmatch(xml.strip())
    if m is None:
        return None
    try:
        raw = json.loads(unescape(m.group(1).decode("utf-8")))
    except ValueError:
        return None
    return raw if isinstance(raw, dict) and raw.get("format") == FORMAT else None


def false_figures(
    data: bytes, transactions: int, last_id: int, balances: Mapping[str, Decimal]
) -> list[Problem]:
    """An index that says it describes this very Journal part (the part's CRC and size are
    the ones it names) but whose figures are not the rows' (`transactions`, `last_id`,
    `balances`, as read from them), sealed or not: named by whichever command meets it. It is
    never used (a sealed index that disagrees is a fault of ledger's; an unsealed one is not
    believed), and the command's save writes the rows' own figures in its place."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            if PART not in z.namelist() or z.getinfo(PART).file_size > MAX_INDEX_BYTES:
                return []
            raw = _fields(z.read(PART))
            if raw is None:
                return []
            info = journal_xml.sheet_of(z).part
            if (raw.get("crc"), raw.get("size")) != (info.CRC, info.file_size):
                return []  # it speaks of other bytes (another program saved the sheet)
            said = (raw.get("transactions"), raw.get("last_id"), raw.get("balances"))
    except Exception:  # no index to speak of, or a damaged part the reading names
        return []
    cents = {a: cents_of(v) for a, v in balances.items()}
    if said == (transactions, last_id, cents):
        return []
    return [
        problem(
            "journal-index-false",
            "Journal",
            "the figures kept in the workbook beside the Journal (its index: counts and sums) "
            "are not those of its rows; the rows' are used",
            "the workbook was changed by something other than ledger; the next save writes "
            "the true figures. Keep a copy if you want to find out who changed it",
            warning=True,
        )
    ]


def _canonical(fields: dict[str, Any]) -> bytes:
    """The index's fields but its seal, as the seal is made over them."""
    plain = {k: v for k, v in fields.items() if k != "seal"}
    return json.dumps(plain, separators=(",", ":"), sort_keys=True).encode()


def cents_of(amount: Decimal) -> int:
    return int(amount.scaleb(2))


def _decimal(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2)


def _sha(data: bytes | memoryview) -> str:
    return hashlib.sha256(data).hexdigest()


def inflate_piece(deflated: bytes | memoryview, limit: int) -> bytes:
    """A piece of the part's deflate stream, inflated on its own (never past `limit`)."""
    d = inflater()
    out = d.decompress(deflated, limit)
    if d.unconsumed_tail:
        raise journal_xml.NotOurs
    return out


@dataclass
class Kept:
    """The Journal part of the workbook as read, its index checked against its bytes."""

    data: bytes = field(repr=False)
    index: Index = field(repr=False)
    #: where the part's deflated bytes begin and end in `data`
    start: int
    end: int
    money_styles: tuple[int, ...]
    currency: str
    _since: dict[int, list[Transaction]] = field(default_factory=dict, repr=False)

    def piece(self, a: int, b: int) -> memoryview:
        return memoryview(self.data)[self.start + a : self.start + b]


def read_index(z: zipfile.ZipFile) -> Index | None:
    """The index the workbook keeps, as it says (nothing checked against the Journal's
    bytes), when it is one of this version of ledger; None for none, or one larger than any
    ledger writes."""
    if PART not in z.namelist() or z.getinfo(PART).file_size > MAX_INDEX_BYTES:
        return None
    index = Index.from_xml(z.read(PART))
    if index is None or index.version != __version__ or not index.segments:
        return None
    return index


def kept_journal(data: bytes, currency: str) -> Kept | None:
    """The workbook's Journal part with its index, when the index holds for its bytes."""
    if os.environ.get(_CAREFUL_ENV):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            index = read_index(z)
            if index is None:
                return None  # none: read carefully
            sheet = journal_xml.sheet_of(z)
            if index.money_style not in sheet.money_styles:
                return None
            info = sheet.part
            start = data_start(data, info)
            if start is None or not _headers_hold(data, info, index):
                return None
            kept = Kept(
                data, index, start, start + info.compress_size, sheet.money_styles, currency
            )
            if not _pieces_hold(kept):
                return None
            head = inflate_piece(kept.piece(0, index.segments[0].start), 1 << 20)
            begun = journal_xml.start_of(z, head)
            if begun is None or begun[0] != len(head) or begun[1] != index.rows + 1:
                return None  # the header row is no longer ledger's, or the rows are not all
    except Exception:  # not as the index says, a damaged part: the careful way
        return None
    return kept


def _headers_hold(data: bytes, info: zipfile.ZipInfo, index: Index) -> bool:
    """The zip's central directory and the part's local header give the CRC and size the
    index says the part was written with (no data descriptor)."""
    if (info.CRC, info.file_size) != (index.crc, index.size) or info.flag_bits & 0x8:
        return False
    crc, compressed, size = struct.unpack_from("<3I", data, info.header_offset + 14)
    return (crc, compressed, size) == (index.crc, info.compress_size, index.size)


def _pieces_hold(kept: Kept) -> bool:
    """The head, the segments and the tail cover the part, each with its digest."""
    index = kept.index
    segs = index.segments
    at = segs[0].start
    if _sha(kept.piece(0, at)) != index.head_sha256:
        return False
    rows = 0
    for s in segs:
        if s.start != at or s.end < s.start or _sha(kept.piece(s.start, s.end)) != s.sha256:
            return False
        at = s.end
        rows += s.rows
    size = kept.end - kept.start
    return rows == index.rows and _sha(kept.piece(at, size)) == index.tail_sha256


class StoredHistory(History):
    """The history of a journal as its index tells it; its transactions read from the part
    only when asked for (the days asked for from their segments alone)."""

    def __init__(self, kept: Kept) -> None:
        self.kept = kept
        index = kept.index
        self.transactions = index.transactions
        self.postings = index.rows
        self.last_id = index.last_id
        self.last_day = index.last_day
        self.balances = {a: _decimal(c) for a, c in index.balances.items()}
        self._ends: DayEnds | None = None

    def day_ends(self) -> DayEnds:
        if self._ends is None:
            self._ends = {
                a: [(flat[i], _decimal(flat[i + 1])) for i in range(0, len(flat), 2)]
                for a, flat in self.kept.index.day_ends.items()
            }
        return self._ends

    def read(self) -> tuple[list[Transaction], dict[int, tuple[int, ...]]]:
        read = journal_xml.journal(self.kept.data, self.kept.currency)
        if read is None:  # never for ledger's own rows, which the digests say these are
            raise self._broken()
        journal, rows_of = read
        self._agrees(journal.transactions, journal.balances())
        return journal.transactions, rows_of

    def _agrees(self, txns: list[Transaction], balances: dict[str, Any]) -> None:
        index = self.kept.index
        if (
            len(txns) != index.transactions
            or (txns and txns[-1].id != index.last_id)
            or {a: cents_of(m.amount) for a, m in balances.items()} != index.balances
        ):
            raise self._broken()

    def _broken(self) -> ProblemsFound:
        return ProblemsFound(
            [
                problem(
                    "journal-index",
                    "Journal",
                    "the Journal sheet does not read as its index says",
                    f"run the command again with {_CAREFUL_ENV}=1 (which reads the sheet "
                    "itself), and tell ledger's makers",
                )
            ]
        )

    def since(self, day: int) -> list[Transaction]:
        cached = self.kept._since.get(day)
        if cached is None:
            cached = []
            done = 0
            for s in self.kept.index.segments:
                if s.last_day >= day:
                    xml = inflate_piece(self.kept.piece(s.start, s.end), s.length - done)
                    txns = transactions_in(xml, self.kept.money_styles, self.kept.currency)
                    cached += [t for t in txns if t.day >= day]
                done = s.length
            self.kept._since[day] = cached
        return list(cached)


def transactions_in(xml: bytes, money_styles: tuple[int, ...], currency: str) -> list[Transaction]:
    """The transactions of rows as ledger writes them (whole transactions)."""
    pattern = journal_layout.row_pattern(money_styles, True)
    xml += b"</sheetData>"
    found = journal_xml.region(xml, pattern, 0, len(xml) - len(b"</sheetData>"))
    return journal_xml.build([found], currency, None)[0]


def indexed(data: bytes, currency: str) -> tuple[IndexedJournal, RowsOfHistory] | None:
    """The journal of a workbook whose Journal part's index holds, its transactions unread."""
    kept = kept_journal(data, currency)
    if kept is None:
        return None
    journal = IndexedJournal(currency, StoredHistory(kept))
    return journal, RowsOfHistory(journal)


def sums(data: bytes) -> Sums | None:
    """Each account's sum, the last day and the number of transactions as the index holds
    them, when it holds for the Journal part's bytes: `ledger balance` then reads no row."""
    kept = kept_journal(data, "")
    if kept is None:
        return None
    index = kept.index
    balances = {a: _decimal(c) for a, c in index.balances.items()}
    return Sums(balances, index.last_day, index.transactions, index.last_id)


def rows_read(journal: Any, rows_of: Mapping[int, tuple[int, ...]]) -> int:
    """How many Journal rows were read (or are known by the index, unread)."""
    if isinstance(journal, IndexedJournal):
        return journal.history.postings
    return sum(len(rows) for rows in rows_of.values())


def disagreement(data: bytes, journal: Journal) -> list[Problem]:
    """What `ledger check`, which reads the journal itself, finds against the index a
    command that appends would trust: a problem if they disagree (never, unless the index
    was made by something else than ledger, or by a fault of ledger's)."""
    kept = kept_journal(data, journal.currency)
    if kept is None:
        return []
    index = kept.index
    ends = day_ends_of(journal.transactions)
    if (
        index.transactions == len(journal)
        and index.last_id == journal.next_id - 1
        and index.last_day == journal.last_day()
        and index.rows == sum(len(t.postings) for t in journal)
        and index.balances == {a: cents_of(m.amount) for a, m in journal.balances().items()}
        and ends is not None
        and index.day_ends == flat_day_ends(ends)
    ):
        return []
    return [
        problem(
            "journal-index",
            "Journal",
            "the Journal's index (kept beside it so that a command can append without "
            "reading it) disagrees with its rows",
            f"run the next command with {_CAREFUL_ENV}=1: it reads the sheet itself and "
            "writes the index anew; please tell ledger's makers",
        )
    ]


def flat_day_ends(ends: DayEnds) -> dict[str, list[int]]:
    """Day-end balances as the index keeps them: [day, cents, day, cents, ...]."""
    return {
        a: [x for day, value in points for x in (day, cents_of(value))]
        for a, points in ends.items()
    }
