"""The game master's commands on the next round's rows, checked before anything is written:
orders (one a player in each action phase, 4.1), replacing and removing them, a round's
orders from a file, the buying phase's purchases (section 3) and the tower building (7).

Each function takes the books and returns ``(summary, problems)``; it changes the Egon sheets'
rows only when it found no problem, so `ledger.app.change` saves all or nothing.

Rulings (docs/decisions.md): a player has one order in each action phase of a round, one
purchase row (the buying phase's result: stones and Kj, traders in the note) and one build
row; a second is refused with the row that is there, ``--replace`` replaces it. A row of a
round already evaluated (its round is at most the game's round, or its order has a result)
stays in the books: ``ledger undo`` takes a whole command back.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from ledger.core.books import Books
from ledger.core.money import parse_amount
from ledger.core.problems import CellRef, Problem, problem
from ledger.rules.egon.orders import Order, Party, phase_of
from ledger.rules.egon.parse import normalize_player, parse_order, phase_of_text
from ledger.rules.egon.sheets import (
    CODES_HINT,
    OrderRow,
    PurchaseRow,
    book_of,
    players_out,
    traders_of,
)
from ledger.rules.egon.state import Status

#: The columns a row is named by: the player's (Orders!B5, Purchases!B5).
_PLAYER_COLUMN = 1


@dataclass(frozen=True, slots=True)
class OrderEntry:
    """One order as the game master typed it.

    ``where`` names it in a problem: the argument (``CODE``) or the file's line
    (``ROUND.txt:3``); ``label`` is put before a message when the line is not on screen.
    """

    player: str
    code: str
    where: str = "CODE"
    label: str = ""
    penalty_kj: str | None = None
    penalty_stones: int = 0
    justified_against: str = ""


def _cell(sheet: str, ref: CellRef | None) -> str:
    return str(CellRef(sheet, _PLAYER_COLUMN, ref.row)) if ref else sheet


def _row_hint(ref: CellRef | None, command: str) -> str:
    return f"`ledger {command} --delete {ref.row}`" if ref else f"the {command} row"


# -- orders ------------------------------------------------------------------------------------


def order_lines(text: str, shown: str) -> tuple[list[OrderEntry], list[Problem]]:
    """The orders of a round as typed from the players' letters: ``ABC x,5,BOB`` a line.

    Blank lines and ``#`` comments are skipped. ``shown`` is the file's name as given, for
    the problems (``ROUND.txt:3``).
    """
    entries: list[OrderEntry] = []
    problems: list[Problem] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        player, _, code = line.partition(" ")
        if not code.strip():
            problems.append(
                problem(
                    "bad-order-line",
                    f"{shown}:{n}",
                    f"{line!r} is not a player and an order",
                    "one order a line: the player's pseudonym, a space, the order: ABC x,5,BOB",
                )
            )
            continue
        entries.append(
            OrderEntry(player, code.strip(), f"{shown}:{n}", f"{player} {code.strip()}: ")
        )
    if not entries and not problems:
        problems.append(
            problem(
                "no-orders",
                "--file",
                f"{shown} has no orders",
                "one order a line: ABC x,5,BOB (blank lines and # comments are skipped)",
            )
        )
    return entries, problems


def _party_problem(entry: OrderEntry, order: Party, players: Sequence[str]) -> Problem:
    guests = [p for p in players if p != order.player][:2] or ["BOB"]
    amount = order.text().split(",")[1]
    return problem(
        "party-without-guests",
        entry.where,
        f"{entry.label}a party needs a guest list: 'Es muß mindestens ein Mitspieler "
        "eingeladen werden' (6.1); without guests it would not take place",
        f"name the guests after the amount, in the invitation's order: "
        f"p,{amount},{','.join(guests)}",
    )


def _same_phase(book_orders: Sequence[OrderRow], rnd: int, player: str, phase: int) -> list[int]:
    """Indexes of the player's orders of this round and phase not evaluated yet."""
    return [
        i
        for i, o in enumerate(book_orders)
        if o.round == rnd
        and not o.result
        and normalize_player(o.player) == player
        and phase_of_text(o.order) == phase
    ]


