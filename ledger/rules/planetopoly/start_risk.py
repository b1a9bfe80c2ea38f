"""§3 passing or landing on start and §4 the risk field (its amounts in the §11 table)."""

from __future__ import annotations

from decimal import Decimal

from ledger.core.board import Note
from ledger.core.books import BANK
from ledger.rules.planetopoly import bank, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.kit import (
    Where,
    check_free,
    find_player,
    read_dice,
    record_dice,
    summarize,
)
from ledger.rules.planetopoly.moves import Risk, Start


def start(books: Books, v: Start, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"])
    check_free(books, player, where["player"], "pass start: a prisoner does not move")
    s = books.settings
    amount = s.get_decimal("pass_start")
    text = f"{player.name} passes start"
    if v.exact:
        amount += s.get_decimal("exact_start_bonus")
        text = f"{player.name} lands exactly on start"
    said = bank.pay_in(books, player, BANK, amount, Note("start", text, "§3", event))
    return summarize(f"{text}: +{amount:.2f} {books.currency} (§3)", said)


def risk(books: Books, v: Risk, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"])
    check_free(books, player, where["player"], "land on the risk field: a prisoner does not move")
    a, b = read_dice(books, v.dice, where["dice"], "risk")
    amount = tables.RISK[a - 1][b - 1]
    how = "receives" if amount > 0 else "pays"
    text = f"{player.name} {how} {abs(amount)} on the risk field ({a},{b})"
    record_dice(books, a, b, f"risk {player.name}", f"{amount:+d} {books.currency} (§4, §11)")
    pay = bank.pay_in if amount > 0 else bank.pay_out
    said = pay(books, player, BANK, Decimal(abs(amount)), Note("risk", text, "§4 §11", event))
    return summarize(f"{text} (§4)", said)
