"""A journal whose earlier transactions are known by their sums and read only when asked for.

A tick only appends to the journal: it needs each account's balance, the next transaction
number, the last day and the lines of the period, never the whole history. `History` is what
the last save said of the journal it wrote (kept beside it in the workbook, and checked
against the very bytes of the Journal sheet before it is trusted); `IndexedJournal` is a
`Journal` that starts from it. Everything a plain journal answers, it answers the same: what
needs the transactions themselves (iterating, an index into the history, the lines of a day
the history holds) reads them then, all of them or only the days asked for. Days only ever
rise in a journal the history describes (it is not kept otherwise), so the lines since a day
and each player's cash over time come from the history's last days and its day-end balances.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from typing import cast, overload

from ledger.core.journal import Journal, Transaction

#: Each account's balance at the end of each day a posting moved it: account -> [(day, balance)].
DayEnds = dict[str, list[tuple[int, Decimal]]]


class History(ABC):
    """The transactions of a journal as last saved, known by their sums."""

    #: How many transactions and postings, the last transaction's number and its day.
    transactions: int
    postings: int
    last_id: int
    last_day: int
    #: Each account's balance.
    balances: dict[str, Decimal]

    @abstractmethod
    def day_ends(self) -> DayEnds:
        """Each account's balance at the end of each day that moved it, days rising."""

    @abstractmethod
    def read(self) -> tuple[list[Transaction], dict[int, tuple[int, ...]]]:
        """Every transaction, and each one's sheet rows (for problems' cells)."""

    @abstractmethod
    def since(self, day: int) -> list[Transaction]:
        """The transactions of `day` and after."""


class _Transactions(Sequence[Transaction]):
    """The history's transactions, then those appended since: the history read at the first
    question only it can answer."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.tail: list[Transaction] = []
        self.whole: list[Transaction] | None = None
        self.rows_of: dict[int, tuple[int, ...]] = {}

    def read(self) -> list[Transaction]:
        if self.whole is None:
            txns, self.rows_of = self.history.read()
            self.whole = [*txns, *self.tail]
            self.tail = []
        return self.whole

    def __len__(self) -> int:
        if self.whole is not None:
            return len(self.whole)
        return self.history.transactions + len(self.tail)

    @overload
    def __getitem__(self, i: int) -> Transaction: ...
    @overload
    def __getitem__(self, i: slice) -> list[Transaction]: ...
    def __getitem__(self, i: int | slice) -> Transaction | list[Transaction]:
        if self.whole is None:
            n = self.history.transactions
            if isinstance(i, slice):
                start, stop, step = i.indices(len(self))
                if step == 1 and start >= n:
                    return self.tail[start - n : max(stop - n, 0)]
            else:
                at = i + len(self) if i < 0 else i
                if n <= at < len(self):
                    return self.tail[at - n]
        return self.read()[i]

    def __iter__(self) -> Iterator[Transaction]:
        return iter(self.read())

    def append(self, txn: Transaction) -> None:
        (self.whole if self.whole is not None else self.tail).append(txn)


class IndexedJournal(Journal):
    """A journal that goes on from a saved history without reading its transactions."""

    def __init__(self, currency: str, history: History) -> None:
        super().__init__(currency)
        self.history = history
        self._txns = _Transactions(history)
        # a list to every caller: slices after the history, appends, len and iteration
        self.transactions = cast("list[Transaction]", self._txns)
        self._balances = dict(history.balances)
        self._next = history.last_id + 1

    def appended(self) -> list[Transaction]:
        """The transactions appended since the history was saved."""
        if self._txns.whole is None:
            return list(self._txns.tail)
        return self._txns.whole[self.history.transactions :]

    def rising(self) -> bool:
        """Days rise through the history and what was appended since."""
        tail = self.appended()
        last = self.history.last_day
        for t in tail:
            if t.day < last:
                return False
            last = t.day
        return True

    def rows_of(self) -> dict[int, tuple[int, ...]]:
        """Each history transaction's sheet rows (reads the history)."""
        self._txns.read()
        return self._txns.rows_of

    def since(self, day: int) -> list[Transaction]:
        if self._txns.whole is None and self.rising():
            tail = self._txns.tail
            later = tail[bisect_left(tail, day, key=lambda t: t.day) :]
            if day > self.history.last_day:
                return later
            return [*self.history.since(day), *later]
        return super().since(day)

    def last_day(self) -> int:
        if self._txns.whole is None:
            return max([self.history.last_day, *(t.day for t in self._txns.tail)])
        return super().last_day()

    def day_ends(self) -> DayEnds | None:
        """Each account's balance at the end of each day that moved it, through what was
        appended since the history; None when days do not rise."""
        if not self.rising():
            return None
        ends = {a: list(points) for a, points in self.history.day_ends().items()}
        extend_day_ends(ends, self.appended(), dict(self.history.balances))
        return ends


class RowsOfHistory(Mapping[int, tuple[int, ...]]):
    """The Journal sheet's rows of each history transaction (for a problem's cell): the
    history is read at the first look."""

    def __init__(self, journal: IndexedJournal) -> None:
        self.journal = journal

    def __getitem__(self, txn_id: int) -> tuple[int, ...]:
        return self.journal.rows_of()[txn_id]

    def __iter__(self) -> Iterator[int]:
        return iter(self.journal.rows_of())

    def __len__(self) -> int:
        return len(self.journal.rows_of())


def extend_day_ends(
    ends: DayEnds, txns: Sequence[Transaction], balances: dict[str, Decimal]
) -> None:
    """Add these transactions (days rising) to `ends`, from these balances (updated)."""
    get, zero = balances.get, Decimal(0)
    for t in txns:
        day = t.day
        for p in t.postings:
            a = p.account
            value = balances[a] = get(a, zero) + p.amount.amount
            points = ends.get(a)
            if points is None:
                ends[a] = [(day, value)]
            elif points[-1][0] == day:
                points[-1] = (day, value)
            else:
                points.append((day, value))


def day_ends_of(txns: Sequence[Transaction]) -> DayEnds | None:
    """Each account's day-end balances over a whole journal; None when days do not rise."""
    last = 0
    for t in txns:
        if t.day < last:
            return None
        last = t.day
    ends: DayEnds = {}
    extend_day_ends(ends, txns, {})
    return ends
