"""What a command writes after its save (the tick's printable summary, the statements), as a
step of its own that says what was saved when it fails (`SavedBut`)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import msgspec

from ledger.core.books import Books, Player
from ledger.core.clock import Period
from ledger.core.problems import (
    ProblemsFound,
    SavedBut,
)
from ledger.core.report import Statement, TickReport
from ledger.io import run, store


@contextlib.contextmanager
def after_save(what: str) -> Iterator[None]:
    """Work a command does after its save (the summary, the statements): a failure there
    is reported as such, never as "nothing was written"."""
    from ledger.io import store

    try:
        yield
    except ProblemsFound as exc:
        raise SavedBut(what, exc.problems) from None
    except OSError as exc:
        raise SavedBut(what, store.os_problem(exc).problems) from None


def typesetter(fmt: str, many: bool) -> Any:
    """What will typeset a command's PDFs (a context manager): for many PDFs, processes that
    start now and import the typesetting while the command reads the workbook; else nothing
    is started (`write_statements` typesets here)."""
    import os

    from ledger.io.typeset import Typesetter

    return Typesetter((os.cpu_count() or 1) if fmt == "pdf" and many else 1)


def write_statements(made: list[tuple[Path, str]], fmt: str, typesetter: Any = None) -> list[Path]:
    """Write the statements `statement_documents` made, the players' PDFs typeset side by
    side on the processors there are (by `typesetter`, a `typeset.Typesetter` started early,
    when given)."""
    from ledger.io import render, typeset

    paths, documents = [p for p, _ in made], [d for _, d in made]
    pdfs = typeset.htmls_to_pdfs if typesetter is None else typesetter.pdfs
    data: list[str | bytes] = [*pdfs(documents)] if fmt == "pdf" else [*documents]
    return [render.write_atomic(path, doc) for path, doc in zip(paths, data, strict=True)]


def statement_documents(
    workbook: Path,
    books: Any,
    names: list[str],
    period: Period,
    fmt: str,
    paper: str,
    out: Path | None,
    days_ahead: int = 30,
    *,
    by_tick: bool = False,
    closing: bool = False,
    step: int | None = None,
) -> list[tuple[Path, str]]:
    """Each player's statement as HTML, and the file it goes to (a PDF's: the HTML to
    typeset), or printed here (`text`); the forecast is computed once for all. A file is named
    after the moment: the tick's by the last step it played (`step`, its report's end:
    `Ann-day-0030`), any other by the step and the last transaction (`Ann-day-0030-txn-0014`),
    so none replaces another's. (The step it played, not the books' day: in a game whose day
    is the round under way, a tick that ends the game does so in the round the tick before it
    ended on.) A PDF is the statement as printed (`core.printable`: long lists grouped, so a
    few pages)."""
    from ledger.core import printable
    from ledger.core.journal_digest import journal_digest
    from ledger.io import render

    ahead = books.game.forecast(books, days_ahead)
    folder = out or workbook.parent / "statements"
    stems = file_stems([p.name for p in books.players])
    paths: list[Path] = []
    documents: list[str] = []
    clock, last = books.game.clock, None if by_tick else books.journal.next_id - 1
    words = period.words(clock, books.day, period.of(books.journal))
    moment = books.moment()
    for name in names:
        player = books.player(name)
        s = statement_of(books, player, period, ahead)
        s.period, s.moment = words, moment
        if fmt == "text":
            render.statement_text(s)
            continue
        footer = f"{s.player} · {moment}"
        if fmt == "pdf":
            shown = printable.printed(s, journal_digest(books, player, period))
            html = render.render_html(
                "statement.html.j2", paper, s=shown, footer=footer, printing=True
            )
        else:
            html = render.render_html("statement.html.j2", paper, s=s, footer=footer)
        at = clock.file_part(books.day if step is None else step, last)
        part = at + ("-closed" if closing else "")
        base = folder / f"{stems.get(name) or render.slug(name)}-{part}"
        paths.append(base.with_suffix(f".{fmt}"))
        documents.append(html)
    return list(zip(paths, documents, strict=True))


def file_stems(names: list[str]) -> dict[str, str]:
    """Each player's file name: the name made safe for a file, and distinct for every player
    even where two names make the same one (`Ann!`, `Ann?` and `Ann`; a case-blind disk):
    a name that is already safe keeps it, the others get `-2`, `-3`, ... in player order."""
    from ledger.io.render import slug

    taken: set[str] = set()
    out: dict[str, str] = {}
    for name in sorted(names, key=lambda n: slug(n) != n):  # stable: the safe names first
        base = stem = slug(name)
        n = 2
        while stem.casefold() in taken:
            stem, n = f"{base}-{n}", n + 1
        taken.add(stem.casefold())
        out[name] = stem
    return out


def renamed(names: list[str]) -> list[str]:
    """`Ann? -> Ann-2` for each player whose file name is not just their name made safe."""
    from ledger.io.render import slug

    stems = file_stems(names)
    return [f"{n} -> {stems[n]}" for n in names if stems[n] != slug(n)]


class TickDocuments(msgspec.Struct, frozen=True):
    """What a tick writes after its save, each file's path and text: the printable summary,
    the statements (none asked for: empty); `failed`: the step whose document could not be
    made, and why (raised after the save, as if it had been made then)."""

    summary: tuple[Path, str] | None
    statements: list[tuple[Path, str]]
    failed: Exception | None = None


def tick_documents(
    path: Path, books: Books, report: Any, *, statements: Period | None
) -> TickDocuments:
    """The tick's documents, made from the books as they will be saved (`statements`: the
    period they cover, none when none are asked for). Made before the save
    (`pipeline.change`'s `prepare`), while the save may still wait for the rows another
    program wrote to be checked. One that cannot be made does not stop the save: its failure
    is said after it, "saved, but" (`after_tick`), as when they were made after the save."""
    from ledger.io.render import tick_summary

    names = [p.name for p in books.players]
    summary = None
    try:
        summary = tick_summary(path, books, report)
        made = (
            statement_documents(
                path, books, names, statements, "html", "a4", None, by_tick=True, step=report.end
            )
            if statements is not None
            else []
        )
    except Exception as exc:
        return TickDocuments(summary, [], exc)
    return TickDocuments(summary, made)


def after_tick(
    path: Path, books: Books, documents: TickDocuments
) -> tuple[Path, list[Path], list[str]]:
    """What a tick writes after its save: the printable summary and the statements (and the
    names that had to get distinct file names). A failure here is `SavedBut`: the tick itself
    was saved, and `undo` knows these files."""
    from ledger.io.render import write_atomic

    # what `undo` moves aside is every file this command put in place (store.note_written)
    files: list[Path] = []
    failed = documents.failed
    try:
        with after_save("the printable summary"):
            if documents.summary is None:  # it could not be made: `failed` says why
                raise cast(Exception, failed)
            summary = write_atomic(*documents.summary)
        if documents.statements or failed is not None:
            with after_save("the statements"):
                if failed is not None:  # they could not be made
                    raise failed
                files = [write_atomic(p, doc) for p, doc in documents.statements]
    except (SavedBut, KeyboardInterrupt):
        with contextlib.suppress(OSError):  # the first failure is the one to report
            store.note_outputs(path, run.written_in_this_run())
        raise
    with after_save("the history's note of the files this tick wrote (undo leaves them)"):
        store.note_outputs(path, run.written_in_this_run())
    return summary, files, renamed([p.name for p in books.players]) if files else []


def statement_of(books: Books, player: Player, period: Period, ahead: TickReport) -> Statement:
    """The game's statement of a player, or the plain one for a game that has none of its own
    (money per account, the period's lines, the cash chart, what falls due)."""
    from ledger.core.books import Game
    from ledger.core.statement_parts import plain_statement

    if type(books.game).statement is Game.statement:
        return plain_statement(books, player, period, ahead)
    return books.game.statement(books, player, period, ahead)
