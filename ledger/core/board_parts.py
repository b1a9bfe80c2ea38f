"""What a board game's summary and statements show of the shared table (core.board_table): the
standings by net worth, each player's state in the game, the turns of a period. Game-blind: the
game gives its columns and cells."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from ledger.core.board_table import Seat, Table, TurnRow
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


def turns(rows: Sequence[TurnRow], since: int, player: str | None = None) -> Shown:
    """The Turns sheet's rows from the round `since` on (of one `player`, when named): the
    dice as thrown (3+4), the move, what the turn did and by which rule."""
    shown = Shown(
        "Turns of the period",
        ["turn", "round", "player", "dice", "from", "to", "what", "rule"],
        align=["r", "r", "l", "l", "r", "r", "l", "l"],
        empty="no turns in the period",
    )
    for r in rows:
        if r.round >= since and (player is None or r.player == player):
            dice = r.dice.replace(",", "+")
            cells = (r.turn, r.round, r.player, dice, r.frm, r.to, r.what, r.rule)
            shown.rows.append([str(c) for c in cells])
    return shown
