"""Tip Jar's rules, each test named after the rule it checks."""

from __future__ import annotations

from decimal import Decimal

from ledger.core.books import Books
from ledger.core.start import new_books
from tests.toy_game.game import GAME, Jar


def books() -> Books:
    return new_books(GAME, ["Ann", "Bob"], None, 1)


def test_rule_1_every_player_starts_with_start_money() -> None:
    b = books()
    assert [str(b.player_cash(p)) for p in b.players] == ["10.00 TK", "10.00 TK"]


def test_rule_2_a_tip_goes_to_the_bank_and_its_jar_counts_it() -> None:
    b = books()
    summary, problems = GAME.apply(b, "tip", {"player": "Ann", "amount": "2.50"}, {}, "test")
    assert (summary, problems) == ("Ann tips into J1: 2.50 TK", [])
    assert b.journal.balance("bank").plain() == "-17.50"
    assert b.state.jars == [Jar("J1", "the house", Decimal("2.50"))]


def test_rule_2_a_tip_is_at_most_max_tip_and_never_more_than_the_player_has() -> None:
    b = books()
    _, problems = GAME.apply(b, "tip", {"player": "Ann", "amount": "5.01"}, {}, "test")
    assert [(p.code, p.where) for p in problems] == [("bad-tip", "AMOUNT")]
    b.settings.values["max_tip"] = Decimal("20.00")
    _, problems = GAME.apply(b, "tip", {"player": "Ann", "amount": "10.01"}, {}, "test")
    assert [(p.code, p.where) for p in problems] == [("overdrawn", "AMOUNT")]
    assert len(b.journal) == 2  # the two opening transactions: nothing was posted


def test_rule_3_every_jar_has_an_id_of_its_own() -> None:
    b = books()
    b.state.jars.append(Jar("J1", "Bob"))
    assert [p.code for p in GAME.check_state(b)] == ["duplicate-jar"]
