"""The long Journal sheet written in pieces that stand on their own, and its index.

The part is one deflate stream (any zip reader inflates it as usual) made of: the sheet's
head and header row; the rows, in segments of whole transactions of about `SEGMENT_BYTES`
each, every segment deflated afresh and closed with a sync flush; the sheet's end. So when
the workbook read holds a trusted index (`journal_index`) a save copies the deflated
segments of the rows it wrote before as they are, without inflating or reading them, writes
a new head (the sheet's size changed) and deflates only the rows appended since. The part's
CRC-32 is combined from the pieces' own. Without a trusted index every row is written
afresh, in the same pieces: the part's XML is the same either way.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Iterable, Sequence

from ledger import __version__
from ledger.core.journal import Journal, Transaction
from ledger.core.journal_history import IndexedJournal, day_ends_of
from ledger.core.schema import SheetSpec
from ledger.io import journal_layout
from ledger.io.journal_index import (
    Index,
    Kept,
    Segment,
    StoredHistory,
    cents_of,
    flat_day_ends,
    inflate_piece,
)
from ledger.io.journal_layout import MONEY_COLUMN, NAMES, row_xml
from ledger.io.stream_write import column_letters, rows_xml, text_cell
from ledger.io.zip_out import DEFLATER, Member, crc32_combine, deflate_rows

#: A segment of rows is closed at the end of the transaction that takes it past this size
#: (XML as written): the days a statement asks for are then read from a small piece.
SEGMENT_BYTES = 256 << 10
_FIRST_ROW_CELL = re.compile(r'<c r="([A-Z]+)2"( s="(\d+)")?')


def postings_of(journal: Journal) -> int:
    """How many rows the journal makes, without reading a history it has not read."""
    if isinstance(journal, IndexedJournal) and journal._txns.whole is None:
        return journal.history.postings + sum(len(t.postings) for t in journal.appended())
    return sum(len(t.postings) for t in journal)


#: The first data row given to XlsxWriter, which shows the cell style of each column (the
#: amount's money style); its cells are then replaced by the journal's rows.
STYLE_ROW = journal_layout.STYLE_ROW
#: How each column's cell is written, in order.
KINDS = tuple(kind for _, kind in journal_layout.CELLS)
_TEXTS = ("text", "text-or-none")


class JournalPart:
    """The long Journal's part of a save (`stream_write.finish_streams` writes it): the
    history to copy (if its index holds) and each account's day-end balances (None: days do
    not rise, and no index is written), known before the zip's first part."""

    def __init__(self, name: str, spec: SheetSpec, journal: Journal) -> None:
        self.name, self.spec, self.journal = name, spec, journal
        self.kept: Kept | None = None
        if isinstance(journal, IndexedJournal) and isinstance(journal.history, StoredHistory):
            self.kept = journal.history.kept
            self.day_ends = journal.day_ends()
        else:
            self.day_ends = day_ends_of(journal.transactions)

    def indexed(self) -> bool:
        return self.day_ends is not None

    def write(self, member: Member, xml: str) -> bytes | None:
        index = write_part(member, xml, self)
        return None if index is None else index.to_xml()


class CellTexts(dict[str, str]):
    """A text cell's XML after its reference, once for each distinct text: the text as it
    reads back (readers strip it), so that the rows a later save copies as they are hold
    what a save that reads and writes every row would write."""

    def __missing__(self, text: str) -> str:
        kept = text.strip()
        xml = self[text] = text_cell("", kept)[len('<c r=""') :] if kept else ""
        return xml


def _txn_xml(t: Transaction, r: int, money: str, texts: CellTexts) -> str | None:
    """The rows of one transaction from row `r`, as `rows_xml` writes them (None for a
    value of another type than ledger's own, which `rows_xml` then writes)."""
    if not (
        type(t.id) is int
        and type(t.day) is int
        and type(t.kind) is str
        and type(t.memo) is str
        and type(t.event) is str
        and type(t.rule) is str
    ):
        return None
    out = []
    for p in t.postings:
        account = p.account
        if type(account) is not str or not texts[account]:
            return None
        values = fields(t, account, format(p.amount.amount, "f"))
        cells = tuple(
            texts[v] if kind in _TEXTS else str(v)  # type: ignore[index]
            for v, kind in zip(values, KINDS, strict=True)
        )
        out.append(row_xml(r, cells, money))
        r += 1
    return "".join(out)


