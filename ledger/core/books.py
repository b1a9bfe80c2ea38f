"""The books of one game as plain records: settings, players, journal, events, dice.

Loaded by ledger/io from the workbook, changed by the actions, saved by ledger/io. Every record
carries `ref`, the cell it came from, so problems can name `Sheet!Cell`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ledger.core.dice import DiceRoll, draw
from ledger.core.journal import Journal
from ledger.core.money import Money
from ledger.core.names import name_key, normalize
from ledger.core.problems import CellRef
from ledger.core.schema import SettingValue

if TYPE_CHECKING:
    from ledger.core.game import Game

PLAYER_ROLE = "player"
PATROL_ROLE = "patrol"
ROLES = (PLAYER_ROLE, PATROL_ROLE)


@dataclass(frozen=True, slots=True)
class Player:
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


@dataclass(frozen=True, slots=True)
class Event:
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


@dataclass
class Settings:
    """The Settings sheet: typed values by key; unknown keys are kept as they were typed."""

    values: dict[str, SettingValue]
    refs: dict[str, CellRef] = field(default_factory=dict)

    def __getitem__(self, key: str) -> SettingValue:
        return self.values[key]

    def get_int(self, key: str) -> int:
        v = self.values[key]
        assert isinstance(v, int) and not isinstance(v, bool), (key, v)
        return v

    def get_decimal(self, key: str) -> Decimal:
        v = self.values[key]
        assert isinstance(v, Decimal), (key, v)
        return v

    def get_bool(self, key: str) -> bool:
        v = self.values[key]
        assert isinstance(v, bool), (key, v)
        return v

    def get_text(self, key: str) -> str:
        return str(self.values[key])


@dataclass
class Books:
    game: Game
    settings: Settings
    players: list[Player]
    journal: Journal
    events: list[Event] = field(default_factory=list)
    dice: list[DiceRoll] = field(default_factory=list)
    #: The Balances sheet as it was read, to notice hand edits (it is rewritten on save).
    balances_as_read: Mapping[str, tuple[Decimal, CellRef]] = field(default_factory=dict)
    #: The game's own records (ships, crews, ...), loaded and saved by the game's rules.
    state: Any = None
    #: The Journal sheet's row of each posting, by transaction id (for problems' `Sheet!Cell`).
    journal_rows: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    def posting_cell(self, txn_id: int, posting: int, column: int) -> str:
        rows = self.journal_rows.get(txn_id)
        if rows is None or posting >= len(rows):
            return f"Journal txn {txn_id}"
        return str(CellRef("Journal", column, rows[posting]))

    @property
    def currency(self) -> str:
        return self.journal.currency

    @property
    def day(self) -> int:
        return self.settings.get_int("day")

    @property
    def seed(self) -> int:
        return self.settings.get_int("seed")

    def money(self, amount: Decimal | str | int) -> Money:
        return Money.of(amount, self.currency)

    def player(self, name: str) -> Player | None:
        """Find a player by name: exact first, then ignoring case (both as Unicode NFC, so
        `Ánn` matches however its accent was typed)."""
        name = normalize(name)
        for p in self.players:
            if normalize(p.name) == name:
                return p
        folded = name_key(name)
        matches = [p for p in self.players if name_key(p.name) == folded]
        return matches[0] if len(matches) == 1 else None

    def patrol(self) -> Player | None:
        return next((p for p in self.players if p.role == PATROL_ROLE), None)

    def roll(self, sides: int, purpose: str, entered: int | None = None) -> DiceRoll:
        """Record a die: the banker's `entered` value, or the next drawn from the seed."""
        n = len(self.dice) + 1
        if entered is None:
            result, source = draw(self.seed, n, sides), "drawn"
        else:
            result, source = entered, "entered"
        roll = DiceRoll(
            n=n, day=self.day, sides=sides, result=result, source=source, purpose=purpose
        )
        self.dice.append(roll)
        return roll

    def decide(self, roll: DiceRoll, decided: str) -> DiceRoll:
        """Record what a roll decided."""
        done = replace(roll, decided=decided)
        self.dice[roll.n - 1] = done
        return done

    def player_accounts(self, player: Player) -> list[str]:
        return self.game.player_accounts(self, player)

    def player_cash(self, player: Player) -> Money:
        total = Money.zero(self.currency)
        for account in self.player_accounts(player):
            total = total + self.journal.balance(account)
        return total

    def fork(self) -> Books:
        """A copy to try things on (a forecast): the journal forked, everything else copied."""
        import copy

        twin = copy.copy(self)
        twin.journal = self.journal.fork()
        twin.settings = Settings(dict(self.settings.values), dict(self.settings.refs))
        twin.players = list(self.players)
        twin.events = list(self.events)
        twin.dice = list(self.dice)
        clone = getattr(self.state, "clone", None)
        twin.state = clone() if callable(clone) else copy.deepcopy(self.state)
        return twin

    def pending_events(self) -> Iterable[Event]:
        return (e for e in self.events if e.pending)
