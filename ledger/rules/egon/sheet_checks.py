"""The Egon sheets' own checks, each problem naming its cell: what `ledger check` and every
changing command find before a round is evaluated (`sheet_problems`), and what the tick refuses
(a blackmail without its penalty, 6.6.1; imports without a Maxpreis, 6.2.1).

A row typed by hand is judged as `ledger order`, `purchase` and `draw` judge what they are
given; what may still be corrected while the round is typed (a missing penalty, a trader's
price, a purchase's cost) is a warning until the tick.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

from ledger.core.books import Player
from ledger.core.problems import CellRef, Problem, problem
from ledger.rules.egon.orders import Blackmail
from ledger.rules.egon.parse import is_pseudonym, read_order
from ledger.rules.egon.sheets import (
    CODES_HINT,
    EgonBook,
    OrderRow,
    PurchaseRow,
    RoundRow,
    TraderRow,
    players_out,
    traders_of,
)


def _cell(row: Any, column: str) -> str:
    """Where a row's column is (``Orders!D5``), or the sheet without a row."""
    sheet = _SHEET_OF[type(row)]
    if row.ref is None:
        return sheet
    return str(CellRef(sheet, [f.name for f in dataclasses.fields(row)].index(column), row.ref.row))


_SHEET_OF: dict[type, str] = {
    RoundRow: "Rounds",
    TraderRow: "Traders",
    OrderRow: "Orders",
    PurchaseRow: "Purchases",
}


def sheet_problems(book: EgonBook, players: Sequence[Player], day: int) -> Iterator[Problem]:
    """What is wrong in the sheets before a round is evaluated, each naming its cell; ``day``
    is the last round evaluated."""
    names = [p.name for p in players]
    for p in players:
        if not is_pseudonym(p.name):
            yield problem(
                "not-a-pseudonym",
                str(p.ref or p.name),
                f"{p.name!r} is not a three-letter pseudonym",
                "players are named by three letters, e.g. ABC",
            )
    for r in book.rounds:
        if not r.evaluated and r.max_price < 0:
            yield problem(
                "bad-amount",
                _cell(r, "max_price"),
                f"round {r.round}: the highest trader price cannot be negative, not {r.max_price}",
                "the highest price a trader asked for a stone this round (6.2.1)",
            )
    yield from _typed_numbers(book, day)
    out = players_out(players)
    for o in book.orders:
        if o.result:
            continue  # evaluated already
        if o.round <= day:
            yield problem(
                "never-evaluated",
                order_cell(o, "round"),
                f"{o.player} {o.order}: round {o.round} was evaluated before this row was "
                "typed; it is never carried out",
                f"delete it: ledger order --delete {o.ref.row if o.ref else 'ROW'}",
                warning=True,
            )
            continue
        if o.player.upper() in out:
            yield problem(
                "player-out",
                order_cell(o, "player"),
                f"{o.player} is out of the game (ausgeschieden) and gives no orders",
                "delete the order: ledger order --delete ROW",
            )
            continue
        order, errors = read_order(
            o.order, o.player, players=names, traders=traders_of(book, o.round)
        )
        for e in errors:
            yield problem(
                "unknown-player" if e.about_player else "bad-order",
                order_cell(o, "player" if e.about_player else "order"),
                e.message,
                e.hint or CODES_HINT,
            )
        if order is not None:
            yield from penalty_problems(o, isinstance(order, Blackmail), at_tick=False)


