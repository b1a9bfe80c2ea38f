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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

from ledger.core.books import Books, Player, Settings
from ledger.core.problems import CellRef, Problem, problem
from ledger.core.schema import Column, Kind, Setting, SheetSpec
from ledger.rules.egon import tables
from ledger.rules.egon.state import Status

R = TypeVar("R")

# -- the game's records, one per sheet row --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundRow:
    round: int
    numbers: str = ""  # the six main numbers, "3,11,17,25,33,41"
    zz: int = 0
    z6: int = 0
    storm: bool = False
    max_price: Decimal = Decimal(0)
    evaluated: bool = False
    ref: CellRef | None = None


@dataclass(frozen=True, slots=True)
class TraderRow:
    round: int
    trader: str
    stones: int = 0
    price: Decimal = Decimal(0)
    min_qty: int = 0
    ref: CellRef | None = None


@dataclass(frozen=True, slots=True)
class OrderRow:
    round: int
    player: str
    order: str
    penalty_kj: Decimal = Decimal(0)  # 6.6: the Strafe of a blackmail, from its article
    penalty_stones: int = 0
    justified_against: str = ""  # 6.6.42: a Rechtfertigung handed in against this blackmailer
    result: str = ""
    ref: CellRef | None = None


@dataclass(frozen=True, slots=True)
class PurchaseRow:
    round: int
    player: str
    stones: int = 0
    cost: Decimal = Decimal(0)
    build: int = 0  # section 7: stones built into the tower after phase 2
    note: str = ""
    ref: CellRef | None = None


@dataclass(frozen=True, slots=True)
class ResultRow:
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


@dataclass(frozen=True, slots=True)
class DIRow:
    round: int
    player: str
    change: int
    di: int
    rule: str
    cause: str
    ref: CellRef | None = None


@dataclass(frozen=True, slots=True)
class JackpotRow:
    cls: str
    amount: Decimal
    ref: CellRef | None = None


@dataclass(frozen=True, slots=True)
class BlackmailRow:
    blackmailer: str
    action: str
    victim: str = ""
    made_in_round: int = 0
    penalty_kj: Decimal = Decimal(0)
    penalty_stones: int = 0
    ref: CellRef | None = None


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


SHEETS: dict[str, tuple[type, str, str]] = {
    "Rounds": (
        RoundRow,
        "rounds",
        "Each round's draw: the six numbers, ZZ, Z6, storm, the highest trader price (ledger draw).",
    ),
    "Traders": (
        TraderRow,
        "traders",
        "The traders of each round: stones, price, minimum quantity (entered by the game master).",
    ),
    "Orders": (
        OrderRow,
        "orders",
        "Each player's orders as written (ledger order), with a blackmail's penalty and Rechtfertigungen.",
    ),
    "Purchases": (
        PurchaseRow,
        "purchases",
        "The buying phase's results and the stones built, entered by the game master.",
    ),
    "Results": (
        ResultRow,
        "results",
        "One row per order and effect: Kj, DI and stones, the rule and what happened (written by ledger).",
    ),
    "DIHistory": (DIRow, "di_history", "Every change of a DI with its cause (written by ledger)."),
    "Jackpots": (JackpotRow, "jackpots", "The lottery jackpots A, B, C (5.4.5-5.4.7)."),
    "Blackmails": (
        BlackmailRow,
        "blackmails",
        "Blackmails waiting to be settled next round (6.6.3).",
    ),
}

#: The EgonBook list that holds each record type.
_LIST_OF: dict[type, str] = {cls: attr for cls, attr, _ in SHEETS.values()}


def _kind(t: str) -> Kind:
    return "bool" if "bool" in t else "money" if "Decimal" in t else "int" if "int" in t else "text"


#: Each column's dropdown in the workbook: sheet -> column -> (where its values come from,
#: whether Excel refuses any other value). Players' pseudonyms only warn (one may be new in
#: this sitting), and so do traders (a round may have others, 8.1); jackpot classes refuse.
CHOICES: dict[str, dict[str, tuple[tuple[str, ...] | str, bool]]] = {
    "Traders": {"trader": (tables.TRADERS, False)},
    "Orders": {"player": ("players", False), "justified_against": ("players", False)},
    "Purchases": {"player": ("players", False)},
    "Jackpots": {"class": (tuple(tables.JACKPOT_TABLE), True)},
    "Blackmails": {"blackmailer": ("players", False), "victim": ("players", False)},
}


