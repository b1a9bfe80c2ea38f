"""The commands every game has: new, check, balance, pay, post, journal, undo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli.args import RoleOptions
from ledger.cli.common import (
    DEFAULT_WORKBOOK,
    ForceOpt,
    JsonOpt,
    WorkbookOpt,
    _describe,
    _path,
    _print_problems,
    _problem_codes,
    _report,
    out_json,
    say,
    warn,
)
from ledger.cli.root import command
from ledger.cli.show import plural
from ledger.rules import GAMES

# -- commands -----------------------------------------------------------------------------


@command(
    epilog="Example: ledger new --game triplanetary --player Ann --player Bob --patrol Sam --seed 7"
    "; a table's own board: ledger new --board workbooks/orbit-row.toml --player Ann --player Bob",
    cls=RoleOptions,
)
def new(
    ctx: typer.Context,
    player: Annotated[
        list[str], typer.Option("--player", "-p", help="A player's name; repeat for each player.")
    ],
    seed: Annotated[int, typer.Option("--seed", help="Seed of the dice ledger draws.")] = 1,
    first: Annotated[
        str | None,
        typer.Option(
            "--first",
            help="The player who begins, in a game of turns (default: drawn from the dice).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an existing workbook (kept for `ledger undo`).")
    ] = False,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="The game: " + ", ".join(GAMES) + ".")
    ] = None,
    board: Annotated[
        Path | None,
        typer.Option(
            "--board",
            metavar="FILE",
            help="A Monopoly-like board described in a TOML file (a game of the table's own; "
            "its text is copied into the workbook).",
        ),
    ] = None,
) -> None:
    """Create the game's workbook with the starting money as opening transactions."""
    key = _game_key(game, board)

    from ledger.app.pipeline import create
    from ledger.cli.games import read_file
    from ledger.core.params import Param

    source = None
    if board is not None:
        source = read_file(Param("board", "file", cli="--board", metavar="FILE"), board)
    special = dict(ctx.meta.get("roles", {}))
    books = create(
        _path(workbook), key, player, special, seed, force=force, first=first, source=source
    )
    names = ", ".join(p.name for p in books.players)
    say(f"Created {_path(workbook)}: {books.game.title}, {books.moment()}, players {names}.")
    for p in books.players:
        say(f"  {p.name}: {books.player_cash(p)}")
    for roll in books.dice:  # what the start drew from the seed (who begins, colours)
        if roll.decided:
            how = "drawn from the seed" if roll.source == "drawn" else roll.source
            say(
                f"{roll.purpose[:1].upper()}{roll.purpose[1:]}: {roll.decided} "
                f"(a {roll.result} on a {roll.sides}-sided die, {how})."
            )
    say(f"Next: {books.game.next_steps}")


def _game_key(game: str | None, board: Path | None) -> str:
    """The registry's key of the game `--game` names, or of the game played from a file
    (`--board FILE` alone); a usage error otherwise."""
    from ledger.rules import load_game

    if game is None and board is not None:
        game = next((k for k in GAMES if load_game(k).source_option == "--board"), None)
    key = (game or "").strip().casefold()
    if key not in GAMES:
        said = "give --game GAME or --board FILE" if game is None else f"unknown game {game!r}"
        say(f"ledger new: {said}; one of: {', '.join(GAMES)}")
        raise typer.Exit(2)
    return key


@command(epilog="Example: ledger check --json")
def check(
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="Run only this check (repeatable).")
    ] = None,
) -> None:
    """Find every problem in the workbook in one pass; exit 0 when clean, 1 otherwise."""

    from ledger.app.views import UnknownCheck
    from ledger.app.views import check as run_check
    from ledger.core.problems import has_errors

    try:
        seen, problems = run_check(_path(workbook), rule, _problem_codes())
    except UnknownCheck as exc:
        say(f"ledger check: {exc}")
        raise typer.Exit(2) from None
    if as_json:
        out_json([p.as_dict() for p in problems])
    else:
        _print_problems(problems, print)
    if has_errors(problems):
        say(f"{plural(sum(p.is_error for p in problems), 'problem')} found.")
        raise typer.Exit(1)
    if seen is not None:
        books = seen.loaded.books
        waiting = seen.pending_events
        say(
            f"clean: {books.game.title}, {books.moment()}, {len(books.players)} players, "
            f"{seen.transactions} transactions"
            + (f", {plural(waiting, 'event')} ready to post" if waiting else "")
        )


@command(epilog="Example: ledger balance --player Ann --json")
def balance(
    player: Annotated[str | None, typer.Option("--player", help="Only this player.")] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
) -> None:
    """Every player's money (per bank) and every account's balance, derived from the journal."""

    from ledger.app.balance import balances
    from ledger.cli.show import show_balances

    show_balances(balances(_path(workbook), player), player, as_json)


