"""The Egon sheets' own checks, each problem naming its cell: what `ledger check` and every
changing command find before a round is evaluated (`sheet_problems`), and what the tick refuses
(a blackmail without its penalty, 6.6.1; imports without a Maxpreis, 6.2.1).

A row typed by hand is judged as `ledger order`, `purchase` and `draw` judge what they are
given; what may still be corrected while the round is typed (a missing penalty, a trader's
price, a purchase's cost; and `round_rows`: a second order, an order of a player out or in
jail, a Rechtfertigung against no waiting blackmail, a purchase row of purchase_checks.py, a
draw typed wrong or twice) is a warning until the tick, so that the command its hint names
(`ledger order --delete N`, `draw --again`) works: a changing command refuses to run while the
books hold an error. The tick of the row's round refuses it (`tick_refusals`), naming the cell.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from ledger.core.books import Player
from ledger.core.problems import Problem, Severity, problem
from ledger.rules.egon.orders import Blackmail
from ledger.rules.egon.parse import is_pseudonym, normalize_player, phase_of_text, read_order
from ledger.rules.egon.purchase_checks import late_purchases, purchase_rows
from ledger.rules.egon.sheets import (
    CODES_HINT,
    SHEETS,
    EgonBook,
    OrderRow,
    RoundRow,
    players_out,
    sheet_spec,
    traders_of,
)
from ledger.rules.egon.state import JAILED
from ledger.rules.egon.tables import ORDER_COUNT_MOST, ORDER_KJ_MOST


def _cell(row: Any, column: str) -> str:
    """Where a row's column is (``Orders!D5``), or the sheet without a row."""
    sheet = _SHEET_OF[type(row)]
    return sheet_spec(sheet).cell(column, row.ref, sheet)


#: The sheet of each record type.
_SHEET_OF: dict[type, str] = {cls: name for name, (cls, _, _) in SHEETS.items()}


def sheet_problems(book: EgonBook, players: Sequence[Player], day: int) -> Iterator[Problem]:
    """What is wrong in the sheets before a round is evaluated, each naming its cell; ``day``
    is the last round evaluated."""
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
    yield from late_purchases(book, day)
    yield from (found for _, found in round_rows(book, players, day))
    yield from _order_rows(book, players, day)


def _order_rows(book: EgonBook, players: Sequence[Player], day: int) -> Iterator[Problem]:
    """Each order not yet evaluated: one of a round gone by is never carried out, and one of a
    round to come is read."""
    names = [p.name for p in players]
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
            continue  # named by round_rows
        order, errors = read_order(
            o.order, o.player, players=names, traders=traders_of(book, o.round)
        )
        for e in errors:
            yield e.problem(order_cell(o, "player"), order_cell(o, "order"), hint=CODES_HINT)
        if order is not None:
            yield from penalty_problems(o, isinstance(order, Blackmail), at_tick=False)


def round_rows(
    book: EgonBook, players: Sequence[Player], day: int
) -> Iterator[tuple[int, Problem]]:
    """What is wrong with a row of a round to come that a command can still correct (a second
    order, an order of a player out or in jail, a Rechtfertigung against no blackmail, a
    purchase of a player out or unknown, a draw typed wrong or twice), each with its round: a
    warning while the round is typed (the command its hint names then works), refused by that
    round's tick (`tick_refusals`)."""
    yield from _second_orders(book, day)
    yield from _typed_draws(book, day)
    yield from purchase_rows(book, players, day)
    out = players_out(players)
    status = {p.name.upper(): str(p.get("status") or "") for p in players}
    for o in book.orders:
        if o.result or o.round <= day:
            continue
        me = normalize_player(o.player)
        delete = f"ledger order --delete {o.ref.row if o.ref else 'ROW'}"
        if me in out:
            yield (
                o.round,
                problem(
                    "player-out",
                    order_cell(o, "player"),
                    f"{me} is out of the game (ausgeschieden) and gives no orders",
                    f"delete the order: {delete}",
                    warning=True,
                ),
            )
            continue
        if o.round != day + 1:
            continue
        if status.get(me) in JAILED_NAMES:
            yield (
                o.round,
                problem(
                    "player-jailed",
                    order_cell(o, "player"),
                    f"{me} sits in the {status[me]} in round {o.round}: his orders of that round "
                    "are not carried out (4.6)",
                    f"delete the order: {delete}",
                    warning=True,
                ),
            )
        against = normalize_player(o.justified_against)
        if against and not waiting_blackmail(book, me, against):
            yield (
                o.round,
                problem(
                    "no-such-blackmail",
                    order_cell(o, "justified_against"),
                    f"{me} {o.order}: no blackmail by {against} waits against {me}: a "
                    "Rechtfertigung answers a blackmail of last round (6.6.42)",
                    waiting_hint(book, me),
                    warning=True,
                ),
            )


