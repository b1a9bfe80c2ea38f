"""The §38 equipment price list of Triplanetary Variant V/2 as data (`price_list.csv`, a row an
item in the printed order), with the §12 build days (and the README's rulings on them).

Source: /work/shared/rules/triplanetary-variant-v2.txt and the rulings in
/work/shared/rules/README.md, which override the text where they speak; see tables.py.
"""

import csv
import io
from decimal import Decimal
from enum import StrEnum
from importlib import resources
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

# §38, in price_list.csv in the printed order.  Notes on single rows:
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


def _read() -> tuple[Equipment, ...]:
    """The rows of `price_list.csv`, in the printed order: a cell left empty is the printed
    "-", `yes` marks a true flag."""
    text = resources.files(__package__).joinpath("price_list.csv").read_text(encoding="utf-8")
    rows = []
    for row in csv.DictReader(io.StringIO(text)):
        del row["rule"]
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
