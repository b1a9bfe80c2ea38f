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
    from typing import Any


def say(message: str) -> None:
    """A message for the person: stderr, so stdout stays clean for results and JSON."""
    print(message, file=sys.stderr)


def out_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def show_balances(b: Any, player: str | None, as_json: bool) -> None:
    """`ledger balance`'s answer from the app's `Balances`."""
    s = b.summary
    if as_json:
        out_json({"day": s.day, "currency": s.currency, "players": b.cash, "accounts": b.accounts})
    else:
        from ledger.io.render import balance_table

        balance_table(s, b.people, show_institutions=player is None)
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
