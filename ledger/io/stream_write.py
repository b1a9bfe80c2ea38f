"""Long sheets written as XML, streamed: their rows are never held as cells; the final zip
written part by part (the long Journal's rows an earlier save wrote are copied as they are,
see `journal_write`)."""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any, Protocol

from ledger.core.schema import SheetSpec
from ledger.io.journal_index import NAMESPACE, PART, PROPS_PART, PROPS_RELS
from ledger.io.zip_out import Member, ZipOut, deflate_rows, deflated_data

_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_ESCAPE_LITERAL = re.compile(r"_(x[0-9A-Fa-f]{4}_)")
_FIRST_ROW_CELL = re.compile(r'<c r="([A-Z]+)2"( s="\d+")?')


def column_letters(n: int) -> str:
    from ledger.core.problems import column_letter

    return column_letter(n)


def text_cell(ref: str, text: str) -> str:
    """An inline string escaped as XlsxWriter does: a literal `_x0041_` stays itself
    (`_x005F_x0041_`), characters XML cannot hold (and CR, which XML turns into LF) as `_xHHHH_`."""
    text = _ESCAPE_LITERAL.sub(r"_x005F_\1", text)
    text = _ILLEGAL.sub(lambda m: f"_x{ord(m.group()):04X}_", text)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{ref}" t="inlineStr"><is><t{space}>{text}</t></is></c>'


def rows_xml(
    rows: Iterable[list[Any]], spec: SheetSpec, styles: dict[str, str], start: int = 2
) -> Iterator[str]:
    cols = [column_letters(i) for i in range(len(spec.columns))]
    style = [styles.get(c, "") for c in cols]
    for r, row in enumerate(rows, start=start):
        cells: list[str] = []
        for c, value in enumerate(row):
            if value is None or value == "":
                continue
            ref = f"{cols[c]}{r}"
            t = type(value)
            if t is bool:
                cells.append(f'<c r="{ref}" t="b"><v>{int(value)}</v></c>')
            elif t is int or t is Decimal or t is float:
                number = format(value, "f") if t is Decimal else repr(value)
                cells.append(f'<c r="{ref}"{style[c]}><v>{number}</v></c>')
            elif t is str:
                cells.append(text_cell(ref, value))
            else:
                cells.append(text_cell(ref, str(value)))
        yield f'<row r="{r}">{"".join(cells)}</row>'


def _stream_sheet(
    xml: str, spec: SheetSpec, rows: Iterator[list[Any]], count: int
) -> Iterator[bytes]:
    """XlsxWriter's sheet (header and first row) completed with all the rows, in pieces."""
    start = xml.index("<sheetData>") + len("<sheetData>")
    end = xml.index("</sheetData>")
    data = xml[start:end]
    header_end = data.index("</row>") + len("</row>")
    styles = {m.group(1): m.group(2) or "" for m in _FIRST_ROW_CELL.finditer(data[header_end:])}
    last = f"{column_letters(len(spec.columns) - 1)}{count + 1}"
    head = re.sub(
        r'<dimension ref="[^"]*"/>', f'<dimension ref="A1:{last}"/>', xml[:start], count=1
    )
    yield (head + data[:header_end]).encode("utf-8")
    chunk: list[str] = []
    for line in rows_xml(rows, spec, styles):
        chunk.append(line)
        if len(chunk) >= 2000:
            yield "".join(chunk).encode("utf-8")
            chunk.clear()
    yield ("".join(chunk) + xml[end:]).encode("utf-8")


class _Crc:
    """The CRC-32 and size of the pieces that pass through."""

    def __init__(self, pieces: Iterable[bytes]) -> None:
        self.pieces, self.crc, self.size = pieces, 0, 0

    def __iter__(self) -> Iterator[bytes]:
        for piece in self.pieces:
            self.crc = zlib.crc32(piece, self.crc)
            self.size += len(piece)
            yield piece


