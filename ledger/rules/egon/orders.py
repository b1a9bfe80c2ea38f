"""The twelve orders of "Das kleine Egon-Spiel" as typed records (5.1-5.6, 6.1-6.6).

An order is written as in the texts: the short code, then its fields, separated by commas
(``a,XYZ``, ``x,5,XYZ``, ``v``, ``l,17``, ``f,900``, ``g,Alois,200``, ``p,300``, ``i,4``,
``b,2``, ``d,3,XYZ``, ``s,500,XYZ``, ``e,Aktion,alle`` / ``e,Aktion,XYZ``); each record's
``text()`` writes it so. Each code's action name, rule section, action phase (4.2) and form are
a row of orders.csv (`ORDER_KINDS`); 4.1's one order a phase is here (`check_one_order_a_phase`). Reading an order's text into a record is
parse.py's.

Two orders carry what the texts put in the article that comes with them:

* ``p,Betrag,Gast,Gast,...``: the party's guest list, in the order of the invitation (6.1).
  ``p,Betrag`` alone parses (a row typed in the sheet, the action named in a blackmail), but
  such a party has no guest and does not take place; ``ledger order`` refuses it (6.1: "Es muß
  mindestens ein Mitspieler eingeladen werden").
* ``e``: the Strafe (penalty) is in the article; the game master enters it as
  ``Blackmail.penalty_kj`` / ``penalty_stones`` (use `with_penalty`). 6.6.22: only stones in
  store can be demanded.

Nothing here looks at a game state: who is in jail or out is `evaluate`'s business.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import ClassVar

import msgspec
from msgspec.structs import replace

from ledger.core import data
from ledger.core.money import round_money


class OrderKind(msgspec.Struct, frozen=True):
    """A row of orders.csv, one an order code: its action's name in the texts (and another
    name it is known by, ``also``), its rule section and action phase (4.2: 5.1-5.6 before
    buying, 6.1-6.6 after), how it is written, how many fields follow the code (``most``
    None: no upper bound) and how parse.py reads them (``reads``: ``kind label`` a field,
    ``;`` between; empty where the order has a reader of its own)."""

    code: str
    name: str
    rule: str
    phase: int
    form: str
    least: int
    most: int | None = None
    also: str = ""
    reads: str = ""


#: Code -> its row of orders.csv (5.1-5.6, 6.1-6.6), in the texts' order.
ORDER_KINDS: dict[str, OrderKind] = {
    k.code: k for k in data.records(__package__ or "ledger.rules.egon", "orders.csv", OrderKind)
}
#: Code -> the action's name in the texts (5.1-5.6, 6.1-6.6).
ACTION_NAMES: dict[str, str] = {c: k.name for c, k in ORDER_KINDS.items()}
#: Code -> its action phase (4.2: 5.1-5.6 before buying, 6.1-6.6 after).
PHASE_OF_CODE: dict[str, int] = {c: k.phase for c, k in ORDER_KINDS.items()}
#: The word for "all players" in ``e,Aktion,alle``.
ALL = "alle"


def _fields(code: str, *args: str) -> str:
    return ",".join((code, *args))


def _amount_text(amount: Decimal) -> str:
    return f"{amount:f}" if amount == amount.to_integral_value() else f"{amount:.2f}"


class _Order(msgspec.Struct, frozen=True):
    """What every order has: the player who gives it, its code, and its fields after the code
    as written (`args`: a number plainly, an amount without cents when whole, a name as
    read) and so its text."""

    CODE: ClassVar[str]
    player: str

    def args(self) -> tuple[str, ...]:
        return tuple(
            _amount_text(v) if isinstance(v, Decimal) else str(v)
            for v in (getattr(self, name) for name in self.__struct_fields__[1:])
        )

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Accuse(_Order, frozen=True):
    """5.1 Anzeige ``a,name``: accuse a trader or another player."""

    CODE: ClassVar[str] = "a"
    target: str
    target_is_trader: bool

    def args(self) -> tuple[str, ...]:
        return (self.target,)


class Denounce(_Order, frozen=True):
    """5.2 Denunzieren ``x,punkte,name``."""

    CODE: ClassVar[str] = "x"
    points: int
    target: str


class Rent(_Order, frozen=True):
    """5.3 Vermieten ``v``: the tower as a look-out."""

    CODE: ClassVar[str] = "v"


class Lottery(_Order, frozen=True):
    """5.4 Lotterie ``l,Losnummer``: a ticket on Z6, number 01-49."""

    CODE: ClassVar[str] = "l"
    number: int

    def args(self) -> tuple[str, ...]:
        return (f"{self.number:02d}",)


class Forge(_Order, frozen=True):
    """5.5 Falschgeld ``f,Betrag``."""

    CODE: ClassVar[str] = "f"
    amount: Decimal


class Bribe(_Order, frozen=True):
    """5.6 Schmieren ``g,Händler,Betrag``."""

    CODE: ClassVar[str] = "g"
    trader: str
    amount: Decimal


class Party(_Order, frozen=True):
    """6.1 Party ``p,Betrag`` with the invitation's guest list, in its order."""

    CODE: ClassVar[str] = "p"
    amount: Decimal
    guests: tuple[str, ...] = ()

    def args(self) -> tuple[str, ...]:
        # The guest list belongs to the article; a blackmail on a party compares the amount.
        return (_amount_text(self.amount),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args(), *self.guests)


