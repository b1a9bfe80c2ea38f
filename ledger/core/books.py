"""The books of one game as plain records: settings, players, journal, events, dice.

Loaded by ledger/io from the workbook, changed by the actions, saved by ledger/io. Every record
carries `ref`, the cell it came from, so problems can name `Sheet!Cell`.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any, Generic, Self, TypeVar

import msgspec
from msgspec.structs import replace

from ledger.core.clock import DAYS, Clock, Period
from ledger.core.closing import CARRIED
from ledger.core.dice import DiceRoll, draw
from ledger.core.journal import Draft, Journal, transfer
from ledger.core.money import Money
from ledger.core.names import name_key, normalize
from ledger.core.params import ActionSpec, Refusal, decode

# the players and Events rows, also named from here as before
from ledger.core.people import PLAYER_ROLE as PLAYER_ROLE
from ledger.core.people import Event as Event
from ledger.core.people import Player as Player
from ledger.core.problems import CellRef, Problem, ProblemsFound, problem
from ledger.core.records import Held, dump_held, held_rows, load_held
from ledger.core.report import Moves, Report, Statement, Table, TickReport
from ledger.core.schema import Column, Role, Setting, SheetSpec
from ledger.core.settings import CORE_SETTINGS, KEPT_SETTINGS, Settings

#: A game command's handler: (books, move, where, event) -> (summary, problems), `move` the
#: command's typed record (a `ledger.core.params.Move`, decoded by its spec).
CommandHandler = Callable[["Books", Any, Mapping[str, str], str], tuple[str, list[Problem]]]


#: The state a game keeps of its own records (`Game.state_type`).
S = TypeVar("S")


@dataclass
class BooksOf(Generic[S]):
    """The books of one game: its players, settings, journal, events and dice, and the game's
    own records (`state`), typed by the game (`BooksOf[State]`); `Books` where the game is not
    known."""

    game: Game
    settings: Settings
    players: list[Player]
    journal: Journal
    events: list[Event] = field(default_factory=list)
    dice: list[DiceRoll] = field(default_factory=list)
    #: The Balances sheet as it was read, to notice hand edits (it is rewritten on save).
    balances_as_read: Mapping[str, tuple[Decimal, CellRef]] = field(default_factory=dict)
    #: The game's own records, loaded and saved by the game's rules (None until they are).
    state: S = None  # type: ignore[assignment]
    #: The Journal sheet's row of each posting, by transaction id (for problems' `Sheet!Cell`).
    journal_rows: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    def posting_cell(self, txn_id: int, posting: int, column: int) -> str:
        rows = self.journal_rows.get(txn_id)
        if rows is None or posting >= len(rows):
            return f"Journal txn {txn_id}"
        return str(CellRef("Journal", column, rows[posting]))

    @property
    def currency(self) -> str:
        return self.journal.currency

    @property
    def day(self) -> int:
        return self.settings.get_int("day")

    @property
    def seed(self) -> int:
        return self.settings.get_int("seed")

    def money(self, amount: Decimal | str | int) -> Money:
        return Money.of(amount, self.currency)

    def player(self, name: str) -> Player | None:
        """Find a player by name: exact first, then ignoring case (both as Unicode NFC, so
        `Ánn` matches however its accent was typed)."""
        name = normalize(name)
        for p in self.players:
            if normalize(p.name) == name:
                return p
        folded = name_key(name)
        matches = [p for p in self.players if name_key(p.name) == folded]
        return matches[0] if len(matches) == 1 else None

    def holder(self, role: str) -> Player | None:
        """The player who holds a game's special role (the first, if the sheet has more)."""
        return next((p for p in self.players if p.role == role), None)

    def roll(self, sides: int, purpose: str, entered: int | None = None) -> DiceRoll:
        """Record a die: the banker's `entered` value, or the next drawn from the seed."""
        n = len(self.dice) + 1
        if entered is None:
            result, source = draw(self.seed, n, sides), "drawn"
        else:
            result, source = entered, "entered"
        roll = DiceRoll(
            n=n, day=self.day, sides=sides, result=result, source=source, purpose=purpose
        )
        self.dice.append(roll)
        return roll

    def decide(self, roll: DiceRoll, decided: str) -> DiceRoll:
        """Record what a roll decided."""
        done = replace(roll, decided=decided)
        self.dice[roll.n - 1] = done
        return done

    def player_accounts(self, player: Player) -> list[str]:
        return self.game.player_accounts(self, player)

    def player_cash(self, player: Player) -> Money:
        total = Money.zero(self.currency)
        for account in self.player_accounts(player):
            total = total + self.journal.balance(account)
        return total

    def fork(self) -> Self:
        """A copy to try things on (a forecast): the journal forked, everything else copied."""
        import copy

        twin = copy.copy(self)
        twin.journal = self.journal.fork()
        twin.settings = Settings(dict(self.settings.values), dict(self.settings.refs))
        twin.players = list(self.players)
        twin.events = list(self.events)
        twin.dice = list(self.dice)
        clone = getattr(self.state, "clone", None)
        twin.state = clone() if callable(clone) else copy.deepcopy(self.state)
        return twin

    def statements_period(self, since: int) -> Period:
        """What the next statements cover: the transactions after those the last tick's
        statements showed; while no tick has written any (a new game, a workbook of an older
        ledger), those from day `since` on."""
        after, day = (
            self.settings.values.get("statements_txn"),
            self.settings.values.get("statements_day"),
        )
        if not isinstance(after, int) or after <= 0 or not isinstance(day, int):
            return Period(since=since)
        return Period(since=max(day, 0), after=after, opened=day)

    def close_statements(self) -> None:
        """The statements are made now: the next begin after the last transaction."""
        self.settings.values["statements_txn"] = self.journal.next_id - 1
        self.settings.values["statements_day"] = self.day

    def moment(self) -> str:
        """Where the books stand, in the game's words: `day 30`, `after round 1`."""
        return self.game.clock.now(self.day, len(self.journal))

    def pending_events(self) -> Iterable[Event]:
        return (e for e in self.events if e.pending)


