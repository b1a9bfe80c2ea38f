"""Reading stays in bounded memory whatever a file claims, and a formula without a computed
value is named as such (issue 12, items 5 and 21)."""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Ledger, edit_cells, rewrite_parts

#: Peak memory a command may reach on any of these files (a fresh workbook needs ~40 MB).
PEAK_MB = 150


def _part_of(book: Path, sheet: str) -> str:
    with zipfile.ZipFile(book) as z:
        wb = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
    rid = re.search(rf'<sheet [^>]*name="{sheet}"[^>]*r:id="(rId\d+)"', wb)
    assert rid is not None, wb
    target = re.search(rf'<Relationship [^>]*Id="{rid.group(1)}"[^>]*>', rels)
    assert target is not None, rels
    path = re.search(r'Target="([^"]+)"', target.group(0))
    assert path is not None
    return path.group(1).lstrip("/") if path.group(1).startswith("/") else "xl/" + path.group(1)


def _with_cell(book: Path, target: Path, sheet: str, ref: str, text: str = "a stray note") -> None:
    """The workbook with one more cell, far out, typed as another program would store it."""
    part = _part_of(book, sheet)
    row = re.sub("[A-Z]", "", ref)
    with zipfile.ZipFile(book) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = old.read(item)
            if item.filename == part:
                cell = f'<row r="{row}"><c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c></row>'
                data = data.replace(b"</sheetData>", cell.encode() + b"</sheetData>")
            new.writestr(item, data)


def _peak(ledger: Ledger, *args: str) -> tuple[int, str, float]:
    """Run `ledger ARGS` in its own process; its exit code, output and peak memory (MB)."""
    probe = (
        "import resource, subprocess, sys, json;"
        f"p = subprocess.run([sys.executable, '-m', 'ledger', *{list(args)!r}],"
        " capture_output=True, text=True);"
        "print(json.dumps([p.returncode, p.stdout + p.stderr,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=ledger.folder,
        env={"PATH": "/usr/bin:/bin", "LEDGER_WORKBOOK": str(ledger.path), "HOME": "/tmp"},
        timeout=120,
    )
    code, err, mb = json.loads(out.stdout)
    return code, err, mb


@pytest.mark.parametrize(
    ("sheet", "ref"),
    [("Events", "XFD1048576"), ("Events", "A1048576"), ("Crimes", "ZZ100000")],
)
def test_5_a_far_cell_is_read_in_bounded_memory(game: Ledger, sheet: str, ref: str) -> None:
    far = game.folder / "far.xlsx"
    _with_cell(game.path, far, sheet, ref)
    far.replace(game.path)
    code, err, mb = _peak(game, "check")
    assert code in (0, 1), err
    assert "internal error" not in err and "Traceback" not in err
    assert mb < PEAK_MB, f"{mb:.0f} MB"
    if code == 1:  # a problem names the cell's row
        assert f"{sheet}!" in err and re.sub("[A-Z]", "", ref) in err


def test_35_a_far_note_is_refused_by_name_and_a_near_one_kept(game: Ledger) -> None:
    """python-calamine lays a sheet out as one rectangle: a note at ZZ100000 would be 70
    million cells (about 2 GB). Such a cell is refused by name, nothing written; a note near
    enough is kept by a save."""
    import openpyxl

    wb = openpyxl.load_workbook(game.path)
    wb.create_sheet("Notes")["A1"] = "my notes"
    wb.save(game.path)
    near = game.folder / "near.xlsx"
    _with_cell(game.path, near, "Notes", "Z1000", "near")
    far = game.folder / "far.xlsx"
    _with_cell(game.path, far, "Notes", "ZZ100000", "far away")
    far.replace(game.path)
    before = game.path.read_bytes()
    code, err, mb = _peak(game, "pay", "Ann", "Bob", "1")
    assert code == 1 and "Notes!ZZ100000: cell-too-far" in err, err
    assert "delete that cell" in err and "nothing was written" in err
    assert mb < PEAK_MB, f"{mb:.0f} MB"
    assert game.path.read_bytes() == before
    near.replace(game.path)
    game("pay", "Ann", "Bob", "1")
    ws = openpyxl.load_workbook(game.path, read_only=True)["Notes"]
    cells = {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}
    assert cells == {"A1": "my notes", "Z1000": "near"}


