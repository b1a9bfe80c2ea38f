"""`ledger history`: the kept versions, newest first, for `ledger undo --to N`."""

from __future__ import annotations

from ledger.cli.common import DEFAULT_WORKBOOK, JsonOpt, WorkbookOpt, existing, out_json, say
from ledger.cli.root import command


@command(epilog="Example: ledger history   (then: ledger undo --to 3)")
def history(workbook: WorkbookOpt = DEFAULT_WORKBOOK, as_json: JsonOpt = False) -> None:
    """The versions kept for undo, newest first: number, command, when, the day (or round) it
    left the books at, and what it changed."""

    from ledger.app.history import entries

    found = entries(existing(workbook))
    if as_json:
        out_json([e.as_dict() for e in found])
        return
    if not found:
        say("No earlier version is kept: every command that changes the workbook keeps one.")
        return
    width = max(len(e.moment) for e in found)
    for e in found:
        print(f"{e.seq:>4}  {e.at}  {e.moment:<{width}}  {e.command}  ({e.changed})")
    say("`ledger undo --to N` goes back to the workbook as it was before version N's command.")
