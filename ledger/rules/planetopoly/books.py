"""The books of this game, typed by its state (`Board`): `books.state` is the game's own."""

from ledger.core.books import BooksOf
from ledger.rules.planetopoly.sheets import Board

Books = BooksOf[Board]
