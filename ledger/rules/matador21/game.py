"""The 21-field game in the workbook: the Board, Owners and Turns sheets, `ledger roll` for
one turn from the table's dice or the seeded ones, `ledger tick N` for N rounds, `ledger
status`, the statements and the game summary with the board drawn.

Rule numbers (204.1a, 705.1b) are those of ../shared/rules/matador21.da.txt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Annotated, Any

import msgspec

from ledger.core import board
from ledger.core.board_table import Turn
from ledger.core.books import PLAYER_ROLE, CommandHandler, Player
from ledger.core.clock import ROUNDS_CURRENT, Period
from ledger.core.data import refusals
from ledger.core.game import Game
from ledger.core.params import ActionSpec, Arg, Move, Refusal, command
from ledger.core.problems import CellRef, Problem, ProblemsFound, problem
from ledger.core.report import TickReport
from ledger.core.settings import Settings
from ledger.rules.matador21 import sheets as defs
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.engine import Table, summary, take_turn
from ledger.rules.matador21.sheets import (
    COLOURS,
    DEFAULT_BOARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OwnerRow,
    State,
)


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


ROLL = command(
    "roll",
    Roll,
    help="Play the current player's turn: move the dice's sum clockwise, land and apply the "
    "field (103.1, 605, 703-706).",
    example="ledger roll --dice 3,4",
    refuses=(
        Refusal(
            "the game is won: one player is left",
            "403.1",
            "test_403_1_the_last_player_wins_and_play_stops",
        ),
        Refusal(
            "--player names one whose turn it is not: another player, or one who is out",
            "102.3, 401.2c",
            "test_102_3_a_roll_for_one_whose_turn_it_is_not_or_who_is_out_is_refused",
        ),
        Refusal(
            "a field typed in Owners for a player who is out",
            "401.2b",
            "test_401_2b_a_field_typed_for_a_player_who_is_out_is_refused_by_every_command",
        ),
    ),
)

#: What `pay` and `tick` refuse in this game (docs/commands.md), as data (refusals.csv).
REFUSES = refusals(__package__ or "ledger.rules.matador21")


def state_of(books: Books) -> State:
    state = books.state
    assert isinstance(state, State), "the books hold no 21-field game"
    return state


def _cell(p: Player, column: str) -> str:
    if p.ref is None:
        return f"player {p.name}"
    index = 2 + [c.name for c in defs.PLAYER_COLUMNS].index(column)
    return str(CellRef("Players", index, p.ref.row))


def roll(
    books: Books, move: Roll, where: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """`ledger roll`: the current player's turn (103.1, 605, 703-706)."""
    table = Table(books, state_of(books))
    # the command, or the Events row it was typed in
    problems = _refuse_over(table, "roll" if event.startswith("cli:") else event)
    choice = str(books.settings.values.get("tax_choice", "smaller"))
    if move.caravan:
        choice = move.caravan.strip().casefold()
        if choice not in ("fixed", "percent"):
            problems.append(
                problem(
                    "bad-choice",
                    where["caravan"],
                    f"--caravan is fixed or percent, not {move.caravan!r}",
                    "fixed pays the Tax's amount, percent its share of the player's assets",
                )
            )
    if move.player and table.current is not None:
        who = books.player(move.player)
        if who is None or who.name != table.current.name:
            why = "out of the game (401.2c)" if who and who.get("out") is True else "102.3"
            problems.append(
                problem(
                    "not-their-turn",
                    where["player"],
                    f"it is {table.current.name}'s turn, not {move.player}'s ({why})",
                    f"leave out the player, or roll for {table.current.name} (102.3)",
                )
            )
    dice: list[int] = []
    if move.dice:
        dice, bad = _parse_dice(move.dice, where["dice"])
        problems += bad
    if problems:
        return "", problems
    turn = _play(table, dice, choice, event)
    table.save()
    return summary(turn), []


