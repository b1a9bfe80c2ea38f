"""The Egon-Spiel's own commands, declared as every game declares its commands (`Game.commands`,
`Game.handlers`): `ledger order`, `purchase` and `build` for the next round's rows, `draw` for
its lottery numbers (draw.py). `ledger tick` evaluates the round; ledger's own `status` shows
the players (`Egon.status`).

A command of a play-by-mail round has several forms (`order PLAYER CODE`, `order --file
ROUND.txt`, `order --delete ROW`): each handler first checks that the arguments given make one
of them, then hands them to the functions of commands.py and order_commands.py, which check
the state of the books. None of them is an Events row: an order, a purchase and a build have
sheets of their own, and a draw rolls the dice (`ActionSpec.events_row`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from ledger.core.books import CommandHandler
from ledger.core.params import ActionSpec, Arg, Move, TextFile, command, params_of
from ledger.core.problems import Problem, problem
from ledger.rules.egon import commands, order_commands
from ledger.rules.egon.books import Books
from ledger.rules.egon.draw import DRAW, draw
from ledger.rules.egon.order_lines import OrderEntry
from ledger.rules.egon.refusals import COMMAND_REFUSES

PLAYER = Arg("PLAYER", help="The three-letter pseudonym.")
REPLACE = Arg("--replace", help="Put it in place of the player's row that is there already.")
DELETE = Arg(
    "--delete",
    help="Remove the row with this number (as Excel shows it), if its round is not evaluated yet.",
    metavar="ROW",
)


class OrderMove(Move):
    player: Annotated[str | None, PLAYER] = None
    code: Annotated[
        str | None,
        Arg(
            "CODE",
            help="The order as written, e.g. a,BOB or l,17 or g,Alois,200 or p,300,BOB,CAT (a party with its guests).",
        ),
    ] = None
    penalty_kj: Annotated[
        str | None, Arg("--penalty-kj", help="A blackmail's penalty in Kj (6.6).")
    ] = None
    penalty_stones: Annotated[
        int, Arg("--penalty-stones", help="A blackmail's penalty in stones (6.6).")
    ] = 0
    justified_against: Annotated[
        str | None,
        Arg(
            "--justified-against",
            help="The blackmailer this player handed a Rechtfertigung against (6.6.42).",
        ),
    ] = None
    replace: Annotated[bool, REPLACE] = False
    delete: Annotated[str | None, DELETE] = None
    file: Annotated[
        TextFile | None,
        Arg(
            "--file",
            help="Add a round's orders from a text file, one 'ABC x,5,BOB' a line (a blackmail: 'BOB e,v,alle --penalty-kj 300'); all or none.",
            metavar="ROUND.txt",
        ),
    ] = None


class Purchase(Move):
    player: Annotated[str | None, PLAYER] = None
    stones: Annotated[str | None, Arg("STONES", help="Stones bought, at least 1.")] = None
    cost: Annotated[str | None, Arg("COST", help="The Kj paid for them, e.g. 350.")] = None
    note: Annotated[str, Arg("--note", help="From whom, at what price: 'Bolle, bribed'.")] = ""
    replace: Annotated[bool, REPLACE] = False
    delete: Annotated[str | None, DELETE] = None


class Build(Move):
    player: Annotated[str | None, PLAYER] = None
    stones: Annotated[str | None, Arg("STONES", help="Stones to build, at least 1.")] = None
    replace: Annotated[bool, REPLACE] = False
    delete: Annotated[str | None, DELETE] = None


ORDER = command(
    "order",
    OrderMove,
    help="Add an order for the next round after checking its syntax and names; one order a "
    "player in each action phase.",
    example="ledger order ABC 'x,5,BOB' | ledger order CAT 'p,300,ABC,BOB' | "
    "ledger order DAN 'e,i,alle' --penalty-kj 300 | ledger order ABC 'l,17' --replace | "
    "ledger order --delete 7 | ledger order --file ROUND.txt",
    notes=(
        "One order a player in each action phase (4.1): a second is refused, --replace puts it "
        "in place of the first, --delete ROW removes an order not evaluated yet.",
        "A party names its guests after the amount, in the invitation's order: "
        "p,Betrag,Gast,... (p,300,ABC,BOB invites ABC first, then BOB). At least one player "
        "must be invited (6.1): p,300 alone is refused.",
        "A blackmail carries the penalty its article threatens (6.6.1): --penalty-kj and/or "
        "--penalty-stones; e,v,alle alone is refused.",
        "--file ROUND.txt reads a round's orders, one a line as players write them "
        "(ABC x,5,BOB), a blackmail's penalty after it (BOB e,v,alle --penalty-kj 300); blank "
        "lines and # comments are skipped. Every line is checked, and all are added or none.",
    ),
    refuses=COMMAND_REFUSES["order"],
    events_row=False,
)

PURCHASE = command(
    "purchase",
    Purchase,
    help="Enter a player's purchase in the next round's buying phase (Purchases sheet).",
    example="ledger purchase LEO 5 350 --note 'Bolle, bribed' | "
    "ledger purchase LEO 6 420 --replace | ledger purchase --delete 4",
    notes=(
        "The buying phase (section 3) is the game master's: enter each player's result for the "
        "next round, the stones bought and the Kj paid, one row a player (name the traders in "
        "--note). ledger tick puts the stones in store and books the Kj.",
    ),
    refuses=COMMAND_REFUSES["purchase"],
    events_row=False,
)

BUILD = command(
    "build",
    Build,
    help="Enter the stones a player builds onto the tower in the next round (Purchases sheet).",
    example="ledger build CAT 2 | ledger build CAT 3 --replace | ledger build --delete 5",
    notes=(
        "Building (section 7) is the game master's: the stones a player builds from the store "
        "onto the tower after the second action phase of the next round, one row a player. At "
        "most what is in store then is built.",
    ),
    refuses=COMMAND_REFUSES["build"],
    events_row=False,
)

#: The game's own commands, in the order `ledger --help` and docs/commands.md list them.
SPECS: dict[str, ActionSpec] = {
    "order": ORDER,
    "draw": DRAW,
    "purchase": PURCHASE,
    "build": BUILD,
}


def arguments(
    move: Move, wanted: tuple[str, ...], refused: tuple[str, ...], why: str
) -> list[Problem]:
    """Problems with a command's arguments: each of the fields ``wanted`` must be given, none of
    ``refused`` (``why`` says which form of the command refuses them); each is named as the
    command line names it."""
    cli = {p.name: p.cli for p in params_of(type(move))}
    return [
        problem("missing-argument", cli[name], f"{cli[name]} is missing", why)
        for name in wanted
        if getattr(move, name) is None
    ] + [
        problem("conflicting-arguments", cli[name], f"{why} takes no {cli[name]}", "")
        for name in refused
        if getattr(move, name) not in (None, False, 0, "")
    ]


def _all_but(move: Move, name: str) -> tuple[str, ...]:
    return tuple(f for f in move.__struct_fields__ if f != name)


def order(
    books: Books, values: OrderMove, cells: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """`ledger order`: one order, a round's file of them, or --delete ROW."""
    delete, file, replace = values.delete, values.file, bool(values.replace)
    if delete is not None:
        wrong = arguments(values, (), _all_but(values, "delete"), "--delete ROW")
    elif file is not None:
        alone = ("player", "code", "penalty_kj", "penalty_stones", "justified_against")
        wrong = arguments(values, (), alone, "--file")
    else:
        why = "ledger order PLAYER CODE (or --file, --delete)"
        wrong = arguments(values, ("player", "code"), (), why)
    if wrong:
        return "", wrong
    if delete is not None:
        return order_commands.delete_order(books, delete)
    if file is not None:
        return order_commands.add_order_file(books, file.text, file.path, replace=replace)
    assert values.player is not None and values.code is not None  # (`arguments` asked for them)
    entry = OrderEntry(
        values.player,
        values.code,
        penalty_kj=values.penalty_kj,
        penalty_stones=values.penalty_stones,
        justified_against=values.justified_against or "",
    )
    return order_commands.add_orders(books, [entry], replace=replace)


