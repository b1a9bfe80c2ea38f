"""The places of Triplanetary Variant V/2 as pure data: the planets and moons with a bank
(§30), where players start (§3) and where the Patrol starts (§6).

Source: /work/shared/rules/triplanetary-variant-v2.txt and the rulings in
/work/shared/rules/README.md, which override the text where they speak; see tables.py.
"""

from decimal import Decimal
from typing import Final

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
