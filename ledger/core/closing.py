"""Closing a period, as accountants do: the Journal's transactions through a day go to an archive
workbook beside the game's, and the live Journal opens with the balances carried from that
archive (`kind` "carried"). The live workbook stays small however long the campaign runs; the
campaign's whole journal is the archives' transactions followed by the live ones but the carried.

A close through the last day carries each account's balance in a transaction of its own,
against the account `carried` (which thus always sums to zero), numbered after the last one
closed. A close through an earlier day leaves the later transactions live, with their numbers:
every Events row, statement, history line and export that names them still names them. The
balances at the end of that day go before them in one transaction that carries the number of
the last transaction closed (the balances as they stood after it): no free number lies between
the last one closed and the first one left, and the Journal's numbers must rise row by row. A
carried transaction is never part of the campaign, so its number names nothing else there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Protocol

from ledger.core.clock import Clock
from ledger.core.journal import Draft, Journal, Posting, Transaction, transfer
from ledger.core.money import Money
from ledger.core.problems import Problem, problem
from ledger.core.settings import Settings

#: The account the carried balances come from (and which sums to zero over them).
CARRIED = "carried"
KIND = "carried"
#: The house-rule setting: past this many Journal rows (postings) a changing command says that
#: `ledger close` would shorten the Journal; 0 turns it off.
ROWS_WARN = "journal_rows_warn"
ROWS_WARN_DEFAULT = 20_000


def carried_drafts(balances: dict[str, Money], archive: str, digest: str) -> list[Draft]:
    """One transaction per account that holds money, carrying its balance from `archive`
    (named with the first 12 digits of its SHA-256 `digest`), in the accounts' order."""
    drafts = []
    for account, money in sorted(balances.items()):
        if account == CARRIED or not money.amount:
            continue
        drafts.append(
            transfer(
                CARRIED,
                account,
                money,
                kind=KIND,
                memo=f"balance carried from {archive} (SHA-256 {digest[:12]})",
                event="close",
            )
        )
    return drafts


def carried_before(
    closed: Sequence[Transaction], currency: str, through: int, archive: str, digest: str
) -> Transaction | None:
    """The balances at the end of `through` (those of the `closed` transactions) as one
    transaction dated `through` and numbered as the last one closed: what goes before the
    transactions a close leaves live. None when no account holds money."""
    postings = tuple(
        Posting(account, Money(amount, currency))
        for account, amount in sorted(balances_of(closed).items())
        if account != CARRIED and amount
    )
    if not postings:
        return None
    last = closed[-1].id
    memo = f"balances after txn {last} carried from {archive} (SHA-256 {digest[:12]})"
    return Transaction(last, through, KIND, memo, postings, event="close")


def taken(txns: Sequence[Transaction], through: int) -> int | None:
    """How many transactions (in row order) a close through `through` takes: every one dated
    up to it, which must all stand before every later one. None where one stands after a
    later one (the days go back there): no close through that day can leave a live Journal
    whose days rise."""
    n = 0
    for i, t in enumerate(txns):
        if t.day <= through:
            if n != i:
                return None
            n += 1
    return n


def closable_days(txns: Sequence[Transaction], through: int) -> tuple[int | None, int | None]:
    """The nearest days before and after `through` that a close may go through in a journal
    whose days go back (None: none on that side that closes something)."""
    n = len(txns)
    after_min = [0] * (n + 1)  # the smallest day from each row on
    low = None
    for i in range(n - 1, -1, -1):
        low = txns[i].day if low is None else min(low, txns[i].day)
        after_min[i] = low
    before, after = None, None
    high = None
    for i, t in enumerate(txns):  # a cut after row i: its days up to `high`, the rest later
        high = t.day if high is None else max(high, t.day)
        if t.kind == KIND:
            continue
        last = after_min[i + 1] - 1 if i + 1 < n else None  # the last day this cut allows
        if high <= through and (last is None or last >= high):
            day = through if last is None else min(through, last)
            before = day if before is None else max(before, day)
        if high > through and (last is None or last >= high):
            after = high if after is None else min(after, high)
    return before, after


