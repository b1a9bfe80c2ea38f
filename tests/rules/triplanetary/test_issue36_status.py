"""Issue 36, item 3: `ledger status` shows what the banker must act on before the next tick,
in Triplanetary's words: fines owed (§6), crews whose supplies run out and when (§14),
offices and their fees (§8), prisoners and their day of release (§41), the dead as dead (§5).

Ann, Bob, Cy and Dan start with 25 KC at Ceres, Sam is the Patrol (§3, §6). The tests play on
books in memory (tests/memory.py): `status --json` is the game's `status`, the table `ledger
status` lays out its `status_text`. What `ledger status` prints runs the real CLI on a real
workbook (the first test)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Ledger, edit_cells
from tests.memory import Table, table

#: The commands of day 0 to day 20 (see `day_20`).
DAYS_0_TO_20 = (
    "pay bank Ann 1000",
    "buy Ann transport --name Nomad",
    "hire Ann --ship Nomad",
    "office open Ann --at Mars",
    "fine Bob 40 --reason speeding",
)
# Players rows: Ann 2, Bob 3, Cy 4, Dan 5; columns D status, E status_until
PRISON_AND_DEATH = {"Players!D4": "imprisoned", "Players!E4": 120, "Players!D5": "dead"}


@pytest.fixture
def day_20() -> Table:
    """Day 20: Ann (1025 KC) bought the transport Nomad on day 0 (3 months of supplies for
    its one crew, §14) and opened an office at Mars (paid until day 30, §8); Bob was fined
    40 KC with 25 KC to pay (15 KC owed, §6); Cy is in prison until day 120, Dan is dead."""
    t = table(players=("Ann", "Bob", "Cy", "Dan"))
    for line in DAYS_0_TO_20:
        t(line)
    t("tick 20")
    t.edit_cells(PRISON_AND_DEATH)
    return t


@pytest.fixture
def on_file(ledger: Ledger) -> Ledger:
    """`day_20` on a real workbook."""
    ledger.new("Ann", "Bob", "Cy", "Dan")
    for line in DAYS_0_TO_20:
        ledger(*line.split())
    ledger("tick", "20", "--no-statements")
    edit_cells(ledger.path, PRISON_AND_DEATH)
    return ledger


def players(t: Table) -> dict[str, Any]:
    return t.status()["players"]  # type: ignore[no-any-return]


def shown(t: Table) -> dict[str, dict[str, str]]:
    """What `ledger status` lays out in its table, row by row (the table wraps its cells)."""
    return t.books.game.status_text(t.books)["players"]  # type: ignore[no-any-return]


def test_issue36_status_names_supplies_running_out_and_the_day_crews_die(
    day_20: Table, on_file: Ledger
) -> None:
    # Day 0: 3 units for 1 crew = 90 days fed (to day 90); out on day 91, then 14 days of
    # the ship's emergency supplies: dead on day 105 (§14).
    ann = players(day_20)["Ann"]
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
    assert shown(day_20)["Ann"]["supplies (§14)"] == "Nomad: out day 91, crews die day 105"
    printed = on_file("status").stdout  # what `ledger status` prints of the same books
    assert "Nomad: out" in printed
    assert "DEAD (§5)" in printed
    assert on_file("status", "--json").json()["players"] == players(day_20)


def test_issue36_status_names_the_office_fee_and_its_day(day_20: Table) -> None:
    ann = players(day_20)["Ann"]
    assert ann["offices"] == [
        {"office": "O1", "place": "Mars", "due_day": 30, "fee": "5.00", "unpaid": False}
    ]
    assert shown(day_20)["Ann"]["offices (§8)"] == "O1 Mars: 5.00 KC due day 30"


def test_issue36_status_names_the_fines_owed(day_20: Table) -> None:
    # 40 KC fine, 25 KC paid at once: 15 KC owed (§6); nothing else owes.
    owed = {name: row["owed"] for name, row in players(day_20).items()}
    assert owed == {"Ann": "0.00", "Bob": "15.00", "Cy": "0.00", "Dan": "0.00", "Sam": "0.00"}
    assert shown(day_20)["Bob"]["fines, taxes owed (§6)"] == "15.00 KC"


def test_issue36_status_shows_prisoners_release_day_and_the_dead(day_20: Table) -> None:
    rows = players(day_20)
    assert (rows["Cy"]["status"], rows["Cy"]["prison_until"]) == ("imprisoned", 120)
    assert (rows["Dan"]["status"], rows["Ann"]["prison_until"]) == ("dead", None)
    text = shown(day_20)
    assert text["Cy"]["status"] == "in prison until day 120 (§41)"
    assert text["Dan"]["status"] == "DEAD (§5)"
    # `ledger status` prints "DEAD (§5)": the first test, on the CLI


def test_issue36_status_says_when_crews_live_on_emergency_supplies(day_20: Table) -> None:
    day_20("tick 75")  # day 95: out since day 91, dead on day 105
    nomad = players(day_20)["Ann"]["supplies"][0]
    assert (nomad["on_emergency"], nomad["runs_out"], nomad["crews_die"]) == (True, None, 105)
    assert shown(day_20)["Ann"]["supplies (§14)"] == (
        "Nomad: on emergency supplies, crews die day 105"
    )


def test_issue36_s19_crews_of_a_mine_on_a_bases_hex_are_fed_by_the_base_in_status_and_supply() -> (
    None
):
    """§19: a base is a supply depot; the tick feeds the crews of a mine on its hex from it. So
    `status` counts them at the base, and the warning's `ledger supply` buys for all of them."""
    t = table()
    for line in ("pay bank Ann 1000", "buy Ann base --name Rock", "claim Ann Dig --base Rock"):
        t(line)
    t("tick 1")
    t("hire Ann --mine Dig")
    t("hire Ann --mine Dig")
    assert "ledger supply Ann --base Rock --months 1" in t.warned()
    (rock,) = t.status()["players"]["Ann"]["supplies"]
    assert (rock["name"], rock["crews"], rock["crews_die"]) == ("Rock", 2, 32)
    assert "2 units of supplies for Rock" in t("supply Ann --base Rock --months 1")
    t("tick 30")
    assert [c["status"] for c in t.rows("Crews")] == ["active", "active"]