class Matador21(Game):
    title = "the 21-field game"
    currency = "penge"
    clock = ROUNDS_CURRENT
    banks = ()
    institutions = ("bank",)
    settings = defs.SETTINGS
    player_columns = defs.PLAYER_COLUMNS
    sheets = defs.SHEETS
    next_steps = "ledger roll (or ledger roll --dice 3,4), ledger tick 10, ledger status."
    refuses = MappingProxyType(REFUSES)
    #: From a player's link (`ledger serve --actions`): their own turn (refused on another's).
    player_actions = ("roll",)

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return settings.get_decimal("start_money"), "301.2"

    def out_of_game(self, books: Books, player: Player, where: str) -> Problem | None:
        """401.2c: one who is out takes no more part; 403.1: once the game is won, nobody
        does (a payment after the end would change the standings it ended with)."""
        if player.get("out") is True:
            return problem(
                "player-out",
                where,
                f"401.2c: {player.name} is out of the game and takes no more part",
                "",
            )
        players = [p for p in books.players if p.role == PLAYER_ROLE]
        left = [p.name for p in players if p.get("out") is not True]
        if len(players) >= MIN_PLAYERS and len(left) == 1:
            return game_over(left[0], where)
        return None

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        # 301.3: every piece on the first field; colour and order come in `setup`
        return (("colour", None), ("field", 1), ("out", False), ("order", None))

    # -- the records ---------------------------------------------------------------------
    def new_state(self, books: Books) -> None:
        board = list(DEFAULT_BOARD)
        owners = [OwnerRow(f.field, f.name) for f in board if f.ownable]
        books.state = State(board=board, owners=owners)
        books.settings.values["day"] = 1  # the first round; the opening is posted on day 0
        _set_order(books, 0)

    state_type = defs.State
    records = defs.RECORDS

    def check_state(self, books: Books) -> Iterable[Problem]:
        from ledger.rules.matador21.checks import check_state

        return check_state(books)

    # -- the start: colours and the first player (301.1, 301.4) -------------------------
    def setup(self, books: Books, first: str | None) -> list[Problem]:
        players = [p for p in books.players if p.role == PLAYER_ROLE]
        if first is not None:
            chosen = books.player(first)
            if chosen is None:
                return [
                    problem(
                        "unknown-player",
                        "--first",
                        f"{first!r} is not one of the players",
                        "players: " + ", ".join(p.name for p in players),
                    )
                ]
            start = players.index(chosen)
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
            roll = books.roll(len(players), "the first player (301.4)")
            start = roll.result - 1
            books.decide(roll, f"{players[start].name} begins")
        books.players = [
            msgspec.structs.replace(
                p,
                extra=tuple((k, colours.get(p.name) if k == "colour" else v) for k, v in p.extra),
            )
            for p in books.players
        ]
        _set_order(books, start)
        return []

    # -- the commands ----------------------------------------------------------------------
    def commands(self) -> Mapping[str, ActionSpec]:
        return {"roll": ROLL}

    def handlers(self) -> Mapping[str, CommandHandler]:
        return {"roll": roll}

    # -- rounds ----------------------------------------------------------------------------
    def tick(
        self, books: Books, days: int, progress: Callable[[int], None] | None = None
    ) -> TickReport:
        """`ledger tick N`: N rounds from the seeded dice, every remaining player one turn in
        order (102.3); it stops when the game is won (403.1)."""
        table = Table(books, state_of(books))
        problems = _refuse_over(table, "tick")
        if problems:
            raise ProblemsFound(problems)
        start = table.round - 1
        report = TickReport(start, start, currency=self.currency, clock=self.clock, in_order=True)
        choice = str(books.settings.values.get("tax_choice", "smaller"))
        play = lambda event: _play(table, [], choice, event)  # noqa: E731
        return board.tick_rounds(table, days, play, report, progress)  # 102.3, 403.1

    def forecast(self, books: Books, days: int) -> TickReport:
        """Nothing falls due in this game: every turn is decided by its dice."""
        now = books.day - 1
        return TickReport(now, now, currency=self.currency, clock=self.clock)

    def status(self, books: Books) -> dict[str, Any]:
        table = Table(books, state_of(books))
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
        table = Table(books, state_of(books))
        facts: dict[str, Any] = {"round": table.round}
        if table.winner is not None:
            facts["winner"] = f"{table.winner} (403.1)"
        else:
            facts["whose turn"] = table.current.name if table.current else "nobody"
        players = {}
        for s in sorted(table.seats, key=lambda s: _entered(books, s.name)):
            where = table.board[s.field - 1] if 1 <= s.field <= table.n else None
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
        from ledger.rules.matador21.view import view

        return view(books)

    def moves_now(self, books: Books, player: str) -> Any:  # the served pages' moves
        from ledger.rules.matador21.view import moves

        return moves(books, player)

    def statement(self, books: Books, player: Player, period: Period, ahead: Any) -> Any:
        from ledger.rules.matador21.statement import statement

        return statement(books, player, period)

    def report(self, books: Books, kind: str, since: int) -> Any:
        from ledger.rules.matador21.statement import game_report

        if kind == "game":
            return game_report(books, since)
        raise ProblemsFound(
            [problem("unknown-report", "KIND", f"there is no report {kind!r} here", "game")]
        )


def _entered(books: Books, name: str) -> int:
    return next(i for i, p in enumerate(books.players) if p.name == name)


def _set_order(books: Books, start: int) -> None:
    """102.3: the order as the players were entered, starting from player `start`."""
    board.set_order(books, start)


def _refuse_over(table: Table, where: str) -> list[Problem]:
    if table.winner is not None:
        return [game_over(table.winner, where)]
    if table.current is None:
        return [problem("no-players-left", where, "no player is left in the game", "")]
    return []


def game_over(winner: str, where: str) -> Problem:
    """403.1: once the last player left has won, nothing more is played or paid."""
    return problem(
        "game-over",
        where,
        f"the game is over: {winner} won (403.1)",
        "ledger report game shows the standings; ledger undo takes back the last change",
    )


def _parse_dice(text: str, where: str) -> tuple[list[int], list[Problem]]:
    return board.parse_dice(text, where, "103.1")


def _play(table: Table, dice: list[int], choice: str, event: str) -> Turn:
    """Roll (or take the entered dice), record them in the Dice sheet, play the turn."""
    books = table.books
    seat = table.current
    assert seat is not None
    d1, d2 = board.two_dice(books, len(table.state.turns) + 1, seat.name, dice)
    turn = take_turn(table, d1, d2, choice, event)
    board.decide(books, 2, f"{seat.name} moves {turn.row.frm} -> {turn.row.to} {turn.row.what}")
    return turn


GAME = Matador21()
