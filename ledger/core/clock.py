"""A game's unit of time and its words (`Clock`), and the period a statement covers (`Period`).

The Settings sheet's `day` counts what the game's clock counts: the days done, the rounds
evaluated, or the round being played; a game where nothing falls due with time has no clock,
and its moments are named by the transactions. Every output a person
reads (balance, check, tick tables, statements, reports, pages, file names) takes its words
from here, so a game of rounds never speaks of days.

A statement covers a period `(previous end, end]`: the transactions after the last one the
previous statements showed. Days cannot mark that end: after `tick 30`, the banker goes on
recording on day 30, and those lines belong to the next statements, not to both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from ledger.core.journal import Journal, Transaction
from ledger.core.words import plural


class Clock(msgspec.Struct, frozen=True):
    """What one step of a game's clock is called, and what the `day` setting counts: the last
    step done (`done`: day 30 is over; round 1 is evaluated) or the step being played
    (`current`: round 4 is under way). `unit` empty: the game has no clock."""

    unit: str = "day"
    units: str = "days"
    counts: Literal["done", "current"] = "done"

    @property
    def ticks(self) -> bool:
        return bool(self.unit)

    @property
    def title(self) -> str:
        """The column header of a step: `day`, `round`, `txn` where there is no clock."""
        return self.unit or "txn"

    def now(self, day: int, transactions: int) -> str:
        """The moment the books stand at: `day 30`, `after round 1`, `before round 1`, `round 4`,
        `after 12 transactions` (a game without a clock)."""
        if not self.unit:
            return f"after {plural(transactions, 'transaction')}"
        if self.counts == "current":
            return f"{self.unit} {day}"
        if self.unit == "day":
            return f"day {day}"
        return f"after {self.unit} {day}" if day else f"before {self.unit} 1"

    def span(self, first: int, last: int) -> str:
        """`days 1–30`, `day 5`, `round 3`, `rounds 1–3`."""
        if first >= last:
            return f"{self.unit} {last}"
        return f"{self.units} {first}–{last}"

    def file_part(self, day: int, last_txn: int | None) -> str:
        """A file's name for this moment, unique to it: the step and the last transaction
        (`day-0030-txn-0014`, `round-0002-txn-0031`, `txn-0012`), so a file written for one
        moment is never replaced by one written for another. `last_txn` None: the step alone
        (`day-0030`), for what only a tick writes (each tick ends on a step of its own)."""
        if last_txn is None and self.unit:
            return f"{self.unit}-{day:04d}"
        txn = f"txn-{last_txn or 0:04d}"
        return f"{self.unit}-{day:04d}-{txn}" if self.unit else txn


#: One turn a day, `day` the last day done.
DAYS = Clock()
#: A game of rounds whose `day` is the last round evaluated.
ROUNDS_DONE = Clock("round", "rounds", "done")
#: A game of rounds whose `day` is the round being played.
ROUNDS_CURRENT = Clock("round", "rounds", "current")
#: A game with nothing that falls due with time: moments by transaction.
NO_CLOCK = Clock("", "", "done")


class Period(msgspec.Struct, frozen=True):
    """The transactions a statement covers: those after transaction `after` (the last one the
    previous statements showed; 0: from the start), read from day `since` on (no earlier day
    can follow `after`: days only rise in the journal), through the last one now."""

    since: int = 0
    after: int = 0
    #: the day (or round) the previous statements were made on; None: from the start
    opened: int | None = None

    def of(self, journal: Journal) -> list[Transaction]:
        txns = journal.since(self.since)
        first = txns[0].id if txns else journal.next_id
        if self.after and self.since and first > self.after + 1:
            txns = journal.since(0)  # a line after `after` stands on an earlier day: read all
        return [t for t in txns if t.id > self.after]

    def words(self, clock: Clock, day: int, txns: Sequence[Transaction]) -> str:
        """What the period is called on a statement made when `day` is the books' day, the
        period's transactions `txns`: `days 31–60`; `days 30–60 (after txn 14)` when lines of
        the previous statements' day follow them; `round 2`, `rounds 1–3`; `after transaction
        5` where there is no clock."""
        if not clock.ticks:
            return f"after transaction {self.after}" if self.after else "from the start"
        end = day
        if clock.counts == "current":  # the round under way counts once something happened in it
            end = max([day - 1, *(t.day for t in txns)])
        if self.opened is None:
            first = self.since if clock.unit == "day" else max(self.since, 1)
        elif clock.counts == "current":
            first = self.opened
        elif clock.unit == "day" and any(t.day <= self.opened for t in txns):
            return f"{clock.span(self.opened, end)} (after txn {self.after})"
        else:
            first = self.opened + 1
        return clock.span(min(first, end), end)
