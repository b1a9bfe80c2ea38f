"""Checks of the Triplanetary sheets: every reference resolves, every value is possible."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

from ledger.core import among
from ledger.core.books import Rule
from ledger.core.problems import CellRef, Problem
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import GONE, SAID, hold_capacity, hold_used, state_of
from ledger.rules.triplanetary.model import CREW_STATES, LEGAL_STATES, POST_STATES
from ledger.rules.triplanetary.settings import Rules
from ledger.rules.triplanetary.sheets import RECORDS, SPECS

Check = Callable[[Books], Iterable[Problem]]


def cell(rec: Any, field_name: str) -> str:
    ref: CellRef | None = rec.ref
    if ref is None:
        return f"{type(rec).__name__} {getattr(rec, 'id', '')}"
    names = _FIELDS[type(rec)]
    col = names.index(field_name) if field_name in names else 0
    return str(CellRef(ref.sheet, col, ref.row))


#: Each record's fields in the order of its sheet's columns (`class` is crime_class).
_FIELDS: dict[type, list[str]] = {
    h.record: [(h.field_of or {}).get(c.name, c.name) for c in SPECS[name].columns]
    for name, h in RECORDS.items()
}


#: The columns that must hold one of a list, by the rule that checks them (checks.csv): every
#: owner, head and player a record names is a player, a crew mans a ship, base or mine, ...
AMONG = among.table(__package__ or "ledger.rules.triplanetary")


#: The checks in the order they are declared, each by `@_rule(code, what it checks)`.
_DECLARED: list[Rule] = []


def _rule(code: str, name: str) -> Callable[[Check], Check]:
    def declare(check: Check) -> Check:
        _DECLARED.append(Rule(code, name, check))
        return check

    return declare


@_rule("ids", "every row has an id, and no id is used twice")
def _ids(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    # ids are unique; posts (ships, bases, mines) share one space because crews name them
    seen: Counter[str] = Counter()
    for group in (
        state.ships,
        state.bases,
        state.mines,
        state.modules,
        state.crews,
        state.offices,
        state.orders,
        state.corporations,
        state.crimes,
        state.dues,
        state.liners,
        state.underwriting,
        state.branches,
        state.transfers,
    ):
        for rec in group:
            if not rec.id:
                yield SAID.problem("row-without-id", cell(rec, "id"))
                continue
            seen[rec.id.casefold()] += 1
            if seen[rec.id.casefold()] == 2:
                yield SAID.problem("duplicate-id", cell(rec, "id"), id=rec.id)


@_rule("owners", "every owner, head and player a record names is a player")
def _owners(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    players = {"players": sorted({p.name for p in books.players})}
    for check in AMONG["owners"]:
        for rec in getattr(state, RECORDS[check.sheet].attr):
            yield from among.problems(rec, (check,), players, cell)


@_rule("posts", "ships, bases and mines are in a state ledger knows")
def _posts(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    posts = state.posts()
    for post in posts.values():
        if post.status not in POST_STATES and post.status != "registering":
            states = ", ".join(POST_STATES)
            yield SAID.problem(
                "bad-post-status", cell(post, "status"), status=post.status, states=states
            )


@_rule("ship-types", "every ship is of a §38 type and holds no more fuel than it can")
def _ship_types(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    for ship in state.ships:
        price = state.prices.get(ship.type)
        if price is None or price.kind != "ship":
            yield SAID.problem("unknown-ship-type", cell(ship, "type"), type=ship.type)
            continue
        if price.fuel is not None and ship.fuel > price.fuel:
            yield SAID.problem(
                "too-much-fuel", cell(ship, "fuel"), type=ship.type, tank=price.fuel, fuel=ship.fuel
            )


@_rule("settings", "percentages from 0 to 100, amounts not below 0, days and ratios 1 or more")
def _settings(books: Books) -> Iterable[Problem]:
    for s in books.game.all_settings():  # percentages stay percentages, counts stay counts
        value = books.settings.values.get(s.key)
        where = str(books.settings.refs.get(s.key, "Settings"))
        if s.key.endswith("_percent") and isinstance(value, Decimal) and not 0 <= value <= 100:
            yield SAID.problem(
                "percent-out-of-range", where, key=s.key, value=value, default=s.default
            )
        elif (
            s.kind in ("int", "money", "decimal")
            and not s.key.startswith("pr_")
            and isinstance(value, (int, Decimal))
            and not isinstance(value, bool)
            and value < 0
        ):
            yield SAID.problem("negative-setting", where, key=s.key, value=value, default=s.default)
    for key in (
        "crew_pay_days",
        "supply_days",
        "office_period_days",
        "processor_ratio",
        "ct_mine_days_per_cp",
        "tax_cycle_days",
        "crew_quit_days",
    ):
        if books.settings.get_int(key) < 1:
            where = str(books.settings.refs.get(key, "Settings"))
            yield SAID.problem("setting-below-one", where, key=key)


@_rule("holds", "no ship carries more than its hold (a warning)")
def _holds(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    rules = Rules.of(books.settings)
    working = Counter(c.post for c in state.crews if c.active)
    for ship in state.ships:
        cap = hold_capacity(state, ship)
        if (
            cap is not None
            and ship.type in state.prices
            and hold_used(rules, state, ship, working[ship.id]) > cap
        ):
            used = hold_used(rules, state, ship, working[ship.id])
            yield SAID.problem(
                "overfull-hold",
                cell(ship, "supplies"),
                ship=ship.name or ship.id,
                used=used,
                cap=cap,
            )


@_rule("negatives", "supplies, fuel and cargo not below 0")
def _negatives(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    posts = state.posts()
    for post in posts.values():
        for field_name in ("supplies", "emergency_left", "fed_until"):
            if getattr(post, field_name) < 0:
                yield SAID.problem(
                    "negative-post-value",
                    cell(post, field_name),
                    field=field_name,
                    post=post.name or post.id,
                )
    for ship in state.ships:
        if ship.fuel < 0:
            yield SAID.problem("negative-fuel", cell(ship, "fuel"), ship=ship.name or ship.id)
    for c in state.cargo:
        if c.qty < 0:
            yield SAID.problem(
                "negative-cargo", cell(c, "qty"), holder=c.holder, qty=c.qty, good=c.good
            )


@_rule("crews", "every crew is in a crew state and mans a ship, base or mine that is there")
def _crews(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    posts = state.posts()
    lists = {"CREW_STATES": CREW_STATES, "posts": posts, "modules": {m.id for m in state.modules}}
    for crew in state.crews:
        workplace = posts.get(crew.post)
        if crew.active and workplace is not None and workplace.status in ("destroyed", "departed"):
            yield SAID.problem(
                "crew-on-lost-post",
                cell(crew, "post"),
                crew=crew.id,
                post=workplace.name or workplace.id,
                status=workplace.status,
            )
        yield from among.problems(crew, AMONG["crews"], lists, cell)


@_rule("modules", "every recreation module is on a base")
def _modules(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    bases = {"bases": {b.id for b in state.bases}}
    for m in state.modules:
        yield from among.problems(m, AMONG["modules"], bases, cell)


@_rule("cargo", "every cargo is held by a ship, base or mine and is a §38 item or §39 good")
def _cargo(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    posts = state.posts()
    for c in state.cargo:
        yield from among.problems(c, AMONG["cargo"], {"posts": posts}, cell)
        if (
            c.good not in state.prices
            and c.good not in tables.GOODS_BY_KEY
            and c.good not in ("supplies", "plutonium")
        ):
            yield SAID.problem("unknown-cargo", cell(c, "good"), good=c.good)


@_rule("legal-status", "every player's legal status is one ledger knows")
def _legal_status(books: Books) -> Iterable[Problem]:
    for p in books.players:
        status = p.get("status") or "free"
        if status not in LEGAL_STATES:
            where = str(CellRef("Players", 3, p.ref.row)) if p.ref else p.name
            yield SAID.problem(
                "bad-legal-status", where, status=status, states=", ".join(LEGAL_STATES)
            )


@_rule("incorporate", "§7: a player with two ships has a corporation (a warning)")
def _incorporate(books: Books) -> Iterable[Problem]:
    state = state_of(books)
    # §7: once a player has two ships, they must incorporate
    ships = Counter(s.owner for s in state.ships if s.status not in GONE)
    corps = {c.head for c in state.corporations if c.status in ("forming", "active", "merging")}
    for name, n in sorted(ships.items()):
        if n >= 2 and name not in corps:
            first = next(s for s in state.ships if s.owner == name)
            yield SAID.problem("must-incorporate", cell(first, "owner"), name=name, n=n)


#: Triplanetary's checks of its sheets, each reached by `ledger check --rule CODE`.
RULES = tuple(_DECLARED)
