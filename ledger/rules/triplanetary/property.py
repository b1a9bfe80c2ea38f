"""The banker's commands that create and keep property (§7, §8, §12-§15, §20, §24, §38).

Each action is an `ActionSpec` (its parameters) and a handler on the books; the CLI and the
Events sheet both call `apply_action`, so a typed row and a command cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ledger.core.books import PATROL_ROLE, Books, Player
from ledger.core.charges import payer_postings
from ledger.core.journal import Draft, Posting, Transaction
from ledger.core.money import Money, round_money
from ledger.core.names import did_you_mean
from ledger.core.params import ActionSpec, Param
from ledger.core.problems import Problem, problem
from ledger.core.words import plural
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.model import (
    ACTIVE,
    Base,
    Corporation,
    Crew,
    Mine,
    Module,
    Office,
    Order,
    Post,
    Ship,
    State,
)
from ledger.rules.triplanetary.settings import Rules

SUPPLIERS = "suppliers"  # what is bought from the game's world: §38 items, offices, fees
CREWS = "crews"  # wages, hiring and severance (§13)

Where = Mapping[str, str]


@dataclass
class Done:
    summary: str
    txns: list[Transaction]


class Refused(Exception):
    """Carries problems out of a handler; `apply_action` turns it back into problems."""

    def __init__(self, *problems: Problem) -> None:
        super().__init__(problems[0].message if problems else "")
        self.problems = list(problems)


# -- helpers ----------------------------------------------------------------------------------


def state_of(books: Books) -> State:
    assert isinstance(books.state, State)
    return books.state


def rules_of(books: Books) -> Rules:
    return Rules.of(books.settings)


def find_player(books: Books, name: str, where: str) -> Player:
    p = books.player(name)
    if p is None:
        raise Refused(
            problem(
                "unknown-player",
                where,
                f"{name!r} is not a player",
                did_you_mean(name, (x.name for x in books.players))
                + "players: "
                + ", ".join(x.name for x in books.players),
            )
        )
    return p


def find_post(
    books: Books,
    key: str,
    where: str,
    owner: Player | None = None,
    kinds: tuple[str, ...] = ("ship", "base", "mine"),
) -> Post:
    """A post of one of `kinds` by id or by name (any case): the owner's own first, so that a
    name another player also uses, or an id that is another post's name, still finds the
    owner's; a name two posts share is refused with the ids that match."""
    state = state_of(books)
    folded = key.strip().casefold()
    pool = [p for g in (state.ships, state.bases, state.mines) for p in g if p.kind in kinds]
    own = [p for p in pool if owner is None or p.owner == owner.name]
    for group in (own, pool):
        by_id = [p for p in group if p.id.casefold() == folded]
        by_name = [p for p in group if p.name.strip().casefold() == folded]
        found = by_id or by_name
        if not found:
            continue
        if owner is not None and group is pool:
            owners = ", ".join(dict.fromkeys(p.owner for p in found))
            raise Refused(
                problem(
                    "not-the-owner",
                    where,
                    f"{found[0].name or found[0].id} belongs to {owners}, not {owner.name}",
                    "",
                )
            )
        if len(found) > 1:
            whose = f" of {owner.name}" if owner else ""
            ids = [p.id if owner else f"{p.id} ({p.owner})" for p in found]
            raise Refused(
                problem(
                    "ambiguous-name",
                    where,
                    f"{key.strip()!r} names more than one {' or '.join(kinds)}{whose}: {', '.join(ids)}",
                    f"name it by its id ({' or '.join(p.id for p in found)}), or rename one in the workbook",
                )
            )
        return found[0]
    building = [
        o
        for o in state.orders
        if o.status == "building" and folded in (o.name.casefold(), o.id.casefold())
    ]
    if building:
        o = building[0]
        raise Refused(
            problem(
                "under-construction",
                where,
                f"{o.name or o.id} is still being built (ready on day {o.ready_day})",
                "load it once it is ready",
            )
        )
    names = [p.name or p.id for p in own]
    what = " or ".join(kinds)
    raise Refused(
        problem(
            f"unknown-{kinds[0]}",
            where,
            f"there is no {what} {key!r}" + (f" of {owner.name}" if owner else ""),
            ("known: " + ", ".join(names)) if names else "buy one first",
        )
    )


