"""The fields that move money without a deed: §3 passing or landing on start, §4 the risk field
(its amounts in the §11 table), §7 event cards (pay to or receive from the bank) and §10 prison:
going in, the fine to leave (`bail`) or a missed round (`stay`).
"""

from __future__ import annotations

from decimal import Decimal

from ledger.core.board import Note
from ledger.core.books import BANK, Player
from ledger.core.steps import set_columns
from ledger.rules.planetopoly import bank, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.kit import (
    Where,
    check_afford,
    check_free,
    find_player,
    read_dice,
    record_dice,
    summarize,
)
from ledger.rules.planetopoly.moves import Alone, Card, Risk, Start
from ledger.rules.planetopoly.tables import SAID


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
    a, b = read_dice(v.dice, where["dice"])
    amount = tables.RISK[a - 1][b - 1]
    how = "receives" if amount > 0 else "pays"
    text = f"{player.name} {how} {abs(amount)} on the risk field ({a},{b})"
    record_dice(books, a, b, f"risk {player.name}", f"{amount:+d} {books.currency} (§4, §11)")
    pay = bank.pay_in if amount > 0 else bank.pay_out
    said = pay(books, player, BANK, Decimal(abs(amount)), Note("risk", text, "§4 §11", event))
    return summarize(f"{text} (§4)", said)


def card(books: Books, v: Card, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"], "§7")
    check_free(books, player, where["player"], "draw an event card: a prisoner does not move")
    pay, receive = v.pay, v.receive
    if (pay is None) == (receive is None):
        raise SAID.refuse("pay-or-receive", where["pay"])
    amount = pay if pay is not None else receive
    assert isinstance(amount, Decimal)
    if amount <= 0:
        raise SAID.refuse("bad-amount", where["pay" if pay is not None else "receive"])
    text = f"{player.name}: event card" + (f" {v.card!r}" if v.card else "")
    how, move = ("pays", bank.pay_out) if pay is not None else ("receives", bank.pay_in)
    said = move(books, player, BANK, amount, Note("event", text, "§7", event))
    return summarize(f"{text}: {how} {amount:.2f} {books.currency} (§7)", said)


def prison(books: Books, v: Alone, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"], "§10")
    if bank.flag(player, "in_prison") and not bank.served(books, player):
        raise SAID.refuse("in-prison-already", where["player"], p=player)
    # (one who has served and goes back on the turn that frees them starts a new sentence)
    set_columns(books, player.name, in_prison=True, prison_turns=0)
    return f"{player.name} goes to prison (§10); the next player's turn"


def _prisoner(books: Books, v: Alone, where: Where) -> Player:
    player = find_player(books, v.player, where["player"], "§10")
    if not bank.flag(player, "in_prison"):
        raise SAID.refuse("not-in-prison", where["player"], p=player)
    return player


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def bail(books: Books, v: Alone, where: Where, event: str) -> str:
    player = _prisoner(books, v, where)
    if bank.served(books, player):  # the banker marks the turn that frees them
        set_columns(books, player.name, in_prison=False, prison_turns=0)
        return f"{player.name} has served the sentence and leaves prison: no fine (§10)"
    served = bank.turns(player)
    fine = bank.fine(books, served)
    check_afford(books, player, fine, "the fine", "§10", where["player"])
    nth = ("first", "second", "third")[min(served, 2)]
    memo = f"{player.name} pays the fine to leave prison on the {nth} turn"
    said = bank.pay_out(books, player, BANK, fine, Note("fine", memo, "§10", event))
    set_columns(books, player.name, in_prison=False, prison_turns=0)
    return summarize(f"{player.name} pays {fine:.2f} {books.currency} and is free (§10)", said)


def stay(books: Books, v: Alone, where: Where, event: str) -> str:
    player = _prisoner(books, v, where)
    if bank.served(books, player):
        raise SAID.refuse("sentence-served", where["player"], p=player)
    served = bank.turns(player) + 1
    if served >= books.settings.get_int("prison_stays"):
        # "he has served his sentence and must continue from the prison field once it is his
        # turn again": in prison for the round missed (no rent, no sale), free on that turn
        set_columns(books, player.name, prison_turns=served)
        return (
            f"{player.name} stays in prison a {_ordinal(served)} time and misses a "
            f"{_ordinal(served)} round: the sentence is served, no fine; {player.name} "
            "continues from the prison field on the next turn (§10)"
        )
    set_columns(books, player.name, prison_turns=served)
    nxt = bank.fine(books, served)
    return (
        f"{player.name} stays in prison and misses a round ({served} missed); "
        f"next turn the fine is {nxt:.2f} {books.currency} (§10)"
    )
