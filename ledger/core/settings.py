"""The Settings sheet as typed values (`Settings`), and the settings every game has: those
before the game's own (`CORE_SETTINGS`) and those ledger keeps for itself after them
(`KEPT_SETTINGS`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ledger.core.problems import CellRef
from ledger.core.schema import Setting, SettingValue


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

    def identity(self) -> str:
        """Which game these books are: `game_id`, made at random by `ledger new`; for books
        made before it, the game and its seed (`KEY seed N`). The served links are
        bound to it (ledger/web): another game behind the same path is not theirs."""
        made = str(self.values.get("game_id") or "").strip()
        if made:
            return made
        return f"{self.values.get('game', '')} seed {self.values.get('seed', '')}"


#: Settings every game has. `day` is the current game day (or round); `seed` feeds the dice.
CORE_SETTINGS: tuple[Setting, ...] = (
    Setting("game", "", "text", "", "Which game's rules these books follow. Do not change."),
    Setting("day", 0, "int", "", "The current game day (or round); `ledger tick` advances it."),
    Setting("seed", 1, "int", "", "Seed of the dice drawn by ledger; rolls are in the Dice sheet."),
    Setting("currency", "", "text", "", "The game's currency; amounts are exact to 0.01."),
)

#: Settings ledger keeps for itself, after the game's own: where the last statements ended,
#: the last close; and the house rules of every game that came after the first workbooks.
KEPT_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "statements_txn",
        0,
        "int",
        "",
        "The last transaction the statements of the last `ledger tick` showed: the next begin "
        "after it. ledger sets it.",
    ),
    Setting("statements_day", 0, "int", "", "The day (or round) of those statements."),
    Setting(
        "closed_archive",
        "",
        "text",
        "",
        "The workbook the Journal was last closed into (`ledger close`): its transactions "
        "up to closed_through. ledger sets it.",
    ),
    Setting("closed_digest", "", "text", "", "That archive's SHA-256, as it was written."),
    Setting("closed_through", 0, "int", "", "The last day (or round) that archive holds."),
    Setting(
        "game_id",
        "",
        "text",
        "",
        "This game's own identity, made by `ledger new`: the links `ledger serve` shows open "
        "this game's pages only. Do not change.",
    ),
    Setting(
        "actions_wait",
        True,
        "bool",
        "",
        "Whether what a player does from their link (`ledger serve --actions`) waits for the "
        "banker's approval (`ledger pending`, `ledger approve N`); no: it applies at once.",
    ),
    Setting(
        "actions_per_minute",
        6,
        "int",
        "",
        "How many actions a player's link may send a minute (`ledger serve --actions`); more "
        "are turned away (429) without touching the workbook.",
    ),
    # a house rule of every game, kept last so that no row of an older workbook moves
    Setting(
        "journal_rows_warn",
        20_000,
        "int",
        "",
        "Past this many Journal rows (postings), a command that changes the books says which "
        "`ledger close --through DAY` would shorten the Journal; 0: never.",
    ),
)
