"""`ledger export`: the whole campaign's journal in another tool's own syntax (io/export.py holds
the mapping)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ledger.core.problems import Problem
from ledger.io.export import FORMATS
from ledger.io.export import export as _export

__all__ = ["FORMATS", "export"]


def export(path: Path, key: str) -> tuple[int, Iterable[str], list[Problem]]:
    """The number of transactions, the export's text in chunks, of the whole campaign (the
    closed periods' archives included), and the warnings of the read."""
    from ledger.app.campaign import campaign_books
    from ledger.app.pipeline import read_books

    books, problems = read_books(path)
    books = campaign_books(path, books)
    return len(books.journal), _export(books, key), problems
