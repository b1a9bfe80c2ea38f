"""A command on a long journal that ledger wrote itself reads and writes the period, not the
history (the Journal's index, `ledger/io/journal_index.py`), and comes out exactly as the
careful full read (`LEDGER_READ_CAREFULLY=1`): the same printed output, statements and saved
workbook, part by part. After the Journal was edited by hand the index no longer holds for
its bytes: it is not used, and both ways read the sheet carefully."""

from __future__ import annotations

import filecmp
import io
import re
import shutil
import zipfile
import zlib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from typer.testing import CliRunner

from ledger.cli import app
from ledger.core.clock import Period
from ledger.core.journal import Draft, Posting
from ledger.core.journal_history import IndexedJournal
from ledger.core.money import Money
from ledger.core.start import new_books
from ledger.core.statement_parts import cash_series
from ledger.io import journal_index, journal_sums
from ledger.io.journal_index import PART as INDEX_PART
from ledger.io.workbook import Loaded, load, load_to_change, write
from ledger.io.zip_out import ZipOut, crc32_combine, deflated_data
from ledger.rules import load_game
from tests.conftest import edit_cells
from tests.io.stress import stress_workbook

#: Texts that test every escape of the writer, in memos of the history.
ODD = ['R&D <x> "q"', "_x0041_ stays", "a\rb\nc", "  spaced  ", "=SUM(A1)", "Gänsefüßchen ½", ""]


