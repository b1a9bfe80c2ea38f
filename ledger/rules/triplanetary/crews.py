"""Crews of Triplanetary V/2: hiring and discharging them (§13), and the supplies they eat
(§14, §38).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ledger.core.money import Money, round_money
from ledger.core.params import Arg, Move
from ledger.core.problems import Problem, problem
from ledger.core.steps import find, gather
from ledger.core.words import plural
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    CREWS,
    SUPPLIERS,
    Act,
    Done,
    PlayerMove,
    at_least_one,
    check_hold,
    eaters,
    emergency_days,
    named_post,
    rules_of,
    state_of,
)
from ledger.rules.triplanetary.model import ACTIVE, Crew, Mine, Post, Ship
from ledger.rules.triplanetary.settings import Rules


class Hire(PlayerMove):
    ship: Annotated[str | None, Arg("--ship", help="a ship, by name or id")] = None
    base: Annotated[str | None, Arg("--base", help="a base, by name or id")] = None
    mine: Annotated[str | None, Arg("--mine", help="a mine (claim), by name or id")] = None
    crews: Annotated[int, Arg("--crews", help="how many crews (default 1)")] = 1


class Discharge(Move):
    crew: Annotated[str, Arg("CREW", column="player")]


class Supply(PlayerMove):
    ship: Annotated[str | None, Arg("--ship", help="a ship, by name or id")] = None
    base: Annotated[str | None, Arg("--base", help="a base, by name or id")] = None
    mine: Annotated[str | None, Arg("--mine", help="a mine (claim), by name or id")] = None
    months: Annotated[int, Arg("--months", help="months of supplies for the crews there")]


@COMMANDS("hire", "ledger hire Ann --ship Nomad --crews 2")
def _hire(act: Act, a: Hire) -> Done:
    """Hire crews for a ship, base or mine: 2 KC each, 4 KC once the owner's crews have quit
    (§13)."""
    state, rules = act.state, act.rules
    player, (k, key) = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: named_post(act.where, "the crews work", ship=a.ship, base=a.base, mine=a.mine),
    )
    post = act.post_named(key, k, owner=player, kinds=(k,))
    if isinstance(post, Mine) and post.registered_day is None:
        raise act.said("claim-not-registered", k, claim=post.name, day=post.ready_day)
    if post.status not in (ACTIVE, "open", "landing", "drifting", "stopped"):
        raise act.said("post-not-active", k, post=post.name or post.id, status=post.status)
    n = a.crews or 1
    quit_before = any(c.owner == player.name and c.status == "quit" for c in state.crews)
    each = rules.hire_cost * (rules.hire_factor_after_quit if quit_before else 1)
    rule = "§13" + (" (double: crews quit before)" if quit_before else "")
    txn = act.charge(
        player,
        each * n,
        CREWS,
        kind="hire",
        memo=f"{player.name} hires {plural(n, 'crew')} for {post.name or post.id}",
        rule=rule,
        where="crews",
    )
    aboard = len(state.crews_at(post.id))
    if post.fed_until < act.books.day:
        post = state.update(post, fed_until=act.books.day)
    # §14: a new crew eats from its post's next period on (the post's crews are fed through
    # post.fed_until); a mine with a base is fed by the base.
    supplier = state.posts().get(post.base) if isinstance(post, Mine) and post.base else None
    fed = max(act.books.day, (supplier or post).fed_until)
    ids = []
    for _ in range(n):
        cid = state.next_id("C", [c.id for c in state.crews])
        state.crews.append(
            Crew(cid, player.name, post.id, act.books.day, act.books.day, fed_until=fed)
        )
        ids.append(cid)
    topped = ""
    if isinstance(post, Ship) and act.books.day == 0 and post.built_day == 0:
        # §3 §14 ruling: a ship bought on day 0 carries three months for the crews aboard at
        # the end of day 0 (it came with three months for one crew)
        extra = rules.start_supply_months * (max(1, aboard + n) - max(1, aboard))
        if extra:
            post = state.update(post, supplies=post.supplies + extra)
            topped = f"; {post.name or post.id} now carries {plural(post.supplies, 'unit')} of supplies, three months for its {aboard + n} crews (§3 §14)"
    if post.status in ("open", "landing", "drifting", "stopped"):
        post = state.update(post, status=ACTIVE)  # new crews take over an abandoned or dead post
    return Done(
        f"txn {txn.id}: {player.name} paid {Money(each * n, act.books.currency)}; crews {', '.join(ids)} on {post.name or post.id}{topped}",
        warnings=_unfed(act.books, player.name, post, supplier, act.where[k], k),
    )


def _unfed(
    books: Books, owner: str, post: Post, supplier: Post | None, where: str, kind: str
) -> list[Problem]:
    """§14, said when a crew is hired: the crews the post's supplies cannot feed from the next
    day on (a new crew eats from then; a mine on a base's hex from the base) live on its
    emergency supplies, 10 KC a day to the Patrol, and die when those run out; a bare mine has
    none and they die the next day. Nothing on a planet, where crews need none."""
    state, rules = state_of(books), rules_of(books)
    feeder = supplier or post
    if feeder.on_planet:
        return []
    fed = [
        c
        for c in state.crews
        if c.active
        and (c.post == feeder.id or (supplier is not None and c.post == post.id))
        and (feeder.fed_until if c.fed_until is None else c.fed_until) <= books.day
    ]
    short = len(fed) - feeder.supplies
    if short <= 0:
        return []
    name, days = feeder.name or feeder.id, feeder.emergency_left
    crews = "its crew" if len(fed) == 1 else f"{plural(short, 'crew')} of its {len(fed)}"
    dies = "dies" if short == 1 else "die"
    how = (
        f"{'it lives' if short == 1 else 'they live'} on its {days} days of emergency supplies "
        f"({Money(rules.emergency_fine, books.currency)} a day to the Patrol) and {dies}"
        if days
        else f"a {'mine' if isinstance(feeder, Mine) else 'post'} has no emergency supplies: "
        f"{'it' if short == 1 else 'they'} {dies}"
    )
    hint = f"ledger supply {owner} --{'base' if supplier else kind} {name} --months 1"
    return [
        problem(
            "no-supplies",
            where,
            f"{name} has no supplies for {crews}: {how} on day {books.day + 1 + days} unless "
            f"supplied (§14): {hint}",
            "1 KC a crew-month (§38)",
            warning=True,
        )
    ]


def owed_wages(rules: Rules, crew: Crew, day: int) -> Decimal:
    return rules.wage * max(0, day - crew.paid_through)


@COMMANDS("discharge", "ledger discharge C3")
def _discharge(act: Act, a: Discharge) -> Done:
    """Discharge a crew: back wages and 14 days' severance (§13)."""
    state, rules = act.state, act.rules
    crew = find(state.crews, a.crew, lambda c: c.id)
    if crew is None or not crew.active:
        working = [c.id for c in state.crews if c.active]
        raise act.said(
            "unknown-crew" if working else "no-crew-working",
            "crew",
            crew=a.crew,
            working=", ".join(working),
        )
    player = act.player(crew.owner, "crew")
    back = owed_wages(rules, crew, act.books.day)
    severance = rules.wage * rules.severance_days
    txn = act.charge(
        player,
        back + severance,
        CREWS,
        kind="discharge",
        memo=f"{player.name} discharges crew {crew.id}: back wages {back:.2f} + {rules.severance_days} days' severance {severance:.2f}",
        rule="§13",
        where="crew",
    )
    crew = state.update(
        crew, status="discharged", ended_day=act.books.day, paid_through=act.books.day
    )
    return Done(
        f"txn {txn.id}: crew {crew.id} discharged; {player.name} paid {Money(round_money(back + severance), act.books.currency)}"
    )


@COMMANDS("supply", "ledger supply Ann --ship Nomad --months 3")
def _supply(act: Act, a: Supply) -> Done:
    """Buy supplies: 1 KC per crew-month; a ship stores 3 months, more goes in the hold (§14,
    §38)."""
    state, rules = act.state, act.rules
    player, (k, key), months = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: named_post(act.where, "the supplies go", ship=a.ship, base=a.base, mine=a.mine),
        lambda: at_least_one(a.months, act.where["months"], "buy at least one month"),
    )
    post = act.post_named(key, k, owner=player, kinds=(k,))
    units = months * eaters(rules, state, post)
    check_hold(rules, state, post, 0, units, act.where["months"])
    full = emergency_days(rules, post)
    refill = Decimal(0)
    if post.emergency_left < full:  # §14: replacing used emergency supplies
        refill = rules.ship_refill if isinstance(post, Ship) else rules.base_refill
    cost = units * rules.supply_price + refill
    memo = f"{player.name} buys {plural(units, 'unit')} of supplies for {post.name or post.id}" + (
        f" and replaces its emergency supplies ({refill:.2f})" if refill else ""
    )
    txn = act.charge(
        player,
        cost,
        SUPPLIERS,
        kind="supply",
        memo=memo,
        rule="§14 §38",
        where="months",
    )
    state.update(
        post,
        supplies=post.supplies + units,
        emergency_left=full,
        fed_until=max(post.fed_until, act.books.day),
    )
    return Done(f"txn {txn.id}: {memo}: {Money(round_money(cost), act.books.currency)}")
