"""`ledger tick DAYS`: the game advanced day by day (or round by round) under the writer lock,
all or nothing; the period's statements and the printable summary made before the save and
written after it (`after.after_tick`), the terminal's tables rendered before it too."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from ledger.app.after import TickDocuments, tick_documents
from ledger.app.pipeline import change
from ledger.core.books import Books
from ledger.core.checks import MAX_DAY, too_far
from ledger.core.problems import Problem, ProblemsFound
from ledger.core.report import TickReport

#: What the tick calls with each day (or round) done, and `done()` once all are.
Progress = Callable[[int], None]


class Ticked(msgspec.Struct):
    """What a tick did: its report, the Events rows it posted, the books as saved (None in a
    dry run), the documents made before the save (None: none to write) and the terminal's
    tables as text (None: to be rendered from the report)."""

    report: TickReport
    posted: list[str]
    books: Books | None
    documents: TickDocuments | None
    tables: str | None
    #: what the read and the checks warn of (a kept figure its rows deny among them)
    warnings: list[Any] = msgspec.field(default_factory=list)


def days_of(raw: str) -> int:
    """DAYS of `tick` and `forecast` as typed: one whole number, 1 or more (a comma or a word
    refused as every number is, with its hint); `ProblemsFound` else."""
    from ledger.core.params import whole_number_problem
    from ledger.core.problems import problem

    try:
        days = int(raw.strip())
    except ValueError:
        raise ProblemsFound([whole_number_problem("DAYS", raw, "DAYS")]) from None
    if days < 1:
        raise ProblemsFound(
            [problem("bad-number", "DAYS", f"DAYS must be 1 or more, not {days}", "e.g. 30")]
        )
    if days > MAX_DAY:  # refused before anything is read: a tick of years
        raise ProblemsFound([too_far(days)])
    return days


def tick(
    path: Path,
    days: int,
    *,
    command: str,
    statements: bool = True,
    tables: bool = True,
    dry_run: bool = False,
    force: bool = False,
    progress: Any = None,
) -> Ticked:
    """Advance `days`. `statements`: write the period's statements (and move the mark where
    the next ones begin); `tables`: render the terminal's tables before the save."""
    period: dict[str, Any] = {}  # what this tick's statements cover
    advance = advancing(days, statements=statements, progress=progress, period=period)

    def documents(books: Books, report: TickReport) -> tuple[TickDocuments, str | None]:
        from ledger.io.render import tick_tables_text

        if progress is not None:
            progress.done()  # the days are done
        files = tick_documents(path, books, report, statements=period["covers"])
        text = None
        if tables:
            with contextlib.suppress(Exception):  # else rendered after the save
                text = tick_tables_text(report)
        return files, text

    outcome = change(
        path, advance, command=command, force=force, dry_run=dry_run, prepare=documents
    )
    made: TickDocuments | None = None
    text: str | None = None
    if outcome.prepared is not None:
        made, text = outcome.prepared
    books = None if dry_run else outcome.books
    return Ticked(outcome.data, outcome.posted, books, made, text, outcome.warnings)


def advancing(
    days: int,
    *,
    statements: bool = True,
    progress: Any = None,
    period: dict[str, Any] | None = None,
) -> Callable[[Books], tuple[str, list[Problem], TickReport]]:
    """The change of `tick DAYS`: the game advanced, the period its statements cover noted in
    `period["covers"]` and the next statements begun after it (`statements`)."""

    def advance(books: Books) -> tuple[str, list[Problem], TickReport]:
        if books.day + days > MAX_DAY:
            raise ProblemsFound([too_far(days, books.day)])
        start = books.moment()
        covers = books.statements_period(books.day) if statements else None
        if period is not None:
            period["covers"] = covers
        report = books.game.tick(books, days, progress)
        if statements:  # the next statements begin after these
            books.close_statements()
        return f"tick {days}: {start} -> {books.moment()}", [], report

    return advance
