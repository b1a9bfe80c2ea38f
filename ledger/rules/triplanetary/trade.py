"""Trade, liners and the big deals of Triplanetary V/2: §9 company sales, §25 processing,
§26 market saturation, §27 pick-up, §28/§40 liners, §29 sales tax, §30 branch banks,
§31 Lloyds of Luna, §32 interstellar colonization, §39 prices.

Every sale pays 10% sales tax at the time of sale, half to the Patrol and the rest, with the
odd cent, to Earth (§6, §29), in the same transaction as the sale.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal
from typing import Any

from ledger.core.books import PATROL_ROLE, Books, Player
from ledger.core.money import CENT, Money, round_money
from ledger.core.params import ActionSpec, Param
from ledger.core.problems import problem
from ledger.core.words import plural
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.model import (
    ACTIVE,
    COLONIZING,
    Branch,
    Liner,
    Market,
    Order,
    PRChange,
    State,
    Underwriting,
)
from ledger.rules.triplanetary.property import (
    PLAYER,
    SUPPLIERS,
    Done,
    Refused,
    Where,
    canonical_place,
    charge,
    check_hold,
    debit,
    find_player,
    find_post,
    hold_capacity,
    hold_used,
    post_pieces,
    rules_of,
    state_of,
)

MARKET = "market"  # the planets' markets: who buys and sells goods at the §39 prices
PASSENGERS = "passengers"  # who pays the liner fares set by Earth (§28)
LLOYDS = "lloyds"  # Lloyds of Luna (§31)

#: Markets that sell only what they have (§25): (place, good) -> (stock good, CP of it per CP sold)
STOCKED = {
    ("Ceres", "processed-ore"): ("raw-ore", 4),
    ("Callisto", "processed-ore"): ("raw-ore", 4),
    ("Ganymede", "cordrazite"): ("cordrazite", 1),
    ("Earth", "cordrazine"): ("cordrazine", 1),
}


def market(state: State, place: str, good: str) -> Market:
    for m in state.markets:
        if m.place == place and m.good == good:
            return m
    m = Market(place, good)
    state.markets.append(m)
    return m


def good_key(text: str) -> str:
    return text.strip().casefold().replace(" ", "-").replace("_", "-")


def may_trade_here(player: Player, place: str, where: str) -> None:
    """§6 the Patrol does not trade; §33 §34 pirates and warlords trade only at Ceres."""
    if player.role == PATROL_ROLE:
        raise Refused(
            problem("patrol-may-not-trade", where, "the Patrol may not engage in trade (§6)", "")
        )
    status = player.get("status")
    if status in ("pirate", "warlord") and place != "Ceres":
        raise Refused(
            problem(
                "outlaw-trade",
                where,
                f"{player.name} is a {status}: only the Free Port of Ceres trades with them (§33, §34)",
                "trade at Ceres",
            )
        )
    if status in ("imprisoned", "dead"):
        raise Refused(problem("player-cannot-act", where, f"{player.name} is {status}", ""))


def tax_pieces(books: Books, tax: Decimal) -> list[tuple[str, Decimal]]:
    """§6: the Patrol's half rounded down; Earth gets the rest, so the odd cent is on record."""
    share = books.settings.get_decimal("patrol_tax_share_percent")
    patrol = (tax * share / 100).quantize(CENT, rounding=ROUND_DOWN)
    return [("patrol", patrol), ("earth", tax - patrol)]


def cash_at(books: Books, player: Player, place: str) -> str:
    """Money a player receives at a place lands in the bank there (§30)."""
    return books.game.cash_account(player, place if place in books.game.banks else None)


def set_pr(books: Books, player: Player, change: int, reason: str, rule: str) -> None:
    """Change a player's PR (§36C) and keep the change on record."""
    state = state_of(books)
    i = next(n for n, p in enumerate(books.players) if p.name == player.name)
    player = books.players[i]  # the current record: an earlier change may have replaced it
    pr = player.get("pr") or 0
    assert isinstance(pr, int)
    extra = tuple((k, (pr + change) if k == "pr" else v) for k, v in player.extra)
    books.players[i] = type(player)(player.name, player.role, extra, player.ref)
    state.pr_changes.append(PRChange(books.day, player.name, change, reason, rule))


# -- buying and selling goods (§25, §26, §29, §39) ------------------------------------------------