def sheet_spec(name: str) -> SheetSpec:
    cls, _, about = SHEETS[name]
    return SheetSpec(
        name,
        tuple(
            _column(f, CHOICES.get(name, {})) for f in dataclasses.fields(cls) if f.name != "ref"
        ),
        about,
        written_by_tool=name in ("Results", "DIHistory"),
    )


def _column(
    f: dataclasses.Field[Any], choices: Mapping[str, tuple[tuple[str, ...] | str, bool]]
) -> Column:
    name = "class" if f.name == "cls" else f.name
    listed, strict = choices.get(name, ((), False))
    return Column(
        name,
        _kind(str(f.type)),
        max(8, len(f.name) + 2)
        if f.name not in ("text", "order", "cause", "source", "note", "result")
        else 34,
        required=f.default is dataclasses.MISSING,
        choices=listed,
        strict=strict,
    )


PLAYER_COLUMNS: tuple[Column, ...] = (
    Column(
        "di",
        "int",
        6,
        required=False,
        help="The DI, the index of ill repute (never below 0, 6.1.4).",
    ),
    Column("store", "int", 7, required=False, help="Stones in store (Lager)."),
    Column(
        "tower",
        "int",
        7,
        required=False,
        help="Tower height in stones, the 12-stone foundation included.",
    ),
    Column("guard", "int", 7, required=False, help="Wachfaktor ordered last round (6.3)."),
    Column(
        "status",
        "text",
        12,
        required=False,
        help="frei, Gefängnis, Zuchthaus or ausgeschieden.",
        choices=tuple(s.value for s in Status),
        strict=True,
    ),
    Column("jail_rounds", "int", 8, required=False, help="Whole rounds still to sit out."),
)


def setting_specs() -> tuple[Setting, ...]:
    out = [
        Setting(
            "start_cash",
            Decimal("1000"),
            "money",
            "ruling",
            "Kj each player starts with (not in these texts: a house rule).",
        )
    ]
    for d in tables.setting_docs():
        if isinstance(d.default, tuple):
            continue
        kind: Kind = (
            "bool"
            if isinstance(d.default, bool)
            else "int"
            if isinstance(d.default, int)
            else "decimal"
        )
        out.append(
            Setting(
                d.name,
                d.default,  # type: ignore[arg-type]
                kind,
                d.rule,
                d.doc + ("" if d.in_text else " (a ruling: not in the texts)"),
            )
        )
    return tuple(out)


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


# -- the sheets' own checks ------------------------------------------------------------------------

#: What a bad order's problem suggests: the order codes of the two phases.
CODES_HINT = "codes: a,x,v,l,f,g (phase 1); p,i,b,d,s,e (phase 2)"
#: The Rounds sheet's column of the highest trader price (`RoundRow.max_price`), from 0 = A.
_MAX_PRICE = [f.name for f in dataclasses.fields(RoundRow)].index("max_price")


def players_out(players: Sequence[Player]) -> set[str]:
    """The pseudonyms (in capitals) of the players who are out (ausgeschieden)."""
    return {p.name.upper() for p in players if p.get("status") == Status.OUT.value}


def traders_of(book: EgonBook, rnd: int) -> tuple[str, ...]:
    """The traders of round `rnd`: those the Traders sheet names, else the five of the rules."""
    named = tuple(t.trader for t in book.traders if t.round == rnd)
    return named or tables.TRADERS


