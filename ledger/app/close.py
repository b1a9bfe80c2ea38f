"""`ledger close`: the Journal through a day (or round) into an archive workbook beside the
game's; `campaign` reads the campaign's whole journal back from the archives.

The archive is written once, with the books as they stand at the close (every sheet ledger
knows; its Journal the transactions closed), and never again: the live workbook names it and
its SHA-256 (Settings `closed_archive`, `closed_digest`, `closed_through`), and `check`
verifies it. An archive names the one before it the same way, so the chain reaches the first
day. The statements of the period still open are written by the close (as a tick writes its
own), so the next statements begin after the carried balances and never need the archive.

The archive is as safe as the workbook: it is in place (written, fsynced, read-only, renamed,
its folder fsynced) before the workbook that names it is saved, so no workbook ever names a
file that is not there. What a close that stops before its save leaves (the archive in place
or in its temporary file) is named by a note beside the workbook (`.NAME.xlsx.closing-PID`,
written first, removed last): the close removes it on any failure, the next command that takes
the lock when the close was killed (`store.clean_stale_temp_files`), and only while the
workbook is still the one the close read. An archive that a saved close left and an `undo`
did not move aside (a kill, or a busy lock, before it was noted) is taken by the retry as it is
when it holds the very transactions the retry closes; anything else there stops the close. The save's steps, for the crash tests
(`io.run.STEPS`): "archive-written" (the archive in its fsynced temporary file, and the note),
"archive-in-place" (renamed, the folder fsynced), then the workbook's own.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import msgspec

from ledger.core import closing
from ledger.core.books import Books
from ledger.core.journal import Journal, Transaction
from ledger.core.problems import Problem, ProblemsFound, problem


class Closed(msgspec.Struct):
    """What a close made: the archive (written to `tmp`, then renamed to `target` before the
    save: `placed`), its digest, the note that names them until the save is done, the
    statements of the period still open (path, HTML), how many transactions it closed and
    how many it left live."""

    target: Path | None = None
    tmp: Path | None = None
    note: Path | None = None
    placed: bool = False
    digest: str = ""
    statements: list[tuple[Path, str]] = msgspec.field(default_factory=list)
    closed: int = 0
    left: int = 0


def archive_path(path: Path, books: Books, through: int) -> Path:
    """`ledger-closed-0000-0360.xlsx`: the archive of the days (rounds) after the last close (from
    day 0) through `through`; `ledger-closed-txn-0001-0412.xlsx` where there is no clock."""
    live = [t for t in books.journal if t.kind != closing.KIND]
    if books.game.clock.ticks:  # from the day after the last close (from day 0 at first)
        last = _closed_through(books)
        first = last + 1 if last is not None else 0
        return path.with_name(f"{path.stem}-closed-{first:04d}-{through:04d}.xlsx")
    first, last_id = (live[0].id, live[-1].id) if live else (0, 0)
    return path.with_name(f"{path.stem}-closed-txn-{first:04d}-{last_id:04d}.xlsx")


def note_path(path: Path) -> Path:
    """The note a close keeps beside the workbook while its archive is not yet named by it."""
    return path.with_name(f".{path.name}.closing-{os.getpid()}")


def _closed_through(books: Books) -> int | None:
    values = books.settings.values
    last = values.get("closed_through")
    return last if values.get("closed_archive") and isinstance(last, int) else None


def close_books(
    path: Path, books: Books, through: int | None, made: Closed, dry_run: bool = False
) -> str:
    """Close `books` (read to change) through `through` (None: today): write the archive of
    the transactions dated up to it to a temporary file beside the workbook (not in a dry
    run), make the open period's statements, and open the live Journal with the balances
    carried, the later transactions after them. ProblemsFound when it cannot be closed."""
    from ledger.app.after import statement_documents

    clock = books.game.clock
    through = books.day if through is None or not clock.ticks else through
    unit = clock.unit or "day"
    txns = list(books.journal)
    found = closing.refusals(txns, through, books.day, unit, _closed_through(books))
    target = archive_path(path, books, through)
    taken = closing.taken(txns, through)
    closed, later = txns[: taken or 0], txns[taken or 0 :]
    there = "" if found or not target.exists() else _same_archive(target, books, closed)
    if there is None:
        found.append(
            problem(
                "archive-exists",
                str(target),
                "an archive of that name is already there, and it is not this close's",
                "ledger never writes an archive again; move it away if it is not this game's",
            )
        )
    if found:
        raise ProblemsFound(found)
    period = books.statements_period(max(0, books.day - 30))
    if period.of(books.journal):  # the open period's statements, as a tick writes them
        names = [p.name for p in books.players]
        made.statements = statement_documents(
            path, books, names, period, "html", "a4", None, closing=True
        )
    made.target = target
    made.closed = sum(1 for t in closed if t.kind != closing.KIND)
    made.left = len(later)
    if there:  # a close that saved and was undone before its archive was noted left it
        made.digest = there
    elif not dry_run:
        _write_archive(path, books, closed, made)
    books.journal = _live(books, closed, later, through, target.name, made.digest)
    books.journal_rows = {}
    values = books.settings.values
    values["closed_archive"], values["closed_digest"] = target.name, made.digest
    values["closed_through"] = through
    books.close_statements()
    said = f"close through {unit} {through}: {made.closed} transactions into {target.name}"
    if later:
        said += f"; {len(later)} later ones stay live, after the balances carried"
    return said


def _live(
    books: Books,
    closed: list[Transaction],
    later: list[Transaction],
    through: int,
    archive: str,
    digest: str,
) -> Journal:
    """The live Journal after the close: the balances carried, then the later transactions
    with their own numbers (closing.py says why the carried balances are then one
    transaction numbered as the last one closed)."""
    old = books.journal
    if not later:
        journal = Journal.after(books.currency, old.next_id)
        journal.post_all(closing.carried_drafts(old.balances(), archive, digest), through)
        return journal
    carried = closing.carried_before(closed, books.currency, through, archive, digest)
    return Journal(books.currency, [t for t in (carried, *later) if t is not None])


def _write_archive(path: Path, books: Books, closed: list[Transaction], made: Closed) -> None:
    """The note first (the workbook's digest as the close read it), then the archive: the
    books as they stand with the closed transactions for their Journal, in a temporary file
    beside the workbook, fsynced and read-only."""
    from ledger.io.history import fsync_dir
    from ledger.io.workbook import Loaded, write

    assert made.target is not None
    note = note_path(path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    fd = os.open(note, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    made.note = note
    try:
        os.write(fd, json.dumps({"archive": made.target.name, "workbook": before}).encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    fsync_dir(path.parent)
    archived = copy.copy(books)
    if len(closed) < len(books.journal):  # else the Journal as read, the banker's columns kept
        archived.journal = Journal.trusted(books.currency, closed, closing.balances_of(closed))
        archived.journal_rows = {}
    archived.balances_as_read = {}
    made.tmp = made.target.with_name(f".{made.target.name}.tmp-{os.getpid()}")
    write(made.tmp, Loaded(archived, []))
    with made.tmp.open("rb+") as f:
        os.fsync(f.fileno())
        made.digest = hashlib.sha256(f.read()).hexdigest()
    with contextlib.suppress(OSError):  # read-only from the start: never written again
        os.chmod(made.tmp, 0o444)
    _step("archive-written")


def _same_archive(target: Path, books: Books, closed: list[Transaction]) -> str | None:
    """The SHA-256 of the archive already at `target` when it is the one this close would
    write: this game's, after the same archive, holding the very transactions closed (an
    archive a close saved, then `undo` put its workbook back without moving it aside). None
    for anything else, which stays where it is and stops the close."""
    from ledger.io.workbook import load

    try:
        data = target.read_bytes()
        loaded, problems = load(target, data)
    except (OSError, ProblemsFound):
        return None
    mine, theirs = books.settings, loaded.books.settings
    same = (
        not any(p.is_error for p in problems)
        and theirs.identity() == mine.identity()
        and all(theirs.values.get(k) == mine.values.get(k) for k in CHAIN)
        and list(loaded.books.journal) == closed
    )
    return hashlib.sha256(data).hexdigest() if same else None


#: The settings by which an archive names the one before it.
CHAIN = ("closed_archive", "closed_digest", "closed_through")


def put_in_place(made: Closed) -> None:
    """Just before the workbook's save: the archive renamed into place, its folder fsynced."""
    from ledger.io.history import fsync_dir

    if made.tmp is None or made.target is None:
        return
    os.replace(made.tmp, made.target)
    made.placed = True
    fsync_dir(made.target.parent)
    _step("archive-in-place")


