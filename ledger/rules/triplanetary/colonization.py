"""Interstellar colonization in Triplanetary V/2 (§32): three Bussard ramscoops, 100,000 KC,
360 days, and PR +5 when the attempt leaves (§36C).
"""

from __future__ import annotations

from decimal import Decimal

from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    SUPPLIERS,
    Act,
    Done,
    PlayerMove,
    set_pr,
    state_of,
)
from ledger.rules.triplanetary.model import ACTIVE, COLONIZING, DEPARTED, Order

COLONIZATION_COST = Decimal(100000)  # §32
COLONIZATION_DAYS = 360  # §32
RAMSCOOPS = 3  # §32


class Colonize(PlayerMove):
    """Only the player who outfits the attempt (§32)."""


@COMMANDS("colonize", "ledger colonize Ann")
def _colonize(act: Act, a: Colonize) -> Done:
    """Outfit an interstellar colonization attempt: three Bussard ramscoops, 100,000 KC, 360 days
    (§32)."""
    state = act.state
    player = act.player(a.player)
    scoops = [
        s
        for s in state.ships
        if s.owner == player.name and s.type == "bussard-ramscoop" and s.status == ACTIVE
    ]
    if len(scoops) < RAMSCOOPS:
        raise act.said("needs-ramscoops", "player", player=player.name, has=len(scoops))
    txn = act.charge(
        player,
        COLONIZATION_COST,
        SUPPLIERS,
        kind="colonization",
        memo=f"{player.name} outfits an interstellar colonization attempt at Luna",
        rule="§32",
        where="player",
        at="Luna",
    )
    oid = state.next_id("W", [o.id for o in state.orders])
    ids = [s.id for s in scoops[:RAMSCOOPS]]
    for s in scoops[:RAMSCOOPS]:
        state.update(s, status=COLONIZING)
    day, ready, what = act.books.day, act.books.day + COLONIZATION_DAYS, "interstellar colonization"
    state.orders.append(
        Order(oid, player.name, "colonization", what, "Luna", " ".join(ids), day, ready)
    )
    return Done(
        f"txn {txn.id}: colonization attempt {oid} with {', '.join(ids)}: leaves on day {ready}; PR {tables.PR_COLONIZATION:+d} then (§32, §36C)"
    )


def complete_colonization(books: Books, order: Order) -> str:
    """The attempt leaves past Jupiter, never to return (§32): its ships and the crews aboard
    them go, and earn nothing more."""
    state = state_of(books)
    ships = set(order.target.split())
    for s in state.ships:
        if s.id in ships:
            state.update(s, status=DEPARTED)
    for c in state.crews:
        if c.post in ships and c.active:
            state.update(c, status=DEPARTED, ended_day=books.day)
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
