"""A workbook's bytes, checked against what a hostile or damaged file can claim before
python-calamine reads them. Calamine lays a sheet out as one rectangle from its first cell to
its last and ends the whole process when that memory cannot be had: one cell at XFD1048576
asks for 512 GB. So, before it reads a byte:

- the workbook is a plain file (a pipe would hang the read), no larger than the cap;
- a zip of at most `MAX_PARTS` parts, no name twice (readers disagree on which one counts);
- every part's declared size under the cap (`LEDGER_MAX_PART_MB`; all parts together under
  four times it), none packed tighter than `MAX_RATIO` to one, and every part inflated once
  here, never past the size it declares, its CRC checked: calamine meets only checked bytes;
- at most `MAX_TEXTS` distinct texts;
- each sheet's rectangle at most `MAX_CELLS` cells: the farthest cell is named otherwise;
- each formula that no program computed found, so its cell can be named (calamine reads it
  as an empty cell).

A sheet's extent comes from a few regular-expression passes over its XML when every cell and
row tag is written as Excel, LibreOffice and XlsxWriter write them (`<c r="B7"`), and from a
walk over its tags with lxml otherwise (where calamine would place a cell without its own
reference, or one written another way).
"""

from __future__ import annotations

import io
import os
import re
import stat
import zipfile
import zlib
from pathlib import Path

import msgspec

from ledger.core.problems import CellRef, ProblemsFound, problem

#: The default cap on one part's inflated size, in MB: about eight times the Journal part of a
#: 100,000-row journal (32 MB). `$LEDGER_MAX_PART_MB` changes it (it cannot live in the
#: workbook: it guards reading it). The file itself may be no larger.
DEFAULT_MAX_PART_MB = 256
#: Parts a workbook may have (a game's workbook has about 40).
MAX_PARTS = 10_000
#: How much tighter than this a large part may not be packed (a 100,000-row Journal: 8 to 1;
#: a deflate bomb: about 1,000 to 1).
MAX_RATIO = 200
RATIO_FROM = 1 << 20
#: Distinct texts (shared strings) a workbook may hold: calamine keeps them all in memory.
MAX_TEXTS = 1_000_000
#: Cells in a sheet's rectangle (about 130 MB in calamine): a 300,000-row Journal is 2.4 million.
MAX_CELLS = 4_000_000
MAX_COLUMNS = 16_384


class FormulaWithoutValue(str):
    """A formula cell with no computed value: empty text that knows it was a formula."""

    formula: str

    def __new__(cls, formula: str) -> FormulaWithoutValue:
        self = super().__new__(cls, "")
        self.formula = formula
        return self


class Sheet(msgspec.Struct, frozen=True):
    """What a sheet's XML says before calamine reads it: its part, and each formula without a
    value (row -> column -> the formula's text)."""

    part: str
    formulas: dict[int, dict[int, str]]


def max_part_bytes() -> int:
    try:
        mb = float(os.environ.get("LEDGER_MAX_PART_MB", DEFAULT_MAX_PART_MB))
    except ValueError:
        mb = DEFAULT_MAX_PART_MB
    return int(max(mb, 0) * 1024 * 1024)


def _refuse(code: str, where: str, message: str, hint: str) -> ProblemsFound:
    return ProblemsFound([problem(code, where, message, hint)])


def _too_large(where: str, what: str) -> ProblemsFound:
    return _refuse(
        "workbook-too-large",
        where,
        what,
        "a workbook of the books is far smaller: is it damaged, or is a huge sheet in it? "
        "Delete what is not needed there; LEDGER_MAX_PART_MB raises the limit",
    )


DAMAGED_HINT = "restore a saved version: `ledger undo --force`, or a backup"


def damaged(where: str, why: str = "") -> ProblemsFound:
    what = f"the workbook cannot be read: {why}" if why else "the workbook is damaged or truncated"
    return _refuse("damaged-xlsx", where, what, DAMAGED_HINT)