def purchase(
    books: Books, values: Purchase, cells: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """`ledger purchase`: a player's buying phase, or --delete ROW."""
    if values.delete is not None:
        wrong = arguments(values, (), _all_but(values, "delete"), "--delete ROW")
        return (
            ("", wrong)
            if wrong
            else commands.delete_purchase_row(books, values.delete, build=False)
        )
    why = "ledger purchase PLAYER STONES COST"
    if wrong := arguments(values, ("player", "stones", "cost"), (), why):
        return "", wrong
    player, stones, cost = values.player, values.stones, values.cost
    assert player is not None and stones is not None and cost is not None
    return commands.add_purchase(books, player, stones, cost, values.note, replace=values.replace)


def build(
    books: Books, values: Build, cells: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """`ledger build`: the stones a player builds onto the tower, or --delete ROW."""
    if values.delete is not None:
        wrong = arguments(values, (), _all_but(values, "delete"), "--delete ROW")
        return (
            ("", wrong) if wrong else commands.delete_purchase_row(books, values.delete, build=True)
        )
    if wrong := arguments(values, ("player", "stones"), (), "ledger build PLAYER STONES"):
        return "", wrong
    assert values.player is not None and values.stones is not None
    return commands.add_build(books, values.player, values.stones, replace=values.replace)


HANDLERS: dict[str, CommandHandler] = {
    "order": order,
    "draw": draw,
    "purchase": purchase,
    "build": build,
}
