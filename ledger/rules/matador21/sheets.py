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
from ledger.core.schema import Column, SheetSpec

TERRITORY, REFUGE, LABOR_CAMP, TAX, FLEET = "Territory", "Refuge", "Labor Camp", "Tax", "Fleet"
#: 702.4: the five types; 702.5: the ownable ones (grunde), 702.6: the others (haendelser).
TYPES = (TERRITORY, REFUGE, LABOR_CAMP, TAX, FLEET)
OWNABLE = (TERRITORY, LABOR_CAMP, FLEET)

#: 101.2: two to six players.
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: 101.3: a unique colour each; drawn for each player from the seeded dice (301.1).
COLOURS: dict[str, str] = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#e6b800",
    "purple": "#9467bd",
    "orange": "#ff7f0e",
}

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
DEFAULT_BOARD = data.records(__package__ or "ledger.rules.matador21", "board.csv", Field)

# -- the sheets ----------------------------------------------------------------------------------

BOARD = SheetSpec(
    "Board",
    (
        Column("field", "int", 6, help="The field's number, 1 to 21, clockwise (501.1, 605.1)."),
        Column("name", "text", 22, help="The field's name (702.1)."),
        Column(
            "type",
            "text",
            12,
            help="Territory, Refuge, Labor Camp, Tax or Fleet (702.4).",
            choices=TYPES,
            strict=True,
        ),
        Column(
            "price",
            "money",
            10,
            required=False,
            help="What a Territory, Labor Camp or Fleet costs (703.3); empty for the others.",
        ),
        Column(
            "amount",
            "money",
            10,
            help="Rent of a Territory; a Labor Camp's rent per pip and camp owned; a Fleet's "
            "rent for one fleet owned; a Refuge's bonus; a Tax's amount.",
        ),
        Column("amount_2", "money", 10, required=False, help="A Fleet's rent for 2 owned."),
        Column("amount_3", "money", 10, required=False, help="A Fleet's rent for 3 owned."),
        Column("amount_4", "money", 10, required=False, help="A Fleet's rent for 4 owned."),
        Column(
            "percent",
            "decimal",
            8,
            required=False,
            help="A Tax the player may pay as this percentage of their assets instead (Caravan).",
        ),
    ),
    "The fields of the board in clockwise order, as data: change a price or an amount to "
    "play a house rule (rules 501, 702-706).",
)

OWNERS = SheetSpec(
    "Owners",
    (
        Column("field", "int", 6, help="The field's number on the Board."),
        Column("name", "text", 22, required=False, help="The field's name (for reading)."),
        Column(
            "owner",
            "text",
            12,
            required=False,
            help="The player who owns it; empty: nobody (703.2, 401.2b).",
            choices="players",
        ),
    ),
    "Who owns each field that can be owned; written by ledger after every turn.",
)

TURNS = SheetSpec(
    "Turns",
    (
        Column("turn", "int", 6, help="The turn's number."),
        Column("round", "int", 6, help="The round: every remaining player one turn (102.3)."),
        Column("player", "text", 10, help="Whose turn it was (103.1)."),
        Column("dice", "text", 6, help="The two dice (103.1)."),
        Column("from", "int", 6, help="The field the piece stood on."),
        Column("to", "int", 6, help="The field it landed on (605)."),
        Column("what", "text", 50, required=False, help="What the landing did."),
        Column("rule", "text", 14, required=False, help="The rules applied."),
        Column("txn", "text", 10, required=False, help="The transactions it posted."),
    ),
    "Every turn played: its dice, the move and what the landing did; written by ledger.",
    written_by_tool=True,
)

SHEETS: tuple[SheetSpec, ...] = (BOARD, OWNERS, TURNS)

PLAYER_COLUMNS: tuple[Column, ...] = (
    Column(
        "colour",
        "text",
        9,
        required=False,
        help="The player's unique colour (101.3), drawn at the start (301.1).",
        choices=tuple(COLOURS),
        strict=True,
    ),
    Column("field", "int", 6, required=False, help="The field the piece stands on (603)."),
    Column("out", "bool", 5, required=False, help="yes once the player has lost (401.2)."),
    Column(
        "order",
        "int",
        6,
        required=False,
        help="Place in the turn order; 1 is the player drawn to begin (301.4, 102.3).",
    ),
)

#: The house-rule settings, in the order the Settings sheet shows them: settings.csv.
SETTINGS = data.settings(__package__ or "ledger.rules.matador21")


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
