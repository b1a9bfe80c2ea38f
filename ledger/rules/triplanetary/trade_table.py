"""The §39 trade items and values of Triplanetary Variant V/2 as data (trade_table.csv), and §26 market
saturation.

Source: /work/shared/rules/triplanetary-variant-v2.txt and the rulings in
/work/shared/rules/README.md, which override the text where they speak; see tables.py.
"""

from decimal import Decimal
from enum import StrEnum
from typing import Final

import msgspec

from ledger.core import data
from ledger.rules.triplanetary.places import PLACES, canonical_place

# ---------------------------------------------------------------------------
# §39 Trade items and values, §26 market saturation
# ---------------------------------------------------------------------------


class Good(msgspec.Struct, frozen=True):
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


class TradeRow(msgspec.Struct, frozen=True):
    """One (good, place, side) price of §39, in KC per CP."""

    good_key: str
    place: str  # a name from PLACES, or ANYWHERE
    side: Side
    price: Decimal


# §39 (trade_table.csv): a row a printed price, in printed order; "-" cells have no row.
TRADE: Final = data.records(__package__ or "ledger.rules.triplanetary", "trade_table.csv", TradeRow)


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
