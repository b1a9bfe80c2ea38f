"""The books of this game, typed by its state (`EgonBook`): `books.state` is the game's own."""

from ledger.core.books import BooksOf
from ledger.rules.egon.sheets import EgonBook

Books = BooksOf[EgonBook]
