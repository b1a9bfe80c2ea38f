"""How a statement is printed: warnings alike but for what they name are one line naming them
all, long tables are listed in short; no value is lost either way."""

from __future__ import annotations

from ledger.core.report import Table
from ledger.io.printable import LONG, Listing, group_warnings, listing, short


def test_warnings_alike_but_for_what_they_name_are_one_warning_naming_them_all() -> None:
    warnings = [
        "crew C1: wages of 3.00 KC due on day 68",
        "office O1 at Mars: 5.00 KC due on day 68, or it closes",
        "crew C12: wages of 3.00 KC due on day 68",
        "crew C3: wages of 4.00 KC due on day 68",
        "Ship 1 runs out of supplies on day 189",
        "Ship 12 runs out of supplies on day 189",
        "Nomad runs out of supplies on day 91",
        "nothing named here",
    ]
    assert group_warnings(warnings) == [
        "crew C1, C12: wages of 3.00 KC due on day 68 (each of 2)",
        "office O1 at Mars: 5.00 KC due on day 68, or it closes",
        "crew C3: wages of 4.00 KC due on day 68",
        "Ship 1, 12 runs out of supplies on day 189 (each of 2)",
        "Nomad runs out of supplies on day 91",
        "nothing named here",
    ]


def test_warnings_that_differ_in_an_amount_or_a_day_stay_apart() -> None:
    warnings = [
        "crew C1: wages of 3.00 KC due on day 68",
        "crew C2: wages of 3.00 KC due on day 69",
        "crew C3: wages of 3.50 KC due on day 68",
        "property tax on day 360: 337.00 KC (§29)",
    ]
    assert group_warnings(warnings) == warnings


def test_a_long_table_is_listed_with_every_value_in_its_columns_order() -> None:
    t = Table(
        "Crews", ["crew", "works on", "wages owed"], align=["l", "l", "r"], total="Owed: 6.00"
    )
    t.rows = [[f"C{i}", f"Ship {i}" if i % 2 else "", "3.00"] for i in range(1, LONG + 2)]
    shown = short(t)
    assert isinstance(shown, Listing)
    assert shown.legend == "crew: works on · wages owed"
    assert shown.rows == LONG + 1 and shown.total == "Owed: 6.00"
    entries = shown.text.split("; ")
    assert entries[0] == "C1: Ship 1 · 3.00" and entries[1] == "C2: – · 3.00"
    assert len(entries) == LONG + 1
    t.rows = t.rows[:LONG]
    assert short(t) is t
    assert listing(t).rows == LONG