def _typed_numbers(book: EgonBook, day: int) -> Iterator[Problem]:
    """The Traders' prices and the purchases of rounds still to come: an empty number reads as
    0, which is never a trader's price (6.2.1) nor the cost of stones bought (section 3)."""
    for t in book.traders:
        if t.round <= day:
            continue
        if t.price < 0:
            yield problem(
                "bad-amount",
                _cell(t, "price"),
                f"round {t.round}: {t.trader}'s price cannot be negative, not {t.price}",
                "the Kj the trader asked for a stone",
            )
        elif t.price == 0:
            yield problem(
                "missing-price",
                _cell(t, "price"),
                f"round {t.round}: {t.trader} has no price; the highest price a trader asked "
                "is the round's Maxpreis of an import (6.2.1)",
                "type the Kj the trader asked for a stone",
                warning=True,
            )
    for pu in book.purchases:
        if pu.round <= day:
            continue
        negative = [c for c in ("stones", "cost", "build") if getattr(pu, c) < 0]
        for column in negative:
            yield problem(
                "bad-amount" if column == "cost" else "bad-number",
                _cell(pu, column),
                f"round {pu.round}: {pu.player}'s {column} cannot be negative",
                "ledger purchase PLAYER STONES COST, ledger build PLAYER STONES",
            )
        if not negative and bool(pu.stones) != bool(pu.cost):
            yield problem(
                "missing-cost" if pu.stones else "missing-stones",
                _cell(pu, "cost" if pu.stones else "stones"),
                f"round {pu.round}: {pu.player} "
                + (
                    f"buys {pu.stones} stone(s) for nothing"
                    if pu.stones
                    else f"pays {pu.cost} Kj for no stones"
                )
                + " in the buying phase (section 3)",
                "type both, the stones bought and the Kj paid for them",
                warning=True,
            )


def order_cell(o: OrderRow, column: str) -> str:
    """Where an Orders row's column is (``Orders!D5``), or the order itself without a row."""
    return _cell(o, column) if o.ref else f"order {o.order}"


def penalty_problems(o: OrderRow, blackmail: bool, *, at_tick: bool) -> list[Problem]:
    """A blackmail's penalty (6.6.1: "eine Strafandrohung"): more than nothing, never
    negative; no other order has one. A missing one is a warning while the round is typed
    (the row can still be corrected with `ledger order --replace`), refused at the tick."""
    found = [
        problem(
            "bad-amount" if column == "penalty_kj" else "bad-number",
            order_cell(o, column),
            f"{o.player} {o.order}: a penalty cannot be negative, not {value}",
            "the Kj or stones in store the article threatens (6.6.1, 6.6.22)",
        )
        for column, value in (("penalty_kj", o.penalty_kj), ("penalty_stones", o.penalty_stones))
        if value < 0
    ]
    if found:
        return found
    if blackmail and not o.penalty_kj and not o.penalty_stones:
        row = o.ref.row if o.ref else "ROW"
        found.append(
            problem(
                "missing-penalty",
                order_cell(o, "penalty_kj"),
                f"{o.player} {o.order}: a blackmail without the penalty it threatens: its "
                "article gives the reason and 'eine Strafandrohung' (6.6.1), the Kj and/or "
                "stones in store (6.6.22) the victim pays if he defies it",
                f"type the Kj in penalty_kj (column D) and/or the stones in penalty_stones "
                f"(E) of row {row}, or: ledger order {o.player} '{o.order}' --replace "
                "--penalty-kj 300",
                warning=not at_tick,
            )
        )
    elif not blackmail and (o.penalty_kj or o.penalty_stones):
        found.append(
            problem(
                "penalty-ignored",
                order_cell(o, "penalty_kj"),
                f"{o.player} {o.order}: only a blackmail has a penalty (6.6); it is ignored",
                "clear the penalty cells of this row",
                warning=True,
            )
        )
    return found


def no_maxpreis(row: RoundRow, missing: Any) -> Problem:
    """6.2.1: the round's imports cannot be priced: no trader price of the round is typed.
    ``missing`` is the engine's `MissingMaxpreis` (its imports, as ``ABC: i,2``)."""
    storm = " --storm" if row.storm else ""
    return problem(
        "no-maxpreis",
        "Traders",
        f"round {row.round}: {', '.join(missing.imports)}: an import costs Maxpreis + 4 x "
        "Anzahl^2 Kj a stone, Maxpreis being the highest price a trader asked this round "
        f"(6.2.1), and no trader price of round {row.round} is typed",
        f"type the round's trader prices in the Traders sheet, a row a trader (round "
        f"{row.round}, trader, stones, price, min_qty), or give the highest with ledger draw "
        f"--again --numbers {row.numbers.replace(' ', '')} --zz {row.zz} --z6 {row.z6}{storm} "
        "--max-price PRICE",
    )
