"""Das kleine Egon-Spiel in the workbook: players with DI, stones and towers; the rounds'
draws, traders, orders and purchases as sheets; `ledger tick` evaluates a round with the pure
engine (evaluate.py) and books every Kj change in the journal.

Rule numbers (5.1.7, 6.4.3) are those of ../shared/rules/egon-5-*.txt and egon-6-*.txt.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ledger.core.books import Books, Player, Settings
from ledger.core.game import Game
from ledger.core.journal import transfer
from ledger.core.money import Money, round_money
from ledger.core.problems import CellRef, Problem, ProblemsFound, problem
from ledger.core.records import build_records
from ledger.core.report import Report, Statement, Table, bank_table, cash_chart, fmt, journal_table
from ledger.core.schema import Column, Kind, Setting, SheetSpec
from ledger.rules.egon import tables
from ledger.rules.egon.evaluate import evaluate_round
from ledger.rules.egon.orders import ActionSpec, Blackmail, Order, with_penalty
from ledger.rules.egon.parse import is_pseudonym, parse_order
from ledger.rules.egon.state import (
    Build,
    Draw,
    EgonInputError,
    EgonState,
    Jackpots,
    PendingBlackmail,
    PlayerState,
    Purchase,
    Status,
)

WORLD = (
    "world"  # everything that is not a player: traders, tourists, the lottery's bank, the police
)


# -- the game's records, one per sheet row --------------------------------------------------------


@dataclass(slots=True)
class RoundRow:
    round: int
    numbers: str = ""  # the six main numbers, "3,11,17,25,33,41"
    zz: int = 0
    z6: int = 0
    storm: bool = False
    max_price: Decimal = Decimal(0)
    evaluated: bool = False
    ref: CellRef | None = None


@dataclass(slots=True)
class TraderRow:
    round: int
    trader: str
    stones: int = 0
    price: Decimal = Decimal(0)
    min_qty: int = 0
    ref: CellRef | None = None


@dataclass(slots=True)
class OrderRow:
    round: int
    player: str
    order: str
    penalty_kj: Decimal = Decimal(0)  # 6.6: the Strafe of a blackmail, from its article
    penalty_stones: int = 0
    justified_against: str = ""  # 6.6.42: a Rechtfertigung handed in against this blackmailer
    result: str = ""
    ref: CellRef | None = None


@dataclass(slots=True)
class PurchaseRow:
    round: int
    player: str
    stones: int = 0
    cost: Decimal = Decimal(0)
    build: int = 0  # section 7: stones built into the tower after phase 2
    note: str = ""
    ref: CellRef | None = None


@dataclass(slots=True)
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


@dataclass(slots=True)
class DIRow:
    round: int
    player: str
    change: int
    di: int
    rule: str
    cause: str
    ref: CellRef | None = None


@dataclass(slots=True)
class JackpotRow:
    cls: str
    amount: Decimal
    ref: CellRef | None = None


@dataclass(slots=True)
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
    rounds: list[RoundRow] = field(default_factory=list)
    traders: list[TraderRow] = field(default_factory=list)
    orders: list[OrderRow] = field(default_factory=list)
    purchases: list[PurchaseRow] = field(default_factory=list)
    results: list[ResultRow] = field(default_factory=list)
    di_history: list[DIRow] = field(default_factory=list)
    jackpots: list[JackpotRow] = field(default_factory=list)
    blackmails: list[BlackmailRow] = field(default_factory=list)


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


def _spec(name: str) -> SheetSpec:
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


def _settings() -> tuple[Setting, ...]:
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


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def book_of(books: Books) -> EgonBook:
    assert isinstance(books.state, EgonBook)
    return books.state


# -- the game -------------------------------------------------------------------------------------


class Egon(Game):
    key = "egon"
    title = "Das kleine Egon-Spiel"
    currency = "Kj"
    institutions = ("bank", WORLD)
    settings = _settings()
    player_columns = PLAYER_COLUMNS
    sheets = tuple(_spec(n) for n in SHEETS)
    next_steps = "ledger order PLAYER 'CODE' for each order, ledger draw, then ledger tick; ledger status shows the players."

    def allows_debt(self, settings: Settings) -> bool:
        return True  # section 2: debt costs 50% interest a round; past 10,000 Kj a player is out

    def may_go_negative(self, books: Books, account: str) -> bool:
        return True

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return settings.get_decimal("start_cash"), "ruling"

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        return (
            ("di", 0),
            ("store", 0),
            ("tower", tables.FOUNDATION),
            ("guard", 0),
            ("status", Status.FREE.value),
            ("jail_rounds", 0),
        )

    def new_state(self, books: Books) -> None:
        book = EgonBook()
        s = egon_settings(books.settings)
        for cls in ("A", "B", "C"):
            book.jackpots.append(
                JackpotRow(cls, s.jackpot_class(cls)[1])
            )  # 5.4.6: start at the Mindestinhalt
        books.state = book

    def load_state(
        self,
        books: Books,
        rows: Mapping[str, Sequence[tuple[CellRef, dict[str, Any]]]],
        problems: list[Problem],
    ) -> None:
        book = EgonBook()
        for spec in self.sheets:
            cls, attr, _ = SHEETS[spec.name]
            getattr(book, attr).extend(
                build_records(
                    cls, spec, rows.get(spec.name, ()), problems, field_of={"class": "cls"}
                )
            )
        books.state = book

    def dump_state(self, books: Books) -> dict[str, list[list[Any]]]:
        book = book_of(books)
        out = {}
        for name, (cls, attr, _) in SHEETS.items():
            names = [f.name for f in dataclasses.fields(cls) if f.name != "ref"]
            out[name] = [[getattr(r, n) for n in names] for r in getattr(book, attr)]
        return out

    def source_rows(self, books: Books) -> dict[str, list[int | None]]:
        book = book_of(books)
        return {
            name: [r.ref.row if r.ref else None for r in getattr(book, attr)]
            for name, (_, attr, _) in SHEETS.items()
        }

    def check_state(self, books: Books) -> Iterable[Problem]:
        book = book_of(books)
        names = [p.name for p in books.players]
        for p in books.players:
            if not is_pseudonym(p.name):
                yield problem(
                    "not-a-pseudonym",
                    str(p.ref or p.name),
                    f"{p.name!r} is not a three-letter pseudonym",
                    "players are named by three letters, e.g. ABC",
                )
        for o in book.orders:
            if o.result:
                continue  # evaluated already
            _, errors = parse_order(
                o.order, o.player, players=names, traders=self._traders(book, o.round)
            )
            for e in errors:
                yield problem(
                    "bad-order",
                    str(CellRef("Orders", 2, o.ref.row)) if o.ref else f"order {o.order}",
                    e,
                    "codes: a,x,v,l,f,g (phase 1); p,i,b,d,s,e (phase 2)",
                )

    @staticmethod
    def _traders(book: EgonBook, rnd: int) -> tuple[str, ...]:
        named = tuple(t.trader for t in book.traders if t.round == rnd)
        return named or tables.TRADERS

    # -- the round ---------------------------------------------------------------------------------
    def tick(self, books: Books, days: int, progress: Callable[[int], None] | None = None) -> Any:
        from ledger.core.report import Line, TickReport

        report = TickReport(books.day, books.day, currency=self.currency, unit="round")
        for n in range(days):
            for e in self.evaluate(books):
                report.lines.append(
                    Line(
                        books.day,
                        e.player or "(jackpots)",
                        "charge" if e.kj < 0 else "income" if e.kj > 0 else "event",
                        e.text,
                        e.rule,
                        abs(e.kj) if e.kj else None,
                    )
                )
            if progress:
                progress(n + 1)
        report.end = books.day
        return report

    def state(self, books: Books) -> EgonState:
        book = book_of(books)
        players = []
        for p in books.players:
            players.append(
                PlayerState(
                    p.name,
                    books.player_cash(p).amount,
                    _int(p.get("di")),
                    _int(p.get("store")),
                    _int(p.get("tower"), tables.FOUNDATION),
                    _int(p.get("guard")),
                    Status(str(p.get("status") or Status.FREE.value)),
                    int(p.get("jail_rounds") or 0),
                )
            )
        pots = {j.cls.upper(): j.amount for j in book.jackpots}
        minimum = {c: tables.JACKPOT_TABLE[c][1] for c in "ABC"}
        jackpots = Jackpots(*(pots.get(c, minimum[c]) for c in "ABC"))
        pending = tuple(
            PendingBlackmail(
                b.blackmailer,
                ActionSpec(b.action.split(",")[0], tuple(b.action.split(",")[1:])),
                b.victim or None,
                b.made_in_round,
                b.penalty_kj,
                b.penalty_stones,
            )
            for b in book.blackmails
        )
        return EgonState(books.day, tuple(players), jackpots, pending)

    def evaluate(self, books: Books) -> list[Any]:
        """Evaluate the next round; books its Kj, writes Results and the DI history."""
        book = book_of(books)
        rnd = books.day + 1
        row = next((r for r in book.rounds if r.round == rnd), None)
        if row is None:
            raise ProblemsFound(
                [
                    problem(
                        "no-draw",
                        "Rounds",
                        f"round {rnd} has no draw yet",
                        "ledger draw (or --numbers N,N,N,N,N,N --zz N --z6 N)",
                    )
                ]
            )
        names = [p.name for p in books.players]
        traders = self._traders(book, rnd)
        orders: list[Order] = []
        found: list[Problem] = []
        justified: set[tuple[str, str]] = set()
        for o in (x for x in book.orders if x.round == rnd):
            order, errors = parse_order(o.order, o.player, players=names, traders=traders)
            where = str(CellRef("Orders", 2, o.ref.row)) if o.ref else f"order {o.order}"
            found += [problem("bad-order", where, e, "") for e in errors]
            if order is None:
                continue
            if isinstance(order, Blackmail) and (o.penalty_kj or o.penalty_stones):
                order = with_penalty(order, o.penalty_kj, o.penalty_stones)
            orders.append(order)
            if o.justified_against:
                justified.add((o.player, o.justified_against.upper()))
        if found:
            raise ProblemsFound(found)
        purchases = [
            Purchase(p.player, p.stones, p.cost, p.note)
            for p in book.purchases
            if p.round == rnd and (p.stones or p.cost)
        ]
        builds = [Build(p.player, p.build) for p in book.purchases if p.round == rnd and p.build]
        numbers = tuple(int(x) for x in row.numbers.replace(" ", "").split(",") if x)
        draw = Draw(rnd, numbers, row.zz, row.z6, row.storm, row.max_price)
        state = self.state(books)
        try:
            result = evaluate_round(
                state,
                draw,
                traders,
                orders,
                purchases,
                egon_settings(books.settings),
                builds=builds,
                justified=justified,
            )
        except EgonInputError as exc:
            raise ProblemsFound(
                [
                    problem(
                        "bad-round", f"round {rnd}", p, "correct the round's rows and try again"
                    )
                    for p in exc.problems
                ]
            ) from None
        books.settings.values["day"] = rnd
        self._book(books, rnd, result)
        row.evaluated = True
        for o in book.orders:
            if o.round == rnd:
                o.result = "evaluated"
        return list(result.effects)

    def _book(self, books: Books, rnd: int, result: Any) -> None:
        book = book_of(books)
        di_now = {p.name: int(p.get("di") or 0) for p in books.players}
        for e in result.effects:
            if e.player and e.kj:
                player = books.player(e.player)
                assert player is not None
                account = self.cash_account(player)
                money = Money(round_money(abs(e.kj)), books.currency)
                src, dst = (WORLD, account) if e.kj > 0 else (account, WORLD)
                books.journal.post(
                    transfer(
                        src,
                        dst,
                        money,
                        kind="round",
                        memo=f"{e.player}: {e.text}",
                        event=f"round {rnd}",
                        rule=e.rule,
                    ),
                    rnd,
                )
            if e.player or e.kj:
                book.results.append(
                    ResultRow(
                        rnd,
                        e.player or "(jackpot)",
                        e.rule,
                        e.text,
                        e.kj,
                        e.di,
                        e.store,
                        e.tower,
                        e.status.value if e.status else "",
                        e.source,
                    )
                )
            if e.player and e.di:
                di_now[e.player] = di_now.get(e.player, 0) + e.di
                book.di_history.append(DIRow(rnd, e.player, e.di, di_now[e.player], e.rule, e.text))
        for i, p in enumerate(books.players):
            s = result.state.player(p.name)
            if books.player_cash(p).amount != s.cash:
                raise AssertionError(
                    f"{p.name}: the journal says {books.player_cash(p).amount}, the engine {s.cash}"
                )
            values = {
                "di": s.di,
                "store": s.store,
                "tower": s.tower,
                "guard": s.guard,
                "status": s.status.value,
                "jail_rounds": s.jail_rounds,
            }
            books.players[i] = Player(
                p.name, p.role, tuple((k, values.get(k, v)) for k, v in p.extra), p.ref
            )
        book.jackpots = [JackpotRow(c, result.state.jackpots.get(c)) for c in "ABC"]
        book.blackmails = [
            BlackmailRow(
                b.blackmailer,
                b.action.text(),
                b.victim or "",
                b.made_in_round,
                b.penalty_kj,
                b.penalty_stones,
            )
            for b in result.state.blackmails
        ]

    # -- statements ----------------------------------------------------------------------------------
    def statement(self, books: Books, player: Player, since: int, ahead: Any) -> Statement:
        book = book_of(books)
        facts = [
            ("DI", str(player.get("di") or 0)),
            ("cash", f"{fmt(books.player_cash(player).amount)} Kj"),
            ("stones in store", str(player.get("store") or 0)),
            ("tower", f"{player.get('tower')} stones"),
            ("status", str(player.get("status") or "frei")),
        ]
        results = Table(
            f"Round {books.day}: your results",
            ["rule", "what happened", "Kj", "DI", "stones"],
            align=["l", "l", "r", "r", "r"],
            empty="no results this round",
        )
        for r in book.results:
            if r.round == books.day and r.player == player.name:
                results.rows.append(
                    [
                        r.rule,
                        r.text,
                        fmt(r.kj) if r.kj else "",
                        f"{r.di:+d}" if r.di else "",
                        f"{r.store + r.tower:+d}" if (r.store or r.tower) else "",
                    ]
                )
        history = Table(
            "DI history",
            ["round", "change", "DI", "rule", "cause"],
            align=["r", "r", "r", "l", "l"],
            empty="no changes",
        )
        for d in book.di_history:
            if d.player == player.name:
                history.rows.append([str(d.round), f"{d.change:+d}", str(d.di), d.rule, d.cause])
        draw = next((r for r in book.rounds if r.round == books.day), None)
        warnings = (
            [
                f"the draw of round {books.day}: {draw.numbers}, ZZ {draw.zz}, Z6 {draw.z6}"
                + (", storm" if draw.storm else "")
            ]
            if draw
            else []
        )
        upcoming = Table(
            "Next round", ["", "", "", ""], empty="orders for the next round go to the game master"
        )
        return Statement(
            self.title,
            player.name,
            player.role,
            since,
            books.day,
            books.currency,
            facts,
            bank_table(books, player, since),
            journal_table(books, player, since),
            [results, history],
            warnings,
            upcoming,
            cash_chart(books, player),
        )

    def forecast(self, books: Books, days: int) -> Any:
        from ledger.core.report import TickReport

        return TickReport(
            books.day, books.day, currency=self.currency, unit="round"
        )  # a round's outcome depends on orders not yet given

    def report(self, books: Books, kind: str, since: int) -> Report:
        if kind != "game":
            raise ProblemsFound(
                [
                    problem(
                        "unknown-report",
                        "KIND",
                        f"{self.title} has the game report only",
                        "ledger report game",
                    )
                ]
            )
        table = Table(
            "Standings",
            ["", "player", "tower", "store", "cash", "DI", "status"],
            align=["r", "l", "r", "r", "r", "r", "l"],
        )
        ranked = sorted(books.players, key=lambda p: (-(int(p.get("tower") or 0)), p.name))
        for i, p in enumerate(ranked, start=1):
            table.rows.append(
                [
                    str(i),
                    p.name,
                    str(p.get("tower")),
                    str(p.get("store")),
                    fmt(books.player_cash(p).amount),
                    str(p.get("di")),
                    str(p.get("status")),
                ]
            )
        jack = Table("Jackpots", ["class", "Kj"], align=["l", "r"])
        for j in book_of(books).jackpots:
            jack.rows.append([j.cls, fmt(j.amount)])
        return Report(
            "Das Amtsblatt: the round",
            self.title,
            since,
            books.day,
            books.currency,
            [("round", str(books.day))],
            [table, jack],
        )


GAME = Egon()
