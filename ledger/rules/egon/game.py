"""Das kleine Egon-Spiel in the workbook: players with DI, stones and towers; the rounds'
draws, traders, orders and purchases as sheets; `ledger tick` evaluates a round with the pure
engine (evaluate.py) and books every Kj change in the journal. The sheets' records and
columns are in sheets.py.

Rule numbers (5.1.7, 6.4.3) are those of ../shared/rules/egon-5-*.txt and egon-6-*.txt.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from decimal import Decimal
from typing import Any

import msgspec
from msgspec.structs import replace

from ledger.core.books import CommandHandler, Player
from ledger.core.clock import ROUNDS_DONE, Period
from ledger.core.game import Game, unknown_report
from ledger.core.journal import transfer
from ledger.core.money import Money, round_money
from ledger.core.params import ActionSpec as CommandSpec  # `ActionSpec` below: an order's
from ledger.core.problems import Problem, ProblemsFound, problem
from ledger.core.records import Held
from ledger.core.report import Line, Report, Statement, Table, TickReport
from ledger.core.settings import Settings
from ledger.core.steps import set_columns
from ledger.rules.egon import commands, draw, order_commands, tables, view
from ledger.rules.egon.books import Books
from ledger.rules.egon.evaluate import evaluate_round
from ledger.rules.egon.orders import ActionSpec, Blackmail, Order, with_penalty
from ledger.rules.egon.parse import read_order
from ledger.rules.egon.refusals import COMMANDS, REFUSES
from ledger.rules.egon.said import said
from ledger.rules.egon.sheet_checks import (
    no_maxpreis,
    order_cell,
    penalty_problems,
    sheet_problems,
    tick_refusals,
)
from ledger.rules.egon.sheets import (
    PLAYER_COLUMNS,
    SHEETS,
    BlackmailRow,
    DIRow,
    EgonBook,
    JackpotRow,
    ResultRow,
    book_of,
    egon_settings,
    game_over,
    setting_specs,
    sheet_spec,
    traders_of,
)
from ledger.rules.egon.state import (
    Build,
    Draw,
    EgonInputError,
    EgonState,
    Jackpots,
    MissingMaxpreis,
    PendingBlackmail,
    PlayerState,
    Purchase,
    Status,
)

#: The field of a column whose name differs: `class` is a Python word.
FIELD_OF = {"class": "cls"}
#: The game's records: each sheet's rows held in its list of the EgonBook.
RECORDS = {name: Held(cls, attr, FIELD_OF) for name, (cls, attr, _) in SHEETS.items()}

#: The modules whose handlers declare the commands (`@COMMANDS`): importing them declares them.
_MODULES = (order_commands, draw, commands)
WORLD = (
    "world"  # everything that is not a player: traders, tourists, the lottery's bank, the police
)


# -- the game -------------------------------------------------------------------------------------


class Egon(Game):
    title = "Das kleine Egon-Spiel"
    currency = "Kj"
    clock = ROUNDS_DONE
    institutions = ("bank", WORLD)
    settings = setting_specs()
    player_columns = PLAYER_COLUMNS
    sheets = tuple(sheet_spec(n) for n in SHEETS)
    next_steps = "ledger order PLAYER 'CODE' for each order, ledger draw, then ledger tick; ledger status shows the players."
    refuses = REFUSES
    #: From a player's link (`ledger serve --actions`): this round's orders, each checked as
    #: `ledger order` checks it (the game's order form; the game is played by mail).
    player_actions = ("order",)

    def player_command(self, name: str) -> CommandSpec | None:
        """`order` as a player writes it: one order of their own, never a file of orders nor
        another order's row (`--file`, `--delete` are the game master's)."""
        spec = super().player_command(name)
        if spec is None:
            return None
        own = tuple(p for p in spec.params if p.kind != "file" and p.name != "delete")
        return replace(spec, params=own)

    def allows_debt(self, settings: Settings) -> bool:
        # section 2: debt costs 50% interest a round; past 10,000 Kj a player is out. So every
        # account may go negative (`Game.may_go_negative`).
        return True

    def out_of_game(self, books: Books, player: Player, where: str) -> Problem | None:
        """Section 2: a player past the debt limit is out of the game; no money moves to or
        from him any more (a `pay`, an Events row), as no order of the round touches him."""
        if player.get("status") != Status.OUT.value:
            return None
        return said("out-of-the-game", where, name=player.name)

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return settings.get_decimal("start_cash"), "ruling"

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        return _columns(PlayerState(player.name, Decimal(0)))  # a new player's: the defaults

    def new_state(self, books: Books) -> None:
        book = EgonBook()
        s = egon_settings(books.settings)
        for cls in ("A", "B", "C"):
            book.jackpots.append(
                JackpotRow(cls, s.jackpot_class(cls)[1])
            )  # 5.4.6: start at the Mindestinhalt
        books.state = book

    state_type = EgonBook
    records = RECORDS

    def check_state(self, books: Books) -> Iterable[Problem]:
        return sheet_problems(book_of(books), books.players, books.day)

    # -- the round ---------------------------------------------------------------------------------
    def tick(
        self, books: Books, days: int, progress: Callable[[int], None] | None = None
    ) -> TickReport:
        report = TickReport(books.day, books.day, currency=self.currency, clock=self.clock)
        last = egon_settings(books.settings).rounds
        if books.day + days > last and not game_over(books, "tick"):
            said_of = {"last": last, "days": days, "next": books.day + 1, "left": last - books.day}
            raise ProblemsFound([said("ticks-past-the-last", "DAYS", **said_of)])
        for n in range(days):
            for e in self.evaluate(books):
                line = Line(
                    books.day,
                    e.player,
                    "charge" if e.kj < 0 else "income" if e.kj > 0 else "event",
                    e.text,
                    e.rule,
                    abs(e.kj) if e.kj else None,
                )
                # the jackpots are the table's news, no player's (5.4.6)
                (report.lines if e.player else report.news).append(line)
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
                    view.whole_number(p.get("di")),
                    view.whole_number(p.get("store")),
                    view.tower(p),
                    view.whole_number(p.get("guard")),
                    Status(str(p.get("status") or Status.FREE.value)),
                    int(p.get("jail_rounds") or 0),
                )
            )
        pots = {j.cls.upper(): j.amount for j in book.jackpots}
        minimum = {c: tables.JACKPOT_TABLE[c][1] for c in "ABC"}
        jackpots = Jackpots(*(pots.get(c, minimum[c]) for c in "ABC"))
        pending = []
        names = [p.name for p in players]
        for b in book.blackmails:
            # read as the order that made it (6.6): names and action as an order has them
            made, _ = read_order(b.order(), b.blackmailer, players=names)
            if not isinstance(made, Blackmail):  # checked before (sheet_checks): the row as typed
                code, *args = b.action.split(",")
                made = Blackmail(b.blackmailer, ActionSpec(code, tuple(args)), b.victim or None)
            fields = {"action": made.action, "victim": made.target}
            pending.append(PendingBlackmail(**_fields(b, blackmailer=made.player, **fields)))
        return EgonState(books.day, tuple(players), jackpots, tuple(pending))

    def evaluate(self, books: Books) -> list[Any]:
        """Evaluate the next round; books its Kj, writes Results and the DI history."""
        book = book_of(books)
        rnd = books.day + 1
        if over := game_over(books, "tick"):
            raise ProblemsFound(over)
        row = next((r for r in book.rounds if r.round == rnd), None)
        if row is None:
            hint = "ledger draw (or --numbers N,N,N,N,N,N --zz N --z6 N)"
            raise ProblemsFound(
                [problem("no-draw", "Rounds", f"round {rnd} has no draw yet", hint)]
            )
        refused = tick_refusals(book, books.players, books.day)
        if refused:  # what check named as warnings while the round was typed
            raise ProblemsFound(refused)
        names = [p.name for p in books.players]
        traders = traders_of(book, rnd)
        orders, justified = _orders_of_round(book, names, traders, rnd)
        purchases = [
            Purchase(p.player, p.stones, p.cost, p.note)
            for p in book.purchases
            if p.round == rnd and (p.stones or p.cost)
        ]
        builds = [Build(p.player, p.build) for p in book.purchases if p.round == rnd and p.build]
        numbers = tuple(int(x) for x in row.numbers.replace(" ", "").split(",") if x)
        # 6.2.1: "der höchste Preis, der in dieser Runde von einem Händler ... verlangt wurde":
        # the traders as they are now (typed after the draw too), or the draw's --max-price
        asked = [t.price for t in book.traders if t.round == rnd]
        draw = Draw(rnd, numbers, row.zz, row.z6, row.storm, max([row.max_price, *asked]))
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
        except MissingMaxpreis as exc:
            raise ProblemsFound([no_maxpreis(row, exc)]) from None
        except EgonInputError as exc:
            hint = "correct the round's rows and try again"
            found = [problem("bad-round", f"round {rnd}", p, hint) for p in exc.problems]
            raise ProblemsFound(found) from None
        books.settings.values["day"] = rnd
        self._book(books, rnd, result)
        book.put(row, replace(row, evaluated=True, max_price=draw.max_price))  # as charged
        book.orders = [replace(o, result="evaluated") if o.round == rnd else o for o in book.orders]
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
            if e.player:
                status = e.status.value if e.status else ""
                book.results.append(ResultRow(rnd, **_fields(e, status=status)))
            if e.player and e.di:
                di_now[e.player] = di_now.get(e.player, 0) + e.di
                book.di_history.append(DIRow(rnd, e.player, e.di, di_now[e.player], e.rule, e.text))
        for p in list(books.players):
            s = result.state.player(p.name)
            if books.player_cash(p).amount != s.cash:
                raise AssertionError(
                    f"{p.name}: the journal says {books.player_cash(p).amount}, the engine {s.cash}"
                )
            set_columns(books, p.name, **dict(_columns(s)))
        book.jackpots = [JackpotRow(c, result.state.jackpots.get(c)) for c in "ABC"]
        book.blackmails = [
            BlackmailRow(**_fields(b, action=b.action.text(), victim=b.victim or ""))
            for b in result.state.blackmails
        ]

    # -- the game master's commands (declared on their handlers) and the status ----------------------
    def commands(self) -> Mapping[str, CommandSpec]:
        """In the order `ledger --help` and docs/commands.md list them."""
        return {name: COMMANDS.specs[name] for name in ("order", "draw", "purchase", "build")}

    def handlers(self) -> Mapping[str, CommandHandler]:
        return {name: COMMANDS.handlers[name] for name in self.commands()}

    def names(self, books: Books, what: str) -> list[str]:
        """For the shell's completion: an order's code by its letter (section 5-6), the
        pseudonyms and traders it names, and the pseudonym a Rechtfertigung is against."""
        players = [p.name for p in books.players]
        if what == "code":
            return [
                *(f"a,{who}" for who in (*players, *tables.TRADERS)),
                *(f"g,{trader}," for trader in tables.TRADERS),
                *("v", "l,", "f,", "p,", "i,", "b,", "x,", "d,", "s,", "e,"),
            ]
        if what == "justified_against":
            return players
        return super().names(books, what)

    def status(self, books: Books) -> dict[str, Any]:
        return view.status(books)

    def status_text(self, books: Books) -> dict[str, Any]:
        return view.status_text(books)

    # -- statements ----------------------------------------------------------------------------------
    def view(self, books: Books) -> list[Table]:  # the served pages' view of the table
        return view.view(books)

    def moves_now(self, books: Books, player: str) -> Any:  # the served pages' moves
        return view.moves(books, player)

    def statement(self, books: Books, player: Player, period: Period, ahead: Any) -> Statement:
        # read only by the commands that write statements (a command's imports are its time)
        from ledger.rules.egon.statement import statement

        return statement(books, player, period)

    def forecast(self, books: Books, days: int) -> Any:
        return TickReport(
            books.day, books.day, currency=self.currency, clock=self.clock
        )  # a round's outcome depends on orders not yet given

    def report(self, books: Books, kind: str, since: int) -> Report:
        if kind != "game":
            raise unknown_report(f"{self.title} has the game report only", "ledger report game")
        from ledger.rules.egon.statement import report  # (as `statement` above)

        return report(books, since)


GAME = Egon()


def _columns(s: PlayerState) -> tuple[tuple[str, Any], ...]:
    """A player's own columns in the Players sheet, each a field of `PlayerState` (the status
    by its word), in the sheet's order."""
    fields = ("di", "store", "tower", "guard", "status", "jail_rounds")
    return tuple((f, getattr(s, f).value if f == "status" else getattr(s, f)) for f in fields)


