"""The §40 space passenger lines of Triplanetary Variant V/2 as pure data (§28: passengers
take 2 CP each).

Source: /work/shared/rules/triplanetary-variant-v2.txt and the rulings in
/work/shared/rules/README.md, which override the text where they speak; see tables.py.
"""

from decimal import Decimal
from typing import Final

import msgspec

from ledger.rules.triplanetary.places import canonical_place

# ---------------------------------------------------------------------------
# §40 Space passenger lines
# ---------------------------------------------------------------------------

PASSENGER_CARGO_CP: Final = 2  # §28: "Passengers take up two CP each"


class LinerRoute(msgspec.Struct, frozen=True):
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
