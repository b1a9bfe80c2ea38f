"""Ships, bases, modules and mining claims of Triplanetary V/2: buying from the §38 price
list, paid in advance and built in their days (§3, §12, §20, §38), fuel (§15), where a ship
is (§14, §20), and mining claims (§23, §24).
"""

from __future__ import annotations

from typing import Annotated, Any

from ledger.core.books import Player
from ledger.core.money import Money
from ledger.core.names import did_you_mean
from ledger.core.params import Arg, Move
from ledger.core.steps import gather, refuse
from ledger.core.words import plural
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    SAID,
    SUPPLIERS,
    Act,
    Done,
    PlayerMove,
    at_least_one,
    canonical_place,
    check_hold,
    good_key,
    player_location,
    rules_of,
    state_of,
    unit_cp,
)
from ledger.rules.triplanetary.markets import Buy, buy_goods
from ledger.rules.triplanetary.model import Base, Mine, Module, Order, Post, Ship, State
from ledger.rules.triplanetary.roles import PATROL_ROLE


class Fuel(PlayerMove):
    ship: Annotated[str, Arg("--ship")]
    units: Annotated[int, Arg("UNITS", help="units of fuel", column="amount")]


class MoveMove(Move):
    ship: Annotated[str, Arg("SHIP", column="player")]
    to: Annotated[str | None, Arg("--to", help="where it is now")] = None
    land: Annotated[bool, Arg("--land", help="on the ground: its crews need no supplies (§14)")] = (
        False
    )
    space: Annotated[bool, Arg("--space", help="in space (every new ship is)")] = False


class Claim(PlayerMove):
    name: Annotated[str, Arg("NAME")]
    at: Annotated[
        str | None, Arg("--at", help="a planet or moon (default: where the player is)")
    ] = None
    ct: Annotated[bool, Arg("--ct", help="a C-T (antimatter) mine (§23)")] = False
    base: Annotated[str | None, Arg("--base", help="a base, by name or id")] = None


@COMMANDS("buy", "ledger buy Ann packet --name Nomad --at Ceres")
def _buy(act: Act, a: Buy) -> Done:
    """Buy anything on the §38 price list, paid in advance (§12)."""
    state, rules = act.state, act.rules
    key = good_key(a.item)
    listed = state.prices.get(key)
    built = listed is not None and listed.kind in ("ship", "base", "module")
    player, price, qty, at = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _on_price_list(state, a.item, act.where["item"]),
        lambda: at_least_one(
            a.qty, act.where["qty"], "buy at least one" + ("" if listed else " CP")
        ),
        # --at is where a ship, base or module is built, or where trade goods are bought
        lambda: canonical_place(a.at, act.where["at"]) if a.at and (built or not listed) else None,
    )
    if price is None:
        return buy_goods(act, a)
    if price.kind == "consumable":
        hint = {
            "fuel": "ledger fuel PLAYER --ship SHIP UNITS",
            "supply-month": "ledger supply PLAYER --ship SHIP --months N",
            "crew-day": "ledger hire PLAYER --ship SHIP",
        }[key]
        raise act.refuse(
            "use-another-command",
            "item",
            f"{price.name} is bought with its own command",
            hint,
        )
    total = price.price * qty
    post: Post | None = None
    if price.kind in ("ship", "base", "module"):
        place, target = at or player_location(player), ""
        if price.kind != "module" and a.name:
            refuse_taken_name(state, player, a.name, qty, act.where["name"])
        if price.kind == "module":
            if not a.base:
                raise act.said("module-without-base", "base")
            target = act.post_named(a.base, "base", owner=player, kinds=("base",)).id
        memo, rule = f"{player.name} buys {qty} × {price.name}", "§38 §12"
    else:  # equipment goes into a ship's hold or a base's (or mine's) store
        if bool(a.ship) == bool(a.base):
            raise act.said("equipment-where", "ship", item=price.name)
        post = act.post_named(
            a.ship or a.base or "",  # (one of them: refused above)
            "ship" if a.ship else "base",
            owner=player,
            kinds=("ship",) if a.ship else ("base", "mine"),
        )
        check_hold(rules, state, post, unit_cp(state, price.item) * qty, 0, act.where["qty"])
        memo, rule = f"{player.name} buys {qty} × {price.name} for {post.name or post.id}", "§38"
    txn = act.charge(
        player,
        total,
        SUPPLIERS,
        kind="buy",
        memo=memo,
        rule=rule,
        where="item",
        at=None if post else place,  # §30: the bank where it is built first
    )
    if post is not None:
        state.add_cargo(post.id, key, qty)
        made = f", now in {post.name or post.id}"
    else:
        made = ": " + "; ".join(_order(act.books, player, price, a.name or "", qty, place, target))
    return Done(
        f"txn {txn.id}: {player.name} paid {Money(total, act.books.currency)} for {qty} × {price.name}{made}"
    )


