"""The one small interface a game plugs in through.

A game names its currency, its banks and institutions, its house-rule settings (with the rule
each comes from), the extra columns of its Players sheet, its opening transactions, and the
event types it accepts. `ledger/rules/<game>/` subclasses `Game`; later capabilities (the
tick, trials, rounds) add methods here with a default that refuses clearly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from ledger.core.books import PATROL_ROLE, Books, Player, Settings
from ledger.core.journal import Draft, transfer
from ledger.core.money import Money
from ledger.core.problems import CellRef, Problem
from ledger.core.schema import Column, Setting, SheetSpec

#: Settings every game has. `day` is the current game day (or round); `seed` feeds the dice.
CORE_SETTINGS: tuple[Setting, ...] = (
    Setting("game", "", "text", "", "Which game's rules these books follow. Do not change."),
    Setting("day", 0, "int", "", "The current game day (or round); `ledger tick` advances it."),
    Setting("seed", 1, "int", "", "Seed of the dice drawn by ledger; rolls are in the Dice sheet."),
    Setting("currency", "", "text", "", "The game's currency; amounts are exact to 0.01."),
)

BANK = "bank"


class Game(ABC):
    key: str = ""
    title: str = ""
    currency: str = ""
    #: False while the game's rules are not built: `ledger new` refuses it.
    built: bool = True
    #: Where players keep money; empty when the game has one purse per player.
    banks: tuple[str, ...] = ()
    home_bank: str | None = None
    #: Accounts that are not players'. `bank` is where new money comes from and may go negative.
    institutions: tuple[str, ...] = (BANK,)
    settings: tuple[Setting, ...] = ()
    player_columns: tuple[Column, ...] = ()
    sheets: tuple[SheetSpec, ...] = ()
    has_patrol: bool = False
    #: What `ledger new` suggests next.
    next_steps: str = (
        "ledger balance, ledger pay FROM TO AMOUNT, or open the workbook and type rows in Events."
    )

    # -- accounts -----------------------------------------------------------------------
    def cash_account(self, player: Player, bank: str | None = None) -> str:
        if player.role == PATROL_ROLE:
            return "patrol"
        if not self.banks:
            return f"cash:{player.name}"
        return f"cash:{player.name}:{bank or self.home_bank}"

    def player_accounts(self, books: Books, player: Player) -> list[str]:
        """Every cash account of the player: the home bank and each bank used since."""
        home = self.cash_account(player)
        if player.role == PATROL_ROLE or not self.banks:
            return [home]
        prefix = f"cash:{player.name}:"
        seen = [a for a in books.journal.balances() if a.startswith(prefix)]
        return sorted({home, *seen})

    def account_owner(self, books: Books, account: str) -> Player | None:
        if account == "patrol":
            return books.patrol()
        if account.startswith("cash:"):
            name = account.split(":")[1]
            return next((p for p in books.players if p.name == name), None)
        return None

    def known_account(self, books: Books, account: str) -> bool:
        if account in self.institutions:
            return True
        if account.startswith("cash:"):
            parts = account.split(":")
            if self.banks:
                return (
                    len(parts) == 3
                    and parts[2] in self.banks
                    and bool(self.account_owner(books, account))
                )
            return len(parts) == 2 and bool(self.account_owner(books, account))
        return False

    def may_go_negative(self, books: Books, account: str) -> bool:
        if account == BANK:
            return True
        return self.allows_debt(books.settings)

    # -- rules --------------------------------------------------------------------------
    def allows_debt(self, settings: Settings) -> bool:
        return bool(settings.values.get("allow_debt", False))

    def all_settings(self) -> tuple[Setting, ...]:
        return CORE_SETTINGS + self.settings

    def opening(self, players: Sequence[Player], settings: Settings) -> list[Draft]:
        """The starting money as opening transactions, one per player, from the `bank`."""
        drafts = []
        for player in players:
            amount, rule = self.start_money(settings, player)
            if amount:
                drafts.append(
                    transfer(
                        BANK,
                        self.cash_account(player),
                        Money(amount, self.currency),
                        kind="opening",
                        memo=f"starting money of {player.name}",
                        event="new",
                        rule=rule,
                    )
                )
        return drafts

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        """The values of the game's own Players columns for a new player."""
        return ()

    # -- the game's own sheets and records ------------------------------------------------
    def load_state(
        self,
        books: Books,
        rows: Mapping[str, Sequence[tuple[CellRef, dict[str, Any]]]],
        problems: list[Problem],
    ) -> None:
        """Build the game's records from its sheets' rows (as read by ledger/io)."""
        books.state = None

    def new_state(self, books: Books) -> None:
        """The game's records for a new workbook."""
        books.state = None

    def dump_state(self, books: Books) -> dict[str, list[list[Any]]]:
        """The rows of the game's own sheets, in their columns' order."""
        return {}

    def source_rows(self, books: Books) -> dict[str, list[int | None]]:
        """For each game sheet, the sheet row each record came from (None for new ones)."""
        return {}

    def check_state(self, books: Books) -> Iterable[Problem]:
        """Problems in the game's records: references, impossible values."""
        return ()

    def event_types(self) -> dict[str, Callable[..., Any]]:
        """Event types of the game (besides `pay`): name -> handler(books, event, where)."""
        return {}

    def apply(
        self,
        books: Books,
        action: str,
        given: Mapping[str, Any],
        where: Mapping[str, str],
        event: str,
    ) -> tuple[str, list[Problem]]:
        """Apply one of the game's banker commands (`buy`, `hire`, ...) to the books."""
        from ledger.core.problems import problem

        return "", [
            problem("not-in-this-game", action, f"{self.title} has no command {action}", "")
        ]

    def tick(self, books: Books, days: int, progress: Callable[[int], None] | None = None) -> Any:
        """Advance the game by `days` days (or rounds), applying the rules' periodic charges."""
        from ledger.core.problems import ProblemsFound, problem

        raise ProblemsFound(
            [problem("tick-not-built", "tick", f"{self.title} has no tick yet", "")]
        )

    # -- statements, reports, forecast --------------------------------------------------------
    def forecast(self, books: Books, days: int) -> Any:
        """What the next `days` bring, computed by the tick's own code without changing anything."""
        return self.tick(books.fork(), days)

    def statement(self, books: Books, player: Player, since: int, ahead: Any) -> Any:
        """A player's statement as plain data (ledger.core.report.Statement)."""
        from ledger.core.problems import ProblemsFound, problem

        raise ProblemsFound(
            [problem("statement-not-built", "statement", f"{self.title} has no statements yet", "")]
        )

    def report(self, books: Books, kind: str, since: int) -> Any:
        """A report (`patrol`, `game`) as plain data (ledger.core.report.Report)."""
        from ledger.core.problems import ProblemsFound, problem

        raise ProblemsFound(
            [problem("report-not-built", kind, f"{self.title} has no {kind} report", "")]
        )

    @abstractmethod
    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        """What this player starts with, and the rule that says so."""
