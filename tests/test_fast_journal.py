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
from ledger.io import journal_xml
from ledger.io.cache import cache_path
from ledger.io.sheets import JOURNAL
from ledger.io.workbook import STREAM_ROWS, Loaded, Table, _journal, iter_journal, read_raw, write
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
    journal = _journal(
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
    sums = journal_xml.sums(data)
    assert sums is not None
    assert sums.balances == {a: m.amount for a, m in slow[0].balances().items()}
    assert sums.last_day == max(t.day for t in slow[0])
    assert sums.transactions == len(slow[0])


def test_the_fast_reader_reads_what_the_careful_one_reads(tmp_path: Path) -> None:
    path = tmp_path / "long.xlsx"
    game_with(path, ODD_TEXTS)
    assert_same(path)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(memos=st.lists(st.text(min_size=0, max_size=12), min_size=1, max_size=4))
def test_any_text_reads_the_same_both_ways(tmp_path: Path, memos: list[str]) -> None:
    path = tmp_path / "any.xlsx"
    game_with(path, memos)
    assert_same(path)


def test_the_two_halves_on_two_cores_add_up_to_the_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.xlsx"
    game_with(path, ODD_TEXTS, payments=600)
    whole = journal_xml.sums(path.read_bytes())
    monkeypatch.setattr(journal_xml, "PARALLEL_FROM", 1000)  # split even this small sheet
    halves = journal_xml.sums(path.read_bytes())
    assert halves == whole
    assert halves is not None and halves.transactions == 5 + 600  # four openings, the bank pays Ann


PART = "xl/worksheets/sheet5.xml"  # the Journal, fifth sheet of every workbook


def _journal_part(path: Path) -> bytes:
    with zipfile.ZipFile(path) as z:
        return z.read(PART)


def _cell(path: Path, ref: str) -> bytes:
    """The whole `<c>` element of one Journal cell."""
    m = re.search(rb'<c r="' + ref.encode() + rb'"[^>]*>.*?</c>', _journal_part(path))
    assert m is not None
    return m.group(0)


def _edit_journal_xml(path: Path, old: bytes, new: bytes) -> None:
    """Change the Journal's XML in place, as a tool that edits the file without Excel would."""
    with zipfile.ZipFile(path) as z:
        parts = [(info, z.read(info)) for info in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            if info.filename == PART:
                assert old in data
                data = data.replace(old, new, 1)
            z.writestr(info, data)


@pytest.mark.parametrize("split", [False, True])
def test_an_unbalanced_transaction_in_a_long_journal_is_named_by_its_cell(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch, split: bool
) -> None:
    game_with(ledger.path, ["x"], payments=600)
    if split:
        monkeypatch.setattr(journal_xml, "PARALLEL_FROM", 1000)
    # the second posting of a transaction in the second half gets one cent more
    cell = _cell(ledger.path, "E1001")
    amount = Decimal(re.search(rb"<v>([^<]+)</v>", cell).group(1).decode())  # type: ignore[union-attr]
    _edit_journal_xml(
        ledger.path,
        cell,
        cell.replace(f"<v>{amount}</v>".encode(), f"<v>{amount + Decimal('0.01')}</v>".encode()),
    )
    assert journal_xml.sums(ledger.path.read_bytes()) is None
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
    assert journal_xml.sums(ledger.path.read_bytes()) is None
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
    assert journal_xml.sums(ledger.path.read_bytes()) is not None  # the rows are ledger's own
    run = ledger("balance", "--json", expect=1)
    assert "unknown-account" in run.stderr and "Journal!D300" in run.stderr


def test_without_fork_the_sums_are_counted_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.xlsx"
    game_with(path, ["x"], payments=600)
    whole = journal_xml.sums(path.read_bytes())
    monkeypatch.setattr(journal_xml, "PARALLEL_FROM", 1000)
    monkeypatch.delattr(journal_xml.os, "fork")  # as on Windows
    assert journal_xml.sums(path.read_bytes()) == whole
    assert journal_xml.Pending(path.read_bytes()).result() == whole