def _sheet_xml(game: Ledger, sheet: str, change: Callable[[bytes], bytes]) -> None:
    part = _part_of(game.path, sheet)
    rewrite_parts(game.path, lambda name, xml: change(xml) if name == part else xml)


FAR_SPELLINGS = {
    # each places a cell where calamine would lay out a rectangle of gigabytes
    "prefixed tags": lambda x: x.replace(
        b"</sheetData>",
        b'<x:row xmlns:x="urn:any" r="900000"><x:c r="ZZ900000" t="inlineStr">'
        b"<x:is><x:t>far</x:t></x:is></x:c></x:row></sheetData>",
    ),
    "a reference in single quotes": lambda x: x.replace(
        b"</sheetData>",
        b"<row r='900000'><c r = 'ZZ900000' t='inlineStr'><is><t>far</t></is></c></row>"
        b"</sheetData>",
    ),
    "a reference in small letters": lambda x: x.replace(
        b"</sheetData>",
        b'<row r="900000"><c r="zz900000" t="inlineStr"><is><t>far</t></is></c></row></sheetData>',
    ),
    "cells without references": lambda x: x.replace(
        b"</sheetData>",
        b'<row r="900000">' + b"<c/>" * 700 + b'<c t="inlineStr"><is><t>far</t></is></c></row>'
        b"</sheetData>",
    ),
}


@pytest.mark.parametrize("spelling", FAR_SPELLINGS, ids=list(FAR_SPELLINGS))
def test_35_a_far_cell_is_found_however_its_tags_are_spelled(game: Ledger, spelling: str) -> None:
    _sheet_xml(game, "Crimes", FAR_SPELLINGS[spelling])
    code, err, mb = _peak(game, "check")
    assert code == 1 and "cell-too-far" in err and "Crimes!" in err, err
    assert "internal error" not in err
    assert mb < PEAK_MB, f"{mb:.0f} MB"


