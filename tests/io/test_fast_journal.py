"""The fast reader of ledger's own long Journal (`ledger/io/journal_xml.py`) must read exactly
what the careful reader reads, and must step aside for anything else, so that the careful
reader names the problem's cell."""

from __future__ import annotations

import re
import zipfile
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.core.actions import pay
from ledger.core.journal import Journal
from ledger.core.start import new_books
from ledger.io import journal_index, journal_sums, journal_xml
from ledger.io import load as load_module
from ledger.io.cache import cache_path
from ledger.io.sheets import JOURNAL
from ledger.io.workbook import (
    STREAM_ROWS,
    Loaded,
    Table,
    iter_journal,
    load_sums,
    read_raw,
    write,
)
from ledger.rules import load_game
from tests.conftest import Ledger

ODD_TEXTS = [
    "R&D <x> \"q\" 'a'",
    "_x0041_ stays itself",
    "a\rb and a\nb",
    "  spaces around  ",
    "=SUM(A1) looks like a formula",
    "Gänsefüßchen, ½ KC, 日本",
    "\t tab",
    "",
    "tail _x",
    "&amp; already escaped",
]


def game_with(path: Path, memos: list[str], payments: int = STREAM_ROWS + 5) -> None:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob", "Cleo"], "Sam", seed=1)
    pay(books, "bank", "Ann", Decimal("100000"))
    for i in range(payments):
        memo = memos[i % len(memos)] if memos else ""
        to = ("Bob", "Cleo")[i % 2]
        pay(books, "Ann", to, Decimal(i % 997 + 1) / 100, memo=memo)
    write(path, Loaded(books, []))


def careful(path: Path) -> tuple[Journal, dict[int, tuple[int, ...]]]:
    """The Journal as the careful reader (calamine, cell by cell) reads it."""
    raw = {s.name: s for s in read_raw(path)}
    table = Table(JOURNAL)
    problems: list = []
    rows: dict[int, tuple[int, ...]] = {}
    journal = load_module._journal(
        iter_journal(raw["Journal"], JOURNAL, problems, table), set(), "KC", problems, rows
    )
    assert problems == []
    return journal, rows


def assert_same(path: Path) -> None:
    data = path.read_bytes()
    fast = journal_xml.journal(data, "KC")
    assert fast is not None, "ledger's own long journal goes the fast way"
    slow = careful(path)
    assert list(fast[0]) == list(slow[0])
    assert fast[1] == slow[1]
    assert fast[0].balances() == slow[0].balances()
    assert fast[0].next_id == slow[0].next_id
    sums = journal_sums.sums(data)
    assert sums is not None
    assert sums.balances == {a: m.amount for a, m in slow[0].balances().items()}
    assert sums.last_day == max(t.day for t in slow[0])
    assert sums.transactions == len(slow[0])


def test_the_fast_reader_reads_what_the_careful_one_reads(tmp_path: Path) -> None:
    path = tmp_path / "long.xlsx"
    game_with(path, ODD_TEXTS)
    assert_same(path)


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(memos=st.lists(st.text(min_size=0, max_size=12), min_size=1, max_size=4))
def test_any_text_reads_the_same_both_ways(tmp_path: Path, memos: list[str]) -> None:
    path = tmp_path / "any.xlsx"
    game_with(path, memos)
    assert_same(path)


PART = "xl/worksheets/sheet5.xml"  # the Journal, fifth sheet of every workbook


def _journal_part(path: Path) -> bytes:
    with zipfile.ZipFile(path) as z:
        return z.read(PART)


def _cell(path: Path, ref: str) -> bytes:
    """The whole `<c>` element of one Journal cell."""
    m = re.search(rb'<c r="' + ref.encode() + rb'"[^>]*>.*?</c>', _journal_part(path))
    assert m is not None
    return m.group(0)


