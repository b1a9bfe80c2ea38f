"""The sheets of a board played from a file: Board (the file's text, a line a row, so the
workbook stands alone), Owners (who owns each field, and a lot's level), Turns (every turn with
its dice and what it did); the players' own columns. Pure: records and rows, no files."""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from ledger.core.board_table import TURN_FIELDS, TurnRow
from ledger.core.problems import CellRef
from ledger.core.records import Held
from ledger.core.schema import Column, SheetSpec
from ledger.rules.boardfile.spec import Rules

#: Two to eight players at a table.
MIN_PLAYERS, MAX_PLAYERS = 2, 8


class BoardLine(msgspec.Struct, frozen=True):
    """A line of the board's file as it was copied in."""

    line: int
    text: str = ""
    ref: CellRef | None = None


class OwnerRow(msgspec.Struct, frozen=True):
    field: int
    name: str = ""
    owner: str = ""
    level: int = 0
    ref: CellRef | None = None


@dataclass
class State:
    lines: list[BoardLine] = field(default_factory=list)
    owners: list[OwnerRow] = field(default_factory=list)
    turns: list[TurnRow] = field(default_factory=list)
    #: The board the lines describe (None while they hold a mistake): read at every load.
    rules: Rules | None = None

    def clone(self) -> State:
        return State(list(self.lines), list(self.owners), list(self.turns), self.rules)


BOARD = SheetSpec(
    "Board",
    (
        Column("line", "int", 6, help="The line's number in the board's file."),
        Column("text", "text", 70, required=False, help="The line as the file has it (TOML)."),
    ),
    "The board's file as `ledger new --board FILE` copied it in, a line a row: the fields, the "
    "money and the house rules the game follows. Change a line to change a rule; `ledger check` "
    "names a mistake by its line.",
)

OWNERS = SheetSpec(
    "Owners",
    (
        Column("field", "int", 6, help="The field's number on the board (the start is 1)."),
        Column("name", "text", 22, required=False, help="The field's name (for reading)."),
        Column(
            "owner",
            "text",
            12,
            required=False,
            help="The player who owns it; empty: the bank.",
            choices="players",
        ),
        Column(
            "level",
            "int",
            6,
            required=False,
            help="A lot's level: its rent is the file's rents[level] (0: bare).",
        ),
    ),
    "Who owns each field that can be owned; written by ledger after every turn.",
)

TURNS = SheetSpec(
    "Turns",
    (
        Column("turn", "int", 6, help="The turn's number."),
        Column("round", "int", 6, help="The round: every player left one turn."),
        Column("player", "text", 10, help="Whose turn it was."),
        Column("dice", "text", 6, help="The two dice."),
        Column("from", "int", 6, help="The field the piece stood on."),
        Column("to", "int", 6, help="The field it landed on."),
        Column("what", "text", 50, required=False, help="What the turn did."),
        Column("rule", "text", 14, required=False, help="The file's keys that decided it."),
        Column("txn", "text", 10, required=False, help="The transactions it posted."),
    ),
    "Every turn played: its dice, the move and what it did; written by ledger.",
    written_by_tool=True,
)

SHEETS: tuple[SheetSpec, ...] = (BOARD, OWNERS, TURNS)

PLAYER_COLUMNS: tuple[Column, ...] = (
    Column("field", "int", 6, required=False, help="The field the piece stands on."),
    Column("out", "bool", 5, required=False, help="yes once the player is out of the game."),
    Column("order", "int", 6, required=False, help="Place in the turn order; 1 begins."),
    Column("in_jail", "bool", 7, required=False, help="yes while the piece sits in the jail."),
)

RECORDS = {
    "Board": Held(BoardLine, "lines"),
    "Owners": Held(OwnerRow, "owners"),
    "Turns": Held(TurnRow, "turns", TURN_FIELDS),
}
