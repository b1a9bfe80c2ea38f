"""The double-entry journal: transactions of two or more postings that sum to exactly zero.

Balances are derived from the journal, never typed: `Journal.balances()` is the only source.
The sum over all accounts is always exactly zero, because every transaction sums to zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal

import msgspec

from ledger.core.money import Money, MoneyError


class UnbalancedError(ValueError):
    """A programmer error: code tried to build a transaction that does not sum to zero."""


class Posting(msgspec.Struct, frozen=True):
    account: str
    amount: Money


@dataclass(frozen=True, slots=True)
class Transaction:
    """One economic event in the books.

    `event` names what it came from (`cli:pay`, `Events!A5`, `tick:day 30`), `rule` the rule
    number that set its amounts (`§13`), `kind` a short word for filtering (`opening`, `pay`,
    `wages`, `tax`, `fine`).
    """

    id: int
    day: int
    kind: str
    memo: str
    postings: tuple[Posting, ...]
    event: str = ""
    rule: str = ""

    def __post_init__(self) -> None:
        if len(self.postings) < 2:
            raise UnbalancedError(f"transaction {self.id} needs two or more postings")
        currencies = {p.amount.currency for p in self.postings}
        if len(currencies) != 1:
            raise MoneyError(f"transaction {self.id} mixes currencies: {sorted(currencies)}")
        total = sum((p.amount.amount for p in self.postings), Decimal(0))
        if total != 0:
            raise UnbalancedError(f"transaction {self.id} is off by {total}")

    @classmethod
    def trusted(
        cls,
        id: int,
        day: int,
        kind: str,
        memo: str,
        postings: tuple[Posting, ...],
        event: str = "",
        rule: str = "",
    ) -> Transaction:
        """For transactions the loader has already checked (two postings or more, one
        currency, summing to zero): no second check on the hot path of a long journal."""
        txn = object.__new__(cls)
        _SET_ID(txn, id)
        _SET_DAY(txn, day)
        _SET_KIND(txn, kind)
        _SET_MEMO(txn, memo)
        _SET_POSTINGS(txn, postings)
        _SET_EVENT(txn, event)
        _SET_RULE(txn, rule)
        return txn

    @property
    def currency(self) -> str:
        return self.postings[0].amount.currency

    def accounts(self) -> set[str]:
        return {p.account for p in self.postings}


# the slots' own setters: what a frozen dataclass's __init__ does, without its checks
_SET_ID, _SET_DAY, _SET_KIND, _SET_MEMO, _SET_POSTINGS, _SET_EVENT, _SET_RULE = (
    Transaction.__dict__[name].__set__
    for name in ("id", "day", "kind", "memo", "postings", "event", "rule")
)


class Draft(msgspec.Struct, frozen=True):
    """A transaction before the journal gives it an id."""

    kind: str
    memo: str
    postings: tuple[Posting, ...]
    event: str = ""
    rule: str = ""


def transfer(
    src: str, dst: str, amount: Money, *, kind: str, memo: str, event: str = "", rule: str = ""
) -> Draft:
    """The simplest draft: `amount` moves from `src` to `dst`."""
    return Draft(
        kind=kind,
        memo=memo,
        postings=(Posting(src, -amount), Posting(dst, amount)),
        event=event,
        rule=rule,
    )


@dataclass(frozen=True)
class JournalMark:
    """Where a journal stood: its number of transactions, next id and balances."""

    count: int
    next_id: int
    balances: dict[str, Decimal]


@dataclass
class Journal:
    """The transactions in the order they were written, with balances kept up to date."""

    currency: str
    transactions: list[Transaction] = field(default_factory=list)
    _balances: dict[str, Decimal] = field(default_factory=dict, repr=False)
    _next: int = field(default=1, repr=False)

    def __post_init__(self) -> None:
        existing, self.transactions = self.transactions, []
        for txn in existing:
            self._append(txn)

    @classmethod
    def trusted(
        cls, currency: str, transactions: list[Transaction], balances: dict[str, Decimal]
    ) -> Journal:
        """A journal from transactions the loader has checked, with their sums per account
        (which it computed as it read them): no second pass over a long journal."""
        out = cls(currency)
        out.transactions = transactions
        out._balances = balances
        out._next = transactions[-1].id + 1 if transactions else 1
        return out

    @classmethod
    def after(cls, currency: str, next_id: int) -> Journal:
        """An empty journal whose first transaction will be number `next_id` (the live
        Journal after a close goes on from the archive's numbers)."""
        out = cls(currency)
        out._next = next_id
        return out

    def fork(self) -> Journal:
        """A journal that goes on from this one's balances and numbers, without copying its
        transactions: what a forecast needs, at no cost for a long journal."""
        twin = Journal(self.currency)
        twin._balances = dict(self._balances)
        twin._next = self._next
        return twin

    def __iter__(self) -> Iterator[Transaction]:
        return iter(self.transactions)

    def __len__(self) -> int:
        return len(self.transactions)

    @property
    def next_id(self) -> int:
        return self._next

    def _append(self, txn: Transaction) -> None:
        if txn.currency != self.currency:
            raise MoneyError(f"a {txn.currency} transaction in a {self.currency} journal")
        for p in txn.postings:
            self._balances[p.account] = self._balances.get(p.account, Decimal(0)) + p.amount.amount
        self.transactions.append(txn)
        self._next = max(self._next, txn.id + 1)

    def mark(self) -> JournalMark:
        """Where the journal stands now, to go back to (`back_to`) when a step is refused."""
        return JournalMark(len(self.transactions), self._next, dict(self._balances))

    def back_to(self, mark: JournalMark) -> None:
        """The journal as it stood at `mark`: the transactions posted since are dropped, their
        sums and their numbers with them."""
        del self.transactions[mark.count :]
        self._next, self._balances = mark.next_id, dict(mark.balances)

    def post(self, draft: Draft, day: int) -> Transaction:
        """Give the draft the next id and the day, check it balances, and append it."""
        txn = Transaction(
            id=self.next_id,
            day=day,
            kind=draft.kind,
            memo=draft.memo,
            postings=draft.postings,
            event=draft.event,
            rule=draft.rule,
        )
        self._append(txn)
        return txn

    def post_all(self, drafts: Iterable[Draft], day: int) -> list[Transaction]:
        return [self.post(d, day) for d in drafts]

    def since(self, day: int) -> list[Transaction]:
        """The transactions of `day` and after (days only ever rise in the journal)."""
        from bisect import bisect_left

        return self.transactions[bisect_left(self.transactions, day, key=lambda t: t.day) :]

    def last_day(self) -> int:
        """The latest day of a transaction (0 for an empty journal)."""
        return max((t.day for t in self.transactions), default=0)

    def accounts(self) -> set[str]:
        """Every account ever posted to."""
        return set(self._balances)

    def balance(self, account: str) -> Money:
        return Money(self._balances.get(account, Decimal(0)), self.currency)

    def balances(self) -> dict[str, Money]:
        """Every account that was ever posted to, with its balance (zero ones included)."""
        return {a: Money(v, self.currency) for a, v in sorted(self._balances.items())}

    def total(self) -> Money:
        """The sum over all accounts: always exactly zero."""
        return Money(sum(self._balances.values(), Decimal(0)), self.currency)