def _order(
    books: Books, player: Player, price: Any, name: str, qty: int, place: str, target: str
) -> list[str]:
    """`qty` ships, bases or modules ordered (§12), each said: built in its days, or on day 0
    ready at once (§3 ruling); several of one name are numbered."""
    state, day, made = state_of(books), books.day, []
    for n in range(qty):
        each = f"{name} {n + 1}" if name and qty > 1 else name
        oid = state.next_id("W", [o.id for o in state.orders]) if day else ""
        ready = day + price.build_days if day else day
        order = Order(oid, player.name, price.item, each, place, target, day, ready, price.price)
        if not day:
            made.append(complete_order(books, order)[0])
            continue
        state.orders.append(order)
        made.append(f"{oid} {each or price.name}, ready on day {order.ready_day}")
    return made


def _on_price_list(state: State, item: str, where: str) -> Any:
    """The §38 price list's entry of `item`; None for a §39 trade good (bought at a market)."""
    key = good_key(item)
    price = state.prices.get(key)
    if price is None and key not in tables.GOODS_BY_KEY:
        raise refuse(
            "unknown-item",
            where,
            f"{item!r} is not on the §38 price list",
            did_you_mean(key, [*state.prices, *tables.GOODS_BY_KEY])
            + "items: "
            + ", ".join(state.prices),
        )
    return price


def refuse_taken_name(state: State, player: Player, name: str, qty: int, where: str) -> None:
    """A player's ships and bases are looked up by name: a new one may not take a name one of
    them (built, being built, or lost) already has."""
    wanted = {
        w.strip().casefold()
        for w in ([name] if qty == 1 else [f"{name} {n + 1}" for n in range(qty)])
    }
    for p in (*state.ships, *state.bases):
        if p.owner == player.name and p.name.strip().casefold() in wanted:
            raise SAID.refuse(
                "name-taken", where, player=player.name, kind=p.kind, name=p.name, id=p.id
            )
    for o in state.orders:
        if (
            o.owner == player.name
            and o.status == "building"
            and o.name.strip().casefold() in wanted
        ):
            raise SAID.refuse(
                "name-being-built", where, player=player.name, name=o.name, id=o.id, day=o.ready_day
            )


def complete_order(books: Books, order: Order) -> tuple[str, str]:
    """What an order becomes on its ready day (§12, or at once on day 0, §3): what to say, and
    the order's result (the id of what was made); the order itself is left as it is."""
    state, rules = state_of(books), rules_of(books)
    price = state.prices.get(order.item)
    kind = price.kind if price else order.item
    day = books.day
    if kind in ("ship", "base"):  # a ship with 3 months of supplies on day 0 (§3 ruling)
        ship = kind == "ship"
        group: list[Ship] | list[Base] = state.ships if ship else state.bases
        pid = state.next_id("S" if ship else "B", [p.id for p in group])
        supplies = rules.start_supply_months if ship and day == 0 else 0
        label = (price.name if price else order.item) if ship else "Base"
        made = (Ship if ship else Base)(
            pid,
            order.owner,
            order.name or f"{label} {pid}",
            order.place,
            False,
            supplies,
            day,
            rules.ship_emergency_days if ship else rules.base_emergency_days,
            type=order.item,
            price=order.price,
            built_at=order.place,
            built_day=day,
        )
        if isinstance(made, Ship):
            state.ships.append(made)
            more = f" with {supplies} months of supplies" if supplies else ""
        else:
            state.bases.append(made)
            more = " (§12: it must be picked up there)"
        return f"{pid} {made.name} ready at {order.place}{more}", pid
    if kind == "module":
        mid = state.next_id("R", [m.id for m in state.modules])
        state.modules.append(Module(mid, order.owner, order.target, order.price, day, day))
        return f"recreation module {mid} ready on base {order.target}", mid
    return order.item, order.result


