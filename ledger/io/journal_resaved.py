"""A Journal that another program only re-saved: the rows ledger wrote, in that program's
XML, turned back into ledger's own by a few substitutions over each segment's bytes, and
trusted only when every segment comes out as the very bytes the kept index describes.

LibreOffice and Excel keep the Journal's index (`customXml/item1.xml`, `journal_index`) when
they save a workbook, but write every row anew in their own form: their row attributes, a
style and a type on each cell, the texts in the shared strings, `25` for `25.00`. When the
banker typed Events rows and saved, the Journal's rows still hold what ledger wrote. Each
segment of the index is then rewritten (row attributes and the General style dropped, each
shared string as ledger writes the text, each amount to the cent in ledger's money style),
deflated as ledger deflates it, and compared with the SHA-256 the index keeps of it: equal
for every segment, and the rows are, byte for byte, what ledger's last save wrote, so the
index's sums hold for them, and the deflated segments are what a save that writes every row
would write. Each substitution reads a cell as the careful reader does (`journal_cells`'
texts and amounts), so the same digest also means the careful reader reads this sheet as
that save's journal.

Anything else (a row typed, edited or taken away in the Journal, another shape of XML, a
style that is not General or money, an index of another version, a Journal too large to hold
whole) and the answer is None: the rows are read by columns (`journal_convert`) as before.
The second half of the segments is rewritten by a forked child on the other core.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ledger.io.journal_cells import NotPlain, Sheet, rows_region
from ledger.io.journal_index import Index, Segment, read_index
from ledger.io.journal_write import SEGMENT_BYTES, CellTexts
from ledger.io.xlsx_read import inflate
from ledger.io.zip_out import DEFLATER, deflate_rows

#: The longest Journal part held whole here (as `journal_columns` holds one).
MAX_PART = 256 << 20
#: From this many segments on, the second half is rewritten on the other core.
HALVES_FROM = 256
_FIRST_ROW = re.compile(rb'<row r="2"([^>]*+)>')
#: Attributes only a row has (never a cell): those a program writes on every row are dropped.
_ROW_ATTRS = re.compile(
    rb"(?: (?:spans|ht|customHeight|customFormat|hidden|outlineLevel|collapsed|thickBot"
    rb'|thickTop|x14ac:dyDescent)="[^"<>]{0,40}+")*+'
)
#: A segment is cut at about `journal_write.SEGMENT_BYTES` of ledger's XML; the program's
#: is longer (LibreOffice's about 1.2 times): a segment longer than this in its XML is not
#: rewritten (an index made to make one piece of the whole sheet would cost its memory many
#: times over).
MAX_SEGMENT_XML = 16 * SEGMENT_BYTES
#: A number cell's attributes (its style captured), a shared string's.
_PLAIN_NUMBER = re.compile(rb'(?: s="(\d{1,6}+)")?(?: t="n")?')
#: An amount's decimals (none, one or two) as ledger writes them, with the cell's end: with
#: its whole part (at most 13 digits), what the careful reader reads (at most 15 digits: the
#: float the cell holds shows these very digits, as `journal_cells.amount_of` reads them).
_DECIMALS: dict[bytes | None, bytes] = {
    None: b".00</v></c>",
    **{b".%d" % d: b".%d0</v></c>" % d for d in range(10)},
    **{b".%02d" % d: b".%02d</v></c>" % d for d in range(100)},
}
_TEXT = re.compile(rb'(?: s="\d{1,6}+")? t="s"')


class _Texts(dict[bytes, bytes]):
    """Each shared string's index as ledger's text cell (after `<c r="..."`), once for each
    distinct one: the text as the careful reader reads it (`journal_cells`)."""

    def __init__(self, sheet: Sheet) -> None:
        super().__init__()
        self.texts = sheet.texts
        self.cells = CellTexts()

    def __missing__(self, index: bytes) -> bytes:
        xml = self.cells[self.texts[index]]
        if not xml:
            raise NotPlain  # an empty text: ledger writes no cell at all
        out = self[index] = xml.encode("utf-8")
        return out


@dataclass(frozen=True)
class _Shape:
    """How the program wrote the first row: the row's attributes after its number, and
    those of a number, a text and an amount cell (each dropped or rewritten where the same
    stands in every other row)."""

    row: bytes
    number: bytes
    text: bytes
    money: bytes


def _shape(xml: bytes, lo: int, numbers: frozenset[int]) -> _Shape | None:
    """The first row's shape, when every number in it is plain (a style a reader takes for
    a date is not) and its amounts are told apart from its other numbers."""
    end = xml.find(b"</row>", lo, lo + 8192)
    row = _FIRST_ROW.match(xml, lo, end)
    if end < 0 or row is None or _ROW_ATTRS.fullmatch(row.group(1)) is None:
        return None
    attrs = {}
    for column in (b"A", b"B", b"D", b"E"):
        m = re.compile(rb'<c r="' + column + rb'2"([^>/]*+)><v>').search(xml, lo, end)
        if m is None:
            return None
        attrs[column] = m.group(1)
    number, text, money = attrs[b"A"], attrs[b"D"], attrs[b"E"]
    styles = [_PLAIN_NUMBER.fullmatch(number), _PLAIN_NUMBER.fullmatch(money)]
    if (
        attrs[b"B"] != number
        or money == number
        or _TEXT.fullmatch(text) is None
        or not all(m is not None and int(m.group(1) or 0) in numbers for m in styles)
    ):
        return None
    return _Shape(row.group(1), number, text, money)


def _rewrite(
    xml: bytes,
    cuts: list[int],
    segments: list[Segment],
    shape: _Shape,
    texts: _Texts,
    money: bytes,
) -> list[bytes] | None:
    """The segments (`xml[cuts[i]:cuts[i + 1]]` each) rewritten and deflated, each checked
    against its digest; None at the first that differs. `money`: ledger's money cell after
    its reference, up to the value."""
    text_of, decimals = texts.__getitem__, _DECIMALS.__getitem__
    tag = shape.money + b"><v>"
    money_of = {tag: money}.__getitem__
    amount = re.compile(b"(" + re.escape(tag) + rb")(-?\d{1,13}+)(\.\d\d?+)?</v></c>")
    text = re.compile(re.escape(shape.text) + rb"><v>(\d{1,9}+)</v></c>")
    row, number = shape.row + b">", shape.number + b"><v>"
    out = []
    for seg, a, b in zip(segments, cuts, cuts[1:], strict=False):
        part = xml[a:b]
        if shape.row:
            part = part.replace(row, b">")
        pieces = amount.split(part)  # text, tag, whole part, decimals, text...
        pieces[1::4] = map(money_of, pieces[1::4])
        pieces[3::4] = map(decimals, pieces[3::4])
        part = b"".join(pieces)
        if shape.number:
            part = part.replace(number, b"><v>")
        pieces = text.split(part)
        pieces[1::2] = map(text_of, pieces[1::2])
        deflated = b"".join(deflate_rows([b"".join(pieces)], final=False))
        if hashlib.sha256(deflated).hexdigest() != seg.sha256:
            return None
        out.append(deflated)
    return out


def kept_index(data: bytes) -> Index | None:
    """The index the workbook kept, as it says (its rows unread)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return read_index(z)
    except Exception:  # a damaged part: no guess
        return None