class SegmentWriter:
    """The part's pieces written in order, with the running CRC and sizes of the rows."""

    def __init__(self, member: Member, spec: SheetSpec, money_style: int) -> None:
        self.m = member
        self.spec = spec
        self.money = f' s="{money_style}"'
        self.texts = CellTexts()
        self.at = 0  # deflated bytes written
        self.crc = 0  # of the rows region, inflated
        self.length = 0
        self.segments: list[Segment] = []

    def piece(self, xml: bytes, final: bool = False) -> str:
        deflated = b"".join(deflate_rows([xml], final=final))
        self.m.write(deflated)
        self.at += len(deflated)
        return hashlib.sha256(deflated).hexdigest()

    def segment(self, xml: bytes, first_day: int, last_day: int, rows: int) -> None:
        start = self.at
        sha = self.piece(xml)
        self.crc = zlib.crc32(xml, self.crc)
        self.length += len(xml)
        self.segments.append(
            Segment(start, self.at, self.length, self.crc, first_day, last_day, rows, sha)
        )

    def rows(
        self, txns: Iterable[Transaction], row: int, carry: tuple[bytes, int, int, int] | None
    ) -> int:
        """Write the transactions' rows from sheet row `row` in segments (after `carry`, the
        rows of a small segment taken back: XML, first day, last day, rows); the next row."""
        parts: list[bytes] = []
        size, first, last, count = 0, -1, -1, 0
        if carry is not None:
            xml, first, last, count = carry
            parts.append(xml)
            size = len(xml)
        styles = {MONEY_COLUMN: self.money}
        for t in txns:
            if size >= SEGMENT_BYTES:
                self.segment(b"".join(parts), first, last, count)
                parts, size, first, count = [], 0, -1, 0
            text = _txn_xml(t, row, self.money, self.texts)
            if text is None:
                text = "".join(rows_xml(_rows_of(t), self.spec, styles, start=row))
            xml = text.encode("utf-8")
            parts.append(xml)
            size += len(xml)
            first = t.day if first < 0 else first
            last = t.day
            count += len(t.postings)
            row += len(t.postings)
        if parts:
            self.segment(b"".join(parts), first, last, count)
        return row


def _rows_of(t: Transaction) -> list[list[object]]:
    def text(value: object) -> object:
        return value.strip() if isinstance(value, str) else value

    return [[text(v) for v in fields(t, p.account, p.amount.amount)] for p in t.postings]


def fields(t: Transaction, account: object, amount: object) -> tuple[object, ...]:
    """A posting's values in the Journal's columns' order (`journal_layout.NAMES`)."""
    named = {
        "txn": t.id,
        "day": t.day,
        "kind": t.kind,
        "account": account,
        "amount": amount,
        "memo": t.memo,
        "event": t.event,
        "rule": t.rule,
    }
    return tuple(named[n] for n in NAMES)


def write_part(member: Member, xml: str, p: JournalPart) -> Index | None:
    """Complete XlsxWriter's sheet (`xml`: its head, header row, style row and end) with the
    journal's rows into `member`; the index of what was written (None: days do not rise)."""
    journal, spec = p.journal, p.spec
    start = xml.index("<sheetData>") + len("<sheetData>")
    end = xml.index("</sheetData>")
    header_end = xml.index("</row>", start) + len("</row>")
    styles = {m.group(1): m.group(3) for m in _FIRST_ROW_CELL.finditer(xml, header_end, end)}
    money_style = int(styles.get(MONEY_COLUMN) or 0)
    total = postings_of(journal)
    last_cell = f"{column_letters(len(spec.columns) - 1)}{total + 1}"
    head = re.sub(
        r'<dimension ref="[^"]*"/>', f'<dimension ref="A1:{last_cell}"/>', xml[:start], count=1
    )
    head_xml = (head + xml[start:header_end]).encode("utf-8")
    w = SegmentWriter(member, spec, money_style)
    head_sha = w.piece(head_xml)
    kept = p.kept if p.kept is not None and p.kept.index.money_style == money_style else None
    txns: Sequence[Transaction]
    if kept is None:
        txns, row, carry = journal.transactions, 2, None
    else:
        assert isinstance(journal, IndexedJournal)
        txns, row, carry = journal.appended(), kept.index.rows + 2, None
        copied = kept.index.segments
        last = copied[-1]
        before = copied[-2].length if len(copied) > 1 else 0
        if last.length - before < SEGMENT_BYTES:
            # the last segment is not full: its rows go on with the new ones, as a save that
            # writes every row would cut them (the part comes out the same, byte for byte)
            carry = (
                inflate_piece(kept.piece(last.start, last.end), last.length - before),
                last.first_day,
                last.last_day,
                last.rows,
            )
            copied = copied[:-1]
        if copied:
            shift = w.at - copied[0].start
            w.m.write(kept.piece(copied[0].start, copied[-1].end))
            w.at += copied[-1].end - copied[0].start
            for s in copied:
                w.segments.append(
                    Segment(
                        s.start + shift,
                        s.end + shift,
                        s.length,
                        s.crc,
                        s.first_day,
                        s.last_day,
                        s.rows,
                        s.sha256,
                    )
                )
            w.crc, w.length = copied[-1].crc, copied[-1].length
    row = w.rows(txns, row, carry)
    if row != total + 2:
        raise AssertionError(f"the Journal has {row - 2} rows written, not {total}")
    tail_xml = xml[end:].encode("utf-8")
    tail_sha = w.piece(tail_xml, final=True)
    crc = zlib.crc32(tail_xml, crc32_combine(zlib.crc32(head_xml), w.crc, w.length))
    size = len(head_xml) + w.length + len(tail_xml)
    member.close(crc, size)
    if p.day_ends is None or not w.segments:
        return None
    return Index(
        version=__version__,
        money_style=money_style,
        head_sha256=head_sha,
        tail_sha256=tail_sha,
        segments=w.segments,
        rows=total,
        transactions=len(journal),
        last_id=journal.next_id - 1,
        last_day=journal.last_day(),
        balances={a: cents_of(m.amount) for a, m in journal.balances().items()},
        day_ends=flat_day_ends(p.day_ends),
        deflater=DEFLATER,
        crc=crc,
        size=size,
    )
