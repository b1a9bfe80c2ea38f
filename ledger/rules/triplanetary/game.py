"""Triplanetary Variant V/2: the game's accounts, starting money and house-rule settings.

Rule numbers (§3, §6, ...) are those of ../shared/rules/triplanetary-variant-v2.txt.
"""

from __future__ import annotations

from decimal import Decimal

from ledger.core.books import PATROL_ROLE, Player, Settings
from ledger.core.game import Game
from ledger.core.schema import Column, Setting
from ledger.rules.triplanetary.tables import BANKS, PATROL_HOME, START_BANK

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "start_money",
        Decimal("25"),
        "money",
        "§3",
        "Each player starts with this much, in the bank at Ceres.",
    ),
    Setting(
        "patrol_start_money",
        Decimal("500"),
        "money",
        "§6",
        "The Space Patrol player starts with this much.",
    ),
    Setting(
        "allow_debt",
        False,
        "bool",
        "§30",
        "Banks do not make loans: a player's account cannot go below 0.",
    ),
)

PLAYER_COLUMNS: tuple[Column, ...] = (
    Column(
        "location",
        "text",
        14,
        required=False,
        help="Where the player is: a ship, a base or a planet (§5).",
    ),
    Column(
        "status",
        "text",
        12,
        required=False,
        help="free, imprisoned, pirate, warlord or dead (§33-§36).",
        choices=("free", "imprisoned", "pirate", "warlord", "dead"),
    ),
    Column("status_until", "int", 12, required=False, help="The day an imprisonment ends (§41)."),
    Column("pr", "int", 6, required=False, help="Public relations value (§36C); starts at 0."),
)


class Triplanetary(Game):
    key = "triplanetary"
    title = "Triplanetary Variant V/2"
    currency = "KC"
    banks = BANKS
    home_bank = START_BANK  # §3: the start money lies at Ceres
    institutions = ("bank", "patrol", "earth")  # §6: the Patrol and the Earth government
    settings = SETTINGS
    player_columns = PLAYER_COLUMNS
    has_patrol = True

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        if player.role == PATROL_ROLE:
            return settings.get_decimal("patrol_start_money"), "§6"
        return settings.get_decimal("start_money"), "§3"

    def new_player_extra(self, player: Player) -> tuple[tuple[str, object], ...]:
        home = PATROL_HOME if player.role == PATROL_ROLE else START_BANK  # §6 Luna, §3 Ceres
        return (("location", home), ("status", "free"), ("status_until", None), ("pr", 0))


GAME = Triplanetary()
