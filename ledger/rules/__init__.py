"""The games `ledger` keeps books for: one folder a game, its tables as data and its logic."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ledger.core.game import Game

#: game key -> the module of its rules (its `GAME`): the one line that adds a game, and the
#: one place its key is said (the game's class does not say it again).
GAMES: dict[str, str] = {
    "triplanetary": "ledger.rules.triplanetary.game",
    "egon": "ledger.rules.egon.game",
    "planetopoly": "ledger.rules.planetopoly.game",
    "matador21": "ledger.rules.matador21.game",
    "boardfile": "ledger.rules.boardfile.game",
}


def load_game(key: str) -> Game:
    """The game's rules, known by the registry's key; KeyError for a key it does not have."""
    game: Game = import_module(GAMES[key]).GAME
    game.key = key
    return game
