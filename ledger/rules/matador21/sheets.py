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
from ledger.core.money import round_money
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


class TurnRow(msgspec.Struct, frozen=True):
    turn: int
    round: int
    player: str
    dice: str
    frm: int
    to: int
    what: str = ""
    rule: str = ""
    txn: str = ""
    ref: CellRef | None = None


@dataclass
class State:
    board: list[Field] = field(default_factory=list)
    owners: list[OwnerRow] = field(default_factory=list)
    turns: list[TurnRow] = field(default_factory=list)

    def clone(self) -> State:
        return State(list(self.board), list(self.owners), list(self.turns))


def _d(text: str | None) -> Decimal | None:
    return None if text is None else round_money(Decimal(text))


def _f(n: int, name: str, kind: str, price: str | None, *amounts: str | None) -> Field:
    a = [*amounts, None, None, None, None]
    percent = Decimal(a[4]) if a[4] is not None else None
    return Field(n, name, kind, _d(price), _d(a[0]), _d(a[1]), _d(a[2]), _d(a[3]), percent)


#: The usual board of this exercise (the ruling in ../shared/rules/README.md): fields 1-21 in
#: the ruling's order, prices and rents or amounts. Data: the banker changes it in the Board sheet.
DEFAULT_BOARD: tuple[Field, ...] = (
    _f(1, "Tribe Encampment", TERRITORY, "1000", "100"),
    _f(2, "Crater", TERRITORY, "1500", "300"),
    _f(3, "Mountain", TERRITORY, "2000", "500"),
    _f(4, "Cold Desert", TERRITORY, "3000", "700"),
    _f(5, "Black Cave", TERRITORY, "4000", "1000"),
    _f(6, "The Werewall", TERRITORY, "4300", "1300"),
    _f(7, "Mountain Village", TERRITORY, "4750", "1600"),
    _f(8, "South Citadel", TERRITORY, "5000", "2000"),
    _f(9, "Palace Gates", TERRITORY, "5500", "2600"),
    _f(10, "Tower", TERRITORY, "6000", "3200"),
    _f(11, "Castle", TERRITORY, "8000", "4000"),
    _f(12, "Walled City", REFUGE, None, "5000"),
    _f(13, "Monastery", REFUGE, None, "500"),
    _f(14, "Huts in the Mountain", LABOR_CAMP, "2500", "100"),
    _f(15, "The Pit", LABOR_CAMP, "2500", "100"),
    _f(16, "Goldmine", TAX, None, "2000"),
    _f(17, "Caravan", TAX, None, "4000", None, None, None, "10"),
    _f(18, "Second Sail", FLEET, "4000", "500", "1000", "2000", "4000"),
    _f(19, "Sea Grover", FLEET, "4000", "500", "1000", "2000", "4000"),
    _f(20, "The Buccaneers", FLEET, "4000", "500", "1000", "2000", "4000"),
    _f(21, "Privateer Armade", FLEET, "4000", "500", "1000", "2000", "4000"),
)

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


#: The field of a column whose name differs: `from` is a Python word.
FIELD_OF = {"from": "frm"}


#: The game's records: each sheet's rows held in its list of the State.
RECORDS = {
    "Board": Held(Field, "board"),
    "Owners": Held(OwnerRow, "owners"),
    "Turns": Held(TurnRow, "turns", FIELD_OF),
}
