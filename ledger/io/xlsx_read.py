"""Reading a sheet's cells as a stream of rows, in bounded memory whatever the file claims.

A workbook is a zip of XML parts. What a hostile or damaged file can claim costs nothing here:
- every part is inflated through Python's zip reader, which stops at the size the zip's
  directory declares, and that size is checked against a cap (`max_part_bytes`) before
  anything is read: a part that would inflate to gigabytes is refused, naming the part;
- rows are parsed one at a time (lxml's `iterparse`, each row cleared once read) and handed
  over with their row number, so a stray note at `XFD1048576` is one short row, not a sheet of
  seventeen billion empty cells;
- no DTD, no entities: the OOXML parts never have them.

Values come out as python-calamine hands them over (floats, str, bool, datetimes for cells in
a date style) so the rest of the reading code sees no difference; a formula whose value was
never computed (a file written by a program that does not calculate) comes out as
`FormulaWithoutValue`, so the cell can be named in a problem.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
import zipfile
from collections.abc import Iterator
from typing import IO, Any

import msgspec

from ledger.core.problems import ProblemsFound, problem

#: The default cap on one part's inflated size: about eight times the Journal part of the
#: 100k-row stress workbook (32 MB), far below what would hurt a 2-core, few-GB machine.
#: `$LEDGER_MAX_PART_MB` changes it (it cannot live in the workbook: it guards reading it).
DEFAULT_MAX_PART_MB = 256
#: Columns and rows a sheet can have (Excel's limits).
MAX_COLUMNS = 16_384
MAX_ROWS = 1_048_576

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")
_CELL_REF = re.compile(r"([A-Z]{1,3})([0-9]+)$")
#: Number formats that are dates or times (ECMA-376, 18.8.30).
_DATE_IDS = set(range(14, 23)) | {45, 46, 47}
_DATE_CODE = re.compile(r"[dmyhs]", re.IGNORECASE)
_QUOTED = re.compile(r'"[^"]*"|\[[^\]]*\]|\\.')


class FormulaWithoutValue(str):
    """A formula cell with no computed value: empty text that knows it was a formula."""

    formula: str

    def __new__(cls, formula: str) -> FormulaWithoutValue:
        self = super().__new__(cls, "")
        self.formula = formula
        return self


def max_part_bytes() -> int:
    try:
        mb = float(os.environ.get("LEDGER_MAX_PART_MB", DEFAULT_MAX_PART_MB))
    except ValueError:
        mb = DEFAULT_MAX_PART_MB
    return int(max(mb, 0) * 1024 * 1024)


def too_large(where: str, part: str, size: int, cap: int) -> ProblemsFound:
    return ProblemsFound(
        [
            problem(
                "workbook-too-large",
                where,
                f"the part {part} of the workbook would take {size / 1048576:,.0f} MB "
                f"(more than {cap / 1048576:,.0f} MB)",
                "a workbook of the books is far smaller: is it damaged, or is a huge sheet in it? "
                "Delete what is not needed there; LEDGER_MAX_PART_MB raises the limit",
            )
        ]
    )


#: The most distinct texts (shared strings) a workbook may hold: every reader keeps them all
#: in memory (about 64 bytes each besides the text). A banker's workbook holds a few thousand
#: (LibreOffice's save of the 300k-row stress workbook: 3,646).
MAX_TEXTS = 1_000_000


#: A shared string item in the plain form both fast readers take, and the start tag of any.
SHARED_ITEM = re.compile(rb"<si>(.*?)</si>", re.S)
ITEM_TAG = re.compile(rb"<si[\s/>]")


def shared_items(xml: bytes) -> int:
    """How many items a shared-strings part holds, counted without parsing it (an element
    with a namespace prefix counted too; a few too many counts no harm)."""
    return xml.count(b"<si") + xml.count(b":si>") + xml.count(b":si ")


def too_many_texts(where: str, part: str, texts: int) -> ProblemsFound:
    return ProblemsFound(
        [
            problem(
                "workbook-too-large",
                where,
                f"the part {part} of the workbook holds {texts:,} distinct texts "
                f"(more than {MAX_TEXTS:,})",
                "a workbook of the books holds a few thousand: is it damaged, or is a huge "
                "sheet in it? Delete what is not needed there",
            )
        ]
    )


def check_sizes(z: zipfile.ZipFile, where: str) -> None:
    """Refuse a part whose declared size is over the cap. (Python's zip reader never
    inflates past the declared size, and fails on a part whose data does not match it.)"""
    cap = max_part_bytes()
    total = 0
    for info in z.infolist():
        total += info.file_size
        if info.file_size > cap:
            raise too_large(where, info.filename, info.file_size, cap)
    if total > 4 * cap:
        raise too_large(where, "(all parts)", total, 4 * cap)


class _Parts:
    """The parts a sheet's cells need: the shared strings, which styles are dates, the
    workbook's date system, and where each sheet's XML is."""

    def __init__(self, z: zipfile.ZipFile) -> None:
        from lxml import etree

        self.z = z
        self.etree = etree
        self.sheets: dict[str, str] = {}
        self.date1904 = False
        book = self._tree("xl/workbook.xml")
        rels = self._rels("xl/_rels/workbook.xml.rels")
        if book is not None:
            pr = book.find(f"{_MAIN}workbookPr")
            if pr is not None and pr.get("date1904", "").lower() in ("1", "true"):
                self.date1904 = True
            for s in book.iter(f"{_MAIN}sheet"):
                target = rels.get(s.get(f"{_REL}id", ""), "")
                if target:
                    self.sheets[s.get("name", "")] = target
        self._rels_of_book = rels
        self.date_styles = self._date_styles(rels)

    @functools.cached_property
    def strings(self) -> list[str]:
        """The shared strings, read when a sheet is first read as a stream (calamine reads
        them itself for the other sheets: a workbook's texts are not held twice)."""
        return self._shared_strings(self._rels_of_book)

    def _tree(self, part: str) -> Any:
        if part not in self.z.namelist():
            return None
        with self.z.open(part) as f:
            return self.etree.parse(f, _parser(self.etree)).getroot()

    def _rels(self, part: str) -> dict[str, str]:
        tree = self._tree(part)
        out: dict[str, str] = {}
        if tree is None:
            return out
        for r in tree:
            target = r.get("Target", "")
            if r.get("TargetMode") == "External":
                continue
            out[r.get("Id", "")] = (
                target.lstrip("/") if target.startswith("/") else _join("xl", target)
            )
        return out

    def _part_of(self, rels: dict[str, str], kind: str, default: str) -> str:
        for target in rels.values():
            if target.lower().endswith(kind):
                return target
        return default

    def _shared_strings(self, rels: dict[str, str]) -> list[str]:
        part = self._part_of(rels, "sharedstrings.xml", "xl/sharedStrings.xml")
        if part not in self.z.namelist():
            return []
        out: list[str] = []
        with self.z.open(part) as f:
            for _, si in self.etree.iterparse(f, tag=f"{_MAIN}si", **_PARSE):
                out.append(_unescape(_text_of(si)))
                si.clear()
                while si.getprevious() is not None:  # no empty shell kept for each item
                    del si.getparent()[0]
        return out

    def _date_styles(self, rels: dict[str, str]) -> set[int]:
        tree = self._tree(self._part_of(rels, "styles.xml", "xl/styles.xml"))
        if tree is None:
            return set()
        custom: dict[int, str] = {}
        fmts = tree.find(f"{_MAIN}numFmts")
        if fmts is not None:
            for f in fmts:
                try:
                    custom[int(f.get("numFmtId", "-1"))] = f.get("formatCode", "")
                except ValueError:
                    continue
        out: set[int] = set()
        xfs = tree.find(f"{_MAIN}cellXfs")
        if xfs is None:
            return out
        for i, xf in enumerate(xfs):
            try:
                fid = int(xf.get("numFmtId", "0"))
            except ValueError:
                continue
            code = custom.get(fid)
            if code is not None:
                if _DATE_CODE.search(_QUOTED.sub("", code.split(";")[0])):
                    out.add(i)
            elif fid in _DATE_IDS:
                out.add(i)
        return out


_PARSE: dict[str, Any] = {
    "resolve_entities": False,
    "load_dtd": False,
    "no_network": True,
    "huge_tree": True,  # a long shared string is fine; the part's size is capped already
    "remove_comments": True,
}


def _parser(etree: Any) -> Any:
    return etree.XMLParser(**_PARSE)


def _join(base: str, target: str) -> str:
    parts: list[str] = base.split("/")
    for piece in target.split("/"):
        if piece == "..":
            if parts:
                parts.pop()
        elif piece and piece != ".":
            parts.append(piece)
    return "/".join(parts)


def _text_of(el: Any) -> str:
    """The text of a string item: its `<t>`, or its runs' `<t>`s (phonetic runs left out)."""
    t = el.find(f"{_MAIN}t")
    if t is not None:
        return t.text or ""
    return "".join((r.findtext(f"{_MAIN}t") or "") for r in el.iterfind(f"{_MAIN}r"))


def _xml_text(text: str) -> str:
    """Text as it stood in the XML, its entities and character references decoded (what an
    XML parser gives: `B1&gt;0` is `B1>0`)."""
    if "&" not in text:
        return text
    import html  # only for a formula with an entity in it

    return html.unescape(text)


def _unescape(text: str) -> str:
    if "_x" not in text:
        return text
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


def column_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


#: Calamine lays a sheet out as one rectangle from A1 to its last cell: up to this many cells
#: (about 130 MB) it reads the sheet; a sheet whose rectangle is larger (a stray cell far
#: away) is read as a stream of the rows there are.
DENSE_CELLS = 4_000_000
#: A sheet with more formulas without a value than this is read as a stream too (their
#: places are not kept aside, each is met as its row is read).
MAX_FORMULAS = 100_000

#: A sheet's XML up to this size has its rows' numbers and wide references listed whole
#: (a longer one is scanned a match at a time: its lists could take far more memory).
_LISTED_UP_TO = 8 << 20
_ROW_NUMBER = re.compile(rb"<row\b[^>]*?\sr=\"(\d+)\"")
#: A cell's reference past column Z, past H: by the attribute alone, five times as fast (any
#: `r="AB1"` counts: the rectangle is never taken smaller than the cells make it).
_WIDE_REF = re.compile(rb"r=\"([A-Z]{2,3})\d+\"")
_PAST_H = re.compile(rb"r=\"[I-Z]\d")
_ROW_TAG = re.compile(rb"<row[\s>/]")
#: A formula's tag: the cell around it is then matched by `_FORMULA_ONLY` from its `<c`.
_FORMULA_TAG = re.compile(rb"<f\b")
_FORMULA_ONLY = re.compile(
    rb"<c\b[^>]*?\sr=\"([A-Z]{1,3})(\d+)\"[^>]*>\s*<f\b[^>]*?(?:/>|>([^<]*)</f>)"
    rb"\s*(?:<v\s*/>|<v>\s*</v>)?\s*</c>"
)


class Shape(msgspec.Struct, frozen=True):
    """What a sheet's XML says of it before its cells are read."""

    #: The cells of the rectangle from A1 to the last row and column used.
    cells: int
    #: Formulas without a computed value: row -> column -> the formula's text.
    formulas: dict[int, dict[int, str]]


class Book:
    """One workbook's parts, checked before anything reads them: no part larger than the
    cap, and every part but the sheets inflated once here (so python-calamine, which reads
    them too, never meets one that inflates beyond what its directory says)."""

    def __init__(self, data: bytes, where: str) -> None:
        import io

        self.where = where
        self.data = data
        self.z = zipfile.ZipFile(io.BytesIO(data))
        check_sizes(self.z, where)
        self.parts = _Parts(self.z)
        sheets = set(self.parts.sheets.values())
        for info in self.z.infolist():
            if info.filename not in sheets:
                xml = inflate(data, info, where)
                if info.filename.lower().endswith("sharedstrings.xml"):
                    texts = shared_items(xml)
                    if texts > MAX_TEXTS:
                        raise too_many_texts(where, info.filename, texts)

    @property
    def sheet_names(self) -> list[str]:
        return list(self.parts.sheets)

    def _part(self, name: str) -> zipfile.ZipInfo:
        return self.z.getinfo(self.parts.sheets[name])

    def shape(self, name: str) -> Shape:
        xml = inflate(self.data, self._part(name), self.where)
        listed = len(xml) <= _LISTED_UP_TO  # else counted, never listed: tens of millions
        if listed:  # a usual sheet: listed at once, faster
            found = _ROW_NUMBER.findall(xml)
            numbered, rows = len(found), max(map(int, found), default=0)
        else:
            numbered = rows = 0
            for m in _ROW_NUMBER.finditer(xml):
                numbered, rows = numbered + 1, max(rows, int(m[1]))
        tags = len(_ROW_TAG.findall(xml)) if listed else sum(1 for _ in _ROW_TAG.finditer(xml))
        if numbered != tags or rows > MAX_ROWS:
            # a row without its number, or with one no sheet has: calamine may fail on it
            # (abort the process, even); the stream reader names it or takes it
            return Shape(DENSE_CELLS + 1, {})
        letters = set(_WIDE_REF.findall(xml) if listed else (m[1] for m in _WIDE_REF.finditer(xml)))
        if letters:
            columns = max(column_index(w.decode()) + 1 for w in letters)
        else:
            columns = 26 if _PAST_H.search(xml) else 8
        formulas: dict[int, dict[int, str]] = {}
        if b"<f" in xml:
            # from each `<f` tag back to its cell (a data validation's `<formula1>` is none)
            starts = (xml.rfind(b"<c", 0, f.start()) for f in _FORMULA_TAG.finditer(xml))
            cells = (_FORMULA_ONLY.match(xml, at) for at in starts if at >= 0)
            for n, m in enumerate(m for m in cells if m is not None):
                if n >= MAX_FORMULAS:  # read as a stream, cell by cell
                    return Shape(DENSE_CELLS + 1, {})
                col, row, text = m.groups()
                formulas.setdefault(int(row), {})[column_index(col.decode())] = _unescape(
                    _xml_text((text or b"").decode("utf-8", "replace"))
                )
        return Shape(rows * columns, formulas)

    def rows(self, name: str) -> Iterator[tuple[int, list[Any]]]:
        with self.z.open(self._part(name)) as f:
            yield from _rows(f, self.parts)


def inflate(data: bytes, info: zipfile.ZipInfo, where: str) -> bytes:
    """A part's bytes, never more than its directory declares (which `check_sizes` capped):
    a part whose data would inflate further, or does not match, is damaged."""
    import zlib

    from ledger.io.zip_out import inflater

    start = info.header_offset
    if data[start : start + 4] != b"PK\x03\x04":
        raise ValueError(f"the part {info.filename} is not where the zip says")
    name_len = int.from_bytes(data[start + 26 : start + 28], "little")
    extra_len = int.from_bytes(data[start + 28 : start + 30], "little")
    begin = start + 30 + name_len + extra_len
    raw = memoryview(data)[begin : begin + info.compress_size]
    if info.compress_type == zipfile.ZIP_STORED:
        out = bytes(raw)
    elif info.compress_type == zipfile.ZIP_DEFLATED:
        d = inflater()
        out = d.decompress(raw, info.file_size)
        if not d.eof and (d.unconsumed_tail or d.decompress(b"", 1)):
            raise ProblemsFound(
                [
                    problem(
                        "workbook-too-large",
                        where,
                        f"the part {info.filename} inflates to more than the "
                        f"{info.file_size:,} bytes the zip's directory declares",
                        "the file is damaged or made to harm: restore a saved version "
                        "(`ledger undo --force`) or a backup",
                    )
                ]
            )
    else:
        raise ValueError(f"the part {info.filename} is compressed in a way xlsx files are not")
    if len(out) != info.file_size or zlib.crc32(out) != info.CRC:
        raise ValueError(f"the part {info.filename} is damaged")
    return out


def _rows(f: IO[bytes], parts: _Parts) -> Iterator[tuple[int, list[Any]]]:
    from lxml import etree

    strings = parts.strings
    date_styles = parts.date_styles
    epoch = dt.datetime(1904, 1, 1) if parts.date1904 else dt.datetime(1899, 12, 30)
    row_tag, c_tag = f"{_MAIN}row", f"{_MAIN}c"
    v_tag, f_tag, is_tag = f"{_MAIN}v", f"{_MAIN}f", f"{_MAIN}is"
    last_row = 0
    for _, row in etree.iterparse(f, tag=row_tag, **_PARSE):
        r_attr = row.get("r")
        r = int(r_attr) if r_attr and r_attr.isdigit() else last_row + 1
        if r <= last_row or r > MAX_ROWS:
            raise ValueError(f"row {r} out of order or beyond the last row a sheet can have")
        last_row = r
        values: list[Any] = []
        col = -1
        for c in row.iterchildren(c_tag):
            ref = c.get("r")
            m = _CELL_REF.match(ref) if ref else None
            col = column_index(m.group(1)) if m else col + 1
            if col >= MAX_COLUMNS or col < len(values) - 1:
                raise ValueError(f"cell {ref} out of order or beyond the last column")
            value = _value(c, strings, date_styles, epoch, v_tag, f_tag, is_tag)
            if value is None:
                continue
            if col >= len(values):
                values.extend([None] * (col - len(values) + 1))
            values[col] = value
        row.clear()
        while row.getprevious() is not None:  # what iterparse kept of earlier rows
            del row.getparent()[0]
        if values:
            yield r, values


def _value(
    c: Any,
    strings: list[str],
    date_styles: set[int],
    epoch: dt.datetime,
    v_tag: str,
    f_tag: str,
    is_tag: str,
) -> Any:
    t = c.get("t", "n")
    v = c.find(v_tag)
    text = v.text if v is not None else None
    if t == "inlineStr":
        inline = c.find(is_tag)
        return _unescape(_text_of(inline)) if inline is not None else None
    if text is None:
        formula = c.find(f_tag)
        if formula is not None and (formula.text or formula.get("t") == "shared"):
            return FormulaWithoutValue(formula.text or "")
        return None
    if t == "s":
        return strings[int(text)]
    if t in ("str", "e"):
        return _unescape(text)
    if t == "b":
        return text.strip() in ("1", "true")
    if t == "d":
        try:
            return dt.datetime.fromisoformat(text.strip())
        except ValueError:
            return text
    number = float(text)
    style = c.get("s")
    if style is not None and date_styles and style.isdigit() and int(style) in date_styles:
        # as python-calamine gives them: a date, a time of day, or a date and time
        when = epoch + dt.timedelta(days=number)
        if 0 <= number < 1:
            return when.time()
        return when.date() if number == int(number) else when
    return number