@command(
    epilog='Example: ledger pay Ann Bob 12.50 --memo "ore contract"   (or: ledger pay Ann patrol 10)',
    context_settings={"ignore_unknown_options": True},  # -3 is an amount to refuse clearly
)
def pay(
    payer: Annotated[
        str,
        typer.Argument(
            metavar="FROM", help="A player, or an account that is no player's (bank, ...)."
        ),
    ],
    payee: Annotated[
        str,
        typer.Argument(
            metavar="TO", help="A player, or an account that is no player's (bank, ...)."
        ),
    ],
    amount: Annotated[
        str, typer.Argument(metavar="AMOUNT", help="Money, e.g. 12.50 (a dot for decimals).")
    ],
    memo: Annotated[str, typer.Option("--memo", "-m", help="What it was for.")] = "",
    from_bank: Annotated[
        str | None,
        typer.Option(
            "--from-bank", help="In a game of several banks: the payer's (default: the home bank)."
        ),
    ] = None,
    to_bank: Annotated[
        str | None,
        typer.Option(
            "--to-bank", help="In a game of several banks: the payee's (default: the home bank)."
        ),
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Move money from one party to another; a player cannot pay more than they have."""

    from ledger.app.pay import amount_of, paying
    from ledger.app.pipeline import change as run_change

    value = amount_of(amount)
    change = paying(payer, payee, value, memo=memo, from_bank=from_bank, to_bank=to_bank)
    command = _describe("pay", payer, payee, amount, *(("--memo", memo) if memo else ()))
    outcome = run_change(_path(workbook), change, command=command, force=force)
    _report(outcome)


@command(epilog="Example: ledger post   (after typing rows in the Events sheet)")
def post(workbook: WorkbookOpt = DEFAULT_WORKBOOK, force: ForceOpt = False) -> None:
    """Post the rows typed in the Events sheet (every changing command does this first)."""

    from ledger.app.pipeline import change as run_change

    def nothing(books: Any) -> tuple[str, list[Any], object]:
        return "posted the Events sheet", [], None

    outcome = run_change(_path(workbook), nothing, command="post", force=force)
    if not outcome.posted:
        say("No events waiting in the Events sheet.")
    _report(outcome, show_summary=False)


@command(epilog="Example: ledger journal --player Ann --since 30")
def journal(
    player: Annotated[
        str | None, typer.Option("--player", help="Only transactions touching this player.")
    ] = None,
    since: Annotated[
        int | None, typer.Option("--since", help="Only from this day (or round) on.")
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
) -> None:
    """The register: every transaction with its postings, rule and memo."""

    from ledger.app.pipeline import read_books
    from ledger.app.views import player_named

    books, problems = read_books(_path(workbook))
    txns = list(books.journal)
    if player is not None:
        mine = set(books.player_accounts(player_named(books, player)))
        txns = [t for t in txns if t.accounts() & mine]
    if since is not None:
        txns = [t for t in txns if t.day >= since]
    if as_json:
        from ledger.app.views import journal_json

        out_json(journal_json(txns))
    else:
        from ledger.io.render import journal_table

        journal_table(books, txns)
    warn(problems)


@command(epilog="Example: ledger undo   (or: ledger history, then ledger undo --to 3)")
def undo(
    to: Annotated[
        int | None,
        typer.Option(
            "--to",
            help="Go back to version N of `ledger history` in one step (itself undoable).",
        ),
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Undo even though the workbook was changed by hand (or is open elsewhere) since ledger last saved it.",
        ),
    ] = False,
) -> None:
    """Put the workbook back as it was before the last command that changed it."""

    from ledger.app.history import undo as go_back

    path = _path(workbook)
    undid = go_back(path, to, force)
    version = undid.version
    if to is not None:
        say(
            f"Back to version {to}: the workbook as it was before `{version.command}` ({version.at})."
        )
        if undid.moved:
            names = [str(f.relative_to(path.parent)) for f in undid.moved]
            more = f" and {len(names) - 6} more" if len(names) > 6 else ""
            say(
                "Moved what the undone commands wrote afterwards aside, into "
                + ", ".join(str(f) for f in undid.folders)
                + ": "
                + ", ".join(names[:6])
                + more
            )
        say("`ledger undo` takes this step back again.")
        return
    say(f"Undid `{version.command}` ({version.summary}, saved {version.at}).")
    if undid.folders:
        say(
            f"Moved what it wrote afterwards aside, into {undid.folders[0]}: "
            + ", ".join(str(f.relative_to(path.parent)) for f in undid.moved)
        )
    left = undid.left
    if left:
        say(f"{plural(left, 'earlier version')} kept; `ledger undo` again goes further back.")
    else:
        say("No earlier version is kept.")
