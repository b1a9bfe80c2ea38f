"""The 21-field game in the workbook: the Board, Owners and Turns sheets, `ledger roll` for
one turn from the table's dice or the seeded ones, `ledger tick N` for N rounds, `ledger
status`, the statements and the game summary with the board drawn.

Rule numbers (204.1a, 705.1b) are those of ../shared/rules/matador21.da.txt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Annotated, Any

from ledger.core import board, board_turn
from ledger.core.books import PLAYER_ROLE, CommandHandler, Player
from ledger.core.clock import ROUNDS_CURRENT, Period
from ledger.core.game import unknown_report
from ledger.core.params import ActionSpec, Arg, Move
from ledger.core.problems import Problem
from ledger.core.report import Pick
from ledger.core.settings import Settings
from ledger.core.steps import set_columns
from ledger.rules.matador21 import checks, statement, view
from ledger.rules.matador21 import sheets as defs
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.sheets import (
    COLOURS,
    DEFAULT_BOARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES,
    SAID,
    OwnerRow,
    State,
    state_of,
)
from ledger.rules.matador21.turn import Play, Table


class Roll(Move):
    dice: Annotated[
        str | None,
        Arg(
            "--dice",
            help="The two dice thrown at the table, e.g. 3,4 (default: drawn from the seed).",
        ),
    ] = None
    caravan: Annotated[
        str | None,
        Arg(
            "--caravan",
            help="On a Tax with a percentage (the Caravan): fixed or percent "
            "(default: the Settings' tax_choice, the smaller).",
        ),
    ] = None
    player: Annotated[
        str | None,
        Arg(
            "--player",
            help="Whose turn it is, to be sure (refused when it is another's).",
            column="player",
        ),
    ] = None


#: How a Tax with a percentage (the Caravan) is paid, as a player's page offers it (706.1).
CARAVAN = (("fixed", "fixed: the Tax's amount"), ("percent", "percent: its share of what you own"))

#: `roll`'s help and example (commands.csv) and what it refuses (refusals.csv), as data.
COMMANDS = board.commands(__package__ or "ledger.rules.matador21", {"roll": Roll})


def roll(
    books: Books, move: Roll, where: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """`ledger roll`: the current player's turn (103.1, 605, 703-706); a Tax with a percentage
    paid as --caravan says, else as the Settings' tax_choice (706.1)."""
    choice = str(books.settings.values.get("tax_choice", "smaller"))
    if move.caravan:
        choice = move.caravan.strip().casefold()

    def caravan() -> list[Problem]:
        if not move.caravan or choice in ("fixed", "percent"):
            return []
        return [SAID.problem("bad-caravan", where["caravan"], given=move.caravan)]

    return GAME.roll(books, move, where, event, caravan, choice=choice)


