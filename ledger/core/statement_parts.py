"""The parts of a statement and a tick report that read the books: a player's banks, their
journal lines, the cash over time and its chart, and what came in during a period."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any, TypeVar

import msgspec

from ledger.core import data
from ledger.core.books import Books, Player
from ledger.core.clock import Period
from ledger.core.journal import Transaction
from ledger.core.report import Chart, Report, Statement, Table, TickReport, fmt

R = TypeVar("R", bound=Report)


def bank_table(
    books: Books,
    player: Player,
    period: Period,
    title: str = "Money per bank",
    column: str = "bank",
    total: bool = True,
) -> Table:
    """The player's money per account at the start and the end of the period (`title`, the
    accounts' `column`), and the totals when `total`."""
    accounts = books.player_accounts(player)
    closing = {a: books.journal.balance(a).amount for a in accounts}
    opening = dict(closing)
    for t in period.of(books.journal):  # opening = closing less what the period moved
        for p in t.postings:
            if p.account in opening:
                opening[p.account] -= p.amount.amount
    table = Table(title, [column, "opening", "closing"], align=["l", "r", "r"])
    for a in accounts:
        bank = a.split(":")[2] if a.count(":") == 2 else a
        table.rows.append([bank, fmt(opening[a]), fmt(closing[a])])
    if total:
        table.total = f"Total: opening {fmt(sum(opening.values(), Decimal(0)))}, closing {fmt(sum(closing.values(), Decimal(0)))} {books.currency}"
    return table


def journal_table(books: Books, player: Player, period: Period) -> Table:
    mine = set(books.player_accounts(player))
    table = Table(
        "Journal lines of the period",
        ["txn", books.game.clock.title, "what", "rule", books.currency],
        align=["r", "r", "l", "l", "r"],
        empty="no transactions in the period",
    )
    total_in, total_out = Decimal(0), Decimal(0)
    for t in period.of(books.journal):
        touched = [p.amount.amount for p in t.postings if p.account in mine]
        if not touched:
            continue
        amount = sum(touched, Decimal(0))
        table.rows.append([str(t.id), str(t.day), t.memo, t.rule, fmt(amount)])
        if amount > 0:
            total_in += amount
        else:
            total_out += amount
    table.total = f"In: {fmt(total_in)} · out: {fmt(-total_out)} {books.currency}"
    return table


def cash_series(books: Books) -> dict[str, list[tuple[int, Decimal]]]:
    """Every player's cash at the end of each day that moved it, in one pass over the journal
    (kept on the books while the journal does not grow)."""
    key = len(books.journal)
    cached = getattr(books, "_cash_series", None)
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    owner = {a: p.name for p in books.players for a in books.player_accounts(p)}
    journal = books.journal
    running: dict[str, Decimal] = {}
    series: dict[str, list[tuple[int, Decimal]]] = {p.name: [] for p in books.players}
    for t in journal:
        for p in t.postings:
            name = owner.get(p.account)
            if name is None:
                continue
            running[name] = running.get(name, Decimal(0)) + p.amount.amount
            points = series[name]
            if points and points[-1][0] == t.day:
                points[-1] = (t.day, running[name])
            else:
                points.append((t.day, running[name]))
    books._cash_series = (key, series)  # type: ignore[attr-defined]
    return series


def cash_chart(books: Books, player: Player, width: int = 520, height: int = 140) -> Chart | None:
    """The player's cash at the end of each day that had a transaction, as a step line (none
    in a game without a clock: its days do not move)."""
    unit = books.game.clock.unit
    series = list(cash_series(books).get(player.name, [])) if unit else []
    if not series:
        return None
    last_day = max(books.day, series[-1][0], 1)
    series.append((last_day, series[-1][1]))
    low = min(Decimal(0), *(v for _, v in series))
    high = max(Decimal(1), *(v for _, v in series))
    pad_l, pad_r, pad_t, pad_b = 56, 10, 10, 22
    w, h = width - pad_l - pad_r, height - pad_t - pad_b

    def x(day: int) -> float:
        return round(pad_l + w * day / last_day, 1)

    def y(v: Decimal) -> float:
        return round(pad_t + h * float((high - v) / (high - low)), 1)

    pts: list[str] = []
    prev: Decimal | None = None
    for day, v in series:
        if prev is not None:
            pts.append(f"{x(day)},{y(prev)}")
        pts.append(f"{x(day)},{y(v)}")
        prev = v
    labels = [
        (pad_l - 4, y(high) + 4, fmt(high)),
        (pad_l - 4, y(low) + 4, fmt(low)),
        (x(0), height - 6, f"{unit} 0"),
        (x(last_day), height - 6, f"{unit} {last_day}"),
    ]
    return Chart(
        f"Cash over time ({books.currency})", width, height, " ".join(pts), y(Decimal(0)), labels
    )


