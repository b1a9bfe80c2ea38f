"""`ledger tick`: the game's periodic charges, day by day (or round by round), then the
printable summary and the statements, with what was saved said truly."""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

import typer

from ledger.cli.args import NegativeNumbers
from ledger.cli.common import (
    DEFAULT_WORKBOOK,
    ForceOpt,
    JsonOpt,
    WorkbookOpt,
    _describe,
    _path,
    days_argument,
    out_json,
    run,
    say,
)
from ledger.cli.reports import tick_json
from ledger.cli.root import app


@app.command(
    epilog="Examples: ledger tick 30 | ledger tick 360 --dry-run --json", cls=NegativeNumbers
)
def tick(
    days_given: Annotated[
        str, typer.Argument(metavar="DAYS", help="How many days (or rounds) to advance.")
    ] = "1",
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would happen; write nothing.")
    ] = False,
    no_statements: Annotated[
        bool, typer.Option("--no-statements", help="Do not write the period's statements.")
    ] = False,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
    force: ForceOpt = False,
) -> None:
    """Advance the game DAYS days (or rounds), applying upkeep day by day exactly as the rules
    say."""
    days = days_argument(days_given)

    def go() -> None:
        from ledger.app import change as run_change
        from ledger.app import tick_documents

        path = _path(workbook)
        period: dict[str, Any] = {}  # what this attempt's statements cover
        with _progress(days) as progress:

            def change(books: Any) -> tuple[str, list[Any], object]:
                start = books.moment()
                period["covers"] = None if no_statements else books.statements_period(books.day)
                report = books.game.tick(books, days, progress)
                if not no_statements:  # the next statements begin after these
                    books.close_statements()
                return f"tick {days}: {start} -> {books.moment()}", [], report

            def documents(books: Any, report: Any) -> Any:
                # made before the save, shown after it (the save may wait for rows another
                # program wrote to be checked: this is made meanwhile)
                from ledger.io.render import tick_tables_text

                if progress is not None:
                    progress.done()  # the days are done (a second attempt draws no bar)
                files = tick_documents(path, books, report, statements=period["covers"])
                tables = None
                if not as_json:
                    with contextlib.suppress(Exception):  # else printed after the save
                        tables = tick_tables_text(report)
                return files, tables

            outcome = run_change(
                path,
                change,
                command=_describe("tick", str(days)),
                force=force,
                dry_run=dry_run,
                prepare=documents,
            )
        report: Any = outcome.data
        if dry_run:
            say("dry run: nothing was written.")
        books = None if dry_run else outcome.books
        for line in outcome.posted:
            say(f"posted {line}")
        prepared: Any = outcome.prepared
        files_made, tables = prepared or (None, None)
        if as_json:
            out_json(tick_json(report))
        elif tables is not None:
            from ledger.io.render import show

            show(tables)
        else:  # a dry run (or tables that could not be made before the save: they fail here)
            from ledger.io.render import tick_tables

            tick_tables(report)
        if files_made is not None and books is not None:
            from ledger.app import after_tick

            summary, files, clashes = after_tick(path, books, files_made)
            say(f"Printable summary: {summary}")
            if files:
                say(f"Statements: {files[0].parent}/ ({len(files)} players)")
            if clashes:
                say("Names that make the same file name got distinct ones: " + ", ".join(clashes))

    run(go)


class _NoProgress:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _progress(days: int) -> Any:
    import sys

    if days < 60 or not sys.stderr.isatty():
        return _NoProgress()
    from contextlib import contextmanager

    from rich.progress import Progress

    class Bar:
        def __init__(self, p: Progress) -> None:
            self.p, self.task = p, p.add_task(f"ticking {days} days", total=days)

        def __call__(self, n: int) -> None:
            self.p.update(self.task, completed=n)

        def done(self) -> None:
            self.p.stop()

    @contextmanager
    def bar() -> Any:
        with Progress(transient=True) as p:
            yield Bar(p)

    return bar()