def debit(
    books: Books, player: Player, amount: Decimal, where: str, at: str | None = None
) -> list[tuple[str, Decimal]]:
    """The postings that take `amount` from the player's banks (the bank `at` a place first,
    then the home bank, then the others), or `Refused`: banks make no loans (§30)."""
    money = Money(round_money(amount), books.currency)
    prefer = books.game.cash_account(player, at) if at and at in books.game.banks else None
    postings = payer_postings(books, player, money, prefer)
    if postings is None:
        have = sum(
            (books.journal.balance(a).amount for a in books.player_accounts(player)), Decimal(0)
        )
        raise Refused(
            problem(
                "cannot-afford",
                where,
                f"{player.name} has {have:.2f} {books.currency} and cannot pay {money}",
                "banks make no loans (§30)",
            )
        )
    return [(p.account, p.amount.amount) for p in postings]


def post_pieces(
    books: Books, pieces: list[tuple[str, Decimal]], *, kind: str, memo: str, rule: str, event: str
) -> Transaction:
    """One transaction from (account, amount) pieces, merged by account; they must sum to 0."""
    merged: dict[str, Decimal] = {}
    for account, amount in pieces:
        merged[account] = merged.get(account, Decimal(0)) + amount
    rows = tuple(Posting(a, Money(v, books.currency)) for a, v in merged.items() if v)
    return books.journal.post(Draft(kind, memo, rows, event=event, rule=rule), books.day)


def charge(
    books: Books,
    player: Player,
    amount: Decimal,
    to: str,
    *,
    kind: str,
    memo: str,
    rule: str,
    event: str,
    where: str,
    at: str | None = None,
) -> Transaction:
    """`player` pays `amount` to an institution."""
    pieces = debit(books, player, amount, where, at)
    return post_pieces(
        books, [*pieces, (to, round_money(amount))], kind=kind, memo=memo, rule=rule, event=event
    )


def hold_capacity(state: State, post: Post) -> int | None:
    """CP a ship's hold takes (None: unlimited, a base §19)."""
    if isinstance(post, Ship):
        price = state.prices.get(post.type)
        return (price.hold_cp or 0) if price else 0
    return None


#: Ships that may carry an office (§11A: the Executive Liner "as a mobile office").
OFFICE_SHIPS = ("executive-liner",)


def ship_office(state: State, post: Post) -> Office | None:
    """The open office a ship carries (§11A), if any."""
    if not isinstance(post, Ship):
        return None
    return next((o for o in state.offices if o.place == post.id and o.status == "open"), None)


def eaters(rules: Rules, state: State, post: Post, crews: int | None = None) -> int:
    """Who eat a post's supplies each month, in units: its crews (at least one, §14), and on an
    Executive Liner used as an office its office staff (§11A: "supplied both for the crew and
    for the office staff")."""
    n = len(state.crews_at(post.id)) if crews is None else crews
    staff = rules.office_staff_units if ship_office(state, post) else 0
    return max(1, n) + staff


def supply_room(rules: Rules, state: State, post: Post, crews: int | None = None) -> int | None:
    """Units of supplies built into a ship: three months for its crews, and for the staff of an
    office it carries (§14, §11A); None: unlimited."""
    if isinstance(post, Ship):
        return rules.ship_room_months * eaters(rules, state, post, crews)
    return None


def hold_used(rules: Rules, state: State, post: Post, crews: int | None = None) -> int:
    used = rules.office_cp if ship_office(state, post) else 0  # §11A: the office's 20 CP
    for good, qty in state.cargo_of(post.id).items():
        price = state.prices.get(good)
        size = price.size_cp if price is not None and price.size_cp is not None else 1
        used += size * qty
    room = supply_room(rules, state, post, crews)
    if room is not None:
        used += max(0, post.supplies - room)  # §14: extra supplies take 1 CP a unit in the hold
    return used


def check_hold(
    rules: Rules, state: State, post: Post, extra_cp: int, extra_supplies: int, where: str
) -> None:
    cap = hold_capacity(state, post)
    if cap is None:
        return
    room = supply_room(rules, state, post) or 0
    before = hold_used(rules, state, post)
    overflow_now = max(0, post.supplies - room)
    overflow_after = max(0, post.supplies + extra_supplies - room)
    after = before + extra_cp + overflow_after - overflow_now
    if after > cap:
        raise Refused(
            problem(
                "hold-full",
                where,
                f"{post.name or post.id} has {cap} CP of hold, {before} used; this needs {after - before} more",
                "unload something, or carry it on another ship",
            )
        )


def one_post(
    books: Books, a: dict[str, Any], where: Where, player: Player, what: str
) -> tuple[str, Post]:
    """The one post named by --ship, --base or --mine (exactly one of them), owned by `player`."""
    chosen = [(k, a[k]) for k in ("ship", "base", "mine") if a[k]]
    if len(chosen) != 1:
        raise Refused(
            problem(
                "missing-value",
                where["ship"],
                f"say where {what}: one of --ship, --base or --mine",
                "",
            )
        )
    k, key = chosen[0]
    return k, find_post(books, key, where[k], owner=player, kinds=(k,))