class Matador21(board_turn.TurnGame):
    title = "the 21-field game"
    currency = "penge"
    clock = ROUNDS_CURRENT
    banks = ()
    institutions = ("bank",)
    settings = defs.SETTINGS
    player_columns = defs.PLAYER_COLUMNS
    sheets = defs.SHEETS
    next_steps = "ledger roll (or ledger roll --dice 3,4), ledger tick 10, ledger status."
    refuses = board.refuses(__package__ or "ledger.rules.matador21")
    #: From a player's link (`ledger serve --actions`): their own turn (refused on another's).
    player_actions = ("roll",)
    turn_rules = RULES
    turn = Play
    dice_rule = "103.1"  # two dice, thrown by the player whose turn it is
    says_rules = True
    #: From a player's page, the Caravan's choice is picked, not typed (706.1).
    roll_picks = MappingProxyType({"caravan": Pick(CARAVAN)})

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return settings.get_decimal("start_money"), "301.2"

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        # 301.3: every piece on the first field; colour and order come in `setup`
        return (("colour", None), ("field", 1), ("out", False), ("order", None))

    # -- the records ---------------------------------------------------------------------
    def new_state(self, books: Books) -> None:
        fields = list(DEFAULT_BOARD)
        owners = [OwnerRow(f.field, f.name) for f in fields if f.ownable]
        books.state = State(board=fields, owners=owners)
        books.settings.values["day"] = 1  # the first round; the opening is posted on day 0
        board.set_order(books, 0)  # 102.3: the order as the players were entered

    state_type = defs.State
    records = defs.RECORDS

    def check_state(self, books: Books) -> Iterable[Problem]:
        return checks.check_state(books)

    # -- the start: colours and the first player (301.1, 301.4) -------------------------
    def setup(self, books: Books, first: str | None) -> list[Problem]:
        players = [p for p in books.players if p.role == PLAYER_ROLE]
        start, problems = self.first_player(books, first) if first is not None else (0, [])
        if problems:
            return problems
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            return []  # check_state names it
        free = list(COLOURS)
        colours: dict[str, str] = {}
        for p in players:  # 301.1: a colour for each player at random
            if len(free) == 1:
                colours[p.name] = free.pop()
                continue
            roll = books.roll(len(free), f"colour of {p.name} (301.1)")
            colours[p.name] = free.pop(roll.result - 1)
            books.decide(roll, f"{p.name} is {colours[p.name]}")
        if first is None:  # 301.4: a player chosen at random begins
            start, _ = self.first_player(books, None)
        for name, colour in colours.items():
            set_columns(books, name, colour=colour)
        board.set_order(books, start)  # 102.3: from the first player, as they were entered
        return []

    # -- the commands ----------------------------------------------------------------------
    def commands(self) -> Mapping[str, ActionSpec]:
        return COMMANDS

    def handlers(self) -> Mapping[str, CommandHandler]:
        return {"roll": roll}

    # -- rounds (`tick`, `forecast`: board_table.TurnGame) ---------------------------------
    def table_of(self, books: Books) -> Table:
        return Table(books, state_of(books))

    def status(self, books: Books) -> dict[str, Any]:
        table = self.table_of(books)
        return {
            "turn": table.current.name if table.current else None,
            "round": table.round,
            "winner": table.winner,
            "players": {
                s.name: {
                    "cash": f"{table.cash_of(s.name):.2f}",
                    "field": s.field,
                    "owns": sorted(f.field for f in table.owned(s.name)),
                    "out": s.out,
                    "colour": s.colour,
                }
                for s in sorted(table.seats, key=lambda s: _entered(books, s.name))
            },
        }

    def status_text(self, books: Books) -> dict[str, Any]:
        """`ledger status` as people read it: fields by number and name, amounts with
        thousands separators (as `ledger balance`); `status` keeps the numbers for --json."""
        table = self.table_of(books)
        facts: dict[str, Any] = {"round": table.round}
        if table.winner is not None:
            facts["winner"] = f"{table.winner} (403.1)"
        else:
            facts["whose turn"] = table.current.name if table.current else "nobody"
        players = {}
        for s in sorted(table.seats, key=lambda s: _entered(books, s.name)):
            where = table.squares[s.field - 1] if 1 <= s.field <= table.n else None
            players[s.name] = {
                "colour": s.colour,
                f"cash ({self.currency})": f"{table.cash_of(s.name):,.2f}",
                "on field": "off the board (401.2a)"
                if s.out
                else (f"{s.field} {where.name}" if where else str(s.field)),
                "owns": "\n".join(f"{f.field} {f.name}" for f in table.owned(s.name)),
                "in the game": "no, out (401.2)" if s.out else "yes",
            }
        return {**facts, "players": players}

    # -- statements and the summary --------------------------------------------------------
    def view(self, books: Books) -> Any:  # the served pages' view of the table
        return view.view(books)

    def statement(self, books: Books, player: Player, period: Period, ahead: Any) -> Any:
        return statement.statement(books, player, period)

    def report(self, books: Books, kind: str, since: int) -> Any:
        if kind == "game":
            return statement.game_report(books, since)
        raise unknown_report(f"there is no report {kind!r} here", "game")


def _entered(books: Books, name: str) -> int:
    return next(i for i, p in enumerate(books.players) if p.name == name)


GAME = Matador21()
