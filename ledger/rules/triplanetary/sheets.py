"""The game's own sheets: one record per row, the columns named as the records' fields.

`load_state` turns the rows ledger/io read into records and `dump_state` turns them back into
rows, both by ledger/core/records.py (problems for bad references come from checks.py).
Pure: no files here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

import msgspec

from ledger.core.problems import CellRef, Problem, problem
from ledger.core.records import Field, Held, dump_records, record_fields
from ledger.core.schema import Column, SheetSpec
from ledger.core.sheets import column_kind
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.model import (
    CREW_STATES,
    POST_STATES,
    Base,
    Branch,
    Cargo,
    Corporation,
    Crew,
    Crime,
    Due,
    Liner,
    Market,
    Mine,
    Module,
    Office,
    Order,
    PRChange,
    Ship,
    State,
    Transfer,
    Underwriting,
)

Rows = Sequence[tuple[CellRef, dict[str, Any]]]

HELP: dict[str, str] = {
    "id": "A short id other rows refer to (S1, C3, ...); ledger fills it in for new rows.",
    "owner": "The player who owns it.",
    "price": "The original price paid (property tax is 10% of it, §29).",
    "supplies": "Units of supplies (one feeds one crew for 30 days, §14).",
    "fed_until": "The crews here are fed through this day.",
    "emergency_left": "Days of emergency supplies left (§14).",
    "status": "active, landing (crew quit), drifting (crew dead), stopped, open, destroyed.",
    "on_planet": "yes while on a planet: crews there need no supplies (§14).",
    "post": "The ship, base or mine the crew mans.",
    "paid_through": "The crew's wages are paid through this day (§13).",
    "module": "A recreation module the crew can reach: they spend half their pay there (§20).",
    "paid_until": "The first day the office's fees do not cover (§8).",
    "ready_day": "The day it is done (§7, §9, §12, §24).",
    "what": "What the crime was, in words.",
    "frm": "The planet or base the line starts from (a §40 route).",
    "to": "The planet or base the line goes to (a §40 route).",
    "ship": "The ship that carries it (its id).",
    "tried_day": "The day the crime was tried (§36B): a crime is tried once.",
    "change": "How much the public relations value changed, plus or minus (§36C).",
}

WIDTHS = {
    "id": 6,
    "owner": 10,
    "note": 24,
    "name": 14,
    "location": 12,
    "what": 30,
    "reason": 30,
    "members": 20,
}


PLAYERS = "players"  # the names in the Players sheet
POSTS = "Ships!id+Bases!id+Mines!id"  # where crews live and cargo lies (§14)
PLACES = tables.PLACES
SHIP_TYPES = tuple(e.key for e in tables.EQUIPMENT if e.kind == tables.Kind.SHIP)
BASE_TYPES = tuple(e.key for e in tables.EQUIPMENT if e.kind == tables.Kind.BASE)
ITEMS = tuple(e.key for e in tables.EQUIPMENT)
GOODS = tuple(g.key for g in tables.GOODS)
#: What a hold or a store may hold: §39 goods, §38 items, supplies and plutonium (§30).
CARGO = tuple(dict.fromkeys((*GOODS, *ITEMS, "supplies", "plutonium")))
ROUTE_ENDS = tuple(p for p in PLACES if any(p in (r.frm, r.to) for r in tables.LINER_ROUTES))

#: Each column's dropdown in the workbook: sheet -> column -> (where its values come from,
#: whether Excel refuses any other value). Names drawn from the records (players, ids) only
#: warn: the banker may have typed a new one in this sitting. A place a hex may stand for
#: warns too; the rules' own vocabularies (types, goods, states) refuse.
CHOICES: dict[str, dict[str, tuple[tuple[str, ...] | str, bool]]] = {
    "Ships": {
        "owner": (PLAYERS, False),
        "type": (SHIP_TYPES, True),
        "built_at": (PLACES, False),
        "location": (PLACES, False),
        "status": ((*POST_STATES, "registering"), True),
    },
    "Bases": {
        "owner": (PLAYERS, False),
        "type": (BASE_TYPES, True),
        "built_at": (PLACES, False),
        "location": (PLACES, False),
        "status": ((*POST_STATES, "registering"), True),
    },
    "Modules": {
        "owner": (PLAYERS, False),
        "base": ("Bases!id", False),
        "status": (("open", "shut", "destroyed"), True),
    },
    "Mines": {
        "owner": (PLAYERS, False),
        "base": ("Bases!id", False),
        "status": ((*POST_STATES, "registering"), True),
    },
    "Crews": {
        "owner": (PLAYERS, False),
        "post": (POSTS, False),
        "module": ("Modules!id", False),
        "status": (CREW_STATES, True),
    },
    "Offices": {
        "owner": (PLAYERS, False),
        "place": (PLACES, True),
        "status": (("open", "closed"), True),
    },
    "Construction": {
        "owner": (PLAYERS, False),
        "item": ((*ITEMS, "colonization"), True),
        "place": (PLACES, True),
        "target": ("Bases!id+Ships!id", False),
        "status": (("building", "done"), True),
    },
    "Corporations": {
        "head": (PLAYERS, False),
        "place": (PLACES, True),
        "status": (("forming", "active", "merging", "merged", "dissolved"), True),
        "merging_with": ("Corporations!id", False),
    },
    "Cargo": {"holder": (POSTS, False), "good": (CARGO, True)},
    "Crimes": {"player": (PLAYERS, False), "status": (("open", "paid", "tried"), True)},
    "Dues": {
        "player": (PLAYERS, False),
        "creditor": (("patrol", "earth", "tax"), True),
        "crime": ("Crimes!id", False),
    },
    "Markets": {"place": (PLACES, True), "good": (GOODS, True)},
    "Liners": {
        "owner": (PLAYERS, False),
        "frm": (ROUTE_ENDS, False),
        "to": (ROUTE_ENDS, False),
        "status": (("open", "closed"), True),
    },
    "Underwriting": {
        "owner": (PLAYERS, False),
        "ship": ("Ships!id", False),
        "good": (CARGO, True),
        "status": (("open", "settled"), True),
    },
    "Branches": {
        "owner": (PLAYERS, False),
        "base": ("Bases!id", False),
        "ship": ("Ships!id", False),
        "status": (("shipping", "open"), True),
    },
    "PR": {"player": (PLAYERS, False)},
    "Transfers": {
        "owner": (PLAYERS, False),
        "good": ((*CARGO, "crews"), True),
        "source": ("Bases!id", False),
        "target": ("Bases!id", False),
        "status": (("moving", "done", "short", "stopped"), True),
    },
}


#: Columns shown first, in this order; the rest follow in the record's order.
FIRST = ("id", "owner", "type", "name", "price", "built_at", "built_day", "location", "on_planet")


def fields_in_order(cls: type) -> list[Field]:
    fields = [f for f in record_fields(cls) if f.name != "ref"]
    first = [f for name in FIRST for f in fields if f.name == name]
    return first + [f for f in fields if f not in first]


def _columns(
    cls: type,
    skip: tuple[str, ...] = (),
    choices: Mapping[str, tuple[tuple[str, ...] | str, bool]] | None = None,
) -> tuple[Column, ...]:
    cols = []
    for f in fields_in_order(cls):
        if f.name in ("ref", *skip):
            continue
        name = "class" if f.name == "crime_class" else f.name
        required = f.name in ("id", "owner", "holder", "good", "player", "head", "place") or (
            f.name in ("post", "base", "item", "type") and f.required
        )
        listed, strict = (choices or {}).get(name, ((), False))
        cols.append(
            Column(
                name,
                column_kind(f.type),
                WIDTHS.get(f.name, max(8, len(name) + 2)),
                required=required,
                help=HELP.get(f.name, ""),
                choices=listed,
                strict=strict,
            )
        )
    return tuple(cols)


#: sheet name -> (record class, what the sheet is for)
SHEETS: dict[str, tuple[type, str]] = {
    "Ships": (
        Ship,
        "Every ship: owner, type, price paid, where built, supplies, fuel, state (§10-§15).",
    ),
    "Bases": (Base, "Bases (§19) with their supplies and emergency supplies."),
    "Modules": (Module, "Recreation modules on bases (§20)."),
    "Mines": (Mine, "Mining claims (§23, §24); their ore is in Cargo."),
    "Crews": (Crew, "Crews (§13): where they work, wages paid through which day."),
    "Offices": (Office, "Corporation offices (§8) and the day their fees run out."),
    "Construction": (
        Order,
        "Ordered ships, bases, modules, incorporations, mergers and claims with their ready day (§7, §9, §12, §24).",
    ),
    "Corporations": (Corporation, "Corporations (§7) and mergers (§9)."),
    "Cargo": (
        Cargo,
        "What each ship's hold, base and mine holds: good or item and quantity (CP or units).",
    ),
    "Crimes": (Crime, "Crimes on record (§36): unpaid taxes, fines and what the Patrol was told."),
    "Dues": (
        Due,
        "Fines and taxes a player could not pay; `ledger tick` takes them at the start of each day, as much as the player has (§6).",
    ),
    "Markets": (Market, "Stocks and saturation of the markets (§25, §26)."),
    "Liners": (Liner, "Space passenger lines (§28, §40) and the passengers waiting."),
    "Underwriting": (Underwriting, "Lloyds of Luna's shares of cargoes (§31)."),
    "Branches": (Branch, "Branch banks (§30)."),
    "PR": (PRChange, "Every change of a player's public relations value and why (§36C)."),
    "Transfers": (
        Transfer,
        "Crews, goods, supplies and fuel moving between adjacent bases, so many CP a day (§21).",
    ),
}

PRICE_COLUMNS = (
    Column("item", "text", 24, help="The name commands use.", choices=ITEMS, strict=True),
    Column("name", "text", 24, required=False),
    Column("kind", "text", 11, required=False, choices=tuple(k.value for k in tables.Kind)),
    Column("price", "money", 10, help="Price in KC (§38): change it to play a house rule."),
    Column("fuel", "int", 6, required=False),
    Column("hold_cp", "int", 8, required=False, help="The ship's or base's hold in CP."),
    Column("size_cp", "int", 8, required=False, help="CP the item takes in a hold."),
    Column("attack_factor", "int", 8, required=False),
    Column(
        "build_days",
        "int",
        9,
        required=False,
        help="Days to build (§12): change it to play a house rule.",
    ),
)


PRICE_LIST = SheetSpec(
    "PriceList", PRICE_COLUMNS, "The §38 price list: prices, holds and build times the game uses."
)


def sheet_specs() -> tuple[SheetSpec, ...]:
    specs = [
        SheetSpec(name, _columns(cls, choices=CHOICES.get(name)), about)
        for name, (cls, about) in SHEETS.items()
    ]
    specs.append(PRICE_LIST)
    return tuple(specs)


class Price(msgspec.Struct, frozen=True):
    item: str
    name: str
    kind: str
    price: Decimal
    fuel: int | None
    hold_cp: int | None
    size_cp: int | None
    attack_factor: int | None
    build_days: int


def default_prices() -> dict[str, Price]:
    return {
        e.key: Price(
            e.key,
            e.name,
            str(e.kind),
            e.price,
            e.fuel,
            e.cargo_capacity_cp,
            e.cargo_size_cp,
            e.attack_factor,
            e.build_days,
        )
        for e in tables.EQUIPMENT
    }


def load_prices(rows: Rows | None, problems: list[Problem]) -> dict[str, Price]:
    prices = default_prices()
    if not rows:
        return prices
    for ref, v in rows:
        key = str(v.get("item") or "").strip().casefold()
        if key not in prices:
            problems.append(
                problem(
                    "unknown-item",
                    CellRef("PriceList", 0, ref.row),
                    f"{key!r} is not on the §38 price list",
                    "keep the item names as ledger wrote them",
                )
            )
            continue
        base = prices[key]
        if v.get("price") is None:
            problems.append(
                problem(
                    "missing-value",
                    CellRef("PriceList", 3, ref.row),
                    f"{key} has no price",
                    "type the price in KC",
                )
            )
            continue
        prices[key] = msgspec.structs.replace(
            base,
            price=v["price"],
            build_days=v["build_days"] if v.get("build_days") is not None else base.build_days,
            hold_cp=v.get("hold_cp") if v.get("hold_cp") is not None else base.hold_cp,
            size_cp=v.get("size_cp") if v.get("size_cp") is not None else base.size_cp,
        )
    return prices


_FIELD_OF_COLUMN = {"class": "crime_class"}


#: The fields with no default an empty cell may leave empty: names checks.py judges (an
#: unknown owner, a missing id), and which ledger itself may write empty. Any other empty
#: cell of a field with no default (a crime's day, a cargo's quantity) is a problem.
BLANK: dict[str, str] = dict.fromkeys(
    (
        "id",
        "owner",
        "holder",
        "good",
        "player",
        "head",
        "place",
        "post",
        "base",
        "item",
        "creditor",
        "reason",
    ),
    "",
)


#: Where each game sheet's records are held on the State (PriceList is the State's `prices`).
_HELD_IN = {
    "Ships": "ships",
    "Bases": "bases",
    "Modules": "modules",
    "Mines": "mines",
    "Crews": "crews",
    "Offices": "offices",
    "Construction": "orders",
    "Corporations": "corporations",
    "Cargo": "cargo",
    "Crimes": "crimes",
    "Dues": "dues",
    "Markets": "markets",
    "Liners": "liners",
    "Underwriting": "underwriting",
    "Branches": "branches",
    "PR": "pr_changes",
    "Transfers": "transfers",
}
#: The game's records (a row missing a value it needs is a problem naming the cell, and left
#: out). Cargo is written without the rows of no quantity and sorted (`cargo_written`): its
#: records keep no sheet row.
RECORDS = {
    name: Held(cls, _HELD_IN[name], _FIELD_OF_COLUMN, BLANK, keeps_rows=name != "Cargo")
    for name, (cls, _) in SHEETS.items()
}


def cargo_written(cargo: Iterable[Cargo]) -> list[Cargo]:
    """The Cargo rows as written: none of no quantity, sorted by holder and good."""
    return sorted((c for c in cargo if c.qty), key=lambda c: (c.holder, c.good))


def dump_prices(state: State) -> list[list[Any]]:
    return dump_records(state.prices.values(), PRICE_LIST)


Loader = Callable[[Mapping[str, Rows]], State]