def add_orders(
    books: Books, entries: Sequence[OrderEntry], *, replace: bool = False
) -> tuple[str, list[Problem]]:
    """Check every entry, then add them all (or, with ``replace``, put each in place of the
    player's order of the same phase); with any problem nothing changes."""
    book = book_of(books)
    rnd = books.day + 1
    names = [p.name for p in books.players]
    traders = traders_of(book, rnd)
    problems: list[Problem] = []
    checked: list[tuple[OrderEntry, Order, Decimal]] = []
    out = players_out(books.players)
    for e in entries:
        order, errors = parse_order(e.code, e.player, players=names, traders=traders)
        problems += [problem("bad-order", e.where, f"{e.label}{m}", CODES_HINT) for m in errors]
        if order is not None and order.player.upper() in out:
            problems.append(
                problem(
                    "player-out",
                    e.where,
                    f"{e.label}{order.player} is out of the game (ausgeschieden) and gives no orders",
                    "",
                )
            )
            continue
        kj = Decimal(0)
        if e.penalty_kj:
            try:
                kj = parse_amount(e.penalty_kj)
            except ValueError as exc:
                problems.append(problem("bad-amount", "--penalty-kj", str(exc), "e.g. 300"))
        if order is None:
            continue
        if isinstance(order, Party) and not order.guests:
            problems.append(_party_problem(e, order, names))
            continue
        checked.append((e, order, kj))
    first: dict[tuple[str, int], OrderEntry] = {}
    for e, order, _ in checked:
        key = (order.player, phase_of(order))
        if key in first:
            problems.append(
                problem(
                    "second-order",
                    e.where,
                    f"{e.label}{order.player} has a second order for action phase {key[1]} "
                    f"(the first is at {first[key].where}); 4.1 allows one order a phase",
                    "keep one of them",
                )
            )
            continue
        first[key] = e
        there = _same_phase(book.orders, rnd, *key)
        if there and not replace:
            old = book.orders[there[0]]
            problems.append(
                problem(
                    "second-order",
                    e.where,
                    f"{e.label}{order.player} already has an order for action phase {key[1]} "
                    f"of round {rnd}: {old.order} in {_cell('Orders', old.ref)}; 4.1 allows "
                    "one order a phase",
                    f"add --replace to put {order.text()} in its place, or remove it first "
                    f"with {_row_hint(old.ref, 'order')}",
                )
            )
    if problems:
        return "", problems
    lines = []
    for e, order, kj in checked:
        row = OrderRow(
            rnd,
            order.player,
            order.text(),
            kj,
            e.penalty_stones,
            normalize_player(e.justified_against),
        )
        there = _same_phase(book.orders, rnd, order.player, phase_of(order))
        line = f"round {rnd}: {order.player} orders {order.text()}"
        if there:
            old = book.orders[there[0]]
            book.put(old, dataclasses.replace(row, ref=old.ref))
            line += f" (replaces {old.order} in {_cell('Orders', old.ref)})"
            for i in reversed(there[1:]):
                line += f" (and removes {book.orders[i].order})"
                del book.orders[i]
        else:
            book.orders.append(row)
        lines.append(line)
    return "\n".join(lines), []


def add_order_file(
    books: Books, text: str, shown: str, *, replace: bool = False
) -> tuple[str, list[Problem]]:
    """`order_lines` and `add_orders` in one pass: every line's problems, in line order."""
    entries, problems = order_lines(text, shown)
    summary, found = add_orders(books, entries, replace=replace)
    if not problems and not found:
        return summary, []

    def line_of(p: Problem) -> int:
        number = p.where.rpartition(":")[2]
        return int(number) if p.where.startswith(f"{shown}:") and number.isdigit() else 0

    return "", sorted(problems + found, key=line_of)