def _where_trading(books: Books, player: Player, a: dict[str, Any], where: Where) -> str:
    """`--at`, or where the ship is, or where the player is."""
    if a.get("at"):
        return canonical_place(a["at"], where["at"])
    ship = None
    if a.get("ship"):
        try:  # the player's own ship of that name first: names are unique per owner
            ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
        except Refused:
            ship = None  # the command names the problem when it looks the ship up itself
    here = tables.canonical_place(ship.location) if ship is not None else None
    return here or canonical_place(str(player.get("location") or ""), where["at"])


def buy_goods(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    """`ledger buy PLAYER GOOD CP --at PLACE --ship SHIP` (§39 buy prices)."""
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    good = good_key(a["item"])
    place = _where_trading(books, player, a, where)
    may_trade_here(player, place, where["at"])
    price = tables.buy_price(good, place)
    if price is None:
        sellers = ", ".join(
            f"{p} ({tables.buy_price(good, p)} KC)" for p in tables.places_buying(good)
        )
        raise Refused(
            problem(
                "not-sold-here",
                where["at"],
                f"{place} does not sell {good}",
                f"it is sold at: {sellers}" if sellers else "no market sells it (§39)",
            )
        )
    if not a["ship"]:
        raise Refused(
            problem(
                "missing-value",
                where["ship"],
                "say which ship's hold the goods go into: --ship SHIP",
                "",
            )
        )
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    qty = a["qty"]
    check_hold(rules, state, ship, qty, 0, where["qty"])
    stocked = STOCKED.get((place, good))
    if stocked is not None:
        stock_good, per = stocked
        m = market(state, place, stock_good)
        if m.stock < qty * per:
            have = m.stock // per
            why = "raw ore to process" if stock_good == "raw-ore" else f"{stock_good} in stock"
            raise Refused(
                problem(
                    "market-empty",
                    where["qty"],
                    f"{place} has only enough {why} for {have} CP of {good} (§25)",
                    "buy less, or wait for the market to be supplied",
                )
            )
        m.stock -= qty * per
    total = round_money(price * qty)
    txn = charge(
        books,
        player,
        total,
        MARKET,
        kind="buy",
        memo=f"{player.name} buys {qty} CP of {good} at {place} for {ship.name}",
        rule="§39",
        event=event,
        where=where["qty"],
        at=place,
    )
    state.add_cargo(ship.id, good, qty)
    return Done(
        f"txn {txn.id}: {player.name} paid {Money(total, books.currency)} for {qty} CP of {good} at {place} ({price} KC/CP)",
        [txn],
    )


def saturation_days(qty: int) -> int:
    """§26: one day per ten CP sold; any load saturates at least a day (partial tens round up)."""
    return max(1, -(-qty // 10))


def _sell(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    good = good_key(a["good"])
    if good not in tables.GOODS_BY_KEY:
        raise Refused(
            problem(
                "unknown-good",
                where["good"],
                f"{a['good']!r} is not a §39 trade good",
                "goods: " + ", ".join(tables.GOODS_BY_KEY),
            )
        )
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    qty = a["qty"]
    held = state.cargo_of(ship.id).get(good, 0)
    if qty < 1 or held < qty:
        raise Refused(
            problem(
                "not-in-hold",
                where["qty"],
                f"{ship.name or ship.id} holds {held} CP of {good}, not {qty}",
                "sell what the hold has",
            )
        )
    if a["to"]:
        return _sell_to_player(books, player, ship, good, qty, a, where, event)
    place = _where_trading(books, player, a, where)
    may_trade_here(player, place, where["at"])
    price = tables.sell_price(good, place)
    if price is None:
        buyers = ", ".join(
            f"{p} ({tables.sell_price(good, p)} KC)" for p in tables.places_selling(good)
        )
        raise Refused(
            problem(
                "not-bought-here",
                where["at"],
                f"{place} does not buy {good}",
                f"it is bought at: {buyers}" if buyers else "no market buys it (§39)",
            )
        )
    m = market(state, place, good)
    day = books.day
    saturated = (
        good not in tables.SATURATION_EXEMPT and m.saturated_since < day <= m.saturated_until
    )
    unit = price * (1 - tables.SATURATION_PRICE_DROP) if saturated else price
    gross = round_money(unit * qty)
    tax = round_money(gross * rules.sales_tax / 100)
    pieces = [
        (MARKET, -gross),
        (cash_at(books, player, place), gross - tax),
        *tax_pieces(books, tax),
    ]
    rule = "§39 §29" + (" §26" if saturated else "")
    lloyds = _settle_lloyds(books, player, ship, good, qty, price, place, pieces)
    memo = f"{player.name} sells {qty} CP of {good} at {place}" + (
        " (market saturated: 25% less)" if saturated else ""
    )
    txn = post_pieces(books, pieces, kind="sale", memo=memo, rule=rule, event=event)
    state.add_cargo(ship.id, good, -qty)
    if good not in tables.SATURATION_EXEMPT:  # §26
        if not m.saturated_since < day <= m.saturated_until:
            m.saturated_since = day
        m.saturated_until = max(m.saturated_until, day + saturation_days(qty))
    if (place, "processed-ore") in STOCKED and good == "raw-ore":
        m.stock += qty  # §25: Ceres and Callisto process what they are sold
    if place == "Earth" and good == "cordrazite":
        m.stock += qty  # §25: Earth makes Cordrazine from the Cordrazite it has
    text = f"txn {txn.id}: {memo}: {Money(gross, books.currency)}, sales tax {Money(tax, books.currency)} (§29)"
    if lloyds:
        text += f"; {lloyds}"
    return Done(text, [txn])


def _settle_lloyds(
    books: Books,
    player: Player,
    ship: Any,
    good: str,
    qty: int,
    price: Decimal,
    place: str,
    pieces: list[tuple[str, Decimal]],
) -> str:
    """§31: Lloyds receives full market value for its share of a cargo when it is sold."""
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
        contract.qty -= share
        left -= share
        if contract.qty == 0:
            contract.status = "settled"
    if owed:
        pieces += [(cash_at(books, player, place), -owed), (LLOYDS, owed)]
        return f"Lloyds of Luna receives {Money(owed, books.currency)} for its share (§31)"
    return ""


def _sell_to_player(
    books: Books,
    seller: Player,
    ship: Any,
    good: str,
    qty: int,
    a: dict[str, Any],
    where: Where,
    event: str,
) -> Done:
    state, rules = state_of(books), rules_of(books)
    buyer = find_player(books, a["to"], where["to"])
    if a["price"] is None:
        raise Refused(
            problem(
                "missing-value",
                where["price"],
                "a sale between players needs the agreed --price",
                "",
            )
        )
    if not a["to_ship"]:
        raise Refused(
            problem(
                "missing-value",
                where["to_ship"],
                f"say which of {buyer.name}'s ships takes the goods: --to-ship SHIP",
                "",
            )
        )
    target = find_post(books, a["to_ship"], where["to_ship"], owner=buyer, kinds=("ship",))
    check_hold(rules, state, target, qty, 0, where["to_ship"])
    price = a["price"]
    if price <= 0:
        raise Refused(
            problem(
                "bad-amount",
                where["price"],
                f"a company is sold for more than 0, not {price:.2f} (§9)",
                "type the price the buyer pays, e.g. 400",
            )
        )
    tax = round_money(price * rules.sales_tax / 100)
    pieces = debit(books, buyer, price, where["price"])
    pieces += [(books.game.cash_account(seller), price - tax), *tax_pieces(books, tax)]
    memo = f"{seller.name} sells {qty} CP of {good} to {buyer.name} for {price:.2f} KC"
    txn = post_pieces(books, pieces, kind="sale", memo=memo, rule="§29", event=event)
    state.add_cargo(ship.id, good, -qty)
    state.add_cargo(target.id, good, qty)
    return Done(
        f"txn {txn.id}: {memo}; sales tax {Money(tax, books.currency)} paid by {seller.name} (§29)",
        [txn],
    )


# -- §25 processing, §27 pick-up ---------------------------------------------------------------------


def _process(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    place = canonical_place(a["at"], where["at"])
    if place not in ("Ceres", "Callisto"):
        raise Refused(
            problem(
                "no-processing-here",
                where["at"],
                f"only Ceres and Callisto process ore (§25), not {place}",
                "or buy an ore-processor for a base",
            )
        )
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    raw = state.cargo_of(ship.id).get("raw-ore", 0)
    qty = a["qty"] if a["qty"] else raw
    if qty > raw or qty < rules.processor_ratio:
        raise Refused(
            problem(
                "not-in-hold",
                where["qty"],
                f"{ship.name} holds {raw} CP of raw ore; processing takes {rules.processor_ratio} CP at a time",
                "",
            )
        )
    made = qty // rules.processor_ratio
    used = made * rules.processor_ratio
    state.add_cargo(ship.id, "raw-ore", -used)
    state.add_cargo(ship.id, "processed-ore", made)
    return Done(
        f"{place} processes {used} CP of raw ore from {ship.name} into {made} CP of processed ore (§25)",
        [],
    )


PORTABLE_EXCLUDED = ("fuel", "c-t-ore")  # §27: not fuel or C-T ore


def _pickup(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    return _move_goods(books, a, where, to_ship=True)


def _dropoff(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    return _move_goods(books, a, where, to_ship=False)


def _move_goods(books: Books, a: dict[str, Any], where: Where, *, to_ship: bool) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    other_key = "source" if to_ship else "to"
    store = find_post(books, a[other_key], where[other_key], kinds=("base", "mine"))
    if store.owner != player.name and store.status != "open":
        raise Refused(
            problem(
                "not-the-owner",
                where[other_key],
                f"{store.name or store.id} belongs to {store.owner}",
                "only an open (abandoned) store may be taken from, and taking is a crime (§36)",
            )
        )
    good = good_key(a["good"] or "raw-ore")
    if good in PORTABLE_EXCLUDED:
        raise Refused(
            problem(
                "not-portable",
                where["good"],
                f"{good} cannot be picked up or dropped off this way (§27)",
                "",
            )
        )
    source, target = (store, ship) if to_ship else (ship, store)
    have = source.supplies if good == "supplies" else state.cargo_of(source.id).get(good, 0)
    qty = a["qty"] if a["qty"] else have
    if qty < 1 or qty > have:
        raise Refused(
            problem(
                "not-in-store", where["qty"], f"{source.name or source.id} has {have} of {good}", ""
            )
        )
    if to_ship:
        size = (
            1
            if good == "supplies"
            else (state.prices[good].size_cp or 0)
            if good in state.prices
            else 1
        )
        check_hold(
            rules,
            state,
            ship,
            0 if good == "supplies" else size * qty,
            qty if good == "supplies" else 0,
            where["qty"],
        )
    if good == "supplies":
        source.supplies -= qty
        target.supplies += qty
    else:
        state.add_cargo(source.id, good, -qty)
        state.add_cargo(target.id, good, qty)
    verb = "picks up" if to_ship else "drops off"
    return Done(
        f"{ship.name} {verb} {plural(qty, 'unit') if good == 'supplies' else f'{qty} CP'} of {good} {'from' if to_ship else 'at'} {store.name or store.id} (§27)",
        [],
    )


# -- §9 company sale ------------------------------------------------------------------------------


def _sell_company(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    seller = find_player(books, a["player"], where["player"])
    buyer = find_player(books, a["to"], where["to"])
    if seller.name == buyer.name:
        raise Refused(
            problem("same-player", where["to"], "a player cannot buy their own company", "")
        )
    price = a["price"]
    if price <= 0:
        raise Refused(
            problem(
                "bad-amount",
                where["price"],
                f"a company is sold for more than 0, not {price:.2f} (§9)",
                "type the price the buyer pays, e.g. 400",
            )
        )
    tax = round_money(price * rules.sales_tax / 100)
    pieces = debit(books, buyer, price, where["price"])
    pieces += [(books.game.cash_account(seller), price - tax), *tax_pieces(books, tax)]
    txn = post_pieces(
        books,
        pieces,
        kind="company-sale",
        memo=f"{buyer.name} buys {seller.name}'s company for {price:.2f} KC",
        rule="§9 §29",
        event=event,
    )
    moved = 0
    for group in (
        state.ships,
        state.bases,
        state.mines,
        state.modules,
        state.crews,
        state.offices,
        state.liners,
        state.branches,
    ):
        for rec in group:
            if rec.owner == seller.name:
                rec.owner = buyer.name
                moved += 1
    for o in state.orders:
        if o.owner == seller.name and o.status == "building":
            o.owner = buyer.name
            moved += 1
    for corp in state.corporations:
        if corp.head == seller.name and corp.status in ("forming", "active", "merging"):
            corp.head = buyer.name
            corp.members = ", ".join(x for x in (corp.members, seller.name) if x)
    return Done(
        f"txn {txn.id}: {buyer.name} bought {seller.name}'s company ({moved} ships, bases, crews and offices) for {Money(price, books.currency)}; sales tax {Money(tax, books.currency)} paid by {seller.name} (§9, §29)",
        [txn],
    )


# -- §28 §40 liners ---------------------------------------------------------------------------------


def _route(a: dict[str, Any], where: Where) -> tables.LinerRoute:
    frm, to = canonical_place(a["frm"], where["frm"]), canonical_place(a["to"], where["to"])
    route = tables.liner_route(frm, to)
    if route is None:
        routes = ", ".join(f"{r.frm}-{r.to}" for r in tables.LINER_ROUTES if r.frm == frm)
        raise Refused(
            problem(
                "no-such-route",
                where["to"],
                f"there is no liner route {frm} to {to} (§40)",
                f"routes from {frm}: {routes}"
                if routes
                else "routes start at: " + ", ".join(sorted({r.frm for r in tables.LINER_ROUTES})),
            )
        )
    return route


def _running(state: State, owner: str) -> int:
    return sum(1 for line in state.liners if line.owner == owner and line.status == "open")


def _liner_open(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state = state_of(books)
    player = find_player(books, a["player"], where["player"])
    may_trade_here(
        player,
        "Ceres" if player.get("status") in ("pirate", "warlord") else "Earth",
        where["player"],
    )
    route = _route(a, where)
    if any(
        line.owner == player.name
        and line.frm == route.frm
        and line.to == route.to
        and line.status == "open"
        for line in state.liners
    ):
        raise Refused(
            problem(
                "line-exists", where["to"], f"{player.name} runs {route.frm}-{route.to} already", ""
            )
        )
    first = _running(state, player.name) == 0
    lid = state.next_id("L", [line.id for line in state.liners])
    state.liners.append(Liner(lid, player.name, route.frm, route.to, books.day))
    if first:
        set_pr(
            books, player, tables.PR_LINER_RUNNING, f"runs a space passenger line ({lid})", "§36C"
        )
    extra = f"; PR {tables.PR_LINER_RUNNING:+d} while running a line (§36C)" if first else ""
    return Done(
        f"liner {lid} {route.frm}-{route.to} open: a passenger every {route.turns_per_passenger} days, fare {route.fare} KC{extra}",
        [],
    )


def _liner_close(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state = state_of(books)
    line = next(
        (
            x
            for x in state.liners
            if x.id.casefold() == a["liner"].strip().casefold() and x.status == "open"
        ),
        None,
    )
    if line is None:
        raise Refused(
            problem(
                "unknown-liner",
                where["liner"],
                f"there is no open liner {a['liner']!r}",
                "liners: " + ", ".join(x.id for x in state.liners if x.status == "open"),
            )
        )
    line.status = "closed"
    player = find_player(books, line.owner, where["liner"])
    text = f"liner {line.id} {line.frm}-{line.to} closed; {line.waiting} waiting passengers go home"
    line.waiting = 0
    if _running(state, player.name) == 0:
        set_pr(
            books,
            player,
            -tables.PR_LINER_RUNNING,
            f"no longer runs a passenger line ({line.id})",
            "§36C",
        )
        set_pr(
            books,
            player,
            tables.PR_LINER_STOPPED,
            f"stopped a space passenger line ({line.id})",
            "§36C",
        )
        text += f"; PR {-tables.PR_LINER_RUNNING + tables.PR_LINER_STOPPED:+d} (§36C)"
    return Done(text, [])


def _liner_depart(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    route = _route(a, where)
    line = next(
        (
            x
            for x in state.liners
            if x.owner == player.name
            and x.frm == route.frm
            and x.to == route.to
            and x.status == "open"
        ),
        None,
    )
    if line is None:
        raise Refused(
            problem(
                "unknown-liner",
                where["to"],
                f"{player.name} runs no line {route.frm}-{route.to}",
                f"open it: ledger liner open {player.name} {route.frm} {route.to}",
            )
        )
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    cap = hold_capacity(state, ship)
    free = (cap - hold_used(rules, state, ship)) if cap is not None else 10**6
    seats = min(line.waiting, 25, free // tables.PASSENGER_CARGO_CP)
    if seats <= 0:
        raise Refused(
            problem(
                "no-passengers",
                where["ship"],
                f"{line.waiting} passengers wait; {ship.name} has room for {free // tables.PASSENGER_CARGO_CP}",
                "wait for passengers, or make room in the hold",
            )
        )
    fares = round_money(route.fare * seats)
    txn = post_pieces(
        books,
        [(PASSENGERS, -fares), (cash_at(books, player, route.frm), fares)],
        kind="fares",
        memo=f"{ship.name} carries {seats} passengers {route.frm}-{route.to}",
        rule="§28 §40",
        event=event,
    )
    line.waiting -= seats
    return Done(
        f"txn {txn.id}: {seats} passengers paid {Money(fares, books.currency)} ({route.fare} KC each, §40); {line.waiting} still waiting",
        [txn],
    )


# -- §31 Lloyds, §30 branch banks, §32 colonization ----------------------------------------------------


def _lloyds(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state = state_of(books)
    player = find_player(books, a["player"], where["player"])
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    good = good_key(a["good"])
    held = state.cargo_of(ship.id).get(good, 0)
    covered = sum(
        c.qty
        for c in state.underwriting
        if c.ship == ship.id and c.good == good and c.status == "open"
    )
    qty = a["qty"]
    if qty < 1 or (covered + qty) * 2 > held:
        raise Refused(
            problem(
                "too-much-underwritten",
                where["qty"],
                f"Lloyds underwrites up to half of a cargo (§31): {held} CP held, {covered} CP covered already",
                f"at most {held // 2 - covered} CP more",
            )
        )
    place = canonical_place(a["at"], where["at"])
    price = tables.buy_price(good, place) or tables.sell_price(good, place)
    if price is None:
        raise Refused(
            problem(
                "no-market-value", where["at"], f"{good} has no market value at {place} (§39)", ""
            )
        )
    paid = round_money(price * qty)
    txn = post_pieces(
        books,
        [(LLOYDS, -paid), (cash_at(books, player, place), paid)],
        kind="underwriting",
        memo=f"Lloyds of Luna takes {qty} CP of {good} on {ship.name}",
        rule="§31",
        event=event,
    )
    uid = state.next_id("U", [c.id for c in state.underwriting])
    state.underwriting.append(Underwriting(uid, player.name, ship.id, good, qty, paid, books.day))
    return Done(
        f"txn {txn.id}: Lloyds pays {Money(paid, books.currency)} now for {qty} CP; it receives their full market value when they are sold ({uid})",
        [txn],
    )


BRANCH_FEE = Decimal(500)  # §30
BRANCH_RESERVES = Decimal(5000)  # §30
PLUTONIUM_KC_PER_CP = Decimal(100)  # §30: 1 CP per 100 KC


def _branch(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    base = find_post(books, a["base"], where["base"], owner=player, kinds=("base",))
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    cp = int(BRANCH_RESERVES / PLUTONIUM_KC_PER_CP)
    check_hold(rules, state, ship, cp, 0, where["ship"])
    pieces = debit(books, player, BRANCH_FEE + BRANCH_RESERVES, where["base"])
    pieces += [(SUPPLIERS, BRANCH_FEE), (f"reserves:{player.name}", BRANCH_RESERVES)]
    txn = post_pieces(
        books,
        pieces,
        kind="branch",
        memo=f"{player.name} sets up a branch bank on {base.name}: fee and reserves shipped as Plutonium",
        rule="§30",
        event=event,
    )
    state.add_cargo(ship.id, "plutonium", cp)
    bid = state.next_id("BB", [b.id for b in state.branches])
    state.branches.append(Branch(bid, player.name, base.id, ship.id, books.day))
    return Done(
        f"txn {txn.id}: branch {bid} on {base.name}: {Money(BRANCH_FEE, books.currency)} fee; {cp} CP of Plutonium ({Money(BRANCH_RESERVES, books.currency)}) loaded on {ship.name}; `ledger branch-open {bid}` once delivered",
        [txn],
    )


def _branch_open(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state = state_of(books)
    branch = next(
        (
            b
            for b in state.branches
            if b.id.casefold() == a["branch"].strip().casefold() and b.status == "shipping"
        ),
        None,
    )
    if branch is None:
        raise Refused(
            problem(
                "unknown-branch",
                where["branch"],
                f"there is no branch bank {a['branch']!r} waiting for its reserves",
                "",
            )
        )
    cp = int(BRANCH_RESERVES / PLUTONIUM_KC_PER_CP)
    if state.cargo_of(branch.ship).get("plutonium", 0) < cp:
        raise Refused(
            problem(
                "reserves-missing",
                where["branch"],
                f"the ship {branch.ship} no longer carries the {cp} CP of Plutonium",
                "",
            )
        )
    player = find_player(books, branch.owner, where["branch"])
    state.add_cargo(branch.ship, "plutonium", -cp)
    branch.status = "open"
    txn = post_pieces(
        books,
        [
            (f"reserves:{player.name}", -BRANCH_RESERVES),
            (f"cash:{player.name}:{branch.base}", BRANCH_RESERVES),
        ],
        kind="branch",
        memo=f"branch bank {branch.id} on {branch.base} opens with its reserves",
        rule="§30",
        event=event,
    )
    return Done(
        f"txn {txn.id}: branch bank {branch.id} open on {branch.base}; its reserves are {player.name}'s account there (--from-bank {branch.base})",
        [txn],
    )


COLONIZATION_COST = Decimal(100000)  # §32
COLONIZATION_DAYS = 360  # §32
RAMSCOOPS = 3  # §32


def _colonize(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state = state_of(books)
    player = find_player(books, a["player"], where["player"])
    scoops = [
        s
        for s in state.ships
        if s.owner == player.name and s.type == "bussard-ramscoop" and s.status == ACTIVE
    ]
    if len(scoops) < RAMSCOOPS:
        raise Refused(
            problem(
                "needs-ramscoops",
                where["player"],
                f"an attempt takes three Bussard ramscoops (§32); {player.name} has {len(scoops)}",
                "buy them first: ledger buy PLAYER bussard-ramscoop",
            )
        )
    txn = charge(
        books,
        player,
        COLONIZATION_COST,
        SUPPLIERS,
        kind="colonization",
        memo=f"{player.name} outfits an interstellar colonization attempt at Luna",
        rule="§32",
        event=event,
        where=where["player"],
        at="Luna",
    )
    oid = state.next_id("W", [o.id for o in state.orders])
    ids = [s.id for s in scoops[:RAMSCOOPS]]
    for s in scoops[:RAMSCOOPS]:
        s.status = COLONIZING
    state.orders.append(
        Order(
            oid,
            player.name,
            "colonization",
            "interstellar colonization",
            "Luna",
            " ".join(ids),
            books.day,
            books.day + COLONIZATION_DAYS,
            Decimal(0),
        )
    )
    return Done(
        f"txn {txn.id}: colonization attempt {oid} with {', '.join(ids)}: leaves on day {books.day + COLONIZATION_DAYS}; PR +5 then (§32, §36C)",
        [txn],
    )


def complete_colonization(books: Books, order: Order) -> str:
    state = state_of(books)
    for sid in order.target.split():
        for s in state.ships:
            if s.id == sid:
                s.status = "departed"
    player = books.player(order.owner)
    if player is not None:
        set_pr(
            books,
            player,
            tables.PR_COLONIZATION,
            f"interstellar colonization attempt {order.id}",
            "§32 §36C",
        )
    return f"the colonization attempt {order.id} leaves the board past Jupiter, never to return; PR {tables.PR_COLONIZATION:+d}"


SPECS: dict[str, ActionSpec] = {
    "sell": ActionSpec(
        "sell",
        (
            PLAYER,
            Param("good", required=True, cli="GOOD"),
            Param("qty", "int", required=True, cli="CP", column="amount"),
            Param("at", cli="--at"),
            Param("ship", required=True, cli="--ship"),
            Param("to", cli="--to", column="to"),
            Param("price", "money", cli="--price"),
            Param("to_ship", cli="--to-ship"),
        ),
        "Sell goods from a ship's hold at the §39 price of a place (or to a player at an agreed price); 10% sales tax (§29).",
        "ledger sell Ann processed-ore 20 --at Mars --ship Nomad",
    ),
    "process": ActionSpec(
        "process",
        (
            PLAYER,
            Param("at", required=True, cli="--at"),
            Param("qty", "int", cli="CP", column="amount"),
            Param("ship", required=True, cli="--ship"),
        ),
        "Have Ceres or Callisto process raw ore in a ship's hold, 4 CP into 1 (§25).",
        "ledger process Ann --at Ceres 20 --ship Nomad",
    ),
    "pickup": ActionSpec(
        "pickup",
        (
            PLAYER,
            Param("ship", required=True, cli="--ship"),
            Param("source", required=True, cli="--from"),
            Param("qty", "int", cli="CP", column="amount"),
            Param("good", cli="--good"),
        ),
        "Pick up ore, supplies or equipment from a mine or base (§27; not fuel or C-T ore).",
        "ledger pickup Ann --ship Nomad --from M1 20",
    ),
    "dropoff": ActionSpec(
        "dropoff",
        (
            PLAYER,
            Param("ship", required=True, cli="--ship"),
            Param("to", required=True, cli="--to"),
            Param("qty", "int", cli="CP", column="amount"),
            Param("good", cli="--good"),
        ),
        "Drop off goods, supplies or equipment at a base or mine (§27).",
        "ledger dropoff Ann --ship Nomad --to B1 --good supplies 5",
    ),
    "sell-company": ActionSpec(
        "sell-company",
        (
            PLAYER,
            Param("to", required=True, cli="BUYER", column="to"),
            Param("price", "money", required=True, cli="PRICE", column="amount"),
        ),
        "Sell a player's whole company to another player at an agreed price; 10% tax (§9, §29).",
        "ledger sell-company Bob Ann 400",
    ),
    "liner-open": ActionSpec(
        "liner-open",
        (
            PLAYER,
            Param("frm", required=True, cli="FROM"),
            Param("to", required=True, cli="TO", column="to"),
        ),
        "Open a space passenger line on a §40 route; PR +5 while running one (§28, §36C).",
        "ledger liner open Ann Earth Mars",
    ),
    "liner-close": ActionSpec(
        "liner-close",
        (Param("liner", required=True, cli="LINER", column="player"),),
        "Close a passenger line; PR -1 for stopping (§36C).",
        "ledger liner close L1",
    ),
    "liner-depart": ActionSpec(
        "liner-depart",
        (
            PLAYER,
            Param("frm", required=True, cli="FROM"),
            Param("to", required=True, cli="TO", column="to"),
            Param("ship", required=True, cli="--ship"),
        ),
        "A ship leaves with up to 25 waiting passengers (2 CP each) and their fares (§28, §40).",
        "ledger liner depart Ann Earth Mars --ship Star",
    ),
    "lloyds": ActionSpec(
        "lloyds",
        (
            PLAYER,
            Param("ship", required=True, cli="--ship"),
            Param("good", required=True, cli="GOOD"),
            Param("qty", "int", required=True, cli="CP", column="amount"),
            Param("at", required=True, cli="--at"),
        ),
        "Lloyds of Luna underwrites up to half a cargo (§31).",
        "ledger lloyds Ann cordrazite 10 --ship Nomad --at Ganymede",
    ),
    "branch": ActionSpec(
        "branch",
        (
            PLAYER,
            Param("base", required=True, cli="--base"),
            Param("ship", required=True, cli="--ship"),
        ),
        "Set up a branch bank: 500 KC and 5000 KC of reserves shipped as Plutonium (§30).",
        "ledger branch Ann --base B1 --ship Nomad",
    ),
    "branch-open": ActionSpec(
        "branch-open",
        (Param("branch", required=True, cli="BRANCH", column="player"),),
        "Open a branch bank once its Plutonium is delivered (§30).",
        "ledger branch-open BB1",
    ),
    "colonize": ActionSpec(
        "colonize",
        (PLAYER,),
        "Outfit an interstellar colonization attempt: three Bussard ramscoops, 100,000 KC, 360 days (§32).",
        "ledger colonize Ann",
    ),
}

HANDLERS = {
    "sell": _sell,
    "process": _process,
    "pickup": _pickup,
    "dropoff": _dropoff,
    "sell-company": _sell_company,
    "liner-open": _liner_open,
    "liner-close": _liner_close,
    "liner-depart": _liner_depart,
    "lloyds": _lloyds,
    "branch": _branch,
    "branch-open": _branch_open,
    "colonize": _colonize,
}
