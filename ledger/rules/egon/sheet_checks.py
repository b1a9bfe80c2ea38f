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
from ledger.core.problems import CellRef, Problem, Severity
from ledger.rules.egon.orders import Blackmail
from ledger.rules.egon.parse import is_pseudonym, normalize_player, phase_of_text, read_order
from ledger.rules.egon.purchase_checks import late_purchases, purchase_rows
from ledger.rules.egon.said import said
from ledger.rules.egon.sheets import (
    CODES_HINT,
    PLAYER_COLUMNS,
    EgonBook,
    OrderRow,
    RoundRow,
    cell,
    players_out,
    traders_of,
)
from ledger.rules.egon.state import JAILED, Status
from ledger.rules.egon.tables import MAX_PLAYERS, ORDER_COUNT_MOST, ORDER_KJ_MOST, TRADERS


def _fields(row: Any) -> dict[str, Any]:
    """A row's fields by name, and its row number (``ROW`` without one), for `said`."""
    return msgspec.structs.asdict(row) | {"row": row.ref.row if row.ref else "ROW"}


#: The problem code of a negative or too great a number, by its column: Kj or a count.
_AMOUNT_OR_NUMBER = {"cost": "bad-amount", "penalty_kj": "bad-amount"} | dict.fromkeys(
    ("stones", "build", "penalty_stones"), "bad-number"
)

#: Where a player's status stands in Players: after its name and role, among the game's columns.
_STATUS_AT = 2 + [c.name for c in PLAYER_COLUMNS].index("status")


def sheet_problems(book: EgonBook, players: Sequence[Player], day: int) -> Iterator[Problem]:
    """What is wrong in the sheets before a round is evaluated, each naming its cell; ``day``
    is the last round evaluated."""
    if len(players) > MAX_PLAYERS:  # README: the game is one of 12 players
        yield said("too-many-players", "Players", count=len(players), most=MAX_PLAYERS)
    statuses = [s.value for s in Status]
    for p in players:
        if str(p.get("status") or Status.FREE.value) not in statuses:  # 4.6, 2: as the sheet says
            where = CellRef("Players", _STATUS_AT, p.ref.row) if p.ref else p.name
            yield said("bad-status", where, status=p.get("status"), states=", ".join(statuses))
        if not is_pseudonym(p.name):
            yield said("not-a-pseudonym", p.ref or p.name, name=p.name)
    for r in book.rounds:
        if not r.evaluated and r.max_price < 0:
            yield said("negative-max-price", cell(r, "max_price"), **_fields(r))
    yield from _typed_numbers(book, day)
    yield from late_purchases(book, day)
    yield from (found for _, found in round_rows(book, players, day))
    yield from _order_rows(book, players, day)
    yield from _blackmail_rows(book, players)


def _blackmail_rows(book: EgonBook, players: Sequence[Player]) -> Iterator[Problem]:
    """6.6.3: a blackmail waiting in the Blackmails sheet reads as the order that made it,
    ``e,ACTION,VICTIM`` (``alle`` for none) of its blackmailer: players of the game, an action
    of the twelve."""
    names = [p.name for p in players]
    known = {n.upper() for n in names}
    for b in book.blackmails:
        if b.victim and normalize_player(b.victim) not in known:
            yield said("blackmail-victim", cell(b, "victim"), **_fields(b))
            continue
        _, errors = read_order(b.order(), b.blackmailer, players=names, traders=TRADERS)
        for e in errors:
            yield e.problem(cell(b, "blackmailer"), cell(b, "action"), hint=CODES_HINT)


