"""The books of a board played from a file, typed by its state (`State`)."""

from ledger.core.books import BooksOf
from ledger.rules.boardfile.sheets import State

Books = BooksOf[State]
