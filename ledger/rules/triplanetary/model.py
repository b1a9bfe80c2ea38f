"""What the players of Triplanetary V/2 own, as records the tick changes day by day.

Ships, bases and mines are *posts*: crews live there and eat its supplies (§14). Everything
carries the cell it came from (`ref`) so problems name `Sheet!Cell`.

The records are frozen: a change is a new record put in the old one's place in its list,
`ship = state.update(ship, fuel=ship.fuel + 3)`. The state, which holds the lists, is not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

import msgspec
from msgspec.structs import replace

from ledger.core.problems import CellRef

R = TypeVar("R", bound=msgspec.Struct)

# Ship and base states
ACTIVE = "active"
LANDING = "landing"  # §13: its crew quit; it lands at the nearest planet
DRIFTING = "drifting"  # §14: its crew died; a moving ship keeps its last course and speed
STOPPED = "stopped"  # §14: a base whose crew died
OPEN = "open"  # §13: a mine or base whose crew quit stands open to anyone
DESTROYED = "destroyed"
COLONIZING = "colonizing"  # §32: committed to an interstellar colonization attempt
DEPARTED = "departed"  # §32: left the board past Jupiter, never to return
POST_STATES = (ACTIVE, LANDING, DRIFTING, STOPPED, OPEN, DESTROYED, COLONIZING, DEPARTED)

# Crew states
#: "departed": left with a colonization attempt, never to return (§32)
CREW_STATES = ("active", "quit", "dead", "discharged", "departed")

# Player legal states (§33-§36)
LEGAL_STATES = ("free", "imprisoned", "pirate", "warlord", "dead")
#: Who stays what they turned for good (§33, §34), in prison too.
OUTLAWS = ("pirate", "warlord")


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """What every record carries: the cell it came from (`ref`), so that problems name
    `Sheet!Cell`; keyword-only, so it stays the record's last field."""

    ref: CellRef | None = None


class Owned(Row, frozen=True):
    """A record of one player's: its id, and the player who owns it."""

    id: str
    owner: str


class Post(Owned, frozen=True):
    """A ship, base or mine: where crews live and what feeds them (§14)."""

    name: str = ""
    location: str = ""
    on_planet: bool = False
    #: Units of supply (one feeds one crew for 30 days).
    supplies: int = 0
    #: The last day the crews here are fed through.
    fed_until: int = 0
    #: Days of emergency supplies left.
    emergency_left: int = 0
    status: str = ACTIVE
    note: str = ""

    kind: ClassVar[str] = "post"


class Ship(Post, frozen=True):
    type: str = ""
    price: Decimal = Decimal(0)
    built_at: str = ""
    built_day: int = 0
    fuel: int = 0
    #: The day it came to where it is (§20: a week at a base); empty: its built day.
    arrived_day: int | None = None

    kind: ClassVar[str] = "ship"


class Base(Post, frozen=True):
    type: str = "base"
    price: Decimal = Decimal(0)
    built_at: str = ""
    built_day: int = 0

    kind: ClassVar[str] = "base"


class Mine(Post, frozen=True):
    """A mining claim (§23, §24): produces ore into its store while crewed."""

    ct: bool = False
    base: str = ""
    registered_day: int | None = None
    ready_day: int = 0
    #: Days of C-T production towards the next CP (1 CP every 5 days, §23).
    ct_progress: int = 0

    kind: ClassVar[str] = "mine"


class Module(Owned, frozen=True):
    """A recreation module on a base (§20)."""

    base: str
    price: Decimal = Decimal(0)
    built_day: int = 0
    fed_until: int = 0
    status: str = "open"  # open / shut (no supplies) / destroyed (§20: with its base, or alone)
    note: str = ""


class Crew(Owned, frozen=True):
    post: str  # a ship, base or mine id
    hired_day: int = 0
    paid_through: int = 0
    #: A recreation module the crew can reach (on its base or an adjacent hex, §20).
    module: str = ""
    status: str = "active"
    ended_day: int | None = None
    #: The last day this crew is fed through (§14); empty: as far as its post's crews are.
    fed_until: int | None = None
    #: Days since its last pay that it spent at its recreation module (§20: a ship's crew
    #: only after the ship's first week at the module's base).
    module_days: int = 0
    note: str = ""

    @property
    def active(self) -> bool:
        return self.status == "active"


