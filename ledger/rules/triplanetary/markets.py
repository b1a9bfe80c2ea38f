"""The planets' markets of Triplanetary V/2: buying and selling goods at the §39 prices,
and between players at an agreed price, with 10% sales tax (§29), the markets that sell only
what they have (§25), market saturation (§26), and Lloyds' share of a cargo settled at its
sale (§31).

Every sale pays 10% sales tax at the time of sale, half to the Patrol and the rest, with the
odd cent, to Earth (§6, §29), in the same transaction as the sale.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from ledger.core import data
from ledger.core.books import Player
from ledger.core.money import Money, round_money
from ledger.core.params import Arg
from ledger.core.steps import Refused, gather, refuse
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.justice import in_prison
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    LLOYDS,
    MARKET,
    SAID,
    Act,
    Done,
    PlayerMove,
    canonical_place,
    cash_at,
    check_hold,
    debit,
    good_key,
    priced_sale,
    state_of,
    tax_pieces,
)
from ledger.rules.triplanetary.model import OUTLAWS, Market, State
from ledger.rules.triplanetary.roles import PATROL_ROLE

_STOCK = data.rows(__package__ or "ledger.rules.triplanetary", "market_stock.csv")
#: Markets that sell only what they have (§25, market_stock.csv): (place, good) -> (the stock
#: good, CP of it per CP sold)
STOCKED = {(r["place"], r["good"]): (r["stock"], int(r["per"])) for r in _STOCK}
#: What a player sells there goes into the market's stock (§25): (place, good)
FED_BY_SALES = {(r["place"], r["fed_by"]) for r in _STOCK if r["fed_by"]}


class Buy(PlayerMove):
    """`ledger buy`: an item of the §38 price list (ships.py), or §39 trade goods (here)."""

    item: Annotated[str, Arg("ITEM", help="an item of the §38 price list, e.g. packet")]
    qty: Annotated[int, Arg("QTY", help="how many (CP for trade goods)")] = 1
    name: Annotated[str | None, Arg("--name", help="the new ship's or base's name")] = None
    at: Annotated[
        str | None, Arg("--at", help="a planet or moon (default: where the player is)")
    ] = None
    ship: Annotated[str | None, Arg("--ship", help="a ship, by name or id")] = None
    base: Annotated[str | None, Arg("--base", help="a base, by name or id")] = None


class Sell(PlayerMove):
    good: Annotated[str, Arg("GOOD")]
    qty: Annotated[int, Arg("CP", column="amount")]
    at: Annotated[str | None, Arg("--at")] = None
    ship: Annotated[str, Arg("--ship")]
    to: Annotated[str | None, Arg("--to", column="to")] = None
    price: Annotated[Decimal | None, Arg("--price")] = None
    to_ship: Annotated[str | None, Arg("--to-ship")] = None


def market(state: State, place: str, good: str) -> Market:
    """The market of `good` at `place` whose stock and saturation the books follow (§25,
    §26): a new one when there is none yet."""
    for m in state.markets:
        if m.place == place and m.good == good:
            return m
    m = Market(place, good)
    state.markets.append(m)
    return m


def may_trade_here(player: Player, place: str, where: str) -> None:
    """§6 the Patrol does not trade; §33 §34 pirates and warlords trade only at Ceres; §41 a
    prisoner does not trade (a dead trader was refused before: actions.refuse_the_dead)."""
    if player.role == PATROL_ROLE:
        raise SAID.refuse("patrol-may-not-trade", where)
    status = player.get("status")
    if status in OUTLAWS and place != "Ceres":
        raise SAID.refuse("outlaw-trade", where, player=player.name, status=status)
    if in_prison(player):
        raise SAID.refuse("in-prison", where, player=player.name, day=player.get("status_until"))


def _where_trading(act: Act, player: Player, a: Buy | Sell) -> str:
    """`--at`, or where the ship is, or where the player is."""
    if a.at:
        return canonical_place(a.at, act.where["at"])
    ship = None
    if a.ship:
        try:  # the player's own ship of that name first: names are unique per owner
            ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
        except Refused:
            ship = None  # the command names the problem when it looks the ship up itself
    here = tables.canonical_place(ship.location) if ship is not None else None
    return here or canonical_place(str(player.get("location") or ""), act.where["at"])


def market_price(good: str, place: str, where: str, *, buy: bool) -> Decimal:
    """The §39 price of `good` at `place`, what a player pays (`buy`) or gets, or refused
    with the places that trade it."""
    price_at, places = (
        (tables.buy_price, tables.places_buying)
        if buy
        else (tables.sell_price, tables.places_selling)
    )
    code, verb, done = (
        ("not-sold-here", "sell", "sold") if buy else ("not-bought-here", "buy", "bought")
    )
    price = price_at(good, place)
    if price is None:
        there = ", ".join(f"{p} ({price_at(good, p)} KC)" for p in places(good))
        raise refuse(
            code,
            where,
            f"{place} does not {verb} {good}",
            f"it is {done} at: {there}" if there else f"no market {verb}s it (§39)",
        )
    return price


def buy_goods(act: Act, a: Buy) -> Done:
    """`ledger buy PLAYER GOOD CP --at PLACE --ship SHIP` (§39 buy prices)."""
    state, rules = act.state, act.rules
    player, at = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: canonical_place(a.at, act.where["at"]) if a.at else None,
    )
    good = good_key(a.item)
    place = at or _where_trading(act, player, a)
    may_trade_here(player, place, act.where["at"])
    price = market_price(good, place, act.where["at"], buy=True)
    if not a.ship:
        raise act.said("goods-without-ship", "ship")
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    qty = a.qty
    check_hold(rules, state, ship, qty, 0, act.where["qty"])
    stocked = STOCKED.get((place, good))
    if stocked is not None:
        stock_good, per = stocked
        m = market(state, place, stock_good)
        if m.stock < qty * per:
            have = m.stock // per
            why = "raw ore to process" if stock_good == "raw-ore" else f"{stock_good} in stock"
            raise act.said("market-empty", "qty", place=place, why=why, have=have, good=good)
        state.update(m, stock=m.stock - qty * per)
    total = round_money(price * qty)
    txn = act.charge(
        player,
        total,
        MARKET,
        kind="buy",
        memo=f"{player.name} buys {qty} CP of {good} at {place} for {ship.name}",
        rule="§39",
        where="qty",
        at=place,
    )
    state.add_cargo(ship.id, good, qty)
    return Done(
        f"txn {txn.id}: {player.name} paid {Money(total, act.books.currency)} for {qty} CP of {good} at {place} ({price} KC/CP)"
    )


def saturation_days(qty: int) -> int:
    """§26: one day per ten CP sold; any load saturates at least a day (partial tens round up)."""
    return max(1, -(-qty // tables.SATURATION_CP_PER_DAY))


def _trade_good(text: str, where: str) -> str:
    """The key of a §39 trade good, or refused."""
    good = good_key(text)
    if good not in tables.GOODS_BY_KEY:
        raise SAID.refuse("unknown-good", where, text=text, goods=", ".join(tables.GOODS_BY_KEY))
    return good


@COMMANDS("sell", "ledger sell Ann processed-ore 20 --at Mars --ship Nomad")
def _sell(act: Act, a: Sell) -> Done:
    """Sell goods from a ship's hold at the §39 price of a place (or to a player at an agreed
    price); 10% sales tax (§29)."""
    state, rules = act.state, act.rules
    player, good, at, _ = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _trade_good(a.good, act.where["good"]),
        lambda: canonical_place(a.at, act.where["at"]) if a.at else None,
        lambda: act.player(a.to, "to") if a.to else None,  # the buyer
    )
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    qty = a.qty
    held = state.cargo_of(ship.id).get(good, 0)
    if qty < 1 or held < qty:
        raise act.said(
            "not-in-hold", "qty", ship=ship.name or ship.id, held=held, good=good, qty=qty
        )
    place = at or _where_trading(act, player, a)
    may_trade_here(player, place, act.where["at"])
    if a.to:
        return _sell_to_player(act, player, ship, good, qty, place, a)
    price = market_price(good, place, act.where["at"], buy=False)
    m = market(state, place, good)
    day = act.books.day
    saturated = (
        good not in tables.SATURATION_EXEMPT and m.saturated_since < day <= m.saturated_until
    )
    unit = price * (1 - tables.SATURATION_PRICE_DROP) if saturated else price
    gross = round_money(unit * qty)
    tax = round_money(gross * rules.sales_tax / 100)
    rule = "§39 §29" + (" §26" if saturated else "")
    owed, lloyds = _settle_lloyds(act.books, ship, good, qty, price)
    proceeds = gross - tax - owed
    if proceeds >= 0:
        paid = [(cash_at(act.books, player, place), proceeds)]
    else:  # §31 Lloyds' full market value is more than the sale brings: the seller pays the rest
        paid = _lloyds_rest(act.books, player, -proceeds, place, act.where["qty"])
    pieces = [(MARKET, -gross), *paid, *tax_pieces(act.books, tax)]
    if owed:
        pieces.append((LLOYDS, owed))
    memo = f"{player.name} sells {qty} CP of {good} at {place}" + (
        " (market saturated: 25% less)" if saturated else ""
    )
    txn = act.post(pieces, kind="sale", memo=memo, rule=rule)
    state.add_cargo(ship.id, good, -qty)
    if good not in tables.SATURATION_EXEMPT:  # §26
        since = m.saturated_since if m.saturated_since < day <= m.saturated_until else day
        until = max(m.saturated_until, day + saturation_days(qty))
        m = state.update(m, saturated_since=since, saturated_until=until)
    if (place, good) in FED_BY_SALES:  # §25: processed, or made into Cordrazine
        m = state.update(m, stock=m.stock + qty)
    text = f"txn {txn.id}: {memo}: {Money(gross, act.books.currency)}, sales tax {Money(tax, act.books.currency)} (§29)"
    if lloyds:
        text += f"; {lloyds}"
    return Done(text)


def _settle_lloyds(
    books: Books, ship: Any, good: str, qty: int, price: Decimal
) -> tuple[Decimal, str]:
    """§31: Lloyds receives full market value for its share of a cargo when it is sold: what
    it is owed for the CP sold (the contracts settled as far as they go), and what to say."""
    state = state_of(books)
    left = qty
    owed = Decimal(0)
    for contract in state.underwriting:
        if left <= 0:
            break
        if contract.status != "open" or contract.ship != ship.id or contract.good != good:
            continue
        share = min(contract.qty, left)
        owed += round_money(price * share)
        left -= share
        if contract.qty == share:
            state.update(contract, qty=0, status="settled")
        else:
            state.update(contract, qty=contract.qty - share)
    if owed:
        return owed, f"Lloyds of Luna receives {Money(owed, books.currency)} for its share (§31)"
    return owed, ""


def _lloyds_rest(
    books: Books, player: Player, rest: Decimal, place: str, where: str
) -> list[tuple[str, Decimal]]:
    """What Lloyds is owed beyond the sale's proceeds, from the seller's banks (§30: the banks
    transfer money between planets), or refused: banks make no loans."""
    try:
        return debit(books, player, rest, where, at=place)
    except Refused:
        raise SAID.refuse("lloyds-share-unpaid", where, rest=rest, player=player.name) from None


def _sell_to_player(
    act: Act,
    seller: Player,
    ship: Any,
    good: str,
    qty: int,
    place: str,
    a: Sell,
) -> Done:
    """A sale at an agreed price (§29: taxed as every sale); both sides trade, where the ship
    is: not the Patrol (§6), not a prisoner (§41), an outlaw only at Ceres (§33, §34)."""
    state, rules = act.state, act.rules
    buyer = act.player(a.to or "", "to")  # (named: the caller asked)
    if buyer.name == seller.name:
        raise act.said("sell-to-oneself", "to", player=seller.name)
    may_trade_here(buyer, place, act.where["to"])
    if a.price is None:
        raise act.said("sale-without-price", "price")
    if not a.to_ship:
        raise act.said("sale-without-ship", "to_ship", buyer=buyer.name)
    target = act.post_named(a.to_ship, "to_ship", owner=buyer, kinds=("ship",))
    check_hold(rules, state, target, qty, 0, act.where["to_ship"])
    price = a.price
    memo = f"{seller.name} sells {qty} CP of {good} to {buyer.name} for {price:.2f} KC"
    txn, tax = priced_sale(
        act,
        seller,
        buyer,
        price,
        what="goods are",
        rule="§29",
        example="40",
        kind="sale",
        memo=memo,
    )
    state.add_cargo(ship.id, good, -qty)
    state.add_cargo(target.id, good, qty)
    return Done(
        f"txn {txn.id}: {memo}; sales tax {Money(tax, act.books.currency)} paid by {seller.name} (§29)"
    )