def money_in(books: Books, txns: Iterable[Transaction]) -> dict[str, dict[int, Decimal]]:
    """What each player (a special one too) received in these transactions, by transaction: the
    sum of its postings to the player's accounts where that is more than zero, as the
    statement's journal lines count it (a move between one's own banks brings nothing in)."""
    owner = {a: p.name for p in books.players for a in books.player_accounts(p)}
    out: dict[str, dict[int, Decimal]] = {p.name: {} for p in books.players}
    for t in txns:
        net: dict[str, Decimal] = {}
        for p in t.postings:
            name = owner.get(p.account)
            if name is not None:
                net[name] = net.get(name, Decimal(0)) + p.amount.amount
        for name, amount in net.items():
            if amount > 0:
                out[name][t.id] = amount
    return out


def plain_statement(books: Books, player: Player, period: Period, ahead: TickReport) -> Statement:
    """The statement every game has until it writes its own (`Game.statement`): the player's
    money per account, the period's journal lines, the cash over time, and what the forecast
    says falls due."""
    steps = ahead.end - ahead.start
    upcoming = Table(
        f"The next {steps} {ahead.clock.units}" if steps > 0 else "Next",
        [ahead.clock.unit or "", "what", "rule", books.currency],
        align=["r", "l", "l", "r"],
        empty="nothing falls due",
    )
    for line in ahead.for_player(player.name):
        amount = "" if line.amount is None else fmt(line.amount)
        upcoming.rows.append([str(line.day), line.text, line.rule, amount])
    cash = books.player_cash(player).amount
    return player_statement(
        books, player, period, [("cash", f"{fmt(cash)} {books.currency}")], [], upcoming
    )


def player_statement(
    books: Books,
    player: Player,
    period: Period,
    facts: list[tuple[str, str]],
    sections: list[Table],
    upcoming: Table,
    warnings: Iterable[str] = (),
    banks: Table | None = None,
) -> Statement:
    """A player's statement from the game's own facts, sections, warnings and what comes next,
    with the parts every statement has: the money per bank (or the game's `banks`), the
    period's journal lines and the cash chart."""
    return Statement(
        books.game.title,
        player.name,
        player.role,
        period.since,
        books.day,
        books.currency,
        facts,
        bank_table(books, player, period) if banks is None else banks,
        journal_table(books, player, period),
        sections,
        list(warnings),
        upcoming,
        cash_chart(books, player),
    )


def game_summary(
    books: Books,
    since: int,
    facts: list[tuple[str, str]],
    sections: list[Table],
    title: str = "Game summary",
    kind: type[R] = Report,  # type: ignore[assignment]
    **more: Any,
) -> R:
    """The game summary (`ledger report game`) from the game's facts and sections: its title,
    the game's, from the day or round `since` to now, in the game's currency; a game's own
    kind of report takes `more`."""
    return kind(title, books.game.title, since, books.day, books.currency, facts, sections, **more)


class Layout(msgspec.Struct, frozen=True):
    """How a game shows one of its tables (its shown.csv, a row a table): the title, the
    columns' headers joined by `|`, their alignment (`l` or `r`, a letter a column; none: all
    `l`) and what the table says when it has no rows."""

    title: str
    columns: str
    align: str = ""
    empty: str = "none"

    def table(self, rows: list[list[str]] | None = None, total: str = "") -> Table:
        """A new table of this layout, with `rows` (none if not given) and its closing line."""
        columns, align = self.columns.split("|"), list(self.align)
        return Table(self.title, columns, rows or [], align=align, total=total, empty=self.empty)


def layouts(package: str, name: str = "shown.csv") -> dict[str, Layout]:
    """A game's tables by name (columns name, title, columns, align, empty; an empty cell is
    the layout's default)."""
    rows = data.rows(package, name)
    return {r["name"]: msgspec.convert({k: v for k, v in r.items() if v}, Layout) for r in rows}