#: Told the rows of the last days first (`rewritten`): the day before them, and their
#: segments, checked, deflated (sent down a pipe: small) with their XML's lengths, and the
#: money style in them.
Tail = Callable[[int, list[bytes], list[int], int], None]


def rewritten(data: bytes, tail: Tail | None = None) -> tuple[Index, bytes, list[Segment]] | None:
    """The kept index and the Journal's rows as ledger's deflated segments (from 0), when
    the rows are what the index describes; None otherwise. `tail`, when given, is told the
    segments that hold the last day first, as soon as they are checked (what a statement
    of the period reads), unless they are all there is."""
    try:
        return _rewritten(data, tail)
    except (NotPlain, Exception):  # not as the index says, damaged: the rows are read
        return None


def _rewritten(data: bytes, tail: Tail | None = None) -> tuple[Index, bytes, list[Segment]] | None:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        index = read_index(z)
        if index is None or index.deflater != DEFLATER:
            return None  # (another deflater: the same rows, other bytes)
        sheet = Sheet(z)
        if sheet.part.file_size > MAX_PART:
            return None
        xml = inflate(data, sheet.part, "")
    lo, hi = rows_region(sheet, xml)
    shape = _shape(xml, lo, sheet.parts.number_styles)
    if shape is None:
        return None
    # where each segment's rows begin in the program's XML, and where the last one ends
    # (a row's number stands once in the sheet: it is looked for from as far on as ledger's
    # own XML of the segment reaches, which the program's is longer than, and else afresh)
    cuts, row, length = [lo], 2, 0
    for s in index.segments[:-1]:
        row += s.rows
        tag, length, since = b'<row r="%d"' % row, s.length, length
        at = xml.find(tag, cuts[-1] + length - since, hi)
        if at < 0:
            at = xml.find(tag, cuts[-1], hi)
        if at < 0 or at - cuts[-1] > MAX_SEGMENT_XML:
            return None
        cuts.append(at)
    if hi - cuts[-1] > MAX_SEGMENT_XML:
        return None
    cuts.append(hi)
    texts, money = _Texts(sheet), b' s="%d"><v>' % index.money_style
    segments = index.segments
    # the segments that hold the last day: first, when told (days rise, so they end it)
    last = next(i for i, s in enumerate(segments) if s.last_day >= index.last_day)
    ending: list[bytes] = []
    if tail is not None and last > 0:
        checked = _rewrite(xml, cuts[last:], segments[last:], shape, texts, money)
        if checked is None:
            return None
        ends = segments[last - 1 :]
        lengths = [s.length - before.length for before, s in itertools.pairwise(ends)]
        tail(ends[0].last_day, checked, lengths, index.money_style)
        ending, segments, cuts = checked, segments[:last], cuts[: last + 1]
    half = len(segments) // 2 if len(segments) >= HALVES_FROM else len(segments)
    later: Any = None
    if half < len(segments):
        from ledger.io.journal_columns import _may_fork
        from ledger.io.journal_sums import _Forked

        if _may_fork():
            later = _Forked(_rewrite, xml, cuts[half:], segments[half:], shape, texts, money)
        else:
            half = len(segments)
    try:
        done = _rewrite(xml, cuts[: half + 1], segments[:half], shape, texts, money)
    finally:
        second = later.result() if later is not None else []
    if done is None or second is None:
        return None
    pieces = done + second + ending
    deflated = b"".join(pieces)
    out, at = [], 0
    for s, piece in zip(index.segments, pieces, strict=True):
        out.append(
            Segment(at, at + len(piece), s.length, s.crc, s.first_day, s.last_day, s.rows, s.sha256)
        )
        at += len(piece)
    return index, deflated, out
