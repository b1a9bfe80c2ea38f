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
from ledger.core.sheets import read_sheets
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


#: The sheets and the players' own columns, as sheets.csv declares them.
_SPECS = read_sheets(__package__ or "ledger.rules.boardfile")
BOARD, OWNERS, TURNS = _SPECS["Board"], _SPECS["Owners"], _SPECS["Turns"]
SHEETS: tuple[SheetSpec, ...] = (BOARD, OWNERS, TURNS)
PLAYER_COLUMNS: tuple[Column, ...] = _SPECS["Players"].columns

RECORDS = {
    "Board": Held(BoardLine, "lines"),
    "Owners": Held(OwnerRow, "owners"),
    "Turns": Held(TurnRow, "turns", TURN_FIELDS),
}
