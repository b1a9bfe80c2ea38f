"""Charging a player: the money may come from several of the player's banks (§30: the banks
take care of transferring money between planets), home bank first."""

from __future__ import annotations

from decimal import Decimal

from ledger.core.books import Books, Player
from ledger.core.journal import Posting
from ledger.core.money import Money


def available(books: Books, player: Player) -> Money:
    """What the player can spend now: the sum of their cash accounts above zero."""
    total = Decimal(0)
    for account in books.player_accounts(player):
        total += max(books.journal.balance(account).amount, Decimal(0))
    return Money(total, books.currency)


def payer_postings(
    books: Books, player: Player, amount: Money, prefer: str | None = None
) -> tuple[Posting, ...] | None:
    """Postings that take `amount` from the player's banks: the `prefer`red account (the bank
    where they are), then the home bank, then the others by name; None when the player cannot
    pay it all (no loans, §30) and the game allows no debt."""
    accounts = books.player_accounts(player)
    home = books.game.cash_account(player)
    first = [prefer] if prefer and prefer in accounts else []
    order = first + [home] + [a for a in accounts if a not in (home, prefer)]
    if books.game.allows_debt(books.settings):
        return (Posting(home, -amount),)
    left = amount.amount
    postings: list[Posting] = []
    for account in order:
        if left <= 0:
            break
        have = books.journal.balance(account).amount
        take = min(have, left)
        if take > 0:
            postings.append(Posting(account, Money(-take, books.currency)))
            left -= take
    if left > 0:
        return None
    return tuple(postings)