class Office(Owned, frozen=True):
    """A corporation's office (§8): fees paid in advance every 30 days."""

    place: str
    opened_day: int = 0
    paid_until: int = 0  # the first day not paid for
    status: str = "open"
    note: str = ""


class Order(Owned, frozen=True):
    """Something paid for and being built or completed (§7, §9, §12, §24, §32)."""

    item: str
    name: str = ""
    place: str = ""
    target: str = ""  # the base of a module, the ship of equipment
    ordered_day: int = 0
    ready_day: int = 0
    price: Decimal = Decimal(0)
    status: str = "building"  # building / done
    result: str = ""


class Corporation(Row, frozen=True):
    id: str
    head: str
    name: str = ""
    place: str = ""
    formed_day: int = 0
    ready_day: int = 0
    status: str = "forming"  # forming / active / merging / merged
    members: str = ""
    #: The corporation merging into this one (§9), until the merger completes.
    merging_with: str = ""


class Cargo(Row, frozen=True):
    """Goods or equipment in a ship's hold, a base's or a mine's store, in units of the item."""

    holder: str
    good: str
    qty: int


class Crime(Row, frozen=True):
    id: str
    player: str
    day: int
    crime_class: int
    what: str
    rule: str = ""
    status: str = "open"  # open / paid / tried
    amount: Decimal = Decimal(0)
    #: The day it was tried (§36B: each crime is tried once).
    tried_day: int | None = None


class Due(Row, frozen=True):
    """Money a player owes and could not pay (a fine, a tax); collected when they can (§6)."""

    id: str
    player: str
    creditor: str  # patrol / earth
    amount: Decimal
    reason: str
    day: int
    rule: str = ""
    crime: str = ""


class Market(Row, frozen=True):
    """A place's stock and saturation of one good (§25, §26)."""

    place: str
    good: str
    stock: int = 0
    #: §26: a sale on day D saturates the market for the days after it, D+1 .. saturated_until.
    saturated_since: int = 0
    saturated_until: int = 0


class Liner(Owned, frozen=True):
    """A space passenger line (§28, §40): passengers gather while it is open."""

    frm: str
    to: str
    opened_day: int = 0
    status: str = "open"  # open / closed
    waiting: int = 0
    #: Days since the last passenger arrived (one every `turns` days of the §40 route).
    progress: int = 0


class Underwriting(Owned, frozen=True):
    """Lloyds of Luna's share of a cargo (§31)."""

    ship: str
    good: str
    qty: int
    paid: Decimal = Decimal(0)
    day: int = 0
    status: str = "open"  # open / settled


class Branch(Owned, frozen=True):
    """A branch bank on a base (§30): open once its reserves are delivered."""

    base: str
    ship: str = ""
    day: int = 0
    status: str = "shipping"  # shipping / open


class PRChange(Row, frozen=True):
    """Every change of a player's public relations value, with its cause (§36C)."""

    day: int
    player: str
    change: int
    reason: str
    rule: str = "§36C"


class Transfer(Owned, frozen=True):
    """Men, equipment, ore, supplies or fuel moving between two adjacent bases (§21): so many
    CP a day, each day's share taken from one base and put on the other."""

    good: str  # crews, supplies, fuel, or a good or item of the Cargo sheet
    qty: int  # crews, units or CP, as the good is counted
    source: str  # base id
    target: str  # base id
    start_day: int = 0
    ready_day: int = 0
    #: How many of `qty` have arrived.
    moved: int = 0
    status: str = "moving"  # moving / done / short (the source ran out) / stopped
    note: str = ""


