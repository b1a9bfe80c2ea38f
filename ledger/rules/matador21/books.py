"""The books of this game, typed by its state (`State`): `books.state` is the game's own."""

from ledger.core.books import BooksOf
from ledger.rules.matador21.sheets import State

Books = BooksOf[State]
