"""Names as a banker types them: one spelling for one name, nothing hidden in it, and a guess
when a name, item or event type is mistyped.

`Ánn` can be typed as one character (NFC) or as `A` plus a combining accent (NFD); both are
kept as NFC, so they are the same player, as are names that differ only in case or in spaces
(`Bo b`, `BO  B`). A zero-width space or a right-to-left override makes two names look alike
while they differ, so names may not hold invisible characters at all.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

#: Unicode categories nobody can see in a cell: format characters (zero-width space and
#: joiners, soft hyphen, byte-order mark, the text-direction marks, embeddings, overrides and
#: isolates) and control characters (tab, newline, ...).
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc"})


def normalize(name: str) -> str:
    """The one spelling a name is kept and looked up in (Unicode NFC)."""
    return unicodedata.normalize("NFC", name)


def name_key(name: str) -> str:
    """Two names with the same key are one name: `Ann` and `ANN`; `Ánn` typed as one character
    and as `A` plus a combining accent; `Bo b` and `Bo  b` (or a no-break space between), since
    nobody can tell runs of spaces apart on a statement or in another tool's account."""
    return " ".join(normalize(normalize(name).casefold()).split())


def invisible(text: str) -> str | None:
    """The first invisible character in `text`, described (`U+200B ZERO WIDTH SPACE`), or None."""
    for c in text:
        if unicodedata.category(c) in INVISIBLE_CATEGORIES:
            return f"U+{ord(c):04X} {unicodedata.name(c, 'CONTROL CHARACTER')}"
    return None


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice `word` most likely meant (`transprt` -> `transport`), ignoring case; None
    when nothing is close."""
    by_key: dict[str, str] = {}
    for choice in choices:
        by_key.setdefault(name_key(choice), choice)
    found = difflib.get_close_matches(name_key(word.strip()), list(by_key), n=1)
    return by_key[found[0]] if found else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`did you mean transport? ` to put before a hint, or "" when nothing is close."""
    guess = closest(word, choices)
    return f"did you mean {guess}? " if guess is not None else ""
