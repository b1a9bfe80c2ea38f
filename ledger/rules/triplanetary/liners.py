"""Space passenger lines of Triplanetary V/2 (§28) on the §40 routes, and what running and
stopping one does to PR (§36C).
"""

from __future__ import annotations

from typing import Annotated

from ledger.core.money import Money, round_money
from ledger.core.params import Arg, Move
from ledger.core.steps import find, gather
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    PASSENGERS,
    SAID,
    Act,
    Done,
    PlayerMove,
    Where,
    canonical_place,
    cash_at,
    hold_capacity,
    hold_used,
)
from ledger.rules.triplanetary.markets import may_trade_here
from ledger.rules.triplanetary.model import OUTLAWS, Liner, State


class LinerOpen(PlayerMove):
    frm: Annotated[str, Arg("FROM")]
    to: Annotated[str, Arg("TO", column="to")]


class LinerClose(Move):
    liner: Annotated[str, Arg("LINER", column="player")]


class LinerDepart(PlayerMove):
    frm: Annotated[str, Arg("FROM")]
    to: Annotated[str, Arg("TO", column="to")]
    ship: Annotated[str, Arg("--ship")]


def _route(a: LinerOpen | LinerDepart, where: Where) -> tables.LinerRoute:
    frm, to = gather(  # both places are told at once
        lambda: canonical_place(a.frm, where["frm"]),
        lambda: canonical_place(a.to, where["to"]),
    )
    route = tables.liner_route(frm, to)
    if route is None:
        routes = ", ".join(f"{r.frm}-{r.to}" for r in tables.LINER_ROUTES if r.frm == frm)
        starts = ", ".join(sorted({r.frm for r in tables.LINER_ROUTES}))
        raise SAID.refuse(
            "no-such-route" if routes else "no-route-from",
            where["to"],
            frm=frm,
            to=to,
            routes=routes,
            starts=starts,
        )
    return route


def _running(state: State, owner: str) -> int:
    return sum(1 for line in state.liners if line.owner == owner and line.status == "open")


def _open_line(state: State, owner: str, route: tables.LinerRoute) -> Liner | None:
    """The line `owner` runs on `route` now (§28: one a route), or None."""
    return next(
        (
            x
            for x in state.liners
            if x.owner == owner and (x.frm, x.to) == (route.frm, route.to) and x.status == "open"
        ),
        None,
    )


@COMMANDS("liner-open", "ledger liner open Ann Earth Mars")
def _liner_open(act: Act, a: LinerOpen) -> Done:
    """Open a space passenger line on a §40 route; PR +5 while running one (§28, §36C)."""
    state = act.state
    player, route = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _route(a, act.where),
    )
    may_trade_here(
        player,
        "Ceres" if player.get("status") in OUTLAWS else "Earth",
        act.where["player"],
    )
    if _open_line(state, player.name, route) is not None:
        raise act.said("line-exists", "to", player=player.name, frm=route.frm, to=route.to)
    first = _running(state, player.name) == 0
    lid = state.next_id("L", [line.id for line in state.liners])
    state.liners.append(Liner(lid, player.name, route.frm, route.to, act.books.day))
    if first:
        act.set_pr(player, tables.PR_LINER_RUNNING, f"runs a space passenger line ({lid})")
    extra = f"; PR {tables.PR_LINER_RUNNING:+d} while running a line (§36C)" if first else ""
    return Done(
        f"liner {lid} {route.frm}-{route.to} open: a passenger every {route.turns_per_passenger} days, fare {route.fare} KC{extra}"
    )


@COMMANDS("liner-close", "ledger liner close L1")
def _liner_close(act: Act, a: LinerClose) -> Done:
    """Close a passenger line; PR -1 for stopping (§36C)."""
    state = act.state
    line = find([x for x in state.liners if x.status == "open"], a.liner, lambda x: x.id)
    if line is None:
        running = [x.id for x in state.liners if x.status == "open"]
        raise act.said(
            "unknown-liner" if running else "no-liner-open",
            "liner",
            liner=a.liner,
            running=", ".join(running),
        )
    line = state.update(line, status="closed")
    player = act.player(line.owner, "liner")
    text = f"liner {line.id} {line.frm}-{line.to} closed; {line.waiting} waiting passengers go home"
    line = state.update(line, waiting=0)
    if _running(state, player.name) == 0:
        act.set_pr(player, -tables.PR_LINER_RUNNING, f"no longer runs a passenger line ({line.id})")
        act.set_pr(player, tables.PR_LINER_STOPPED, f"stopped a space passenger line ({line.id})")
        text += f"; PR {-tables.PR_LINER_RUNNING + tables.PR_LINER_STOPPED:+d} (§36C)"
    return Done(text)


@COMMANDS("liner-depart", "ledger liner depart Ann Earth Mars --ship Star")
def _liner_depart(act: Act, a: LinerDepart) -> Done:
    """A ship leaves with up to 25 waiting passengers (2 CP each) and their fares (§28, §40)."""
    state, rules = act.state, act.rules
    player, route = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _route(a, act.where),
    )
    line = _open_line(state, player.name, route)
    if line is None:
        raise act.said("line-not-run", "to", player=player.name, frm=route.frm, to=route.to)
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    cap = hold_capacity(state, ship)
    free = (cap - hold_used(rules, state, ship)) if cap is not None else 10**6
    seats = min(line.waiting, 25, free // tables.PASSENGER_CARGO_CP)
    if seats <= 0:
        room = free // tables.PASSENGER_CARGO_CP
        raise act.said("no-passengers", "ship", waiting=line.waiting, ship=ship.name, room=room)
    fares = round_money(route.fare * seats)
    txn = act.post(
        [(PASSENGERS, -fares), (cash_at(act.books, player, route.frm), fares)],
        kind="fares",
        memo=f"{ship.name} carries {seats} passengers {route.frm}-{route.to}",
        rule="§28 §40",
    )
    line = state.update(line, waiting=line.waiting - seats)
    return Done(
        f"txn {txn.id}: {seats} passengers paid {Money(fares, act.books.currency)} ({route.fare} KC each, §40); {line.waiting} still waiting"
    )
