"""Issue 36, item 3: `ledger status` shows what the banker must act on before the next tick,
in Triplanetary's words: fines owed (§6), crews whose supplies run out and when (§14),
offices and their fees (§8), prisoners and their day of release (§41), the dead as dead (§5).

Ann, Bob, Cy and Dan start with 25 KC at Ceres, Sam is the Patrol (§3, §6)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Ledger, edit_cells


@pytest.fixture
def table(ledger: Ledger) -> Ledger:
    """Day 20: Ann (1025 KC) bought the transport Nomad on day 0 (3 months of supplies for
    its one crew, §14) and opened an office at Mars (paid until day 30, §8); Bob was fined
    40 KC with 25 KC to pay (15 KC owed, §6); Cy is in prison until day 120, Dan is dead."""
    ledger.new("Ann", "Bob", "Cy", "Dan")
    ledger("pay", "bank", "Ann", "1000")
    ledger("buy", "Ann", "transport", "--name", "Nomad")
    ledger("hire", "Ann", "--ship", "Nomad")
    ledger("office", "open", "Ann", "--at", "Mars")
    ledger("fine", "Bob", "40", "--reason", "speeding")
    ledger("tick", "20", "--no-statements")
    # Players rows: Ann 2, Bob 3, Cy 4, Dan 5; columns D status, E status_until
    edit_cells(ledger.path, {"Players!D4": "imprisoned", "Players!E4": 120, "Players!D5": "dead"})
    return ledger


def players(game: Ledger) -> dict[str, Any]:
    return game("status", "--json").json()["players"]  # type: ignore[no-any-return]


def shown(game: Ledger) -> dict[str, dict[str, str]]:
    """What `ledger status` lays out in its table, row by row (the table wraps its cells)."""
    from ledger.app.pipeline import read_books

    books, _ = read_books(game.path)
    return books.game.status_text(books)["players"]  # type: ignore[no-any-return]


def test_issue36_status_names_supplies_running_out_and_the_day_crews_die(table: Ledger) -> None:
    # Day 0: 3 units for 1 crew = 90 days fed (to day 90); out on day 91, then 14 days of
    # the ship's emergency supplies: dead on day 105 (§14).
    ann = players(table)["Ann"]
    assert ann["supplies"] == [
        {
            "post": "S1",
            "name": "Nomad",
            "crews": 1,
            "on_emergency": False,
            "runs_out": 91,
            "crews_die": 105,
        }
    ]
    assert shown(table)["Ann"]["supplies (§14)"] == "Nomad: out day 91, crews die day 105"
    assert "Nomad: out" in table("status").stdout


def test_issue36_status_names_the_office_fee_and_its_day(table: Ledger) -> None:
    ann = players(table)["Ann"]
    assert ann["offices"] == [
        {"office": "O1", "place": "Mars", "due_day": 30, "fee": "5.00", "unpaid": False}
    ]
    assert shown(table)["Ann"]["offices (§8)"] == "O1 Mars: 5.00 KC due day 30"


def test_issue36_status_names_the_fines_owed(table: Ledger) -> None:
    # 40 KC fine, 25 KC paid at once: 15 KC owed (§6); nothing else owes.
    owed = {name: row["owed"] for name, row in players(table).items()}
    assert owed == {"Ann": "0.00", "Bob": "15.00", "Cy": "0.00", "Dan": "0.00", "Sam": "0.00"}
    assert shown(table)["Bob"]["fines, taxes owed (§6)"] == "15.00 KC"


def test_issue36_status_shows_prisoners_release_day_and_the_dead(table: Ledger) -> None:
    rows = players(table)
    assert (rows["Cy"]["status"], rows["Cy"]["prison_until"]) == ("imprisoned", 120)
    assert (rows["Dan"]["status"], rows["Ann"]["prison_until"]) == ("dead", None)
    text = shown(table)
    assert text["Cy"]["status"] == "in prison until day 120 (§41)"
    assert text["Dan"]["status"] == "DEAD (§5)"
    assert "DEAD (§5)" in table("status").stdout


def test_issue36_status_says_when_crews_live_on_emergency_supplies(table: Ledger) -> None:
    table("tick", "75", "--no-statements")  # day 95: out since day 91, dead on day 105
    nomad = players(table)["Ann"]["supplies"][0]
    assert (nomad["on_emergency"], nomad["runs_out"], nomad["crews_die"]) == (True, None, 105)
    assert shown(table)["Ann"]["supplies (§14)"] == (
        "Nomad: on emergency supplies, crews die day 105"
    )
