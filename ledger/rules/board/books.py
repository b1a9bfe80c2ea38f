"""The books of a board played from a file, typed by its state (`State`)."""

from ledger.core.books import BooksOf
from ledger.rules.board.sheets import State

Books = BooksOf[State]
