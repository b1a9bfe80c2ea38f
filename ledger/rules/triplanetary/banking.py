"""Lloyds of Luna underwriting cargo (§31) and branch banks (§30) of Triplanetary V/2."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ledger.core.money import Money, round_money
from ledger.core.params import Arg, Move
from ledger.core.steps import find, gather
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.justice import refuse_dead
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    LLOYDS,
    SAID,
    SUPPLIERS,
    Act,
    Done,
    PlayerMove,
    canonical_place,
    cash_at,
    check_hold,
    good_key,
    refuse_gone,
    state_of,
)
from ledger.rules.triplanetary.model import Branch, Underwriting


class Lloyds(PlayerMove):
    ship: Annotated[str, Arg("--ship")]
    good: Annotated[str, Arg("GOOD")]
    qty: Annotated[int, Arg("CP", column="amount")]
    at: Annotated[str, Arg("--at")]


class BranchMove(PlayerMove):
    base: Annotated[str, Arg("--base")]
    ship: Annotated[str, Arg("--ship")]


class BranchOpen(Move):
    branch: Annotated[str, Arg("BRANCH", column="player")]


@COMMANDS("lloyds", "ledger lloyds Ann cordrazite 10 --ship Nomad --at Ganymede")
def _lloyds(act: Act, a: Lloyds) -> Done:
    """Lloyds of Luna underwrites up to half a cargo (§31)."""
    state = act.state
    player, place = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: canonical_place(a.at, act.where["at"]),
    )
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    good = good_key(a.good)
    held = state.cargo_of(ship.id).get(good, 0)
    covered = sum(
        c.qty
        for c in state.underwriting
        if c.ship == ship.id and c.good == good and c.status == "open"
    )
    qty = a.qty
    if qty < 1 or (covered + qty) * 2 > held:
        raise act.said(
            "over-half-a-cargo", "qty", held=held, covered=covered, more=held // 2 - covered
        )
    price = tables.buy_price(good, place) or tables.sell_price(good, place)
    if price is None:
        raise act.said("no-market-value", "at", good=good, place=place)
    paid = round_money(price * qty)
    txn = act.post(
        [(LLOYDS, -paid), (cash_at(act.books, player, place), paid)],
        kind="underwriting",
        memo=f"Lloyds of Luna takes {qty} CP of {good} on {ship.name}",
        rule="§31",
    )
    uid = state.next_id("U", [c.id for c in state.underwriting])
    state.underwriting.append(
        Underwriting(uid, player.name, ship.id, good, qty, paid, act.books.day)
    )
    return Done(
        f"txn {txn.id}: Lloyds pays {Money(paid, act.books.currency)} now for {qty} CP; it receives their full market value when they are sold ({uid})"
    )


BRANCH_FEE = Decimal(500)  # §30
BRANCH_RESERVES = Decimal(5000)  # §30
PLUTONIUM_KC_PER_CP = Decimal(100)  # §30: 1 CP per 100 KC


def _refuse_without_corporation(books: Books, name: str, where: str) -> None:
    """§30: "Branch banks may be set up by a corporation": its head sets one up, once it is
    formed (§7: 5 days after incorporating)."""
    corps = [c for c in state_of(books).corporations if c.head == name]
    if any(c.status in ("active", "merging") for c in corps):
        return
    forming = next((c for c in corps if c.status == "forming"), None)
    if forming:
        raise SAID.refuse(
            "branch-corporation-forming", where, name=name, corp=forming.id, day=forming.ready_day
        )
    raise SAID.refuse("branch-without-corporation", where, name=name)


@COMMANDS("branch", "ledger branch Ann --base B1 --ship Nomad")
def _branch(act: Act, a: BranchMove) -> Done:
    """Set up a branch bank: 500 KC and 5000 KC of reserves shipped as Plutonium (§30)."""
    state, rules = act.state, act.rules
    player = act.player(a.player)
    base = act.post_named(a.base, "base", owner=player, kinds=("base",))
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    cp = int(BRANCH_RESERVES / PLUTONIUM_KC_PER_CP)
    check_hold(rules, state, ship, cp, 0, act.where["ship"])
    pieces = act.debit(player, BRANCH_FEE + BRANCH_RESERVES, "base")
    _refuse_without_corporation(act.books, player.name, act.where["player"])
    pieces += [(SUPPLIERS, BRANCH_FEE), (f"reserves:{player.name}", BRANCH_RESERVES)]
    txn = act.post(
        pieces,
        kind="branch",
        memo=f"{player.name} sets up a branch bank on {base.name}: fee and reserves shipped as Plutonium",
        rule="§30",
    )
    state.add_cargo(ship.id, "plutonium", cp)
    bid = state.next_id("BB", [b.id for b in state.branches])
    state.branches.append(Branch(bid, player.name, base.id, ship.id, act.books.day))
    return Done(
        f"txn {txn.id}: branch {bid} on {base.name}: {Money(BRANCH_FEE, act.books.currency)} fee; {cp} CP of Plutonium ({Money(BRANCH_RESERVES, act.books.currency)}) loaded on {ship.name}; `ledger branch-open {bid}` once delivered"
    )


@COMMANDS("branch-open", "ledger branch-open BB1")
def _branch_open(act: Act, a: BranchOpen) -> Done:
    """Open a branch bank once its Plutonium is delivered (§30)."""
    state = act.state
    waiting = [b for b in state.branches if b.status == "shipping"]
    branch = find(waiting, a.branch, lambda b: b.id)
    if branch is None:
        raise act.said(
            "unknown-branch" if waiting else "no-branch-waiting",
            "branch",
            branch=a.branch,
            waiting=", ".join(b.id for b in waiting),
        )
    player = act.player(branch.owner, "branch")
    refuse_dead(player, act.where["branch"])  # §5: the reserves in transit went with the estate
    posts = state.posts()
    for key in (branch.base, branch.ship):  # §1: nothing opens on, or from, what is destroyed
        if key in posts:
            refuse_gone(posts[key], act.where["branch"])
    cp = int(BRANCH_RESERVES / PLUTONIUM_KC_PER_CP)
    if state.cargo_of(branch.ship).get("plutonium", 0) < cp:
        raise act.said("reserves-missing", "branch", ship=branch.ship, cp=cp)
    state.add_cargo(branch.ship, "plutonium", -cp)
    branch = state.update(branch, status="open")
    txn = act.post(
        [
            (f"reserves:{player.name}", -BRANCH_RESERVES),
            (f"cash:{player.name}:{branch.base}", BRANCH_RESERVES),
        ],
        kind="branch",
        memo=f"branch bank {branch.id} on {branch.base} opens with its reserves",
        rule="§30",
    )
    return Done(
        f"txn {txn.id}: branch bank {branch.id} open on {branch.base}; its reserves are {player.name}'s account there (--from-bank {branch.base})"
    )
