"""`ledger close`: a long campaign closed, not grown (the app's `close`)."""

from __future__ import annotations

from typing import Annotated

import typer

from ledger.cli.common import DEFAULT_WORKBOOK, ForceOpt, WorkbookOpt, _path, say, warn
from ledger.cli.root import command


@command(epilog="Examples: ledger close --through 360 | ledger close --through 360 --dry-run")
def close(
    through: Annotated[
        int | None,
        typer.Option(
            "--through",
            help="The last day (or round) to close; default: today. An earlier day leaves "
            "the later transactions live. A game without days closes every transaction.",
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Say what would be closed; write nothing.")
    ] = False,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Close the Journal through a day: the transactions dated up to it go into an archive
    workbook beside this one (never written again), the live Journal opens with the balances
    carried from it, the later transactions after them. Balances, ticks and pays read only the live workbook; statements of closed periods,
    the export and the served pages still see everything. `ledger undo` takes a close back."""

    from ledger.app.close import close as close_books

    outcome, made, files = close_books(_path(workbook), through, force=force, dry_run=dry_run)
    warn(outcome.warnings)  # as every changing command says them (`_report`)
    if dry_run:
        say(f"{outcome.summary}; dry run: nothing was written.")
        return
    say(f"{outcome.summary} (SHA-256 {made.digest[:12]}; read-only from now on).")
    if files:
        say(f"Statements of the period it ended: {files[0].parent}/ ({len(files)} players)")
    say("Next: ledger balance shows the balances carried; ledger check verifies the archive.")