@dataclass
class State:
    ships: list[Ship] = field(default_factory=list)
    bases: list[Base] = field(default_factory=list)
    mines: list[Mine] = field(default_factory=list)
    modules: list[Module] = field(default_factory=list)
    crews: list[Crew] = field(default_factory=list)
    offices: list[Office] = field(default_factory=list)
    orders: list[Order] = field(default_factory=list)
    corporations: list[Corporation] = field(default_factory=list)
    cargo: list[Cargo] = field(default_factory=list)
    crimes: list[Crime] = field(default_factory=list)
    dues: list[Due] = field(default_factory=list)
    markets: list[Market] = field(default_factory=list)
    liners: list[Liner] = field(default_factory=list)
    underwriting: list[Underwriting] = field(default_factory=list)
    branches: list[Branch] = field(default_factory=list)
    pr_changes: list[PRChange] = field(default_factory=list)
    transfers: list[Transfer] = field(default_factory=list)
    #: The §38 price list as the workbook's PriceList sheet has it (house rules included).
    prices: dict[str, Any] = field(default_factory=dict)
    #: Where each record stands in its list: the list's name -> (the list, id(record) -> its
    #: index). Only a hint: checked on every use, rebuilt when it does not hold.
    _at: dict[str, tuple[list[Any], dict[int, int]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    #: (holder, good) -> the index of its Cargo row; None: to be built (or duplicate rows).
    _cargo_at: dict[tuple[str, str], int] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def update(self, record: R, **changes: Any) -> R:
        """`record` with `changes`, put in the old record's place in its list, and returned:
        `ship = state.update(ship, fuel=ship.fuel + 3)`. Whoever still holds the old record
        holds the record as it was: read a record again after it is changed."""
        name = LISTS[type(record)]
        new = replace(record, **changes)
        rows: list[Any] = getattr(self, name)
        held = self._at.get(name)
        where = held[1] if held is not None and held[0] is rows else {}
        i = where.pop(id(record), None)
        if i is None or i >= len(rows) or rows[i] is not record:
            where = {id(r): n for n, r in enumerate(rows)}
            self._at[name] = (rows, where)
            i = where.pop(id(record), None)
            if i is None:  # a programmer's error: a record of another state, or an old one
                raise ValueError(f"{record!r} is not in the state's {name}")
        rows[i] = new
        where[id(new)] = i
        return new

    def clone(self) -> State:
        """A copy to try things on: the lists copied, the records shared (they are frozen: a
        change puts a new record in the copy's list only), the price list shared (it is never
        changed)."""
        lists: dict[str, Any] = {name: list(getattr(self, name)) for name in LISTS.values()}
        return State(**lists, prices=self.prices)

    def posts(self) -> dict[str, Post]:
        return {p.id: p for group in (self.ships, self.bases, self.mines) for p in group}

    def find_post(self, key: str) -> Post | None:
        """A ship, base or mine by id or by name (any case)."""
        folded = key.strip().casefold()
        posts = [*self.ships, *self.bases, *self.mines]
        by_id = next((p for p in posts if p.id.casefold() == folded), None)
        matches = [p for p in posts if p.name.casefold() == folded]
        return by_id or (matches[0] if len(matches) == 1 else None)

    def crews_at(self, post_id: str) -> list[Crew]:
        return [c for c in self.crews if c.post == post_id and c.active]

    def cargo_of(self, holder: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.cargo:
            if c.holder == holder and c.qty:
                out[c.good] = out.get(c.good, 0) + c.qty
        return out

    def add_cargo(self, holder: str, good: str, qty: int) -> None:
        index = self._cargo_index()
        at = index.get((holder, good))
        if at is not None:
            row = self.cargo[at]
            self.cargo[at] = replace(row, qty=row.qty + qty)
            return
        index[(holder, good)] = len(self.cargo)
        self.cargo.append(Cargo(holder, good, qty))

    def has_cargo_row(self, holder: str, good: str) -> bool:
        return (holder, good) in self._cargo_index()

    def _cargo_index(self) -> dict[tuple[str, str], int]:
        """(holder, good) -> the index of its Cargo row, rebuilt when rows were added
        elsewhere (rows are only ever added, and a changed row keeps its place)."""
        index = self._cargo_at
        if index is None or len(index) != len(self.cargo):
            index = {}
            for i, c in enumerate(self.cargo):
                index.setdefault((c.holder, c.good), i)
            if len(index) != len(self.cargo):  # duplicate rows typed by hand: no index
                self._cargo_at = None
                return index
            self._cargo_at = index
        return index

    def next_id(self, prefix: str, existing: list[str]) -> str:
        n = 0
        for i in existing:
            rest = i[len(prefix) :]
            if i.startswith(prefix) and rest.isascii() and rest.isdigit():
                n = max(n, int(rest))
        return f"{prefix}{n + 1}"


#: Each record type's list in the state, as the State's fields declare it (`ships: list[Ship]`).
LISTS: dict[type, str] = {
    get_args(t)[0]: name for name, t in get_type_hints(State).items() if get_origin(t) is list
}