#: The relationship, content type and properties that make the journal's index a custom XML
#: part of the workbook (as Office keeps an application's own data).
_CUSTOM_XML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml"
_PROPS_TYPE = "application/vnd.openxmlformats-officedocument.customXmlProperties+xml"
_PROPS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXmlProps"
_ITEM_ID = "{6A7D2C1E-3B4F-4E8A-9C1D-2F5B7E9A0C3D}"


#: The parts `_with_index_refs` changes.
_INDEXED = frozenset({"[Content_Types].xml", "xl/_rels/workbook.xml.rels"})


def _with_index_refs(name: str, data: bytes) -> bytes:
    """The content types and the workbook's relationships, naming the index's parts."""
    if name == "[Content_Types].xml":
        override = f'<Override PartName="/customXml/itemProps1.xml" ContentType="{_PROPS_TYPE}"/>'
        return data.replace(b"</Types>", override.encode() + b"</Types>", 1)
    if name == "xl/_rels/workbook.xml.rels":
        taken = [int(n) for n in re.findall(rb'Id="rId(\d+)"', data)]
        rel = (
            f'<Relationship Id="rId{max(taken, default=0) + 1}" Type="{_CUSTOM_XML}" '
            'Target="../customXml/item1.xml"/>'
        )
        return data.replace(b"</Relationships>", rel.encode() + b"</Relationships>", 1)
    return data


def _index_parts(index_xml: bytes) -> dict[str, bytes]:
    decl = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    return {
        PART: index_xml,
        PROPS_PART: decl
        + (
            f'<ds:datastoreItem ds:itemID="{_ITEM_ID}" '
            'xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml">'
            f'<ds:schemaRefs><ds:schemaRef ds:uri="{NAMESPACE}"/></ds:schemaRefs>'
            "</ds:datastoreItem>"
        ).encode(),
        PROPS_RELS: decl
        + (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{_PROPS_REL}" Target="itemProps1.xml"/>'
            "</Relationships>"
        ).encode(),
    }


class JournalPart(Protocol):
    """The long Journal's part, written by `journal_write`: its name, whether it comes with
    an index, and how it is written (returning the index's XML)."""

    name: str

    def indexed(self) -> bool: ...

    def write(self, member: Member, xml: str) -> bytes | None: ...


def finish_streams(
    buffer: io.BytesIO,
    path: Path,
    streamed: dict[str, tuple[SheetSpec, Callable[[], Iterator[list[Any]]]]],
    journal: JournalPart | None = None,
) -> None:
    """Write the final zip: XlsxWriter's parts as they are, the streamed sheets completed,
    and the long Journal in pieces with its index (`journal_write`)."""
    indexed = journal is not None and journal.indexed()
    index = None
    buffer.seek(0)
    with zipfile.ZipFile(buffer) as src, path.open("wb") as f:
        out = ZipOut(f)
        whole = buffer.getvalue()
        for info in src.infolist():
            name = info.filename
            if journal is not None and name == journal.name:
                member = out.member(name, info.date_time, info.external_attr)
                index = journal.write(member, src.read(name).decode("utf-8"))
            elif name in streamed:
                spec, rows = streamed[name]
                count = sum(1 for _ in rows())
                pieces = _Crc(_stream_sheet(src.read(name).decode("utf-8"), spec, rows(), count))
                member = out.member(name, info.date_time, info.external_attr)
                for piece in deflate_rows(pieces):  # the long sheets: speed over size
                    member.write(piece)
                member.close(pieces.crc, pieces.size)
            elif indexed and name in _INDEXED:
                data = _with_index_refs(name, src.read(name))
                out.add(name, data, info.date_time, info.external_attr)
            elif (kept := deflated_data(whole, info)) is not None:
                # as XlsxWriter deflated it, at zipfile's level, which is `add`'s: the bytes
                # that inflating and deflating it again would give, without the work
                out.add_deflated(
                    name, kept, info.CRC, info.file_size, info.date_time, info.external_attr
                )
            else:
                out.add(name, src.read(name), info.date_time, info.external_attr)
        if indexed:
            if index is None:
                raise AssertionError("the Journal's index was announced but not written")
            when = src.infolist()[0].date_time
            for name, data in _index_parts(index).items():
                out.add(name, data, when)
        out.close()
