"""The game master's commands on the next round's rows, checked before anything is written:
the buying phase's purchases (section 3) and the tower building (7); the orders are in
order_commands.py.

Each function takes the books and returns ``(summary, problems)``; it changes the Egon sheets'
rows only when it found no problem, so `ledger.app.change` saves all or nothing.

Rulings (docs/decisions.md): a player has one order in each action phase of a round, one
purchase row (the buying phase's result: stones and Kj, traders in the note) and one build
row; a second is refused with the row that is there, ``--replace`` replaces it. A row of a
round already evaluated (its round is at most the game's round, or its order has a result)
stays in the books: ``ledger undo`` takes a whole command back.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Annotated

import msgspec

from ledger.core.money import parse_amount
from ledger.core.params import Arg, Move
from ledger.core.problems import Problem, problem
from ledger.core.steps import form, not_found, state_problem
from ledger.rules.egon.books import Books
from ledger.rules.egon.debt_ahead import debt_ahead
from ledger.rules.egon.order_commands import DELETE, PLAYER, REPLACE
from ledger.rules.egon.parse import normalize_player
from ledger.rules.egon.purchase_checks import late_rows, parts
from ledger.rules.egon.refusals import COMMANDS
from ledger.rules.egon.said import said
from ledger.rules.egon.sheets import PurchaseRow, book_of, cell, game_over, row_hint, row_number
from ledger.rules.egon.state import Status


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


@COMMANDS(
    "purchase",
    "ledger purchase LEO 5 350 --note 'Bolle, bribed' | "
    "ledger purchase LEO 6 420 --replace | ledger purchase --delete 4",
    notes=(
        "The buying phase (section 3) is the game master's: enter each player's result for the "
        "next round, the stones bought and the Kj paid, one row a player (name the traders in "
        "--note). ledger tick puts the stones in store and books the Kj.",
    ),
)
def purchase(
    books: Books, values: Purchase, cells: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """Enter a player's purchase in the next round's buying phase (Purchases sheet).

    The buying phase's result for one player (section 3): stones bought and Kj paid."""
    if values.delete is not None:
        return delete_purchase_row(books, values, build=False)
    why = "ledger purchase PLAYER STONES COST"
    if wrong := form(values, why, ("player", "stones", "cost")) or game_over(books, "purchase"):
        return "", wrong
    book, rnd, note, cost = book_of(books), books.day + 1, values.note, str(values.cost)
    name, count, there, problems = _player_row(books, values, build=False)
    kj = Decimal(0)
    try:
        kj = parse_amount(cost)
    except ValueError as exc:
        problems.append(problem("bad-amount", "COST", str(exc), "the Kj paid, e.g. 350"))
    else:
        if kj < 0:
            problems.append(
                problem("bad-amount", "COST", f"the cost {cost.strip()} is negative", "e.g. 350")
            )
    if there and not values.replace and not problems:
        old = book.purchases[there[0]]
        said_of = {"name": name, "round": rnd, "count": count, "kj": kj, **_there(old, "purchase")}
        problems.append(said("purchase-there", "PLAYER", **said_of))
    if problems:
        return "", problems
    line = f"round {rnd}: {name} buys {count} stone(s) for {kj} Kj" + (f" ({note})" if note else "")
    if there:
        old = book.purchases[there[0]]
        line += f" (replaces {old.stones} for {old.cost} Kj in {cell(old, 'player')})"
        book.put(old, msgspec.structs.replace(old, stones=count, cost=kj, note=note))
        for i in reversed(there[1:]):
            _clear(book.purchases, i, build=False)
    else:
        book.purchases.append(PurchaseRow(rnd, name, count, kj, 0, note))
    return line, debt_ahead(books, name, "COST", f"this purchase of {kj:,.2f} Kj")


