"""Planetopoly's printed numbers as data: the §11 tables, the levels of a plot, the settings,
and an example board (the title deed cards are not in the text: the banker replaces it).

Rule numbers (§3, §11) are those of ../shared/rules/planetopoly.txt.
"""

from __future__ import annotations

from decimal import Decimal

from ledger.core import data
from ledger.core.sayings import Sayings

D = Decimal

_HERE = __package__ or "ledger.rules.planetopoly"

#: §11, the risk field: what a player gets (+) or pays (-) by the two dice, RISK[a-1][b-1]
#: (risk_table.csv: a row a cell).
_RISK = {(int(r["a"]), int(r["b"])): int(r["amount"]) for r in data.rows(_HERE, "risk_table.csv")}
RISK: tuple[tuple[int, ...], ...] = tuple(
    tuple(_RISK[a, b] for b in range(1, 7)) for a in range(1, 7)
)

#: §11, speed traps and toll stations: the rent by the number owned (1-4) and the dice total
#: (2-12), as printed (st_rent_table.csv: a row a cell).
_ST = data.rows(_HERE, "st_rent_table.csv")
ST_RENT_PRINTED: dict[int, tuple[int, ...]] = {
    n: tuple(int(r["rent"]) for r in _ST if int(r["owned"]) == n) for n in range(1, 5)
}
ST_RENT: dict[int, dict[int, int]] = {
    n: dict(zip(range(2, 13), rents, strict=True)) for n, rents in ST_RENT_PRINTED.items()
}


#: A plot's support points: 3 are a space station, 9 (3 stations) a space base (§5).
POINTS_PER_STATION = 3
MAX_POINTS = 9

#: The levels a title deed card prints a rent for, by the support points they need: every
#: level of the README's rulings has its own rent (a station with one or two more points is a
#: level of its own, not the station's rent): rent_levels.csv, (points, Deeds column, words).
RENT_LEVELS: tuple[tuple[int, str, str], ...] = tuple(
    (int(r["points"]), r["column"], r["words"]) for r in data.rows(_HERE, "rent_levels.csv")
)


def level_column(points: int) -> str:
    """The Deeds column of the rent at a plot's level (`rent_station_1_point` for 4 points)."""
    return RENT_LEVELS[max(0, min(points, MAX_POINTS))][1]


#: §5's limits on the support points of one player's plots of a planet (point_limits.csv, a
#: row a limit, the first a plot breaks is said): how many plots of the planet the player owns
#: (0: any number), the points on a plot that bring the limit, the fewest each other plot of
#: theirs must then have (0: none, the points alone break it), and what is broken.
POINT_LIMITS: tuple[tuple[int, int, int, str], ...] = tuple(
    (int(r["owned"] or 0), int(r["at_least"]), int(r["others_at_least"] or 0), r["words"])
    for r in data.rows(_HERE, "point_limits.csv")
)

PLOT, TOLL, SPEED = "plot", "toll-station", "speed-trap"
KINDS = (PLOT, TOLL, SPEED)


def level_name(points: int) -> str:
    """`bare`, `2 support points`, `a space station + 1 support point`, `a space base`: the
    words of the plot's level in rent_levels.csv (a plot without points `bare`)."""
    return "bare" if points == 0 else RENT_LEVELS[max(0, min(points, MAX_POINTS))][2]


#: The house-rule settings, in the order the Settings sheet shows them: settings.csv.
SETTINGS = data.settings(_HERE)

#: What the game says when it refuses a command or `ledger check` finds a mistake, by name
#: (said.csv: code, message and hint, each beginning with its rule).
SAID = Sayings(_HERE)
