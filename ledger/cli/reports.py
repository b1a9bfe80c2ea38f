"""`ledger statement`, `ledger report` and `ledger forecast`: compute in the game's rules,
lay out with the templates, write beside the workbook (or print 80 columns of text)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli.args import NegativeNumbers
from ledger.cli.common import (
    DEFAULT_WORKBOOK,
    JsonOpt,
    WorkbookOpt,
    _path,
    out_json,
    say,
    warn,
)
from ledger.cli.root import command

FormatOpt = Annotated[str, typer.Option("--format", "-f", help="html (default), pdf or text.")]
PaperOpt = Annotated[str, typer.Option("--paper", help="a4 (default) or letter.")]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="Folder for the files (default: statements/ beside the workbook)."),
]
FORMATS = ("html", "pdf", "text")


def _check_format(fmt: str, paper: str) -> None:
    if fmt not in FORMATS:
        say(f"ledger: --format must be one of {', '.join(FORMATS)}, not {fmt!r}")
        raise typer.Exit(2)
    if paper not in ("a4", "letter"):
        say(f"ledger: --paper must be a4 or letter, not {paper!r}")
        raise typer.Exit(2)


@command(
    epilog="Examples: ledger statement --all | ledger statement --player Ann --format pdf | ledger statement --player Ann --format text"
)
def statement(
    player: Annotated[str | None, typer.Option("--player", help="One player's statement.")] = None,
    all_players: Annotated[
        bool, typer.Option("--all", help="Every player's statement (the default).")
    ] = False,
    since: Annotated[
        int | None,
        typer.Option(
            "--since",
            help="The period starts on this day or round (default: after the statements of "
            "the last tick, so no line is in two statements).",
        ),
    ] = None,
    fmt: FormatOpt = "html",
    paper: PaperOpt = "a4",
    out: OutOpt = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
) -> None:
    """Each player's statement: money per bank, the period's journal lines, property, and what
    falls due next."""
    _check_format(fmt, paper)

    from ledger.app.after import renamed, statement_documents, typesetter, write_statements
    from ledger.app.campaign import campaign_books
    from ledger.app.pipeline import read_books
    from ledger.app.views import player_named
    from ledger.core.clock import Period

    path = _path(workbook)
    # the PDFs' typesetters import their typesetting while the workbook is read
    with typesetter(fmt, many=player is None) as pdfs:
        books, problems = read_books(path)
        warn(problems)
        every = [p.name for p in books.players]
        names = every if player is None else [player_named(books, player).name]
        if since is None:  # since the last tick's statements (before any: 30 days)
            period = books.statements_period(max(0, books.day - 30))
        else:
            period = Period(since=since)
        books = campaign_books(path, books, period)  # a closed period: its archive
        made = statement_documents(path, books, names, period, fmt, paper, out)
        written = write_statements(made, fmt, typesetter=pdfs)
    for name, p in zip(names, written, strict=False):
        say(f"wrote {p} ({name})")
    clashes = renamed([p.name for p in books.players])
    if clashes and fmt != "text":
        say("Names that make the same file name got distinct ones: " + ", ".join(clashes))


@command(epilog="Examples: ledger report patrol | ledger report game --format pdf")
def report(
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND", help="patrol (taxes, fines, crimes, trials) or game (standings)."
        ),
    ],
    since: Annotated[
        int | None,
        typer.Option("--since", help="The period starts on this day or round (default: 0)."),
    ] = None,
    fmt: FormatOpt = "html",
    paper: PaperOpt = "a4",
    out: OutOpt = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
) -> None:
    """The Patrol's report or the game summary."""
    _check_format(fmt, paper)

    from ledger.app.pipeline import read_books
    from ledger.io import render, typeset

    path = _path(workbook)
    books, problems = read_books(path)
    warn(problems)
    r = books.game.report(books, kind.strip().casefold(), since or 0)
    clock, last = books.game.clock, books.journal.next_id - 1
    r.moment = books.moment()
    r.period = r.period or (
        clock.span(since or 0, books.day) if clock.ticks else "every transaction"
    )
    if fmt == "text":
        render.report_text(r)
        return
    html = render.render_html("report.html.j2", paper, r=r, footer=f"{r.title} · {r.moment}")
    stem = f"{kind.strip().casefold()}-report-{clock.file_part(books.day, last)}"
    base = (out or path.parent / "statements") / stem
    target = (
        render.write_atomic(base.with_suffix(".pdf"), typeset.html_to_pdf(html))
        if fmt == "pdf"
        else render.write_atomic(base.with_suffix(".html"), html)
    )
    say(f"wrote {target}")


@command(epilog="Examples: ledger forecast | ledger forecast 90 --json", cls=NegativeNumbers)
def forecast(
    days_given: Annotated[str, typer.Argument(metavar="DAYS", help="How far ahead.")] = "30",
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
) -> None:
    """What falls due in the next DAYS for every player, from the same code the tick uses;
    changes nothing."""
    from ledger.cli.common import days_argument

    days = days_argument(days_given)

    from ledger.app.pipeline import read_books
    from ledger.io.render import tick_tables

    books, problems = read_books(_path(workbook))
    warn(problems)
    ahead = books.game.forecast(books, days)
    if as_json:
        out_json(tick_json(ahead))
    else:
        tick_tables(ahead)


@command(epilog="Example: ledger status --json")
def status(workbook: WorkbookOpt = DEFAULT_WORKBOOK, as_json: JsonOpt = False) -> None:
    """Where the game stands, in the game's own terms (whose turn, who owns what, who is out)."""

    from ledger.app.pipeline import read_books

    books, problems = read_books(_path(workbook))
    warn(problems)
    if as_json:
        out_json(books.game.status(books))
        return
    from ledger.io.render import status_table

    status_table(books.game.title, books.game.status_text(books))


def tick_json(report: Any) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for line in report.lines:
        entry = players.setdefault(line.player, {"charges": "0.00", "income": "0.00", "lines": []})
        entry["lines"].append(line.as_dict())
    for name, entry in players.items():
        charges, income = report.totals(name)
        entry["charges"], entry["income"] = f"{charges:.2f}", f"{income:.2f}"
    news = [line.as_dict() for line in report.news]
    return {"from_day": report.start, "to_day": report.end, "players": players, "news": news}