def refusals(
    txns: Sequence[Transaction], through: int, today: int, unit: str, closed_through: int | None
) -> list[Problem]:
    """Why the journal (its transactions `txns`, in row order) cannot be closed through
    `through` (day or round) now: not after today; not a journal whose days go back across
    that day; something to close (not only the balances a close carried)."""
    if through > today:
        return [
            problem(
                "close-after-today",
                "--through",
                f"{unit} {through} is after today ({unit} {today})",
                f"close through {unit} {today} or an earlier one",
            )
        ]
    n = taken(txns, through)
    if n is None:
        back = next(
            i for i, t in enumerate(txns) if i and t.day <= through and txns[i - 1].day > through
        )
        before, after = closable_days(txns, through)
        days = " or ".join(f"{unit} {d}" for d in (before, after) if d is not None)
        return [
            problem(
                "close-days-go-back",
                "--through",
                f"txn {txns[back].id} stands on {unit} {txns[back].day} after txn "
                f"{txns[back - 1].id} on {unit} {txns[back - 1].day}: a close through {unit} "
                f"{through} would take the one and leave the other, and the live Journal's "
                f"{unit}s would go back",
                f"close through {days} instead (or put the {unit} of those rows right)"
                if days
                else f"put the {unit} of those rows right",
            )
        ]
    if not any(t.kind != KIND for t in txns[:n]):
        done = closed_through is not None and through <= closed_through
        return [
            problem(
                "nothing-to-close",
                "--through",
                f"{unit} {through} is closed already (the last close went through {unit} "
                f"{closed_through})"
                if done
                else f"the Journal holds nothing up to {unit} {through} since the last close",
                f"close through a later {unit}, once the game has gone on",
            )
        ]
    return []


def campaign(archived: Sequence[Transaction], live: Iterable[Transaction]) -> list[Transaction]:
    """The campaign's transactions: the archive's, then the live ones but those carried."""
    return [*archived, *(t for t in live if t.kind != KIND)]


def balances_of(txns: Iterable[Transaction]) -> dict[str, Decimal]:
    out: dict[str, Decimal] = {}
    for t in txns:
        for p in t.postings:
            out[p.account] = out.get(p.account, Decimal(0)) + p.amount.amount
    return out


def carried_of(txns: Iterable[Transaction]) -> dict[str, Decimal]:
    """What the carried transactions among `txns` carry into each account (not `carried`)."""
    out = balances_of(t for t in txns if t.kind == KIND)
    return {a: v for a, v in out.items() if a != CARRIED and v}


class _Game(Protocol):
    @property
    def clock(self) -> Clock: ...


class _Books(Protocol):
    """What the warning reads of the books (`Books`, which imports this module)."""

    @property
    def game(self) -> _Game: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def journal(self) -> Journal: ...
    @property
    def day(self) -> int: ...


def journal_rows(journal: Journal) -> int:
    """How many rows (postings) the Journal sheet has."""
    return sum(len(t.postings) for t in journal)


def journal_grows(books: _Books) -> list[Problem]:
    """At most one warning: the live Journal has more rows than the setting
    `journal_rows_warn` (0: never), with the `ledger close` that would shorten it."""
    limit = books.settings.values.get(ROWS_WARN, ROWS_WARN_DEFAULT)
    where = books.settings.refs.get(ROWS_WARN, f"Settings {ROWS_WARN}")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        return [
            problem(
                "bad-setting",
                where,
                f"{ROWS_WARN} must be a whole number of rows, 0 or more (0: never warn)",
                f"set it to {ROWS_WARN_DEFAULT}, or 0",
                warning=True,
            )
        ]
    rows = journal_rows(books.journal) if limit else 0
    if not limit or rows <= limit:
        return []
    command, moved = _shorter(books, rows)
    return [
        problem(
            "journal-grows",
            "Journal",
            f"the live Journal has {rows:,} rows, past {ROWS_WARN} ({limit:,}): `{command}` "
            f"would move {moved:,} of them into an archive",
            "balances stay, and statements of closed periods, the export and the pages still "
            f"see every transaction; {ROWS_WARN} 0 in Settings turns this warning off",
            warning=True,
        )
    ]


def _shorter(books: _Books, rows: int) -> tuple[str, int]:
    """The close to suggest and how many rows it takes: through the last whole day (or round)
    before today, whose lines are all written, where the rules allow it and it takes most
    rows; else through today (every row)."""
    clock, journal = books.game.clock, books.journal
    if not clock.ticks:
        return "ledger close", rows
    today = books.day
    every = f"ledger close --through {today}", rows
    day = today - 1
    txns = list(journal)
    n = taken(txns, day)
    if n is None:  # the days go back: the nearest day a close may go through
        nearest = closable_days(txns, day)[0]
        if nearest is None:
            return every
        day, n = nearest, taken(txns, nearest)
    left = sum(len(t.postings) for t in txns[n or 0 :])
    closed = books.settings.values.get("closed_through")
    if books.settings.values.get("closed_archive") and isinstance(closed, int) and day <= closed:
        return every  # nothing but the carried balances to take
    if rows - left <= rows // 2:
        return every
    return f"ledger close --through {day}", rows - left
