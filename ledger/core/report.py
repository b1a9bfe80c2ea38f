"""Statements and reports as plain data: every number is computed and formatted here, so the
templates in templates/ only lay them out (no arithmetic in Jinja2)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

import msgspec

from ledger.core.clock import DAYS, Clock


def fmt(amount: Decimal | None) -> str:
    """Money as the statements print it: 1,234.50 (a minus sign for negative amounts)."""
    if amount is None:
        return ""
    return f"{amount:,.2f}".replace("-", "−")


class Pick(msgspec.Struct, frozen=True):
    """A field's pick-list on a player's page: (value, label) pairs in the order shown; `open`:
    suggestions only, the field may hold what the list does not (an order's code)."""

    choices: tuple[tuple[str, str], ...]
    open: bool = False


#: The player actions that apply now (`Game.moves_now`): kind -> field -> its pick-list
#: (a field without one is typed).
Moves = dict[str, dict[str, Pick]]


class Table(msgspec.Struct):
    title: str
    columns: list[str]
    rows: list[list[str]] = msgspec.field(default_factory=list)
    #: "l" or "r" per column
    align: list[str] = msgspec.field(default_factory=list)
    #: A closing line after the table (totals go after a table, not in a repeating footer).
    total: str = ""
    empty: str = "none"

    def __post_init__(self) -> None:
        if not self.align:
            self.align = ["l"] * len(self.columns)


class Chart(msgspec.Struct):
    """A small line chart, laid out here: the SVG only draws these coordinates."""

    title: str
    width: int
    height: int
    points: str  # "x,y x,y ..." for a <polyline>
    zero_y: float
    labels: list[tuple[float, float, str]]  # (x, y, text)
    anchors: tuple[str, ...] = ("end", "end", "start", "end")


class Statement(msgspec.Struct):
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
    #: The period in the game's words (`days 31–60`, `round 2`), and the moment of the
    #: closing (`day 60`, `after round 2`): filled by whoever made the statement's period.
    period: str = ""
    moment: str = ""


class Report(msgspec.Struct):
    title: str
    game: str
    since: int
    day: int
    currency: str
    facts: list[tuple[str, str]]
    sections: list[Table]
    chart: Chart | None = None
    #: As on a statement: the period and the moment, in the game's words.
    period: str = ""
    moment: str = ""


# -- what a tick (a day, a round) did, for the terminal, JSON, the summary and the forecast ------------


class Line(msgspec.Struct, frozen=True):
    """One thing that happened to a player on a day: a charge, money in, or an event."""

    day: int
    player: str
    kind: str  # charge / income / event
    text: str
    rule: str
    amount: Decimal | None = None
    txn: int | None = None
    #: the turn it happened in, in a game of turns (the 21-field game); None elsewhere
    turn: int | None = None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "day": self.day,
            "player": self.player,
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "amount": None if self.amount is None else f"{self.amount:.2f}",
            "txn": self.txn,
        }
        if self.turn is not None:
            out["turn"] = self.turn
        return out


class TickReport(msgspec.Struct):
    start: int
    end: int
    lines: list[Line] = msgspec.field(default_factory=list)
    currency: str = ""
    #: the game's clock: what one step is called (day, round), as the game counts
    clock: Clock = DAYS
    #: What came into each player's accounts in the period, read from the journal (see
    #: `money_in`); None: the income lines are summed instead.
    money_in: dict[str, Decimal] | None = None
    #: How the terminal digest names a group of charges by their rule (`§13` -> `wages`).
    labels: Mapping[str, str] = msgspec.field(default_factory=dict)
    #: What happened at the table, to no player (a lottery's jackpots): shown apart, under
    #: its own heading, never as a player's.
    news: list[Line] = msgspec.field(default_factory=list)
    #: A game of turns: its lines are shown in the order they happened, in one table (turn,
    #: round, player, ...), not grouped by player.
    in_order: bool = False

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
