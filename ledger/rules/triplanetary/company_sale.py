"""Selling a whole company in Triplanetary V/2 (§9), taxed 10% as every sale (§29)."""

from __future__ import annotations

from typing import Any

from ledger.core.books import Books
from ledger.core.money import Money, round_money
from ledger.core.params import ActionSpec, Param
from ledger.core.problems import problem
from ledger.rules.triplanetary.justice import refuse_dead
from ledger.rules.triplanetary.kit import (
    PLAYER,
    Done,
    Handler,
    Refused,
    Where,
    debit,
    find_player,
    post_pieces,
    rules_of,
    state_of,
    tax_pieces,
)


def _sell_company(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    seller = find_player(books, a["player"], where["player"])
    buyer = find_player(books, a["to"], where["to"])
    refuse_dead(seller, where["player"])
    refuse_dead(buyer, where["to"])
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
        f"txn {txn.id}: {buyer.name} bought {seller.name}'s company ({moved} ships, bases, crews and offices) for {Money(price, books.currency)}; sales tax {Money(tax, books.currency)} paid by {seller.name} (§9, §29)",
        [txn],
    )


SPECS: dict[str, ActionSpec] = {
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
}

HANDLERS: dict[str, Handler] = {
    "sell-company": _sell_company,
}
