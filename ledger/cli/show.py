"""What the command line prints besides tables: a message for the person (stderr), JSON on
stdout, and the balances' answer."""

from __future__ import annotations

import json
import sys
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
        out_json(
            {
                "day": s.day,
                "currency": s.currency,
                "players": {name: f"{cash:.2f}" for name, cash in b.cash.items()},
                "accounts": {a: f"{amount:.2f}" for a, amount in b.accounts.items()},
            }
        )
    else:
        from ledger.io.render import balance_table

        balance_table(s, b.people, everyone=player is None)
    for p in b.problems:
        if not p.is_error:
            say(p.line())
    if s.pending_events:
        say(
            f"{plural(s.pending_events, 'event')} in the Events sheet not posted yet: `ledger post` posts them."
        )
