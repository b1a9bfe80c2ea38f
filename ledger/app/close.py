"""`ledger close`: the Journal through a day (or round) into an archive workbook beside the
game's; `campaign` reads the campaign's whole journal back from the archives.

The archive is written once, with the books as they stand at the close (every sheet ledger
knows), and never again: the live workbook names it and its SHA-256 (Settings `closed_archive`,
`closed_digest`, `closed_through`), and `check` verifies it. An archive names the one before it
the same way, so the chain reaches the first day. The statements of the period still open are
written by the close (as a tick writes its own), so the next statements begin after the carried
balances and never need the archive.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ledger.core import closing
from ledger.core.books import Books
from ledger.core.journal import Journal
from ledger.core.problems import Problem, ProblemsFound, problem


@dataclass
class Closed:
    """What a close made: the archive (written to `tmp` until the save, then `target`), its
    digest, the statements of the period still open (path, HTML)."""

    target: Path | None = None
    tmp: Path | None = None
    digest: str = ""
    statements: list[tuple[Path, str]] = field(default_factory=list)
    closed: int = 0


def archive_path(path: Path, books: Books, through: int) -> Path:
    """`ledger-closed-0000-0360.xlsx`: the archive of the days (rounds) after the last close (from
    day 0) through `through`; `ledger-closed-txn-0001-0412.xlsx` where there is no clock."""
    live = [t for t in books.journal if t.kind != closing.KIND]
    if books.game.clock.ticks:  # from the day after the last close (from day 0 at first)
        closed = books.settings.values.get("closed_archive")
        last = books.settings.values.get("closed_through")
        first = last + 1 if closed and isinstance(last, int) else 0
        return path.with_name(f"{path.stem}-closed-{first:04d}-{through:04d}.xlsx")
    first, last = (live[0].id, live[-1].id) if live else (0, 0)
    return path.with_name(f"{path.stem}-closed-txn-{first:04d}-{last:04d}.xlsx")


def close_books(path: Path, books: Books, through: int | None, made: Closed) -> str:
    """Close `books` (read to change) through `through` (None: today): write the archive to a
    temporary file beside the workbook, make the open period's statements, and open the live
    Journal with the carried balances. ProblemsFound when it cannot be closed."""
    from ledger.app.after import statement_documents
    from ledger.io.workbook import Loaded, write

    clock = books.game.clock
    through = books.day if through is None or not clock.ticks else through
    found = closing.refusals(books.journal, through, books.day, clock.unit or "day")
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
    period = books.statements_period(max(0, books.day - 30))
    if period.of(books.journal):  # the open period's statements, as a tick writes them
        names = [p.name for p in books.players]
        made.statements = statement_documents(
            path, books, names, period, "html", "a4", None, closing=True
        )
    made.tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    made.target = target
    write(made.tmp, Loaded(books, []))
    made.digest = hashlib.sha256(made.tmp.read_bytes()).hexdigest()
    old = books.journal
    made.closed = sum(1 for t in old if t.kind != closing.KIND)
    journal = Journal.after(books.currency, old.next_id)
    journal.post_all(closing.carried_drafts(old.balances(), target.name, made.digest), through)
    books.journal, books.journal_rows = journal, {}
    values = books.settings.values
    values["closed_archive"], values["closed_digest"] = target.name, made.digest
    values["closed_through"] = through
    books.close_statements()
    unit = clock.unit or "day"
    return f"close through {unit} {through}: {made.closed} transactions into {target.name}"


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
