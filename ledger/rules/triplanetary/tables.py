"""The rule tables of Triplanetary Variant V/2 as data and small look-ups: the places (§3, §6,
§30, places.csv), the §38 price list with the §12 build days (price_list.csv), the §40
passenger lines (liner_routes.csv, §28), the §39 goods (goods.csv), trade prices and §26 market
saturation (trade_table.csv); the printed numbers (numbers.csv: §3, §6, §12, §26, §28, the
§36C public relations points and §36D bribery); the §41 trial table is in trial_table.py
(trial_table.csv) and named here too, so that ``tables.PLACES``, ``tables.buy_price`` ... read
the same wherever they are used.

Source: /work/shared/rules/triplanetary-variant-v2.txt (the rule text) and the
"Triplanetary Variant V/2 — rulings" in /work/shared/rules/README.md, which
override the text where they speak.

Money is always :class:`decimal.Decimal` built from strings, in KC.
Its tables are read once, at import, from the CSV files beside it; no settings here.
Where the README makes a number a house-rule setting (build days, crew wage),
the value here is the README's default; the banker's workbook may override it.
"""

from decimal import Decimal
from enum import StrEnum
from typing import Any, Final

import msgspec

from ledger.core import data
from ledger.rules.triplanetary.trial_table import *  # noqa: F403 (its public names: §41, §36D)

_HERE = __package__ or "ledger.rules.triplanetary"

# ---------------------------------------------------------------------------
# §3, §6, §30 Places and banks
# ---------------------------------------------------------------------------

# §30 "There are banks on all planets"; "planet" is read as "planet or moon" as in §12/§13
# ("any major planet or moon"). places.csv: each place with the rules that make it one (the
# markets of §39, the routes of §40, ...). Jupiter is left out: §22 excepts it from the
# planetary defences and no table trades there.
PLACES: Final = tuple(row["place"] for row in data.rows(_HERE, "places.csv"))
#: §36C: each place "Mars or beltward" or "Earth or sunward" (places.csv's side).
SIDE: Final = {row["place"]: row["side"] for row in data.rows(_HERE, "places.csv")}
BANKS: Final[tuple[str, ...]] = PLACES  # §30: every place above has a bank

#: The printed numbers (numbers.csv: a row a number with its rule and what the text says): the
#: code reads those below by name, any other by its key in capitals (`tables.PR_HEROISM`).
_N = data.numbers(_HERE)
START_BANK: Final[str] = _N["start_bank"]  # §3
PATROL_HOME: Final[str] = _N["patrol_home"]  # §6

_PLACE_BY_FOLDED_NAME: Final[dict[str, str]] = {p.casefold(): p for p in PLACES}


def canonical_place(name: str) -> str | None:
    """The place as spelled in :data:`PLACES` (case-insensitive), or None if unknown."""
    return _PLACE_BY_FOLDED_NAME.get(name.strip().casefold())


# ---------------------------------------------------------------------------
# §38 Equipment price list
# ---------------------------------------------------------------------------


class Kind(StrEnum):
    """What a §38 price-list row is."""

    SHIP = "ship"
    BASE = "base"  # Base and Orbital Base (§19)
    MODULE = "module"  # Recreation Module, an addition to a base (§20)
    EQUIPMENT = "equipment"  # portable equipment, mines, torpedoes, nukes (§17, §27)
    CONSUMABLE = "consumable"  # fuel, crew-days, months of supply (§13, §14, §15)