def finish(made: Closed, saved: bool) -> None:
    """After the save, or after it failed or was refused: if the workbook was not saved, the
    archive no workbook names is removed (and its temporary file); the note goes last."""
    if not saved:
        for leftover in (made.tmp, made.target if made.placed else None):
            if leftover is not None:
                with contextlib.suppress(FileNotFoundError):
                    leftover.unlink()
    if made.note is not None:
        with contextlib.suppress(OSError):
            made.note.unlink()


def _step(name: str) -> None:
    from ledger.io import run

    for hook in run.STEPS:
        hook(name)


def close(
    path: Path, through: int | None, *, force: bool = False, dry_run: bool = False
) -> tuple[Any, Closed, list[Path]]:
    """`ledger close`: under the writer lock, all or nothing, the archive in place before
    the workbook that names it is saved; then the open period's statements written, both
    noted for `undo` (which moves them aside). Returns the outcome, what the close made and
    the statements' files."""
    from ledger.app.after import after_save
    from ledger.app.pipeline import change
    from ledger.io import run, store
    from ledger.io.render import write_atomic

    made = Closed()

    def closed(books: Books) -> tuple[str, list[Problem], object]:
        return close_books(path, books, through, made, dry_run), [], made

    before = run.saved_in_this_run()
    try:
        outcome = change(
            path,
            closed,
            command=_command(through),
            force=force,
            dry_run=dry_run,
            prepare=lambda _books, _made: put_in_place(made),
        )
    finally:
        # saved: this run saved the workbook (whatever failed after the replace)
        finish(made, saved=run.saved_in_this_run() is not before)
    if dry_run:
        return outcome, made, []
    if made.target is not None:
        run.note_written(made.target)
    files: list[Path] = []
    try:
        with after_save("the statements of the period the close ended"):
            files = [write_atomic(p, doc) for p, doc in made.statements]
    finally:
        with contextlib.suppress(OSError):
            store.note_outputs(path, run.written_in_this_run())
    return outcome, made, files


def _command(through: int | None) -> str:
    return "close" if through is None else f"close --through {through}"
