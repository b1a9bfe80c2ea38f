"""The action kit of Triplanetary V/2: what every banker's action uses.

The institutions' accounts (§6, §13, §28, §31, §38, §39), `Done`, the command being applied
(`Act`: its players, posts and charges, with §30's hint, banks make no loans), places,
the tax split (§6, §29), PR changes (§36C), and a ship's hold and supplies (§11A, §14, §19).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from typing import Annotated, Any

import msgspec

from ledger.core import steps
from ledger.core.books import Player
from ledger.core.journal import Transaction
from ledger.core.money import Money, round_money
from ledger.core.params import Arg, Move
from ledger.core.problems import Problem
from ledger.core.sayings import Sayings
from ledger.core.steps import Commands, Refused, not_found, refuse
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.model import (
    DEPARTED,
    DESTROYED,
    Base,
    Due,
    Module,
    Office,
    Post,
    PRChange,
    Ship,
    State,
)
from ledger.rules.triplanetary.settings import Rules

SUPPLIERS = "suppliers"  # what is bought from the game's world: §38 items, offices, fees
CREWS = "crews"  # wages, hiring and severance (§13)
#: What a ship needs to handle C-T ore and a crew to work a C-T mine (§23).
GRAPPLES = "pseudo-magnetic-grapples"
MARKET = "market"  # the planets' markets: who buys and sells goods at the §39 prices
PASSENGERS = "passengers"  # who pays the liner fares set by Earth (§28)
LLOYDS = "lloyds"  # Lloyds of Luna (§31)


Where = Mapping[str, str]

#: What the game says when it refuses a command or finds a mistake in its sheets, by the
#: saying's name: said.csv (a row a saying: its code, message and hint templates, warning).
SAID = Sayings(__package__ or "ledger.rules.triplanetary")


class Done(msgspec.Struct):
    summary: str
    #: Every transaction the action posted: `apply_action` reads them from the journal.
    txns: list[Transaction] = []
    #: What the banker is told of a move the rules allow but that will cost the player (a
    #: crew with no supplies, §14): warnings, the action still goes through.
    warnings: list[Problem] = []


#: Paying from a player's banks, or refused: banks make no loans (§30).
NO_LOANS = "banks make no loans (§30)"


@dataclass(frozen=True)
class Act(steps.Act[Books]):
    """One command being applied (the core's `Act`: its books, where its parameters were given,
    its event), with the game's state and rules; a player is charged with §30's hint."""

    cannot_afford: str = NO_LOANS

    @property
    def state(self) -> State:
        return state_of(self.books)

    @property
    def rules(self) -> Rules:
        return rules_of(self.books)

    def player(self, name: str, param: str = "player") -> Player:
        """The player `name`, or refused where the parameter `param` was given."""
        return steps.find_player(self.books, name, self.where[param], f"{name!r} is not a player")

    def post_named(
        self,
        key: str,
        param: str,
        owner: Player | None = None,
        kinds: tuple[str, ...] = ("ship", "base", "mine"),
    ) -> Post:
        """The post `key` (`find_post`), or refused where the parameter `param` was given."""
        return find_post(self.books, key, self.where[param], owner, kinds)

    def said(self, name: str, param: str, /, **fields: object) -> Refused:
        """The refusal by the saying `name` (said.csv), where the parameter `param` was given."""
        return SAID.refuse(name, self.where[param], **fields)

    def set_pr(self, player: Player, change: int, reason: str, rule: str = "§36C") -> None:
        """`set_pr` on this command's books: a change of the player's PR (§36C), on record."""
        set_pr(self.books, player, change, reason, rule)


#: A command's handler: it receives the command being applied and its typed record (a `Move`).
Handler = Callable[[Act, Any], Done]
#: Every command of the game, declared on its handler (`@COMMANDS(name, example)`); actions.py
#: lists them in their order.
COMMANDS = Commands()


PLAYER = Arg("PLAYER", help="the player who acts", column="player")


class PlayerMove(Move):
    """A move a player makes: the player who acts is its first parameter (PLAYER)."""

    player: Annotated[str, PLAYER]


def state_of(books: Books) -> State:
    assert isinstance(books.state, State)
    return books.state


def rules_of(books: Books) -> Rules:
    return Rules.of(books.settings)


def at_least_one(count: int, where: str, words: str) -> int:
    """`count`, or `Refused` (`bad-number`, `words`: "buy at least one month") below one."""
    if count < 1:
        raise refuse("bad-number", where, words)
    return count


#: Ships and bases that are no more: destroyed in play, or gone past Jupiter (§32).
GONE = (DESTROYED, DEPARTED)


def refuse_gone(post: Post, where: str) -> None:
    """Nothing is bought, sold, loaded, supplied, crewed or opened on what is gone."""
    if post.status not in GONE:
        return
    name = f"{post.name} ({post.id})" if post.name and post.name != post.id else post.id
    raise SAID.refuse(
        "post-destroyed" if post.status == DESTROYED else "post-departed", where, name=name
    )


def holdings(state: State, name: str) -> dict[str, int]:
    """How many of each a player holds: ships and bases still in play, mines, open offices and
    working crews (the served pages' owners and the game summary's fleets)."""
    return {
        "ship": sum(1 for s in state.ships if s.owner == name and s.status not in GONE),
        "base": sum(1 for b in state.bases if b.owner == name and b.status not in GONE),
        "mine": sum(1 for m in state.mines if m.owner == name),
        "office": sum(1 for o in state.offices if o.owner == name and o.status == "open"),
        "crew": sum(1 for c in state.crews if c.owner == name and c.active),
    }


def standing_modules(state: State) -> list[Module]:
    """The recreation modules still there: not destroyed, on a base still there (§20: a
    module is an addition to a base and goes with it). A shut one (no supplies) is there."""
    gone = {b.id for b in state.bases if b.status in GONE}
    bases = {b.id for b in state.bases}
    return [
        m for m in state.modules if m.status != DESTROYED and m.base in bases and m.base not in gone
    ]


def find_post(
    books: Books,
    key: str,
    where: str,
    owner: Player | None = None,
    kinds: tuple[str, ...] = ("ship", "base", "mine"),
    gone_ok: bool = False,
) -> Post:
    """A post of one of `kinds` by id or by name (any case): the owner's own first, so that a
    name another player also uses, or an id that is another post's name, still finds the
    owner's; a name two posts share is refused with the ids that match. A post that is gone
    (destroyed, departed) is refused unless `gone_ok`."""
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
            raise SAID.refuse(
                "post-of-another",
                where,
                post=found[0].name or found[0].id,
                owners=owners,
                player=owner.name,
            )
        also = [p for p in by_name if by_id and p not in by_id]  # an id that is a name too
        if also:
            named = ", ".join(p.id for p in also)
            first = by_id[0]
            raise SAID.refuse(
                "id-is-a-name",
                where,
                key=key.strip(),
                post=first.name or first.id,
                id=first.id,
                named=named,
            )
        if len(found) > 1:
            whose = f" of {owner.name}" if owner else ""
            ids = [p.id if owner else f"{p.id} ({p.owner})" for p in found]
            raise SAID.refuse(
                "post-name-shared",
                where,
                key=key.strip(),
                kinds=" or ".join(kinds),
                whose=whose,
                ids=", ".join(ids),
                either=" or ".join(p.id for p in found),
            )
        if not gone_ok:
            refuse_gone(found[0], where)
        return found[0]
    building = [
        o
        for o in state.orders
        if o.status == "building" and folded in (o.name.casefold(), o.id.casefold())
    ]
    if building:
        o = building[0]
        raise SAID.refuse("under-construction", where, post=o.name or o.id, day=o.ready_day)
    names = [p.name or p.id for p in own]
    what = " or ".join(kinds)
    raise refuse(
        f"unknown-{kinds[0]}",
        where,
        f"there is no {what} {key!r}" + (f" of {owner.name}" if owner else ""),
        ("known: " + ", ".join(names)) if names else "buy one first",
    )


debit = partial(steps.debit, hint=NO_LOANS)


def owe(state: State, due: Due) -> None:
    """What a player could not pay now is owed (the Dues, §6), under the next id: `ledger
    tick` collects it (`collected_when`)."""
    state.dues.append(
        msgspec.structs.replace(due, id=state.next_id("D", [d.id for d in state.dues]))
    )


def collected_when(name: str, it: str = "it") -> str:
    """When what a player owes (the Dues) is taken: step 1 of every day of `ledger tick`, as
    much as the player has then, oldest first (tick_base.collect_dues_s6); no command takes it."""
    return f"`ledger tick` takes {it} at the start of each day, as much as {name} has then, until paid in full (§6)"


def priced_sale(
    act: Act,
    seller: Player,
    buyer: Player,
    price: Decimal,
    *,
    what: str,
    rule: str,
    example: str,
    kind: str,
    memo: str,
) -> tuple[Transaction, Decimal]:
    """One sale between players at --price (a company, §9; goods, §29): more than 0, paid by
    the buyer from their banks (§30), to the seller less the sales tax (§29), the tax split
    between the Patrol and Earth (§6). The transaction and the tax."""
    if price <= 0:
        raise act.said(
            "price-not-positive", "price", what=what, price=price, rule=rule, example=example
        )
    tax = round_money(price * act.rules.sales_tax / 100)
    pieces = act.debit(buyer, price, "price")
    pieces += [(act.books.game.cash_account(seller), price - tax), *tax_pieces(act.books, tax)]
    return act.post(pieces, kind=kind, memo=memo, rule=rule), tax


def tax_pieces(books: Books, tax: Decimal) -> list[tuple[str, Decimal]]:
    """§6: the Patrol's half rounded down; Earth gets the rest, so the odd cent is on record
    (the one tax split: the tick's dues use it too)."""
    patrol, earth = Money(tax, "").share(rules_of(books).patrol_share)
    return [("patrol", patrol.amount), ("earth", earth.amount)]


def creditor_pieces(books: Books, creditor: str, amount: Decimal) -> list[tuple[str, Decimal]]:
    """What is paid of a Due goes to its creditor; a tax's, split between the Patrol and Earth."""
    return tax_pieces(books, amount) if creditor == "tax" else [(creditor, amount)]


def cash_at(books: Books, player: Player, place: str) -> str:
    """Money a player receives at a place lands in the bank there (§30)."""
    return books.game.cash_account(player, place if place in books.game.banks else None)


def set_pr(books: Books, player: Player, change: int, reason: str, rule: str) -> None:
    """Change a player's PR (§36C) and keep the change on record."""
    state = state_of(books)
    # the current record: an earlier change may have replaced it
    pr = next(p for p in books.players if p.name == player.name).get("pr") or 0
    assert isinstance(pr, int)
    steps.set_columns(books, player.name, pr=pr + change)
    state.pr_changes.append(PRChange(books.day, player.name, change, reason, rule))


def good_key(text: str) -> str:
    return text.strip().casefold().replace(" ", "-").replace("_", "-")


def named_post(where: Where, what: str, **named: str | None) -> tuple[str, str]:
    """Which of --ship, --base or --mine names the post, and its key: exactly one of them (known
    before the player is: the command then finds it among the player's)."""
    chosen = [(k, key) for k, key in named.items() if key]
    if len(chosen) != 1:
        raise SAID.refuse("where-not-said", where["ship"], what=what)
    return chosen[0]


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
        said = f"{name!r} is not a planet or moon of the game"
        raise Refused(not_found("unknown-place", where, said, name or "", tables.PLACES, "places"))
    return place


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


def fed(state: State, post: Post) -> int:
    """The active crews a post's supplies feed: its own, and a base's also those of the mines on
    its hex (§19: a base is a supply depot; the tick feeds them from it)."""
    n = len(state.crews_at(post.id))
    if isinstance(post, Base):
        n += sum(len(state.crews_at(m.id)) for m in state.mines if m.base == post.id)
    return n


def eaters(rules: Rules, state: State, post: Post, crews: int | None = None) -> int:
    """Who eat a post's supplies each month, in units: its crews (at least one, §14), and on an
    Executive Liner used as an office its office staff (§11A: "supplied both for the crew and
    for the office staff")."""
    n = fed(state, post) if crews is None else crews
    staff = rules.office_staff_units if ship_office(state, post) else 0
    return max(1, n) + staff


def supply_room(rules: Rules, state: State, post: Post, crews: int | None = None) -> int | None:
    """Units of supplies built into a ship: three months for its crews, and for the staff of an
    office it carries (§14, §11A); None: unlimited."""
    if isinstance(post, Ship):
        return rules.ship_room_months * eaters(rules, state, post, crews)
    return None


def unit_cp(state: State, good: str) -> int:
    """The CP a unit of `good` takes in a hold: a §38 item its starred *CARGO SIZE (none
    without one, the Special Clandestine Radar's "-"), a trade good 1 CP a unit (§39)."""
    price = state.prices.get(good)
    return 1 if price is None else price.size_cp or 0


def hold_used(rules: Rules, state: State, post: Post, crews: int | None = None) -> int:
    used = rules.office_cp if ship_office(state, post) else 0  # §11A: the office's 20 CP
    for good, qty in state.cargo_of(post.id).items():
        used += unit_cp(state, good) * qty
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
        raise SAID.refuse(
            "hold-full", where, post=post.name or post.id, cap=cap, used=before, more=after - before
        )


def emergency_days(rules: Rules, post: Post) -> int:
    if isinstance(post, Ship):
        return rules.ship_emergency_days
    if isinstance(post, Base):
        return rules.base_emergency_days
    return rules.mine_emergency_days