# -- the game: the one small interface a game plugs in through --------------------------------
# (here, beside the books: each names the other)

#: The books where the game is not known (ledger's own code): the state as any game's.
Books = BooksOf[Any]

BANK = "bank"
#: What the game's checks are, said as one.
GAME_RULE = "the game's own sheets: references resolve, values are possible"


class Rule(msgspec.Struct, frozen=True):
    """A check `ledger check` runs (`--rule CODE` runs it alone): what it is, and the check."""

    code: str
    name: str
    check: Callable[[Books], Iterable[Problem]]


class Game(ABC):
    key: str = ""
    title: str = ""
    currency: str = ""
    #: False while the game's rules are not built: `ledger new` refuses it.
    built: bool = True
    #: What the `day` setting counts, and the words for it (days, rounds; none in a game
    #: where nothing falls due with time).
    clock: Clock = DAYS
    #: Where players keep money; empty when the game has one purse per player.
    banks: tuple[str, ...] = ()
    home_bank: str | None = None
    #: Accounts that are not players'. `bank` is where new money comes from and may go negative.
    institutions: tuple[str, ...] = (BANK,)
    settings: tuple[Setting, ...] = ()
    player_columns: tuple[Column, ...] = ()
    sheets: tuple[SheetSpec, ...] = ()
    #: The special players the game has besides the ordinary ones (see `Role`).
    roles: tuple[Role, ...] = ()
    #: Commands grouped under one word (`liner-open` as `ledger liner open`): word -> help.
    command_groups: Mapping[str, str] = MappingProxyType({})
    #: What the commands every game has (`pay`, `tick`) refuse in this game, by command (its
    #: own commands say it in their specs: `ActionSpec.refuses`).
    refuses: Mapping[str, tuple[Refusal, ...]] = MappingProxyType({})
    #: What `ledger new` suggests next.
    next_steps: str = (
        "ledger balance, ledger pay FROM TO AMOUNT, or open the workbook and type rows in Events."
    )

    # -- accounts -----------------------------------------------------------------------
    def role(self, key: str) -> Role | None:
        return next((r for r in self.roles if r.key == key), None)

    def cash_account(self, player: Player, bank: str | None = None) -> str:
        role = self.role(player.role)
        if role is not None and role.account:
            return role.account
        if not self.banks:
            return f"cash:{player.name}"
        return f"cash:{player.name}:{bank or self.home_bank}"

    def player_banks(self, books: Books, player: Player) -> dict[str, str]:
        """The banks `player` may pay from and be paid at (`--from-bank`, `--to-bank`): the
        name as typed, casefolded, -> the bank of the account. The game's banks; a game may
        add a player's own (a branch bank)."""
        return {b.casefold(): b for b in self.banks}

    def player_accounts(self, books: Books, player: Player) -> list[str]:
        """Every cash account of the player: the home bank and each bank used since."""
        home = self.cash_account(player)
        role = self.role(player.role)
        if (role is not None and role.account) or not self.banks:
            return [home]
        prefix = f"cash:{player.name}:"
        seen = [a for a in books.journal.accounts() if a.startswith(prefix)]
        return sorted({home, *seen})

    def account_owner(self, books: Books, account: str) -> Player | None:
        for role in self.roles:
            if role.account and account == role.account:
                return books.holder(role.key)
        if account.startswith("cash:"):
            name = account.split(":")[1]
            return next((p for p in books.players if p.name == name), None)
        return None

    def known_account(self, books: Books, account: str) -> bool:
        if account in self.institutions or account == CARRIED:
            return True
        parts = account.split(":")  # cash:NAME, or cash:NAME:BANK in a game of banks
        if parts[0] != "cash" or len(parts) != (3 if self.banks else 2):
            return False
        in_a_bank = not self.banks or parts[2] in self.banks
        return in_a_bank and bool(self.account_owner(books, account))

    def may_go_negative(self, books: Books, account: str) -> bool:
        return account == BANK or self.allows_debt(books.settings)

    #: What a payment refused for want of money suggests (`ledger pay`): the game's own rule.
    no_loan_hint: str = "pay less, or have the money paid in first"

    def out_of_game(self, books: Books, player: Player, where: str) -> Problem | None:
        """Why `player` may no longer pay or be paid (a player who is out), or None."""
        return None

    def after_payment(self, books: Books, account: str, event: str) -> list[str]:
        """What the game's rules post when `account` has been paid by `ledger pay` or a pay
        row of Events (in a game of loans: a player in debt repays it first), said in a few words
        each; nothing by default."""
        return []

    # -- rules --------------------------------------------------------------------------
    def allows_debt(self, settings: Settings) -> bool:
        return bool(settings.values.get("allow_debt", False))

    def all_settings(self) -> tuple[Setting, ...]:
        return CORE_SETTINGS + self.settings + KEPT_SETTINGS

    def opening(self, players: Sequence[Player], settings: Settings) -> list[Draft]:
        """The starting money as opening transactions, one per player, from the `bank`."""
        drafts = []
        for player in players:
            amount, rule = self.start_money(settings, player)
            if amount:
                drafts.append(
                    transfer(
                        BANK,
                        self.cash_account(player),
                        Money(amount, self.currency),
                        kind="opening",
                        memo=f"starting money of {player.name}",
                        event="new",
                        rule=rule,
                    )
                )
        return drafts

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        """The values of the game's own Players columns for a new player."""
        return ()

    # -- the game's own sheets and records ------------------------------------------------
    #: The game's state: a class whose instance holds a list for each of `records` (None: the
    #: game keeps no records of its own).
    state_type: Callable[[], Any] | None = None
    #: The game's records: sheet name -> how its rows are held on the state (`Held`). Loading,
    #: saving and keeping each row beside the banker's own columns follow from it.
    records: Mapping[str, Held] = MappingProxyType({})

    def load_state(
        self,
        books: Books,
        rows: Mapping[str, Sequence[tuple[CellRef, dict[str, Any]]]],
        problems: list[Problem],
    ) -> None:
        """Build the game's records from its sheets' rows (as read by ledger/io)."""
        made = self.state_type() if self.state_type is not None else None
        books.state = load_held(made, self.records, self.sheets, rows, problems)

    def new_state(self, books: Books) -> None:
        """The game's records for a new workbook."""
        books.state = None if self.state_type is None else self.state_type()

    def dump_state(self, books: Books) -> dict[str, list[list[Any]]]:
        """The rows of the game's own sheets, in their columns' order."""
        written = functools.partial(self.written, books)
        return dump_held(books.state, self.records, self.sheets, written)

    def written(self, books: Books, sheet: str, records: list[Any]) -> Iterable[Any]:
        """The records of a sheet as they are written (a game may leave some out, or sort
        them; such a sheet's `Held` keeps no rows)."""
        return records

    def source_rows(self, books: Books) -> dict[str, list[int | None]]:
        """For each game sheet, the sheet row each record came from (None for new ones)."""
        return held_rows(books.state, self.records)

    def check_state(self, books: Books) -> Iterable[Problem]:
        """Problems in the game's records: references, impossible values (every one of its
        `check_rules`, in order)."""
        if type(self).check_rules is Game.check_rules:
            return ()  # the default rule is this very method
        return [p for rule in self.check_rules() for p in rule.check(books)]

    def check_rules(self) -> tuple[Rule, ...]:
        """The game's own checks, each a `Rule` that `ledger check --rule CODE` reaches (by
        default one, `game`: the whole of `check_state`)."""
        return (Rule("game", GAME_RULE, self.check_state),)

    def event_types(self) -> dict[str, Callable[..., Any]]:
        """Event types of the game (besides `pay`): name -> handler(books, event, where)."""
        return {}

    def commands(self) -> Mapping[str, ActionSpec]:
        """The game's own commands, `ledger NAME ...`, each described once by its spec (its
        arguments and options, help and example) and carried out by `apply`. Another game may
        have a command of the same name: the workbook's game decides which one runs."""
        return {}

    def names(self, books: Books, what: str) -> list[str]:
        """What a command's parameter `what` may name, for the shell's completion: the
        players (for `player`, `to`, ...); a game adds its own (ships, items, places)."""
        if what in ("player", "to", "payer", "payee", "lander", "buyer", "seller"):
            return [p.name for p in books.players]
        return []

    def status(self, books: Books) -> dict[str, Any]:
        """What `ledger status --json` prints: the game's own view of where things stand."""
        raise ProblemsFound(
            [problem("status-not-built", "status", f"{self.title} has no status view", "")]
        )

    def status_text(self, books: Books) -> dict[str, Any]:
        """What `ledger status` prints (without --json), in the same shape as `status`: a game
        may say there what a number is and write amounts as people read them."""
        return self.status(books)

    #: The `ledger new` option naming the file a game's rules come from (`--board FILE`), read
    #: by `start_from`; empty for a game whose rules are its folder.
    source_option: str = ""

    def start_from(self, books: Books, source: Any) -> list[Problem]:
        """A new game's rules from the table's own file (a `TextFile`), kept in the books'
        sheets so the workbook stands alone: every mistake in the file, in one pass."""
        return [problem("no-source", "FILE", f"{self.title} is not played from a file", "")]

    def setup(self, books: Books, first: str | None) -> list[Problem]:
        """A new workbook's game-specific start, after the players and their opening money:
        `first` is `ledger new --first NAME` (the player who begins), where the game has turns."""
        if first is not None:
            return [problem("no-turns", "--first", f"{self.title} has no turn order", "")]
        return []

    def handlers(self) -> Mapping[str, CommandHandler]:
        """How each of `commands()` is carried out: name -> handler(books, move, where, event)
        giving (summary, problems), `move` the command's typed record, decoded by its spec. With
        these the default `apply` serves every command, and each command is an Events row
        type too (see `ledger.core.actions.event_handlers`)."""
        return {}

    def apply(
        self,
        books: Books,
        action: str,
        given: Mapping[str, Any],
        where: Mapping[str, str],
        event: str,
    ) -> tuple[str, list[Problem]]:
        """Apply one of the game's banker commands (`buy`, `hire`, ...) to the books: its
        parameters checked by its spec, then its handler."""
        spec, handler = self.commands().get(action), self.handlers().get(action)
        if spec is None or handler is None:
            return "", [
                problem("not-in-this-game", action, f"{self.title} has no command {action}", "")
            ]
        cells = {p.name: where.get(p.name, p.cli) for p in spec.params}
        move, problems = decode(spec, given, cells)
        if problems:
            return "", problems
        return handler(books, move, cells, event)

    #: What a player may do from their own link (`ledger serve --actions`) besides paying:
    #: names of the game's commands, each run as that player (its `player` is theirs) and
    #: checked as the typed command is. Nothing else: no tick, no undo, no setting.
    player_actions: tuple[str, ...] = ()
    #: The player actions that claim what only the table saw (where a piece landed): they
    #: wait for the banker even when actions apply at once (the setting `actions_wait`).
    witnessed_actions: tuple[str, ...] = ()

    def player_command(self, name: str) -> ActionSpec | None:
        """The spec of the player action `name` (None: not one of `player_actions`)."""
        return self.commands().get(name) if name in self.player_actions else None

    def moves_now(self, books: Books, player: str) -> Moves | None:
        """The player actions that apply to `player` now, each with its fields' pick-lists
        (the served pages); None: every one, nothing to pick from."""
        return None

    def player_apply(
        self, books: Books, name: str, given: Mapping[str, Any], event: str
    ) -> tuple[str, list[Problem]]:
        """Carry out a player action as its typed command (`apply`, the CLI's names)."""
        spec = self.player_command(name)
        where = {p.name: p.cli for p in spec.params} if spec is not None else {}
        return self.apply(books, name, given, where, event)

    def tick(
        self, books: Books, days: int, progress: Callable[[int], None] | None = None
    ) -> TickReport:
        """Advance the game by `days` days (or rounds), applying the rules' periodic charges."""
        raise ProblemsFound(
            [problem("tick-not-built", "tick", f"{self.title} has no tick yet", "")]
        )

    # -- statements, reports, forecast --------------------------------------------------------
    def forecast(self, books: Books, days: int) -> TickReport:
        """What the next `days` bring, computed by the tick's own code without changing
        anything (a game without a tick: nothing falls due)."""
        if type(self).tick is Game.tick:
            return TickReport(books.day, books.day, currency=books.currency, clock=self.clock)
        return self.tick(books.fork(), days)

    def statement(
        self, books: Books, player: Player, period: Period, ahead: TickReport
    ) -> Statement:
        """A player's statement as plain data (ledger.core.report.Statement): a game without
        its own gets the plain one (`statement_parts.plain_statement`, through the app)."""
        raise ProblemsFound(
            [problem("statement-not-built", "statement", f"{self.title} has no statements yet", "")]
        )

    def view(self, books: Books) -> list[Table]:
        """The game's own view of the table, as plain data (titles, headers, rows; no HTML):
        who owns what, where the pieces stand, what the next round evaluates. The served
        pages show it to every player, so it holds what the whole table may see, never what
        only one player's statement says. Default: nothing."""
        return []

    def report(self, books: Books, kind: str, since: int) -> Report:
        """A report (`game`, or one of the game's own kinds) as plain data
        (ledger.core.report.Report)."""
        raise ProblemsFound(
            [problem("report-not-built", kind, f"{self.title} has no {kind} report", "")]
        )

    @abstractmethod
    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        """What this player starts with, and the rule that says so."""
