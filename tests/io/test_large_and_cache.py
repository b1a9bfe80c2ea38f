"""Long journals are streamed as XML when written and read row by row; `balance` keeps a cache
valid only for the very bytes it was made from. Both must be invisible to the banker."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import openpyxl

from ledger.core.actions import pay
from ledger.core.start import new_books
from ledger.io.cache import cache_path
from ledger.io.workbook import STREAM_ROWS, Loaded, load, write
from ledger.rules import load_game
from tests.conftest import Ledger, edit_cells


def long_game(path: Path, payments: int = STREAM_ROWS) -> None:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob"], "Sam", seed=1)
    pay(books, "bank", "Ann", Decimal("100000"))
    for i in range(payments):
        pay(books, "Ann", "Bob", Decimal(i % 97 + 1) / 100 + 1, memo=f"=payment {i} <&> x")
    write(path, Loaded(books, []))


def test_a_long_journal_is_written_and_read_back_exactly(ledger: Ledger) -> None:
    long_game(ledger.path)
    loaded, problems = load(ledger.path)
    assert [p for p in problems if p.is_error] == []
    journal = loaded.books.journal
    assert len(journal) == 3 + 1 + STREAM_ROWS
    assert journal.transactions[-1].memo == f"=payment {STREAM_ROWS - 1} <&> x"
    assert ledger("check").exit_code == 0
    # another program reads the streamed rows with their types and formats
    wb = openpyxl.load_workbook(ledger.path)
    ws = wb["Journal"]
    last = ws.max_row
    assert last == 1 + 2 * len(journal)
    assert ws[f"E{last}"].number_format == "#,##0.00;[Red]-#,##0.00"
    assert isinstance(ws[f"E{last}"].value, (int, float))
    assert ws[f"F{last}"].data_type == "s" and ws[f"F{last}"].value.startswith("=payment")
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == f"A1:H{last}"


def test_a_long_journal_keeps_the_banker_columns_and_survives_a_command(ledger: Ledger) -> None:
    long_game(ledger.path)
    ledger("pay", "Bob", "Ann", "1")
    assert ledger.balances()["player:Ann"] == str(
        Decimal("100025") - sum(Decimal(i % 97 + 1) / 100 + 1 for i in range(STREAM_ROWS)) + 1
    )


def test_balance_uses_its_cache_only_for_the_same_bytes(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "5")
    cache = cache_path(game.path)
    assert cache.exists()  # written by the save
    assert game("balance", "--json").json()["players"]["Ann"] == "20.00"
    # Excel changes the workbook: the cache no longer matches and is not used
    edit_cells(game.path, {"Journal!E2": -30, "Journal!E3": 30})
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"
    # a damaged cache is only a slower read
    cache.write_text("{not json")
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"


def test_balance_is_the_same_with_and_without_the_cache(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "5", "--to-bank", "Mars")
    with_cache = game("balance", "--json").json()
    cache_path(game.path).unlink()
    without = game("balance", "--json").json()
    assert with_cache == without
    assert game("balance").stdout == game("balance").stdout


def _journal_xml(path: Path) -> bytes:
    import zipfile

    loaded, _ = load(path)
    part = f"xl/worksheets/sheet{loaded.order.index('Journal') + 1}.xml"
    with zipfile.ZipFile(path) as z:
        return z.read(part)


def test_a_save_copies_the_unchanged_journal_rows_and_the_result_is_the_same(
    ledger: Ledger, tmp_path: Path
) -> None:
    long_game(ledger.path)
    ledger("pay", "Bob", "Ann", "1")  # loads, appends one transaction, saves (copying the old rows)
    ledger("pay", "Bob", "Ann", "2")
    copied = _journal_xml(ledger.path)
    loaded, _ = load(ledger.path)
    fresh = tmp_path / "fresh.xlsx"
    loaded.source = None  # write every row anew
    write(fresh, loaded)
    assert copied == _journal_xml(fresh)


def test_rows_are_not_copied_from_a_journal_another_program_saved(ledger: Ledger) -> None:
    long_game(ledger.path)
    wb = openpyxl.load_workbook(ledger.path)  # openpyxl writes shared strings: no copy then
    wb["Journal"]["F2"] = "changed in another program"
    wb.save(ledger.path)
    ledger("pay", "Bob", "Ann", "1")
    memos = [t["memo"] for t in ledger("journal", "--json").json()]
    assert memos[0] == "changed in another program"
    assert memos[-1] == "Bob pays Ann"


def test_text_that_looks_like_an_excel_escape_survives_a_long_journal(ledger: Ledger) -> None:
    books = new_books(load_game("triplanetary"), ["_x0041_", "Bob"], "Sam", seed=1)
    pay(books, "bank", "_x0041_", Decimal("1000"))
    for i in range(STREAM_ROWS):
        pay(books, "_x0041_", "Bob", Decimal(1), memo=f"a\\rb _x0041_ {i}")
    write(ledger.path, Loaded(books, []))
    again, problems = load(ledger.path)
    assert [p for p in problems if p.is_error] == []
    assert again.books.journal.transactions[-1].memo == f"a\\rb _x0041_ {STREAM_ROWS - 1}"
    assert "cash:_x0041_:Ceres" in again.books.journal.accounts()
    assert ledger("check").exit_code == 0


def test_the_banker_column_in_the_journal_stays_beside_its_rows_across_a_blank_row(
    game: Ledger,
) -> None:
    wb = openpyxl.load_workbook(game.path)
    ws = wb["Journal"]
    ws["I1"] = "note"
    ws["I4"] = "Bob's start"  # txn 2, first row
    ws.insert_rows(4)  # a blank row between transactions 1 and 2
    wb.save(game.path)
    assert game("check").exit_code == 0
    game("pay", "Ann", "Bob", "3")
    rows = [r for r in openpyxl.load_workbook(game.path)["Journal"].iter_rows(values_only=True)]
    noted = [r for r in rows if r[8] == "Bob's start"]
    assert len(noted) == 1 and noted[0][0] == 2 and noted[0][3] == "bank"


def test_amounts_beyond_what_a_cell_holds_exactly_are_refused(game: Ledger) -> None:
    run = game("pay", "bank", "Ann", "12345678901234.56", expect=1)
    assert "AMOUNT: bad-amount" in run.stderr and "spreadsheet" in run.stderr
    game("pay", "bank", "Ann", "9999999999999.99")


def test_a_cell_under_an_unnamed_column_is_kept(game: Ledger) -> None:
    edit_cells(game.path, {"Players!J2": "a note with no header"})
    game("pay", "Ann", "Bob", "1")
    assert openpyxl.load_workbook(game.path)["Players"]["J2"].value == "a note with no header"


def test_a_workbook_reached_through_a_link_stays_a_link(game: Ledger) -> None:
    link = game.folder / "link.xlsx"
    link.symlink_to(game.path)
    game("pay", "Ann", "Bob", "1", "-w", str(link))
    assert link.is_symlink()
    assert game.balances()["player:Ann"] == "24.00"


def test_a_damaged_history_log_does_not_stop_saving_and_a_lost_version_does_not_stop_undo(
    game: Ledger,
) -> None:
    game("pay", "Ann", "Bob", "1")
    game("pay", "Ann", "Bob", "2")
    hist = game.folder / ".ledger.xlsx.history"
    (hist / "log.jsonl").write_text((hist / "log.jsonl").read_text() + "{broken\n")
    game("pay", "Ann", "Bob", "3")
    game("pay", "Ann", "Bob", "4")
    newest = sorted(hist.glob("*.xlsx"))[-1]
    newest.unlink()
    run = game("undo", expect=1)
    assert "history-missing" in run.stderr
    game("undo")  # the one before it: pay 3
    assert game.balances()["player:Ann"] == "22.00"
    # the damaged line is a wall (issue 28): pay 2 and pay 1 are not gone back past it
    assert "history-log-damaged" in game("undo", expect=1).stderr


def test_nonsense_numbers_in_settings_are_problems_not_crashes(game: Ledger) -> None:
    from tests.conftest import set_setting

    set_setting(game.path, "crew_wage_per_day", "NaN")
    run = game("check", expect=1)
    assert "not-a-number" in run.stdout