def _deflate_bomb(size_mb: int) -> bytes:
    """Raw deflate data that inflates to `size_mb` MB of zeros, made in a moment: one
    compressed megabyte repeated (full flushes make each piece stand alone)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = c.compress(b"\0" * (1 << 20)) + c.flush(zlib.Z_FULL_FLUSH)
    return piece * size_mb + b"\x03\x00"  # an empty final block


def _zip_with_part(book: Path, target: Path, part: str, raw: bytes, declared: int) -> None:
    """The workbook with `part` replaced by deflate data `raw` that says it inflates to
    `declared` bytes (a zip written by hand, as a hostile program would)."""
    entries: list[tuple[str, bytes, int, int, int]] = []  # name, data, method, size, crc
    with zipfile.ZipFile(book) as old:
        for item in old.infolist():
            if item.filename == part:
                entries.append((part, raw, 8, declared, 0))
            else:
                data = old.read(item)
                entries.append((item.filename, data, 0, len(data), zlib.crc32(data)))
    out = bytearray()
    central = bytearray()
    for name, data, method, size, crc in entries:
        offset = len(out)
        n = name.encode()
        usize = min(size, 0xFFFFFFFF)
        head = struct.pack(
            "<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0, crc, len(data), usize, len(n), 0
        )
        out += head + n + data
        central += struct.pack(
            "<IHHHHHHIIIHHHHHII",
            0x02014B50,
            20,
            20,
            0,
            method,
            0,
            0,
            crc,
            len(data),
            min(size, 0xFFFFFFFF),
            len(n),
            0,
            0,
            0,
            0,
            0,
            offset,
        )
        central += n
    end = struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(out), 0
    )
    target.write_bytes(bytes(out + central + end))


@pytest.mark.parametrize(
    ("sheet", "declared"),  # one in `make test`, the others in `make slow`
    [
        ("Journal", "lying"),
        pytest.param("Journal", "honest", marks=pytest.mark.slow),
        pytest.param("Events", "lying", marks=pytest.mark.slow),
        pytest.param("Events", "honest", marks=pytest.mark.slow),
    ],
)
def test_5_a_part_that_inflates_to_2_gb_is_refused_naming_it(
    game: Ledger, sheet: str, declared: str
) -> None:
    part = _part_of(game.path, sheet)
    raw = _deflate_bomb(2047)  # 2 GB of zeros in about 2 MB
    bomb = game.folder / "bomb.xlsx"
    _zip_with_part(game.path, bomb, part, raw, (2047 << 20) if declared == "honest" else 5000)
    bomb.replace(game.path)
    for args in (("check",), ("balance",), ("pay", "Ann", "Bob", "1")):
        code, err, mb = _peak(game, *args)
        assert code == 1, err
        assert "workbook-too-large" in err and part in err, err
        assert "internal error" not in err
        assert mb < PEAK_MB, f"{mb:.0f} MB"


@pytest.mark.slow
def test_5_a_million_and_more_distinct_texts_are_refused_in_bounded_memory(
    game: Ledger,
) -> None:
    items = b"".join(b"<si><t>%d</t></si>" % n for n in range(1_200_000))
    sst = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">%s</sst>'
    many = sst % items
    rewrite_parts(game.path, lambda name, xml: many if name == "xl/sharedStrings.xml" else xml)
    for args in (("check",), ("balance",), ("pay", "Ann", "Bob", "1")):
        code, err, mb = _peak(game, *args)
        assert code == 1, err
        assert "workbook-too-large" in err and "1,200,000 distinct texts" in err, err
        assert mb < PEAK_MB, f"{mb:.0f} MB"


@pytest.mark.slow
def test_5_a_sheet_of_millions_of_rows_is_sized_up_in_bounded_memory(game: Ledger) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(game.path)
    wb.create_sheet("Notes")["A1"] = "my notes"
    wb.save(game.path)
    part = _part_of(game.path, "Notes")
    with zipfile.ZipFile(game.path) as z:
        xml = z.read(part)
    rows = b"".join(b'<row r="%d"/>' % r for r in range(2, 1_000_002))
    long = xml.replace(b"</sheetData>", rows + b"</sheetData>")
    rewrite_parts(game.path, lambda name, old: long if name == part else old)
    code, err, mb = _peak(game, "check")
    assert code == 0, err
    assert mb < PEAK_MB, f"{mb:.0f} MB"


def test_5_the_cap_is_a_setting(game: Ledger) -> None:
    run = game.sub("check", env={"LEDGER_MAX_PART_MB": "0.001"})
    assert run.exit_code == 1 and "workbook-too-large" in run.stdout
    assert "LEDGER_MAX_PART_MB" in run.stdout


# -- 21. a formula saved without its value -------------------------------------------------------


def test_21_a_formula_without_a_computed_value_is_named(game: Ledger) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(game.path)
    ws = wb["Events"]
    ws.append([None, None, "pay", "Ann", "Bob", "=3*1.5"])  # openpyxl stores no value for it
    wb.save(game.path)
    run = game("check", expect=1)
    assert "Events!F2: formula-without-value" in run.stdout
    assert "=3*1.5" in run.stdout and "save it there" in run.stdout
    assert "needs an amount" not in run.stdout
    # the same formula with the value Excel or LibreOffice computed is taken as it is
    edit_cells(game.path, {"Events!F2": 4.5})
    game("post")
    assert game.balances()["player:Bob"] == "29.50"


# -- 7. commands that only show answer while an Events row has a typo --------------------------


def test_7_read_only_commands_answer_with_a_bad_events_row(game: Ledger) -> None:
    from tests.conftest import add_rows

    game("pay", "Ann", "Bob", "5")
    add_rows(
        game.path,
        "Events",
        [
            [None, None, "pay", "Ann", "Bob", "12,5"],
            [None, None, "pay", "Anne", "Bob", 1],
            [None, None, "pya", "Ann", "Bob", 1],
        ],
    )
    for args in (
        ("balance",),
        ("balance", "--json"),
        ("journal",),
        ("statement", "--player", "Ann"),
        ("forecast",),
        ("report", "game"),
    ):
        run = game(*args)  # exit 0: the books as posted
        for cell in ("Events!F2", "Events!D3", "Events!C4"):
            assert f"{cell}: " in run.stderr and "(warning)" in run.stderr, (args, run.stderr)
    assert game("balance", "--json").json()["players"]["Ann"] == "20.00"  # as posted
    check = game("check", expect=1)  # check and the changing commands still refuse
    assert all(c in check.stdout for c in ("Events!F2", "Events!D3", "Events!C4"))
    game("pay", "Ann", "Bob", "1", expect=1)
