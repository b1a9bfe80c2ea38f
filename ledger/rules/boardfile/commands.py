"""The commands of a board played from a file: `roll` (a turn from the dice), and `buy` and
`rent` for a table that moves its own pieces. Each checks everything before it changes
anything, and names the argument or cell of what it refuses."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.core import board, board_table, board_turn
from ledger.core.board_table import Seat
from ledger.core.problems import Problem
from ledger.core.report import fmt
from ledger.rules.boardfile.books import Books
from ledger.rules.boardfile.engine import Play, Table, table_of
from ledger.rules.boardfile.moves import Buy, Rent, Roll
from ledger.rules.boardfile.spec import SAID, UTILITY, Square

Result = tuple[str, list[Problem]]


def roll(books: Books, a: Roll, where: Mapping[str, str], event: str) -> Result:
    """The current player's turn from the dice (the shared `TurnGame.roll`)."""
    game = books.game
    assert isinstance(game, board_turn.TurnGame), "the books hold no board game"
    return game.roll(books, a, where, event)


def buy(books: Books, a: Buy, where: Mapping[str, str], event: str) -> Result:
    """The player buys the field from the bank at its price, with the money for it."""
    table = table_of(books)
    seat, square, problems = _named(table, a, where)
    if seat is None or square is None:
        return "", problems
    owner = table.owner.get(square.number)
    debt, cash = table.debt_of(seat.name), table.cash_of(seat.name)
    if not square.ownable:
        problems.append(SAID.problem("not-for-sale", where["field"], s=square))
    elif owner:
        problems.append(SAID.problem("owned", where["field"], s=square, owner=owner))
    elif debt > 0:
        problems.append(SAID.problem("in-debt", where["player"], seat=seat, debt=fmt(debt)))
    elif cash < square.price:
        money = {"cash": fmt(cash), "price": fmt(square.price)}
        problems.append(SAID.problem("overdrawn", where["player"], seat=seat, **money))
    if problems:
        return "", problems
    note = board.Note("buy", f"{seat.name} buys {square.name}", "price", event)
    txn = board.buy(books, table, square.number, seat.name, seat.account, square.price, note)
    table.save()
    return f"{seat.name} buys {square.number} {square.name} for {fmt(square.price)}; txn {txn}", []


def rent(books: Books, a: Rent, where: Mapping[str, str], event: str) -> Result:
    """The player pays the rent of another's field (the shortfall as the file says)."""
    table = table_of(books)
    seat, square, problems = _named(table, a, where)
    if seat is None or square is None:
        return "", problems
    owner = table.owner.get(square.number)
    if owner is None or owner == seat.name:
        said = "no-rent-own" if owner else "no-rent-nobodys"
        problems.append(SAID.problem(said, where["field"], s=square, seat=seat))
    dice: list[int] = []
    if a.dice:
        dice, bad = board.parse_dice(a.dice, where["dice"])
        problems += bad
    elif square.kind == UTILITY:
        problems.append(SAID.problem("needs-dice", where["dice"], s=square))
    if problems:
        return "", problems
    t = Play(table, seat, sum(dice), event)
    t.land(square)
    table.save()
    return f"{seat.name}, {square.name}: " + "; ".join(
        t.said
    ) + f"; txn {', '.join(map(str, t.txns))}", []


def _key(name: str) -> str:
    return re.sub(r"[\s_-]+", "", name.casefold())


def _named(
    table: Table, a: Buy, where: Mapping[str, str]
) -> tuple[Seat | None, Square | None, list[Problem]]:
    """The player (in the game) and the field (by number or name) the command names."""
    books = table.books
    problems = board_table.refuse_over(table, where["player"])
    found = books.player(a.player)
    seat = table.by_name.get(found.name) if found is not None else None
    if found is None or seat is None:
        names = ", ".join(s.name for s in table.seats)
        problems.append(SAID.problem("unknown-player", where["player"], name=a.player, names=names))
    elif (out := books.game.out_of_game(books, found, where["player"])) is not None:
        problems.append(out)
    text = str(a.field).strip()
    squares = table.squares
    square = next((s for s in squares if str(s.number) == text or _key(s.name) == _key(text)), None)
    if square is None:
        problems.append(SAID.problem("unknown-field", where["field"], text=text, n=table.n))
    if problems:
        return None, None, problems
    return seat, square, []
