"""Selling a whole company in Triplanetary V/2 (§9), taxed 10% as every sale (§29)."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ledger.core.books import Player
from ledger.core.money import Money
from ledger.core.params import Arg
from ledger.core.steps import gather
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    SAID,
    Act,
    Done,
    PlayerMove,
    priced_sale,
    set_pr,
    state_of,
)
from ledger.rules.triplanetary.roles import PATROL_ROLE


class SellCompany(PlayerMove):
    to: Annotated[str, Arg("BUYER", column="to")]
    price: Annotated[Decimal, Arg("PRICE", column="amount")]


@COMMANDS("sell-company", "ledger sell-company Bob Ann 400")
def _sell_company(act: Act, a: SellCompany) -> Done:
    """Sell a player's whole company to another player at an agreed price; 10% tax (§9, §29)."""
    state = act.state
    seller, buyer = gather(  # both players are told at once
        lambda: act.player(a.player),
        lambda: act.player(a.to, "to"),
    )
    for party, w in ((seller, act.where["player"]), (buyer, act.where["to"])):
        if party.role == PATROL_ROLE:
            raise SAID.refuse("patrol-has-no-company", w, player=party.name)
    if seller.name == buyer.name:
        raise act.said("own-company", "to")
    price = a.price
    txn, tax = priced_sale(
        act,
        seller,
        buyer,
        price,
        what="a company is",
        rule="§9 §29",
        example="400",
        kind="company-sale",
        memo=f"{buyer.name} buys {seller.name}'s company for {price:.2f} KC",
    )
    running = {n for n in (seller.name, buyer.name) if _runs_a_line(act.books, n)}
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
                state.update(rec, owner=buyer.name)
                moved += 1
    for o in state.orders:
        if o.owner == seller.name and o.status == "building":
            state.update(o, owner=buyer.name)
            moved += 1
    for corp in state.corporations:
        if corp.head == seller.name and corp.status in ("forming", "active", "merging"):
            members = ", ".join(x for x in (corp.members, seller.name) if x)
            state.update(corp, head=buyer.name, members=members)
    return Done(
        f"txn {txn.id}: {buyer.name} bought {seller.name}'s company ({moved} ships, bases, crews and offices) for {Money(price, act.books.currency)}; sales tax {Money(tax, act.books.currency)} paid by {seller.name} (§9, §29)"
        + _move_line_bonus(act.books, seller, buyer, running),
    )


def _runs_a_line(books: Books, name: str) -> bool:
    return any(x.owner == name and x.status == "open" for x in state_of(books).liners)


def _move_line_bonus(books: Books, seller: Player, buyer: Player, running: set[str]) -> str:
    """§36C "+5 - While running a space passenger line" (once, however many lines): the lines
    sold are the buyer's now, so the seller no longer has the bonus and the buyer has it; no
    line stopped, so nobody takes the -1 for stopping one. `running`: who ran one before."""
    if seller.name not in running:
        return ""
    bonus = tables.PR_LINER_RUNNING
    set_pr(books, seller, -bonus, "no longer runs a passenger line (company sold)", "§9 §36C")
    said = f"; its passenger lines are {buyer.name}'s: {seller.name} PR {-bonus:+d}"
    if buyer.name not in running:
        set_pr(books, buyer, bonus, "runs a space passenger line (company bought)", "§9 §36C")
        said += f", {buyer.name} PR {bonus:+d}"
    return said + " (§36C)"
