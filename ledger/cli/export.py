"""`ledger export`: the whole journal for hledger, beancount or a spreadsheet (CSV)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from ledger.cli.common import DEFAULT_WORKBOOK, WorkbookOpt, _path, say, warn
from ledger.cli.root import command

#: Names that are workbooks: an export never goes there (it would replace a workbook with text).
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".xltx", ".xltm", ".ods")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def refuse_out(out: Path, workbook: Path, force: bool) -> None:
    """An export writes text: never over the workbook (by any path), never to a workbook's
    name, and over another file only with --force."""
    from ledger.core.problems import ProblemsFound, problem

    if _same_file(out, workbook):
        raise ProblemsFound(
            [
                problem(
                    "export-over-workbook",
                    "--out",
                    f"{out} is the workbook itself; the export would replace it",
                    "name a text file, e.g. --out game.journal or --out game.csv",
                )
            ]
        )
    if out.suffix.lower() in WORKBOOK_SUFFIXES:
        raise ProblemsFound(
            [
                problem(
                    "export-to-workbook-name",
                    "--out",
                    f"{out.name} is a workbook's name; an export is text",
                    f"name it {out.stem}.csv (or .journal, .beancount)",
                )
            ]
        )
    if not force and (out.exists() or out.is_symlink()):
        raise ProblemsFound(
            [
                problem(
                    "out-exists",
                    "--out",
                    f"{out} is already there",
                    "pick another name, or add --force to replace it",
                )
            ]
        )


@command(
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
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace the --out file if it is already there."),
    ] = False,
) -> None:
    """The whole journal in another tool's syntax: game day N is 2000-01-01 + N days; players'
    money is assets:cash:..., the bank and the game's institutions are equity:...; memo and rule
    on every transaction."""
    from ledger.app.export import FORMATS

    key = fmt.strip().casefold()
    if key not in FORMATS:
        say(f"ledger export: unknown format {fmt!r}; one of: {', '.join(FORMATS)}")
        raise typer.Exit(2)

    from ledger.app.export import export

    if out is not None:
        refuse_out(out, _path(workbook), force)
    count, chunks, problems = export(_path(workbook), key)  # the whole campaign, closes and all
    if out is None:
        for chunk in chunks:
            sys.stdout.write(chunk)
    else:
        from ledger.io.render import write_atomic

        write_atomic(out, "".join(chunks))
        say(f"wrote {out}: {count} transactions, {key}")
    warn(problems)
