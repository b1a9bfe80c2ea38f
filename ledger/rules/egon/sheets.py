"""The sheets of "Das kleine Egon-Spiel" in the workbook: one record a row, and their columns.

Rounds (each round's draw, 8.1; the storm 6.1.6; the highest trader price 6.2.1), Traders,
Orders (with a blackmail's penalty, 6.6.2, and a Rechtfertigung, 6.6.42), Purchases (the buying
phase, section 3, and building, section 7), Results and DIHistory (written by ledger), Jackpots
(5.4.5-5.4.7) and Blackmails (waiting for next round, 6.6.3); each column's dropdown; the
players' own columns (DI, store, tower with its foundation 1.5, guard 6.3, status 4.6); the
settings the game declares from tables.py, and `egon_settings` reading them back.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

import msgspec

from ledger.core.books import Books, Player
from ledger.core.problems import CellRef, Problem
from ledger.core.schema import Column, Kind, Setting, SheetSpec
from ledger.core.settings import Settings
from ledger.core.sheets import read_sheets
from ledger.rules.egon import tables
from ledger.rules.egon.said import said
from ledger.rules.egon.state import Status

R = TypeVar("R")

# -- the game's records, one per sheet row --------------------------------------------------------


class RoundRow(msgspec.Struct, frozen=True):
    round: int
    numbers: str = ""  # the six main numbers, "3,11,17,25,33,41"
    zz: int = 0
    z6: int = 0
    storm: bool = False
    max_price: Decimal = Decimal(0)
    evaluated: bool = False
    ref: CellRef | None = None


class TraderRow(msgspec.Struct, frozen=True):
    round: int
    trader: str
    stones: int = 0
    price: Decimal = Decimal(0)
    min_qty: int = 0
    ref: CellRef | None = None


class OrderRow(msgspec.Struct, frozen=True):
    round: int
    player: str
    order: str
    penalty_kj: Decimal = Decimal(0)  # 6.6: the Strafe of a blackmail, from its article
    penalty_stones: int = 0
    justified_against: str = ""  # 6.6.42: a Rechtfertigung handed in against this blackmailer
    result: str = ""
    ref: CellRef | None = None


class PurchaseRow(msgspec.Struct, frozen=True):
    round: int
    player: str
    stones: int = 0
    cost: Decimal = Decimal(0)
    build: int = 0  # section 7: stones built into the tower after phase 2
    note: str = ""
    ref: CellRef | None = None


class ResultRow(msgspec.Struct, frozen=True):
    round: int
    player: str
    rule: str
    text: str
    kj: Decimal = Decimal(0)
    di: int = 0
    store: int = 0
    tower: int = 0
    status: str = ""
    source: str = ""
    ref: CellRef | None = None


class DIRow(msgspec.Struct, frozen=True):
    round: int
    player: str
    change: int
    di: int
    rule: str
    cause: str
    ref: CellRef | None = None


class JackpotRow(msgspec.Struct, frozen=True):
    cls: str
    amount: Decimal
    ref: CellRef | None = None


class BlackmailRow(msgspec.Struct, frozen=True):
    blackmailer: str
    action: str
    victim: str = ""
    made_in_round: int = 0
    penalty_kj: Decimal = Decimal(0)
    penalty_stones: int = 0
    ref: CellRef | None = None

    def order(self) -> str:
        """The order that made the blackmail (6.6): ``e,ACTION,VICTIM``, ``alle`` for none."""
        return f"e,{self.action},{self.victim or 'alle'}"


@dataclass
class EgonBook:
    """The Egon sheets' rows. The rows are frozen: a change is a new record put in place of
    the old one (`put`), so a row read before the change is the row as it was."""

    rounds: list[RoundRow] = field(default_factory=list)
    traders: list[TraderRow] = field(default_factory=list)
    orders: list[OrderRow] = field(default_factory=list)
    purchases: list[PurchaseRow] = field(default_factory=list)
    results: list[ResultRow] = field(default_factory=list)
    di_history: list[DIRow] = field(default_factory=list)
    jackpots: list[JackpotRow] = field(default_factory=list)
    blackmails: list[BlackmailRow] = field(default_factory=list)

    def put(self, old: R, new: R) -> R:
        """Put ``new`` in place of ``old`` (that very row, not an equal one) in its sheet."""
        rows: list[R] = getattr(self, _LIST_OF[type(old)])
        rows[next(i for i, r in enumerate(rows) if r is old)] = new
        return new


#: The sheets and the players' own columns, as sheets.csv declares them: a trader one of the
#: rules' TRADERS (only a warning: a round may have others, 8.1), a jackpot's class one of
#: JACKPOTS, a player's status one of STATUSES.
_SPECS = read_sheets(
    __package__ or "ledger.rules.egon",
    {
        "TRADERS": tables.TRADERS,
        "JACKPOTS": tuple(tables.JACKPOT_TABLE),
        "STATUSES": tuple(s.value for s in Status),
    },
)

#: sheet name -> (its record, the EgonBook list that holds them, what the sheet is for)
SHEETS: dict[str, tuple[type, str, str]] = {
    name: (cls, attr, _SPECS[name].about)
    for name, cls, attr in (
        ("Rounds", RoundRow, "rounds"),
        ("Traders", TraderRow, "traders"),
        ("Orders", OrderRow, "orders"),
        ("Purchases", PurchaseRow, "purchases"),
        ("Results", ResultRow, "results"),
        ("DIHistory", DIRow, "di_history"),
        ("Jackpots", JackpotRow, "jackpots"),
        ("Blackmails", BlackmailRow, "blackmails"),
    )
}

#: The EgonBook list that holds each record type, and its sheet.
_LIST_OF: dict[type, str] = {cls: attr for cls, attr, _ in SHEETS.values()}
_SHEET_OF: dict[type, str] = {cls: name for name, (cls, _, _) in SHEETS.items()}


def sheet_spec(name: str) -> SheetSpec:
    return _SPECS[name]


PLAYER_COLUMNS: tuple[Column, ...] = _SPECS["Players"].columns


#: A setting's kind in the Settings sheet, by the type of its default.
_KIND: dict[type, Kind] = {bool: "bool", int: "int", Decimal: "decimal"}


def setting_specs() -> tuple[Setting, ...]:
    """The game's settings: the start cash (a house rule) and every `EgonSettings` field but
    the traders, with its default, rule and meaning (setting_docs.csv)."""
    start = "Kj each player starts with (not in these texts: a house rule)."
    return (
        Setting("start_cash", Decimal("1000"), "money", "ruling", start),
        *(
            Setting(
                d.name,
                d.default,  # type: ignore[arg-type]
                _KIND[type(d.default)],
                d.rule,
                d.doc + ("" if d.in_text else " (a ruling: not in the texts)"),
            )
            for d in tables.setting_docs()
            if not isinstance(d.default, tuple)
        ),
    )


def egon_settings(s: Settings) -> tables.EgonSettings:
    values: dict[str, Any] = {}
    for f in dataclasses.fields(tables.EgonSettings):
        if f.name in s.values and not isinstance(getattr(tables.EgonSettings(), f.name), tuple):
            v = s.values[f.name]
            values[f.name] = (
                Decimal(v) if isinstance(getattr(tables.EgonSettings(), f.name), Decimal) else v
            )
    return tables.EgonSettings(**values)


def book_of(books: Books) -> EgonBook:
    assert isinstance(books.state, EgonBook)
    return books.state


# -- what the commands and the checks (sheet_checks.py) share -------------------------------------

#: What a bad order's problem suggests: the order codes of the two phases.
CODES_HINT = "codes: a,x,v,l,f,g (phase 1); p,i,b,d,s,e (phase 2)"


def players_out(players: Sequence[Player]) -> set[str]:
    """The pseudonyms (in capitals) of the players who are out (ausgeschieden)."""
    return {p.name.upper() for p in players if p.get("status") == Status.OUT.value}


def traders_of(book: EgonBook, rnd: int) -> tuple[str, ...]:
    """The traders of round `rnd`: those the Traders sheet names, else the five of the rules."""
    named = tuple(t.trader for t in book.traders if t.round == rnd)
    return named or tables.TRADERS


def game_over(books: Books, where: str) -> list[Problem]:
    """1.4: a game has the rounds the Settings row `rounds` says; once the last is evaluated
    nothing more is drawn, ordered, bought, built or evaluated."""
    last = egon_settings(books.settings).rounds
    if books.day < last:
        return []
    return [said("game-over", where, last=last)]


def cell(row: Any, column: str) -> str:
    """Where a row's column is (``Orders!D5``; a row is named by its player's, ``Orders!B5``),
    or its sheet for a row not read from one."""
    sheet = _SHEET_OF[type(row)]
    return _SPECS[sheet].cell(column, row.ref, sheet)


# -- a row of the next round, as the commands name it ----------------------------------------------
def row_hint(ref: CellRef | None, command: str) -> str:
    return f"`ledger {command} --delete {ref.row}`" if ref else f"the {command} row"


_ROW = re.compile(r"^(?:(?P<sheet>\w+)!)?[A-Za-z]{0,3}(?P<row>\d+)$")


def row_number(text: str, sheet: str) -> tuple[int, list[Problem]]:
    found = _ROW.match(text.strip())
    if not found or (found["sheet"] and found["sheet"].lower() != sheet.lower()):
        return 0, [said("bad-row", "--delete", text=text, sheet=sheet)]
    return int(found["row"]), []
