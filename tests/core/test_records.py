"""A game declares its records (`Game.state_type`, `Game.records`); `Game` loads, writes and
keeps their rows (core/records.py)."""

from __future__ import annotations

import pytest

from ledger.core.books import Game
from ledger.rules import GAMES, load_game


@pytest.mark.parametrize("key", sorted(k for k, (module, _) in GAMES.items() if module))
def test_29_every_game_declares_its_records_and_writes_no_loader_of_its_own(key: str) -> None:
    game = load_game(key)
    assert game.state_type is not None and game.records, f"{key} declares no records"
    sheets = {spec.name for spec in game.sheets}
    assert set(game.records) <= sheets, f"{key}: records of sheets it does not have"
    for held in game.records.values():  # the state holds a list for each
        assert isinstance(getattr(game.state_type(), held.attr), list)
    # what is kept beside the banker's own columns follows from the declaration alone
    assert type(game).source_rows is Game.source_rows
