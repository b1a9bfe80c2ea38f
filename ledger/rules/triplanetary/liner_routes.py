"""The §40 space passenger lines of Triplanetary Variant V/2 as data (liner_routes.csv; §28:
passengers take 2 CP each).

Source: /work/shared/rules/triplanetary-variant-v2.txt and the rulings in
/work/shared/rules/README.md, which override the text where they speak; see tables.py.
"""

from decimal import Decimal
from typing import Final

import msgspec

from ledger.core import data
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


# §40: all 36 printed routes, in printed order (liner_routes.csv).
LINER_ROUTES: Final = data.records(
    __package__ or "ledger.rules.triplanetary", "liner_routes.csv", LinerRoute
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
