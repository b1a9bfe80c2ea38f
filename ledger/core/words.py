"""Small words for messages: a count with its noun in the right number."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 unit`, `2 units`, `0 units`; `many` for a noun that does not just add an s
    (`plural(n, "party", "parties")`)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
