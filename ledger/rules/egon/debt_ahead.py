"""Section 2 said before the tick: a purchase (the buying phase, 3) or a party (6.1) beyond
a player's cash is the game master's to enter, and goes through; he is told what the debt will
cost at the round's tick: the salary first, then 50% interest on what is left of the debt, and
out of the game past 10,000 Kj of it (README, section 2; `evaluate._salary_and_debt`)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from ledger.core.money import round_money
from ledger.core.problems import Problem, problem
from ledger.rules.egon.books import Books
from ledger.rules.egon.parse import normalize_player
from ledger.rules.egon.sheets import EgonBook, book_of, egon_settings


def _party_kj(order: str) -> Decimal:
    """The amount of a party order as typed (``p,900,ABC``); 0 for any other order."""
    parts = [x.strip() for x in order.split(",")]
    if len(parts) < 2 or parts[0].lower() != "p":
        return Decimal(0)
    try:
        return Decimal(parts[1])
    except InvalidOperation:
        return Decimal(0)


def spent(book: EgonBook, rnd: int, name: str) -> Decimal:
    """What the player's purchase and parties of round `rnd` cost, as entered."""
    bought = sum(
        (p.cost for p in book.purchases if p.round == rnd and normalize_player(p.player) == name),
        Decimal(0),
    )
    parties = sum(
        (
            _party_kj(o.order)
            for o in book.orders
            if o.round == rnd and normalize_player(o.player) == name
        ),
        Decimal(0),
    )
    return bought + parties


def debt_ahead(books: Books, name: str, where: str, what: str) -> list[Problem]:
    """A warning when the round's purchase and parties of `name` come to more than his cash."""
    player = next((p for p in books.players if p.name.upper() == name.upper()), None)
    if player is None:
        return []
    rnd = books.day + 1
    cash = books.player_cash(player).amount
    costs = spent(book_of(books), rnd, player.name.upper())
    debt = costs - cash
    if debt <= 0:
        return []
    s = egon_settings(books.settings)
    interest = round_money(debt * s.debt_interest_percent / 100)
    text = (
        f"{player.name} has {cash:,.2f} Kj and, with {what}, spends {costs:,.2f} Kj in round "
        f"{rnd}: a debt of {debt:,.2f} Kj unless the round's salary covers it; at the tick "
        f"{s.debt_interest_percent:g}% interest on what the salary leaves of it: at most "
        f"{interest:,.2f} Kj, on all {debt:,.2f} Kj (section 2)"
    )
    if debt + interest > s.out_debt_limit:
        text += (
            f"; {debt + interest:,.2f} Kj with the interest is past {s.out_debt_limit:,.2f} Kj "
            f"of debt: {player.name} is out of the game unless the salary brings it under"
        )
    return [
        problem(
            "debt-ahead",
            where,
            text,
            "the rules allow it (section 2); enter less with --replace, if the player meant less",
            warning=True,
        )
    ]
