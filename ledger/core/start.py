"""A new game's books: default settings, the players, and the starting money on day 0."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.core.books import PLAYER_ROLE, Books, Player
from ledger.core.game import Game
from ledger.core.journal import Journal
from ledger.core.names import normalize
from ledger.core.params import TextFile
from ledger.core.problems import ProblemsFound
from ledger.core.settings import Settings


def new_books(
    game: Game,
    players: Sequence[str],
    special: Mapping[str, str] | str | None,
    seed: int,
    source: TextFile | None = None,
) -> Books:
    """The books of a new game. `special`: who holds the game's special roles (role key ->
    name), or one name for the game's first special role; `source`: the file the game's rules
    come from (`Game.source_option`), refused with every mistake it holds."""
    values = {s.key: s.default for s in game.all_settings()}
    values.update(game=game.key, day=0, seed=seed, currency=game.currency)
    settings = Settings(values)
    people = [Player(normalize(name), PLAYER_ROLE) for name in players]
    if isinstance(special, str):
        special = {game.roles[0].key if game.roles else "special": special}
    for role, name in (special or {}).items():
        if name:
            people.append(Player(normalize(name), role))
    people = [
        Player(p.name, p.role, tuple((k, v) for k, v in game.new_player_extra(p)))  # type: ignore[misc]
        for p in people
    ]
    books = Books(game, settings, people, Journal(game.currency))
    game.new_state(books)
    if source is not None:
        found = game.start_from(books, source)
        if found:
            raise ProblemsFound(found)
    books.journal.post_all(game.opening(people, settings), day=0)
    return books