@COMMANDS(
    "build",
    "ledger build CAT 2 | ledger build CAT 3 --replace | ledger build --delete 5",
    notes=(
        "Building (section 7) is the game master's: the stones a player builds from the store "
        "onto the tower after the second action phase of the next round, one row a player. At "
        "most what is in store then is built.",
    ),
)
def build(
    books: Books, values: Build, cells: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """Enter the stones a player builds onto the tower in the next round (Purchases sheet).

    The stones the player builds from the store onto the tower after phase 2 (section 7)."""
    if values.delete is not None:
        return delete_purchase_row(books, values, build=True)
    why = "ledger build PLAYER STONES"
    if wrong := form(values, why, ("player", "stones")) or game_over(books, "build"):
        return "", wrong
    book, rnd = book_of(books), books.day + 1
    name, count, there, problems = _player_row(books, values, build=True)
    if there and not values.replace and not problems:
        old = book.purchases[there[0]]
        said_of = {"name": name, "round": rnd, "count": count, **_there(old, "build")}
        problems.append(said("build-there", "PLAYER", **said_of))
    if problems:
        return "", problems
    line = f"round {rnd}: {name} builds {count} stone(s) onto the tower (after phase 2)"
    if there:
        old = book.purchases[there[0]]
        line += f" (instead of {old.build} in {cell(old, 'player')})"
        book.put(old, msgspec.structs.replace(old, build=count))
        for i in reversed(there[1:]):
            _clear(book.purchases, i, build=True)
    else:
        book.purchases.append(PurchaseRow(rnd, name, 0, Decimal(0), count))
    return line, []


def _player_row(
    books: Books, values: Purchase | Build, *, build: bool
) -> tuple[str, int, list[int], list[Problem]]:
    """A purchase's or a build's player, who must be in the game, and stones, a whole number of
    at least 1; and the player's rows of the next round that hold one already (their indexes)."""
    assert values.player is not None and values.stones is not None  # (`form` asked for them)
    wanted, stones = normalize_player(values.player), values.stones.strip()
    p = next((p for p in books.players if p.name.upper() == wanted), None)
    if p is None:
        names = [q.name for q in books.players]
        said = f"there is no player {values.player.strip()!r}"
        problems = [not_found("unknown-player", "PLAYER", said, wanted, names, "players")]
    else:
        out = ("player-out", f"{p.name} is out of the game (ausgeschieden)", "")
        found = state_problem(p.get("status"), "PLAYER", {Status.OUT.value: out})
        problems, wanted = [found] if found else [], p.name
    count = int(stones) if stones.isascii() and stones.isdigit() else 0
    if count < 1:
        said = f"STONES {stones!r} is not a whole number of at least 1"
        problems.append(problem("bad-number", "STONES", said, "e.g. 3"))
    there = [
        i
        for i, r in enumerate(book_of(books).purchases)
        if r.round == books.day + 1
        and normalize_player(r.player) == wanted
        and ("build" if build else "purchase") in parts(r)
    ]
    return wanted, count, there, problems


def _there(old: PurchaseRow, command: str) -> dict[str, object]:
    """The row a player has already, for `said`: its fields, its cell and how to remove it."""
    remove = row_hint(old.ref, command)
    return msgspec.structs.asdict(old) | {"cell": cell(old, "player"), "remove": remove}


def _clear(book_rows: list[PurchaseRow], i: int, *, build: bool) -> None:
    """Take the build (or the purchase) out of a row; a row left empty goes."""
    gone = {"build": 0} if build else {"stones": 0, "cost": Decimal(0), "note": ""}
    r = msgspec.structs.replace(book_rows[i], **gone)
    if parts(r):
        book_rows[i] = r
    else:
        del book_rows[i]


def delete_purchase_row(
    books: Books, values: Purchase | Build, *, build: bool
) -> tuple[str, list[Problem]]:
    """`--delete ROW`: remove the purchase (``build`` False) or the build in a Purchases row
    not yet evaluated; a row holding both keeps the other."""
    if wrong := form(values, "--delete ROW", only=("delete",)):
        return "", wrong
    book = book_of(books)
    command = "build" if build else "purchase"
    n, problems = row_number(str(values.delete), "Purchases")
    if problems:
        return "", problems
    at = next((i for i, r in enumerate(book.purchases) if r.ref and r.ref.row == n), None)
    r = book.purchases[at] if at is not None else None
    if r is None or at is None or command not in parts(r):
        other = "purchase" if build else "build"
        hint = (
            "the number Excel shows at the row's left"
            if r is None
            else f"it holds a {other}: `ledger {other} --delete {n}`"
        )
        return "", [said("no-such-purchase-row", "--delete", row=n, command=command, hint=hint)]
    where = cell(r, "player")
    late = any(pu is r and what == command for pu, what in late_rows(book, books.day))
    if r.round <= books.day and not late:  # a row typed after its round's tick may go
        return "", [
            said("purchase-evaluated", "--delete", cell=where, round=r.round, command=command)
        ]
    what = (
        f"{r.player} builds {r.build} stone(s)"
        if build
        else f"{r.player} buys {r.stones} stone(s) for {r.cost} Kj"
    )
    rows_before = len(book.purchases)
    _clear(book.purchases, at, build=build)
    moved = len(book.purchases) < rows_before and at < len(book.purchases)
    return (
        f"removed from {where}: round {r.round}: {what}"
        + (" (the rows below move up one)" if moved else ""),
        [],
    )
