"""The steps the board games share, as one `Bankrupt` step of the 18xx engine serves every game
it runs: buy a deed from the bank, pay a rent or a tax (one who cannot pay it all pays all they
have), a bank loan of the shortfall, and a player out whose deeds go back to the bank.

Game-blind: a game names its accounts and its words (memo, rule, kind), keeps who owns what in
its own sheets and lends it here as `Deeds`, and decides what its own text says: what a
shortfall does (the payer is out, the game checks `Payment.short`, or it passes a `Loan`), what
a loan costs beyond the shortfall (a game whose text charges for it posts that itself), when a
player is out and what else goes with them (their place in the turn order, a prison term).

Money is `Decimal` and every step posts transfers: each transaction sums to zero.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar

import msgspec

from ledger.core import data
from ledger.core.books import BANK, PLAYER_ROLE, Books
from ledger.core.journal import transfer
from ledger.core.money import Money
from ledger.core.params import ActionSpec, Move, Refusal, command
from ledger.core.problems import Problem, problem

#: A deed as its game names it: a field's number, a title deed card's key.
K = TypeVar("K")
ZERO = Decimal(0)


class Deeds(Protocol[K]):
    """Who owns which deed, as the game keeps it (its Owners or Holdings sheet)."""

    def deeds_of(self, name: str) -> list[K]: ...

    def give(self, deed: K, name: str) -> None: ...

    def release(self, deed: K) -> None: ...


# -- a board game's commands, as data --------------------------------------------------------------
def commands(package: str, moves: Mapping[str, type[Move]]) -> dict[str, ActionSpec]:
    """A board game's commands in the order of its `commands.csv` (columns command, help,
    example), each with its typed record (`moves`) and what it refuses (`refusals.csv`)."""
    refuses = data.refusals(package)
    return {
        r["command"]: command(
            r["command"],
            moves[r["command"]],
            r["help"],
            r["example"],
            refuses=refuses.get(r["command"], ()),
        )
        for r in data.rows(package, "commands.csv")
    }


def refuses(package: str) -> Mapping[str, tuple[Refusal, ...]]:
    """What the core's `pay` and `tick` refuse in a board game (its refusals.csv), as its
    `Game.refuses` says it (docs/commands.md)."""
    found = data.refusals(package)
    return MappingProxyType({c: found[c] for c in ("pay", "tick") if c in found})


# -- money ---------------------------------------------------------------------------------------
class Note(msgspec.Struct, frozen=True):
    """How a step's transaction reads in the journal: its kind, memo, the rule that set the
    amount and the event it came from."""

    kind: str
    memo: str
    rule: str
    event: str


def cash(books: Books, account: str) -> Decimal:
    """What the account holds, from the journal."""
    return books.journal.balance(account).amount


def post(books: Books, src: str, dst: str, amount: Decimal, note: Note) -> int:
    """`amount` from `src` to `dst`, on the books' day: the transaction's number."""
    money = Money(amount, books.currency)
    draft = transfer(
        src, dst, money, kind=note.kind, memo=note.memo, event=note.event, rule=note.rule
    )
    return books.journal.post(draft, books.day).id


# -- buying a deed -------------------------------------------------------------------------------
def buy(
    books: Books, deeds: Deeds[K], deed: K, buyer: str, account: str, price: Decimal, note: Note
) -> int | None:
    """The buyer pays the price to the bank and owns the deed, if they have at least the price;
    with less, nothing happens (None). A game whose text refuses such a purchase, rather than
    letting nothing happen, refuses it before it comes here: no loan is made for a purchase."""
    if cash(books, account) < price:
        return None
    deeds.give(deed, buyer)
    return post(books, account, BANK, price, note)


def how_many(deeds: Deeds[K], owner: str, group: Callable[[K], bool]) -> int:
    """How many deeds of a group the owner holds, for a rent that rises with how many of the group
    one owns (labor camps, fleets, toll stations, speed traps)."""
    return sum(1 for d in deeds.deeds_of(owner) if group(d))


# -- paying: a rent to the owner, a tax to the bank ------------------------------------------------
class Loan(msgspec.Struct, frozen=True):
    """The bank lends a payer exactly the shortfall of a payment they must make, at no cost:
    from `account` (its balance is minus the debt) into the payer's cash. `borrower` names the
    payer in the memo, `rule` is the game's rule for it."""

    account: str
    borrower: str
    rule: str


class Payment(msgspec.Struct, frozen=True):
    """What a payment did: `due` the amount owed, `paid` what reached the payee, `lent` what the
    bank lent for it, `txns` the transactions posted (the loan first)."""

    due: Decimal
    paid: Decimal
    lent: Decimal = ZERO
    txns: tuple[int, ...] = ()

    @property
    def short(self) -> Decimal:
        """What the payer could not pay, left to the game's own rule (out of the game)."""
        return self.due - self.paid


def pay(
    books: Books, payer: str, payee: str, amount: Decimal, note: Note, loan: Loan | None = None
) -> Payment:
    """The payer pays `amount` to `payee` (the owner's account for a rent, the bank for a tax):
    the payer loses what the payee gets. One who has less pays all they have and the payee gets
    that (`short` is what was missing), unless the game's `loan` lends exactly the shortfall
    first. Nothing due posts nothing."""
    if amount <= 0:
        return Payment(amount, ZERO)
    have = max(cash(books, payer), ZERO)
    short = amount - have
    txns: list[int] = []
    lent = ZERO
    if short > 0 and loan is not None:
        txns.append(lend(books, loan, payer, short, f"the shortfall of {note.memo}", note.event))
        lent = short
    paid = amount if short <= lent else have
    if paid > 0:
        txns.append(post(books, payer, payee, paid, note))
    return Payment(amount, paid, lent, tuple(txns))