def tick_refusals(book: EgonBook, players: Sequence[Player], day: int) -> list[Problem]:
    """What the tick of round ``day + 1`` refuses among `round_rows`' warnings (a player in
    jail's order is only not carried out, 4.6)."""
    return [
        msgspec.structs.replace(found, severity=Severity.ERROR)
        for rnd, found in round_rows(book, players, day)
        if rnd == day + 1 and found.code != "player-jailed"
    ]


#: The statuses of a player in jail (4.6), as the Players sheet writes them.
JAILED_NAMES = {s.value for s in JAILED}


def waiting_blackmail(book: EgonBook, victim: str, blackmailer: str) -> bool:
    """Whether a blackmail of last round by ``blackmailer`` waits against ``victim`` (one
    against him or against all), so that a Rechtfertigung can answer it (6.6.42)."""
    return any(
        normalize_player(b.blackmailer) == blackmailer
        and normalize_player(b.victim) in ("", victim)
        and blackmailer != victim
        for b in book.blackmails
    )


def waiting_hint(book: EgonBook, victim: str) -> str:
    """The blackmails waiting against ``victim``, for a hint."""
    waiting = [
        f"{b.blackmailer}: e,{b.action},{b.victim or 'alle'}"
        for b in book.blackmails
        if normalize_player(b.victim) in ("", victim) and normalize_player(b.blackmailer) != victim
    ]
    return (
        f"the blackmails against {victim}: {', '.join(waiting)}" if waiting else "none is waiting"
    )


def draw_faults(
    six: Sequence[int] | None, zz: int | None, z6: int | None, shown: str
) -> list[tuple[str, str]]:
    """What a draw is refused for (8.1), by `ledger draw` and in a typed Rounds row: six
    different numbers 1-49 (``six`` None: not numbers), a Zusatzzahl 1-49 apart from them (never
    0), Z6 one of the six. (column, message) each; ``shown`` is the six as given."""
    numbers = list(six or [])
    found = []
    if len(numbers) != 6 or len(set(numbers)) != 6 or not all(1 <= n <= 49 for n in numbers):
        found.append(("numbers", f"{shown!r}: give six different numbers from 1 to 49"))
    if zz is None or not 1 <= zz <= 49 or zz in numbers:
        found.append(("zz", "the Zusatzzahl is 1-49 and not one of the six (never 0)"))
    if z6 is None or z6 not in numbers:
        found.append(("z6", "Z6 is one of the six numbers"))
    return found


def _typed_draws(book: EgonBook, day: int) -> Iterator[tuple[int, Problem]]:
    """A Rounds row of a round to come, judged as `ledger draw` judges a draw; one a round."""
    first: dict[int, RoundRow] = {}
    for r in book.rounds:
        if r.evaluated or r.round <= day:
            continue
        if r.round in first:
            cells = f"{_cell(first[r.round], 'round')} and {_cell(r, 'round')}"
            yield (
                r.round,
                problem(
                    "second-draw",
                    _cell(r, "round"),
                    f"round {r.round} is drawn twice ({cells})",
                    "ledger draw --again puts one draw in place of both",
                    warning=True,
                ),
            )
            continue
        first[r.round] = r
        try:
            six: list[int] | None = [int(x) for x in r.numbers.replace(" ", "").split(",") if x]
        except ValueError:
            six = None
        for column, message in draw_faults(six, r.zz, r.z6, r.numbers):
            yield (
                r.round,
                problem(
                    "bad-draw",
                    _cell(r, column),
                    message,
                    "ledger draw --again (or --again --numbers N,N,N,N,N,N --zz N --z6 N) "
                    "replaces it",
                    warning=True,
                ),
            )


def _second_orders(book: EgonBook, day: int) -> Iterator[tuple[int, Problem]]:
    """4.1: one order a player in each action phase of a round; a second row is named."""
    first: dict[tuple[int, str, int], OrderRow] = {}
    for o in book.orders:
        phase = phase_of_text(o.order)
        if o.result or o.round <= day or phase is None:
            continue
        key = (o.round, normalize_player(o.player), phase)
        if key not in first:
            first[key] = o
            continue
        old = first[key]
        yield (
            o.round,
            problem(
                "second-order",
                order_cell(o, "player"),
                f"{key[1]} has a second order for action phase {phase} of round {o.round} (the "
                f"first is {old.order} in {order_cell(old, 'player')}); 4.1 allows one order a phase",
                f"remove one: ledger order --delete {o.ref.row if o.ref else 'ROW'}",
                warning=True,
            ),
        )


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
    ] + [
        problem(
            "bad-amount" if column == "penalty_kj" else "bad-number",
            order_cell(o, column),
            f"{o.player} {o.order}: a penalty of {value} is more than an order carries: "
            f"at most {most:,}",
            "a penalty within the game (6.6.2: 'im Rahmen des Spiels')",
        )
        for column, value, most in (
            ("penalty_kj", o.penalty_kj, ORDER_KJ_MOST),
            ("penalty_stones", o.penalty_stones, ORDER_COUNT_MOST),
        )
        if value > most
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
