"""`ledger pending`, `ledger approve N`, `ledger reject N`: what players sent from their links
(`ledger serve --actions`) and the banker's decision on it (ledger/app/actions.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli.common import DEFAULT_WORKBOOK, JsonOpt, WorkbookOpt, existing, out_json, say
from ledger.cli.root import command

NumberArg = Annotated[
    int, typer.Argument(metavar="N", help="The action's number (ledger pending).")
]


@command(epilog="Example: ledger pending   (then: ledger approve 3, or ledger reject 3)")
def pending(workbook: WorkbookOpt = DEFAULT_WORKBOOK, as_json: JsonOpt = False) -> None:
    """What players sent from their links (`ledger serve --actions`) and waits for you: number,
    who, and the command it runs when approved."""

    from ledger.app.actions import waiting

    path = existing(workbook)
    found = waiting(path)
    if as_json:
        out_json(
            [
                {"n": a.n, "who": a.who, "command": a.command, "at": a.at, "state": a.state}
                for a in found
            ]
        )
        return
    if not found:
        say(_nothing_waits(path))
        return
    for a in found:
        print(f"{a.n:>4}  {a.at}  {a.who}: {a.command or a.kind}" + _being_applied(a))
    say("`ledger approve N` runs one as its command; `ledger reject N --why TEXT` refuses it.")


def _nothing_waits(path: Path) -> str:
    """`ledger pending` when nothing waits: that nothing does, and how many of the actions
    kept were decided, and how."""
    from collections import Counter

    from ledger.app.actions import listing

    decided = Counter(a.state for a in listing(path))
    if not decided:
        return "Nothing waits: no player has sent an action from their link yet."
    n = sum(decided.values())
    how = ", ".join(f"{k} {state}" for state, k in sorted(decided.items()))
    sent = "1 action sent from the links was" if n == 1 else f"{n} actions sent from the links were"
    return f"Nothing waits: {sent} decided ({how})."


def _being_applied(a: Any) -> str:
    state = a.state
    if state == "damaged":
        return f"  (damaged: {a.why}; it never runs: reject it)"
    if state == "undone":
        return "  (approved, then undone: approve it again, or reject it)"
    if state == "applying":
        return (
            "  (being applied; if nothing runs it now, approve or reject settles it by the history)"
        )
    return ""


@command(epilog="Example: ledger approve 3   (ledger pending lists the numbers)")
def approve(n: NumberArg, workbook: WorkbookOpt = DEFAULT_WORKBOOK) -> None:
    """Run a waiting action as its command, with the books as they are now (checked as the
    command is: refused if it is wrong now). Its history line says whose link it came from.
    One approved and then undone runs again; one a stopped run left being applied is settled
    by the history (saved: done; not saved: run now, once)."""

    from ledger.app.actions import DONE
    from ledger.app.deciding import FOUND_SAVED, approve
    from ledger.core.problems import ProblemsFound, problem

    done = approve(existing(workbook), n)
    if done.state == DONE and done.result == FOUND_SAVED:
        say(f"action {n} ({done.command}) was {FOUND_SAVED}: nothing more to run")
        return
    if done.state != DONE:
        say(f"action {n} ({done.command}) is refused; {done.who} sees why on their page.")
        raise ProblemsFound(
            [problem(p["code"], p["where"], p["message"], p.get("hint", "")) for p in done.problems]
        )
    print(done.result)
    say(f"approved action {n}: {done.command} (from {done.who}'s link)")


@command(epilog="Example: ledger reject 3 --why 'you landed on Lyra-3, not Lyra-2'")
def reject(
    n: NumberArg,
    why: Annotated[str, typer.Option("--why", help="What the player is told.")] = "",
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
) -> None:
    """Refuse a waiting action: it is not run; its player sees it refused (and why). Also
    closes one approved and then undone, or one a stopped run left being applied (if the
    history shows it saved, it stands: `ledger undo` takes it back)."""

    from ledger.app.deciding import reject as refuse

    done = refuse(existing(workbook), n, why)
    if done.state == "done":
        say(
            f"action {n} ({done.command}) was {done.result}: it stands; `ledger undo` takes it back"
        )
        return
    say(f"rejected action {n}: {done.command} (from {done.who}'s link)")
