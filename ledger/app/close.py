"""`ledger close`: the Journal through a day (or round) into an archive workbook beside the
game's; `campaign` reads the campaign's whole journal back from the archives.

The archive is written once, with the books as they stand at the close (every sheet ledger
knows; its Journal the transactions closed), and never again: the live workbook names it and its SHA-256 (Settings `closed_archive`,
`closed_digest`, `closed_through`), and `check` verifies it. An archive names the one before it
the same way, so the chain reaches the first day. The statements of the period still open are
written by the close (as a tick writes its own), so the next statements begin after the carried
balances and never need the archive.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ledger.core import closing
from ledger.core.books import Books
from ledger.core.journal import Journal, Transaction
from ledger.core.problems import Problem, ProblemsFound, problem


@dataclass
class Closed:
    """What a close made: the archive (written to `tmp` until the save, then `target`), its
    digest, the statements of the period still open (path, HTML), how many transactions it
    closed and how many it left live."""

    target: Path | None = None
    tmp: Path | None = None
    digest: str = ""
    statements: list[tuple[Path, str]] = field(default_factory=list)
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


def _closed_through(books: Books) -> int | None:
    values = books.settings.values
    last = values.get("closed_through")
    return last if values.get("closed_archive") and isinstance(last, int) else None


def close_books(path: Path, books: Books, through: int | None, made: Closed) -> str:
    """Close `books` (read to change) through `through` (None: today): write the archive of
    the transactions dated up to it to a temporary file beside the workbook, make the open
    period's statements, and open the live Journal with the balances carried, the later
    transactions after them. ProblemsFound when it cannot be closed."""
    from ledger.app.after import statement_documents
    from ledger.io.workbook import Loaded, write

    clock = books.game.clock
    through = books.day if through is None or not clock.ticks else through
    unit = clock.unit or "day"
    txns = list(books.journal)
    found = closing.refusals(txns, through, books.day, unit, _closed_through(books))
    target = archive_path(path, books, through)
    if not found and target.exists():
        found.append(
            problem(
                "archive-exists",
                str(target),
                "an archive of that name is already there",
                "ledger never writes an archive again; move it away if it is not this game's",
            )
        )
    if found:
        raise ProblemsFound(found)
    taken = closing.taken(txns, through)
    closed, later = txns[: taken or 0], txns[taken or 0 :]
    period = books.statements_period(max(0, books.day - 30))
    if period.of(books.journal):  # the open period's statements, as a tick writes them
        names = [p.name for p in books.players]
        made.statements = statement_documents(
            path, books, names, period, "html", "a4", None, closing=True
        )
    made.tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    made.target = target
    archived = copy.copy(books)  # the books as they stand, the transactions closed their Journal
    archived.journal = Journal.trusted(books.currency, closed, closing.balances_of(closed))
    archived.journal_rows, archived.balances_as_read = {}, {}
    write(made.tmp, Loaded(archived, []))
    made.digest = hashlib.sha256(made.tmp.read_bytes()).hexdigest()
    made.closed = sum(1 for t in closed if t.kind != closing.KIND)
    made.left = len(later)
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


def finish(made: Closed, saved: bool) -> None:
    """After the save: the archive put in place, read-only (never written again); if the
    save did not happen, the temporary file gone."""
    if made.tmp is None:
        return
    if saved and made.target is not None:
        os.replace(made.tmp, made.target)
        with contextlib.suppress(OSError):
            os.chmod(made.target, 0o444)
        return
    with contextlib.suppress(OSError):
        made.tmp.unlink()


def close(
    path: Path, through: int | None, *, force: bool = False, dry_run: bool = False
) -> tuple[Any, Closed, list[Path]]:
    """`ledger close`: under the writer lock, all or nothing; then the archive put in place and
    the open period's statements written, both noted for `undo` (which moves them aside).
    Returns the outcome, what the close made and the statements' files."""
    from ledger.app.after import after_save
    from ledger.app.pipeline import change
    from ledger.io import store
    from ledger.io.render import write_atomic

    made = Closed()

    def closed(books: Books) -> tuple[str, list[Problem], object]:
        return close_books(path, books, through, made), [], made

    saved = False
    try:
        outcome = change(path, closed, command=_command(through), force=force, dry_run=dry_run)
        saved = not dry_run
    finally:
        finish(made, saved)
    if not saved:
        return outcome, made, []
    if made.target is not None:
        store.note_written(made.target)
    files: list[Path] = []
    try:
        with after_save("the statements of the period the close ended"):
            files = [write_atomic(p, doc) for p, doc in made.statements]
    finally:
        with contextlib.suppress(OSError):
            store.note_outputs(path, store.written_in_this_run())
    return outcome, made, files


def _command(through: int | None) -> str:
    return "close" if through is None else f"close --through {through}"
