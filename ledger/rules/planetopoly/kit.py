"""What every banker's command of Planetopoly uses, refused with the core's `refuse` and every
refusal naming its rule: the checks made first: a known player still in the game (§1, §9), a
known deed (§5), not in prison (§10), no debts (§9), money enough, and the dice as thrown (§2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from ledger.core.books import Player
from ledger.core.problems import Problem
from ledger.core.steps import set_columns
from ledger.rules.planetopoly import bank
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import DeedRow, board_of
from ledger.rules.planetopoly.tables import SAID


class NothingOwed(Exception):
    """What a command the rules allow is worth nothing (a rent to an owner in prison, §10):
    it goes through, nothing is posted, and the banker is told why, a warning."""

    def __init__(self, said: Problem) -> None:
        super().__init__(said.message)
        self.said = said


Where = Mapping[str, str]
#: A command's handler: it receives the command's typed record (`moves`).
Handler = Callable[[Books, Any, Where, str], str]


def find_player(books: Books, name: str, where: str, rule: str = "§1") -> Player:
    player = books.player(name)
    if player is None:
        names = ", ".join(p.name for p in books.players)
        raise SAID.refuse("unknown-player", where, rule=rule, name=name, names=names)
    if bank.flag(player, "out"):
        raise SAID.refuse("player-out", where, p=player)
    return player


def find_deed(books: Books, key: str, where: str) -> DeedRow:
    deed = board_of(books).deed(key)
    if deed is None:
        keys = ", ".join(d.key for d in board_of(books).deeds)
        raise SAID.refuse("no-such-deed", where, key=key, keys=keys)
    return deed


def check_free(books: Books, player: Player, where: str, what: str, *, move: bool = True) -> None:
    """Refused for a prisoner. One who has served the sentence (a third `stay`) leaves prison
    with a move (`move`): that is their next turn (§10, "must continue from the prison field
    once it is his turn again"); a sale or a remote buy, made "any time", is not."""
    if bank.served(books, player):
        if move:
            set_columns(books, player.name, in_prison=False, prison_turns=0)
            return
        raise SAID.refuse("in-prison-served", where, p=player, what=what)
    if bank.flag(player, "in_prison"):
        raise SAID.refuse("in-prison", where, p=player, what=what)


def check_no_debt(books: Books, player: Player, where: str, what: str) -> None:
    owed = bank.debt(books, player)
    if owed > 0:
        raise SAID.refuse("in-debt", where, p=player, owed=owed, unit=books.currency, what=what)


def check_afford(
    books: Books, player: Player, amount: Decimal, what: str, rule: str, where: str
) -> None:
    """A purchase is the player's choice: the bank lends nothing for it (§9)."""
    have = bank.cash(books, player)
    if have < amount:
        money = {"have": have, "unit": books.currency, "amount": amount}
        raise SAID.refuse("cannot-afford", where, rule=rule, p=player, what=what, **money)


def read_dice(text: str, where: str) -> tuple[int, int]:
    """The two dice as thrown (§2: `3,5` or `3 5`), each 1 to 6."""
    parts = [x.strip() for x in text.replace(" ", ",").split(",") if x.strip()]
    try:
        a, b = (int(x) for x in parts)
    except ValueError:
        raise SAID.refuse("bad-dice", where, text=text) from None
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise SAID.refuse("bad-die", where, text=text)
    return a, b


def record_dice(books: Books, a: int, b: int, purpose: str, decided: str) -> None:
    """The two dice in the Dice sheet, with what they decided."""
    for value in (a, b):
        roll = books.roll(6, purpose, entered=value)
        books.decide(roll, decided)


def summarize(head: str, said: list[str]) -> str:
    return head + (f"; {'; '.join(said)}" if said else "")
