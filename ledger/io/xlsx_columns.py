"""What reading a sheet by whole columns needs of a workbook another program saved: where the
sheet's XML is, its shared strings, and the cell styles under which a number cell is a plain
number.

The careful reader (python-calamine, cell by cell) is the reference, and this module answers
only what it is sure of: a text is plain only in one form, a `<t>` element alone, read as
python-calamine reads it (the line ends as XML reads them, the entities, then the `_x00HH_`
escapes); a style is a number's only when its format can be no date, time or duration. For
anything else (rich text, phonetic runs, a format it does not know) the answer is "not
plain", and the caller leaves the sheet to the careful reader.
"""

from __future__ import annotations

import re
import zipfile
from typing import Any

from ledger.io.xlsx_read import (
    _MAIN,
    _REL,
    ITEM_TAG,
    MAX_TEXTS,
    SHARED_ITEM,
    _join,
    _parser,
    shared_items,
)

#: Built-in number formats that show a number as a number (ECMA-376, 18.8.30): General,
#: 0, 0.00, #,##0, percentages, scientific, fractions, accounting. Every other built-in id is
#: a date, a time, a duration, text or a locale's own.
_PLAIN_IDS = frozenset(range(14)) | frozenset(range(37, 45)) | {48, 49}
#: A custom format with no letter a reader could take for a date or time: digits' places,
#: separators, signs, quoted text, escaped characters, a colour, a currency's symbol.
_PLAIN_CODE = re.compile(
    r'(?:[0#?,.%+\- ;()E]|"[^"]*"|\\.|_.|\[(?:Red|Black|Blue|Green|White|Yellow|Cyan)\]'
    r"|\[\$[^\]\-A-Za-z]*(?:-[0-9]{1,4})?\])*",
    re.IGNORECASE,
)
_PLAIN_TEXT = re.compile(rb'<t(?: xml:space="preserve")?>([^<]*)</t>')
_ENTITY = re.compile(rb"&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));")
_ENTITIES = {b"amp": "&", b"lt": "<", b"gt": ">", b"quot": '"', b"apos": "'"}
#: The escapes xlsx readers decode after the entities (python-calamine: `_x00HH_` only;
#: `_x005F_` is how a literal `_x0041_` is written).
_ESCAPED = re.compile(r"_x(00[0-9A-Fa-f]{2})_")
_T = rb'<t(?: xml:space="preserve")?>[^<]*</t>'
#: A run of rich text: its format (empty elements only), then its text.
_RUN = re.compile(
    rb"<r>(?:<rPr>(?:<[A-Za-z]+(?: [A-Za-z:]+=\"[^\"]*\")*/>)*</rPr>)?(" + _T + rb")</r>"
)
#: Phonetic runs and their settings, which readers leave out of the text.
_PHONETIC = rb"(?:<rPh\b[^>]*>" + _T + rb"</rPh>|<phoneticPr\b[^>]*/>)*"
_ONE_TEXT = re.compile(rb"(" + _T + rb")" + _PHONETIC)
_RUNS = re.compile(rb"(?:" + _RUN.pattern + rb")+" + _PHONETIC)


class NotPlainText(ValueError):
    """A text a reader might take otherwise."""


def _entity(m: re.Match[bytes]) -> str:
    name, decimal, hexadecimal = m.groups()
    if name is not None:
        return _ENTITIES[name]
    code = int(decimal) if decimal is not None else int(hexadecimal, 16)
    if (code < 0x20 and code not in (0x9, 0xA, 0xD)) or 0xD800 <= code <= 0xDFFF:
        raise NotPlainText  # a character XML cannot hold: readers differ, or fail
    if code in (0xFFFE, 0xFFFF) or code > 0x10FFFF:
        raise NotPlainText
    return chr(code)


def plain_text(t: bytes) -> str:
    """The text of a `<t>` element (`<t>text</t>`, with or without `xml:space`) as every
    reader gives it, but for the spaces around it (which the loader strips): the line ends
    as XML reads them, the entities, then the `_x00HH_` escapes (as python-calamine does).
    NotPlainText for any other `&`, or a character XML cannot hold."""
    m = _PLAIN_TEXT.fullmatch(t)
    if m is None:
        raise NotPlainText
    raw = m.group(1)
    if b"\r" in raw:
        raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if b"&" not in raw:
        text = raw.decode("utf-8")
    else:
        out = []
        at = 0
        for e in _ENTITY.finditer(raw):
            if b"&" in raw[at : e.start()]:
                raise NotPlainText  # an entity of no XML
            out.append(raw[at : e.start()].decode("utf-8"))
            out.append(_entity(e))
            at = e.end()
        if b"&" in raw[at:]:
            raise NotPlainText
        out.append(raw[at:].decode("utf-8"))
        text = "".join(out)
    if "_x" in text:
        text = _ESCAPED.sub(lambda e: chr(int(e.group(1), 16)), text)
    return text


