"""Which game a workbook plays, read from its Settings alone (no other sheet): the command line
finds a game's command by it before anything else is imported."""

from __future__ import annotations

from pathlib import Path


def game_of(path: Path) -> str | None:
    """The workbook's game key (its Settings row `game`: None without one); an unreadable
    workbook raises."""
    from ledger.io.sheet_read import game_key

    return game_key(path)
