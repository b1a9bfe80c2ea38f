"""The books kept between commands in one process (`ledger shell`, issue 39): a workbook read
once stays in memory with the SHA-256 of the bytes it was read from, and a later read of the
same workbook uses it only when the file is proven to be those bytes again (its digest, taken
at every read, inside the command's lock for a changing one). Anything else (a save by ledger,
Excel or LibreOffice, a copy put in its place) is read from the file as every command reads it.

It is a memo of the one read path (`ledger.io.workbook.load`), not a second one: what comes
out is what `load` gave for those bytes, and each caller gets its own copy (a command changes
the books it is given; the kept ones are never handed out). A one-shot command keeps nothing:
keeping is turned on only by the shell (`keep_books`), so nothing changes for the others.

A command that fails (refused, a full disk at the save) changes nothing on disk, so the file
still has the digest of the kept books: the next command uses them, the file's books.
"""

from __future__ import annotations

import copy
import hashlib
import threading
from pathlib import Path

import msgspec

from ledger.core.problems import Problem
from ledger.io.workbook import Loaded, load


class _Kept(msgspec.Struct):
    digest: str
    loaded: Loaded
    problems: list[Problem]


_lock = threading.Lock()
#: The books kept, by workbook (the newest read of each); None: keeping is off (one command).
_kept: dict[Path, _Kept] | None = None
#: How many reads found their books kept, and how many read the file (for the tests).
hits, reads = [0], [0]


def keep_books(on: bool = True) -> None:
    """Keep the books read from now on (the shell), or stop and forget them."""
    global _kept
    with _lock:
        _kept = {} if on else None


def keeping() -> bool:
    return _kept is not None


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_kept(path: Path, data: bytes) -> tuple[Loaded, list[Problem]]:
    """`load(path, data)`: the books kept for exactly these bytes (a copy of them) when there
    are, else read from the bytes (and, while keeping, kept)."""
    if _kept is None:
        return load(path, data)
    digest = digest_of(data)
    with _lock:
        found = _kept.get(path) if _kept is not None else None
    if found is not None and found.digest == digest:
        hits[0] += 1
        return _copy(found.loaded), list(found.problems)
    reads[0] += 1
    loaded, problems = load(path, data)  # a workbook that cannot be read raises: nothing kept
    with _lock:
        if _kept is not None:
            _kept[path] = _Kept(digest, _copy(loaded), list(problems))
    return loaded, problems


def kept_digest(path: Path) -> str | None:
    """The digest of the bytes the kept books of `path` were read from, if any are kept."""
    with _lock:
        found = _kept.get(path) if _kept is not None else None
    return found.digest if found is not None else None


def _copy(loaded: Loaded) -> Loaded:
    """A copy nothing done to it can reach the original through: every record and list
    copied, the game (rules and tables, never changed by a command) shared."""
    game = loaded.books.game
    return copy.deepcopy(loaded, {id(game): game})
