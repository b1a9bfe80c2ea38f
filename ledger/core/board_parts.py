"""What a board game's summary shows of the shared table (core.board_table): the standings by
net worth, each player's state in the game. Game-blind: the game gives its columns and cells."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from ledger.core.board_table import Seat, Table
from ledger.core.report import Table as Shown


def state_of(table: Table, seat: Seat) -> str:
    """`out`, `won` (the one player left) or `playing`."""
    return "out" if seat.out else ("won" if table.winner == seat.name else "playing")


def standings(
    table: Table,
    worth: Callable[[str], Decimal],
    columns: Sequence[tuple[str, str]],
    cells: Callable[[Seat], list[str]],
) -> Shown:
    """The players by net worth (`worth`), those out last and a tie by the turn order: a rank,
    the name, the game's `cells` of each under its `columns` (header, alignment) and the
    player's state."""
    shown = Shown(
        "Standings by net worth",
        ["#", "player", *(c for c, _ in columns), "status"],
        align=["r", "l", *(a for _, a in columns), "l"],
    )
    ranked = sorted(table.seats, key=lambda s: (s.out, -worth(s.name), s.order))
    for i, s in enumerate(ranked, start=1):
        shown.rows.append([str(i), s.name, *cells(s), state_of(table, s)])
    return shown
