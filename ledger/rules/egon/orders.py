"""The twelve orders of "Das kleine Egon-Spiel" as typed records (5.1-5.6, 6.1-6.6).

An order is written as in the texts: the short code, then its fields, separated by commas
(``a,XYZ``, ``x,5,XYZ``, ``v``, ``l,17``, ``f,900``, ``g,Alois,200``, ``p,300``, ``i,4``,
``b,2``, ``d,3,XYZ``, ``s,500,XYZ``, ``e,Aktion,alle`` / ``e,Aktion,XYZ``); each record's
``text()`` writes it so. Each code's action phase (4.2) and rule section are here, and so is
4.1's one order a phase (`check_one_order_a_phase`). Reading an order's text into a record is
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

from ledger.core.money import round_money

#: Code -> the action's name in the texts (5.1-5.6, 6.1-6.6).
ACTION_NAMES: dict[str, str] = {
    "a": "Anzeige",
    "x": "Denunzieren",
    "v": "Vermieten",
    "l": "Lotterie",
    "f": "Falschgeld",
    "g": "Schmieren",
    "p": "Party",
    "i": "Import",
    "b": "Bewachen",
    "d": "Diebstahl",
    "s": "Sabotage",
    "e": "Erpressen",
}
#: Code -> its action phase (4.2: 5.1-5.6 before buying, 6.1-6.6 after).
PHASE_OF_CODE: dict[str, int] = {c: (1 if c in "axvlfg" else 2) for c in ACTION_NAMES}
#: Code -> its rule section.
RULE_OF_CODE: dict[str, str] = {
    "a": "5.1",
    "x": "5.2",
    "v": "5.3",
    "l": "5.4",
    "f": "5.5",
    "g": "5.6",
    "p": "6.1",
    "i": "6.2",
    "b": "6.3",
    "d": "6.4",
    "s": "6.5",
    "e": "6.6",
}
#: The word for "all players" in ``e,Aktion,alle``.
ALL = "alle"


def _fields(code: str, *args: str) -> str:
    return ",".join((code, *args))


def _amount_text(amount: Decimal) -> str:
    return f"{amount:f}" if amount == amount.to_integral_value() else f"{amount:.2f}"


class Accuse(msgspec.Struct, frozen=True):
    """5.1 Anzeige ``a,name``: accuse a trader or another player."""

    CODE: ClassVar[str] = "a"
    player: str
    target: str
    target_is_trader: bool

    def args(self) -> tuple[str, ...]:
        return (self.target,)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Denounce(msgspec.Struct, frozen=True):
    """5.2 Denunzieren ``x,punkte,name``."""

    CODE: ClassVar[str] = "x"
    player: str
    points: int
    target: str

    def args(self) -> tuple[str, ...]:
        return (str(self.points), self.target)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Rent(msgspec.Struct, frozen=True):
    """5.3 Vermieten ``v``: the tower as a look-out."""

    CODE: ClassVar[str] = "v"
    player: str

    def args(self) -> tuple[str, ...]:
        return ()

    def text(self) -> str:
        return self.CODE


class Lottery(msgspec.Struct, frozen=True):
    """5.4 Lotterie ``l,Losnummer``: a ticket on Z6, number 01-49."""

    CODE: ClassVar[str] = "l"
    player: str
    number: int

    def args(self) -> tuple[str, ...]:
        return (f"{self.number:02d}",)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Forge(msgspec.Struct, frozen=True):
    """5.5 Falschgeld ``f,Betrag``."""

    CODE: ClassVar[str] = "f"
    player: str
    amount: Decimal

    def args(self) -> tuple[str, ...]:
        return (_amount_text(self.amount),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Bribe(msgspec.Struct, frozen=True):
    """5.6 Schmieren ``g,Händler,Betrag``."""

    CODE: ClassVar[str] = "g"
    player: str
    trader: str
    amount: Decimal

    def args(self) -> tuple[str, ...]:
        return (self.trader, _amount_text(self.amount))

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Party(msgspec.Struct, frozen=True):
    """6.1 Party ``p,Betrag`` with the invitation's guest list, in its order."""

    CODE: ClassVar[str] = "p"
    player: str
    amount: Decimal
    guests: tuple[str, ...] = ()

    def args(self) -> tuple[str, ...]:
        # The guest list belongs to the article; a blackmail on a party compares the amount.
        return (_amount_text(self.amount),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args(), *self.guests)


class Import(msgspec.Struct, frozen=True):
    """6.2 Import ``i,Anzahl``."""

    CODE: ClassVar[str] = "i"
    player: str
    count: int

    def args(self) -> tuple[str, ...]:
        return (str(self.count),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Guard(msgspec.Struct, frozen=True):
    """6.3 Bewachen ``b,Wachfaktor``."""

    CODE: ClassVar[str] = "b"
    player: str
    factor: int

    def args(self) -> tuple[str, ...]:
        return (str(self.factor),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Theft(msgspec.Struct, frozen=True):
    """6.4 Diebstahl ``d,Anzahl,Spieler``."""

    CODE: ClassVar[str] = "d"
    player: str
    count: int
    target: str

    def args(self) -> tuple[str, ...]:
        return (str(self.count), self.target)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


class Sabotage(msgspec.Struct, frozen=True):
    """6.5 Sabotage ``s,Betrag,Spieler``."""

    CODE: ClassVar[str] = "s"
    player: str
    amount: Decimal
    target: str

    def args(self) -> tuple[str, ...]:
        return (_amount_text(self.amount), self.target)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


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


class Blackmail(msgspec.Struct, frozen=True):
    """6.6 Erpressen ``e,Aktion,alle`` (forbid everyone the action next round) or
    ``e,Aktion,Spieler`` (force that player to do it next round).

    ``target`` is None for ``alle``. ``penalty_kj`` / ``penalty_stones``: the Strafe from the
    article, entered by the game master (6.6.2, 6.6.21); stones only from the store (6.6.22).
    """

    CODE: ClassVar[str] = "e"
    player: str
    action: ActionSpec
    target: str | None
    penalty_kj: Decimal = Decimal("0")
    penalty_stones: int = 0

    def args(self) -> tuple[str, ...]:
        return (*self.action.text().split(","), self.target or ALL)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


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
