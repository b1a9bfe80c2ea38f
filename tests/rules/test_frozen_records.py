"""The records of Egon, the 21-field game and Planetopoly are frozen (issue 14): a change is a
new record put in place of the old one, so a record read before the change stays as it was.
Only the containers that hold the records (a game's state, a round's working state, a picture
being laid out) change in place."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from decimal import Decimal

import msgspec
import pytest

from ledger.rules.egon.sheets import EgonBook, OrderRow, PurchaseRow

GAMES = ("egon", "matador21", "planetopoly")

#: The containers (dataclasses): they hold records and change in place; every other class of
#: fields (a dataclass or a `msgspec.Struct`) is a record.
CONTAINERS = {
    "ledger.rules.egon.sheets.EgonBook",
    "ledger.rules.egon.work.Work",
    "ledger.rules.matador21.sheets.State",
    "ledger.rules.matador21.statement.BoardPicture",
    "ledger.rules.matador21.statement.BoardReport",
    "ledger.rules.planetopoly.sheets.Board",
}


def _classes_of_fields(game: str) -> list[type]:
    package = importlib.import_module(f"ledger.rules.{game}")
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        found += [
            v
            for v in vars(module).values()
            if isinstance(v, type)
            and (dataclasses.is_dataclass(v) or issubclass(v, msgspec.Struct))
            and v.__module__ == module.__name__
        ]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_record_of_the_game_is_frozen_and_slotted(game: str) -> None:
    records = [
        c for c in _classes_of_fields(game) if f"{c.__module__}.{c.__qualname__}" not in CONTAINERS
    ]
    assert records
    loose = [c.__qualname__ for c in records if not _frozen_and_slotted(c)]
    assert loose == []


def _frozen_and_slotted(c: type) -> bool:
    if issubclass(c, msgspec.Struct):  # slotted unless made with dict=True
        return c.__struct_config__.frozen and c.__dictoffset__ == 0
    return bool(c.__dataclass_params__.frozen) and "__slots__" in vars(c)  # type: ignore[attr-defined]


def test_egon_book_puts_the_new_row_in_place_of_that_very_row() -> None:
    first, second = OrderRow(2, "ABC", "v"), OrderRow(2, "ABC", "v")
    book = EgonBook(orders=[first, second])
    new = book.put(second, msgspec.structs.replace(second, result="evaluated"))
    assert book.orders[0] is first and book.orders[1] is new
    assert second.result == "" and new.result == "evaluated"


def test_egon_book_puts_a_row_in_its_own_sheet() -> None:
    row = PurchaseRow(1, "ABC", 2, Decimal(300))
    book = EgonBook(purchases=[row])
    book.put(row, msgspec.structs.replace(row, build=3))
    assert [r.build for r in book.purchases] == [3] and book.orders == []
    with pytest.raises(AttributeError):
        row.build = 4  # type: ignore[misc]
