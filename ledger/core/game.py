"""The one small interface a game plugs in through (`Game`, kept in `ledger.core.books` beside
the books, since each names the other).

A game names its currency, its banks and institutions, its house-rule settings (with the rule
each comes from), the extra columns of its Players sheet, its opening transactions, and the
event types it accepts. `ledger/rules/<game>/` subclasses `Game`; later capabilities (the
tick, trials, rounds) add methods there with a default that refuses clearly.
"""

from __future__ import annotations

from ledger.core.books import BANK, Game
from ledger.core.settings import CORE_SETTINGS

__all__ = ["BANK", "CORE_SETTINGS", "Game"]