@pytest.fixture(scope="module")
def stress(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("stress") / "stress.xlsx"
    stress_workbook(path, 3000, ODD * 3, Decimal(1))
    return path


def ledger_cli(path: Path, *args: str, careful: bool) -> tuple[int, str, str]:
    env = {"LEDGER_WORKBOOK": str(path), "LEDGER_READ_CAREFULLY": "1" if careful else None}
    result = CliRunner().invoke(app, list(args), env=env, catch_exceptions=False)
    folder = str(path.parent)
    return (
        result.exit_code,
        result.stdout.replace(folder, "FOLDER"),
        result.stderr.replace(folder, "FOLDER"),
    )


def parts(path: Path) -> dict[str, bytes]:
    """Every part of the workbook as XML (the time of the save masked)."""
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None
        out = {i.filename: z.read(i) for i in z.infolist()}
    out["docProps/core.xml"] = re.sub(rb"\d{4}-\d\d-\d\dT[\d:]+Z", b"T", out["docProps/core.xml"])
    return out


def cells(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    wb = openpyxl.load_workbook(path, read_only=True)
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in wb.worksheets}


def indexed(path: Path) -> bool:
    return journal_index.kept_journal(path.read_bytes(), "KC") is not None


def both_ways(
    src: Path, tmp: Path, *commands: list[str], edit: Callable[[Path], None] | None = None
) -> tuple[Path, Path]:
    """Run the commands on two copies of `src` (edited by `edit` first), the index used or
    not: every command's exit and output, the files written, the workbook saved, the same."""
    runs: dict[bool, list[tuple[int, str, str]]] = {}
    paths: dict[bool, Path] = {}
    for careful in (False, True):
        folder = tmp / ("careful" if careful else "fast")
        folder.mkdir()
        paths[careful] = path = folder / "ledger.xlsx"
        shutil.copy(src, path)
        if edit is not None:
            edit(path)
        runs[careful] = [ledger_cli(path, *c, careful=careful) for c in commands]
    fast, careful = paths[False], paths[True]
    assert runs[False] == runs[True]
    written = sorted(p.relative_to(fast.parent) for p in fast.parent.rglob("*") if p.is_file())
    assert written == sorted(
        p.relative_to(careful.parent) for p in careful.parent.rglob("*") if p.is_file()
    )
    for name in written:
        if name.suffix in (".html", ".txt", ".pdf"):
            assert filecmp.cmp(fast.parent / name, careful.parent / name, shallow=False), name
    assert parts(fast) == parts(careful)  # byte for byte, the index and the Journal's pieces too
    assert cells(fast) == cells(careful)
    return fast, careful


def test_tick_30_on_ledgers_own_long_journal_comes_out_as_the_careful_read(
    stress: Path, tmp_path: Path
) -> None:
    assert indexed(stress)
    fast, _ = both_ways(stress, tmp_path, ["tick", "30"], ["check"], ["balance", "--json"])
    assert indexed(fast)  # and the next command goes on from it
    with zipfile.ZipFile(fast) as z:
        assert z.read(INDEX_PART).startswith(b"<?xml")


def test_a_tick_on_an_indexed_journal_reads_no_transaction_of_its_history(
    stress: Path, tmp_path: Path
) -> None:
    from ledger.app import after_tick, change, tick_documents

    path = tmp_path / "ledger.xlsx"
    shutil.copy(stress, path)

    def tick(books: Any) -> tuple[str, list[Any], object]:
        return "tick 30", [], books.game.tick(books, 30)

    def documents(books: Any, report: Any) -> Any:
        return tick_documents(path, books, report, statements=Period(since=report.start))

    outcome = change(path, tick, command="tick 30", prepare=documents)
    assert outcome.books is not None
    after_tick(path, outcome.books, outcome.prepared)
    journal = outcome.books.journal
    assert isinstance(journal, IndexedJournal)
    assert journal._txns.whole is None  # the statements' days came from the last segment
    assert len(journal.appended()) > 50


def test_balance_without_its_cache_takes_the_sums_from_the_index_and_reads_no_row(
    stress: Path, tmp_path: Path
) -> None:
    data = stress.read_bytes()
    from_index = journal_index.sums(data)
    assert from_index is not None and from_index == journal_sums.sums(data)
    assert from_index.transactions > 1000
    both_ways(stress, tmp_path, ["balance", "--json"], ["balance"])


def test_a_tick_copies_the_old_segments_deflated_bytes_as_they_are(
    stress: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger.io import journal_write

    path = tmp_path / "ledger.xlsx"
    shutil.copy(stress, path)
    old = journal_index.kept_journal(path.read_bytes(), "KC")
    assert old is not None and len(old.index.segments) >= 3
    deflated = []  # the segments the save deflates itself
    segment = journal_write.SegmentWriter.segment

    def counted(self: Any, xml: bytes, *args: Any) -> None:
        deflated.append(len(xml))
        segment(self, xml, *args)

    monkeypatch.setattr(journal_write.SegmentWriter, "segment", counted)
    assert ledger_cli(path, "tick", "3", "--no-statements", careful=False)[0] == 0
    assert 1 <= len(deflated) < len(old.index.segments)  # the new rows, not the history
    new = journal_index.kept_journal(path.read_bytes(), "KC")
    assert new is not None and len(new.index.segments) >= len(old.index.segments)
    # every old segment but the last (which the new rows may continue) is in the new part,
    # byte for byte at the same place: copied, not written anew
    kept = old.index.segments[:-1]
    assert kept
    for a, b in zip(kept, new.index.segments, strict=False):
        assert (a.start, a.end, a.sha256) == (b.start, b.end, b.sha256)
        assert bytes(old.piece(a.start, a.end)) == bytes(new.piece(b.start, b.end))


@pytest.mark.slow
def test_commands_one_after_another_go_on_from_the_index(stress: Path, tmp_path: Path) -> None:
    both_ways(
        stress,
        tmp_path,
        ["pay", "Ann", "Bob", "1.23", "--memo", "a & b"],
        ["tick", "1"],
        ["pay", "Cleo", "Dag", "0.01"],
        ["tick", "30", "--no-statements"],
        ["journal", "--since", "60"],
    )


def _rewrite(path: Path, change: dict[str, Callable[[bytes], bytes]]) -> None:
    """Change some parts of a workbook, the others copied as they are, deflated bytes and
    all (as a program that edits one part of the zip would)."""
    data = path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z, path.open("wb") as f:
        out = ZipOut(f)
        for info in z.infolist():
            if info.filename in change:
                out.add(info.filename, change[info.filename](z.read(info)), info.date_time)
                continue
            raw = deflated_data(data, info)
            assert raw is not None
            out.add_deflated(info.filename, raw, info.CRC, info.file_size, info.date_time)
        out.close()


JOURNAL = "xl/worksheets/sheet5.xml"


def _memo_typed_by_hand(path: Path) -> None:
    edit_cells(path, {"Journal!F40": "typed by hand", "Journal!F41": "typed by hand"})


def _memo_changed_in_the_xml(path: Path) -> None:
    _rewrite(path, {JOURNAL: lambda xml: xml.replace(b"sells goods", b"sold goods", 3)})


def _amount_changed_in_the_xml(path: Path) -> None:
    def change(xml: bytes) -> bytes:
        cell = re.search(rb'<c r="E700" s="\d+"><v>([^<]+)</v>', xml)
        assert cell is not None
        more = Decimal(cell.group(1).decode()) + Decimal("0.01")
        return xml.replace(cell.group(0), cell.group(0).replace(cell.group(1), str(more).encode()))

    _rewrite(path, {JOURNAL: change})


def _header_renamed_in_the_shared_strings(path: Path) -> None:
    _rewrite(
        path, {"xl/sharedStrings.xml": lambda xml: xml.replace(b"<t>amount</t>", b"<t>sum</t>")}
    )


@pytest.mark.parametrize(
    ("edit", "index_kept", "exit_code"),
    [
        # openpyxl saves: the index part is dropped
        pytest.param(_memo_typed_by_hand, False, 0, marks=pytest.mark.slow),
        # the index is there, stale
        pytest.param(_memo_changed_in_the_xml, True, 0, marks=pytest.mark.slow),
        # unbalanced: named by its cell both ways
        pytest.param(_amount_changed_in_the_xml, True, 1, marks=pytest.mark.slow),
        # the Journal's bytes are the same
        pytest.param(_header_renamed_in_the_shared_strings, True, 1, marks=pytest.mark.slow),
    ],
)
def test_a_journal_edited_by_hand_is_read_carefully_and_its_index_not_used(
    stress: Path, tmp_path: Path, edit: Callable[[Path], None], index_kept: bool, exit_code: int
) -> None:
    edited = tmp_path / "edited.xlsx"
    shutil.copy(stress, edited)
    edit(edited)
    with zipfile.ZipFile(edited) as z:
        assert (INDEX_PART in z.namelist()) == index_kept
    assert not indexed(edited)
    assert journal_index.sums(edited.read_bytes()) is None  # balance reads the rows too
    (tmp_path / "runs").mkdir()
    fast, _ = both_ways(edited, tmp_path / "runs", ["tick", "30"], ["check"])
    code, out, err = ledger_cli(fast, "check", careful=True)
    said = out + err
    assert code == exit_code, said
    if exit_code == 0:
        assert indexed(fast)  # the save wrote a new index
    elif edit is _amount_changed_in_the_xml:
        assert "unbalanced-transaction" in said and "Journal!E700" in said
    else:
        assert "missing-column" in said and "Journal!" in said


def test_the_history_reads_the_same_as_the_whole_journal(stress: Path) -> None:
    plain, _ = load(stress)
    fast, _ = load_to_change(stress)
    journal = fast.books.journal
    assert isinstance(journal, IndexedJournal) and not isinstance(
        plain.books.journal, IndexedJournal
    )
    whole = plain.books.journal
    assert len(journal) == len(whole) and journal.next_id == whole.next_id
    assert journal.balances() == whole.balances() and journal.last_day() == whole.last_day()
    assert cash_series(fast.books) == cash_series(plain.books)
    last = whole.last_day()
    for day in (0, 1, last // 2, last - 1, last, last + 1):
        assert journal.since(day) == whole.since(day), day
    assert journal._txns.whole is None
    assert journal.transactions[len(whole) :] == []
    assert journal.transactions[-1] == whole.transactions[-1]  # reads the history
    assert list(journal) == list(whole)
    assert dict(fast.books.journal_rows) == dict(plain.books.journal_rows)


def test_no_index_is_kept_for_a_journal_whose_days_go_back(tmp_path: Path) -> None:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob"], "Sam", seed=1)
    books.settings.values["day"] = 9
    one = Money(Decimal(1), books.currency)
    for i in range(150):
        draft = Draft(
            "pay", "back", (Posting("cash:Ann:Ceres", -one), Posting("cash:Bob:Ceres", one))
        )
        books.journal.post(draft, 9 - i % 2)
    path = tmp_path / "ledger.xlsx"
    write(path, Loaded(books, []))
    with zipfile.ZipFile(path) as z:
        assert INDEX_PART not in z.namelist()
    loaded, _ = load_to_change(path)
    assert not isinstance(loaded.books.journal, IndexedJournal)


def test_an_index_of_another_version_of_ledger_is_not_used(stress: Path, tmp_path: Path) -> None:
    path = tmp_path / "ledger.xlsx"
    shutil.copy(stress, path)
    _rewrite(
        path, {INDEX_PART: lambda xml: re.sub(rb'"version":"[^"]*"', b'"version":"0.0.1"', xml)}
    )
    assert not indexed(path)


def test_an_index_larger_than_any_ledger_writes_is_not_read(
    stress: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert indexed(stress)
    with zipfile.ZipFile(stress) as z:
        size = z.getinfo(INDEX_PART).file_size
    monkeypatch.setattr(journal_index, "MAX_INDEX_BYTES", size - 1)
    assert not indexed(stress) and journal_index.sums(stress.read_bytes()) is None


def test_an_index_whose_sums_were_changed_is_not_believed(stress: Path, tmp_path: Path) -> None:
    """A sum changed in the index (its segments' digests still hold) breaks its seal: the rows
    are read, every figure is the rows', and the next save seals an index of the true sums."""
    path = tmp_path / "ledger.xlsx"
    shutil.copy(stress, path)
    truth = ledger_cli(path, "balance", "--json", careful=True)
    _rewrite(
        path,
        {INDEX_PART: lambda xml: re.sub(rb'("cash:Ann:Ceres":)(\d)', rb"\g<1>9\2", xml, count=1)},
    )
    assert not indexed(path)
    shown = ledger_cli(path, "balance", "--json", careful=False)
    assert shown[:2] == truth[:2] and "journal-index-false" in shown[2]  # the rows', named
    assert ledger_cli(path, "check", careful=False)[0] == 0
    assert ledger_cli(path, "tick", "1", careful=False)[0] == 0
    assert indexed(path)  # sealed anew, of the rows' sums
    assert ledger_cli(path, "check", careful=False)[0] == 0


def test_the_crc_of_two_pieces_is_combined_from_their_own() -> None:
    a, b = bytes(range(256)) * 41, b"the rows" * 12345
    assert crc32_combine(zlib.crc32(a), zlib.crc32(b), len(b)) == zlib.crc32(a + b)
    assert crc32_combine(zlib.crc32(a), zlib.crc32(b""), 0) == zlib.crc32(a)


@pytest.mark.slow
def test_tick_30_on_a_longer_journal_comes_out_as_the_careful_read(tmp_path: Path) -> None:
    src = tmp_path / "stress.xlsx"
    stress_workbook(src, 40_000, ODD * 3, Decimal(1))
    assert indexed(src)
    (tmp_path / "runs").mkdir()
    both_ways(src, tmp_path / "runs", ["tick", "30"], ["pay", "Ann", "Bob", "5"], ["tick", "3"])


@pytest.mark.interop
def test_libreoffice_opens_a_workbook_with_the_index_and_ledger_goes_on_carefully(
    stress: Path, tmp_path: Path
) -> None:
    from tests.io.test_interop_libreoffice import resave_with_libreoffice

    resaved = resave_with_libreoffice(stress, tmp_path / "lo")
    assert not indexed(resaved)  # LibreOffice keeps the part, but the Journal's bytes differ
    (tmp_path / "runs").mkdir()
    fast, _ = both_ways(resaved, tmp_path / "runs", ["tick", "30"])
    assert indexed(fast)
