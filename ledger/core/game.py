"""The one small interface a game plugs in through (`Game`, kept in `ledger.core.books` beside
the books, since each names the other).

A game names its currency, its banks and institutions, its house-rule settings (with the rule
each comes from), the extra columns of its Players sheet, its opening transactions, and the
event types it accepts. `ledger/rules/<game>/` subclasses `Game`; later capabilities (the
tick, trials, rounds) add methods there with a default that refuses clearly.
"""

from __future__ import annotations

from ledger.core.books import BANK, Game
from ledger.core.problems import ProblemsFound, problem
from ledger.core.settings import CORE_SETTINGS

__all__ = ["BANK", "CORE_SETTINGS", "Game", "unknown_report"]


def unknown_report(message: str, hint: str) -> ProblemsFound:
    """What a game's `report` raises for a kind it does not have, in the game's words."""
    return ProblemsFound([problem("unknown-report", "KIND", message, hint)])
