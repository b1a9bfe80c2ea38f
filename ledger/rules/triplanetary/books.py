"""The books of this game, typed by its state (`State`): `books.state` is the game's own."""

from ledger.core.books import BooksOf
from ledger.rules.triplanetary.model import State

Books = BooksOf[State]
