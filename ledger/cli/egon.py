"""Commands of a play-by-mail round (Das kleine Egon-Spiel) written by hand: `order`,
`purchase`, `build` (the round's draw and the status are in `egon_round`). `ledger tick`
evaluates the round (the game's own tick)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli.common import (
    DEFAULT_WORKBOOK,
    ForceOpt,
    WorkbookOpt,
    _describe,
    _path,
    _report,
    run,
)

#: Das kleine Egon-Spiel's commands written by hand (see ledger/cli/group.py).
app = typer.Typer(rich_markup_mode=None, add_completion=False)


def _egon_change(action: Any, command: str, workbook: Any, force: bool) -> None:
    def change(books: Any) -> tuple[str, list[Any], object]:
        from ledger.core.problems import problem
        from ledger.rules.egon.game import EgonBook

        if not isinstance(books.state, EgonBook):
            return (
                "",
                [
                    problem(
                        "not-in-this-game",
                        command.split()[0],
                        f"{books.game.title} has no {command.split()[0]} command",
                        "it belongs to the Egon-Spiel",
                    )
                ],
                None,
            )
        done: tuple[str, list[Any], object] = action(books)
        return done

    def go() -> None:
        from ledger.app import change as run_change

        _report(run_change(_path(workbook), change, command=command, force=force))

    run(go)


def _arguments(
    given: dict[str, object], wanted: tuple[str, ...], refused: tuple[str, ...], why: str
) -> list[Any]:
    """Problems with a command's arguments: each of ``wanted`` must be given, none of
    ``refused`` (``why`` says which form of the command refuses them)."""
    from ledger.core.problems import problem

    return [
        problem("missing-argument", name, f"{name} is missing", why)
        for name in wanted
        if given.get(name) is None
    ] + [
        problem("conflicting-arguments", name, f"{why} takes no {name}", "")
        for name in refused
        if given.get(name) not in (None, False, 0, "")
    ]


def _check_arguments(problems: list[Any]) -> None:
    """Stop with these problems (exit 1), reported as `run` reports them."""
    if problems:
        from ledger.core.problems import ProblemsFound

        def stop() -> None:
            raise ProblemsFound(problems)

        run(stop)


def _read_text(path: Path, option: str) -> tuple[str, list[Any]]:
    """A text file the user named, or a clean problem (missing, unreadable, not UTF-8)."""
    from ledger.core.problems import problem

    try:
        return path.read_bytes().decode("utf-8-sig"), []
    except FileNotFoundError:
        found = problem(
            "file-not-found",
            option,
            f"{path}: there is no such file",
            "give the path of the round's orders, one `ABC x,5,BOB` a line",
        )
    except UnicodeDecodeError as exc:
        found = problem(
            "not-text",
            option,
            f"{path} is not UTF-8 text (byte {exc.start + 1})",
            "save it as plain text in UTF-8",
        )
    except OSError as exc:
        found = problem("unreadable", option, f"cannot read {path}: {exc.strerror}")
    return "", [found]


def _done(result: tuple[str, list[Any]]) -> tuple[str, list[Any], object]:
    return result[0], result[1], None


DeleteOpt = Annotated[
    str | None,
    typer.Option(
        "--delete",
        metavar="ROW",
        help="Remove the row with this number (as Excel shows it), if its round is not "
        "evaluated yet.",
    ),
]
ReplaceOpt = Annotated[
    bool,
    typer.Option("--replace", help="Put it in place of the player's row that is there already."),
]


@app.command(
    epilog="Examples: ledger order ABC 'x,5,BOB' | ledger order CAT 'p,300,ABC,BOB' | "
    "ledger order DAN 'e,i,alle' --penalty-kj 300 | ledger order ABC 'l,17' --replace | "
    "ledger order --delete 7 | ledger order --file ROUND.txt\n\n"
    "One order a player in each action phase (4.1): a second is refused, --replace puts it "
    "in place of the first, --delete ROW removes an order not evaluated yet.\n\n"
    "A party names its guests after the amount, in the invitation's order: p,Betrag,Gast,... "
    "(p,300,ABC,BOB invites ABC first, then BOB). At least one player must be invited (6.1): "
    "p,300 alone is refused.\n\n"
    "A blackmail carries the penalty its article threatens (6.6.1): --penalty-kj and/or "
    "--penalty-stones; e,v,alle alone is refused.\n\n"
    "--file ROUND.txt reads a round's orders, one a line as players write them (ABC x,5,BOB), "
    "a blackmail's penalty after it (BOB e,v,alle --penalty-kj 300); blank lines and # "
    "comments are skipped. Every line is checked, and all are added or none."
)
def order(
    player: Annotated[
        str | None, typer.Argument(metavar="PLAYER", help="The three-letter pseudonym.")
    ] = None,
    code: Annotated[
        str | None,
        typer.Argument(
            metavar="CODE",
            help="The order as written, e.g. a,BOB or l,17 or g,Alois,200 or p,300,BOB,CAT "
            "(a party with its guests).",
        ),
    ] = None,
    penalty_kj: Annotated[
        str | None, typer.Option("--penalty-kj", help="A blackmail's penalty in Kj (6.6).")
    ] = None,
    penalty_stones: Annotated[
        int, typer.Option("--penalty-stones", help="A blackmail's penalty in stones (6.6).")
    ] = 0,
    justified_against: Annotated[
        str | None,
        typer.Option(
            "--justified-against",
            help="The blackmailer this player handed a Rechtfertigung against (6.6.42).",
        ),
    ] = None,
    replace: ReplaceOpt = False,
    delete: DeleteOpt = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            metavar="ROUND.txt",
            help="Add a round's orders from a text file, one 'ABC x,5,BOB' a line (a blackmail: "
            "'BOB e,v,alle --penalty-kj 300'); all or none.",
            show_default=False,
        ),
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Add an order for the next round after checking its syntax and names; one order a
    player in each action phase."""
    given: dict[str, object] = {
        "PLAYER": player,
        "CODE": code,
        "--penalty-kj": penalty_kj,
        "--penalty-stones": penalty_stones,
        "--justified-against": justified_against,
        "--replace": replace,
        "--file": file,
    }
    if delete is not None:
        _check_arguments(_arguments(given, (), tuple(given), "--delete ROW"))
    elif file is not None:
        _check_arguments(
            _arguments(
                given,
                (),
                ("PLAYER", "CODE", "--penalty-kj", "--penalty-stones", "--justified-against"),
                "--file",
            )
        )
    else:
        _check_arguments(
            _arguments(
                given, ("PLAYER", "CODE"), (), "ledger order PLAYER CODE (or --file, --delete)"
            )
        )

    text = ""
    if file is not None and delete is None:
        text, unread = _read_text(file, "--file")
        _check_arguments(unread)

    def action(books: Any) -> tuple[str, list[Any], object]:
        from ledger.rules.egon import order_commands as commands

        if delete is not None:
            return _done(commands.delete_order(books, delete))
        if file is not None:
            return _done(commands.add_order_file(books, text, str(file), replace=replace))
        else:
            assert player is not None and code is not None
            entries = [
                commands.OrderEntry(
                    player,
                    code,
                    penalty_kj=penalty_kj,
                    penalty_stones=penalty_stones,
                    justified_against=justified_against or "",
                )
            ]
        return _done(commands.add_orders(books, entries, replace=replace))

    if delete is not None:
        described = _describe("order", "--delete", delete)
    elif file is not None:
        described = _describe("order", "--file", str(file), "--replace" if replace else None)
    else:
        described = _describe("order", player, code, "--replace" if replace else None)
    _egon_change(action, described, workbook, force)


