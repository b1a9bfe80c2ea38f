"""One read path and one write path (issue 35): every sheet is read by python-calamine and
written by XlsxWriter, a long Journal as exactly as a short one, whatever its texts; nothing is
kept beside the rows (no index, no cache): a workbook changed and changed back is read anew."""

from __future__ import annotations

import re
import zipfile
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.core.actions import pay
from ledger.core.start import new_books
from ledger.io.workbook import Loaded, load, write
from ledger.rules import load_game
from tests.conftest import Ledger, add_rows, edit_cells

#: A journal longer than any table's month.
STREAM_ROWS = 300


def long_game(path: Path, payments: int = STREAM_ROWS, constant_memory: bool | None = None) -> None:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob"], "Sam", seed=1)
    pay(books, "bank", "Ann", Decimal("100000"))
    for i in range(payments):
        pay(books, "Ann", "Bob", Decimal(i % 97 + 1) / 100 + 1, memo=f"=payment {i} <&> x")
    write(path, Loaded(books, []), constant_memory=constant_memory)


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
    "_xFFFF_ and _x00e9_",
]
#: What a cell can hold: any character XML 1.0 allows (U+FFFF, say, is written as `_xFFFF_`
#: and read back so, by every reader).
CELL_TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Co", "Cn"))
    | st.sampled_from("\t\n\r"),
    max_size=12,
)


def _round_trip(path: Path, memos: list[str], constant_memory: bool | None = None) -> None:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob", "Cleo"], "Sam", seed=1)
    pay(books, "bank", "Ann", Decimal("100000"))
    for i in range(60):
        to = ("Bob", "Cleo")[i % 2]
        pay(books, "Ann", to, Decimal(i % 997 + 1) / 100, memo=memos[i % len(memos)])
    write(path, Loaded(books, []), constant_memory=constant_memory)
    again, problems = load(path)
    assert [p for p in problems if p.is_error] == []
    # texts are read as typed but for the spaces around them (a cell's text is stripped)
    expected = [replace(t, memo=t.memo.strip()) for t in books.journal]
    assert list(again.books.journal) == expected
    assert again.books.journal.balances() == books.journal.balances()


@pytest.mark.parametrize("constant_memory", [False, True])
def test_35_texts_and_amounts_come_back_exactly_in_either_mode_of_the_writer(
    tmp_path: Path, constant_memory: bool
) -> None:
    _round_trip(tmp_path / "odd.xlsx", ODD_TEXTS, constant_memory)


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(memos=st.lists(CELL_TEXT, min_size=1, max_size=4))
def test_35_any_text_comes_back_as_it_was_written(tmp_path: Path, memos: list[str]) -> None:
    _round_trip(tmp_path / "any.xlsx", memos)


def test_35_a_workbook_changed_and_changed_back_is_read_anew_every_time(game: Ledger) -> None:
    """Nothing is kept beside the rows: balance on A, then B, then A again shows A's figures
    (a kept answer once showed B's under A's bytes)."""
    a = game.path.read_bytes()
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"
    game("pay", "Ann", "Bob", "5")
    b = game.path.read_bytes()
    assert game("balance", "--json").json()["players"]["Ann"] == "20.00"
    game.path.write_bytes(a)
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"
    game.path.write_bytes(b)
    assert game("balance", "--json").json()["players"]["Ann"] == "20.00"


def test_35_an_unbalanced_transaction_in_a_long_journal_is_named_by_its_cell(
    ledger: Ledger,
) -> None:
    long_game(ledger.path)
    edit_cells(ledger.path, {"Journal!E400": 99})
    run = ledger("check", expect=1)
    assert "Journal!E400: unbalanced-transaction transaction 200 sums to 100.02" in run.stdout