class Import(_Order, frozen=True):
    """6.2 Import ``i,Anzahl``."""

    CODE: ClassVar[str] = "i"
    count: int


class Guard(_Order, frozen=True):
    """6.3 Bewachen ``b,Wachfaktor``."""

    CODE: ClassVar[str] = "b"
    factor: int


class Theft(_Order, frozen=True):
    """6.4 Diebstahl ``d,Anzahl,Spieler``."""

    CODE: ClassVar[str] = "d"
    count: int
    target: str


class Sabotage(_Order, frozen=True):
    """6.5 Sabotage ``s,Betrag,Spieler``."""

    CODE: ClassVar[str] = "s"
    amount: Decimal
    target: str


class ActionSpec(msgspec.Struct, frozen=True):
    """The action named in a blackmail: a code alone (any order of that kind) or a full order.

    ``args`` are the canonical fields after the code (players upper case, traders as in the
    trader list, numbers without leading zeros, a Losnummer with two digits).
    """

    code: str
    args: tuple[str, ...] = ()

    @property
    def phase(self) -> int:
        return PHASE_OF_CODE[self.code]

    def matches(self, order: Order | None) -> bool:
        """Whether ``order`` is this action (same code; same fields when any are named)."""
        if order is None or self.code != order.CODE:
            return False
        return not self.args or order.args() == self.args

    def text(self) -> str:
        return _fields(self.code, *self.args)


class Blackmail(_Order, frozen=True):
    """6.6 Erpressen ``e,Aktion,alle`` (forbid everyone the action next round) or
    ``e,Aktion,Spieler`` (force that player to do it next round).

    ``target`` is None for ``alle``. ``penalty_kj`` / ``penalty_stones``: the Strafe from the
    article, entered by the game master (6.6.2, 6.6.21); stones only from the store (6.6.22).
    """

    CODE: ClassVar[str] = "e"
    action: ActionSpec
    target: str | None
    penalty_kj: Decimal = Decimal("0")
    penalty_stones: int = 0

    def args(self) -> tuple[str, ...]:
        return (*self.action.text().split(","), self.target or ALL)


Order = (
    Accuse
    | Denounce
    | Rent
    | Lottery
    | Forge
    | Bribe
    | Party
    | Import
    | Guard
    | Theft
    | Sabotage
    | Blackmail
)


def phase_of(order: Order) -> int:
    """1 for the orders of 5. (before buying), 2 for those of 6. (after buying)."""
    return PHASE_OF_CODE[order.CODE]


def named_players(order: Order, *, guests: bool = True) -> tuple[str, ...]:
    """The players an order acts on (5.1, 5.2, 6.4, 6.5, 6.6) and, with ``guests``, a party's
    guest list (6.1)."""
    if isinstance(order, Accuse):
        return () if order.target_is_trader else (order.target,)
    if isinstance(order, Denounce | Theft | Sabotage):
        return (order.target,)
    if isinstance(order, Party):
        return order.guests if guests else ()
    if isinstance(order, Blackmail) and order.target is not None:
        return (order.target,)
    return ()


def with_penalty(order: Blackmail, kj: Decimal, stones: int = 0) -> Blackmail:
    """The blackmail with the Strafe the game master read in its article (6.6.2, 6.6.21)."""
    if kj < 0 or stones < 0:
        raise ValueError("a penalty cannot be negative")
    return replace(order, penalty_kj=round_money(kj), penalty_stones=stones)


def check_one_order_a_phase(orders: Sequence[Order]) -> tuple[str, ...]:
    """4.1: one action before buying and one after; more than one is an error."""
    seen: dict[tuple[str, int], Order] = {}
    problems: list[str] = []
    for o in orders:
        key = (o.player, phase_of(o))
        if key in seen:
            problems.append(
                f"{o.player} has two orders in action phase {key[1]} "
                f"({seen[key].text()} and {o.text()}); 4.1 allows one"
            )
        else:
            seen[key] = o
    return tuple(problems)