@app.command(
    epilog="Examples: ledger purchase LEO 5 350 --note 'Bolle, bribed' | "
    "ledger purchase LEO 6 420 --replace | ledger purchase --delete 4\n\n"
    "The buying phase (section 3) is the game master's: enter each player's result for the "
    "next round, the stones bought and the Kj paid, one row a player (name the traders in "
    "--note). ledger tick puts the stones in store and books the Kj."
)
def purchase(
    player: Annotated[
        str | None, typer.Argument(metavar="PLAYER", help="The three-letter pseudonym.")
    ] = None,
    stones: Annotated[
        str | None, typer.Argument(metavar="STONES", help="Stones bought, at least 1.")
    ] = None,
    cost: Annotated[
        str | None, typer.Argument(metavar="COST", help="The Kj paid for them, e.g. 350.")
    ] = None,
    note: Annotated[
        str, typer.Option("--note", help="From whom, at what price: 'Bolle, bribed'.")
    ] = "",
    replace: ReplaceOpt = False,
    delete: DeleteOpt = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Enter a player's purchase in the next round's buying phase (Purchases sheet)."""
    given: dict[str, object] = {
        "PLAYER": player,
        "STONES": stones,
        "COST": cost,
        "--note": note,
        "--replace": replace,
    }
    if delete is not None:
        _check_arguments(_arguments(given, (), tuple(given), "--delete ROW"))
    else:
        _check_arguments(
            _arguments(
                given, ("PLAYER", "STONES", "COST"), (), "ledger purchase PLAYER STONES COST"
            )
        )

    def action(books: Any) -> tuple[str, list[Any], object]:
        from ledger.rules.egon import commands

        if delete is not None:
            return _done(commands.delete_purchase_row(books, delete, build=False))
        assert player is not None and stones is not None and cost is not None
        return _done(commands.add_purchase(books, player, stones, cost, note, replace=replace))

    described = (
        _describe("purchase", "--delete", delete)
        if delete is not None
        else _describe(
            "purchase",
            player,
            stones,
            cost,
            *(("--note", note) if note else ()),
            "--replace" if replace else None,
        )
    )
    _egon_change(action, described, workbook, force)


@app.command(
    epilog="Examples: ledger build CAT 2 | ledger build CAT 3 --replace | "
    "ledger build --delete 5\n\n"
    "Building (section 7) is the game master's: the stones a player builds from the store "
    "onto the tower after the second action phase of the next round, one row a player. At "
    "most what is in store then is built."
)
def build(
    player: Annotated[
        str | None, typer.Argument(metavar="PLAYER", help="The three-letter pseudonym.")
    ] = None,
    stones: Annotated[
        str | None, typer.Argument(metavar="STONES", help="Stones to build, at least 1.")
    ] = None,
    replace: ReplaceOpt = False,
    delete: DeleteOpt = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Enter the stones a player builds onto the tower in the next round (Purchases sheet)."""
    given: dict[str, object] = {"PLAYER": player, "STONES": stones, "--replace": replace}
    if delete is not None:
        _check_arguments(_arguments(given, (), tuple(given), "--delete ROW"))
    else:
        _check_arguments(_arguments(given, ("PLAYER", "STONES"), (), "ledger build PLAYER STONES"))

    def action(books: Any) -> tuple[str, list[Any], object]:
        from ledger.rules.egon import commands

        if delete is not None:
            return _done(commands.delete_purchase_row(books, delete, build=True))
        assert player is not None and stones is not None
        return _done(commands.add_build(books, player, stones, replace=replace))

    described = (
        _describe("build", "--delete", delete)
        if delete is not None
        else _describe("build", player, stones, "--replace" if replace else None)
    )
    _egon_change(action, described, workbook, force)