def emergency_days(rules: Rules, post: Post) -> int:
    if isinstance(post, Ship):
        return rules.ship_emergency_days
    if isinstance(post, Base):
        return rules.base_emergency_days
    return rules.mine_emergency_days


def player_location(player: Player) -> str:
    loc = player.get("location")
    return str(loc) if loc else tables.START_BANK


def canonical_place(name: str | None, where: str, default: str | None = None) -> str:
    """A planet or moon as the tables spell it; `default` when none is named (or, with no
    default, a problem)."""
    if not name and default is not None:
        return default
    place = tables.canonical_place(name or "")
    if place is None:
        raise Refused(
            problem(
                "unknown-place",
                where,
                f"{name!r} is not a planet or moon of the game",
                did_you_mean(name or "", tables.PLACES) + "places: " + ", ".join(tables.PLACES),
            )
        )
    return place


# -- the actions --------------------------------------------------------------------------------

PLAYER = Param("player", required=True, cli="PLAYER", column="player", help="the player who acts")
SPECS: dict[str, ActionSpec] = {
    "buy": ActionSpec(
        "buy",
        (
            PLAYER,
            Param(
                "item", required=True, cli="ITEM", help="an item of the §38 price list, e.g. packet"
            ),
            Param("qty", "int", default=1, cli="QTY", help="how many (CP for trade goods)"),
            Param("name", cli="--name", help="the new ship's or base's name"),
            Param("at", cli="--at", help="a planet or moon (default: where the player is)"),
            Param("ship", cli="--ship", help="a ship, by name or id"),
            Param("base", cli="--base", help="a base, by name or id"),
        ),
        "Buy anything on the §38 price list, paid in advance (§12).",
        "ledger buy Ann packet --name Nomad --at Ceres",
    ),
    "hire": ActionSpec(
        "hire",
        (
            PLAYER,
            Param("ship", cli="--ship", help="a ship, by name or id"),
            Param("base", cli="--base", help="a base, by name or id"),
            Param("mine", cli="--mine", help="a mine (claim), by name or id"),
            Param("crews", "int", default=1, cli="--crews", help="how many crews (default 1)"),
        ),
        "Hire crews for a ship, base or mine: 2 KC each, 4 KC once the owner's crews have quit (§13).",
        "ledger hire Ann --ship Nomad --crews 2",
    ),
    "discharge": ActionSpec(
        "discharge",
        (Param("crew", required=True, cli="CREW", column="player"),),
        "Discharge a crew: back wages and 14 days' severance (§13).",
        "ledger discharge C3",
    ),
    "supply": ActionSpec(
        "supply",
        (
            PLAYER,
            Param("ship", cli="--ship", help="a ship, by name or id"),
            Param("base", cli="--base", help="a base, by name or id"),
            Param("mine", cli="--mine", help="a mine (claim), by name or id"),
            Param(
                "months",
                "int",
                required=True,
                cli="--months",
                help="months of supplies for the crews there",
            ),
        ),
        "Buy supplies: 1 KC per crew-month; a ship stores 3 months, more goes in the hold (§14, §38).",
        "ledger supply Ann --ship Nomad --months 3",
    ),
    "fuel": ActionSpec(
        "fuel",
        (
            PLAYER,
            Param("ship", required=True, cli="--ship"),
            Param(
                "units", "int", required=True, cli="UNITS", column="amount", help="units of fuel"
            ),
        ),
        "Buy fuel for a ship: 1 KC a unit, up to its tank (§15, §38).",
        "ledger fuel Ann --ship Nomad 10",
    ),
    "office-open": ActionSpec(
        "office-open",
        (PLAYER, Param("at", required=True, cli="--at")),
        "Open an office: 10 KC and the first 30 days' 5 KC in advance (§8).",
        "ledger office open Ann --at Mars",
    ),
    "office-close": ActionSpec(
        "office-close",
        (Param("office", required=True, cli="OFFICE", column="player"),),
        "Close an office (§8).",
        "ledger office close O1",
    ),
    "incorporate": ActionSpec(
        "incorporate",
        (
            PLAYER,
            Param("at", cli="--at", help="a planet or moon (default: where the player is)"),
            Param("name", cli="--name", help="the new ship's or base's name"),
        ),
        "Form a corporation: 5 KC, 5 days; required once a player has two ships (§7).",
        "ledger incorporate Ann --at Mars --name 'Ann Mining'",
    ),
    "move": ActionSpec(
        "move",
        (
            Param("ship", required=True, cli="SHIP", column="player"),
            Param("to", cli="--to", help="where it is now"),
            Param(
                "land",
                "flag",
                default=False,
                cli="--land",
                help="on the ground: its crews need no supplies (§14)",
            ),
            Param(
                "space", "flag", default=False, cli="--space", help="in space (every new ship is)"
            ),
        ),
        "Say where a ship is, and whether it is on the ground of a planet, moon or Ceres (§14: crews there need no supplies).",
        "ledger move Nomad --to Mars --land",
    ),
    "merge": ActionSpec(
        "merge",
        (
            Param("corp", required=True, cli="CORP", column="player"),
            Param("other", required=True, cli="OTHER", column="to"),
        ),
        "Merge OTHER into CORP: 1000 KC paid by CORP's head, 120 days (§9).",
        "ledger merge K1 K2",
    ),
    "claim": ActionSpec(
        "claim",
        (
            PLAYER,
            Param("name", required=True, cli="NAME"),
            Param("at", cli="--at", help="a planet or moon (default: where the player is)"),
            Param("ct", "flag", default=False, cli="--ct", help="a C-T (antimatter) mine (§23)"),
            Param("base", cli="--base", help="a base, by name or id"),
        ),
        "Register a mining claim: 1 KC per mine, takes a day (§24); --ct for a C-T mine (§23).",
        "ledger claim Ann 'Hex 0412' --at 'belt 0412'",
    ),
}


