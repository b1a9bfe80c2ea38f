"""`ledger tick`: the game's periodic charges, day by day (or round by round), then the
printable summary and the statements, with what was saved said truly."""

from __future__ import annotations

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
    say,
    warn,
)
from ledger.cli.reports import tick_json
from ledger.cli.root import command


@command(epilog="Examples: ledger tick 30 | ledger tick 360 --dry-run --json", cls=NegativeNumbers)
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

    from ledger.app.after import after_tick
    from ledger.app.tick import tick as advance

    path = _path(workbook)
    with _progress(days) as progress:
        done = advance(
            path,
            days,
            command=_describe("tick", str(days)),
            statements=not no_statements,
            tables=not as_json,
            dry_run=dry_run,
            force=force,
            progress=progress,
        )
    if dry_run:
        say("dry run: nothing was written.")
    warn(done.warnings)  # as every changing command says them (`_report`)
    for line in done.posted:
        say(f"posted {line}")
    if as_json:
        out_json(tick_json(done.report))
    elif done.tables is not None:
        from ledger.io.render import show

        show(done.tables)
    else:  # a dry run (or tables that could not be made before the save: they fail here)
        from ledger.io.render import tick_tables

        tick_tables(done.report)
    if done.documents is not None and done.books is not None:
        summary, files, clashes = after_tick(path, done.books, done.documents)
        say(f"Printable summary: {summary}")
        if files:
            say(f"Statements: {files[0].parent}/ ({len(files)} players)")
        if clashes:
            say("Names that make the same file name got distinct ones: " + ", ".join(clashes))


def _progress(days: int) -> Any:
    """The bar of a long tick on a terminal (what is done, said as each day is); else none."""
    import sys
    from contextlib import contextmanager, nullcontext

    if days < 60 or not sys.stderr.isatty():
        return nullcontext()

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
