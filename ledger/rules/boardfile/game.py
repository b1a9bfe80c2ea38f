"""A Monopoly-like board that a table describes in one TOML file: `ledger new --board FILE`
copies the file into the Board sheet, and every load reads the board from there, so the
workbook stands alone. `ledger roll` plays the current player's turn from the dice, `ledger
tick N` N rounds from the seeded dice; `ledger buy` and `ledger rent` record what a table that
moves its own pieces says happened. A journal line's rule is the file's key that set it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from ledger.core import board, board_table, board_turn
from ledger.core.books import BANK, PLAYER_ROLE, CommandHandler, Player
from ledger.core.clock import ROUNDS_CURRENT, Period
from ledger.core.game import unknown_report
from ledger.core.params import ActionSpec
from ledger.core.problems import CellRef, Problem
from ledger.core.settings import Settings
from ledger.rules.boardfile import spec, view
from ledger.rules.boardfile.books import Books
from ledger.rules.boardfile.checks import check_state
from ledger.rules.boardfile.commands import buy, rent, roll
from ledger.rules.boardfile.engine import (
    LOAN_PREFIX,
    POT,
    Play,
    loan_of,
    read_board,
    refill,
    table_of,
)
from ledger.rules.boardfile.moves import Buy, Rent, Roll
from ledger.rules.boardfile.sheets import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAYER_COLUMNS,
    RECORDS,
    SHEETS,
    BoardLine,
    OwnerRow,
    State,
)

#: The commands' help and examples (commands.csv) and what they refuse (refusals.csv).
COMMANDS = board.commands(
    __package__ or "ledger.rules.boardfile", {"roll": Roll, "buy": Buy, "rent": Rent}
)


class BoardGame(board_turn.TurnGame):
    title = "the table's own board"
    currency = "credits"
    clock = ROUNDS_CURRENT
    institutions = (BANK, POT)
    player_columns = PLAYER_COLUMNS
    sheets = SHEETS
    state_type = State
    records = RECORDS
    source_option = "--board"
    refuses = board.refuses(__package__ or "ledger.rules.boardfile")
    player_actions = ("roll",)
    turn = Play
    next_steps = "ledger roll (or ledger roll --dice 3,4), ledger tick 5, ledger status."
    no_loan_hint = "the bank lends only the shortfall of a rent, a tax or a fine"

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return Decimal(0), "start_money"  # the file's: posted by `start_from`

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        return (("field", 1), ("out", False), ("order", None), ("in_jail", False))

    def known_account(self, books: Books, account: str) -> bool:
        if account.startswith(LOAN_PREFIX):
            return books.player(account[len(LOAN_PREFIX) :]) is not None
        return super().known_account(books, account)

    def may_go_negative(self, books: Books, account: str) -> bool:
        return account == BANK or account.startswith(LOAN_PREFIX)

    def after_payment(self, books: Books, account: str, event: str) -> list[str]:
        """Money paid in repays a loan first."""
        owner = self.account_owner(books, account)
        rules = books.state.rules
        if owner is None or rules is None or rules.shortfall != spec.LOAN:
            return []
        back = board.repay(books, loan_of(owner.name), account, event)
        return [f"{owner.name} repays {back:.2f} {books.currency} of debt"] if back > 0 else []

    # -- the board from its file, and from the workbook ---------------------------------------
    def new_state(self, books: Books) -> None:
        books.state = State()
        books.settings.values["day"] = 1  # the first round; the opening is posted on day 0

    def start_from(self, books: Books, source: Any) -> list[Problem]:
        rules, problems = spec.read(source.text, lambda n: f"{source.path}:{n}")
        if rules is None:
            return problems
        state = books.state
        state.lines = [BoardLine(i, x) for i, x in enumerate(source.text.splitlines(), start=1)]
        state.rules = rules
        state.owners = [OwnerRow(s.number, s.name) for s in rules.squares if s.ownable]
        books.settings.values["day"] = 0
        for p in books.players:
            note = board.Note("opening", f"starting money of {p.name}", "start_money", "new")
            board.post(books, BANK, self.cash_account(p), rules.start_money, note)
        refill(books, "new")
        books.settings.values["day"] = 1
        return []

    def load_state(
        self,
        books: Books,
        rows: Mapping[str, Sequence[tuple[CellRef, dict[str, Any]]]],
        problems: list[Problem],
    ) -> None:
        super().load_state(books, rows, problems)
        books.state.rules = read_board(books.state)[0]

    def check_state(self, books: Books) -> Iterable[Problem]:
        return check_state(books, read_board(books.state)[1])

    def setup(self, books: Books, first: str | None) -> list[Problem]:
        """Who begins: `--first`, or drawn from the seeded dice; then the order as entered."""
        players = [p for p in books.players if p.role == PLAYER_ROLE]
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            return []  # check_state names it
        start, problems = self.first_player(books, first)
        if not problems:
            board.set_order(books, start)
        return problems

    # -- the commands ------------------------------------------------------------------------
    def commands(self) -> Mapping[str, ActionSpec]:
        return COMMANDS

    def handlers(self) -> Mapping[str, CommandHandler]:
        return {"roll": roll, "buy": buy, "rent": rent}

    def names(self, books: Books, what: str) -> list[str]:
        if what == "field" and books.state.rules is not None:
            return [s.name for s in books.state.rules.squares if s.ownable]
        return super().names(books, what)

    def table_of(self, books: Books) -> board_table.Table:
        return table_of(books)

    # -- what the table sees -------------------------------------------------------------------
    def status(self, books: Books) -> dict[str, Any]:
        return view.status(table_of(books))

    def status_text(self, books: Books) -> dict[str, Any]:
        return view.status_text(table_of(books))

    def view(self, books: Books) -> Any:
        return view.view(table_of(books))

    def statement(self, books: Books, player: Player, period: Period, ahead: Any) -> Any:
        return view.statement(table_of(books), player, period, ahead)

    def report(self, books: Books, kind: str, since: int) -> Any:
        if kind == "game":
            return view.game_report(table_of(books), since)
        raise unknown_report(f"there is no report {kind!r}", "game")


GAME = BoardGame()
