"""Charging a player: the money may come from several of the player's banks (§30: the banks
take care of transferring money between planets), home bank first."""

from __future__ import annotations

from decimal import Decimal

from ledger.core.books import Books, Player
from ledger.core.journal import Posting
from ledger.core.money import Money

#: What "no limit" means when the game's rules allow debt.
UNLIMITED = Decimal("1e18")


def spendable(books: Books, player: Player) -> Decimal:
    """What the player can pay now: the sum of their cash accounts above zero, or no limit
    when the rules allow debt."""
    if books.game.allows_debt(books.settings):
        return UNLIMITED
    return sum(
        (max(books.journal.balance(a).amount, Decimal(0)) for a in books.player_accounts(player)),
        Decimal(0),
    )


def payer_postings(
    books: Books, player: Player, amount: Money, prefer: str | None = None
) -> tuple[Posting, ...] | None:
    """Postings that take `amount` from the player's banks: the `prefer`red account (the bank
    where they are), then the home bank, then the others by name; None when the player cannot
    pay it all (no loans, §30) and the game allows no debt."""
    accounts = books.player_accounts(player)
    home = books.game.cash_account(player)
    first = [prefer] if prefer and prefer in accounts else []
    # each bank once: the preferred one may be the home bank
    order = list(dict.fromkeys([*first, home, *(a for a in accounts if a not in (home, prefer))]))
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
