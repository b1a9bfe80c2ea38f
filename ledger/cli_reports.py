"""`ledger statement`, `ledger report` and `ledger forecast`: compute in the game's rules,
lay out with the templates, write beside the workbook (or print 80 columns of text)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli import DEFAULT_WORKBOOK, JsonOpt, WorkbookOpt, _path, app, out_json, run, say, warn
from ledger.cli_args import NegativeNumbers

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


def write_statements(
    workbook: Path,
    books: Any,
    names: list[str],
    since: int,
    fmt: str,
    paper: str,
    out: Path | None,
    days_ahead: int = 30,
) -> list[Path]:
    """Write (or print) one statement per player; the forecast is computed once for all."""
    from ledger.io import render

    ahead = books.game.forecast(books, days_ahead)
    folder = out or workbook.parent / "statements"
    stems = file_stems([p.name for p in books.players])
    written: list[Path] = []
    for name in names:
        player = books.player(name)
        s = books.game.statement(books, player, since, ahead)
        if fmt == "text":
            render.statement_text(s)
            continue
        html = render.render_html(
            "statement.html.j2", paper, s=s, footer=f"{s.player} · day {s.day}"
        )
        base = folder / f"{stems.get(name) or render.slug(name)}-day-{books.day:04d}"
        if fmt == "pdf":
            written.append(render.write_atomic(base.with_suffix(".pdf"), render.html_to_pdf(html)))
        else:
            written.append(render.write_atomic(base.with_suffix(".html"), html))
    return written


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


@app.command(
    epilog="Examples: ledger statement --all | ledger statement --player Ann --format pdf | ledger statement --player Ann --format text"
)
def statement(
    player: Annotated[str | None, typer.Option("--player", help="One player's statement.")] = None,
    all_players: Annotated[
        bool, typer.Option("--all", help="Every player's statement (the default).")
    ] = False,
    since: Annotated[
        int | None,
        typer.Option("--since", help="The period starts on this day (default: 30 days ago)."),
    ] = None,
    fmt: FormatOpt = "html",
    paper: PaperOpt = "a4",
    out: OutOpt = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
) -> None:
    """Each player's statement: money per bank, the period's journal lines, property, and what
    falls due next."""
    _check_format(fmt, paper)

    def go() -> None:
        from ledger.core.problems import ProblemsFound, problem
        from ledger.io.session import read_books

        path = _path(workbook)
        books, problems = read_books(path)
        warn(problems)
        if player is not None:
            one = books.player(player)
            if one is None:
                raise ProblemsFound(
                    [
                        problem(
                            "unknown-player",
                            "--player",
                            f"{player!r} is not a player",
                            "players: " + ", ".join(p.name for p in books.players),
                        )
                    ]
                )
            names = [one.name]
        else:
            names = [p.name for p in books.players]
        start = since if since is not None else max(0, books.day - 30)
        for name, p in zip(
            names, write_statements(path, books, names, start, fmt, paper, out), strict=False
        ):
            say(f"wrote {p} ({name})")
        clashes = renamed([p.name for p in books.players])
        if clashes and fmt != "text":
            say("Names that make the same file name got distinct ones: " + ", ".join(clashes))

    run(go)


@app.command(epilog="Examples: ledger report patrol | ledger report game --format pdf")
def report(
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND", help="patrol (taxes, fines, crimes, trials) or game (standings)."
        ),
    ],
    since: Annotated[
        int | None, typer.Option("--since", help="The period starts on this day (default: day 0).")
    ] = None,
    fmt: FormatOpt = "html",
    paper: PaperOpt = "a4",
    out: OutOpt = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
) -> None:
    """The Patrol's report or the game summary."""
    _check_format(fmt, paper)

    def go() -> None:
        from ledger.io import render
        from ledger.io.session import read_books

        path = _path(workbook)
        books, problems = read_books(path)
        warn(problems)
        r = books.game.report(books, kind.strip().casefold(), since or 0)
        if fmt == "text":
            render.report_text(r)
            return
        html = render.render_html("report.html.j2", paper, r=r, footer=f"{r.title} · day {r.day}")
        base = (out or path.parent / "statements") / f"{kind}-report-day-{books.day:04d}"
        target = (
            render.write_atomic(base.with_suffix(".pdf"), render.html_to_pdf(html))
            if fmt == "pdf"
            else render.write_atomic(base.with_suffix(".html"), html)
        )
        say(f"wrote {target}")

    run(go)


@app.command(epilog="Examples: ledger forecast | ledger forecast 90 --json", cls=NegativeNumbers)
def forecast(
    days: Annotated[int, typer.Argument(metavar="DAYS", help="How far ahead.")] = 30,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
) -> None:
    """What falls due in the next DAYS for every player, from the same code the tick uses;
    changes nothing."""
    if days < 1:
        from ledger.cli import fail
        from ledger.core.problems import problem

        fail([problem("bad-number", "DAYS", f"DAYS must be 1 or more, not {days}", "e.g. 30")])

    def go() -> None:
        from ledger.cli_property import _tick_json
        from ledger.io.render import tick_tables
        from ledger.io.session import read_books

        books, problems = read_books(_path(workbook))
        warn(problems)
        ahead = books.game.forecast(books, days)
        if as_json:
            out_json(_tick_json(ahead))
        else:
            tick_tables(ahead)

    run(go)
