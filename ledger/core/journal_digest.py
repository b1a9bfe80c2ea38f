"""A player's journal lines of a period for print: every line while they are few, else grouped
by day and kind (by spans of days and kind when even those groups are many), so that a long
period fits a few pages. The totals are those of the full list (`statement_parts.journal_table`):
the same transactions, summed the same way. Every line stays in the HTML statement and the
workbook's Journal sheet."""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core.books import Books, Player
from ledger.core.clock import Period
from ledger.core.report import Table, fmt

#: At most this many rows in the printed journal (while the game has no more kinds of
#: transaction than that: a group never mixes two kinds). Each row typeset costs a PDF about
#: 6 ms: a month of a busy player's 30 lines would be a fifth of their statement's time.
PRINT_ROWS = 20


class Line(msgspec.Struct, frozen=True):
    """One transaction as the player sees it: what it moved in or out of their accounts."""

    txn: int
    day: int
    kind: str
    memo: str
    rule: str
    amount: Decimal


def period_lines(books: Books, player: Player, period: Period) -> list[Line]:
    """The transactions of the period that touch the player's accounts, in journal order,
    each with the sum of its postings to those accounts."""
    mine = set(books.player_accounts(player))
    out: list[Line] = []
    for t in period.of(books.journal):
        touched = [p.amount.amount for p in t.postings if p.account in mine]
        if touched:
            out.append(Line(t.id, t.day, t.kind, t.memo, t.rule, sum(touched, Decimal(0))))
    return out


def _groups(lines: list[Line], since: int, span: int) -> list[list[Line]]:
    """Lines grouped by their span of days (counted from `since`) and kind, in the order of
    each group's first line."""
    groups: dict[tuple[int, str], list[Line]] = {}
    for line in lines:
        groups.setdefault(((line.day - since) // span, line.kind), []).append(line)
    return list(groups.values())


def _days(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def _row(group: list[Line]) -> list[str]:
    if len(group) == 1:
        (x,) = group
        money_in, money_out = (x.amount, Decimal(0)) if x.amount > 0 else (Decimal(0), -x.amount)
        return [
            _days(x.day, x.day),
            x.memo,
            x.rule,
            str(x.txn),
            _money(money_in),
            _money(money_out),
        ]
    first, last = group[0], group[-1]
    memos = {x.memo for x in group}
    what = f"{len(group)} × {first.memo if len(memos) == 1 else first.kind}"
    rules: dict[str, None] = {}
    for x in group:
        for rule in x.rule.split():
            rules.setdefault(rule, None)
    money_in = sum((x.amount for x in group if x.amount > 0), Decimal(0))
    money_out = -sum((x.amount for x in group if x.amount < 0), Decimal(0))
    return [
        _days(first.day, last.day),
        what,
        " ".join(rules),
        f"{first.txn} … {last.txn}",
        _money(money_in),
        _money(money_out),
    ]


def _money(amount: Decimal) -> str:
    return fmt(amount) if amount else ""


def journal_digest(
    books: Books, player: Player, period: Period, limit: int = PRINT_ROWS
) -> Table | None:
    """The player's journal lines of the period in at most `limit` rows, grouped; None when
    there are no more lines than that (the full list is printed as it is)."""
    lines = period_lines(books, player, period)
    if len(lines) <= limit:
        return None
    since = lines[0].day
    span, groups = 1, _groups(lines, since, 1)
    last = lines[-1].day
    while len(groups) > limit and span <= last - since:
        span *= 2
        groups = _groups(lines, since, span)
    total_in = sum((x.amount for x in lines if x.amount > 0), Decimal(0))
    total_out = sum((x.amount for x in lines if x.amount <= 0), Decimal(0))
    clock = books.game.clock
    by = clock.title if span == 1 else f"{span} {clock.units or 'transactions'}"
    currency = books.currency
    return Table(
        f"Journal lines of the period: {len(lines)} lines by {by} and kind",
        [clock.units or "txns", "what", "rule", "txn", f"in ({currency})", f"out ({currency})"],
        rows=[_row(g) for g in groups],
        align=["r", "l", "l", "r", "r", "r"],
        total=f"In: {fmt(total_in)} · out: {fmt(-total_out)} {currency}",
        empty="no transactions in the period",
    )
