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
from ledger.core.steps import refuse, set_columns
from ledger.rules.planetopoly import bank
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import DeedRow, board_of


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
        raise refuse("unknown-player", where, f"{rule}: {name!r} is no player", f"players: {names}")
    if bank.flag(player, "out"):
        raise refuse(
            "player-out",
            where,
            f"§9: {player.name} has lost the game by debt and takes no more part",
            "",
        )
    return player


def find_deed(books: Books, key: str, where: str) -> DeedRow:
    deed = board_of(books).deed(key)
    if deed is None:
        keys = ", ".join(d.key for d in board_of(books).deeds)
        raise refuse(
            "unknown-deed", where, f"§5: there is no deed {key!r} in Deeds", f"deeds: {keys}"
        )
    return deed


def check_free(books: Books, player: Player, where: str, what: str, *, move: bool = True) -> None:
    """Refused for a prisoner. One who has served the sentence (a third `stay`) leaves prison
    with a move (`move`): that is their next turn (§10, "must continue from the prison field
    once it is his turn again"); a sale or a remote buy, made "any time", is not."""
    if bank.served(books, player):
        if move:
            set_columns(books, player.name, in_prison=False, prison_turns=0)
            return
        raise refuse(
            "in-prison",
            where,
            f"§10: {player.name} has served the sentence but is in prison until their next "
            f"turn, and may not {what}",
            f"record {player.name}'s next move (start, risk, buy, rent, event), or ledger bail "
            f"{player.name} to mark that turn (no fine)",
        )
    if bank.flag(player, "in_prison"):
        raise refuse(
            "in-prison",
            where,
            f"§10: {player.name} is in prison and may not {what}",
            f"ledger bail {player.name} or ledger stay {player.name} on their turn",
        )


def check_no_debt(books: Books, player: Player, where: str, what: str) -> None:
    owed = bank.debt(books, player)
    if owed > 0:
        raise refuse(
            "in-debt",
            where,
            f"§9: {player.name} owes the bank {owed:.2f} {books.currency} and may not {what} "
            "until the debts are repaid",
            "money the player receives repays the debt first; a sale raises money",
        )


def check_afford(
    books: Books, player: Player, amount: Decimal, what: str, rule: str, where: str
) -> None:
    """A purchase is the player's choice: the bank lends nothing for it (§9)."""
    have = bank.cash(books, player)
    if have < amount:
        raise refuse(
            "cannot-afford",
            where,
            f"{rule}: {player.name} has {have:.2f} {books.currency} and cannot pay {amount:.2f} for {what}",
            "the bank lends only for what a player must pay, such as rent (§9)",
        )


def read_dice(books: Books, text: str, where: str, purpose: str) -> tuple[int, int]:
    parts = [x.strip() for x in text.replace(" ", ",").split(",") if x.strip()]
    try:
        a, b = (int(x) for x in parts)
    except ValueError:
        raise refuse(
            "bad-dice",
            where,
            f"§2: --dice takes the two dice as thrown, not {text!r}",
            "e.g. --dice 3,5",
        ) from None
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise refuse("bad-dice", where, f"§2: a die shows 1 to 6, not {text!r}", "e.g. --dice 3,5")
    return a, b


def record_dice(books: Books, a: int, b: int, purpose: str, decided: str) -> None:
    for value in (a, b):
        roll = books.roll(6, purpose, entered=value)
        books.decide(roll, decided)


def summarize(head: str, said: list[str]) -> str:
    return head + (f"; {'; '.join(said)}" if said else "")
