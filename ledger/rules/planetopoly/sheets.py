"""Planetopoly's sheets: Deeds (the title deed cards, typed by the banker; an example board at
first) and Holdings (who owns which deed, with its support points); the players' own columns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import msgspec

from ledger.core import data
from ledger.core.books import Books
from ledger.core.problems import CellRef
from ledger.core.records import Held
from ledger.core.schema import Column
from ledger.core.sheets import read_sheets
from ledger.core.steps import find
from ledger.rules.planetopoly import tables

Z = Decimal(0)


class DeedRow(msgspec.Struct, frozen=True):
    """One title deed card."""

    key: str
    name: str
    kind: str
    price: Decimal
    planet: str = ""
    rent: Decimal = Z
    rent_1_point: Decimal = Z
    rent_2_points: Decimal = Z
    rent_station: Decimal = Z
    rent_station_1_point: Decimal = Z
    rent_station_2_points: Decimal = Z
    rent_2_stations: Decimal = Z
    rent_2_stations_1_point: Decimal = Z
    rent_2_stations_2_points: Decimal = Z
    rent_base: Decimal = Z
    point_price: Decimal = Z
    sale_value: Decimal = Z
    point_sale: Decimal = Z
    premium: Decimal = Z
    mortgage: Decimal = Z
    note: str = ""
    ref: CellRef | None = None

    @property
    def is_plot(self) -> bool:
        return self.kind == tables.PLOT

    def rents(self) -> list[tuple[int, Decimal, str]]:
        """(points needed, rent, level) for each printed level, lowest first."""
        return [(n, getattr(self, col), words) for n, col, words in tables.RENT_LEVELS]

    def rent_at(self, points: int) -> Decimal:
        """The rent printed for the plot's exact level (§5: every level of the rulings, a
        station + 1 or + 2 points too, has its own); 0 where the card's rent is not typed in."""
        rent: Decimal = getattr(self, tables.level_column(points))
        return rent


class HoldingRow(msgspec.Struct, frozen=True):
    """A deed someone owns: its support points, and whether it was bought this turn."""

    deed: str
    owner: str
    points: int = 0
    new: bool = False
    ref: CellRef | None = None


@dataclass
class Board:
    deeds: list[DeedRow] = field(default_factory=list)
    holdings: list[HoldingRow] = field(default_factory=list)

    def clone(self) -> Board:
        return Board(list(self.deeds), list(self.holdings))

    def deed(self, key: str) -> DeedRow | None:
        return find(self.deeds, key, lambda d: d.key)

    def holding(self, key: str) -> HoldingRow | None:
        return find(self.holdings, key, lambda h: h.deed)

    def owned_by(self, player: str) -> list[HoldingRow]:
        return [h for h in self.holdings if h.owner == player]

    def planet_plots(self, planet: str) -> list[DeedRow]:
        return [d for d in self.deeds if d.is_plot and d.planet == planet]

    def put(self, row: HoldingRow) -> None:
        """Replace the holding of the same deed (its key in any case), or add it."""
        for i, h in enumerate(self.holdings):
            if h.deed.casefold() == row.deed.casefold():
                self.holdings[i] = row
                return
        self.holdings.append(row)

    # -- who owns which deed, as the shared board steps see it (ledger.core.board.Deeds) ----
    def deeds_of(self, name: str) -> list[str]:
        return [h.deed for h in self.owned_by(name)]

    def give(self, deed: str, name: str) -> None:
        """A deed bought from the bank; a plot is new: no points on it this turn (§5)."""
        d = self.deed(deed)
        self.put(HoldingRow(deed, name, 0, d is not None and d.is_plot))

    def release(self, deed: str) -> None:
        """The deed back to the bank: nobody holds it (its key in any case)."""
        self.holdings = [h for h in self.holdings if h.deed.casefold() != deed.casefold()]


#: The sheets and the players' own columns, as sheets.csv declares them (a deed's kind one of
#: tables.KINDS).
_SPECS = read_sheets(__package__ or "ledger.rules.planetopoly", {"KINDS": tables.KINDS})
DEEDS, HOLDINGS = _SPECS["Deeds"], _SPECS["Holdings"]
SHEETS = (DEEDS, HOLDINGS)
PLAYER_COLUMNS: tuple[Column, ...] = _SPECS["Players"].columns


#: The example board a new workbook holds (example_board.csv): four planets of three plots,
#: four toll stations, four speed traps; sale and mortgage values half the price.
EXAMPLE_BOARD = data.records(
    __package__ or "ledger.rules.planetopoly", "example_board.csv", DeedRow
)


#: The game's records: each sheet's rows held in its list of the Board.
RECORDS = {"Deeds": Held(DeedRow, "deeds"), "Holdings": Held(HoldingRow, "holdings")}


def board_of(books: Books) -> Board:
    assert isinstance(books.state, Board)
    return books.state


def replace_holding(h: HoldingRow, **changes: Any) -> HoldingRow:
    return msgspec.structs.replace(h, **changes)
