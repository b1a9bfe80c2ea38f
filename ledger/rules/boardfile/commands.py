"""The commands of a board played from a file: `roll` (a turn from the dice), and `buy` and
`rent` for a table that moves its own pieces. Each checks everything before it changes
anything, and names the argument or cell of what it refuses."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.core import board, board_table
from ledger.core.board_table import Seat
from ledger.core.problems import Problem, problem
from ledger.core.report import fmt
from ledger.rules.boardfile.books import Books
from ledger.rules.boardfile.engine import Play, Table, play, table_of
from ledger.rules.boardfile.moves import Buy, Rent, Roll
from ledger.rules.boardfile.spec import UTILITY, Square

Result = tuple[str, list[Problem]]


def roll(books: Books, a: Roll, where: Mapping[str, str], event: str) -> Result:
    table = table_of(books)
    problems = board_table.roll_checks(
        books, table, board_table.TurnRules(), a.player, where, event
    )
    dice, bad = board.parse_dice(a.dice, where["dice"]) if a.dice else ([], [])
    if problems or bad:
        return "", problems + bad
    turn = play(table, dice, event)
    table.save()
    return turn.summary(), []


def buy(books: Books, a: Buy, where: Mapping[str, str], event: str) -> Result:
    """The player buys the field from the bank at its price, with the money for it."""
    table = table_of(books)
    seat, square, problems = _named(table, a, where)
    if seat is None or square is None:
        return "", problems
    owner = table.owner.get(square.number)
    if not square.ownable:
        problems.append(
            problem("not-for-sale", where["field"], f"{square.name} is not for sale", "")
        )
    elif owner:
        said = f"{square.name} is {owner}'s"
        problems.append(
            problem("owned", where["field"], said, f"ledger rent PLAYER {square.number}")
        )
    elif table.debt_of(seat.name) > 0:
        said = f"{seat.name} owes the bank {fmt(table.debt_of(seat.name))} and buys nothing"
        problems.append(problem("in-debt", where["player"], said, "money paid in repays it first"))
    elif table.cash_of(seat.name) < square.price:
        said = f"{seat.name} has {fmt(table.cash_of(seat.name))}, not the price {fmt(square.price)}"
        problems.append(
            problem("overdrawn", where["player"], said, "the bank lends for no purchase")
        )
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
        said = f"{square.name} is " + (f"{seat.name}'s own" if owner else "nobody's")
        problems.append(problem("no-rent", where["field"], f"{said}: no rent is due", ""))
    dice: list[int] = []
    if a.dice:
        dice, bad = board.parse_dice(a.dice, where["dice"])
        problems += bad
    elif square.kind == UTILITY:
        said = f"{square.name}'s rent is by the dice"
        problems.append(problem("needs-dice", where["dice"], said, "add --dice A,B"))
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
        problems.append(
            problem("unknown-player", where["player"], f"{a.player!r} is not a player", names)
        )
    elif (out := books.game.out_of_game(books, found, where["player"])) is not None:
        problems.append(out)
    text = str(a.field).strip()
    squares = table.squares
    square = next((s for s in squares if str(s.number) == text or _key(s.name) == _key(text)), None)
    if square is None:
        said = f"there is no field {text!r} on the board"
        problems.append(
            problem("unknown-field", where["field"], said, f"a number 1-{table.n} or a name")
        )
    if problems:
        return None, None, problems
    return seat, square, []
