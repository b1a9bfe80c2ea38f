"""The 21-field game's own view of the table for the served pages (`Game.view`): whose turn
comes next, where every piece stands, and who owns which field. Plain data
(ledger.core.report.Table).

Rule numbers are those of ../shared/rules/matador21.da.txt.
"""

from __future__ import annotations

from ledger.core.report import Table, fmt
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.sheets import state_of
from ledger.rules.matador21.statement import SHOWN
from ledger.rules.matador21.turn import Table as GameTable


def view(books: Books) -> list[Table]:
    table = GameTable(books, state_of(books))
    return [next_turn(table), positions(table), owners(table)]


def next_turn(table: GameTable) -> Table:
    """What the next `ledger roll` plays (102.3: the turn order, 403.1: the winner)."""
    out = Table("The next turn", ["", ""])
    if table.winner is not None:
        out.rows.append(["the game is over", f"{table.winner} won (403.1)"])
        return out
    out.rows.append(["round", str(table.round)])
    if table.current is not None:
        seat = table.current
        where = table.squares[seat.field - 1]
        out.rows.append(["whose turn", f"{seat.name}, on {seat.field} {where.name}"])
        after = [s.name for s in sorted(table.remaining(), key=lambda s: s.order)]
        i = after.index(seat.name)
        out.rows.append(["then", ", ".join(after[i + 1 :] + after[:i]) or "the same player"])
    return out


def positions(table: GameTable) -> Table:
    rows = []
    for s in table.seats:
        where = "out (401.2)" if s.out else f"{s.field} {table.squares[s.field - 1].name}"
        cash, owned = fmt(table.cash_of(s.name)), str(len(table.owned(s.name)))
        rows.append([s.name, s.colour, where, cash, owned])
    return SHOWN["pieces"].table(rows, f"Cash in {table.books.currency}")


def owners(table: GameTable) -> Table:
    return SHOWN["owners"].table(
        [
            [str(f.field), f.name, f.type, fmt(f.price), table.owner.get(f.field, "for sale")]
            for f in table.squares
            if f.ownable  # a tax, a refuge, the start: no one's
        ]
    )