def read_bytes(path: Path) -> bytes:
    """The workbook's bytes, read once (every reader of one command sees the same save), or a
    clear problem for what is no workbook: nothing there, a folder, a pipe, a file too large."""
    where = str(path)
    try:
        # never blocks on a pipe; a plain file is read as usual
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        from ledger.rules import GAMES

        raise _refuse(
            "no-workbook",
            where,
            "there is no workbook here",
            "create one: ledger new --game GAME --player Ann --player Bob (games: "
            + ", ".join(GAMES)
            + ")",
        ) from None
    except OSError as exc:
        raise _refuse("unreadable", where, f"cannot read the file: {exc.strerror}", "") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a pipe or a device"
        raise _refuse(
            "not-a-file",
            where,
            f"this is {kind}, not a workbook file",
            "name the .xlsx file of the books (-w FILE)",
        )
    with os.fdopen(fd, "rb") as f:
        cap = max_part_bytes()
        if st.st_size > cap:
            raise _too_large(where, f"the file holds {st.st_size / 1048576:,.0f} MB")
        try:
            data = f.read(cap + 1)
        except OSError as exc:
            raise _refuse(
                "unreadable", where, f"cannot read the file: {exc.strerror}", ""
            ) from None
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise _refuse(
            "encrypted-or-xls",
            where,
            "the workbook is encrypted (password-protected) or an old .xls file",
            "save it from Excel or LibreOffice as an .xlsx without a password",
        )
    if not data.startswith(b"PK"):
        raise _refuse(
            "not-xlsx",
            where,
            "this file is not an .xlsx workbook",
            "name a workbook made by `ledger new`, or by Excel/LibreOffice as .xlsx",
        )
    return data


def checked(data: bytes, where: str) -> dict[str, Sheet]:
    """Check the zip and every part of it (see the module's text); the sheets by name."""
    infos = _parts(data, where)
    xml = {i.filename: _inflate(data, i, where) for i in infos}
    for name, part in xml.items():
        if name.lower().endswith("sharedstrings.xml"):
            texts = part.count(b"<si") + part.count(b":si>") + part.count(b":si ")
            if texts > MAX_TEXTS:
                raise _too_large(
                    where,
                    f"the part {name} of the workbook holds {texts:,} distinct texts "
                    f"(more than {MAX_TEXTS:,})",
                )
    sheets = {part: sheet for sheet, part in _sheet_parts(xml).items() if part in xml}
    for name, part in xml.items():  # every part with cells, whatever the workbook says of it
        if b"sheetData" in part:
            _refuse_far_cells(sheets.get(name, name), part, where)
    return {sheet: Sheet(part, _formulas(xml[part])) for part, sheet in sheets.items()}


def _parts(data: bytes, where: str) -> list[zipfile.ZipInfo]:
    """The zip's parts, each name once, none declared larger than the cap or packed tighter
    than `MAX_RATIO`, all together under four times the cap."""
    parts = _declared_parts(data)
    if parts > MAX_PARTS:
        raise _too_large(where, f"the workbook has {parts:,} parts (more than {MAX_PARTS:,})")
    try:
        infos = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise damaged(where) from None
    names = [i.filename for i in infos]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise _refuse(
            "zip-entry-twice",
            where,
            "the workbook holds two parts of one name: " + ", ".join(twice),
            "a program made this file by hand; restore a saved version "
            "(`ledger undo --force`) or a backup",
        )
    if "xl/workbook.xml" not in names:
        raise _refuse("not-xlsx", where, "this zip file is not an .xlsx workbook", "")
    cap = max_part_bytes()
    for i in infos:
        if i.file_size > cap:
            raise _too_large(
                where,
                f"the part {i.filename} of the workbook would take "
                f"{i.file_size / 1048576:,.0f} MB (more than {cap / 1048576:,.0f} MB)",
            )
        if i.file_size > RATIO_FROM and i.file_size > MAX_RATIO * max(i.compress_size, 1):
            raise _too_large(
                where,
                f"the part {i.filename} is packed {i.file_size // max(i.compress_size, 1):,} "
                f"to 1 (a workbook's parts: about 10 to 1)",
            )
    if sum(i.file_size for i in infos) > 4 * cap:
        total = sum(i.file_size for i in infos) / 1048576
        raise _too_large(where, f"its parts would take {total:,.0f} MB together")
    return infos


def _declared_parts(data: bytes) -> int:
    """How many parts the zip's end record declares, read before Python's zip reader lists
    them all (a directory of millions of entries would take gigabytes)."""
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 65_557))
    if end < 0 or end + 22 > len(data):
        return 0  # no end record: the zip reader says the file is damaged
    count = int.from_bytes(data[end + 10 : end + 12], "little")
    locator = end - 20
    if locator >= 0 and data[locator : locator + 4] == b"PK\x06\x07":  # a zip64 end record
        at = int.from_bytes(data[locator + 8 : locator + 16], "little")
        if data[at : at + 4] == b"PK\x06\x06":
            count = max(count, int.from_bytes(data[at + 32 : at + 40], "little"))
        else:
            count = MAX_PARTS + 1  # a zip64 record that is not where it says: not read
    return count


