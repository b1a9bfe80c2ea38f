"""Commands that create and keep property, and `ledger tick` (Triplanetary V/2 today).

Each command hands its raw arguments to the game's action of the same name: the Events sheet
calls the same code with a typed row.
"""

from __future__ import annotations

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

office_app = typer.Typer(
    help="Open and close offices (§8).", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(office_app, name="office")


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
    epilog="Examples: ledger buy Ann packet --name Nomad --at Ceres | ledger buy Ann mark-i-torpedo 2 --ship Nomad"
)
def buy(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    item: Annotated[
        str,
        typer.Argument(
            metavar="ITEM",
            help="A §38 item: transport, packet, corsair, base, recreation-module, mark-i-torpedo, ...",
        ),
    ],
    qty: Annotated[int, typer.Argument(metavar="QTY", help="How many.")] = 1,
    name: Annotated[
        str | None, typer.Option("--name", help="Name of the new ship or base.")
    ] = None,
    at: Annotated[
        str | None,
        typer.Option(
            "--at", help="Where it is built (a planet or moon; default: where the player is)."
        ),
    ] = None,
    ship: Annotated[
        str | None, typer.Option("--ship", help="The ship whose hold equipment goes into.")
    ] = None,
    base: Annotated[
        str | None, typer.Option("--base", help="The base a module or equipment goes to.")
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Buy anything on the §38 price list, paid in advance (§12); ships and bases are built in 30 days per attack factor."""
    act(
        "buy",
        {
            "player": player,
            "item": item,
            "qty": qty,
            "name": name,
            "at": at,
            "ship": ship,
            "base": base,
        },
        {
            "player": "PLAYER",
            "item": "ITEM",
            "qty": "QTY",
            "name": "--name",
            "at": "--at",
            "ship": "--ship",
            "base": "--base",
        },
        [
            "buy",
            player,
            item,
            str(qty),
            *(("--name", name) if name else ()),
            *(("--at", at) if at else ()),
            *(("--ship", ship) if ship else ()),
            *(("--base", base) if base else ()),
        ],
        workbook,
        force,
    )


@app.command(epilog="Example: ledger hire Ann --ship Nomad --crews 2")
def hire(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    ship: Annotated[str | None, typer.Option("--ship")] = None,
    base: Annotated[str | None, typer.Option("--base")] = None,
    mine: Annotated[str | None, typer.Option("--mine")] = None,
    crews: Annotated[int, typer.Option("--crews", help="How many crews.")] = 1,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Hire crews: 2 KC each, 4 KC for an owner whose crews have quit before (§13)."""
    act(
        "hire",
        {"player": player, "ship": ship, "base": base, "mine": mine, "crews": crews},
        {
            "player": "PLAYER",
            "ship": "--ship",
            "base": "--base",
            "mine": "--mine",
            "crews": "--crews",
        },
        [
            "hire",
            player,
            *(("--ship", ship) if ship else ()),
            *(("--base", base) if base else ()),
            *(("--mine", mine) if mine else ()),
            "--crews",
            str(crews),
        ],
        workbook,
        force,
    )


@app.command(epilog="Example: ledger discharge C3")
def discharge(
    crew: Annotated[str, typer.Argument(metavar="CREW")],
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Discharge a crew: its owner pays back wages and 14 days' severance (§13)."""
    act("discharge", {"crew": crew}, {"crew": "CREW"}, ["discharge", crew], workbook, force)


@app.command(epilog="Example: ledger supply Ann --ship Nomad --months 3")
def supply(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    months: Annotated[
        int, typer.Option("--months", help="Months of supplies for the crews there.")
    ],
    ship: Annotated[str | None, typer.Option("--ship")] = None,
    base: Annotated[str | None, typer.Option("--base")] = None,
    mine: Annotated[str | None, typer.Option("--mine")] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Buy supplies: 1 KC per crew-month; a ship stores 3 months, more goes in its hold (§14, §38)."""
    act(
        "supply",
        {"player": player, "ship": ship, "base": base, "mine": mine, "months": months},
        {
            "player": "PLAYER",
            "ship": "--ship",
            "base": "--base",
            "mine": "--mine",
            "months": "--months",
        },
        [
            "supply",
            player,
            *(("--ship", ship) if ship else ()),
            *(("--base", base) if base else ()),
            *(("--mine", mine) if mine else ()),
            "--months",
            str(months),
        ],
        workbook,
        force,
    )


@app.command(epilog="Example: ledger fuel Ann --ship Nomad 10")
def fuel(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    units: Annotated[int, typer.Argument(metavar="UNITS")],
    ship: Annotated[str, typer.Option("--ship")],
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Buy fuel for a ship: 1 KC a unit, up to its tank (§15, §38)."""
    act(
        "fuel",
        {"player": player, "ship": ship, "units": units},
        {"player": "PLAYER", "ship": "--ship", "units": "UNITS"},
        ["fuel", player, "--ship", ship, str(units)],
        workbook,
        force,
    )


@office_app.command("open", epilog="Example: ledger office open Ann --at Mars")
def office_open(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    at: Annotated[str, typer.Option("--at", help="A planet, moon or base.")],
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Open an office: 10 KC and 5 KC for the first 30 days in advance (§8)."""
    act(
        "office-open",
        {"player": player, "at": at},
        {"player": "PLAYER", "at": "--at"},
        ["office", "open", player, "--at", at],
        workbook,
        force,
    )


@office_app.command("close", epilog="Example: ledger office close O1")
def office_close(
    office: Annotated[str, typer.Argument(metavar="OFFICE")],
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Close an office; its fees stop (§8)."""
    act(
        "office-close",
        {"office": office},
        {"office": "OFFICE"},
        ["office", "close", office],
        workbook,
        force,
    )


@app.command(epilog="Example: ledger incorporate Ann --at Mars --name 'Ann Mining'")
def incorporate(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    at: Annotated[str | None, typer.Option("--at")] = None,
    name: Annotated[str | None, typer.Option("--name")] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Form a corporation: 5 KC and 5 days; required once a player has two ships (§7)."""
    act(
        "incorporate",
        {"player": player, "at": at, "name": name},
        {"player": "PLAYER", "at": "--at", "name": "--name"},
        ["incorporate", player, *(("--at", at) if at else ()), *(("--name", name) if name else ())],
        workbook,
        force,
    )


@app.command(epilog="Example: ledger claim Ann 'Hex 0412' --ct")
def claim(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    name: Annotated[str, typer.Argument(metavar="NAME", help="The claim's name (its hex).")],
    at: Annotated[str | None, typer.Option("--at", help="Where the mine is.")] = None,
    ct: Annotated[bool, typer.Option("--ct", help="A C-T (antimatter) mine (§23).")] = False,
    base: Annotated[
        str | None, typer.Option("--base", help="The base on the same hex, if any.")
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Register a mining claim: 1 KC per mine, registered the next day (§24)."""
    act(
        "claim",
        {"player": player, "name": name, "at": at, "ct": ct, "base": base},
        {"player": "PLAYER", "name": "NAME", "at": "--at", "ct": "--ct", "base": "--base"},
        [
            "claim",
            player,
            name,
            *(("--at", at) if at else ()),
            *(("--ct",) if ct else ()),
            *(("--base", base) if base else ()),
        ],
        workbook,
        force,
    )


@app.command(epilog="Example: ledger merge K1 K2")
def merge(
    corp: Annotated[
        str,
        typer.Argument(metavar="CORP", help="The corporation that remains (its head stays head)."),
    ],
    other: Annotated[str, typer.Argument(metavar="OTHER", help="The corporation merged into it.")],
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Merge two corporations: 1000 KC and 120 days (§9)."""
    act(
        "merge",
        {"corp": corp, "other": other},
        {"corp": "CORP", "other": "OTHER"},
        ["merge", corp, other],
        workbook,
        force,
    )


@app.command(epilog="Examples: ledger move Nomad --to Mars --land | ledger move Nomad --space")
def move(
    ship: Annotated[str, typer.Argument(metavar="SHIP")],
    to: Annotated[
        str | None, typer.Option("--to", help="Where it is now (a planet, moon, base or hex).")
    ] = None,
    land: Annotated[
        bool, typer.Option("--land", help="It is on the ground: its crews need no supplies (§14).")
    ] = False,
    space: Annotated[
        bool, typer.Option("--space", help="It is in space (the default for every ship).")
    ] = False,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Record where a ship is and whether it has landed; the books do not follow the map otherwise."""
    act(
        "move",
        {"ship": ship, "to": to, "land": land, "space": space},
        {"ship": "SHIP", "to": "--to", "land": "--land", "space": "--space"},
        [
            "move",
            ship,
            *(("--to", to) if to else ()),
            *(("--land",) if land else ()),
            *(("--space",) if space else ()),
        ],
        workbook,
        force,
    )


@app.command(epilog="Examples: ledger tick 30 | ledger tick 360 --dry-run --json")
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
        say("ledger tick: DAYS must be 1 or more")
        raise typer.Exit(2)

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
        if as_json:
            out_json(_tick_json(report))
        else:
            from ledger.io.render import tick_tables

            tick_tables(report)
        for line in outcome.posted:
            say(f"posted {line}")
        if not dry_run and books is not None:
            from ledger.io.render import write_tick_summary

            path = write_tick_summary(_path(workbook), books, report)
            say(f"Printable summary: {path}")
            if not no_statements:
                from ledger.cli_reports import write_statements

                written = write_statements(
                    _path(workbook),
                    books,
                    [p.name for p in books.players],
                    report.start,
                    "html",
                    "a4",
                    None,
                )
                if written:
                    say(f"Statements: {written[0].parent}/ ({len(written)} players)")

    run(go)


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
