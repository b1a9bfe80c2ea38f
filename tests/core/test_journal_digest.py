"""The printed journal of a period: every line while they are few, else groups by day (or
spans of days) and kind, never more rows than asked, with the full list's totals."""

from __future__ import annotations

from decimal import Decimal

from ledger.core.actions import pay
from ledger.core.books import Books, Player
from ledger.core.clock import Period
from ledger.core.journal_digest import journal_digest, period_lines
from ledger.core.report import fmt
from ledger.core.start import new_books
from ledger.core.statement_parts import journal_table
from ledger.rules import load_game


def books_over(days: int, per_day: int) -> Books:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob"], "Sam", seed=1)
    pay(books, "bank", "Ann", Decimal(1000))
    for day in range(1, days + 1):
        books.settings.values["day"] = day
        for i in range(per_day):
            payer, payee = ("Ann", "Bob") if i % 3 else ("Bob", "Ann")
            pay(books, payer, payee, Decimal(i % 7 + 1) / 4)
    return books


def ann(books: Books) -> Player:
    player = books.player("Ann")
    assert player is not None
    return player


def test_a_few_lines_are_printed_one_by_one() -> None:
    books = books_over(days=3, per_day=5)
    player = ann(books)
    assert (
        len(period_lines(books, player, Period(0))) == 17
    )  # the starting money, the prize, 15 payments
    assert journal_digest(books, player, Period(0), limit=17) is None
    assert journal_digest(books, player, Period(0), limit=16) is not None


def test_many_lines_are_grouped_by_day_and_kind_with_the_full_lists_totals() -> None:
    books = books_over(days=10, per_day=6)
    player = ann(books)
    lines = period_lines(books, player, Period(1))
    digest = journal_digest(books, player, Period(1), limit=20)
    assert digest is not None
    assert digest.title == f"Journal lines of the period: {len(lines)} lines by day and kind"
    assert len(digest.rows) == 10  # one kind (pay) a day
    assert digest.rows[0][:2] == ["1", "6 × pay"]
    assert digest.total == journal_table(books, player, Period(1)).total
    money_in = sum((Decimal(r[4].replace(",", "")) for r in digest.rows if r[4]), Decimal(0))
    assert fmt(money_in) == fmt(sum((x.amount for x in lines if x.amount > 0), Decimal(0)))


def test_spans_of_days_grow_until_the_groups_fit() -> None:
    books = books_over(days=40, per_day=3)
    player = ann(books)
    digest = journal_digest(books, player, Period(0), limit=12)
    assert digest is not None
    assert len(digest.rows) <= 12
    # days 0-40 by 1 or 2 days: too many groups; by 4: 11 of payments, and the starting money
    assert "by 4 days and kind" in digest.title
    assert digest.rows[0][:2] == ["0", "starting money of Ann"]  # a kind of its own
    assert digest.rows[1][:2] == ["0–3", "10 × pay"]  # the prize on day 0, then 3 a day
    assert sum(int(r[1].split(" × ")[0]) if " × " in r[1] else 1 for r in digest.rows) == len(
        period_lines(books, player, Period(0))
    )
    assert digest.total == journal_table(books, player, Period(0)).total
