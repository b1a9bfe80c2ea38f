"""The §38 equipment price list of Triplanetary Variant V/2 as pure data, with the §12 build
days (and the README's rulings on them).

Source: /work/shared/rules/triplanetary-variant-v2.txt and the rulings in
/work/shared/rules/README.md, which override the text where they speak; see tables.py.
"""

from decimal import Decimal
from enum import StrEnum
from typing import Final

import msgspec

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
