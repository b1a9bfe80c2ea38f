"""`ledger tick`, and `act`: how every game action runs through the safe pipeline (the
commands themselves are made from the actions' specs in cli_actions.py, so a command and an
Events row share one description and one code path)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli import (
    DEFAULT_WORKBOOK,
    ForceOpt,
    JsonOpt,
    WorkbookOpt,
    _describe,
    _path,
    _report,
    app,
    out_json,
    run,
    say,
)
from ledger.cli_args import NegativeNumbers


def act(
    action: str,
    given: dict[str, Any],
    where: dict[str, str],
    words: list[str | None],
    workbook: Path | None,
    force: bool,
) -> None:
    """Run one game action through the safe pipeline and report it."""
    given = {k: v for k, v in given.items() if v is not None and v is not False}

    def change(books: Any) -> tuple[str, list[Any], object]:
        summary, problems = books.game.apply(books, action, given, where, f"cli:{action}")
        return summary, problems, None

    def go() -> None:
        from ledger.io.session import change as run_change

        outcome = run_change(_path(workbook), change, command=_describe(*words), force=force)
        _report(outcome)

    run(go)


@app.command(
    epilog="Examples: ledger tick 30 | ledger tick 360 --dry-run --json", cls=NegativeNumbers
)
def tick(
    days: Annotated[int, typer.Argument(metavar="DAYS", help="How many days to advance.")] = 1,
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
    """Advance the game DAYS days, applying upkeep day by day exactly as the rules say."""
    if days < 1:
        from ledger.cli import fail
        from ledger.core.problems import problem

        fail([problem("bad-number", "DAYS", f"DAYS must be 1 or more, not {days}", "e.g. 30")])

    def go() -> None:
        from ledger.io.session import change as run_change

        with _progress(days) as progress:

            def change(books: Any) -> tuple[str, list[Any], object]:
                start = books.day
                report = books.game.tick(books, days, progress)
                return f"tick {days}: day {start} -> {books.day}", [], report

            outcome = run_change(
                _path(workbook),
                change,
                command=_describe("tick", str(days)),
                force=force,
                dry_run=dry_run,
            )
        report: Any = outcome.data
        if dry_run:
            say("dry run: nothing was written.")
        books = None if dry_run else outcome.books
        for line in outcome.posted:
            say(f"posted {line}")
        if as_json:
            out_json(_tick_json(report))
        else:
            from ledger.io.render import tick_tables

            tick_tables(report)
        if not dry_run and books is not None:
            _after_tick(_path(workbook), books, report, statements=not no_statements)

    run(go)


def _after_tick(path: Path, books: Any, report: Any, *, statements: bool) -> None:
    """What a tick writes after its save: the printable summary and the statements. A failure
    here says that the tick itself was saved (exit 4), and `undo` knows these files."""
    from ledger.cli import SavedBut, after_save
    from ledger.io import store
    from ledger.io.render import write_tick_summary

    written: list[Path] = []
    try:
        with after_save("the printable summary"):
            summary = write_tick_summary(path, books, report)
            written.append(summary)
        say(f"Printable summary: {summary}")
        if statements:
            from ledger.cli_reports import write_statements

            with after_save("the statements"):
                files = write_statements(
                    path,
                    books,
                    [p.name for p in books.players],
                    report.start,
                    "html",
                    "a4",
                    None,
                )
                written += files
            if files:
                from ledger.cli_reports import renamed

                say(f"Statements: {files[0].parent}/ ({len(files)} players)")
                clashes = renamed([p.name for p in books.players])
                if clashes:
                    say(
                        "Names that make the same file name got distinct ones: "
                        + ", ".join(clashes)
                    )
    except SavedBut:
        with contextlib.suppress(OSError):  # the first failure is the one to report
            store.note_outputs(path, written)
        raise
    with after_save("the history's note of the files this tick wrote (undo leaves them)"):
        store.note_outputs(path, written)


def _tick_json(report: Any) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for line in report.lines:
        entry = players.setdefault(line.player, {"charges": "0.00", "income": "0.00", "lines": []})
        entry["lines"].append(line.as_dict())
    for name, entry in players.items():
        charges, income = report.totals(name)
        entry["charges"], entry["income"] = f"{charges:.2f}", f"{income:.2f}"
    return {"from_day": report.start, "to_day": report.end, "players": players}


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

    @contextmanager
    def bar() -> Any:
        with Progress(transient=True) as p:
            task = p.add_task(f"ticking {days} days", total=days)
            yield lambda n: p.update(task, completed=n)

    return bar()