def _edit_journal_xml(path: Path, old: bytes, new: bytes, part: str = PART, count: int = 1) -> None:
    """Change the Journal's XML (or another part) in place, as a tool that edits the file
    without Excel would."""
    with zipfile.ZipFile(path) as z:
        parts = [(info, z.read(info)) for info in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            if info.filename == part:
                assert old in data
                data = data.replace(old, new, count)
            z.writestr(info, data)


def test_an_unbalanced_transaction_in_a_long_journal_is_named_by_its_cell(ledger: Ledger) -> None:
    game_with(ledger.path, ["x"], payments=600)
    # the second posting of a transaction in the second half gets one cent more
    cell = _cell(ledger.path, "E1001")
    amount = Decimal(re.search(rb"<v>([^<]+)</v>", cell).group(1).decode())  # type: ignore[union-attr]
    _edit_journal_xml(
        ledger.path,
        cell,
        cell.replace(f"<v>{amount}</v>".encode(), f"<v>{amount + Decimal('0.01')}</v>".encode()),
    )
    assert journal_sums.sums(ledger.path.read_bytes()) is None
    assert journal_xml.journal(ledger.path.read_bytes(), "KC") is None
    run = ledger("balance", "--json", expect=1)
    assert "unbalanced-transaction" in run.stderr and "Journal!E1000" in run.stderr


def test_a_row_in_another_shape_sends_the_whole_sheet_the_careful_way(ledger: Ledger) -> None:
    game_with(ledger.path, ["x"])
    _edit_journal_xml(ledger.path, b'<row r="300">', b'<row r="300" spans="1:8">')
    assert journal_xml.journal(ledger.path.read_bytes(), "KC") is None
    assert ledger("check").exit_code == 0  # the careful reader takes it as it is


def test_a_journal_saved_by_another_program_is_read_the_careful_way(ledger: Ledger) -> None:
    game_with(ledger.path, ODD_TEXTS[:3])
    before = ledger.balances()
    wb = openpyxl.load_workbook(ledger.path)
    wb.save(ledger.path)
    cache_path(ledger.path).unlink()
    assert journal_sums.sums(ledger.path.read_bytes()) is None
    assert ledger.balances() == before


def test_balance_without_its_cache_agrees_with_the_full_read(ledger: Ledger) -> None:
    game_with(ledger.path, ODD_TEXTS)
    cache_path(ledger.path).unlink(missing_ok=True)
    fast = ledger("balance", "--json").json()
    journal, _ = careful(ledger.path)
    accounts = {a: str(m.amount) for a, m in journal.balances().items()}
    assert fast["accounts"] == {a: v for a, v in accounts.items() if a in fast["accounts"]}
    assert fast["players"]["Ann"] == accounts["cash:Ann:Ceres"]


def test_an_unknown_account_in_a_long_journal_is_named_by_its_cell(ledger: Ledger) -> None:
    game_with(ledger.path, ["x"])
    cell = _cell(ledger.path, "D300")
    _edit_journal_xml(ledger.path, cell, re.sub(rb"<t>[^<]*</t>", b"<t>cash:Zed:Ceres</t>", cell))
    assert journal_sums.sums(ledger.path.read_bytes()) is not None  # the rows are ledger's own
    run = ledger("balance", "--json", expect=1)
    assert "unknown-account" in run.stderr and "Journal!D300" in run.stderr


def _row(path: Path, n: int) -> bytes:
    m = re.search(rb'<row r="' + str(n).encode() + rb'">.*?</row>', _journal_part(path))
    assert m is not None
    return m.group(0)


def _unnumber_rows(path: Path) -> None:
    """`<row r="5">` becomes `<row>` (the number is optional in the format; cells keep theirs)."""
    data = _journal_part(path)
    _edit_journal_xml(path, data, re.sub(rb'<row r="(?!1")\d+">', b"<row>", data))


def _journal_rel(path: Path) -> bytes:
    with zipfile.ZipFile(path) as z:
        rels = z.read("xl/_rels/workbook.xml.rels")
    m = re.search(rb'<Relationship Id="[^"]+" Type="[^"]+" Target="worksheets/sheet5.xml"/>', rels)
    assert m is not None
    return m.group(0).replace(b"sheet5", b"sheet4")


def _swap_rows(path: Path) -> None:
    a, b = _row(path, 300), _row(path, 301)
    _edit_journal_xml(path, a + b, b + a)


def _renumber_last_transaction(path: Path) -> None:
    """Both rows of the last transaction get a number a spreadsheet's double cannot hold."""
    last = int(re.findall(rb'<row r="(\d+)">', _journal_part(path))[-1])
    for row in (last - 1, last):
        cell = _cell(path, f"A{row}")
        _edit_journal_xml(path, cell, re.sub(rb"<v>\d+</v>", b"<v>9007199254740993</v>", cell))


EDITS = {
    "a transaction number beyond what a spreadsheet holds exactly": _renumber_last_transaction,
    "rows out of order": _swap_rows,
    "a comment between rows": lambda p: _edit_journal_xml(
        p, b'<row r="300">', b'<!-- x --><row r="300">'
    ),
    "the header's last column moved": lambda p: _edit_journal_xml(p, b'<c r="H1"', b'<c r="I1"'),
    "an amount in another style": lambda p: _edit_journal_xml(
        p, _cell(p, "E300"), _cell(p, "E300").replace(b' s="3"', b' s="0"')
    ),
    "a bare ampersand in a memo": lambda p: _edit_journal_xml(
        p, _cell(p, "F300"), re.sub(rb"<t>[^<]*</t>", b"<t>R & D</t>", _cell(p, "F300"))
    ),
    "bytes that are not UTF-8 in a memo": lambda p: _edit_journal_xml(
        p, _cell(p, "F300"), re.sub(rb"<t>[^<]*</t>", b"<t>\xff</t>", _cell(p, "F300"))
    ),
    "a numeric character reference": lambda p: _edit_journal_xml(
        p, _cell(p, "F300"), re.sub(rb"<t>[^<]*</t>", b"<t>&#0;</t>", _cell(p, "F300"))
    ),
    "rows without their number": lambda p: _edit_journal_xml(p, b"<row r=", b"<row x=", count=-1),
    "bytes that are not UTF-8 before the rows": lambda p: _edit_journal_xml(
        p, b"<sheetViews>", b'<sheetViews a="\xff">'
    ),
    "a dimension that disagrees with the rows": lambda p: _edit_journal_xml(
        p, b'<dimension ref="A1:H', b'<dimension ref="A1:H9'
    ),
    "a broken dimension": lambda p: _edit_journal_xml(
        p, b'<dimension ref="A1:H', b'<dimension ref="zz'
    ),
    "rows after the end of the sheet's data": lambda p: _edit_journal_xml(
        p, b"</sheetData>", b"</sheetData><sheetData>" + _row(p, 300) + b"</sheetData>"
    ),
    "the money format defined twice": lambda p: _edit_journal_xml(
        p,
        b"</numFmts>",
        b'<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>',
        part="xl/styles.xml",
    ),
    "an empty shared string written another way": lambda p: _edit_journal_xml(
        p, b"<si>", b"<si /><si>", part="xl/sharedStrings.xml"
    ),
    "the Journal's relationship twice": lambda p: _edit_journal_xml(
        p,
        b"</Relationships>",
        _journal_rel(p) + b"</Relationships>",
        part="xl/_rels/workbook.xml.rels",
    ),
}


@pytest.mark.parametrize("edit", EDITS, ids=list(EDITS))
def test_anything_ledger_never_writes_goes_the_careful_way(tmp_path: Path, edit: str) -> None:
    path = tmp_path / "edited.xlsx"
    game_with(path, ["x"])
    EDITS[edit](path)
    data = path.read_bytes()
    assert journal_xml.journal(data, "KC") is None
    assert journal_sums.sums(data) is None


def test_a_damaged_journal_is_reported_not_a_crash(ledger: Ledger) -> None:
    game_with(ledger.path, ["x"])
    data = bytearray(ledger.path.read_bytes())
    with zipfile.ZipFile(ledger.path) as z:
        info = z.getinfo(PART)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 200, start + 260):
        data[i] ^= 0x55
    ledger.path.write_bytes(bytes(data))
    cache_path(ledger.path).unlink(missing_ok=True)
    for command in ("balance", "check"):
        run = ledger(command, expect=1)
        said = run.stdout + run.stderr
        assert "damaged-xlsx" in said and "internal error" not in said


