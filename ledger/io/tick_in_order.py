"""A tick's terminal table for a game of turns (`TickReport.in_order`, the 21-field game):
every line in the order played, in one table, then each player's sums; `render.tick_tables`
prints it in place of its table a player."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

#: The most lines a tick's table in the order played shows (the last ones); the printable
#: summary has every line.
IN_ORDER_LIMIT = 100


def tick_in_order(console: Console, report: Any, players: list[str]) -> None:
    """A game of turns: one table of every line in the order played, then each player's sums."""
    from rich.table import Table

    unit = report.clock.title
    lines = report.lines[-IN_ORDER_LIMIT:]
    span = report.clock.span(report.start + 1, report.end)
    title = f"{span[0].upper()}{span[1:]}, in the order played"
    if len(report.lines) > len(lines):
        title += (
            f" (the last {len(lines)} lines; the printable summary has all {len(report.lines)})"
        )
    table = Table(title=title, title_justify="left")
    for name in ("turn", unit):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("player", no_wrap=True)
    table.add_column("what", ratio=1)
    table.add_column("rule", max_width=16)
    table.add_column(report.currency, justify="right", no_wrap=True)
    for x in lines:
        value = x.amount
        amount = (
            "" if value is None else (f"-{value:,.2f}" if x.kind == "charge" else f"{value:,.2f}")
        )
        turn = "" if x.turn is None else str(x.turn)
        row = (turn, str(x.day), x.player, x.text, x.rule, amount)
        table.add_row(*row, style="bold" if x.kind == "event" else None)
    console.print(table)
    sums = Table(title="Each player", title_justify="left")
    sums.add_column("player", no_wrap=True)
    for name in ("charges paid", "money in"):
        sums.add_column(name, justify="right", no_wrap=True)
    for name in players:
        charges, income = report.totals(name)
        sums.add_row(name, f"-{charges:,.2f}" if charges else "0.00", f"{income:,.2f}")
    console.print(sums)
