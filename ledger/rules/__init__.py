"""The games `ledger` keeps books for: one folder a game, its tables as data and its logic."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ledger.core.game import Game

#: game key -> (module, title). A game whose module is None is known but not built yet.
GAMES: dict[str, tuple[str | None, str]] = {
    "triplanetary": ("ledger.rules.triplanetary.game", "Triplanetary Variant V/2"),
    "egon": ("ledger.rules.egon.game", "Das kleine Egon-Spiel"),
    "planetopoly": ("ledger.rules.planetopoly.game", "Planetopoly"),
    "matador21": ("ledger.rules.matador21.game", "the 21-field Monopoly-like game"),
}


class GameNotBuilt(Exception):
    pass


def load_game(key: str) -> Game:
    """The game's rules; raises KeyError for an unknown key, GameNotBuilt for one not built."""
    module, title = GAMES[key]
    if module is None:
        raise GameNotBuilt(f"the rules of {title} ({key}) are not built yet")
    game: Game = import_module(module).GAME
    return game
