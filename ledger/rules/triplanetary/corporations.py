"""Corporations of Triplanetary V/2: forming one (§7) and merging two (§9)."""

from __future__ import annotations

from typing import Annotated

from ledger.core.params import Arg, Move
from ledger.core.steps import find, gather
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    SAID,
    SUPPLIERS,
    Act,
    Done,
    PlayerMove,
    canonical_place,
    player_location,
)
from ledger.rules.triplanetary.model import Corporation


class Incorporate(PlayerMove):
    at: Annotated[
        str | None, Arg("--at", help="a planet or moon (default: where the player is)")
    ] = None
    name: Annotated[str | None, Arg("--name", help="the new ship's or base's name")] = None


class Merge(Move):
    corp: Annotated[str, Arg("CORP", column="player")]
    other: Annotated[str, Arg("OTHER", column="to")]


@COMMANDS("incorporate", "ledger incorporate Ann --at Mars --name 'Ann Mining'")
def _incorporate(act: Act, a: Incorporate) -> Done:
    """Form a corporation: 5 KC, 5 days; required once a player has two ships (§7)."""
    state, rules = act.state, act.rules
    player, at = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: canonical_place(a.at, act.where["at"]) if a.at else None,
    )
    if any(c.head == player.name and c.status in ("forming", "active") for c in state.corporations):
        raise act.said("already-incorporated", "player", player=player.name)
    place = at or player_location(player)
    txn = act.charge(
        player,
        rules.incorporation_cost,
        SUPPLIERS,
        kind="incorporate",
        memo=f"{player.name} incorporates at {place}",
        rule="§7",
        where="player",
        at=place,  # §30: the bank there first
    )
    cid = state.next_id("K", [c.id for c in state.corporations])
    ready = act.books.day + rules.incorporation_days
    state.corporations.append(
        Corporation(
            cid, player.name, a.name or f"{player.name} Corporation", place, act.books.day, ready
        )
    )
    return Done(f"txn {txn.id}: corporation {cid} forming at {place}, active on day {ready}")


@COMMANDS("merge", "ledger merge K1 K2")
def _merge(act: Act, a: Merge) -> Done:
    """Merge OTHER into CORP: 1000 KC paid by CORP's head, 120 days (§9)."""
    state, rules = act.state, act.rules

    def corp(key: str, w: str) -> Corporation:
        active = [c for c in state.corporations if c.status == "active"]
        found = find(active, key, lambda c: c.id)  # an id before a name (§7 --name is free)
        named = [c for c in active if c.name.strip().casefold() == key.strip().casefold()]
        if found is None and len(named) > 1:
            ids = ", ".join(f"{c.id} ({c.head})" for c in named)
            either = " or ".join(c.id for c in named)
            raise SAID.refuse("corporation-name-shared", w, key=key.strip(), ids=ids, either=either)
        if found is None and named:
            found = named[0]
        if found is None:
            raise SAID.refuse(
                "unknown-corporation" if active else "no-corporation-active",
                w,
                key=key,
                active=", ".join(f"{c.id} {c.name}" for c in active),
            )
        return found

    into, other = corp(a.corp, act.where["corp"]), corp(a.other, act.where["other"])
    if into.id == other.id:
        raise act.said("same-corporation", "other")
    head = act.player(into.head, "corp")
    txn = act.charge(
        head,
        rules.merger_cost,
        SUPPLIERS,
        kind="merger",
        memo=f"merger of {other.name} into {into.name}",
        rule="§9",
        where="corp",
    )
    into = state.update(
        into, status="merging", merging_with=other.id, ready_day=act.books.day + rules.merger_days
    )
    other = state.update(other, status="merging")
    return Done(
        f"txn {txn.id}: {other.name} merges into {into.name}, complete on day {into.ready_day}; {into.head} stays head (§9)"
    )