def _inflate(data: bytes, info: zipfile.ZipInfo, where: str) -> bytes:
    """A part's bytes, never more than its directory declares (which is capped): a part whose
    data would inflate further, or does not match its size and CRC, is refused."""
    start = info.header_offset
    if data[start : start + 4] != b"PK\x03\x04":
        raise damaged(where, f"the part {info.filename} is not where the zip says")
    name_len = int.from_bytes(data[start + 26 : start + 28], "little")
    extra_len = int.from_bytes(data[start + 28 : start + 30], "little")
    begin = start + 30 + name_len + extra_len
    raw = memoryview(data)[begin : begin + info.compress_size]
    if info.compress_type == zipfile.ZIP_STORED:
        out = bytes(raw)
    elif info.compress_type == zipfile.ZIP_DEFLATED:
        d = zlib.decompressobj(-15)
        try:
            out = d.decompress(raw, info.file_size)
            more = not d.eof and (d.unconsumed_tail or d.decompress(b"", 1))
        except zlib.error:
            raise damaged(where, f"the part {info.filename} is damaged") from None
        if more:
            raise _refuse(
                "workbook-too-large",
                where,
                f"the part {info.filename} inflates to more than the "
                f"{info.file_size:,} bytes the zip's directory declares",
                "the file is damaged or made to harm: restore a saved version "
                "(`ledger undo --force`) or a backup",
            )
    else:
        raise damaged(where, f"the part {info.filename} is packed in a way xlsx files are not")
    if len(out) != info.file_size or zlib.crc32(out) != info.CRC:
        raise damaged(where, f"the part {info.filename} is damaged")
    return out


#: An element's attributes (`name="Ann &amp; Bob"`), and the `<sheet>` and `<Relationship>`
#: elements of the workbook and its relations, whatever their prefix.
_ATTRIBUTE = re.compile(rb"""([\w.:-]+)\s*=\s*("[^"]*"|'[^']*')""")
_SHEET = re.compile(rb"<(?:[\w.-]+:)?sheet\s([^>]*)>")
_RELATIONSHIP = re.compile(rb"<(?:[\w.-]+:)?Relationship\s([^>]*)>")


def _attributes(text: bytes) -> dict[str, str]:
    """An element's attributes by their local names (`r:id` as `id`), their values decoded."""
    import html

    return {
        k.decode("utf-8", "replace").rpartition(":")[2]: html.unescape(
            v[1:-1].decode("utf-8", "replace")
        )
        for k, v in _ATTRIBUTE.findall(text)
    }


def _sheet_parts(xml: dict[str, bytes]) -> dict[str, str]:
    """Each sheet's name and the part that holds its cells, as the workbook's relations say
    (read by pattern: no XML library is loaded for two short parts; every part with cells is
    checked whatever this finds, so a misreading only names a part by its file)."""
    targets = {}
    for m in _RELATIONSHIP.finditer(xml.get("xl/_rels/workbook.xml.rels", b"")):
        r = _attributes(m[1])
        target = r.get("Target", "")
        if r.get("TargetMode") != "External" and target:
            targets[r.get("Id", "")] = (
                target.lstrip("/") if target.startswith("/") else _join(target)
            )
    sheets = (_attributes(m[1]) for m in _SHEET.finditer(xml["xl/workbook.xml"]))
    return {s.get("name", ""): targets.get(s.get("id", ""), "") for s in sheets}


def _join(target: str) -> str:
    parts = ["xl"]
    for piece in target.split("/"):
        if piece == "..":
            if parts:
                parts.pop()
        elif piece and piece != ".":
            parts.append(piece)
    return "/".join(parts)


#: A cell or row tag written otherwise than `<c r="B7"` and `<row r="7"`: a prefix, no
#: reference, the reference not first or in other quotes.
#: (Three patterns, each searched for on its own: each begins with its own literal, which the
#: search finds at C speed; together in one they take four times as long.)
_ODD_TAGS = [
    re.compile(p) for p in (rb'<c(?! r=")[\s/>]', rb'<row(?! r=")[\s/>]', rb":(?:c|row)[\s/>]")
]
#: The columns of cells past H (the Journal's last): only those are listed.
_PAST_H = re.compile(rb'<c r="([I-Z]|[A-Za-z]{2,}|[a-z])\d')


