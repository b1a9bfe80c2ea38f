"""What the workbook's sheets hold, as data: columns and settings. Rendering lives in ledger/io."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec

from ledger.core.problems import CellRef

Kind = Literal["text", "int", "money", "decimal", "bool", "day"]
SettingValue = Decimal | int | bool | str


class Column(msgspec.Struct, frozen=True):
    """One column of a sheet: its header, what it holds and how wide it is drawn."""

    name: str
    kind: Kind = "text"
    width: int = 12
    required: bool = True
    help: str = ""
    #: A dropdown in the workbook, from the game's own vocabulary: a fixed tuple; "players" or
    #: "parties" (the players' names, or theirs and the game's institutions'); or "Sheet!column",
    #: the values another sheet's column holds ("Ships!id+Bases!id" joins several sources).
    choices: tuple[str, ...] | str = ()
    #: Excel refuses a value not on the list; otherwise it only warns, so a new name can go in.
    strict: bool = False


class SheetSpec(msgspec.Struct, frozen=True):
    name: str
    columns: tuple[Column, ...]
    about: str
    #: Written by the tool on every save (the banker should not type there).
    written_by_tool: bool = False

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)

    def cell(self, column: str, ref: CellRef | None, fallback: str) -> str:
        """Where `column` of the row `ref` is (`Deeds!I5`), or `fallback` for a record that
        came from no row."""
        if ref is None:
            return fallback
        return str(CellRef(self.name, [c.name for c in self.columns].index(column), ref.row))


class Setting(msgspec.Struct, frozen=True):
    """A house-rule setting: its default, the rule it comes from, and what it means."""

    key: str
    default: SettingValue
    kind: Kind
    rule: str
    description: str


class Role(msgspec.Struct, frozen=True):
    """A special player a game has besides the ordinary ones, declared by the game (a police
    player who keeps the fines, say): its key in the Players sheet's `role` column, how it is named, the
    account its holder's money is kept in (else their own cash account), and the option of
    `ledger new` that names its holder."""

    key: str
    title: str
    account: str = ""
    option: str = ""
    at_most: int = 1
