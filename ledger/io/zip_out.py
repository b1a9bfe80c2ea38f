"""A zip file written member by member, a member's deflated data given as it is.

Python's zipfile compresses every member itself; the Journal sheet's rows that an earlier
save wrote are copied here as the deflated bytes they already are (`journal_write`), so the
few zip records are written by hand: a local header, the data, and at the end the central
directory, as zipfile writes them for a seekable file (sizes and CRC in the local header,
patched once the data is written; no data descriptor, no zip64: a part of 4 GiB or more is
refused).
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, BinaryIO, cast

from zlib_ng import zlib_ng

#: The level of the long sheets' rows (`deflate_rows`).
ROWS_LEVEL = 2
#: What deflates them, as the Journal's index records it.
DEFLATER = f"zlib-ng {zlib_ng.ZLIBNG_VERSION} level {ROWS_LEVEL}"

_LOCAL = struct.Struct("<4s2B4HL2L2H")
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
_END = struct.Struct("<4s4H2LH")
_LIMIT = (1 << 32) - 1
_DEFLATED = 8
_VERSION = 20  # deflate


@dataclass
class _Entry:
    name: bytes
    date_time: tuple[int, int, int, int, int, int]
    external_attr: int
    offset: int
    crc: int = 0
    size: int = 0
    compressed: int = 0


def _dos(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """The CRC-32 of A + B from A's CRC, B's CRC and B's length (zlib's crc32_combine)."""
    if len2 <= 0:
        return crc1

    def times(matrix: list[int], vector: int) -> int:
        total, i = 0, 0
        while vector:
            if vector & 1:
                total ^= matrix[i]
            vector >>= 1
            i += 1
        return total

    def square(matrix: list[int]) -> list[int]:
        return [times(matrix, matrix[n]) for n in range(32)]

    odd = [0xEDB88320] + [1 << n for n in range(31)]  # one zero bit
    even = square(odd)  # two zero bits
    odd = square(even)  # four
    while True:  # apply len2 zero bytes to crc1
        even = square(odd)
        if len2 & 1:
            crc1 = times(even, crc1)
        len2 >>= 1
        if not len2:
            break
        odd = square(even)
        if len2 & 1:
            crc1 = times(odd, crc1)
        len2 >>= 1
        if not len2:
            break
    return crc1 ^ crc2


class Member:
    """One member being written: its deflated data in pieces, then its CRC and size."""

    def __init__(self, out: ZipOut, entry: _Entry) -> None:
        self.out, self.entry = out, entry

    def write(self, deflated: bytes | memoryview) -> None:
        self.out.f.write(deflated)
        self.entry.compressed += len(deflated)

    def close(self, crc: int, size: int) -> None:
        self.entry.crc, self.entry.size = crc, size
        self.out.end_member(self.entry)


class ZipOut:
    """A zip written to a seekable file, member by member."""

    def __init__(self, f: BinaryIO) -> None:
        self.f = f
        self.entries: list[_Entry] = []

    def _header(self, e: _Entry) -> bytes:
        time, date = _dos(e.date_time)
        return _LOCAL.pack(
            b"PK\x03\x04",
            _VERSION,
            0,
            0,
            _DEFLATED,
            time,
            date,
            e.crc,
            e.compressed,
            e.size,
            len(e.name),
            0,
        )

    def member(
        self,
        name: str,
        date_time: tuple[int, int, int, int, int, int],
        external_attr: int = 0o600 << 16,
    ) -> Member:
        """Start a member; its header is written again with the sizes when it closes."""
        entry = _Entry(name.encode("ascii"), date_time, external_attr, self.f.tell())
        self.f.write(self._header(entry) + entry.name)
        return Member(self, entry)

    def end_member(self, entry: _Entry) -> None:
        if max(entry.size, entry.compressed, entry.offset) > _LIMIT:
            raise ValueError(f"{entry.name.decode()} is too large for a zip without zip64")
        end = self.f.tell()
        self.f.seek(entry.offset)
        self.f.write(self._header(entry))
        self.f.seek(end)
        self.entries.append(entry)

    def add(
        self,
        name: str,
        data: bytes,
        date_time: tuple[int, int, int, int, int, int],
        external_attr: int = 0o600 << 16,
        level: int = 6,
    ) -> None:
        """A whole member from its bytes, deflated at `level`."""
        m = self.member(name, date_time, external_attr)
        for piece in deflate([data], level):
            m.write(piece)
        m.close(zlib.crc32(data), len(data))

    def add_deflated(
        self,
        name: str,
        deflated: bytes | memoryview,
        crc: int,
        size: int,
        date_time: tuple[int, int, int, int, int, int],
        external_attr: int = 0o600 << 16,
    ) -> None:
        """A whole member already deflated (raw deflate), with its CRC-32 and size."""
        m = self.member(name, date_time, external_attr)
        m.write(deflated)
        m.close(crc, size)

    def close(self) -> None:
        start = self.f.tell()
        for e in self.entries:
            time, date = _dos(e.date_time)
            self.f.write(
                _CENTRAL.pack(
                    b"PK\x01\x02",
                    _VERSION,
                    3,  # made on Unix, as zipfile does
                    _VERSION,
                    0,
                    0,
                    _DEFLATED,
                    time,
                    date,
                    e.crc,
                    e.compressed,
                    e.size,
                    len(e.name),
                    0,
                    0,
                    0,
                    0,
                    e.external_attr,
                    e.offset,
                )
                + e.name
            )
        end = self.f.tell()
        if len(self.entries) > 0xFFFF or end > _LIMIT:
            raise ValueError("too many or too large parts for a zip without zip64")
        n = len(self.entries)
        self.f.write(_END.pack(b"PK\x05\x06", 0, 0, n, n, end - start, start, 0))


def data_start(data: bytes, info: zipfile.ZipInfo) -> int | None:
    """Where a deflated member's bytes begin in the zip `data` (after its local header);
    None for a member stored another way, or no local header where the zip says."""
    at = info.header_offset
    if info.compress_type != zipfile.ZIP_DEFLATED or data[at : at + 4] != b"PK\x03\x04":
        return None
    name_len, extra_len = struct.unpack_from("<2H", data, at + 26)
    return int(at + 30 + name_len + extra_len)


def deflated_data(data: bytes, info: zipfile.ZipInfo) -> memoryview | None:
    """A deflated member's data as it is in the zip `data`, not inflated; None for a member
    stored another way (or encrypted, or cut short)."""
    start = data_start(data, info)
    if start is None or info.flag_bits & 0x1 or start + info.compress_size > len(data):
        return None
    return memoryview(data)[start : start + info.compress_size]


def deflate(
    pieces: Iterable[bytes], level: int, final: bool = True, lib: Any = zlib
) -> Iterable[bytes]:
    """Raw deflate of the pieces as one stream; `final=False` ends it with a sync flush (on a
    byte boundary, not the last block), so another stream's blocks may follow it."""
    c = lib.compressobj(level, zlib.DEFLATED, -15)
    for piece in pieces:
        out = c.compress(piece)
        if out:
            yield out
    yield c.flush(zlib.Z_FINISH if final else zlib.Z_SYNC_FLUSH)


def deflate_rows(pieces: Iterable[bytes], final: bool = True) -> Iterable[bytes]:
    """The long sheets' rows (the Journal's segments, the streamed sheets), deflated with
    zlib-ng at level 2: faster than zlib at its fastest level, and smaller (32 MB of Journal
    XML in 256 kB segments: 0.07 s to 3.8 MB, against zlib's 0.17 s to 4.1 MB at level 1).
    The same bytes for the same rows with the same zlib-ng, which the Journal's index
    relies on; the other parts stay with zlib, as zipfile writes them."""
    return deflate(pieces, ROWS_LEVEL, final, zlib_ng)


def inflater() -> zlib._Decompress:
    """A raw inflater (zlib-ng's: faster than zlib's, the same bytes out; zlib's interface)."""
    return cast("zlib._Decompress", zlib_ng.decompressobj(-15))