def test_35_a_damaged_journal_is_reported_not_a_crash(ledger: Ledger) -> None:
    long_game(ledger.path)
    data = bytearray(ledger.path.read_bytes())
    with zipfile.ZipFile(ledger.path) as z:
        info = z.getinfo("xl/worksheets/sheet5.xml")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 200, start + 260):
        data[i] ^= 0x55
    ledger.path.write_bytes(bytes(data))
    for command in ("balance", "check", "pay"):
        run = ledger(command, *(["Ann", "Bob", "1"] if command == "pay" else []), expect=1)
        said = run.stdout + run.stderr
        assert "damaged-xlsx" in said and "internal error" not in said


def test_35_rows_without_their_number_are_read_and_kept_by_a_save(ledger: Ledger) -> None:
    """A program that writes rows and cells without their references (`<row>`, `<c>`) makes
    a valid sheet: read as calamine places them, and a save writes them back numbered."""
    long_game(ledger.path, 40)
    with zipfile.ZipFile(ledger.path) as z:
        parts = [(i, z.read(i)) for i in z.infolist()]
    with zipfile.ZipFile(ledger.path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            if info.filename == "xl/worksheets/sheet5.xml":
                data = re.sub(rb'<row r="\d+"', b"<row", data)
                data = re.sub(rb'<c r="[A-Z]+\d+"', b"<c", data)
            z.writestr(info, data)
    before = len(load(ledger.path)[0].books.journal)
    ledger("pay", "bank", "Ann", "5")
    after = load(ledger.path)[0].books.journal
    assert len(after) == before + 1 and after.transactions[-1].id == before + 1


def test_a_journal_another_program_saved_is_read_and_saved_again(ledger: Ledger) -> None:
    long_game(ledger.path)
    wb = openpyxl.load_workbook(ledger.path)  # openpyxl writes shared strings and its own styles
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


def test_a_second_column_under_a_known_header_is_kept(game: Ledger) -> None:
    # the first `name` is the players' names; a second one is the banker's, kept in its place
    notes = {"Players!G1": "Name", "Players!G2": "a nickname", "Players!H1": "PR"}
    edit_cells(game.path, {**notes, "Players!H3": "99 on paper"})
    game("pay", "Ann", "Bob", "1")
    ws = openpyxl.load_workbook(game.path)["Players"]
    assert [ws["G1"].value, ws["G2"].value, ws["H1"].value, ws["H3"].value] == [
        "Name",
        "a nickname",
        "PR",
        "99 on paper",
    ]
    assert ws["A2"].value == "Ann" and ws["F3"].value == 0


def test_a_header_of_the_banker_that_is_a_formula_no_program_computed_is_kept(game: Ledger) -> None:
    wb = openpyxl.load_workbook(game.path)  # openpyxl saves a formula without its value
    ws = wb["Players"]
    ws["H1"], ws["H2"], ws["J1"] = '=UPPER("notes")', "a note", '="later"'
    wb.save(game.path)
    game("pay", "Ann", "Bob", "1")
    ws = openpyxl.load_workbook(game.path)["Players"]
    assert [ws["H1"].value, ws["H2"].value, ws["J1"].value] == [
        '=UPPER("notes")',
        "a note",
        '="later"',
    ]


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


def test_35_balance_answers_from_the_journal_while_another_sheet_has_a_mistake(
    ledger: Ledger,
) -> None:
    """Every command reads the whole workbook now; `balance` shows what the Journal says and
    names a mistake in a sheet its figures do not come from (an Egon order typed wrong) as a
    warning, as it does a bad Events row; `check` and the changing commands refuse it."""
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    add_rows(ledger.path, "Orders", [[1, "ABC", "x,0,BOB"]])
    run = ledger("balance", "--json")
    assert run.json()["players"]["ABC"]
    assert "Orders!C2: bad-order (warning)" in run.stderr
    assert "Orders!C2: bad-order" in ledger("check", expect=1).stdout
    assert "Orders!C2: bad-order" in ledger("pay", "ABC", "BOB", "1", expect=1).stderr