def _order_rows(book: EgonBook, players: Sequence[Player], day: int) -> Iterator[Problem]:
    """Each order not yet evaluated: one of a round gone by is never carried out, and one of a
    round to come is read."""
    names = [p.name for p in players]
    out = players_out(players)
    for o in book.orders:
        if o.result:
            continue  # evaluated already
        if o.round <= day:
            yield said("never-evaluated", order_cell(o, "round"), **_fields(o))
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
        said_of = {"me": me, "delete": delete, "status": status.get(me), **_fields(o)}
        if me in out:
            yield o.round, said("order-of-one-out", order_cell(o, "player"), **said_of)
            continue
        if o.round != day + 1:
            continue
        if status.get(me) in JAILED_NAMES:
            yield o.round, said("order-of-one-jailed", order_cell(o, "player"), **said_of)
        against = normalize_player(o.justified_against)
        if against and not waiting_blackmail(book, me, against):
            where = order_cell(o, "justified_against")
            waiting = waiting_hint(book, me)
            yield (
                o.round,
                said("no-such-blackmail", where, against=against, waiting=waiting, **said_of),
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
            cells = f"{cell(first[r.round], 'round')} and {cell(r, 'round')}"
            yield r.round, said("second-draw", cell(r, "round"), cells=cells, **_fields(r))
            continue
        first[r.round] = r
        try:
            six: list[int] | None = [int(x) for x in r.numbers.replace(" ", "").split(",") if x]
        except ValueError:
            six = None
        for column, message in draw_faults(six, r.zz, r.z6, r.numbers):
            yield r.round, said("bad-draw", cell(r, column), message=message)


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
        first_cell = order_cell(old, "player")
        fields = _fields(o) | {"player": key[1], "phase": phase, "first": old.order}
        yield (
            o.round,
            said("second-order", order_cell(o, "player"), first_cell=first_cell, **fields),
        )


def _typed_numbers(book: EgonBook, day: int) -> Iterator[Problem]:
    """The Traders' prices and the purchases of rounds still to come: an empty number reads as
    0, which is never a trader's price (6.2.1) nor the cost of stones bought (section 3)."""
    for t in book.traders:
        if t.round <= day:
            continue
        if t.price <= 0:
            key = "negative-price" if t.price < 0 else "missing-price"
            yield said(key, cell(t, "price"), **_fields(t))
    for pu in book.purchases:
        if pu.round <= day:
            continue
        negative = [c for c in ("stones", "cost", "build") if getattr(pu, c) < 0]
        for column in negative:
            code = _AMOUNT_OR_NUMBER[column]
            yield said(
                "negative-purchase", cell(pu, column), code=code, column=column, **_fields(pu)
            )
        if not negative and bool(pu.stones) != bool(pu.cost):
            code, column, what = (
                ("missing-cost", "cost", f"buys {pu.stones} stone(s) for nothing")
                if pu.stones
                else ("missing-stones", "stones", f"pays {pu.cost} Kj for no stones")
            )
            yield said("half-a-purchase", cell(pu, column), code=code, what=what, **_fields(pu))


def order_cell(o: OrderRow, column: str) -> str:
    """Where an Orders row's column is (``Orders!D5``), or the order itself without a row."""
    return cell(o, column) if o.ref else f"order {o.order}"


def penalty_problems(o: OrderRow, blackmail: bool, *, at_tick: bool) -> list[Problem]:
    """A blackmail's penalty (6.6.1: "eine Strafandrohung"): more than nothing, never
    negative; no other order has one. A missing one is a warning while the round is typed
    (the row can still be corrected with `ledger order --replace`), refused at the tick."""
    found = []
    for key in ("negative-penalty", "penalty-too-big"):
        for column, most in (("penalty_kj", ORDER_KJ_MOST), ("penalty_stones", ORDER_COUNT_MOST)):
            value = getattr(o, column)
            if value < 0 if key == "negative-penalty" else value > most:
                code = _AMOUNT_OR_NUMBER[column]
                where = order_cell(o, column)
                found.append(said(key, where, code=code, value=value, most=most, **_fields(o)))
    if found:
        return found
    if blackmail and not o.penalty_kj and not o.penalty_stones:
        found.append(
            said("missing-penalty", order_cell(o, "penalty_kj"), warning=not at_tick, **_fields(o))
        )
    elif not blackmail and (o.penalty_kj or o.penalty_stones):
        found.append(said("penalty-ignored", order_cell(o, "penalty_kj"), **_fields(o)))
    return found


def no_maxpreis(row: RoundRow, missing: Any) -> Problem:
    """6.2.1: the round's imports cannot be priced: no trader price of the round is typed.
    ``missing`` is the engine's `MissingMaxpreis` (its imports, as ``ABC: i,2``)."""
    fields = _fields(row) | {
        "numbers": row.numbers.replace(" ", ""),
        "storm": " --storm" if row.storm else "",
    }
    return said("no-maxpreis", "Traders", imports=", ".join(missing.imports), **fields)
