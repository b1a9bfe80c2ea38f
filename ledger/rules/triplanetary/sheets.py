"""The game's own sheets: one record per row, the columns named as the records' fields and
declared, with their widths, help and dropdowns, in sheets.csv.

`load_state` turns the rows ledger/io read into records and `dump_state` turns them back into
rows, both by ledger/core/records.py (problems for bad references come from checks.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

import msgspec

from ledger.core.problems import CellRef, Problem
from ledger.core.records import Held, dump_records
from ledger.core.schema import SheetSpec
from ledger.core.sheets import read_sheets
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.kit import SAID
from ledger.rules.triplanetary.model import (
    CREW_STATES,
    LEGAL_STATES,
    LISTS,
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

PLACES = tables.PLACES
SHIP_TYPES = tuple(e.key for e in tables.EQUIPMENT if e.kind == tables.Kind.SHIP)
BASE_TYPES = tuple(e.key for e in tables.EQUIPMENT if e.kind == tables.Kind.BASE)
ITEMS = tuple(e.key for e in tables.EQUIPMENT)
GOODS = tuple(g.key for g in tables.GOODS)
#: What a hold or a store may hold: §39 goods, §38 items, supplies and plutonium (§30).
CARGO = tuple(dict.fromkeys((*GOODS, *ITEMS, "supplies", "plutonium")))
ROUTE_ENDS = tuple(p for p in PLACES if any(p in (r.frm, r.to) for r in tables.LINER_ROUTES))

#: The game's sheets as sheets.csv declares them, PriceList last: each column's width, help
#: and dropdown, its words from these lists. Names drawn from the records (players, ids) only
#: warn: the banker may have typed a new one in this sitting. A place a hex may stand for
#: warns too; the rules' own vocabularies (types, goods, states) refuse.
SPECS = read_sheets(
    __package__ or "ledger.rules.triplanetary",
    {
        "PLACES": PLACES,
        "SHIP_TYPES": SHIP_TYPES,
        "BASE_TYPES": BASE_TYPES,
        "POST_STATES": POST_STATES,
        "CREW_STATES": CREW_STATES,
        "ITEMS": ITEMS,
        "GOODS": GOODS,
        "CARGO": CARGO,
        "ROUTE_ENDS": ROUTE_ENDS,
        "KINDS": tuple(k.value for k in tables.Kind),
        "LEGAL_STATES": LEGAL_STATES,
    },
)
#: The game's own columns of the Players sheet (where a player is, the legal status, PR).
PLAYER_COLUMNS = SPECS.pop("Players").columns
PRICE_LIST = SPECS["PriceList"]


def sheet_specs() -> tuple[SheetSpec, ...]:
    return tuple(SPECS.values())


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
                SAID.problem("not-on-the-price-list", CellRef("PriceList", 0, ref.row), key=key)
            )
            continue
        if v.get("price") is None:
            problems.append(SAID.problem("no-price", CellRef("PriceList", 3, ref.row), key=key))
            continue
        typed = {f: v[f] for f in ("build_days", "hold_cp", "size_cp") if v.get(f) is not None}
        prices[key] = msgspec.structs.replace(prices[key], price=v["price"], **typed)
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


#: The game's records (a row missing a value it needs is a problem naming the cell, and left
#: out), each held in the State's list of its kind (`LISTS`; PriceList is the State's `prices`).
#: Cargo is written without the rows of no quantity and sorted (`cargo_written`): its records
#: keep no sheet row.
RECORDS = {
    name: Held(cls, LISTS[cls], _FIELD_OF_COLUMN, BLANK, keeps_rows=name != "Cargo")
    for name, cls in (
        ("Ships", Ship),
        ("Bases", Base),
        ("Modules", Module),
        ("Mines", Mine),
        ("Crews", Crew),
        ("Offices", Office),
        ("Construction", Order),
        ("Corporations", Corporation),
        ("Cargo", Cargo),
        ("Crimes", Crime),
        ("Dues", Due),
        ("Markets", Market),
        ("Liners", Liner),
        ("Underwriting", Underwriting),
        ("Branches", Branch),
        ("PR", PRChange),
        ("Transfers", Transfer),
    )
}


def cargo_written(cargo: Iterable[Cargo]) -> list[Cargo]:
    """The Cargo rows as written: none of no quantity, sorted by holder and good."""
    return sorted((c for c in cargo if c.qty), key=lambda c: (c.holder, c.good))


def dump_prices(state: State) -> list[list[Any]]:
    return dump_records(state.prices.values(), PRICE_LIST)
