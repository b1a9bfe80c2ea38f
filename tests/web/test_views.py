"""The table page of `ledger serve` (issue 18): what falls due next, and each game's own view
(`Game.view`: Triplanetary's property and dues, Egon's DI and towers, the board games' owners
and positions), shown to every link; a player still never opens another player's statement.
Real workbooks made by the real CLI, served by Starlette's TestClient."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from ledger.web.links import BANKER
from ledger.web.server import create_app
from tests.conftest import Ledger


def rows_of(html: str, title: str) -> list[list[str]]:
    """The body rows of the table headed `title` on the page, as the cells' text."""
    start = html.index(f"<h2>{title}</h2>")
    part = html[start:]
    table = part[: part.index("</table>")] if "<table" in part[:200] else ""
    body = table[table.index("<tbody>") :] if table else ""
    return [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def table_page(game: Ledger, links: dict[str, str], token: str) -> str:
    with TestClient(create_app(game.path, links, poll=False)) as c:
        r = c.get(f"/p/{token}")
        assert r.status_code == 200
        return str(r.text)


def test_triplanetary_what_falls_due_and_property_by_owner(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    game("office", "open", "Bob", "--at", "Ceres")
    links = {BANKER: "bank", "Ann": "ann", "Bob": "bob", "Sam": "sam"}
    page = table_page(game, links, "ann")
    # §8 the office fee and §13 the wages, on the day the tick will charge them
    assert rows_of(page, "What falls due next (the next 30 days)") == [
        ["30", "Bob", "office fee O1 at Ceres, paid until day 60", "§8", "−5.00"],
        ["30", "Ann", "Ann pays wages of crew C1", "§13", "−3.00"],
    ]
    assert rows_of(page, "Property and dues by owner") == [
        ["Ann", "1 ship, 1 crew", "10.00", "0.00"],
        ["Bob", "1 office", "0.00", "0.00"],
        ["Sam", "nothing", "0.00", "0.00"],
    ]
    assert rows_of(page, "Offices and their fees (§8)") == [["Bob", "O1", "Ceres", "5.00", "30"]]
    assert rows_of(page, "Ships") == [["Ann", "Nomad", "transport", "active", "Ceres"]]
    assert "nothing is being built" in page and "nobody owes anything" in page
    # the table-level view is everyone's; the statements stay each player's own
    assert "/p/ann/s/Ann" in page and "/p/ann/s/Bob" not in page
    assert table_page(game, links, "bank").count("'s statement</a>") == 3


def test_triplanetary_due_list_moves_on_with_the_day(game: Ledger) -> None:
    game("office", "open", "Bob", "--at", "Ceres")
    game("tick", "30")
    page = table_page(game, {"Bob": "bob"}, "bob")
    assert rows_of(page, "What falls due next (the next 30 days)")[0][:3] == [
        "60",
        "Bob",
        "office fee O1 at Ceres, paid until day 90",
    ]
    assert rows_of(page, "Offices and their fees (§8)") == [["Bob", "O1", "Ceres", "5.00", "60"]]


def test_egon_di_towers_and_what_the_next_round_evaluates(ledger: Ledger) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    ledger("order", "ABC", "x,5,BOB")
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    ledger("pay", "CAT", "world", "1500")
    page = table_page(ledger, {"ABC": "abc"}, "abc")
    nxt = rows_of(page, "Round 1: what it evaluates")
    assert nxt[:3] == [
        ["the draw", "1,2,3,4,5,6, ZZ 7, Z6 6"],
        ["orders handed in", "ABC (1)"],  # how many, never what they say
        ["no orders yet from", "BOB, CAT"],
    ]
    assert nxt[3][0] == "CAT in debt" and nxt[3][1].startswith("500.00 Kj: 50% interest")
    assert "x,5,BOB" not in page
    assert rows_of(page, "DI and towers") == [
        ["1", "ABC", "12", "0", "0", "frei", "1,000.00"],
        ["2", "BOB", "12", "0", "0", "frei", "1,000.00"],
        ["3", "CAT", "12", "0", "0", "frei", "−500.00"],
    ]
    assert rows_of(page, "Jackpots (5.4)") == [
        ["A", "3,200.00"],
        ["B", "1,600.00"],
        ["C", "800.00"],
    ]
    assert "What falls due next" not in page  # a round's outcome is not foreseen


def test_the_21_field_game_positions_owners_and_the_next_turn(ledger: Ledger) -> None:
    ledger("new", "--game", "matador21", "--player", "A", "--player", "B", "--first", "A")
    ledger("roll", "--dice", "6,4")  # A: 1 + 10 = 11 Castle, bought
    page = table_page(ledger, {"B": "b"}, "b")
    assert rows_of(page, "The next turn") == [
        ["round", "1"],
        ["whose turn", "B, on 1 Tribe Encampment"],
        ["then", "A"],
    ]
    positions = rows_of(page, "Where the pieces stand")
    assert [(r[0], r[2], r[3], r[4]) for r in positions] == [
        ("A", "11 Castle", "22,000.00", "1"),
        ("B", "1 Tribe Encampment", "30,000.00", "0"),
    ]
    owners = {r[1]: r[4] for r in rows_of(page, "Who owns which field")}
    assert owners["Castle"] == "A" and owners["Crater"] == "for sale"


def test_planetopoly_owners_and_prison(ledger: Ledger) -> None:
    ledger("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    ledger("buy", "Ann", "lyra-1")
    ledger("prison", "Bob")
    page = table_page(ledger, {"Bob": "bob"}, "bob")
    assert rows_of(page, "Debts and prison") == [
        ["Bob", "in prison, 0 turn(s) missed: leaving costs 600.00 MU next turn (§10)"]
    ]
    deeds = {r[0]: r[2:] for r in rows_of(page, "Who owns which deed")}
    assert deeds["lyra-1"] == ["Ann", "bare", "60.00"]
    assert deeds["lyra-2"] == ["for sale", "", ""]
    for _ in range(3):
        ledger("stay", "Bob")  # the sentence served: no fine is due any more (§10)
    assert rows_of(table_page(ledger, {"Bob": "bob"}, "bob"), "Debts and prison") == [
        ["Bob", "in prison, the sentence served: free at the next turn, no fine (§10)"]
    ]


def test_the_bankers_history_reads_each_kept_version_once_and_stays_true(game: Ledger) -> None:
    """The served history is `ledger history`'s, though a kept version is read only once (a
    workbook read per kept version on every change was most of the pages' reading); after an
    undo the next command keeps a version under the same number, which is read anew."""
    from ledger.io import timeline
    from ledger.web.view import Kept

    kept = Kept()

    def served() -> list[timeline.Entry]:
        books = game("balance", "--json").json()
        now = timeline.state_of(game.path)
        assert now.day == books["day"]
        return kept.entries(game.path, now)

    game("pay", "Ann", "Bob", "1.00")
    game("pay", "Ann", "Bob", "2.00")
    assert served() == timeline.entries(game.path)
    game("undo")
    game("tick", "3")  # version 2 again, another workbook behind it
    assert served() == timeline.entries(game.path)
    assert [(e.seq, e.command, e.changed) for e in served()] == [
        (2, "tick 3", "day 0 -> day 3"),
        (1, "pay Ann Bob 1.00", "+1 transaction"),
    ]
