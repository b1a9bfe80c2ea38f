"""§21 base to base transfer: "Men, equipment, ore, supplies, fuel, anything that may be
transported inside a ship may be transferred between adjacent bases at a rate of five CP per
turn."

`ledger transfer` records the transfer (the Transfers sheet); each day of the tick moves that
day's CP from one base to the other (`advance`), so what has not moved yet is still at the
source. The books do not hold the map: that the two bases are adjacent is the banker's word.
No money changes hands.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from ledger.core.params import Arg
from ledger.core.steps import gather
from ledger.core.words import plural
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    SAID,
    Act,
    Done,
    PlayerMove,
    at_least_one,
    good_key,
    rules_of,
    state_of,
)
from ledger.rules.triplanetary.model import DESTROYED, Base, Post, State, Transfer
from ledger.rules.triplanetary.settings import Rules

CREWS = "crews"  # §21 "men": crews move as crews, 4 CP each (§38)
SUPPLIES = "supplies"  # units of supplies, 1 CP each (§14, §38)
FUEL = "fuel"
ALIASES = {
    "men": CREWS,
    "crew": CREWS,
    "crew-day": CREWS,
    "supply": SUPPLIES,
    "supply-month": SUPPLIES,
}


class TransferMove(PlayerMove):
    what: Annotated[
        str,
        Arg("WHAT", help="crews, supplies, fuel, a good (raw-ore) or equipment (ore-processor)"),
    ]
    qty: Annotated[
        int,
        Arg(
            "QTY",
            help="how many: crews, units of supplies or fuel, CP of a good, items",
            column="amount",
        ),
    ]
    source: Annotated[str, Arg("--from", help="the base it leaves, by name or id")]
    target: Annotated[
        str, Arg("--to", help="the adjacent base it goes to, by name or id", column="to")
    ]


def what_key(text: str) -> str:
    key = good_key(text)
    return ALIASES.get(key, key)


def cp_each(state: State, rules: Rules, good: str) -> int | None:
    """CP one of `good` takes (crews and items by §38, goods 1 CP a CP, fuel by the setting);
    None for what does not go inside a ship."""
    if good == CREWS:
        crew = state.prices.get("crew-day")
        return crew.size_cp if crew is not None and crew.size_cp else 4
    if good == SUPPLIES:
        month = state.prices.get("supply-month")
        return month.size_cp if month is not None and month.size_cp else 1
    if good == FUEL:
        return rules.fuel_cp
    if good in tables.GOODS_BY_KEY or good == "plutonium":
        return 1  # trade goods are counted in CP (§39); Plutonium 1 CP a 100 KC (§30)
    price = state.prices.get(good)
    if price is None or not price.size_cp:
        return None
    return int(price.size_cp)


def on_hand(state: State, owner: str, base: Post, good: str) -> int:
    if good == CREWS:
        return sum(1 for c in state.crews_at(base.id) if c.owner == owner)
    if good == SUPPLIES:
        return base.supplies
    return state.cargo_of(base.id).get(good, 0)


def _move(state: State, t: Transfer, posts: dict[str, Post], n: int, day: int) -> None:
    """`n` of what `t` moves go from its source to its target; `posts` (by id) is kept up to
    date with the posts changed."""
    source, target = posts[t.source], posts[t.target]
    if t.good == CREWS:
        crews = [c for c in state.crews_at(source.id) if c.owner == t.owner][:n]
        for c in crews:
            state.update(c, post=target.id)
        if target.fed_until < day:  # fed at the source; they eat at the new base from tomorrow
            posts[t.target] = state.update(target, fed_until=day)
    elif t.good == SUPPLIES:
        posts[t.source] = state.update(source, supplies=source.supplies - n)
        target = posts[t.target]  # the source itself, changed, if it is the target too
        posts[t.target] = state.update(target, supplies=target.supplies + n)
    else:
        state.add_cargo(source.id, t.good, -n)
        state.add_cargo(target.id, t.good, n)


def _words(t: Transfer, n: int) -> str:
    if t.good == CREWS:
        return plural(n, "crew")
    if t.good == SUPPLIES:
        return f"{plural(n, 'unit')} of supplies"
    if t.good == FUEL:
        return f"{plural(n, 'unit')} of fuel"
    if t.good in tables.GOODS_BY_KEY or t.good == "plutonium":
        return f"{n} CP of {t.good}"
    return f"{n} × {t.good}"


def advance(books: Books, day: int) -> Iterator[tuple[str, str, int]]:
    """Day `day` of every moving transfer: that day's share arrives (all of it on its ready
    day). Yields (owner, what happened, crews moved) for a transfer that ends."""
    state, rules = state_of(books), rules_of(books)
    posts = state.posts()
    for t in state.transfers:
        if t.status != "moving" or day <= t.start_day:
            continue
        source, target = posts.get(t.source), posts.get(t.target)
        if (
            not isinstance(source, Base)
            or not isinstance(target, Base)
            or DESTROYED in (source.status, target.status)
        ):
            t = state.update(t, status="stopped")
            yield (
                t.owner,
                f"transfer {t.id} stopped: base {t.source if source is None or source.status == DESTROYED else t.target} is gone; {_words(t, t.moved)} of {t.qty} had arrived",
                0,
            )
            continue
        size = cp_each(state, rules, t.good) or 1
        due = (
            t.qty
            if day >= t.ready_day
            else min(t.qty, rules.transfer_cp * (day - t.start_day) // size)
        )
        step = due - t.moved
        if step <= 0:
            continue
        n = min(step, on_hand(state, t.owner, source, t.good))
        _move(state, t, posts, n, day)
        t = state.update(t, moved=t.moved + n)
        moved_crews = n if t.good == CREWS else 0
        if n < step:
            t = state.update(t, status="short")
            text = f"transfer {t.id} ended short: {source.name or source.id} had no more {t.good}; {_words(t, t.moved)} of {t.qty} reached {target.name or target.id}"
        elif t.moved >= t.qty:
            t = state.update(t, status="done")
            text = f"transfer {t.id} done: {_words(t, t.qty)} from {source.name or source.id} arrived at {target.name or target.id}"
        elif moved_crews:
            text = f"transfer {t.id}: {_words(t, n)} reached {target.name or target.id} ({t.moved} of {t.qty})"
        else:
            continue
        yield t.owner, text, moved_crews


def _moving_setting(rules: Rules) -> int:
    if rules.transfer_cp < 1:
        raise SAID.refuse("transfer-moves-nothing", "Settings", cp=rules.transfer_cp)
    return rules.transfer_cp


def _transportable(state: State, rules: Rules, what: str, where: str) -> int:
    """CP one of `what` takes inside a ship (§21), or refused."""
    good = what_key(what)
    size = cp_each(state, rules, good)
    if size is None:
        known = good in state.prices
        raise SAID.refuse("not-transportable" if known else "not-a-good", where, what=what)
    return size


@COMMANDS("transfer", "ledger transfer Ann raw-ore 20 --from Rock --to Pebble")
def _transfer(act: Act, a: TransferMove) -> Done:
    """Move crews, equipment, ore, supplies or fuel to an adjacent base, 5 CP a day (§21)."""
    state, rules = act.state, act.rules
    player, _, size, qty = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _moving_setting(rules),
        lambda: _transportable(state, rules, a.what, act.where["what"]),
        lambda: at_least_one(a.qty, act.where["qty"], "transfer at least one"),
    )
    source = act.post_named(a.source, "source", owner=player, kinds=("base",))
    target = act.post_named(a.target, "target", owner=player, kinds=("base",))
    if source.id == target.id:
        raise act.said("same-base", "target", base=source.name or source.id)
    for post, w in ((source, act.where["source"]), (target, act.where["target"])):
        if post.status == DESTROYED:
            raise SAID.refuse("post-not-active", w, post=post.name or post.id, status="destroyed")
    good = what_key(a.what)
    moving = sum(
        t.qty - t.moved
        for t in state.transfers
        if t.status == "moving" and t.source == source.id and t.good == good
    )
    have = on_hand(state, player.name, source, good) - moving
    if qty > have:
        raise act.said(
            "base-has-fewer-not-moving" if moving else "base-has-fewer",
            "qty",
            base=source.name or source.id,
            have=have,
            good=good,
            moving=moving,
        )
    cp = qty * size
    days = -(-cp // rules.transfer_cp)
    tid = state.next_id("T", [t.id for t in state.transfers])
    t = Transfer(
        tid, player.name, good, qty, source.id, target.id, act.books.day, act.books.day + days
    )
    state.transfers.append(t)
    return Done(
        f"transfer {tid}: {_words(t, qty)} ({cp} CP) from {source.name or source.id} to {target.name or target.id} at {rules.transfer_cp} CP a day: {plural(days, 'day')}, all there on day {t.ready_day} (§21)"
    )