class Equipment(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the §38 price list.

    ``fuel``: the printed FUEL column; ``None`` for "-".  The torch ship prints
    "infinity": it has ``fuel=None`` and ``fuel_unlimited=True``.

    ``cargo_capacity_cp``: the printed CARGO CAPACITY (the row's own hold), ``None``
    for "-" (no hold, e.g. the Tanker).  The Sun Ship prints "5-50*": we keep the
    maximum, ``cargo_capacity_cp=50``, so the books never refuse a load the rules
    may allow, and the minimum in ``cargo_capacity_min_cp=5``.  ``cargo_capacity_min_cp``
    is ``None`` on every other row (their capacity is a single number).

    ``cargo_size_cp``: the starred "*CARGO SIZE", i.e. how many CP the item itself
    takes in a hold; ``None`` when the column has no star (ships) or "-".

    ``storage_unlimited``: True only for the Base: "A base may hold an unlimited
    amount of supplies of any type" (§19).

    ``attack_factor``: the printed Triplanetary combat strength (README ruling);
    ``None`` for commercial "D" ships and rows without one.
    ``commercial_d``: the number before the "D" of a commercial ship (§10).

    ``build_days``: README ruling on §12, 30 days per attack factor; commercial
    ships the printed D number x 30; Executive Liner, Sun Ship, Bussard Ramscoop,
    Base and Recreation Module 30; 0 for what is not built (bought off the shelf).
    """

    key: str
    name: str
    price: Decimal
    kind: Kind
    fuel: int | None = None
    fuel_unlimited: bool = False
    cargo_capacity_cp: int | None = None
    cargo_capacity_min_cp: int | None = None
    cargo_size_cp: int | None = None
    storage_unlimited: bool = False
    attack_factor: int | None = None
    commercial_d: int | None = None
    build_days: int = 0
    passengers: int | None = None


# §38, in price_list.csv in the printed order; how a printed cell is read is its row's note;
# the §12 build days of each row follow numbers.csv's build_days_*.


def _read() -> tuple[Equipment, ...]:
    """The rows of `price_list.csv`, in the printed order: a cell left empty is the printed
    "-", `yes` marks a true flag."""
    rows = []
    for row in data.rows(_HERE, "price_list.csv"):
        del row["rule"], row["note"]
        values: dict[str, object] = {k: v for k, v in row.items() if v != ""}
        for flag in ("fuel_unlimited", "storage_unlimited"):
            values[flag] = values.get(flag) == "yes"
        rows.append(msgspec.convert(values, Equipment, strict=False))
    return tuple(rows)


EQUIPMENT: Final[tuple[Equipment, ...]] = _read()

# §38 — look-up by the command-line name.
EQUIPMENT_BY_KEY: Final[dict[str, Equipment]] = {e.key: e for e in EQUIPMENT}


def equipment(key: str) -> Equipment:
    """The §38 row named ``key`` (e.g. ``"mark-i-torpedo"``); KeyError if there is none."""
    try:
        return EQUIPMENT_BY_KEY[key.strip().lower()]
    except KeyError:
        raise KeyError(f"no item {key!r} on the §38 price list") from None


# ---------------------------------------------------------------------------
# §39 Trade items and values, §26 market saturation
# ---------------------------------------------------------------------------


class Good(msgspec.Struct, frozen=True):
    """A §39 trade good: CLI key and printed name."""

    key: str
    name: str


# §39 — the goods in printed order (goods.csv).
GOODS: Final = data.records(_HERE, "goods.csv", Good)
GOODS_BY_KEY: Final[dict[str, Good]] = {g.key: g for g in GOODS}


class Side(StrEnum):
    """§39 columns, from the player's point of view."""

    SELL = "sell"  # "SELL AT": where a player sells to the market
    BUY = "buy"  # "BUY AT": where a player buys from the market


ANYWHERE: Final = "*"  # §39 Cordrazine "SELL AT Anywhere": any place in PLACES


class TradeRow(msgspec.Struct, frozen=True):
    """One (good, place, side) price of §39, in KC per CP."""

    good_key: str
    place: str  # a name from PLACES, or ANYWHERE
    side: Side
    price: Decimal


# §39 (trade_table.csv): a row a printed price, in printed order; "-" cells have no row.
TRADE: Final = data.records(_HERE, "trade_table.csv", TradeRow)


def _good_key(good_key: str) -> str:
    key = good_key.strip().lower()
    if key not in GOODS_BY_KEY:
        raise KeyError(f"no good {good_key!r} in the §39 trade table")
    return key


def _price(good_key: str, place: str, side: Side) -> Decimal | None:
    key = _good_key(good_key)
    where = canonical_place(place)
    if where is None:
        return None
    anywhere: Decimal | None = None
    for row in TRADE:
        if row.good_key != key or row.side is not side:
            continue
        if row.place == where:
            return row.price
        if row.place == ANYWHERE:
            anywhere = row.price
    return anywhere


def sell_price(good_key: str, place: str) -> Decimal | None:
    """§39 price (KC/CP) a player gets selling ``good_key`` at ``place``; None if not sold there.

    Cordrazine sells "Anywhere", i.e. at every place in PLACES (§25: goods are unloaded
    only on a planet or moon).  An unknown place gives None; an unknown good is a KeyError.
    """
    return _price(good_key, place, Side.SELL)


def buy_price(good_key: str, place: str) -> Decimal | None:
    """§39 price (KC/CP) a player pays buying ``good_key`` at ``place``; None if not sold there."""
    return _price(good_key, place, Side.BUY)


def _places(good_key: str, side: Side) -> tuple[str, ...]:
    key = _good_key(good_key)
    out: list[str] = []
    for row in TRADE:
        if row.good_key != key or row.side is not side:
            continue
        for place in PLACES if row.place == ANYWHERE else (row.place,):
            if place not in out:
                out.append(place)
    return tuple(out)


def places_selling(good_key: str) -> tuple[str, ...]:
    """Places where a player can sell ``good_key`` (§39 "SELL AT"), "Anywhere" expanded."""
    return _places(good_key, Side.SELL)


def places_buying(good_key: str) -> tuple[str, ...]:
    """Places where a player can buy ``good_key`` (§39 "BUY AT")."""
    return _places(good_key, Side.BUY)


# §26 — market saturation: a day per so many CP sold, prices lower, except these goods.
SATURATION_EXEMPT: Final = frozenset[str](_N["saturation_exempt"])
SATURATION_CP_PER_DAY: Final[int] = _N["saturation_cp_per_day"]
SATURATION_PRICE_DROP: Final[Decimal] = _N["saturation_price_drop"]


# ---------------------------------------------------------------------------
# §40 Space passenger lines
# ---------------------------------------------------------------------------

PASSENGER_CARGO_CP: Final[int] = _N["passenger_cargo_cp"]  # §28


class LinerRoute(msgspec.Struct, frozen=True):
    """One §40 route: the fare per passenger and the turns (days) to accumulate one."""

    frm: str
    to: str
    fare: Decimal
    turns_per_passenger: int


# §40: all 36 printed routes, in printed order (liner_routes.csv).
LINER_ROUTES: Final = data.records(_HERE, "liner_routes.csv", LinerRoute)

_ROUTE_BY_ENDS: Final[dict[tuple[str, str], LinerRoute]] = {(r.frm, r.to): r for r in LINER_ROUTES}


def liner_route(frm: str, to: str) -> LinerRoute | None:
    """The §40 route from ``frm`` to ``to`` (names case-insensitive), or None if not printed.

    Routes are one-way: Earth->Venus and Venus->Earth have different fares and times.
    """
    a, b = canonical_place(frm), canonical_place(to)
    if a is None or b is None:
        return None
    return _ROUTE_BY_ENDS.get((a, b))


# ---------------------------------------------------------------------------
# §36C public relations, §36D bribery (numbers.csv)
# ---------------------------------------------------------------------------

PR_LINER_RUNNING: Final[int] = _N["pr_liner_running"]
PR_LINER_STOPPED: Final[int] = _N["pr_liner_stopped"]
PR_COLONIZATION: Final[int] = _N["pr_colonization"]
PR_SUIT_DISMISSED: Final[int] = _N["pr_suit_dismissed"]
PR_RESULT_21_OR_MORE: Final[int] = _N["pr_result_21_or_more"]
PR_MAXIMUM_PENALTY: Final[int] = _N["pr_maximum_penalty"]
PR_RESULT_MINUS_21_OR_LESS: Final[int] = _N["pr_result_minus_21_or_less"]
PR_RECREATION_MARS_OR_BELTWARD: Final[int] = _N["pr_recreation_mars_or_beltward"]
PR_RECREATION_EARTH_OR_SUNWARD: Final[int] = _N["pr_recreation_earth_or_sunward"]
PR_FAILED_BRIBE: Final[int] = _N["pr_failed_bribe"]
PR_WARLORD: Final[int] = _N["pr_warlord"]
BRIBE_COST: Final[Decimal] = _N["bribe_cost"]
MAX_BRIBES: Final[int] = _N["max_bribes"]
BRIBE_SUCCESS_MODIFIER: Final[int] = _N["bribe_success_modifier"]
BRIBE_FAILURE_MODIFIER: Final[int] = _N["bribe_failure_modifier"]


def __getattr__(name: str) -> Any:
    """A number of numbers.csv by its key in capitals (``PR_HEROISM``: the row ``pr_heroism``)."""
    if name.isupper() and name.lower() in _N:
        return _N[name.lower()]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
