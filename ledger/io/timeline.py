"""The kept versions as a story (`ledger history`) and going back to one of them in one step
(`ledger undo --to N`).

Version N is the workbook as it was *before* the command numbered N changed it (the history
keeps it in `.NAME.xlsx.history/00000N.xlsx`). `history` lists the commands newest first, each
with the game day (or round) it left the books at and what it changed: the transactions it
added or took away and the day it moved, found by reading the version before it and the one
after (the next kept version, or the workbook itself for the newest).

`undo --to N` puts version N back *through the store*, as a change like any other: the
workbook as it is now is kept as a new version, so `ledger undo` takes the jump back again.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

import msgspec

from ledger import owned
from ledger.core.problems import ProblemsFound, problem
from ledger.io import run, store
from ledger.io.history import Aside, Version, history_dir, move_aside, note_moved, versions
from ledger.io.load import load
from ledger.io.undo import copy_kept, refuse_damaged


class State(msgspec.Struct, frozen=True):
    """What a version of the workbook says: its day and how many transactions it holds."""

    day: int | None
    transactions: int | None
    #: the day in the game's words (`day 30`, `after round 2`)
    moment: str = ""


class Entry(msgspec.Struct, frozen=True):
    """One command in the history: version `seq` is the workbook before it."""

    seq: int
    command: str
    at: str
    summary: str
    #: the day (or round) the command left the books at; None when that version is unreadable
    day: int | None
    changed: str
    #: where the command left the books, in the game's words ("?" when unreadable)
    moment: str = "?"

    def as_dict(self) -> dict[str, object]:
        return {
            "version": self.seq,
            "command": self.command,
            "at": self.at,
            "day": self.day,
            "changed": self.changed,
            "summary": self.summary,
        }


def state_of(path: Path) -> State:
    try:
        loaded, _ = load(path)
    except (ProblemsFound, OSError, ValueError):
        return State(None, None)
    books = loaded.books
    return State(books.day, len(books.journal), books.moment())


def believed(path: Path, v: Version) -> Path | None:
    """The kept file of `v` when it is a plain file of this account's alone, else None (what
    another account put there is not read, not even for its day)."""
    where = history_dir(path) / v.file
    try:
        st = os.lstat(where)
    except OSError:
        return None
    return where if stat.S_ISREG(st.st_mode) and owned.ours_alone(st) else None


def _state_of_kept(path: Path, v: Version) -> State:
    where = believed(path, v)
    return state_of(where) if where is not None else State(None, None)


def changed(before: State, after: State) -> str:
    """What a command changed, in a few words: "+3 transactions, day 30 -> 45"."""
    if None in (before.day, after.day, before.transactions, after.transactions):
        return "not readable"
    assert before.transactions is not None and after.transactions is not None
    words = []
    added = after.transactions - before.transactions
    if added:
        noun = "transaction" if abs(added) == 1 else "transactions"
        words.append(f"{added:+d} {noun}")
    if before.day != after.day:
        words.append(f"{before.moment} -> {after.moment}")
    return ", ".join(words) or "no money moved"


def entries(path: Path) -> list[Entry]:
    """The kept versions, newest first, each with what its command changed."""
    kept = [v for v in versions(path) if v.state == "done"]
    states = [_state_of_kept(path, v) for v in kept] + [state_of(path)]
    out = [
        Entry(
            v.seq,
            v.command,
            v.at,
            v.summary,
            states[i + 1].day,
            changed(states[i], states[i + 1]),
            states[i + 1].moment or "?",
        )
        for i, v in enumerate(kept)
    ]
    return out[::-1]


def find(path: Path, seq: int) -> Version:
    kept = [v for v in versions(path) if v.state == "done"]
    for v in kept:
        if v.seq == seq:
            source = history_dir(path) / v.file
            if not source.is_file():
                raise ProblemsFound(
                    [
                        problem(
                            "history-missing",
                            str(source),
                            f"version {seq} is gone from the history folder",
                            "`ledger history` lists the versions kept",
                        )
                    ]
                )
            return v
    refuse_damaged(path)  # a version before a damaged line of the log is not gone back to
    numbers = ", ".join(str(v.seq) for v in kept[::-1]) or "none"
    raise ProblemsFound(
        [
            problem(
                "no-such-version",
                "--to",
                f"there is no kept version {seq}",
                f"versions kept (newest first): {numbers}; `ledger history` lists them",
            )
        ]
    )


def undo_to(path: Path, seq: int) -> tuple[Version, Aside]:
    """Put version `seq` back as a new save (call holding the writer lock): the workbook as
    it is now becomes the newest kept version, so the jump can itself be undone. What the
    commands it undoes wrote after their saves (summaries, statements) is moved aside, as
    `undo` does for one command."""
    entries = versions(path)
    version = find(path, seq)
    undone = [v for v in entries if v.state == "done" and v.seq >= seq]
    source = history_dir(path) / version.file
    state = state_of(source)
    where = state.moment if state.day is not None else "its day unreadable"

    def write(tmp: Path) -> None:
        copy_kept(path, version, entries, tmp)  # only the bytes ledger kept

    store.save(
        path,
        write,
        command=f"undo --to {seq}",
        summary=f"back to version {seq} (before `{version.command}`), {where}",
    )
    aside = move_aside(path, undone)
    saved = run.saved_in_this_run()
    if saved is not None:
        with contextlib.suppress(OSError):
            note_moved(path, saved[1], aside)  # undoing this jump puts them back
    return version, aside
