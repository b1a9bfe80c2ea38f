"""Terminal rendering with Rich: tables laid out from data the core computed (no arithmetic here
beyond choosing what to show)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ledger.core.books import Books, Player
from ledger.core.journal import Transaction

if TYPE_CHECKING:
    from rich.console import Console


def _console() -> Console:
    import sys

    from rich.console import Console

    return Console(width=None if sys.stdout.isatty() else 100)


def _money_cell(amount: object) -> str:
    text = f"{amount:,.2f}"
    return f"[red]{text}[/red]" if str(amount).startswith("-") else text


def balance_table(books: Books, people: Sequence[Player], show_institutions: bool) -> None:
    from rich.table import Table

    balances = books.journal.balances()
    table = Table(title=f"Balances, day {books.day} ({books.currency})", title_justify="left")
    table.add_column("player / account")
    table.add_column("bank")
    table.add_column("balance", justify="right")
    for p in people:
        accounts = books.player_accounts(p)
        for account in accounts:
            bank = account.split(":")[2] if account.count(":") == 2 else ""
            table.add_row(
                p.name if account == accounts[0] else "",
                bank,
                _money_cell(balances.get(account, books.money(0)).amount),
            )
        if len(accounts) > 1:
            table.add_row("", "[b]total[/b]", f"[b]{_money_cell(books.player_cash(p).amount)}[/b]")
    if show_institutions:
        patrol = books.patrol()
        for name in books.game.institutions:
            if patrol is not None and name == "patrol":
                continue
            table.add_row(
                name, "", _money_cell(balances.get(name, books.money(0)).amount), style="dim"
            )
        table.add_section()
        table.add_row("all accounts", "", _money_cell(books.journal.total().amount), style="dim")
    _console().print(table)


def journal_table(books: Books, txns: Sequence[Transaction]) -> None:
    from rich.table import Table

    table = Table(title=f"Journal ({books.currency})", title_justify="left")
    for name, justify in (
        ("txn", "right"),
        ("day", "right"),
        ("kind", "left"),
        ("account", "left"),
        ("amount", "right"),
        ("memo", "left"),
        ("rule", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for t in txns:
        for i, p in enumerate(t.postings):
            first = i == 0
            table.add_row(
                str(t.id) if first else "",
                str(t.day) if first else "",
                t.kind if first else "",
                p.account,
                _money_cell(p.amount.amount),
                t.memo if first else "",
                t.rule if first else "",
            )
        table.add_section()
    _console().print(table)
