"""The rule tables of Triplanetary Variant V/2 as pure data.

Source: /work/shared/rules/triplanetary-variant-v2.txt (the rule text) and the
"Triplanetary Variant V/2 — rulings" in /work/shared/rules/README.md, which
override the text where they speak.  Search this file for the rule number
(``§38``, ``§39``, ``§40``, ``§41``, ...) to find a table.

Money is always :class:`decimal.Decimal` built from strings, in KC.
This module only holds data and small look-ups: no file access, no settings.
Where the README makes a number a house-rule setting (build days, crew wage),
the value here is the README's default; the banker's workbook may override it.
"""

from dataclasses import dataclass
from decimal import Decimal
from enum import IntEnum, StrEnum
from typing import Final, Literal

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


@dataclass(frozen=True, slots=True, kw_only=True)
class Equipment:
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


BUILD_DAYS_PER_ATTACK_FACTOR: Final = 30  # §12
BUILD_DAYS_PER_COMMERCIAL_D: Final = 30  # README ruling on §12 ("D" ships)
BUILD_DAYS_UNRATED: Final = 30  # README ruling: Executive Liner, Sun Ship, Bussard Ramscoop
BUILD_DAYS_BASE_OR_MODULE: Final = 30  # §12: "A mining base or recreation module takes thirty days"

