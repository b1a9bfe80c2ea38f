"""The zip writer of a save: a part XlsxWriter already deflated is copied as it is."""

from __future__ import annotations

import io
import zipfile
import zlib

from ledger.io.zip_out import ZipOut, deflated_data

PARTS = {"a.xml": b"<a>" + b"text " * 2000 + b"</a>", "b.xml": b"<b/>", "empty.xml": b""}


def _zip(compression: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as z:
        for name, data in PARTS.items():
            z.writestr(name, data)
    return buffer.getvalue()


def test_a_deflated_part_is_copied_without_inflating_and_reads_back_the_same() -> None:
    data = _zip(zipfile.ZIP_DEFLATED)
    out = io.BytesIO()
    zout = ZipOut(out)
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        for info in src.infolist():
            raw = deflated_data(data, info)
            assert raw is not None
            assert zlib.decompress(bytes(raw), -15) == PARTS[info.filename]
            # the same bytes as `add` (zipfile's level): copying changes nothing in the file
            assert bytes(raw) == b"".join(_deflate(PARTS[info.filename]))
            zout.add_deflated(info.filename, raw, info.CRC, info.file_size, info.date_time)
    zout.close()
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as back:
        assert back.testzip() is None
        assert {n: back.read(n) for n in back.namelist()} == PARTS


def test_a_stored_part_or_a_wrong_offset_is_not_copied() -> None:
    data = _zip(zipfile.ZIP_STORED)
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        infos = src.infolist()
    assert all(deflated_data(data, info) is None for info in infos)
    deflated = _zip(zipfile.ZIP_DEFLATED)
    with zipfile.ZipFile(io.BytesIO(deflated)) as src:
        info = src.infolist()[1]
    info.header_offset += 1  # not a local header there
    assert deflated_data(deflated, info) is None


def _deflate(data: bytes) -> list[bytes]:
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    return [c.compress(data), c.flush()]
