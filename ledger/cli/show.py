"""What the command line prints, without typer: a message for the person (stderr), JSON on
stdout, and the balances. `ledger balance` of bytes whose balances are cached is answered from
here before typer is imported (`quick_balance`); the `balance` command prints through the same
function, so both answers are one."""

from __future__ import annotations

import json
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from decimal import Decimal
    from typing import Any

    from ledger.cli.boxes import Cell


def say(message: str) -> None:
    """A message for the person: stderr, so stdout stays clean for results and JSON."""
    print(message, file=sys.stderr)


def out_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _money(amount: Decimal, *styles: str) -> Cell:
    from ledger.cli.boxes import Cell

    return Cell(f"{amount:,.2f}", *styles, *(("red",) if amount < 0 else ()))


def balance_table(
    s: Any, people: Sequence[tuple[str, str, list[str]]], show_institutions: bool
) -> str:
    """The balances of a `cache.Summary`: each player's banks, then the institutions and any
    other account that holds money, then the total of all."""
    from decimal import Decimal

    from ledger.cli.boxes import SECTION, Cell, Row, box_table

    def amount(account: str) -> Decimal:
        return Decimal(s.balances.get(account, "0"))

    rows: list[Row] = []
    held = {a for _, _, accounts in s.players for a in accounts}  # a special role's account
    for name, _, accounts in people:
        for account in accounts:
            bank = account.split(":")[2] if account.count(":") == 2 else ""
            rows.append(
                ([name if account == accounts[0] else "", bank, _money(amount(account))], "")
            )
        if len(accounts) > 1:
            total = sum((amount(a) for a in accounts), Decimal(0))
            rows.append((["", Cell("total", "bold"), _money(total, "bold")], ""))
    if show_institutions:
        for name in s.institutions:
            if name in held:
                continue  # shown as its holder's money above
            if not amount(name) and name != "bank":
                continue  # an institution no money has gone through yet
            rows.append(([name, "", _money(amount(name))], "dim"))
        listed = held | set(s.institutions)
        for account in sorted(a for a in s.balances if a not in listed and amount(a)):
            # money held nowhere above (a player's loan from the bank, reserves in transit): the
            # rows add up to the total below
            rows.append(([account, "", _money(amount(account))], "dim"))
        rows.append(SECTION)
        rows.append((["all accounts", "", _money(Decimal(s.total))], "dim"))
    columns = [("player / account", False), ("bank", False), ("balance", True)]
    return box_table(f"Balances, {s.moment} ({s.currency})", columns, rows)


def show_balances(b: Any, player: str | None, as_json: bool) -> None:
    """`ledger balance`'s answer from the app's `Balances`."""
    s = b.summary
    if as_json:
        out_json({"day": s.day, "currency": s.currency, "players": b.cash, "accounts": b.accounts})
    else:
        sys.stdout.write(balance_table(s, b.people, show_institutions=player is None))
    for p in b.problems:
        if not p.is_error:
            say(p.line())
    if s.pending_events:
        say(
            f"{plural(s.pending_events, 'event')} in the Events sheet not posted yet: `ledger post` posts them."
        )


def quick_balance(args: Sequence[str]) -> bool:
    """`ledger balance [--player NAME] [--json] [-w BOOK]` answered without typer when the
    balances of the workbook's bytes are cached; False (nothing printed) for anything else."""
    from ledger.cli.help_cache import balance_request

    book = balance_request(args)
    if book is None:
        return False
    player = None
    for i, a in enumerate(args):
        name, eq, value = a.partition("=")
        if name == "--player":  # (balance_request saw that a value follows)
            player = value if eq else args[i + 1]
    from ledger.app.balance import balances_at_hand

    b = balances_at_hand(os.path.realpath(book), player)
    if b is None:
        return False
    show_balances(b, player, "--json" in args)
    return True
