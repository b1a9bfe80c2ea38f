"""The players and the Events rows: what the banker types about people, before any rule reads it
(kept here so that `books` holds the books and the game's interface)."""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core.problems import CellRef
from ledger.core.schema import SettingValue

#: Every game's ordinary player; a game may declare special ones (`Game.roles`).
PLAYER_ROLE = "player"


class Player(msgspec.Struct, frozen=True):
    name: str
    role: str = PLAYER_ROLE
    #: The game's own columns of the Players sheet (location, PR, ...), by header.
    extra: tuple[tuple[str, SettingValue | None], ...] = ()
    ref: CellRef | None = None

    def get(self, key: str, default: SettingValue | None = None) -> SettingValue | None:
        for k, v in self.extra:
            if k == key:
                return v
        return default


class Event(msgspec.Struct, frozen=True):
    """A row of the Events sheet: something the banker typed for the next command to post."""

    id: str
    type: str
    player: str
    day: int | None = None
    to: str = ""
    amount: Decimal | None = None
    args: str = ""
    memo: str = ""
    posted: str = ""
    note: str = ""
    ref: CellRef | None = None

    @property
    def pending(self) -> bool:
        return not self.posted