def shared_text(item: bytes) -> str:
    """A shared string item's text (`<si>`'s content) as python-calamine gives it, but for
    the spaces around it: one `<t>`, or runs of rich text (each run's `<t>` read on its own,
    its spaces trimmed unless `xml:space="preserve"`, then joined); phonetic runs left out.
    NotPlainText for any other form, and for a run whose trimming is not sure."""
    one = _ONE_TEXT.fullmatch(item)
    if one is not None:
        return plain_text(one.group(1))
    if _RUNS.fullmatch(item) is None:
        raise NotPlainText
    out = []
    for t in _RUN.findall(item):
        if not t.startswith(b'<t xml:space="preserve">'):
            raw = t[3:-4]
            if raw[:1] in (b" ", b"\t", b"\n", b"\r", b"&", b"_") or raw[-1:] in (
                b" ",
                b"\t",
                b"\n",
                b"\r",
                b";",
                b"_",
            ):
                raise NotPlainText  # trimmed before or after decoding? not sure: careful
        out.append(plain_text(t))
    return "".join(out)


def plain_code(code: str) -> bool:
    """A custom number format under which a number is shown (and read) as a number."""
    return code.casefold() in ("general", "@") or _PLAIN_CODE.fullmatch(code) is not None


class Parts:
    """The workbook's sheets by name, its shared strings (raw, decoded on demand) and the
    styles under which a number cell is a plain number."""

    def __init__(self, z: zipfile.ZipFile) -> None:
        from lxml import etree

        self.z = z
        self.etree = etree
        book = self._tree("xl/workbook.xml")
        rels = self._rels("xl/_rels/workbook.xml.rels")
        self.sheets: dict[str, list[str]] = {}
        for s in book.iter(f"{_MAIN}sheet") if book is not None else ():
            self.sheets.setdefault(s.get("name", ""), []).append(
                rels.get(s.get(f"{_REL}id", ""), "")
            )
        self._items = self._shared_items(rels)
        #: How many shared strings there are (-1: they could not be counted surely).
        self.strings = -1 if self._items is None else len(self._items)
        self._texts: dict[int, str | None] = {}
        self.number_styles = self._number_styles(rels)

    def sheet(self, name: str) -> zipfile.ZipInfo | None:
        """The part of the one sheet of this name (None: none, more than one, or missing)."""
        parts = self.sheets.get(name, [])
        if len(parts) != 1 or not parts[0]:
            return None
        try:
            return self.z.getinfo(parts[0])
        except KeyError:
            return None

    def text(self, index: int) -> str | None:
        """The shared string `index` as every reader gives it, or None when it is not plain
        (or there is no such string)."""
        if index in self._texts:
            return self._texts[index]
        text = None
        if self._items is not None and 0 <= index < len(self._items):
            try:
                text = shared_text(self._items[index])
            except (NotPlainText, UnicodeDecodeError):
                text = None
        self._texts[index] = text
        return text

    def _tree(self, part: str) -> Any:
        if part not in self.z.namelist():
            return None
        with self.z.open(part) as f:
            return self.etree.parse(f, _parser(self.etree)).getroot()

    def _rels(self, part: str) -> dict[str, str]:
        tree = self._tree(part)
        out: dict[str, str] = {}
        for r in tree if tree is not None else ():
            target = r.get("Target", "")
            if r.get("TargetMode") == "External":
                continue
            out[r.get("Id", "")] = (
                target.lstrip("/") if target.startswith("/") else _join("xl", target)
            )
        return out

    def _part_of(self, rels: dict[str, str], kind: str) -> str | None:
        found = [t for t in rels.values() if t.lower().endswith(kind)]
        return found[0] if len(found) == 1 else None

    def _shared_items(self, rels: dict[str, str]) -> list[bytes] | None:
        """Each shared string item's raw XML, in order; None when they cannot be told apart
        this simply (an item in another form would shift the numbering)."""
        part = self._part_of(rels, "sharedstrings.xml")
        if part is None or part not in self.z.namelist():
            return [] if part is None else None
        xml = self.z.read(part)
        if shared_items(xml) > MAX_TEXTS:
            return None  # the careful reader names it
        items = SHARED_ITEM.findall(xml)
        if len(items) != sum(1 for _ in ITEM_TAG.finditer(xml)):
            return None
        return items

    def _number_styles(self, rels: dict[str, str]) -> frozenset[int]:
        """The indexes of the cell styles under which a number cell is a plain number."""
        part = self._part_of(rels, "styles.xml")
        tree = self._tree(part) if part is not None else None
        if tree is None:
            return frozenset({0})  # no styles: every cell is General
        custom: dict[int, str] = {}
        fmts = tree.find(f"{_MAIN}numFmts")
        for f in fmts if fmts is not None else ():
            try:
                custom[int(f.get("numFmtId", ""))] = f.get("formatCode", "")
            except ValueError:
                return frozenset()  # a format no reader can name: none is sure
        xfs = tree.find(f"{_MAIN}cellXfs")
        if xfs is None:
            return frozenset({0})
        out = set()
        for i, xf in enumerate(xfs.iterchildren(f"{_MAIN}xf")):
            try:
                fid = int(xf.get("numFmtId", "0"))
            except ValueError:
                continue
            if fid in custom:
                if (fid >= 164 or fid in _PLAIN_IDS) and plain_code(custom[fid]):
                    out.add(i)
            elif fid in _PLAIN_IDS:
                out.add(i)
        return frozenset(out)
