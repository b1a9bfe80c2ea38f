"""The game master's orders for the next round, checked before anything is written: one a
player in each action phase (4.1), from the command line or a round's file, replacing and
removing them.

Each function takes the books and returns ``(summary, problems)``; it changes the Orders rows
only when it found no problem, so `ledger.app.change` saves all or nothing.

What an order must carry besides its code: a party its guests (6.1), a blackmail the penalty
its article threatens (6.6.1: "eine Strafandrohung"), entered as ``--penalty-kj`` and/or
``--penalty-stones``. An order is refused for a player who is out or sits in jail this round
(4.6: it would not be carried out), and when it names a player who is out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Annotated

import msgspec

from ledger.core.money import parse_amount
from ledger.core.names import did_you_mean
from ledger.core.params import Arg, Move, TextFile
from ledger.core.problems import Problem, problem
from ledger.core.steps import form
from ledger.rules.egon.books import Books
from ledger.rules.egon.debt_ahead import debt_ahead
from ledger.rules.egon.order_lines import OrderEntry, order_lines
from ledger.rules.egon.orders import (
    Blackmail,
    Order,
    Party,
    named_players,
    phase_of,
)
from ledger.rules.egon.parse import normalize_player, phase_of_text, read_order
from ledger.rules.egon.refusals import COMMANDS
from ledger.rules.egon.said import said
from ledger.rules.egon.sheet_checks import waiting_blackmail, waiting_hint
from ledger.rules.egon.sheets import (
    CODES_HINT,
    EgonBook,
    OrderRow,
    book_of,
    cell,
    game_over,
    players_out,
    row_hint,
    row_number,
    traders_of,
)
from ledger.rules.egon.state import JAILED
from ledger.rules.egon.tables import ORDER_COUNT_MOST, ORDER_KJ_MOST

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


@COMMANDS(
    "order",
    "ledger order ABC 'x,5,BOB' | ledger order CAT 'p,300,ABC,BOB' | "
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
)
def order(
    books: Books, values: OrderMove, cells: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """Add an order for the next round after checking its syntax and names; one order a
    player in each action phase."""
    if values.delete is not None:
        return delete_order(books, values)
    if values.file is not None:
        return add_order_file(books, values)
    why = "ledger order PLAYER CODE (or --file, --delete)"
    if wrong := form(values, why, ("player", "code")):
        return "", wrong
    assert values.player is not None and values.code is not None  # (`form` asked for them)
    entry = OrderEntry(
        values.player,
        values.code,
        penalty_kj=values.penalty_kj,
        penalty_stones=values.penalty_stones,
        justified_against=values.justified_against or "",
    )
    return add_orders(books, [entry], replace=values.replace)


def _party_problem(entry: OrderEntry, order: Party, players: Sequence[str]) -> Problem:
    """6.1: a party names its guests; the hint names two of the others."""
    guests = ",".join([p for p in players if p != order.player][:2] or ["BOB"])
    amount = order.text().split(",")[1]
    return said(
        "party-without-guests", entry.where, label=entry.label, amount=amount, guests=guests
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


def _who_cannot(books: Books, e: OrderEntry, order: Order, rnd: int) -> list[Problem]:
    """A player who is out or sits in jail this round gives no order that is carried out
    (4.6), and no order acts on a player who is out."""
    status = {p.name.upper(): str(p.get("status") or "") for p in books.players}
    jailed = {s.value for s in JAILED}
    out = players_out(books.players)
    me, label = order.player, e.label
    if me in out:
        return [said("out-gives-no-order", e.at("PLAYER"), label=label, me=me)]
    if status.get(me) in jailed:
        said_of = {"label": label, "me": me, "status": status[me], "round": rnd}
        return [said("jailed-gives-no-order", e.at("PLAYER"), **said_of)]
    return [
        said("order-on-one-out", e.where, label=label, order=order.text(), name=name)
        # a party's guests aside: those who cannot come are passed over (6.1.2)
        for name in named_players(order, guests=False)
        if name in out
    ]


def _penalty(e: OrderEntry, order: Order) -> tuple[Decimal, list[Problem]]:
    """6.6.1: a blackmail carries the penalty its article threatens, more than nothing; no
    other order has one."""
    kj = Decimal(0)
    problems: list[Problem] = []
    if e.penalty_kj:
        try:
            kj = parse_amount(e.penalty_kj)
        except ValueError as exc:
            problems.append(problem("bad-amount", e.at("--penalty-kj"), str(exc), "e.g. 300"))
    label = e.label
    if kj < 0:
        problems.append(
            said("penalty-kj-negative", e.at("--penalty-kj"), label=label, kj=e.penalty_kj)
        )
    if kj > ORDER_KJ_MOST or e.penalty_stones > ORDER_COUNT_MOST:
        big, most = (
            ("--penalty-kj", ORDER_KJ_MOST)
            if kj > ORDER_KJ_MOST
            else ("--penalty-stones", ORDER_COUNT_MOST)
        )
        problems.append(said("penalty-over-most", e.at(big), label=label, option=big, most=most))
    if e.penalty_stones < 0:
        where, stones = e.at("--penalty-stones"), e.penalty_stones
        problems.append(said("penalty-stones-negative", where, label=label, stones=stones))
    if problems:
        return kj, problems
    line = (
        f"{e.player} {e.code} --penalty-kj 300"
        if e.from_file
        else f"ledger order {e.player} '{e.code}' --penalty-kj 300"
    )
    if isinstance(order, Blackmail) and kj == 0 and e.penalty_stones == 0:
        problems.append(said("blackmail-without-penalty", e.where, label=label, line=line))
    elif not isinstance(order, Blackmail):
        problems += [
            said(
                "penalty-of-no-blackmail",
                e.at(option),
                label=label,
                option=option,
                order=order.text(),
            )
            for option, given in (
                ("--penalty-kj", kj),
                ("--penalty-stones", e.penalty_stones),
            )
            if given
        ]
    return kj, problems


def _justified(book: EgonBook, e: OrderEntry, order: Order, names: Sequence[str]) -> list[Problem]:
    """6.6.42: a Rechtfertigung answers a blackmail of last round against this player."""
    against = normalize_player(e.justified_against)
    if not against or waiting_blackmail(book, order.player, against):
        return []
    hint = waiting_hint(book, order.player)
    if against not in names:
        code, what = "unknown-player", f"unknown player {against!r}"
        hint = did_you_mean(against, names) + hint
    else:
        code, what = "no-such-blackmail", f"no blackmail by {against} waits against {order.player}"
    where = e.at("--justified-against")
    return [said("no-blackmail-to-justify", where, code=code, label=e.label, what=what, hint=hint)]


def _checked(books: Books, e: OrderEntry, rnd: int) -> tuple[Order | None, Decimal, list[Problem]]:
    """The entry read and checked: the order and its penalty, or the problems."""
    book = book_of(books)
    names = [p.name for p in books.players]
    order, errors = read_order(e.code, e.player, players=names, traders=traders_of(book, rnd))
    problems = [
        err.problem(e.at("PLAYER"), e.where, label=e.label, hint=CODES_HINT) for err in errors
    ]
    if order is None:
        return None, Decimal(0), problems
    problems += _who_cannot(books, e, order, rnd)
    if problems:
        return None, Decimal(0), problems
    if isinstance(order, Party) and not order.guests:
        return None, Decimal(0), [_party_problem(e, order, names)]
    kj, found = _penalty(e, order)
    found += _justified(book, e, order, [n.upper() for n in names])
    return (None if found else order), kj, found


def _second_orders(
    book: EgonBook, checked: list[tuple[OrderEntry, Order, Decimal]], rnd: int, *, replace: bool
) -> list[Problem]:
    """4.1: one order a player a phase, among the entries and beside those of the round."""
    problems: list[Problem] = []
    first: dict[tuple[str, int], OrderEntry] = {}
    for e, order, _ in checked:
        key = (order.player, phase_of(order))
        said_of = {"label": e.label, "player": order.player, "phase": key[1], "round": rnd}
        if key in first:
            problems.append(said("second-order-given", e.where, first=first[key].where, **said_of))
            continue
        first[key] = e
        there = _same_phase(book.orders, rnd, *key)
        if there and not replace:
            old = book.orders[there[0]]
            said_of |= {"old": old.order, "cell": cell(old, "player"), "order": order.text()}
            remove = row_hint(old.ref, "order")
            problems.append(said("second-order-there", e.where, remove=remove, **said_of))
    return problems


def add_orders(
    books: Books, entries: Sequence[OrderEntry], *, replace: bool = False
) -> tuple[str, list[Problem]]:
    """Check every entry, then add them all (or, with ``replace``, put each in place of the
    player's order of the same phase); with any problem nothing changes."""
    book = book_of(books)
    rnd = books.day + 1
    if over := game_over(books, "order"):
        return "", over
    problems: list[Problem] = []
    checked: list[tuple[OrderEntry, Order, Decimal]] = []
    for e in entries:
        order, kj, found = _checked(books, e, rnd)
        problems += found
        if order is not None:
            checked.append((e, order, kj))
    problems += _second_orders(book, checked, rnd, replace=replace)
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
            book.put(old, msgspec.structs.replace(row, ref=old.ref))
            line += f" (replaces {old.order} in {cell(old, 'player')})"
            for i in reversed(there[1:]):
                line += f" (and removes {book.orders[i].order})"
                del book.orders[i]
        else:
            book.orders.append(row)
        lines.append(line)
    said = [  # section 2: a party beyond the cash goes through, its debt said
        w
        for e, order, _ in checked
        if isinstance(order, Party)
        for w in debt_ahead(books, order.player, e.where, f"a party of {order.amount:,.2f} Kj")
    ]
    return "\n".join(lines), said


def add_order_file(books: Books, values: OrderMove) -> tuple[str, list[Problem]]:
    """`ledger order --file ROUND.txt`: `order_lines` and `add_orders` in one pass, every
    line's problems in line order."""
    if wrong := form(values, "--file", only=("file", "replace", "delete")):
        return "", wrong
    if over := game_over(books, "order"):
        return "", over
    assert values.file is not None
    shown = values.file.path
    entries, problems = order_lines(values.file.text, shown)
    summary, found = add_orders(books, entries, replace=values.replace)
    if not problems and not found:
        return summary, []

    def line_of(p: Problem) -> int:
        number = p.where.rpartition(":")[2]
        return (
            int(number)
            if p.where.startswith(f"{shown}:") and number.isascii() and number.isdigit()
            else 0
        )

    return "", sorted(problems + found, key=line_of)


def delete_order(books: Books, values: OrderMove) -> tuple[str, list[Problem]]:
    """`ledger order --delete ROW`: remove the order in the Orders sheet's row if it is not
    evaluated yet."""
    if wrong := form(values, "--delete ROW", only=("delete",)):
        return "", wrong
    book = book_of(books)
    n, problems = row_number(str(values.delete), "Orders")
    if problems:
        return "", problems
    at = next((i for i, o in enumerate(book.orders) if o.ref and o.ref.row == n), None)
    if at is None:
        rows = [o.ref.row for o in book.orders if o.ref]
        held = f" (the orders are in rows {min(rows)}-{max(rows)})" if len(rows) > 1 else ""
        return "", [said("no-such-order-row", "--delete", row=n, rows=held)]
    o = book.orders[at]
    if o.result:
        said_of = {"cell": cell(o, "player"), "player": o.player, "order": o.order}
        return "", [said("order-evaluated", "--delete", round=o.round, **said_of)]
    del book.orders[at]
    return (
        f"removed {cell(o, 'player')}: round {o.round}: {o.player} {o.order}"
        + (" (the rows below move up one)" if at < len(book.orders) else ""),
        [],
    )
