"""Planetopoly, a space variant of Monopoly: the bank of the game. One purse a player, the title
deed cards in Deeds, who owns what in Holdings, the bank's loans (§9) and prison (§10).

Rule numbers (§3, §11) are those of ../shared/rules/planetopoly.txt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from ledger.core import board
from ledger.core.books import BANK, Player
from ledger.core.clock import NO_CLOCK, Period
from ledger.core.game import Game, unknown_report
from ledger.core.params import ActionSpec
from ledger.core.problems import Problem, ProblemsFound
from ledger.core.report import TickReport
from ledger.core.settings import Settings
from ledger.rules.planetopoly import bank, checks, commands, sheets, statement, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import RECORDS, Board
from ledger.rules.planetopoly.tables import SAID


class Planetopoly(Game):
    title = "Planetopoly"
    currency = "MU"
    clock = NO_CLOCK
    banks = ()
    institutions = (BANK,)
    settings = tables.SETTINGS
    player_columns = sheets.PLAYER_COLUMNS
    sheets = sheets.SHEETS
    refuses = board.refuses(__package__ or "ledger.rules.planetopoly")
    #: From a player's link (`ledger serve --actions`): rent for the plot they landed on, bail
    #: from prison, buying the plot they landed on.
    player_actions = ("rent", "bail", "buy")
    #: A buy claims the player landed on the plot (§8: only then, or remotely): the books do
    #: not know where a piece stands, so the banker takes the word (issue 36).
    witnessed_actions = ("buy",)
    next_steps = (
        "the Deeds sheet holds an EXAMPLE board: type in your copy's title deed cards; then "
        "ledger start, risk, buy, build, rent, remote-buy, sell, event, prison, bail, stay."
    )

    # -- accounts: a purse each, and the bank's loans (§9) -------------------------------------
    def known_account(self, books: Books, account: str) -> bool:
        if account.startswith(bank.LOAN_PREFIX):
            name = account[len(bank.LOAN_PREFIX) :]
            return any(p.name == name for p in books.players)
        return super().known_account(books, account)

    def may_go_negative(self, books: Books, account: str) -> bool:
        return account == BANK or account.startswith(bank.LOAN_PREFIX)

    no_loan_hint = (
        "§9: the bank lends only the shortfall of what a player must pay (a rent, the risk "
        "field, an event card); a payment by choice needs the money"
    )

    def out_of_game(self, books: Books, player: Player, where: str) -> Problem | None:
        if not bank.flag(player, "out"):
            return bank.game_over(books, where)  # §2: the winner's money moves no more
        return SAID.problem("lost", where, p=player)

    def after_payment(self, books: Books, account: str, event: str) -> list[str]:
        """§9: "If the player receives money he must use it to repay his debts." """
        player = self.account_owner(books, account)
        if player is None:
            return []
        said = bank.repay(books, player, event)
        bank.refresh_debts(books)
        return said

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return settings.get_decimal("start_money"), "§1"

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        """The game's own Players columns (sheets.csv) as a new player's: no debt, not in
        prison, no turns missed, not out."""
        blank = {"money": Decimal("0.00"), "bool": False, "int": 0}
        return tuple((c.name, blank[c.kind]) for c in sheets.PLAYER_COLUMNS)

    # -- sheets ----------------------------------------------------------------------------------
    def new_state(self, books: Books) -> None:
        books.state = sheets.Board(list(sheets.EXAMPLE_BOARD), [])

    state_type = Board
    records = RECORDS

    check_state = staticmethod(checks.check_state)

    # -- commands --------------------------------------------------------------------------------
    apply = staticmethod(commands.apply)

    def commands(self) -> Mapping[str, ActionSpec]:
        return commands.SPECS

    status = staticmethod(statement.status)
    status_text = staticmethod(statement.status_text)

    def tick(
        self, books: Books, days: int, progress: Callable[[int], None] | None = None
    ) -> TickReport:
        raise ProblemsFound([SAID.problem("no-periodic-charges", "tick")])

    # -- statements, reports, forecast --------------------------------------------------------------
    def forecast(self, books: Books, days: int) -> TickReport:
        return TickReport(books.day, books.day, currency=self.currency, clock=self.clock)

    def view(self, books: Books) -> Any:  # the served pages' view of the table
        from ledger.rules.planetopoly.view import view

        return view(books)

    def moves_now(self, books: Books, player: str) -> Any:  # the served pages' moves
        from ledger.rules.planetopoly.view import moves

        return moves(books, player)

    def statement(self, books: Books, player: Player, period: Period, ahead: Any) -> Any:
        return statement.statement(books, player, period)

    def report(self, books: Books, kind: str, since: int) -> Any:
        if kind != "game":
            raise unknown_report(f"{self.title} has the game report only", "ledger report game")
        return statement.game_report(books, since)


GAME = Planetopoly()
