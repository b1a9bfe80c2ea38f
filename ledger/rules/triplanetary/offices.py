"""Offices of Triplanetary V/2: opening and closing one on a planet or a base (§8), or in
the player's own Executive Liner (§11A).
"""

from __future__ import annotations

from typing import Annotated

from ledger.core.books import Player
from ledger.core.params import Arg, Move
from ledger.core.steps import find, refuse
from ledger.core.words import plural
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    OFFICE_SHIPS,
    SAID,
    SUPPLIERS,
    Act,
    Done,
    PlayerMove,
    hold_capacity,
    hold_used,
    refuse_gone,
    rules_of,
    ship_office,
    state_of,
)
from ledger.rules.triplanetary.model import ACTIVE, Office, Ship


class OfficeOpen(PlayerMove):
    at: Annotated[str, Arg("--at")]


class OfficeClose(Move):
    office: Annotated[str, Arg("OFFICE", column="player")]


@COMMANDS("office-open", "ledger office open Ann --at Mars")
def _office_open(act: Act, a: OfficeOpen) -> Done:
    """Open an office: 10 KC and the first 30 days' 5 KC in advance (§8)."""
    state, rules = act.state, act.rules
    player = act.player(a.player)
    place = a.at.strip()
    known = tables.canonical_place(place)
    base = state.find_post(place)
    liner = base if isinstance(base, Ship) and base.type in OFFICE_SHIPS else None
    if known is None and (base is None or (base.kind != "base" and liner is None)):
        raise act.said("no-office-there", "at", place=place, places=", ".join(tables.PLACES))
    if known is None and base is not None:
        refuse_gone(base, act.where["at"])  # no office in a base or liner that is gone (§8)
    place = known or (base.id if base else place)
    if liner is not None:
        _liner_office_fits(act.books, player, liner, act.where["at"])
    there = [o for o in state.offices if o.owner == player.name and o.place == place]
    if any(o.status == "open" for o in there):
        raise act.said("office-exists", "at", player=player.name, place=place)
    cost = rules.office_open_cost + rules.office_fee
    txn = act.charge(
        player,
        cost,
        SUPPLIERS,
        kind="office",
        memo=f"{player.name} opens an office {'in' if liner else 'at'} {liner.name if liner else place}: set-up and the first {rules.office_days} days",
        rule="§8",
        where="at",
        at=place,  # §30: the bank there first (a base or liner has none: the home bank)
    )
    day, paid = act.books.day, act.books.day + rules.office_days
    if there:  # one closed there before opens again (§8: at the cost of a new one)
        oid = state.update(there[0], status="open", opened_day=day, paid_until=paid).id
    else:
        oid = state.next_id("O", [o.id for o in state.offices])
        state.offices.append(Office(oid, player.name, place, day, paid))
    staff = ""
    if liner is not None and not liner.on_planet:  # §11A: its staff eat, in advance (§14)
        liner = state.update(liner, supplies=liner.supplies - rules.office_staff_units)
        staff = f"; its staff ate {plural(rules.office_staff_units, 'unit')} of {liner.name}'s supplies for the period, {liner.supplies} left (§11A)"
    return Done(f"txn {txn.id}: office {oid} at {place} open, paid until day {paid}{staff}")


def _liner_office_fits(books: Books, player: Player, liner: Ship, where: str) -> None:
    """§11A: the player's own Executive Liner can carry an office if its hold has the office's
    20 CP free and it carries the staff's supplies for the first period (none on a planet)."""
    state, rules = state_of(books), rules_of(books)
    if liner.owner != player.name:
        raise SAID.refuse(
            "post-of-another", where, post=liner.name, owners=liner.owner, player=player.name
        )
    if liner.status != ACTIVE:
        raise SAID.refuse("post-not-active", where, post=liner.name, status=liner.status)
    if ship_office(state, liner) is not None:
        return  # the open office is refused below as office-exists
    cap = hold_capacity(state, liner) or 0
    before = hold_used(rules, state, liner)
    state.offices.append(Office("", player.name, liner.id))  # as if open, to weigh the hold
    try:
        after = hold_used(rules, state, liner)
    finally:
        state.offices.pop()
    if after > cap:
        raise SAID.refuse(
            "no-room-for-office", where, ship=liner.name, cap=cap, used=before, cp=rules.office_cp
        )
    need = 0 if liner.on_planet else rules.office_staff_units
    if liner.supplies < need:
        raise refuse(
            "no-supplies",
            where,
            f"{liner.name} carries {plural(liner.supplies, 'unit')} of supplies; its office staff eat {plural(need, 'unit')} a period, in advance (§11A)",
            f"it needs {need - liner.supplies} more: ledger supply {player.name} --ship {liner.name} --months N",
        )


@COMMANDS("office-close", "ledger office close O1")
def _office_close(act: Act, a: OfficeClose) -> Done:
    """Close an office (§8)."""
    state = act.state
    office = find(state.offices, a.office, lambda o: o.id)
    if office is None or office.status != "open":
        opened = [o.id for o in state.offices if o.status == "open"]
        raise act.said(
            "unknown-office" if opened else "no-office-open",
            "office",
            office=a.office,
            opened=", ".join(opened),
        )
    office = state.update(office, status="closed")
    return Done(
        f"office {office.id} at {office.place} closed (its fees stop; reopening costs as much as a new one, §8)"
    )