@COMMANDS("fuel", "ledger fuel Ann --ship Nomad 10")
def _fuel(act: Act, a: Fuel) -> Done:
    """Buy fuel for a ship: 1 KC a unit, up to its tank (§15, §38)."""
    state, rules = act.state, act.rules
    player = act.player(a.player)
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    assert isinstance(ship, Ship)
    price = state.prices.get(ship.type)
    tank = price.fuel if price else None
    if tank is None:
        raise act.said("no-fuel-tank", "ship", type=ship.type)
    units = a.units
    if units < 1 or ship.fuel + units > tank:
        raise act.refuse(
            "tank-full",
            "units",
            f"{ship.name} holds {tank} fuel and has {ship.fuel}; {plural(units, 'unit')} {'does' if units == 1 else 'do'} not fit",
            f"buy at most {tank - ship.fuel}",
        )
    txn = act.charge(
        player,
        rules.fuel_price * units,
        SUPPLIERS,
        kind="fuel",
        memo=f"{player.name} buys {units} fuel for {ship.name}",
        rule="§15",
        where="units",
    )
    ship = state.update(ship, fuel=ship.fuel + units)
    return Done(f"txn {txn.id}: {ship.name} now has {ship.fuel} fuel")


@COMMANDS("move", "ledger move Nomad --to Mars --land")
def _move(act: Act, a: MoveMove) -> Done:
    """Say where a ship is, and whether it is on the ground of a planet, moon or Ceres (§14: crews
    there need no supplies)."""
    ship = act.post_named(a.ship, "ship", kinds=("ship",))
    if a.land and a.space:
        raise act.said("land-and-leave", "land")
    changes: dict[str, Any] = {}
    if a.to:
        to = tables.canonical_place(a.to) or a.to.strip()  # a planet, a base, or a hex
        if isinstance(ship, Ship) and to.casefold() != ship.location.casefold():
            changes["arrived_day"] = act.books.day  # §20: how long it has been at a base
        changes["location"] = to
    if a.land:
        changes["on_planet"] = True
    elif a.space:
        changes["on_planet"] = False
    if changes:
        ship = act.state.update(ship, **changes)
    state = "on the ground (its crews need no supplies, §14)" if ship.on_planet else "in space"
    return Done(f"{ship.name or ship.id} is at {ship.location}, {state}")


def _new_claim(state: State, name: str, where: str) -> str:
    """The name of a new claim: no registered claim has it."""
    name = name.strip()
    if any(m.name.casefold() == name.casefold() for m in state.mines):
        raise SAID.refuse("claim-exists", where, name=name)
    return name


@COMMANDS("claim", "ledger claim Ann 'Hex 0412' --at 'belt 0412'")
def _claim(act: Act, a: Claim) -> Done:
    """Register a mining claim: 1 KC per mine, takes a day (§24); --ct for a C-T mine (§23)."""
    state, rules = act.state, act.rules
    player, name, base = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _new_claim(state, a.name, act.where["name"]),
        lambda: act.post_named(a.base, "base", kinds=("base",)).id if a.base else "",
    )
    if player.role == PATROL_ROLE:
        raise act.said("patrol-may-not-mine", "player")
    txn = act.charge(
        player,
        rules.claim_cost,
        SUPPLIERS,
        kind="claim",
        memo=f"{player.name} registers the claim {name}",
        rule="§24",
        where="name",
    )
    mid = state.next_id("M", [m.id for m in state.mines])
    ready = act.books.day + rules.claim_days
    state.mines.append(
        Mine(
            mid,
            player.name,
            name,
            a.at or name,
            False,
            0,
            ready,
            rules.mine_emergency_days,
            status="registering",
            ct=bool(a.ct),
            base=base,
            ready_day=ready,
        )
    )
    return Done(
        f"txn {txn.id}: claim {mid} {name}{' (C-T)' if a.ct else ''} registered on day {ready}"
    )
