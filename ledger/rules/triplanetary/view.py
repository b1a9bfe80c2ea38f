"""Triplanetary's own view of the table for the served pages (`Game.view`): who owns which
ships, bases, mines and offices, what each owes in wages, fees and to the Patrol and Earth, and
what is being built. Plain data (ledger.core.report.Table); the whole table may see it, and a
player's own statement says the rest.

Rule numbers are those of ../shared/rules/triplanetary-variant-v2.txt: §8 offices, §13 wages,
§29 property at its price.
"""

from __future__ import annotations

from ledger.core.report import Moves, Pick, Table, fmt
from ledger.core.words import plural
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import GONE, collected_when, holdings, state_of
from ledger.rules.triplanetary.model import State
from ledger.rules.triplanetary.settings import Rules
from ledger.rules.triplanetary.statement import SHOWN, owed_by, property_value


def view(books: Books) -> list[Table]:
    state = state_of(books)
    rules = Rules.of(books.settings)
    return [
        owners(books, state),
        offices(state, rules),
        ships(state),
        bases(state),
        building(state),
        owed(state),
    ]


def owners(books: Books, state: State) -> Table:
    """Property and dues by owner (§29 at the price paid, §13 wages owed today)."""
    table = SHOWN["owners"].table()
    for p in books.players:
        name, wages = p.name, owed_by(books, p.name)[1]
        held = holdings(state, name).items()
        holds = ", ".join(plural(n, what) for what, n in held if n) or "nothing"
        table.rows.append([name, holds, fmt(property_value(state, name)), fmt(wages)])
    table.total = f"Property at the price paid (§29), wages owed today (§13), in {books.currency}"
    return table


def offices(state: State, rules: Rules) -> Table:
    """The open offices and the day each one's next fee falls due (§8)."""
    table = SHOWN["offices"].table()
    for o in sorted(state.offices, key=lambda o: (o.paid_until, o.owner, o.id)):
        if o.status == "open":
            table.rows.append([o.owner, o.id, o.place, fmt(rules.office_fee), str(o.paid_until)])
    return table


def ships(state: State) -> Table:
    table = SHOWN["ships"].table()
    for s in sorted(state.ships, key=lambda s: (s.owner, s.id)):
        if s.status in GONE:
            continue
        table.rows.append(
            [
                s.owner,
                s.name or s.id,
                s.type,
                s.status + (", landed" if s.on_planet else ""),
                s.location,
            ]
        )
    return table


def bases(state: State) -> Table:
    table = SHOWN["bases"].table()
    for b in sorted(state.bases, key=lambda b: (b.owner, b.id)):
        if b.status in GONE:
            continue
        mods = ", ".join(m.id for m in state.modules if m.base == b.id)
        what = (b.name or b.id) + (f" (modules {mods})" if mods else "")
        table.rows.append([b.owner, what, b.location, b.status])
    for m in sorted(state.mines, key=lambda m: (m.owner, m.id)):
        kind = "C-T mine" if m.ct else "mine"
        where = m.location or m.base
        registered = (
            "registered"
            if m.registered_day is not None
            else f"to be registered on day {m.ready_day}"
        )
        table.rows.append([m.owner, f"{m.name or m.id} ({kind})", where, registered])
    return table


def building(state: State) -> Table:
    table = SHOWN["building"].table()
    for o in sorted(state.orders, key=lambda o: (o.ready_day, o.owner, o.id)):
        if o.status == "building":
            what = o.item + (f" {o.name}" if o.name else "")
            table.rows.append([o.owner, what, o.place, str(o.ready_day)])
    return table


def owed(state: State) -> Table:
    """Taxes and fines a player owes the Patrol or Earth and has not paid."""
    table = SHOWN["owed"].table()
    for d in sorted(state.dues, key=lambda d: (d.day, d.player, d.id)):
        if d.amount:
            table.rows.append([d.player, str(d.day), d.reason, d.creditor, fmt(d.amount)])
    if table.rows:
        table.total = collected_when("each player", "these")
    return table


def moves(books: Books, name: str) -> Moves:
    """What `name` may do from their page now (the served pages): buy supplies (§14) for a
    ship, base or mine of their own, picked from a list; nothing while they hold none."""
    state = state_of(books)
    fields = {}
    for field, posts in (("ship", state.ships), ("base", state.bases), ("mine", state.mines)):
        own = tuple(
            (p.id, f"{p.name or p.id} ({p.id}){', at ' + p.location if p.location else ''}")
            for p in posts
            if p.owner == name and p.status not in GONE
        )
        if own:
            fields[field] = Pick(own)
    return {"supply": fields} if fields else {}
