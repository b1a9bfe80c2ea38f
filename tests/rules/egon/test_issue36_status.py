"""Issue 36, item 3: Egon's `ledger status` shows each debt with the interest the next salary
brings (section 2: 50% a round on a negative balance) and who is near the 10,000 Kj line
that puts a player out. AAA, BBB and CCC start with 1,000 Kj each."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Ledger


@pytest.fixture
def table(ledger: Ledger) -> Ledger:
    ledger("new", "--game", "egon", "-p", "AAA", "-p", "BBB", "-p", "CCC")
    ledger("pay", "AAA", "bank", "8000")  # -7,000 Kj
    ledger("pay", "BBB", "bank", "2000")  # -1,000 Kj
    return ledger


def shown(game: Ledger) -> dict[str, dict[str, str]]:
    """What `ledger status` lays out in its table, row by row (the table wraps its cells)."""
    from ledger.app.pipeline import read_books

    books, _ = read_books(game.path)
    return books.game.status_text(books)["players"]  # type: ignore[no-any-return]


def test_issue36_status_shows_debts_and_the_interest_due(table: Ledger) -> None:
    # AAA: 7,000 owed, 50% = 3,500 interest; BBB: 1,000 owed, 500 interest; CCC: none.
    rows: dict[str, Any] = table("status", "--json").json()["players"]
    due = {n: (r["debt"], r["interest_due"]) for n, r in rows.items()}
    assert due == {
        "AAA": ("7000.00", "3500.00"),
        "BBB": ("1000.00", "500.00"),
        "CCC": ("0.00", "0.00"),
    }
    text = shown(table)
    assert text["AAA"]["debt (2)"] == "7,000.00 Kj + 3,500.00 Kj interest"
    assert text["CCC"]["debt (2)"] == ""


def test_issue36_status_warns_of_players_near_the_10000_line(table: Ledger) -> None:
    # AAA: 7,000 + 3,500 = 10,500 > 10,000: out after the next salary unless it pays;
    # BBB: 1,500 is far from it.
    rows: dict[str, Any] = table("status", "--json").json()["players"]
    assert {n: r["near_out"] for n, r in rows.items()} == {"AAA": True, "BBB": False, "CCC": False}
    text = shown(table)
    assert text["AAA"]["out past 10,000.00 Kj (2)"] == "near: 10,500.00 Kj after interest"
    assert text["BBB"]["out past 10,000.00 Kj (2)"] == ""
    assert "near: 10,500.00" in table("status").stdout.replace("\n", " ")