def _fields(record: Any, **changed: Any) -> dict[str, Any]:
    """A record's fields by name, as another record of the same fields takes them (a Results
    or Blackmails row from the engine's, the engine's from a row): `changed` in place of those
    whose form differs, and without the row's cell."""
    return {k: v for k, v in msgspec.structs.asdict(record).items() if k != "ref"} | changed


def _orders_of_round(
    book: EgonBook, names: list[str], traders: Collection[str], rnd: int
) -> tuple[list[Order], set[tuple[str, str]]]:
    """The round's orders as read, with the Rechtfertigungen typed beside them (6.6.42);
    refused if any order cannot be read or its penalty is wrong."""
    orders: list[Order] = []
    found: list[Problem] = []
    justified: set[tuple[str, str]] = set()
    for o in (x for x in book.orders if x.round == rnd):
        order, errors = read_order(o.order, o.player, players=names, traders=traders)
        found += [e.problem(order_cell(o, "player"), order_cell(o, "order")) for e in errors]
        if order is None:
            continue
        blackmail = isinstance(order, Blackmail)
        found += [p for p in penalty_problems(o, blackmail, at_tick=True) if p.is_error]
        if isinstance(order, Blackmail) and not found:
            order = with_penalty(order, o.penalty_kj, o.penalty_stones)
        orders.append(order)
        if o.justified_against:
            justified.add((o.player, o.justified_against.upper()))
    if found:
        raise ProblemsFound(found)
    return orders, justified
