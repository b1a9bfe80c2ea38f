"""How a statement is printed: warnings alike but for what they name are one line naming them
all, long tables are listed in short; no value is lost either way."""

from __future__ import annotations

from ledger.core.printable import LONG, OWNED, Listing, group_warnings, listing, printed, short
from ledger.core.report import Statement, Table


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


def test_a_long_table_is_listed_with_every_value_in_its_columns_order_alike_ones_once() -> None:
    t = Table(
        "Crews", ["crew", "works on", "wages owed"], align=["l", "l", "r"], total="Owed: 6.00"
    )
    t.rows = [[f"C{i}", f"Ship {i}" if i % 2 else "", "3.00"] for i in range(1, LONG + 2)]
    shown = short(t)
    assert isinstance(shown, Listing)
    assert shown.legend == "crew: works on"  # wages owed is said once, alike in every row
    assert shown.alike == "wages owed 3.00"
    assert shown.rows == LONG + 1 and shown.total == "Owed: 6.00"
    entries = shown.text.split("; ")
    assert entries[0] == "C1: Ship 1" and entries[1] == "C2: –"
    assert len(entries) == LONG + 1
    t.rows[-1][2] = "4.00"
    shown = listing(t)
    assert shown.legend == "crew: works on · wages owed" and shown.alike == ""
    assert shown.text.split("; ")[-1] == f"C{LONG + 1}: Ship {LONG + 1} · 4.00"
    t.rows = t.rows[:LONG]
    assert short(t) is t
    assert listing(t).rows == LONG


def test_what_a_player_owns_is_listed_sooner_than_the_money_and_the_page_says_so() -> None:
    def table(title: str, n: int) -> Table:
        return Table(title, ["what", "value"], rows=[[f"{title} {i}", str(i)] for i in range(n)])

    s = Statement(
        game="A game",
        player="Ann",
        role="player",
        since=0,
        day=30,
        currency="KC",
        facts=[],
        banks=table("bank", 2),
        journal=table("line", 3),
        sections=[table("ship", OWNED + 1), table("office", OWNED)],
        warnings=[],
        upcoming=table("due", OWNED + 1),
        chart=None,
    )
    shown = printed(s, None)
    assert [type(t) for t in shown.sections] == [Listing, Table]
    assert shown.upcoming is s.upcoming and shown.banks is s.banks and shown.journal is s.journal
    assert shown.notes == [
        "Long tables are listed in short, each row's values in the order of the legend; "
        "the HTML statement has them as tables."
    ]
    assert printed(s, table("group", 2)).notes[0].startswith("The journal lines are grouped")
