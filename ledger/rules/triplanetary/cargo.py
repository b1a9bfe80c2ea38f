"""Goods in a ship's hold of Triplanetary V/2: processing raw ore at Ceres or Callisto
(§25), and picking up and dropping off goods, supplies and equipment at a mine or base (§27).
"""

from __future__ import annotations

from typing import Annotated

from ledger.core.params import Arg
from ledger.core.steps import gather
from ledger.core.words import plural
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    GRAPPLES,
    SAID,
    Act,
    Done,
    PlayerMove,
    canonical_place,
    check_hold,
    good_key,
    unit_cp,
)

#: §27: a ship docked at a base or mine may move C-T ore too, not only what it picks up in
#: passing.
DOCKED = Arg(
    "--docked", help="docked at the base or mine, not passing at a speed of one: C-T ore too"
)


class Process(PlayerMove):
    at: Annotated[str, Arg("--at")]
    qty: Annotated[int | None, Arg("CP", column="amount")] = None
    ship: Annotated[str, Arg("--ship")]


class Pickup(PlayerMove):
    ship: Annotated[str, Arg("--ship")]
    source: Annotated[str, Arg("--from")]
    qty: Annotated[int | None, Arg("CP", column="amount")] = None
    good: Annotated[str | None, Arg("--good")] = None
    docked: Annotated[bool, DOCKED] = False


class Dropoff(PlayerMove):
    ship: Annotated[str, Arg("--ship")]
    to: Annotated[str, Arg("--to")]
    qty: Annotated[int | None, Arg("CP", column="amount")] = None
    good: Annotated[str | None, Arg("--good")] = None
    docked: Annotated[bool, DOCKED] = False


def _processing_place(at: str | None, where: str) -> str:
    """Where ore is processed: Ceres or Callisto (§25)."""
    place = canonical_place(at, where)
    if place not in ("Ceres", "Callisto"):
        raise SAID.refuse("no-processing-here", where, place=place)
    return place


@COMMANDS("process", "ledger process Ann --at Ceres 20 --ship Nomad")
def _process(act: Act, a: Process) -> Done:
    """Have Ceres or Callisto process raw ore in a ship's hold, 4 CP into 1 (§25)."""
    state, rules = act.state, act.rules
    player, place = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _processing_place(a.at, act.where["at"]),
    )
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    raw = state.cargo_of(ship.id).get("raw-ore", 0)
    qty = a.qty if a.qty else raw
    if qty > raw or qty < rules.processor_ratio:
        raise act.said(
            "too-little-raw-ore", "qty", ship=ship.name, raw=raw, ratio=rules.processor_ratio
        )
    made = qty // rules.processor_ratio
    used = made * rules.processor_ratio
    state.add_cargo(ship.id, "raw-ore", -used)
    state.add_cargo(ship.id, "processed-ore", made)
    return Done(
        f"{place} processes {used} CP of raw ore from {ship.name} into {made} CP of processed ore (§25)"
    )


PORTABLE_EXCLUDED = ("fuel", "c-t-ore")  # §27: not fuel or C-T ore


@COMMANDS("pickup", "ledger pickup Ann --ship Nomad --from M1 20")
def _pickup(act: Act, a: Pickup) -> Done:
    """Pick up ore, supplies or equipment from a mine or base (§27; C-T ore only --docked, not
    fuel)."""
    return _move_goods(act, a, to_ship=True)


@COMMANDS("dropoff", "ledger dropoff Ann --ship Nomad --to B1 --good supplies 5")
def _dropoff(act: Act, a: Dropoff) -> Done:
    """Drop off goods, supplies or equipment at a base or mine (§27)."""
    return _move_goods(act, a, to_ship=False)


def _move_goods(act: Act, a: Pickup | Dropoff, *, to_ship: bool) -> Done:
    state, rules = act.state, act.rules
    player = act.player(a.player)
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    other_key = "source" if to_ship else "to"
    store = act.post_named(
        a.source if isinstance(a, Pickup) else a.to, other_key, kinds=("base", "mine")
    )
    if store.owner != player.name and store.status != "open":
        raise act.said("store-not-open", other_key, store=store.name or store.id, owner=store.owner)
    good = good_key(a.good or "raw-ore")
    if good == "fuel":  # a ship's fuel is its tank (`ledger fuel`), not a good in its hold
        raise act.said("fuel-not-portable", "good")
    if good in PORTABLE_EXCLUDED and not a.docked:
        raise act.said("not-portable-in-passing", "good", good=good)
    if good == "c-t-ore" and not state.cargo_of(ship.id).get(GRAPPLES):
        raise act.said("needs-grapples", "ship", ship=ship.name or ship.id, player=player.name)
    source, target = (store, ship) if to_ship else (ship, store)
    have = source.supplies if good == "supplies" else state.cargo_of(source.id).get(good, 0)
    qty = a.qty if a.qty else have
    if qty < 1 or qty > have:
        raise act.said("not-in-store", "qty", store=source.name or source.id, have=have, good=good)
    if to_ship:
        check_hold(
            rules,
            state,
            ship,
            0 if good == "supplies" else unit_cp(state, good) * qty,
            qty if good == "supplies" else 0,
            act.where["qty"],
        )
    if good == "supplies":
        source = state.update(source, supplies=source.supplies - qty)
        target = state.update(target, supplies=target.supplies + qty)
    else:
        state.add_cargo(source.id, good, -qty)
        state.add_cargo(target.id, good, qty)
    verb = "picks up" if to_ship else "drops off"
    return Done(
        f"{ship.name} {verb} {plural(qty, 'unit') if good == 'supplies' else f'{qty} CP'} of {good} {'from' if to_ship else 'at'} {store.name or store.id} (§27)"
    )
