"""Issue 36, item 3: Planetopoly's `ledger status` shows debts against the mortgage value
that decides a loss (§9) and what each prisoner pays to leave now (§10: 600, 400, 200 MU by
the turns missed, nothing once the sentence is served). Ann, Bob, Cy start with 3000 MU."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Ledger


@pytest.fixture
def table(ledger: Ledger) -> Ledger:
    """Ann buys Vega 1 and Vega 2 (1000 MU each, mortgage 500 each on the example board) and
    pays an event card of 1600 MU with 1000 MU left: the bank lends 600 (§9). Bob missed one
    turn in prison, Cy three (the sentence served)."""
    ledger("new", "--game", "planetopoly", "-p", "Ann", "-p", "Bob", "-p", "Cy")
    ledger("buy", "Ann", "vega-1")
    ledger("buy", "Ann", "vega-2")
    ledger("event", "Ann", "--pay", "1600")
    ledger("prison", "Bob")
    ledger("stay", "Bob")
    ledger("prison", "Cy")
    for _ in range(3):
        ledger("stay", "Cy")
    return ledger


def shown(game: Ledger) -> dict[str, dict[str, str]]:
    """What `ledger status` lays out in its table, row by row (the table wraps its cells)."""
    from ledger.app.pipeline import read_books

    books, _ = read_books(game.path)
    return books.game.status_text(books)["players"]  # type: ignore[no-any-return]


def test_issue36_status_shows_a_debt_against_the_mortgage_value(table: Ledger) -> None:
    ann: dict[str, Any] = table("status", "--json").json()["players"]["Ann"]
    assert (ann["debt"], ann["mortgage_value"]) == ("600.00", "1000.00")
    assert shown(table)["Ann"]["debt"] == "600.00\nof 1,000.00 mortgage value (§9)"
    assert shown(table)["Bob"]["debt"] == "0.00"


def test_issue36_status_shows_what_each_prisoner_pays_to_leave(table: Ledger) -> None:
    rows: dict[str, Any] = table("status", "--json").json()["players"]
    assert {n: r["bail_now"] for n, r in rows.items()} == {
        "Ann": None,
        "Bob": "400.00",
        "Cy": "0.00",
    }
    text = shown(table)
    assert text["Bob"]["state"].endswith(": 400.00 MU to leave now, or stay")
    assert text["Cy"]["state"].endswith(": sentence served, free on the next turn")
    assert text["Ann"]["state"] == "playing"
