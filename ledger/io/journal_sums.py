"""`ledger balance` without its cache and without an index (a journal short enough to have
none): each account's sum straight from a Journal sheet as ledger writes it, without building a
transaction. The shape of the rows is checked by `journal_xml`; anything else goes the careful
way.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from decimal import Decimal

from ledger.io.journal_layout import GROUPS
from ledger.io.journal_xml import NotOurs, balances_of, decode_text, matches, numbered

#: A row's transaction number, day, account and amount, from a match without the texts.
_FIELDS = operator.itemgetter(*(GROUPS[False][n] for n in ("txn", "day", "account", "amount")))


@dataclass
class Sums:
    """What `ledger balance` needs of a clean journal: each account's sum, and the last day."""

    balances: dict[str, Decimal]
    last_day: int
    transactions: int
    last_id: int


class _Tally:
    """Each account's sum over a run of whole transactions in consecutive rows, checking the
    journal's rules as it goes (numbers rising, two postings or more, each summing to zero).
    `row`: the sheet row the run must start on (None: wherever it starts)."""

    def __init__(self, row: int | None = 2) -> None:
        self.cents: dict[bytes, int] = {}
        self.first = self.last = self.last_day = self.count = 0
        self.first_row = row
        self.next_row = row
        self.txn = b""
        self.postings = self.total = 0

    def feed(self, found: list[tuple[bytes, ...]]) -> None:
        if found and self.next_row is None:
            self.first_row = int(found[0][0])
        self.next_row = numbered(found, self.next_row)
        cents = self.cents
        for t, day, account, amount in map(_FIELDS, found):
            if t != self.txn:
                self.close()
                number = int(t)
                if number <= self.last:
                    raise NotOurs
                self.first = self.first or number
                self.last, self.txn, self.postings, self.total = number, t, 0, 0
                self.count += 1
                self.last_day = max(self.last_day, int(day))
            c = int(amount.replace(b".", b""))
            cents[account] = cents.get(account, 0) + c
            self.total += c
            self.postings += 1

    def close(self) -> None:
        if self.postings == 1 or self.total:
            raise NotOurs


def sums(data: bytes) -> Sums | None:
    """Each account's balance, straight from ledger's own rows: None when the sheet is not
    exactly ledger's or breaks a journal rule (the careful reader then says what and where)."""
    try:
        tally = _Tally()
        for found in matches(data, capture_text=False):
            tally.feed(found)
        tally.close()
        cents: dict[str, int] = {}
        for raw, c in tally.cents.items():  # texts that differ in bytes may read the same
            name = decode_text(raw)
            cents[name] = cents.get(name, 0) + c
    except Exception:  # not ledger's own rows, a broken rule, a damaged part: the careful way
        return None
    return Sums(balances_of(cents), tally.last_day, tally.count, tally.last)