# §38 — in the printed order.  Notes on single rows:
#  * Torch Ship: fuel "infinity" -> fuel=None, fuel_unlimited=True.  Its price (400) is
#    not 25 KC x attack factor 8 like the other warships; both are as printed/ruled.
#  * Orbital Base: attack factor 16 (README), so 30 x 16 = 480 build days by the README's
#    per-factor rule; "-" fuel; its printed 50 CP (no star) is its own hold.
#  * Liner: "50(25 passengers)": 50 CP hold, 25 passengers at 2 CP each (§28).
#  * Sun Ship: "5-50*" -> hold 50 (max) with min 5, see Equipment; the star on this row
#    is read as a misprint, since a ship is not carried as cargo (cargo_size_cp=None).
#  * Crew, per day/turn: printed 0.2 KC; §13 says 0.1 and the README makes 0.1 the
#    default wage (setting `crew_wage_per_day`).  The row keeps the printed 0.2.
#    "4*" = a crew takes 4 CP in a hold.
#  * One months supply: 1 KC, 1 CP (also §14: "one CP (Cargo Point) per unit").
EQUIPMENT: Final[tuple[Equipment, ...]] = (
    Equipment(
        key="transport",
        name="Transport",
        price=Decimal("10"),
        kind=Kind.SHIP,
        fuel=10,
        cargo_capacity_cp=50,
        commercial_d=1,
        build_days=30,
    ),
    Equipment(
        key="packet",
        name="Packet",
        price=Decimal("50"),
        kind=Kind.SHIP,
        fuel=10,
        cargo_capacity_cp=50,
        attack_factor=2,
        build_days=60,
    ),
    Equipment(
        key="corvette",
        name="Corvette",
        price=Decimal("50"),
        kind=Kind.SHIP,
        fuel=20,
        cargo_capacity_cp=5,
        attack_factor=2,
        build_days=60,
    ),
    Equipment(
        key="corsair",
        name="Corsair",
        price=Decimal("100"),
        kind=Kind.SHIP,
        fuel=20,
        cargo_capacity_cp=10,
        attack_factor=4,
        build_days=120,
    ),
    Equipment(
        key="frigate",
        name="Frigate",
        price=Decimal("200"),
        kind=Kind.SHIP,
        fuel=20,
        cargo_capacity_cp=40,
        attack_factor=8,
        build_days=240,
    ),
    Equipment(
        key="dreadnaught",
        name="Dreadnaught",
        price=Decimal("375"),
        kind=Kind.SHIP,
        fuel=15,
        cargo_capacity_cp=50,
        attack_factor=15,
        build_days=450,
    ),
    Equipment(
        key="tanker",
        name="Tanker",
        price=Decimal("20"),
        kind=Kind.SHIP,
        fuel=50,
        cargo_capacity_cp=None,
        commercial_d=1,
        build_days=30,
    ),
    Equipment(
        key="liner",
        name="Liner",
        price=Decimal("100"),
        kind=Kind.SHIP,
        fuel=10,
        cargo_capacity_cp=50,
        commercial_d=2,
        build_days=60,
        passengers=25,
    ),
    Equipment(
        key="torch-ship",
        name="Torch Ship",
        price=Decimal("400"),
        kind=Kind.SHIP,
        fuel=None,
        fuel_unlimited=True,
        cargo_capacity_cp=10,
        attack_factor=8,
        build_days=240,
    ),
    Equipment(
        key="orbital-base",
        name="Orbital Base",
        price=Decimal("400"),
        kind=Kind.BASE,
        cargo_capacity_cp=50,
        attack_factor=16,
        build_days=480,
    ),
    Equipment(
        key="executive-liner",
        name="Executive Liner",
        price=Decimal("250"),
        kind=Kind.SHIP,
        fuel=20,
        cargo_capacity_cp=20,
        build_days=30,
    ),
    Equipment(
        key="bussard-ramscoop",
        name="Bussard Ramscoop",
        price=Decimal("500"),
        kind=Kind.SHIP,
        fuel=15,
        cargo_capacity_cp=250,
        build_days=30,
    ),
    Equipment(
        key="sun-ship",
        name="Sun Ship",
        price=Decimal("10"),
        kind=Kind.SHIP,
        fuel=6,
        cargo_capacity_cp=50,
        cargo_capacity_min_cp=5,
        build_days=30,
    ),
    Equipment(
        key="sun-ship-sail",
        name="Sun Ship Sail",
        price=Decimal("5"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=10,
    ),
    Equipment(
        key="base",
        name="Base",
        price=Decimal("250"),
        kind=Kind.BASE,
        cargo_size_cp=50,
        storage_unlimited=True,
        build_days=30,
    ),
    Equipment(
        key="recreation-module",
        name="Recreation Module",
        price=Decimal("50"),
        kind=Kind.MODULE,
        cargo_size_cp=50,
        build_days=30,
    ),
    Equipment(
        key="pseudo-magnetic-grapples",
        name="Pseudo-magnetic Grapples",
        price=Decimal("50"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=45,
    ),
    Equipment(
        key="special-clandestine-radar",
        name="Special Clandestine Radar",
        price=Decimal("25"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=None,
    ),
    Equipment(
        key="automated-mining-equipment",
        name="Automated Mining Equipment",
        price=Decimal("5"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=10,
    ),
    Equipment(
        key="ore-processor",
        name="Ore Processor",
        price=Decimal("30"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=25,
    ),
    Equipment(
        key="mark-i-mine",
        name="Mark I Mine",
        price=Decimal("25"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=10,
    ),
    Equipment(
        key="mark-ii-mine",
        name="Mark II Mine",
        price=Decimal("50"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=5,
    ),
    Equipment(
        key="mark-i-torpedo",
        name="Mark I Torpedo",
        price=Decimal("50"),
        kind=Kind.EQUIPMENT,
        fuel=2,
        cargo_size_cp=20,
    ),
    Equipment(
        key="mark-ii-torpedo",
        name="Mark II Torpedo",
        price=Decimal("75"),
        kind=Kind.EQUIPMENT,
        fuel=2,
        cargo_size_cp=10,
    ),
    Equipment(
        key="mark-iii-torpedo",
        name="Mark III Torpedo",
        price=Decimal("150"),
        kind=Kind.EQUIPMENT,
        fuel=2,
        cargo_size_cp=10,
    ),
    Equipment(
        key="nuke",
        name="Nuke",
        price=Decimal("500"),
        kind=Kind.EQUIPMENT,
        cargo_size_cp=20,
    ),
    Equipment(
        key="fuel",
        name="Fuel, per point",
        price=Decimal("1"),
        kind=Kind.CONSUMABLE,
        cargo_size_cp=None,
    ),
    Equipment(
        key="crew-day",
        name="Crew, per day/turn",
        price=Decimal("0.2"),
        kind=Kind.CONSUMABLE,
        cargo_size_cp=4,
    ),
    Equipment(
        key="supply-month",
        name="One months supply",
        price=Decimal("1"),
        kind=Kind.CONSUMABLE,
        cargo_size_cp=1,
    ),
)

# §38 — look-up by the command-line name.
EQUIPMENT_BY_KEY: Final[dict[str, Equipment]] = {e.key: e for e in EQUIPMENT}


def equipment(key: str) -> Equipment:
    """The §38 row named ``key`` (e.g. ``"mark-i-torpedo"``); KeyError if there is none."""
    try:
        return EQUIPMENT_BY_KEY[key.strip().lower()]
    except KeyError:
        raise KeyError(f"no item {key!r} on the §38 price list") from None


# ---------------------------------------------------------------------------
# §3, §6, §30 Places and banks
# ---------------------------------------------------------------------------

# §30 "There are banks on all planets"; "planet" is read as "planet or moon" as in §12/§13
# ("any major planet or moon").  Support for each place:
#   Mercury  - §22 (on the map, planetary guns), §40 liner routes
#   Venus    - §39 markets, §40 liner routes
#   Earth    - §39, §40; the Earth government (§6, §36)
#   Luna     - §6 (Patrol ships start there), §31 Lloyds of Luna, §32 colonization starts there
#   Mars     - §39, §40
#   Ceres    - §3 "a bank account on Ceres"; §25 ore processing, §33 the Free Port
#   Callisto - §25 ore processing, §39, §40
#   Ganymede - §25 Cordrazite, §39, §40
#   Io       - §22 (planetary guns), §40 liner routes
# Jupiter is left out: §22 excepts it from the planetary defences and no table trades there.
PLACES: Final[tuple[str, ...]] = (
    "Mercury",
    "Venus",
    "Earth",
    "Luna",
    "Mars",
    "Ceres",
    "Callisto",
    "Ganymede",
    "Io",
)
BANKS: Final[tuple[str, ...]] = PLACES  # §30: every place above has a bank

START_BANK: Final = "Ceres"  # §3: players start at Ceres and bank there
START_MONEY: Final = Decimal("25")  # §3: 25 KC per player
PATROL_HOME: Final = "Luna"  # §6: Patrol ships must start on Luna
PATROL_START_MONEY: Final = Decimal("500")  # §6

_PLACE_BY_FOLDED_NAME: Final[dict[str, str]] = {p.casefold(): p for p in PLACES}


def canonical_place(name: str) -> str | None:
    """The place as spelled in :data:`PLACES` (case-insensitive), or None if unknown."""
    return _PLACE_BY_FOLDED_NAME.get(name.strip().casefold())


# ---------------------------------------------------------------------------
# §39 Trade items and values, §26 market saturation
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Good:
    """A §39 trade good: CLI key and printed name."""

    key: str
    name: str


# §39 — the goods in printed order.
GOODS: Final[tuple[Good, ...]] = (
    Good("raw-ore", "Raw Ore"),
    Good("processed-ore", "Processed Ore"),
    Good("manufactured-goods", "Manufactured Goods"),
    Good("cordrazite", "Cordrazite"),
    Good("cordrazine", "Cordrazine"),
    Good("c-t-ore", "C-T Ore"),
)
GOODS_BY_KEY: Final[dict[str, Good]] = {g.key: g for g in GOODS}


class Side(StrEnum):
    """§39 columns, from the player's point of view."""

    SELL = "sell"  # "SELL AT": where a player sells to the market
    BUY = "buy"  # "BUY AT": where a player buys from the market


ANYWHERE: Final = "*"  # §39 Cordrazine "SELL AT Anywhere": any place in PLACES


@dataclass(frozen=True, slots=True)
class TradeRow:
    """One (good, place, side) price of §39, in KC per CP."""

    good_key: str
    place: str  # a name from PLACES, or ANYWHERE
    side: Side
    price: Decimal


# §39 — one row per printed price, in printed order; "-" cells have no row.
TRADE: Final[tuple[TradeRow, ...]] = (
    TradeRow("raw-ore", "Ceres", Side.SELL, Decimal("1")),
    TradeRow("raw-ore", "Callisto", Side.SELL, Decimal("1")),
    TradeRow("processed-ore", "Ceres", Side.SELL, Decimal("1.5")),
    TradeRow("processed-ore", "Ceres", Side.BUY, Decimal("2")),
    TradeRow("processed-ore", "Callisto", Side.SELL, Decimal("1.5")),
    TradeRow("processed-ore", "Callisto", Side.BUY, Decimal("2.5")),
    TradeRow("processed-ore", "Mars", Side.SELL, Decimal("2.5")),
    TradeRow("processed-ore", "Venus", Side.SELL, Decimal("3")),
    TradeRow("processed-ore", "Earth", Side.SELL, Decimal("3.5")),
    TradeRow("manufactured-goods", "Venus", Side.SELL, Decimal("3.5")),
    TradeRow("manufactured-goods", "Venus", Side.BUY, Decimal("3")),
    TradeRow("manufactured-goods", "Earth", Side.BUY, Decimal("4")),
    TradeRow("manufactured-goods", "Mars", Side.SELL, Decimal("5.5")),
    TradeRow("manufactured-goods", "Mars", Side.BUY, Decimal("5")),
    TradeRow("manufactured-goods", "Ceres", Side.SELL, Decimal("5.5")),
    TradeRow("manufactured-goods", "Callisto", Side.SELL, Decimal("6")),
    TradeRow("manufactured-goods", "Ganymede", Side.SELL, Decimal("6")),
    TradeRow("cordrazite", "Earth", Side.SELL, Decimal("25")),
    TradeRow("cordrazite", "Ganymede", Side.BUY, Decimal("12.5")),
    TradeRow("cordrazine", ANYWHERE, Side.SELL, Decimal("75")),
    TradeRow("cordrazine", "Earth", Side.BUY, Decimal("50")),
    TradeRow("c-t-ore", "Ceres", Side.SELL, Decimal("100")),
)


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


# §26 — market saturation: 1 day per 10 CP sold, prices 25% lower, except these goods.
SATURATION_EXEMPT: Final[frozenset[str]] = frozenset({"raw-ore", "cordrazite", "cordrazine"})
SATURATION_CP_PER_DAY: Final = 10  # §26
SATURATION_PRICE_DROP: Final = Decimal("0.25")  # §26


# ---------------------------------------------------------------------------
# §40 Space passenger lines
# ---------------------------------------------------------------------------

PASSENGER_CARGO_CP: Final = 2  # §28: "Passengers take up two CP each"


@dataclass(frozen=True, slots=True)
class LinerRoute:
    """One §40 route: the fare per passenger and the turns (days) to accumulate one."""

    frm: str
    to: str
    fare: Decimal
    turns_per_passenger: int


# §40 — all 36 printed routes, in printed order.
LINER_ROUTES: Final[tuple[LinerRoute, ...]] = (
    LinerRoute("Earth", "Venus", Decimal("3"), 3),
    LinerRoute("Earth", "Mars", Decimal("4"), 4),
    LinerRoute("Earth", "Ceres", Decimal("4.5"), 5),
    LinerRoute("Earth", "Callisto", Decimal("5"), 7),
    LinerRoute("Earth", "Ganymede", Decimal("5"), 6),
    LinerRoute("Earth", "Mercury", Decimal("4"), 25),
    LinerRoute("Earth", "Io", Decimal("6"), 35),
    LinerRoute("Venus", "Earth", Decimal("3.5"), 4),
    LinerRoute("Venus", "Mars", Decimal("4"), 5),
    LinerRoute("Venus", "Ceres", Decimal("4.5"), 6),
    LinerRoute("Venus", "Callisto", Decimal("5.5"), 11),
    LinerRoute("Venus", "Ganymede", Decimal("6"), 14),
    LinerRoute("Ceres", "Earth", Decimal("4.5"), 9),
    LinerRoute("Ceres", "Venus", Decimal("4.5"), 5),
    LinerRoute("Ceres", "Mars", Decimal("2.5"), 2),
    LinerRoute("Ceres", "Callisto", Decimal("3"), 5),
    LinerRoute("Ceres", "Ganymede", Decimal("3.5"), 5),
    LinerRoute("Ceres", "Io", Decimal("4"), 30),
    LinerRoute("Callisto", "Earth", Decimal("5.5"), 8),
    LinerRoute("Callisto", "Venus", Decimal("6"), 10),
    LinerRoute("Callisto", "Mars", Decimal("4"), 12),
    LinerRoute("Callisto", "Ceres", Decimal("4"), 8),
    LinerRoute("Callisto", "Ganymede", Decimal("2"), 5),
    LinerRoute("Callisto", "Io", Decimal("4"), 30),
    LinerRoute("Ganymede", "Earth", Decimal("4"), 10),
    LinerRoute("Ganymede", "Venus", Decimal("5.5"), 7),
    LinerRoute("Ganymede", "Mars", Decimal("6"), 14),
    LinerRoute("Ganymede", "Ceres", Decimal("4.5"), 10),
    LinerRoute("Ganymede", "Callisto", Decimal("2"), 5),
    LinerRoute("Ganymede", "Io", Decimal("4"), 30),
    LinerRoute("Mercury", "Earth", Decimal("4.5"), 25),
    LinerRoute("Mercury", "Venus", Decimal("4.5"), 25),
    LinerRoute("Io", "Earth", Decimal("6.5"), 30),
    LinerRoute("Io", "Ceres", Decimal("4.5"), 30),
    LinerRoute("Io", "Callisto", Decimal("4"), 30),
    LinerRoute("Io", "Ganymede", Decimal("4"), 30),
)

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
# §41 Trial results table (§36B: result = die + public relations + bribes)
# ---------------------------------------------------------------------------


class CrimeClass(IntEnum):
    """The three crime classes of §36A."""

    I = 1  # noqa: E741 - the printed Roman numeral
    II = 2
    III = 3


class TrialOutcomeKind(StrEnum):
    SUIT_DISMISSED = "suit dismissed"
    ACQUITTED = "acquitted"
    FINE = "fine"
    IMPRISONMENT = "imprisonment"  # always with a fine or a confiscation in §41
    DEATH = "death"


Confiscation = Literal["half", "all"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrialOutcome:
    """One §41 band's penalty.

    ``fine`` in KC (0 if none), ``prison_days`` (0 if none), ``confiscate`` None,
    ``"half"`` ("Confiscation of 1/2 of all goods") or ``"all"``; ``label`` is the
    printed text; ``maximum_penalty`` is True for the lowest band of its column,
    which costs 1 public relations point (§36C).
    """

    kind: TrialOutcomeKind
    label: str
    fine: Decimal = Decimal("0")
    prison_days: int = 0
    confiscate: Confiscation | None = None
    maximum_penalty: bool = False


@dataclass(frozen=True, slots=True)
class TrialBand:
    """Results ``low``..``high`` (inclusive) of one §41 column give ``outcome``."""

    low: int
    high: int
    outcome: TrialOutcome


TRIAL_RESULT_MAX: Final = 20  # §41 top row; higher results read as 20 (README ruling)
TRIAL_RESULT_MIN: Final = -20  # §41 bottom row; lower results read as -20 (README ruling)

_SD: Final = TrialOutcome(kind=TrialOutcomeKind.SUIT_DISMISSED, label="Suit Dismissed")
_AQ: Final = TrialOutcome(kind=TrialOutcomeKind.ACQUITTED, label="Acquitted")


def _fine(kc: str) -> TrialOutcome:
    return TrialOutcome(kind=TrialOutcomeKind.FINE, label=f"{kc} KC Fine", fine=Decimal(kc))


def _jail(days: int, kc: str, *, maximum: bool = False) -> TrialOutcome:
    printed = f"{int(kc):,}" if int(kc) >= 10000 else kc  # "10,000" is printed with a comma
    return TrialOutcome(
        kind=TrialOutcomeKind.IMPRISONMENT,
        label=f"{days} Day Imprisonment + {printed} KC Fine",
        fine=Decimal(kc),
        prison_days=days,
        maximum_penalty=maximum,
    )


# §41 — each column from the top (result 20) down to -20.  A band starts at a row with
# text, either "**text**" or "| text"; the following rows of the same style ("****" or
# "|") continue it, and the style alternates from band to band.  Boundaries read off the
# printed row numbers (checked column by column at fixed character offsets):
#   Class I  : 20..13 SD, 12..7 Acq, 6..3 50, 2..-2 100, -3..-6 250, -7..-12 500,
#              -13..-16 60 d + 500, -17..-20 120 d + 1000 (maximum)
#   Class II : 20..17 SD, 16..11 Acq, 10..7 100, 6..1 250, 0..-4 500, -5..-8 60 d + 500,
#              -9..-14 120 d + 1000, -15..-18 180 d + 2000, -19..-20 360 d + 5000 (maximum)
#   Class III: 20..19 SD, 18..15 Acq, 14..9 500, 8..5 90 d + 1000, 4..1 180 d + 2000,
#              0..-2 360 d + 5000, -3..-8 720 d + 10,000, -9..-12 720 d + 1/2 goods,
#              -13..-16 1000 d + all goods, -17..-20 death + all goods (maximum)
# Printing quirks, read as above: Class I's -13 cell starts "*60 Day ..." with a single
# asterisk (still the asterisk style, so a new band after the "|" band at -7..-12), and its
# -17 cell "|120 Day Imprisonment|" runs into the column gap.  Class III's -9..-12 band
# prints no fine: 720 days + half the goods, fine 0 (not the 10,000 KC of the band above).
TRIAL_TABLE: Final[dict[CrimeClass, tuple[TrialBand, ...]]] = {
    CrimeClass.I: (
        TrialBand(13, 20, _SD),
        TrialBand(7, 12, _AQ),
        TrialBand(3, 6, _fine("50")),
        TrialBand(-2, 2, _fine("100")),
        TrialBand(-6, -3, _fine("250")),
        TrialBand(-12, -7, _fine("500")),
        TrialBand(-16, -13, _jail(60, "500")),
        TrialBand(-20, -17, _jail(120, "1000", maximum=True)),
    ),
    CrimeClass.II: (
        TrialBand(17, 20, _SD),
        TrialBand(11, 16, _AQ),
        TrialBand(7, 10, _fine("100")),
        TrialBand(1, 6, _fine("250")),
        TrialBand(-4, 0, _fine("500")),
        TrialBand(-8, -5, _jail(60, "500")),
        TrialBand(-14, -9, _jail(120, "1000")),
        TrialBand(-18, -15, _jail(180, "2000")),
        TrialBand(-20, -19, _jail(360, "5000", maximum=True)),
    ),
    CrimeClass.III: (
        TrialBand(19, 20, _SD),
        TrialBand(15, 18, _AQ),
        TrialBand(9, 14, _fine("500")),
        TrialBand(5, 8, _jail(90, "1000")),
        TrialBand(1, 4, _jail(180, "2000")),
        TrialBand(-2, 0, _jail(360, "5000")),
        TrialBand(-8, -3, _jail(720, "10000")),
        TrialBand(
            -12,
            -9,
            TrialOutcome(
                kind=TrialOutcomeKind.IMPRISONMENT,
                label="720 Day Imprisonment + Confiscation of 1/2 of all goods",
                prison_days=720,
                confiscate="half",
            ),
        ),
        TrialBand(
            -16,
            -13,
            TrialOutcome(
                kind=TrialOutcomeKind.IMPRISONMENT,
                label="1000 Day Imprisonment + Confiscation of all goods",
                prison_days=1000,
                confiscate="all",
            ),
        ),
        TrialBand(
            -20,
            -17,
            TrialOutcome(
                kind=TrialOutcomeKind.DEATH,
                label="Death to all involved + Confiscation of all goods",
                confiscate="all",
                maximum_penalty=True,
            ),
        ),
    ),
}

_CRIME_CLASS_NAMES: Final[dict[str, CrimeClass]] = {
    "i": CrimeClass.I,
    "1": CrimeClass.I,
    "ii": CrimeClass.II,
    "2": CrimeClass.II,
    "iii": CrimeClass.III,
    "3": CrimeClass.III,
}


def parse_crime_class(value: int | str) -> CrimeClass:
    """Parse a crime class: 1/2/3, "I"/"II"/"III", "1", "class ii", ... (ValueError if none)."""
    if isinstance(value, bool):
        raise ValueError(f"not a crime class: {value!r}")
    if isinstance(value, int):
        try:
            return CrimeClass(value)
        except ValueError:
            raise ValueError(f"not a crime class: {value!r} (1, 2 or 3)") from None
    text = value.strip().casefold()
    text = text.removeprefix("class").strip()
    try:
        return _CRIME_CLASS_NAMES[text]
    except KeyError:
        raise ValueError(f"not a crime class: {value!r} (I, II or III)") from None


def clamp_trial_result(result: int) -> int:
    """README ruling: a result above 20 reads as 20, below -20 as -20."""
    return max(TRIAL_RESULT_MIN, min(TRIAL_RESULT_MAX, result))


def trial_band(crime_class: int | str, result: int) -> TrialBand:
    """The §41 band of ``crime_class`` holding ``result`` (clamped to -20..20)."""
    r = clamp_trial_result(result)
    for band in TRIAL_TABLE[parse_crime_class(crime_class)]:
        if band.low <= r <= band.high:
            return band
    raise AssertionError(f"§41 table has a gap at {r}")  # pragma: no cover


def trial_outcome(crime_class: int | str, result: int) -> TrialOutcome:
    """§41: the outcome of a trial with final ``result`` (die + PR + bribes), clamped."""
    return trial_band(crime_class, result).outcome


def is_maximum_penalty(crime_class: int | str, result: int) -> bool:
    """§41/§36C: whether ``result`` falls in the column's maximum (lowest) penalty band."""
    return trial_outcome(crime_class, result).maximum_penalty


# ---------------------------------------------------------------------------
# §36C Public relations, §36D Bribery
# ---------------------------------------------------------------------------

PR_START: Final = 0  # §36C: every corporation starts at 0
# §36C additions
PR_HEROISM: Final = 1
PR_LINER_RUNNING: Final = 5  # while running a space passenger line
PR_RECREATION_MARS_OR_BELTWARD: Final = 2  # has recreation modules, tried at Mars or beltward
PR_SERVICE_TO_CORPORATIONS: Final = 1  # running a service to other corporations
PR_SUIT_DISMISSED: Final = 1  # each trial result "Suit Dismissed"
PR_RESULT_21_OR_MORE: Final = 2  # each trial result number of 21 or greater
PR_PROGRAM_PER_5000: Final = 1  # each 5000 KC public relations program spent on Earth
PR_PROGRAM_COST: Final = Decimal("5000")
PR_COLONIZATION: Final = 5  # each interstellar colonization attempt (§32)
# §36C subtractions
PR_RECREATION_EARTH_OR_SUNWARD: Final = -2  # has recreation modules, tried on Earth or sunward
PR_LINER_STOPPED: Final = -1  # stops running a space passenger line
PR_MAXIMUM_PENALTY: Final = -1  # each trial result that is the maximum penalty
PR_RESULT_MINUS_21_OR_LESS: Final = -2  # each trial result number of -21 or less
PR_FAILED_BRIBE: Final = -1  # each failed bribery attempt
PR_PIRATE: Final = -15  # turning pirate (§33)
PR_WARLORD: Final = -15  # becoming a warlord (§34)

# §36D — bribery: up to 3 bribes per trial, 500 KC each, one die each:
# 1-3 succeeds (+1 to the trial result), 4-6 fails (-1 to the result and PR_FAILED_BRIBE).
BRIBE_COST: Final = Decimal("500")
MAX_BRIBES: Final = 3
BRIBE_SUCCESS_ROLLS: Final[frozenset[int]] = frozenset({1, 2, 3})
BRIBE_SUCCESS_MODIFIER: Final = 1
BRIBE_FAILURE_MODIFIER: Final = -1


def bribe_succeeds(roll: int) -> bool:
    """§36D: whether a bribe die roll (1..6) succeeds; ValueError outside 1..6."""
    if isinstance(roll, bool) or not 1 <= roll <= 6:
        raise ValueError(f"a die roll is 1..6, not {roll!r}")
    return roll in BRIBE_SUCCESS_ROLLS