def test_an_escape_readers_leave_alone_reads_the_same_both_ways(tmp_path: Path) -> None:
    path = tmp_path / "escapes.xlsx"
    game_with(path, ["x\uffffy", "_xFFFF_ and _x00e9_", "\ufffe"])
    assert_same(path)


def test_a_light_load_can_never_be_saved(ledger: Ledger) -> None:
    game_with(ledger.path, ["x"])
    loaded, _ = load_sums(ledger.path, ledger.path.read_bytes())
    with pytest.raises(ValueError, match="cannot be saved"):
        write(ledger.path.with_name("other.xlsx"), loaded)


def test_balance_asks_for_the_sums_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "short.xlsx"
    game_with(path, ["x"])
    calls = []
    real = journal_sums.sums
    monkeypatch.setattr(journal_sums, "sums", lambda data: calls.append(1) or real(data))
    loaded, _ = load_sums(path, path.read_bytes())
    assert loaded.sums is not None and calls == []  # the Journal's index holds: no row read
    monkeypatch.setattr(journal_index, "sums", lambda data: None)  # as if it did not
    loaded, _ = load_sums(path, path.read_bytes())
    assert loaded.sums is not None and calls == [1]


@pytest.mark.slow
def test_a_damaged_cache_of_compiled_templates_is_compiled_anew(
    game: Ledger, tmp_path: Path
) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    assert game.sub("statement", "--all", env=env).exit_code == 0
    cached = list((tmp_path / "cache").rglob("__jinja2_*.cache"))
    assert cached, "the compiled templates are kept"
    for f in cached:  # Jinja's header kept, the compiled code garbled
        f.write_bytes(f.read_bytes()[:40] + b"garbage" * 10)
    run = game.sub("statement", "--all", env=env)
    assert run.exit_code == 0, run.stderr


def test_balance_reads_a_journal_another_program_saved_once(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_with(ledger.path, ["x"])
    openpyxl.load_workbook(ledger.path).save(ledger.path)
    cache_path(ledger.path).unlink(missing_ok=True)
    calls = []
    real = load_module._journal
    monkeypatch.setattr(load_module, "_journal", lambda *a: calls.append("careful") or real(*a))
    assert ledger("balance", "--json").json()["players"]["Ann"]
    assert calls == ["careful"]  # read once, cell by cell


def test_rows_without_their_number_are_read_the_careful_way_and_kept_by_a_save(
    ledger: Ledger,
) -> None:
    game_with(ledger.path, ["x"])
    before = len(careful(ledger.path)[0])
    _unnumber_rows(ledger.path)  # still a valid sheet: its rows in order
    cache_path(ledger.path).unlink(missing_ok=True)
    ledger("pay", "bank", "Ann", "5")
    after, _ = careful(ledger.path)
    assert len(after) == before + 1
    assert after.transactions[-1].id == before + 1
