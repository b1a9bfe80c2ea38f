"""Triplanetary Variant V/2: the game's accounts, settings, sheets, commands and tick.

Rule numbers (§3, §6, ...) are those of ../shared/rules/triplanetary-variant-v2.txt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from ledger.core.books import Player, Rule
from ledger.core.clock import Period
from ledger.core.game import Game, unknown_report
from ledger.core.params import ActionSpec
from ledger.core.problems import CellRef, Problem
from ledger.core.report import TickReport
from ledger.core.settings import Settings
from ledger.rules.triplanetary import actions, checks, justice, kit, sheets
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.model import Market, State
from ledger.rules.triplanetary.refusals import REFUSES
from ledger.rules.triplanetary.roles import PATROL, PATROL_ROLE
from ledger.rules.triplanetary.settings import SETTINGS
from ledger.rules.triplanetary.sheets import RECORDS
from ledger.rules.triplanetary.tables import BANKS, PATROL_HOME, START_BANK
from ledger.rules.triplanetary.tick import tick


def _branches(books: Books, owner: str) -> dict[str, str]:
    """The open branch banks of `owner` (§30): the base's id -> its name. The reserves are
    the owner's account there; nobody else keeps money at it."""
    if not isinstance(books.state, State):
        return {}
    posts = books.state.posts()
    return {
        b.base: (posts[b.base].name if b.base in posts else "") or b.base
        for b in books.state.branches
        if b.owner == owner and b.status == "open"
    }


class Triplanetary(Game):
    title = "Triplanetary Variant V/2"
    currency = "KC"
    banks = BANKS
    home_bank = START_BANK  # §3: the start money lies at Ceres
    # §6: the Patrol and the Earth government; where money for goods and crews goes
    institutions = (
        "bank",
        "patrol",
        "earth",
        kit.SUPPLIERS,
        kit.CREWS,
        "market",
        "passengers",
        "lloyds",
        "judges",
    )
    settings = SETTINGS
    player_columns = sheets.PLAYER_COLUMNS
    sheets = sheets.sheet_specs()
    roles = (PATROL,)
    command_groups: Mapping[str, str] = MappingProxyType(
        {
            "liner": "Space passenger lines (§28, §40): open, close, depart.",
            "office": "Offices (§8): open, close.",
        }
    )

    no_loan_hint = "banks make no loans (§30); pay less, or move money to this bank first"
    refuses = MappingProxyType({"pay": REFUSES["pay"]})
    #: From a player's link (`ledger serve --actions`), besides paying: supplies (§14).
    player_actions = ("supply",)

    def may_go_negative(self, books: Books, account: str) -> bool:
        """The sources of money from outside the players: the bank, the markets, the liner
        passengers and Lloyds of Luna."""
        return account in ("bank", "market", "passengers", "lloyds") or super().may_go_negative(
            books, account
        )

    def known_account(self, books: Books, account: str) -> bool:
        """Besides cash at the planets' banks: §30 reserves in transit and open branch banks."""
        parts = account.split(":")
        if parts[0] == "reserves" and len(parts) == 2:
            return books.player(parts[1]) is not None
        if parts[0] == "cash" and len(parts) == 3 and parts[2] in _branches(books, parts[1]):
            return True
        return super().known_account(books, account)

    def player_banks(self, books: Books, player: Player) -> dict[str, str]:
        """The planets' banks, and the player's open branch banks (§30: banks "take care of
        transferring money between planets"), by their base's id or name."""
        banks = super().player_banks(books, player)
        for base, name in _branches(books, player.name).items():
            banks[base.casefold()] = base
            banks.setdefault(name.casefold(), base)
        return banks

    def out_of_game(self, books: Books, player: Player, where: str) -> Problem | None:
        """§5: nobody pays a dead player, who pays nobody: the company is dissolved."""
        return justice.dead_problem(player, where)

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        if player.role == PATROL_ROLE:
            return settings.get_decimal("patrol_start_money"), "§6"
        return settings.get_decimal("start_money"), "§3"

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        home = PATROL_HOME if player.role == PATROL_ROLE else START_BANK  # §6 Luna, §3 Ceres
        return (("location", home), ("status", "free"), ("status_until", None), ("pr", 0))

    def new_state(self, books: Books) -> None:
        state = State(prices=sheets.default_prices())
        # §25 the markets whose stock the books follow: Ganymede's Cordrazite
        state.markets.append(Market("Ganymede", "cordrazite"))
        books.state = state

    state_type = State
    records = RECORDS

    def load_state(
        self,
        books: Books,
        rows: Mapping[str, Sequence[tuple[CellRef, dict[str, Any]]]],
        problems: list[Problem],
    ) -> None:
        super().load_state(books, rows, problems)
        books.state.prices = sheets.load_prices(rows.get("PriceList"), problems)

    def dump_state(self, books: Books) -> dict[str, list[list[Any]]]:
        return {**super().dump_state(books), "PriceList": sheets.dump_prices(books.state)}

    def written(self, books: Books, sheet: str, records: list[Any]) -> Iterable[Any]:
        return sheets.cargo_written(records) if sheet == "Cargo" else records

    def check_rules(self) -> tuple[Rule, ...]:
        return checks.RULES

    def commands(self) -> Mapping[str, ActionSpec]:
        return actions.SPECS

    def names(self, books: Books, what: str) -> list[str]:
        """Ships, bases, items, goods and places for the shell's completion."""
        state = books.state
        if not isinstance(state, State):
            return super().names(books, what)
        if what == "ship":
            return [n for s in state.ships for n in (s.name, s.id) if n]
        if what in ("base", "frm"):
            return [n for b in state.bases for n in (b.name, b.id) if n]
        if what == "item":
            return [*sheets.ITEMS, *sheets.GOODS]
        if what in ("good", "what"):
            return list(sheets.CARGO)
        if what in ("at", "place"):
            return list(sheets.PLACES)
        return super().names(books, what)

    def status(self, books: Books) -> dict[str, Any]:
        """Each player's cash, status and PR, what they own, and what falls due."""
        from ledger.rules.triplanetary.status import status

        return status(books)

    def status_text(self, books: Books) -> dict[str, Any]:
        from ledger.rules.triplanetary.status import status_text

        return status_text(books)

    def apply(
        self,
        books: Books,
        action: str,
        given: Mapping[str, Any],
        where: Mapping[str, str],
        event: str,
    ) -> tuple[str, list[Problem]]:
        done, problems = actions.apply_action(books, action, given, where, event)
        return (done.summary if done else ""), problems

    def view(self, books: Books) -> Any:  # the served pages' view of the table
        from ledger.rules.triplanetary.view import view

        return view(books)

    def moves_now(self, books: Books, player: str) -> Any:  # the served pages' moves
        from ledger.rules.triplanetary.view import moves

        return moves(books, player)

    def statement(self, books: Books, player: Player, period: Period, ahead: Any) -> Any:
        from ledger.rules.triplanetary.statement import statement

        return statement(books, player, period, ahead=ahead)

    def report(self, books: Books, kind: str, since: int) -> Any:
        from ledger.rules.triplanetary.reports import game_report, patrol_report

        if kind == "patrol":
            return patrol_report(books, since)
        if kind == "game":
            return game_report(books, since)
        raise unknown_report(f"there is no report {kind!r}", "patrol or game")

    def tick(
        self, books: Books, days: int, progress: Callable[[int], None] | None = None
    ) -> TickReport:
        return tick(books, days, progress)


GAME = Triplanetary()