_ROW = re.compile(r"^(?:(?P<sheet>\w+)!)?[A-Za-z]{0,3}(?P<row>\d+)$")


def _row_number(text: str, sheet: str) -> tuple[int, list[Problem]]:
    found = _ROW.match(text.strip())
    if not found or (found["sheet"] and found["sheet"].lower() != sheet.lower()):
        return 0, [
            problem(
                "bad-row",
                "--delete",
                f"{text!r} is not a row number of the {sheet} sheet",
                "the number Excel shows at the row's left, e.g. --delete 5",
            )
        ]
    return int(found["row"]), []


def delete_order(books: Books, row_text: str) -> tuple[str, list[Problem]]:
    """Remove the order in the Orders sheet's row ``row_text`` if it is not evaluated yet."""
    book = book_of(books)
    n, problems = _row_number(row_text, "Orders")
    if problems:
        return "", problems
    at = next((i for i, o in enumerate(book.orders) if o.ref and o.ref.row == n), None)
    if at is None:
        rows = [o.ref.row for o in book.orders if o.ref]
        return "", [
            problem(
                "no-such-row",
                "--delete",
                f"row {n} of the Orders sheet holds no order"
                + (f" (the orders are in rows {min(rows)}-{max(rows)})" if len(rows) > 1 else ""),
                "the number Excel shows at the row's left",
            )
        ]
    o = book.orders[at]
    if o.result or o.round <= books.day:
        return "", [
            problem(
                "evaluated",
                "--delete",
                f"{_cell('Orders', o.ref)}: {o.player} {o.order} was evaluated with round "
                f"{o.round}; an evaluated order stays in the books",
                "`ledger undo` takes back the last command, a tick too",
            )
        ]
    del book.orders[at]
    return (
        f"removed {_cell('Orders', o.ref)}: round {o.round}: {o.player} {o.order}"
        + (" (the rows below move up one)" if at < len(book.orders) else ""),
        [],
    )


# -- the buying phase and building ------------------------------------------------------------


def _player_in_game(books: Books, name: str) -> tuple[str, list[Problem]]:
    wanted = normalize_player(name)
    p = next((p for p in books.players if p.name.upper() == wanted), None)
    if p is None:
        return wanted, [
            problem(
                "unknown-player",
                "PLAYER",
                f"there is no player {name.strip()!r}",
                f"players: {', '.join(q.name for q in books.players)}",
            )
        ]
    if p.get("status") == Status.OUT.value:
        return p.name, [
            problem("player-out", "PLAYER", f"{p.name} is out of the game (ausgeschieden)", "")
        ]
    return p.name, []


def _whole(text: str, where: str, what: str) -> tuple[int, list[Problem]]:
    s = text.strip()
    if not s.isdigit() or int(s) < 1:
        return 0, [
            problem(
                "bad-number",
                where,
                f"{what} {s!r} is not a whole number of at least 1",
                f"e.g. {where} 3" if where.startswith("--") else "e.g. 3",
            )
        ]
    return int(s), []


def _rows_of(book_rows: Sequence[PurchaseRow], rnd: int, player: str, build: bool) -> list[int]:
    return [
        i
        for i, r in enumerate(book_rows)
        if r.round == rnd
        and normalize_player(r.player) == player
        and (bool(r.build) if build else bool(r.stones or r.cost))
    ]


