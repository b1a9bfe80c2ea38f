"""The 21-field game's sheets: the Board (the fields as data the banker can change), the
Owners (field -> owner) and the Turns (every turn with its dice and what it decided); the
players' own columns and the house-rule settings. Pure: records and rows, no files.

Rule numbers (301.2, 705.1b) are those of ../shared/rules/matador21.da.txt; the default board
is the ruling of ../shared/rules/README.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import msgspec

from ledger.core import data
from ledger.core.board_table import TURN_FIELDS, TurnRow, TurnRules
from ledger.core.books import BooksOf
from ledger.core.problems import CellRef
from ledger.core.records import Held
from ledger.core.sayings import Sayings
from ledger.core.schema import Column, SheetSpec
from ledger.core.sheets import read_sheets

_HERE = __package__ or "ledger.rules.matador21"
TERRITORY, REFUGE, LABOR_CAMP, TAX, FLEET = "Territory", "Refuge", "Labor Camp", "Tax", "Fleet"
#: 702.4: the five types; 702.5: the ownable ones (grunde), 702.6: the others (haendelser).
TYPES = (TERRITORY, REFUGE, LABOR_CAMP, TAX, FLEET)
OWNABLE = (TERRITORY, LABOR_CAMP, FLEET)

#: 101.2: two to six players.
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: 101.3: a unique colour each; drawn for each player from the seeded dice (301.1), in the
#: order of colours.csv, with the fill the board's picture draws it in.
COLOURS = {r["colour"]: r["fill"] for r in data.rows(_HERE, "colours.csv")}

#: The rule numbers of the steps shared with every board (ledger.core.board_table): 403.1 the
#: winner, 401.2c out, 102.3 the turn order, 301.4 who begins, 101.2 two to six players, 603 a
#: piece on a field, 101.3 a colour each, 703.2 one owner, 401.2b one who is out owns nothing.
RULES = TurnRules("403.1", "401.2c", "102.3", "301.4", "101.2", "603", "101.3", "703.2", "401.2b")

#: How a Tax with a percentage (the Caravan) is paid when the roll does not say (ruling).
TAX_CHOICES = ("smaller", "fixed", "percent")


class Field(msgspec.Struct, frozen=True):
    """A Board row. `amount` is a Territory's rent, a Labor Camp's rent per pip of the dice
    and camp owned, a Fleet's rent for one fleet (`amount_2`.. `amount_4` for 2-4), a
    Refuge's bonus or a Tax's amount; `percent` the share of assets a Tax may take instead."""

    field: int
    name: str
    type: str
    price: Decimal | None = None
    amount: Decimal | None = None
    amount_2: Decimal | None = None
    amount_3: Decimal | None = None
    amount_4: Decimal | None = None
    percent: Decimal | None = None
    ref: CellRef | None = None

    @property
    def ownable(self) -> bool:
        return self.type in OWNABLE

    @property
    def number(self) -> int:
        return self.field


class OwnerRow(msgspec.Struct, frozen=True):
    field: int
    name: str = ""
    owner: str = ""
    ref: CellRef | None = None


@dataclass
class State:
    board: list[Field] = field(default_factory=list)
    owners: list[OwnerRow] = field(default_factory=list)
    turns: list[TurnRow] = field(default_factory=list)

    def clone(self) -> State:
        return State(list(self.board), list(self.owners), list(self.turns))


#: The usual board of this exercise (the ruling in ../shared/rules/README.md), board.csv: fields 1-21 in
#: the ruling's order, prices and rents or amounts. Data: the banker changes it in the Board sheet.
DEFAULT_BOARD = data.records(_HERE, "board.csv", Field)

#: The sheets and the players' own columns, as sheets.csv declares them (a field's type one of
#: TYPES, a player's colour one of COLOURS).
_SPECS = read_sheets(_HERE, {"TYPES": TYPES, "COLOURS": tuple(COLOURS)})
BOARD, OWNERS, TURNS = _SPECS["Board"], _SPECS["Owners"], _SPECS["Turns"]
SHEETS: tuple[SheetSpec, ...] = (BOARD, OWNERS, TURNS)
PLAYER_COLUMNS: tuple[Column, ...] = _SPECS["Players"].columns

#: The house-rule settings, in the order the Settings sheet shows them: settings.csv.
SETTINGS = data.settings(_HERE)

#: What `ledger check` finds and `roll` refuses, by name (said.csv: code, message and hint,
#: with the rule's number where the text has one).
SAID = Sayings(_HERE)


#: The game's records: each sheet's rows held in its list of the State.
RECORDS = {
    "Board": Held(Field, "board"),
    "Owners": Held(OwnerRow, "owners"),
    "Turns": Held(TurnRow, "turns", TURN_FIELDS),
}


def state_of(books: BooksOf[State]) -> State:
    state = books.state
    assert isinstance(state, State), "the books hold no 21-field game"
    return state
