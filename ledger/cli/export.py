"""`ledger export`: the whole journal for hledger, beancount or a spreadsheet (CSV)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ledger.cli.common import DEFAULT_WORKBOOK, WorkbookOpt, _path, run, say, warn
from ledger.cli.root import app


@app.command(
    epilog="Example: ledger export --format hledger --out game.journal && hledger -f game.journal balance"
)
def export(
    fmt: Annotated[
        str,
        typer.Option("--format", "-f", help="hledger, beancount or csv (one posting a row)."),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write to this file (default: print on stdout)."),
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
) -> None:
    """The whole journal in another tool's syntax: game day N is 2000-01-01 + N days; players'
    money is assets:cash:..., the bank and the game's institutions are equity:...; memo and rule
    on every transaction."""
    from ledger.io.export import FORMATS

    key = fmt.strip().casefold()
    if key not in FORMATS:
        say(f"ledger export: unknown format {fmt!r}; one of: {', '.join(FORMATS)}")
        raise typer.Exit(2)

    def action() -> None:
        from ledger.app import read_books
        from ledger.io.export import export as export_books

        books, problems = read_books(_path(workbook), light=True)
        chunks = export_books(books, key)
        if out is None:
            for chunk in chunks:
                sys.stdout.write(chunk)
        else:
            from ledger.io.render import write_atomic

            write_atomic(out, "".join(chunks))
            say(f"wrote {out}: {len(books.journal)} transactions, {key}")
        warn(problems)

    run(action)
