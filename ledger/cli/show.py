"""What the command line prints besides tables: a message for the person (stderr), JSON on
stdout, and the balances' answer."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import Any, TextIO


def say(message: str) -> None:
    """A message for the person: stderr, so stdout stays clean for results and JSON."""
    print(message, file=sys.stderr)


def out_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


class ReaderGone:
    """stdout that ends quietly when its reader has gone (`ledger history | head -2`), as Unix
    tools do: from the first broken pipe on, what the command prints goes to the null device
    and the command carries on (a tick still writes its statements; what it saved stays
    saved), with the exit code it would have had. Messages on stderr are not touched."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        try:
            return self._inner.write(text)
        except BrokenPipeError:
            self._gone()
            return len(text)

    def flush(self) -> None:
        try:
            self._inner.flush()
        except BrokenPipeError:
            self._gone()

    def _gone(self) -> None:
        """Point stdout's file descriptor at the null device: the text still buffered, and
        all that follows, goes there."""
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, self._inner.fileno())
        finally:
            os.close(null)
        with contextlib.suppress(OSError):
            self._inner.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


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