def sheet_problems(book: EgonBook, players: Sequence[Player], day: int) -> Iterator[Problem]:
    """What is wrong in the sheets before a round is evaluated, each naming its cell; ``day``
    is the last round evaluated."""
    from ledger.rules.egon.orders import Blackmail
    from ledger.rules.egon.parse import is_pseudonym, read_order

    names = [p.name for p in players]
    for p in players:
        if not is_pseudonym(p.name):
            yield problem(
                "not-a-pseudonym",
                str(p.ref or p.name),
                f"{p.name!r} is not a three-letter pseudonym",
                "players are named by three letters, e.g. ABC",
            )
    for r in book.rounds:
        if not r.evaluated and r.max_price < 0:
            yield problem(
                "bad-amount",
                str(CellRef("Rounds", _MAX_PRICE, r.ref.row)) if r.ref else f"round {r.round}",
                f"round {r.round}: the highest trader price cannot be negative, not {r.max_price}",
                "the highest price a trader asked for a stone this round (6.2.1)",
            )
    out = players_out(players)
    for o in book.orders:
        if o.result:
            continue  # evaluated already
        if o.round <= day:
            yield problem(
                "never-evaluated",
                order_cell(o, "round"),
                f"{o.player} {o.order}: round {o.round} was evaluated before this row was "
                "typed; it is never carried out",
                f"delete it: ledger order --delete {o.ref.row if o.ref else 'ROW'}",
                warning=True,
            )
            continue
        if o.player.upper() in out:
            yield problem(
                "player-out",
                order_cell(o, "player"),
                f"{o.player} is out of the game (ausgeschieden) and gives no orders",
                "delete the order: ledger order --delete ROW",
            )
            continue
        order, errors = read_order(
            o.order, o.player, players=names, traders=traders_of(book, o.round)
        )
        for e in errors:
            yield problem(
                "unknown-player" if e.about_player else "bad-order",
                order_cell(o, "player" if e.about_player else "order"),
                e.message,
                e.hint or CODES_HINT,
            )
        if order is not None:
            yield from penalty_problems(o, isinstance(order, Blackmail), at_tick=False)


#: The Orders sheet's columns, from 0 = A.
_ORDER_COLUMN = {f.name: i for i, f in enumerate(dataclasses.fields(OrderRow))}


def order_cell(o: OrderRow, column: str) -> str:
    """Where an Orders row's column is (``Orders!D5``), or the order itself without a row."""
    return str(CellRef("Orders", _ORDER_COLUMN[column], o.ref.row)) if o.ref else f"order {o.order}"


def penalty_problems(o: OrderRow, blackmail: bool, *, at_tick: bool) -> list[Problem]:
    """A blackmail's penalty (6.6.1: "eine Strafandrohung"): more than nothing, never
    negative; no other order has one. A missing one is a warning while the round is typed
    (the row can still be corrected with `ledger order --replace`), refused at the tick."""
    found = [
        problem(
            "bad-amount" if column == "penalty_kj" else "bad-number",
            order_cell(o, column),
            f"{o.player} {o.order}: a penalty cannot be negative, not {value}",
            "the Kj or stones in store the article threatens (6.6.1, 6.6.22)",
        )
        for column, value in (("penalty_kj", o.penalty_kj), ("penalty_stones", o.penalty_stones))
        if value < 0
    ]
    if found:
        return found
    if blackmail and not o.penalty_kj and not o.penalty_stones:
        row = o.ref.row if o.ref else "ROW"
        found.append(
            problem(
                "missing-penalty",
                order_cell(o, "penalty_kj"),
                f"{o.player} {o.order}: a blackmail without the penalty it threatens: its "
                "article gives the reason and 'eine Strafandrohung' (6.6.1), the Kj and/or "
                "stones in store (6.6.22) the victim pays if he defies it",
                f"type the Kj in penalty_kj (column D) and/or the stones in penalty_stones "
                f"(E) of row {row}, or: ledger order {o.player} '{o.order}' --replace "
                "--penalty-kj 300",
                warning=not at_tick,
            )
        )
    elif not blackmail and (o.penalty_kj or o.penalty_stones):
        found.append(
            problem(
                "penalty-ignored",
                order_cell(o, "penalty_kj"),
                f"{o.player} {o.order}: only a blackmail has a penalty (6.6); it is ignored",
                "clear the penalty cells of this row",
                warning=True,
            )
        )
    return found


def no_maxpreis(row: RoundRow, missing: Any) -> Problem:
    """6.2.1: the round's imports cannot be priced: no trader price of the round is typed.
    ``missing`` is the engine's `MissingMaxpreis` (its imports, as ``ABC: i,2``)."""
    storm = " --storm" if row.storm else ""
    return problem(
        "no-maxpreis",
        "Traders",
        f"round {row.round}: {', '.join(missing.imports)}: an import costs Maxpreis + 4 x "
        "Anzahl^2 Kj a stone, Maxpreis being the highest price a trader asked this round "
        f"(6.2.1), and no trader price of round {row.round} is typed",
        f"type the round's trader prices in the Traders sheet, a row a trader (round "
        f"{row.round}, trader, stones, price, min_qty), or give the highest with ledger draw "
        f"--again --numbers {row.numbers.replace(' ', '')} --zz {row.zz} --z6 {row.z6}{storm} "
        "--max-price PRICE",
    )