def _refuse_far_cells(sheet: str, xml: bytes, where: str) -> None:
    """Refuse a sheet whose rectangle, from A1 to its farthest cell, has more than
    `MAX_CELLS` cells (calamine would ask for that memory), naming a cell that makes it so."""
    if any(odd.search(xml) for odd in _ODD_TAGS):
        columns, far = _walk_tags(xml, where)
    else:
        letters = max(set(_PAST_H.findall(xml)), key=lambda w: (len(w), w.upper()), default=b"H")
        columns = _column(letters.decode().upper()) + 1
        far = (columns - 1, 1)
        m = re.search(rb'<c r="([A-Za-z]+)' + _at_least(MAX_CELLS // columns + 1) + rb'"', xml)
        if m is not None:
            far = (_column(m[1].decode().upper()), int(m[2]))
    column, row = far
    if columns <= MAX_COLUMNS and columns * row <= MAX_CELLS:
        return
    cell = str(CellRef(sheet, min(column, MAX_COLUMNS - 1), row))
    raise _refuse(
        "cell-too-far",
        cell,
        f"the sheet {sheet} reaches cell {cell.partition('!')[2]}: from A1 to there is more "
        f"than {MAX_CELLS:,} cells, more than ledger reads",
        "delete that cell (or move what is in it nearer to A1) in Excel or LibreOffice",
    )


def _at_least(n: int) -> bytes:
    """A pattern for a whole number of at least `n` (its digits as group 2)."""
    s = str(n)
    k = len(s)
    alternatives = [rf"[1-9]\d{{{k},}}"]
    for i, d in enumerate(s):
        if d != "9":
            alternatives.append(s[:i] + f"[{int(d) + 1}-9]" + rf"\d{{{k - i - 1}}}")
    alternatives.append(s)
    return rf"0*({'|'.join(alternatives)})".encode()


def _column(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def _walk_tags(xml: bytes, where: str) -> tuple[int, tuple[int, int]]:
    """The sheet's width and its farthest cell (column, row) as calamine places them, tag by
    tag: a row without its number follows the one before, a cell without its reference the
    cell before; any prefix (lxml)."""
    from lxml import etree

    row = column = 0
    columns, far = 1, (0, 1)
    try:
        for _, el in etree.iterparse(
            io.BytesIO(xml),
            events=("start",),
            tag=("{*}row", "{*}c"),
            huge_tree=True,
            resolve_entities=False,
            load_dtd=False,
            no_network=True,
        ):
            ref = el.get("r")
            if etree.QName(el).localname == "row":
                row, column = (int(ref) if ref and ref.isdigit() else row + 1), -1
            else:
                m = re.fullmatch(r"([A-Za-z]{1,4})(\d{1,9})", ref or "")
                if m:
                    column, row = _column(m[1].upper()), int(m[2])
                elif ref:
                    raise damaged(where, f"a cell's reference {ref[:20]!r} is no cell")
                else:
                    column += 1
                columns = max(columns, column + 1)
                if row > far[1] or (column > far[0] and row == far[1]):
                    far = (column, row)
            el.clear()
    except etree.XMLSyntaxError as exc:
        raise damaged(where, str(exc)) from None
    return columns, far


#: A formula's tag; the cell around it is matched by `_FORMULA_ONLY` from its `<c`.
_FORMULA_TAG = re.compile(rb"<f\b")
_FORMULA_ONLY = re.compile(
    rb"<c\b[^>]*?\sr=\"([A-Z]{1,3})(\d+)\"[^>]*>\s*<f\b[^>]*?(?:/>|>([^<]*)</f>)"
    rb"\s*(?:<v\s*/>|<v>\s*</v>)?\s*</c>"
)
_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def _formulas(xml: bytes) -> dict[int, dict[int, str]]:
    """Each formula without a computed value: from its `<f` tag back to its cell (a data
    validation's `<formula1>` is none)."""
    found: dict[int, dict[int, str]] = {}
    if b"<f" not in xml:
        return found
    starts = (xml.rfind(b"<c", 0, f.start()) for f in _FORMULA_TAG.finditer(xml))
    for m in (_FORMULA_ONLY.match(xml, at) for at in starts if at >= 0):
        if m is not None:
            col, row, text = m.groups()
            formula = (text or b"").decode("utf-8", "replace")
            if "&" in formula:
                import html

                formula = html.unescape(formula)
            formula = _ESCAPE.sub(lambda e: chr(int(e.group(1), 16)), formula)
            found.setdefault(int(row), {})[_column(col.decode())] = formula
    return found