def _buy(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    key = a["item"].strip().casefold().replace(" ", "-").replace("_", "-")
    price = state.prices.get(key)
    if price is None:
        if key in tables.GOODS_BY_KEY:
            from ledger.rules.triplanetary.trade import buy_goods

            return buy_goods(books, a, where, event)
        raise Refused(
            problem(
                "unknown-item",
                where["item"],
                f"{a['item']!r} is not on the §38 price list",
                did_you_mean(key, [*state.prices, *tables.GOODS_BY_KEY])
                + "items: "
                + ", ".join(state.prices),
            )
        )
    qty = a["qty"] or 1
    if qty < 1:
        raise Refused(problem("bad-number", where["qty"], "buy at least one", ""))
    if price.kind == "consumable":
        hint = {
            "fuel": "ledger fuel PLAYER --ship SHIP UNITS",
            "supply-month": "ledger supply PLAYER --ship SHIP --months N",
            "crew-day": "ledger hire PLAYER --ship SHIP",
        }[key]
        raise Refused(
            problem(
                "use-another-command",
                where["item"],
                f"{price.name} is bought with its own command",
                hint,
            )
        )
    total = price.price * qty
    day = books.day
    made: list[str] = []
    if price.kind in ("ship", "base", "module"):
        place = canonical_place(a["at"], where["at"], player_location(player))
        target = ""
        if price.kind != "module" and a["name"]:
            refuse_taken_name(state, player, a["name"], qty, where["name"])
        if price.kind == "module":
            if not a["base"]:
                raise Refused(
                    problem(
                        "missing-value",
                        where["base"],
                        "a recreation module goes on a base: --base BASE (§20)",
                        "",
                    )
                )
            target = find_post(books, a["base"], where["base"], owner=player, kinds=("base",)).id
        txn = charge(
            books,
            player,
            total,
            SUPPLIERS,
            kind="buy",
            memo=f"{player.name} buys {qty} × {price.name}",
            rule="§38 §12",
            event=event,
            where=where["item"],
        )
        for n in range(qty):
            name = a["name"] or ""
            if name and qty > 1:
                name = f"{name} {n + 1}"
            if day == 0:  # §3 ruling: bought on day 0, ready at once
                made.append(
                    complete_order(
                        books,
                        Order("", player.name, key, name, place, target, day, day, price.price),
                    )
                )
            else:
                oid = state.next_id("W", [o.id for o in state.orders])
                order = Order(
                    oid,
                    player.name,
                    key,
                    name,
                    place,
                    target,
                    day,
                    day + price.build_days,
                    price.price,
                )
                state.orders.append(order)
                made.append(f"{oid} {name or price.name}, ready on day {order.ready_day}")
        return Done(
            f"txn {txn.id}: {player.name} paid {Money(total, books.currency)} for {qty} × {price.name}: "
            + "; ".join(made),
            [txn],
        )
    # equipment goes into a ship's hold or a base's (or mine's) store
    if bool(a["ship"]) == bool(a["base"]):
        raise Refused(
            problem(
                "missing-value",
                where["ship"],
                f"say where the {price.name} goes: --ship SHIP or --base BASE",
                "",
            )
        )
    post = find_post(
        books,
        a["ship"] or a["base"],
        where["ship"] if a["ship"] else where["base"],
        owner=player,
        kinds=("ship",) if a["ship"] else ("base", "mine"),
    )
    check_hold(rules, state, post, (price.size_cp or 0) * qty, 0, where["qty"])
    txn = charge(
        books,
        player,
        total,
        SUPPLIERS,
        kind="buy",
        memo=f"{player.name} buys {qty} × {price.name} for {post.name or post.id}",
        rule="§38",
        event=event,
        where=where["item"],
    )
    state.add_cargo(post.id, key, qty)
    return Done(
        f"txn {txn.id}: {player.name} paid {Money(total, books.currency)} for {qty} × {price.name}, now in {post.name or post.id}",
        [txn],
    )


def refuse_taken_name(state: State, player: Player, name: str, qty: int, where: str) -> None:
    """A player's ships and bases are looked up by name: a new one may not take a name one of
    them (built, being built, or lost) already has."""
    wanted = {
        w.strip().casefold()
        for w in ([name] if qty == 1 else [f"{name} {n + 1}" for n in range(qty)])
    }
    for p in (*state.ships, *state.bases):
        if p.owner == player.name and p.name.strip().casefold() in wanted:
            raise Refused(
                problem(
                    "duplicate-name",
                    where,
                    f"{player.name} already has a {p.kind} named {p.name!r} ({p.id})",
                    f"give the new one another --name; name the one there by its id: --{p.kind} {p.id}",
                )
            )
    for o in state.orders:
        if (
            o.owner == player.name
            and o.status == "building"
            and o.name.strip().casefold() in wanted
        ):
            raise Refused(
                problem(
                    "duplicate-name",
                    where,
                    f"{player.name} already has {o.name!r} being built ({o.id}, ready on day {o.ready_day})",
                    "give the new one another --name",
                )
            )


def complete_order(books: Books, order: Order) -> str:
    """What an order becomes on its ready day (§12, or at once on day 0, §3)."""
    state, rules = state_of(books), rules_of(books)
    price = state.prices.get(order.item)
    kind = price.kind if price else order.item
    day = books.day
    if kind == "ship":
        sid = state.next_id("S", [s.id for s in state.ships])
        supplies = rules.start_supply_months if day == 0 else 0  # §3 ruling: 3 months on day 0
        ship = Ship(
            sid,
            order.owner,
            order.name or f"{price.name if price else order.item} {sid}",
            order.place,
            False,
            supplies,
            day,
            rules.ship_emergency_days,
            type=order.item,
            price=order.price,
            built_at=order.place,
            built_day=day,
        )
        state.ships.append(ship)
        order.result = sid
        return f"{sid} {ship.name} ready at {order.place}" + (
            f" with {supplies} months of supplies" if supplies else ""
        )
    if kind == "base":
        bid = state.next_id("B", [b.id for b in state.bases])
        base = Base(
            bid,
            order.owner,
            order.name or f"Base {bid}",
            order.place,
            False,
            0,
            day,
            rules.base_emergency_days,
            type=order.item,
            price=order.price,
            built_at=order.place,
            built_day=day,
        )
        state.bases.append(base)
        order.result = bid
        return f"{bid} {base.name} ready at {order.place} (§12: it must be picked up there)"
    if kind == "module":
        mid = state.next_id("R", [m.id for m in state.modules])
        state.modules.append(Module(mid, order.owner, order.target, order.price, day, day))
        order.result = mid
        return f"recreation module {mid} ready on base {order.target}"
    return order.item


def _hire(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    k, post = one_post(books, a, where, player, "the crews work")
    if isinstance(post, Mine) and post.registered_day is None:
        raise Refused(
            problem(
                "claim-not-registered",
                where[k],
                f"the claim {post.name} is registered on day {post.ready_day}",
                "hire once it is registered (§24)",
            )
        )
    if post.status not in (ACTIVE, "open", "landing", "drifting", "stopped"):
        raise Refused(
            problem("post-not-active", where[k], f"{post.name or post.id} is {post.status}", "")
        )
    n = a["crews"] or 1
    quit_before = any(c.owner == player.name and c.status == "quit" for c in state.crews)
    each = rules.hire_cost * (rules.hire_factor_after_quit if quit_before else 1)
    rule = "§13" + (" (double: crews quit before)" if quit_before else "")
    txn = charge(
        books,
        player,
        each * n,
        CREWS,
        kind="hire",
        memo=f"{player.name} hires {plural(n, 'crew')} for {post.name or post.id}",
        rule=rule,
        event=event,
        where=where["crews"],
    )
    aboard = len(state.crews_at(post.id))
    if post.fed_until < books.day:
        post.fed_until = books.day
    # §14: a new crew eats from its post's next period on (the post's crews are fed through
    # post.fed_until); a mine with a base is fed by the base.
    supplier = state.posts().get(post.base) if isinstance(post, Mine) and post.base else None
    fed = max(books.day, (supplier or post).fed_until)
    ids = []
    for _ in range(n):
        cid = state.next_id("C", [c.id for c in state.crews])
        crew = Crew(cid, player.name, post.id, books.day, books.day)
        crew.fed_until = fed
        state.crews.append(crew)
        ids.append(cid)
    topped = ""
    if isinstance(post, Ship) and books.day == 0 and post.built_day == 0:
        # §3 §14 ruling: a ship bought on day 0 carries three months for the crews aboard at
        # the end of day 0 (it came with three months for one crew)
        extra = rules.start_supply_months * (max(1, aboard + n) - max(1, aboard))
        if extra:
            post.supplies += extra
            topped = f"; {post.name or post.id} now carries {plural(post.supplies, 'unit')} of supplies, three months for its {aboard + n} crews (§3 §14)"
    if post.status in ("open", "landing", "drifting", "stopped"):
        post.status = ACTIVE  # new crews take over an abandoned or dead post
    return Done(
        f"txn {txn.id}: {player.name} paid {Money(each * n, books.currency)}; crews {', '.join(ids)} on {post.name or post.id}{topped}",
        [txn],
    )


def owed_wages(rules: Rules, crew: Crew, day: int) -> Decimal:
    return rules.wage * max(0, day - crew.paid_through)


def _discharge(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    crew = next((c for c in state.crews if c.id.casefold() == a["crew"].strip().casefold()), None)
    if crew is None or not crew.active:
        raise Refused(
            problem(
                "unknown-crew",
                where["crew"],
                f"there is no working crew {a['crew']!r}",
                "crews: " + ", ".join(c.id for c in state.crews if c.active),
            )
        )
    player = find_player(books, crew.owner, where["crew"])
    back = owed_wages(rules, crew, books.day)
    severance = rules.wage * rules.severance_days
    txn = charge(
        books,
        player,
        back + severance,
        CREWS,
        kind="discharge",
        memo=f"{player.name} discharges crew {crew.id}: back wages {back:.2f} + {rules.severance_days} days' severance {severance:.2f}",
        rule="§13",
        event=event,
        where=where["crew"],
    )
    crew.status, crew.ended_day, crew.paid_through = "discharged", books.day, books.day
    return Done(
        f"txn {txn.id}: crew {crew.id} discharged; {player.name} paid {Money(round_money(back + severance), books.currency)}",
        [txn],
    )


def _supply(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    _, post = one_post(books, a, where, player, "the supplies go")
    months = a["months"]
    if months < 1:
        raise Refused(problem("bad-number", where["months"], "buy at least one month", ""))
    units = months * eaters(rules, state, post)
    check_hold(rules, state, post, 0, units, where["months"])
    full = emergency_days(rules, post)
    refill = Decimal(0)
    if post.emergency_left < full:  # §14: replacing used emergency supplies
        refill = rules.ship_refill if isinstance(post, Ship) else rules.base_refill
    cost = units * rules.supply_price + refill
    memo = f"{player.name} buys {plural(units, 'unit')} of supplies for {post.name or post.id}" + (
        f" and replaces its emergency supplies ({refill:.2f})" if refill else ""
    )
    txn = charge(
        books,
        player,
        cost,
        SUPPLIERS,
        kind="supply",
        memo=memo,
        rule="§14 §38",
        event=event,
        where=where["months"],
    )
    post.supplies += units
    post.emergency_left = full
    if post.fed_until < books.day:
        post.fed_until = books.day
    return Done(f"txn {txn.id}: {memo}: {Money(round_money(cost), books.currency)}", [txn])


def _fuel(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    ship = find_post(books, a["ship"], where["ship"], owner=player, kinds=("ship",))
    assert isinstance(ship, Ship)
    price = state.prices.get(ship.type)
    tank = price.fuel if price else None
    if tank is None:
        raise Refused(
            problem(
                "no-fuel-tank", where["ship"], f"a {ship.type} carries no fuel to buy (§38)", ""
            )
        )
    units = a["units"]
    if units < 1 or ship.fuel + units > tank:
        raise Refused(
            problem(
                "tank-full",
                where["units"],
                f"{ship.name} holds {tank} fuel and has {ship.fuel}; {plural(units, 'unit')} {'does' if units == 1 else 'do'} not fit",
                f"buy at most {tank - ship.fuel}",
            )
        )
    txn = charge(
        books,
        player,
        rules.fuel_price * units,
        SUPPLIERS,
        kind="fuel",
        memo=f"{player.name} buys {units} fuel for {ship.name}",
        rule="§15",
        event=event,
        where=where["units"],
    )
    ship.fuel += units
    return Done(f"txn {txn.id}: {ship.name} now has {ship.fuel} fuel", [txn])


def _office_open(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    place = a["at"].strip()
    known = tables.canonical_place(place)
    base = state.find_post(place)
    liner = base if isinstance(base, Ship) and base.type in OFFICE_SHIPS else None
    if known is None and (base is None or (base.kind != "base" and liner is None)):
        raise Refused(
            problem(
                "unknown-place",
                where["at"],
                f"an office stands on a planet or a base (§8), or in an Executive Liner (§11A), not {place!r}",
                "places: " + ", ".join(tables.PLACES),
            )
        )
    place = known or (base.id if base else place)
    if liner is not None:
        _liner_office_fits(books, player, liner, where["at"])
    if any(
        o.owner == player.name and o.place == place and o.status == "open" for o in state.offices
    ):
        raise Refused(
            problem(
                "office-exists",
                where["at"],
                f"{player.name} already has an open office at {place}",
                "",
            )
        )
    cost = rules.office_open_cost + rules.office_fee
    txn = charge(
        books,
        player,
        cost,
        SUPPLIERS,
        kind="office",
        memo=f"{player.name} opens an office {'in' if liner else 'at'} {liner.name if liner else place}: set-up and the first {rules.office_days} days",
        rule="§8",
        event=event,
        where=where["at"],
    )
    closed = next(
        (
            o
            for o in state.offices
            if o.owner == player.name and o.place == place and o.status != "open"
        ),
        None,
    )
    if closed is not None:
        closed.status, closed.opened_day, closed.paid_until = (
            "open",
            books.day,
            books.day + rules.office_days,
        )
        oid = closed.id
    else:
        oid = state.next_id("O", [o.id for o in state.offices])
        state.offices.append(
            Office(oid, player.name, place, books.day, books.day + rules.office_days)
        )
    staff = ""
    if liner is not None and not liner.on_planet:  # §11A: its staff eat, in advance (§14)
        liner.supplies -= rules.office_staff_units
        staff = f"; its staff ate {plural(rules.office_staff_units, 'unit')} of {liner.name}'s supplies for the period, {liner.supplies} left (§11A)"
    return Done(
        f"txn {txn.id}: office {oid} at {place} open, paid until day {books.day + rules.office_days}{staff}",
        [txn],
    )


def _liner_office_fits(books: Books, player: Player, liner: Ship, where: str) -> None:
    """§11A: the player's own Executive Liner can carry an office if its hold has the office's
    20 CP free and it carries the staff's supplies for the first period (none on a planet)."""
    state, rules = state_of(books), rules_of(books)
    if liner.owner != player.name:
        raise Refused(
            problem(
                "not-the-owner",
                where,
                f"{liner.name} belongs to {liner.owner}, not {player.name}",
                "",
            )
        )
    if liner.status != ACTIVE:
        raise Refused(problem("post-not-active", where, f"{liner.name} is {liner.status}", ""))
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
        raise Refused(
            problem(
                "hold-full",
                where,
                f"{liner.name} has {cap} CP of hold, {before} used; its office takes {rules.office_cp} CP (§11A)",
                "unload the hold first",
            )
        )
    need = 0 if liner.on_planet else rules.office_staff_units
    if liner.supplies < need:
        raise Refused(
            problem(
                "no-supplies",
                where,
                f"{liner.name} carries {plural(liner.supplies, 'unit')} of supplies; its office staff eat {plural(need, 'unit')} a period, in advance (§11A)",
                f"it needs {need - liner.supplies} more: ledger supply {player.name} --ship {liner.name} --months N",
            )
        )


def _office_close(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state = state_of(books)
    office = next(
        (o for o in state.offices if o.id.casefold() == a["office"].strip().casefold()), None
    )
    if office is None or office.status != "open":
        raise Refused(
            problem(
                "unknown-office",
                where["office"],
                f"there is no open office {a['office']!r}",
                ("offices: " + ", ".join(o.id for o in state.offices if o.status == "open"))
                if any(o.status == "open" for o in state.offices)
                else "there is no open office",
            )
        )
    office.status = "closed"
    return Done(
        f"office {office.id} at {office.place} closed (its fees stop; reopening costs as much as a new one, §8)",
        [],
    )


def _incorporate(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    if any(c.head == player.name and c.status in ("forming", "active") for c in state.corporations):
        raise Refused(
            problem(
                "already-incorporated",
                where["player"],
                f"{player.name} heads a corporation already",
                "",
            )
        )
    place = canonical_place(a["at"], where["at"], player_location(player))
    txn = charge(
        books,
        player,
        rules.incorporation_cost,
        SUPPLIERS,
        kind="incorporate",
        memo=f"{player.name} incorporates at {place}",
        rule="§7",
        event=event,
        where=where["player"],
    )
    cid = state.next_id("K", [c.id for c in state.corporations])
    ready = books.day + rules.incorporation_days
    state.corporations.append(
        Corporation(
            cid, player.name, a["name"] or f"{player.name} Corporation", place, books.day, ready
        )
    )
    return Done(f"txn {txn.id}: corporation {cid} forming at {place}, active on day {ready}", [txn])


def _claim(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)
    player = find_player(books, a["player"], where["player"])
    if player.role == PATROL_ROLE:
        raise Refused(
            problem("patrol-may-not-mine", where["player"], "the Patrol may not mine ore (§6)", "")
        )
    name = a["name"].strip()
    if any(m.name.casefold() == name.casefold() for m in state.mines):
        raise Refused(
            problem("claim-exists", where["name"], f"the claim {name!r} is registered already", "")
        )
    base = ""
    if a["base"]:
        base = find_post(books, a["base"], where["base"], kinds=("base",)).id
    txn = charge(
        books,
        player,
        rules.claim_cost,
        SUPPLIERS,
        kind="claim",
        memo=f"{player.name} registers the claim {name}",
        rule="§24",
        event=event,
        where=where["name"],
    )
    mid = state.next_id("M", [m.id for m in state.mines])
    ready = books.day + rules.claim_days
    state.mines.append(
        Mine(
            mid,
            player.name,
            name,
            a["at"] or name,
            False,
            0,
            ready,
            rules.mine_emergency_days,
            status="registering",
            ct=bool(a["ct"]),
            base=base,
            ready_day=ready,
        )
    )
    return Done(
        f"txn {txn.id}: claim {mid} {name}{' (C-T)' if a['ct'] else ''} registered on day {ready}",
        [txn],
    )


def _merge(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    state, rules = state_of(books), rules_of(books)

    def corp(key: str, w: str) -> Corporation:
        found = next(
            (
                c
                for c in state.corporations
                if key.strip().casefold() in (c.id.casefold(), c.name.casefold())
            ),
            None,
        )
        if found is None or found.status != "active":
            raise Refused(
                problem(
                    "unknown-corporation",
                    w,
                    f"there is no active corporation {key!r}",
                    "corporations: "
                    + ", ".join(
                        f"{c.id} {c.name}" for c in state.corporations if c.status == "active"
                    ),
                )
            )
        return found

    into, other = corp(a["corp"], where["corp"]), corp(a["other"], where["other"])
    if into.id == other.id:
        raise Refused(
            problem(
                "same-corporation", where["other"], "a corporation cannot merge with itself", ""
            )
        )
    head = find_player(books, into.head, where["corp"])
    txn = charge(
        books,
        head,
        rules.merger_cost,
        SUPPLIERS,
        kind="merger",
        memo=f"merger of {other.name} into {into.name}",
        rule="§9",
        event=event,
        where=where["corp"],
    )
    into.status, into.merging_with, into.ready_day = (
        "merging",
        other.id,
        books.day + rules.merger_days,
    )
    other.status = "merging"
    return Done(
        f"txn {txn.id}: {other.name} merges into {into.name}, complete on day {into.ready_day}; {into.head} stays head (§9)",
        [txn],
    )


def _move(books: Books, a: dict[str, Any], where: Where, event: str) -> Done:
    ship = find_post(books, a["ship"], where["ship"], kinds=("ship",))
    if a["land"] and a["space"]:
        raise Refused(
            problem(
                "bad-args",
                where["land"],
                "a ship cannot land and leave at once",
                "give --land or --space",
            )
        )
    if a["to"]:
        to = tables.canonical_place(a["to"]) or a["to"].strip()  # a planet, a base, or a hex
        if isinstance(ship, Ship) and to.casefold() != ship.location.casefold():
            ship.arrived_day = books.day  # §20: how long it has been at a base
        ship.location = to
    if a["land"]:
        ship.on_planet = True
    elif a["space"]:
        ship.on_planet = False
    state = "on the ground (its crews need no supplies, §14)" if ship.on_planet else "in space"
    return Done(f"{ship.name or ship.id} is at {ship.location}, {state}", [])


HANDLERS: dict[str, Callable[[Books, dict[str, Any], Where, str], Done]] = {
    "buy": _buy,
    "hire": _hire,
    "discharge": _discharge,
    "supply": _supply,
    "fuel": _fuel,
    "office-open": _office_open,
    "office-close": _office_close,
    "incorporate": _incorporate,
    "claim": _claim,
    "move": _move,
    "merge": _merge,
}