# -- the bank's loans ------------------------------------------------------------------------------
def debt(books: Books, loan: Loan) -> Decimal:
    """What the borrower owes the bank."""
    return -cash(books, loan.account)


def lend(books: Books, loan: Loan, account: str, amount: Decimal, why: str, event: str) -> int:
    """The bank lends `amount` into the borrower's `account`, at no cost."""
    memo = f"the bank lends {loan.borrower} {amount:.2f} {books.currency}, {why}"
    return post(books, loan.account, account, amount, Note("loan", memo, loan.rule, event))


def repay(books: Books, loan: Loan, account: str, event: str) -> Decimal:
    """A borrower who holds money repays as much of the debt as they can, income first paying
    the debt: what was repaid."""
    back = min(debt(books, loan), cash(books, account))
    if back <= 0:
        return ZERO
    memo = f"{loan.borrower} repays {back:.2f} {books.currency} of debt to the bank"
    post(books, account, loan.account, back, Note("repay", memo, loan.rule, event))
    return back


# -- out of the game -------------------------------------------------------------------------------
class Elimination(msgspec.Struct, Generic[K], frozen=True):
    """What putting a player out did: the deeds back to the bank, the debt the bank wrote off,
    the cash that went to the bank."""

    deeds: tuple[K, ...]
    written_off: Decimal = ZERO
    cash: Decimal = ZERO


def eliminate(
    books: Books,
    deeds: Deeds[K],
    name: str,
    account: str,
    rule: str,
    event: str,
    loan: Loan | None = None,
    write_off: str = "",
) -> Elimination[K]:
    """A player is out: every deed they own goes back to the bank, unowned, the bank writes off
    what it lent them (memo `write_off`), and cash they still hold goes to the bank (none after
    "pays all they have"). Marking them out (their row, the turn order) is the game's own."""
    owned = tuple(deeds.deeds_of(name))
    for deed in owned:
        deeds.release(deed)
    owed = debt(books, loan) if loan is not None else ZERO
    if loan is not None and owed > 0:
        post(books, BANK, loan.account, owed, Note("write-off", write_off, rule, event))
    rest = cash(books, account)
    if rest > 0:
        memo = f"{name} is out: their cash goes to the bank"
        post(books, account, BANK, rest, Note("write-off", memo, rule, event))
    return Elimination(owned, max(owed, ZERO), max(rest, ZERO))


# -- turns: two dice and the order of play ---------------------------------------------------------
def parse_dice(text: str, where: str, rule: str = "") -> tuple[list[int], list[Problem]]:
    """Two six-sided dice as the table threw them (`3,4` or `3+4`), or the problem."""
    parts = [x.strip() for x in text.replace("+", ",").split(",")]
    if len(parts) == 2 and all(x.isascii() and x.isdigit() and 1 <= int(x) <= 6 for x in parts):
        return [int(x) for x in parts], []
    said = f"{rule}: two six-sided dice" if rule else "two six-sided dice"
    return [], [
        problem(
            "bad-dice",
            where,
            f"--dice takes two dice of 1 to 6, not {text!r}",
            f"e.g. --dice 3,4 ({said})",
        )
    ]


def set_order(books: Books, start: int, column: str = "order") -> None:
    """The players' places (their `column`) in the order they were entered, from the player at
    index `start` among the ordinary players."""
    players = [p for p in books.players if p.role == PLAYER_ROLE]
    order = {p.name: (i - start) % len(players) + 1 for i, p in enumerate(players)}
    books.players = [
        msgspec.structs.replace(
            p, extra=tuple((k, order.get(p.name) if k == column else v) for k, v in p.extra)
        )
        for p in books.players
    ]


def next_place(left: Sequence[int], done: int) -> tuple[int | None, bool]:
    """The place that plays after place `done` among the places `left` of those still playing,
    and whether the order started over (a new round); None when nobody is left."""
    if not left:
        return None, False
    later = sorted(p for p in left if p > done)
    return (later[0], False) if later else (min(left), True)


def two_dice(books: Books, turn: int, name: str, dice: Sequence[int] = ()) -> tuple[int, int]:
    """The two dice of a player's turn, recorded in the Dice sheet: the table's (`dice`) or
    drawn from the seed; `decide` then says what they did."""
    rolls = [
        books.roll(6, f"turn {turn}: {name}'s die {i + 1}", dice[i] if dice else None)
        for i in range(2)
    ]
    return rolls[0].result, rolls[1].result


def decide(books: Books, count: int, decided: str) -> None:
    """What the last `count` dice rolled decided."""
    for roll in books.dice[-count:]:
        books.decide(roll, decided)


class TurnLine(msgspec.Struct, frozen=True):
    """What a turn did to one player, for the tick's report (`TurnGame.tick` dates it)."""

    player: str
    kind: str  # charge / income / event
    text: str
    rule: str
    amount: Decimal | None = None
    txn: int | None = None
