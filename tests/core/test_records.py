"""A game declares its records (`Game.state_type`, `Game.records`); `Game` loads, writes and
keeps their rows (core/records.py)."""

from __future__ import annotations

import pytest

from ledger.core.books import Game
from ledger.rules import GAMES, load_game


@pytest.mark.parametrize("key", sorted(GAMES))
def test_29_every_game_declares_its_records_and_writes_no_loader_of_its_own(key: str) -> None:
    game = load_game(key)
    assert game.state_type is not None and game.records, f"{key} declares no records"
    sheets = {spec.name for spec in game.sheets}
    assert set(game.records) <= sheets, f"{key}: records of sheets it does not have"
    for held in game.records.values():  # the state holds a list for each
        assert isinstance(getattr(game.state_type(), held.attr), list)
    # what is kept beside the banker's own columns follows from the declaration alone
    assert type(game).source_rows is Game.source_rows


@pytest.mark.parametrize("key", sorted(GAMES))
def test_29_a_games_books_are_typed_by_its_state(key: str) -> None:
    """`ledger/rules/<game>/books.py` names the game's books `BooksOf[its state]`, so that the
    type checker knows `books.state` in the game's code (no `state: Any`)."""
    import importlib
    import typing

    from ledger.core.books import BooksOf

    game = load_game(key)
    books = importlib.import_module(f"ledger.rules.{key}.books").Books
    assert typing.get_origin(books) is BooksOf
    assert typing.get_args(books) == (game.state_type,)
