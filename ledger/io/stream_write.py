"""The Journal written as XML, streamed: the rows of a long journal are never held as cells,
and the rows an earlier save wrote are copied as they are."""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from ledger import __version__
from ledger.core.books import Books
from ledger.core.schema import SheetSpec

_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_ESCAPE_LITERAL = re.compile(r"_(x[0-9A-Fa-f]{4}_)")
_FIRST_ROW_CELL = re.compile(r'<c r="([A-Z]+)2"( s="\d+")?')


def column_letters(n: int) -> str:
    from ledger.core.problems import column_letter

    return column_letter(n)


def _text_cell(ref: str, text: str) -> str:
    """An inline string escaped as XlsxWriter does: a literal `_x0041_` stays itself
    (`_x005F_x0041_`), characters XML cannot hold (and CR, which XML turns into LF) as `_xHHHH_`."""
    text = _ESCAPE_LITERAL.sub(r"_x005F_\1", text)
    text = _ILLEGAL.sub(lambda m: f"_x{ord(m.group()):04X}_", text)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{ref}" t="inlineStr"><is><t{space}>{text}</t></is></c>'


def journal_rows(books: Books) -> Iterator[list[Any]]:
    for t in books.journal:
        for p in t.postings:
            yield [t.id, t.day, t.kind, p.account, p.amount.amount, t.memo, t.event, t.rule]


def _rows_xml(
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
                cells.append(_text_cell(ref, value))
            else:
                cells.append(_text_cell(ref, str(value)))
        yield f'<row r="{r}">{"".join(cells)}</row>'


def _stream_sheet(
    xml: str,
    spec: SheetSpec,
    rows: Iterator[list[Any]],
    out: Any,
    count: int,
    kept: Callable[[Any], None] | None = None,
    skip: int = 0,
) -> None:
    """Write XlsxWriter's sheet (header and first row) completed with all the rows to `out`."""
    start = xml.index("<sheetData>") + len("<sheetData>")
    end = xml.index("</sheetData>")
    data = xml[start:end]
    header_end = data.index("</row>") + len("</row>")
    styles = {m.group(1): m.group(2) or "" for m in _FIRST_ROW_CELL.finditer(data[header_end:])}
    last = f"{column_letters(len(spec.columns) - 1)}{count + 1}"
    head = re.sub(
        r'<dimension ref="[^"]*"/>', f'<dimension ref="A1:{last}"/>', xml[:start], count=1
    )
    out.write((head + data[:header_end]).encode("utf-8"))
    if kept is not None:
        kept(out)  # the rows the previous save wrote, as they were
        rows = itertools.islice(rows, skip, None)
    chunk: list[str] = []
    for line in _rows_xml(rows, spec, styles, start=2 + skip):
        chunk.append(line)
        if len(chunk) >= 2000:
            out.write("".join(chunk).encode("utf-8"))
            chunk.clear()
    out.write(("".join(chunk) + xml[end:]).encode("utf-8"))


_CHUNK = 1 << 20


def _old_rows(old: zipfile.ZipFile, part: str, rows: int, styles: bytes) -> tuple[int, int] | None:
    """Where, in the previous save's journal sheet, its first `rows` data rows lie, when they
    can be copied as they are: written by this ledger (the same version and styles), inline
    text only, every row there. Anything else (Excel or LibreOffice saved it, a row was
    edited): None. Read in chunks: the sheet is never held whole in memory."""
    try:
        if old.read("xl/styles.xml") != styles:
            return None
        if f"written by ledger {__version__}".encode() not in old.read("docProps/core.xml"):
            return None
        start = end = -1
        count = seen = 0
        carry = tail = b""
        with old.open(part) as f:
            while block := f.read(_CHUNK):
                buf = carry + block
                base = seen - len(carry)
                if start < 0:
                    data = buf.find(b"<sheetData>")
                    row_end = buf.find(b"</row>", data) if data >= 0 else -1
                    if row_end >= 0:
                        start = base + row_end + len(b"</row>")
                if start >= 0:
                    lo = max(0, start - base)
                    hi = buf.find(b"</sheetData>", lo)
                    scan = buf[lo:] if hi < 0 else buf[lo:hi]
                    if b' t="s"' in scan or b"<f>" in scan:
                        return None
                    count += scan.count(b"<row ") - (
                        carry.count(b"<row ") if lo == 0 and carry else 0
                    )
                    if hi >= 0:
                        end = base + hi
                        tail = buf[max(lo, hi - 8192) : hi]
                        break
                seen += len(block)
                carry = buf[-16:]
    except (OSError, KeyError, zipfile.BadZipFile):
        return None
    if start < 0 or end < 0 or count != rows or f'<row r="{rows + 1}">'.encode() not in tail:
        return None
    return start, end


def _copy_range(old: zipfile.ZipFile, part: str, start: int, end: int, out: Any) -> None:
    with old.open(part) as f:
        pos = 0
        while pos < end:
            block = f.read(min(_CHUNK, end - pos) if pos >= start else min(_CHUNK, start - pos))
            if not block:
                break
            if pos >= start:
                out.write(block)
            pos += len(block)


def finish_streams(
    buffer: io.BytesIO,
    path: Path,
    streamed: dict[str, tuple[SheetSpec, Callable[[], Iterator[list[Any]]]]],
    reuse: dict[str, tuple[Path, str, int]] | None = None,
) -> None:
    """Write the final zip: XlsxWriter's parts as they are, the streamed sheets completed (the
    journal's unchanged rows copied from the previous save when they can be)."""
    reuse = reuse or {}
    buffer.seek(0)
    with (
        zipfile.ZipFile(buffer) as src,
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as dst,
    ):
        styles = src.read("xl/styles.xml")
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename not in streamed:
                dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
                continue
            spec, rows = streamed[info.filename]
            count = sum(1 for _ in rows())
            target = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            target.compress_type = zipfile.ZIP_DEFLATED
            target._compresslevel = 1  # type: ignore[attr-defined]  # the long sheets: speed over size
            with contextlib.ExitStack() as stack:
                kept, skip = None, 0
                if info.filename in reuse:
                    source, part, n = reuse[info.filename]
                    try:
                        old = stack.enter_context(zipfile.ZipFile(source))
                    except (OSError, zipfile.BadZipFile):
                        old = None
                    where = (
                        _old_rows(old, part, n, styles) if old is not None and n <= count else None
                    )
                    if old is not None and where is not None:
                        a, b = where
                        kept = lambda out, o=old, p=part, a=a, b=b: _copy_range(o, p, a, b, out)  # noqa: E731
                        skip = n
                with dst.open(target, "w", force_zip64=False) as out:
                    _stream_sheet(
                        data.decode("utf-8"), spec, rows(), out, count, kept=kept, skip=skip
                    )