def add_purchase(
    books: Books,
    player: str,
    stones: str,
    cost: str,
    note: str = "",
    *,
    replace: bool = False,
) -> tuple[str, list[Problem]]:
    """The buying phase's result for one player (section 3): stones bought and Kj paid."""
    book = book_of(books)
    rnd = books.day + 1
    name, problems = _player_in_game(books, player)
    count, found = _whole(stones, "STONES", "STONES")
    problems += found
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
    there = _rows_of(book.purchases, rnd, name, build=False)
    if there and not replace and not problems:
        old = book.purchases[there[0]]
        problems.append(
            problem(
                "second-purchase",
                "PLAYER",
                f"{name} has a purchase in round {rnd} already: {old.stones} stone(s) for "
                f"{old.cost} Kj in {_cell('Purchases', old.ref)}; one row holds a player's "
                "buying phase",
                f"add --replace to put {count} for {kj} Kj in its place (the traders go in "
                f"--note), or remove it with {_row_hint(old.ref, 'purchase')}",
            )
        )
    if problems:
        return "", problems
    line = f"round {rnd}: {name} buys {count} stone(s) for {kj} Kj" + (f" ({note})" if note else "")
    if there:
        old = book.purchases[there[0]]
        line += f" (replaces {old.stones} for {old.cost} Kj in {_cell('Purchases', old.ref)})"
        book.put(old, dataclasses.replace(old, stones=count, cost=kj, note=note))
        for i in reversed(there[1:]):
            _clear(book.purchases, i, build=False)
    else:
        book.purchases.append(PurchaseRow(rnd, name, count, kj, 0, note))
    return line, []


def add_build(
    books: Books, player: str, stones: str, *, replace: bool = False
) -> tuple[str, list[Problem]]:
    """Stones the player builds from the store onto the tower after phase 2 (section 7)."""
    book = book_of(books)
    rnd = books.day + 1
    name, problems = _player_in_game(books, player)
    count, found = _whole(stones, "STONES", "STONES")
    problems += found
    there = _rows_of(book.purchases, rnd, name, build=True)
    if there and not replace and not problems:
        old = book.purchases[there[0]]
        problems.append(
            problem(
                "second-build",
                "PLAYER",
                f"{name} builds in round {rnd} already: {old.build} stone(s) in "
                f"{_cell('Purchases', old.ref)}",
                f"add --replace to build {count} instead, or remove it with "
                f"{_row_hint(old.ref, 'build')}",
            )
        )
    if problems:
        return "", problems
    line = f"round {rnd}: {name} builds {count} stone(s) onto the tower (after phase 2)"
    if there:
        old = book.purchases[there[0]]
        line += f" (instead of {old.build} in {_cell('Purchases', old.ref)})"
        book.put(old, dataclasses.replace(old, build=count))
        for i in reversed(there[1:]):
            _clear(book.purchases, i, build=True)
    else:
        book.purchases.append(PurchaseRow(rnd, name, 0, Decimal(0), count))
    return line, []


def _clear(book_rows: list[PurchaseRow], i: int, *, build: bool) -> None:
    """Take the build (or the purchase) out of a row; a row left empty goes."""
    r = book_rows[i]
    r = (
        dataclasses.replace(r, build=0)
        if build
        else dataclasses.replace(r, stones=0, cost=Decimal(0), note="")
    )
    if r.stones or r.cost or r.build:
        book_rows[i] = r
    else:
        del book_rows[i]


def delete_purchase_row(books: Books, row_text: str, *, build: bool) -> tuple[str, list[Problem]]:
    """Remove the purchase (``build`` False) or the build in a Purchases row not yet evaluated;
    a row holding both keeps the other."""
    book = book_of(books)
    command = "build" if build else "purchase"
    n, problems = _row_number(row_text, "Purchases")
    if problems:
        return "", problems
    at = next((i for i, r in enumerate(book.purchases) if r.ref and r.ref.row == n), None)
    r = book.purchases[at] if at is not None else None
    if r is None or at is None or not (r.build if build else (r.stones or r.cost)):
        other = "purchase" if build else "build"
        return "", [
            problem(
                "no-such-row",
                "--delete",
                f"row {n} of the Purchases sheet holds no {command}",
                "the number Excel shows at the row's left"
                if r is None
                else f"it holds a {other}: `ledger {other} --delete {n}`",
            )
        ]
    where = _cell("Purchases", r.ref)
    if r.round <= books.day:
        return "", [
            problem(
                "evaluated",
                "--delete",
                f"{where}: round {r.round} is evaluated; its {command} stays in the books",
                "`ledger undo` takes back the last command, a tick too",
            )
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
