"""Statements and reports as plain data: every number is computed and formatted here, so the
templates in templates/ only lay them out (no arithmetic in Jinja2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from ledger.core.books import Books, Player
from ledger.core.journal import Transaction


def fmt(amount: Decimal | None) -> str:
    """Money as the statements print it: 1,234.50 (a minus sign for negative amounts)."""
    if amount is None:
        return ""
    return f"{amount:,.2f}".replace("-", "−")


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    #: "l" or "r" per column
    align: list[str] = field(default_factory=list)
    #: A closing line after the table (totals go after a table, not in a repeating footer).
    total: str = ""
    empty: str = "none"

    def __post_init__(self) -> None:
        if not self.align:
            self.align = ["l"] * len(self.columns)


@dataclass
class Chart:
    """A small line chart, laid out here: the SVG only draws these coordinates."""

    title: str
    width: int
    height: int
    points: str  # "x,y x,y ..." for a <polyline>
    zero_y: float
    labels: list[tuple[float, float, str]]  # (x, y, text)
    anchors: tuple[str, ...] = ("end", "end", "start", "end")


@dataclass
class Statement:
    game: str
    player: str
    role: str
    since: int
    day: int
    currency: str
    facts: list[tuple[str, str]]
    banks: Table
    journal: Table
    sections: list[Table]
    warnings: list[str]
    upcoming: Table
    chart: Chart | None


@dataclass
class Report:
    title: str
    game: str
    since: int
    day: int
    currency: str
    facts: list[tuple[str, str]]
    sections: list[Table]
    chart: Chart | None = None


def bank_table(books: Books, player: Player, since: int) -> Table:
    accounts = books.player_accounts(player)
    closing = {a: books.journal.balance(a).amount for a in accounts}
    opening = dict(closing)
    for t in books.journal.since(since):  # opening = closing less what the period moved
        for p in t.postings:
            if p.account in opening:
                opening[p.account] -= p.amount.amount
    table = Table("Money per bank", ["bank", "opening", "closing"], align=["l", "r", "r"])
    for a in accounts:
        bank = a.split(":")[2] if a.count(":") == 2 else a
        table.rows.append([bank, fmt(opening[a]), fmt(closing[a])])
    table.total = f"Total: opening {fmt(sum(opening.values(), Decimal(0)))}, closing {fmt(sum(closing.values(), Decimal(0)))} {books.currency}"
    return table


def journal_table(books: Books, player: Player, since: int) -> Table:
    mine = set(books.player_accounts(player))
    table = Table(
        "Journal lines of the period",
        ["txn", "day", "what", "rule", books.currency],
        align=["r", "r", "l", "l", "r"],
        empty="no transactions in the period",
    )
    total_in, total_out = Decimal(0), Decimal(0)
    for t in books.journal.since(since):
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
    running: dict[str, Decimal] = {}
    series: dict[str, list[tuple[int, Decimal]]] = {p.name: [] for p in books.players}
    for t in books.journal:
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
    """The player's cash at the end of each day that had a transaction, as a step line."""
    series = list(cash_series(books).get(player.name, []))
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
        (x(0), height - 6, "day 0"),
        (x(last_day), height - 6, f"day {last_day}"),
    ]
    return Chart(
        f"Cash over time ({books.currency})", width, height, " ".join(pts), y(Decimal(0)), labels
    )


# -- what a tick (a day, a round) did, for the terminal, JSON, the summary and the forecast ------------


@dataclass(frozen=True, slots=True)
class Line:
    """One thing that happened to a player on a day: a charge, money in, or an event."""

    day: int
    player: str
    kind: str  # charge / income / event
    text: str
    rule: str
    amount: Decimal | None = None
    txn: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "day": self.day,
            "player": self.player,
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "amount": None if self.amount is None else f"{self.amount:.2f}",
            "txn": self.txn,
        }


@dataclass
class TickReport:
    start: int
    end: int
    lines: list[Line] = field(default_factory=list)
    currency: str = ""
    #: what one step of the clock is called: day, round or turn, as the game counts
    unit: str = "day"
    #: What came into each player's accounts in the period, read from the journal (see
    #: `money_in`); None: the income lines are summed instead.
    money_in: dict[str, Decimal] | None = None
    #: How the terminal digest names a group of charges by their rule (`§13` -> `wages`).
    labels: Mapping[str, str] = field(default_factory=dict)

    def for_player(self, name: str) -> list[Line]:
        return [line for line in self.lines if line.player == name]

    def digest(self, name: str, limit: int = 30) -> list[tuple[str, str, str, Decimal | None, str]]:
        """A player's lines for the terminal: all of them when there are few; else every event
        on its own and the money grouped by rule, with how often and how much (the printable
        summary keeps every line)."""
        lines = self.for_player(name)
        if len(lines) <= limit:
            return [(str(x.day), x.text, x.rule, x.amount, x.kind) for x in lines]
        out: list[tuple[str, str, str, Decimal | None, str]] = []
        groups: dict[tuple[str, str], list[Line]] = {}
        for x in lines:
            if x.kind == "event":
                out.append((str(x.day), x.text, x.rule, None, x.kind))
            else:
                groups.setdefault((x.kind, x.rule), []).append(x)
        for (kind, rule), xs in groups.items():
            total = sum((x.amount or Decimal(0) for x in xs), Decimal(0))
            days = f"{xs[0].day}-{xs[-1].day}" if len(xs) > 1 else str(xs[0].day)
            label = self.labels.get(rule.split()[0], "money in" if kind == "income" else "charges")
            what = xs[0].text if len(xs) == 1 else f"{len(xs)} × {label}"
            out.append((days, what, rule, total, kind))
        return out

    def totals(self, name: str) -> tuple[Decimal, Decimal]:
        charges = sum(
            (
                line.amount or Decimal(0)
                for line in self.lines
                if line.player == name and line.kind == "charge"
            ),
            Decimal(0),
        )
        if self.money_in is not None:
            return charges, self.money_in.get(name, Decimal(0))
        income = sum(
            (
                line.amount or Decimal(0)
                for line in self.lines
                if line.player == name and line.kind == "income"
            ),
            Decimal(0),
        )
        return charges, income


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
