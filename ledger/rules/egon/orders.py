"""The twelve orders of "Das kleine Egon-Spiel" as written, parsed into typed records.

An order is written as in the texts: the short code, then its fields, separated by commas
(``a,XYZ``, ``x,5,XYZ``, ``v``, ``l,17``, ``f,900``, ``g,Alois,200``, ``p,300``, ``i,4``,
``b,2``, ``d,3,XYZ``, ``s,500,XYZ``, ``e,Aktion,alle`` / ``e,Aktion,XYZ``). "Im Zweifelsfall
kann die Aktion auch immer ausgeschrieben werden" (5.): the code may be the action's name
(``Anzeige,XYZ``). Codes, players and traders are read without regard to case.

Two orders carry what the texts put in the article that comes with them:

* ``p,Betrag,Gast,Gast,...``: the party's guest list, in the order of the invitation (6.1).
  ``p,Betrag`` alone parses (a row typed in the sheet, the action named in a blackmail), but
  such a party has no guest and does not take place; ``ledger order`` refuses it (6.1: "Es muß
  mindestens ein Mitspieler eingeladen werden").
* ``e``: the Strafe (penalty) is in the article; the game master enters it as
  ``Blackmail.penalty_kj`` / ``penalty_stones`` (use `with_penalty`). 6.6.22: only stones in
  store can be demanded.

`parse_order` returns ``(order, ())`` or ``(None, errors)``; every error is a sentence naming
the reason. Nothing here looks at a game state: who is in jail or out is `evaluate`'s business.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import ClassVar

from ledger.core.money import CENT, parse_amount
from ledger.rules.egon.tables import LOTTERY_HIGHEST, LOTTERY_LOWEST, TRADERS

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
_NAME_TO_CODE: dict[str, str] = {n.lower(): c for c, n in ACTION_NAMES.items()} | {
    "denunziation": "x",
    "erpressung": "e",
    "lotto": "l",
}
#: The word for "all players" in ``e,Aktion,alle``.
ALL = "alle"


def _fields(code: str, *args: str) -> str:
    return ",".join((code, *args))


def _amount_text(amount: Decimal) -> str:
    return f"{amount:f}" if amount == amount.to_integral_value() else f"{amount:.2f}"


@dataclass(frozen=True, slots=True)
class Accuse:
    """5.1 Anzeige ``a,name``: accuse a trader or another player."""

    CODE: ClassVar[str] = "a"
    player: str
    target: str
    target_is_trader: bool

    def args(self) -> tuple[str, ...]:
        return (self.target,)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Denounce:
    """5.2 Denunzieren ``x,punkte,name``."""

    CODE: ClassVar[str] = "x"
    player: str
    points: int
    target: str

    def args(self) -> tuple[str, ...]:
        return (str(self.points), self.target)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Rent:
    """5.3 Vermieten ``v``: the tower as a look-out."""

    CODE: ClassVar[str] = "v"
    player: str

    def args(self) -> tuple[str, ...]:
        return ()

    def text(self) -> str:
        return self.CODE


@dataclass(frozen=True, slots=True)
class Lottery:
    """5.4 Lotterie ``l,Losnummer``: a ticket on Z6, number 01-49."""

    CODE: ClassVar[str] = "l"
    player: str
    number: int

    def args(self) -> tuple[str, ...]:
        return (f"{self.number:02d}",)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Forge:
    """5.5 Falschgeld ``f,Betrag``."""

    CODE: ClassVar[str] = "f"
    player: str
    amount: Decimal

    def args(self) -> tuple[str, ...]:
        return (_amount_text(self.amount),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Bribe:
    """5.6 Schmieren ``g,Händler,Betrag``."""

    CODE: ClassVar[str] = "g"
    player: str
    trader: str
    amount: Decimal

    def args(self) -> tuple[str, ...]:
        return (self.trader, _amount_text(self.amount))

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Party:
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


@dataclass(frozen=True, slots=True)
class Import:
    """6.2 Import ``i,Anzahl``."""

    CODE: ClassVar[str] = "i"
    player: str
    count: int

    def args(self) -> tuple[str, ...]:
        return (str(self.count),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Guard:
    """6.3 Bewachen ``b,Wachfaktor``."""

    CODE: ClassVar[str] = "b"
    player: str
    factor: int

    def args(self) -> tuple[str, ...]:
        return (str(self.factor),)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Theft:
    """6.4 Diebstahl ``d,Anzahl,Spieler``."""

    CODE: ClassVar[str] = "d"
    player: str
    count: int
    target: str

    def args(self) -> tuple[str, ...]:
        return (str(self.count), self.target)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class Sabotage:
    """6.5 Sabotage ``s,Betrag,Spieler``."""

    CODE: ClassVar[str] = "s"
    player: str
    amount: Decimal
    target: str

    def args(self) -> tuple[str, ...]:
        return (_amount_text(self.amount), self.target)

    def text(self) -> str:
        return _fields(self.CODE, *self.args())


@dataclass(frozen=True, slots=True)
class ActionSpec:
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


@dataclass(frozen=True, slots=True)
class Blackmail:
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


def phase_of_text(text: str) -> int | None:
    """The action phase of an order as written (its code or action name), None if unknown."""
    code = _code(text.split(",", 1)[0])
    return PHASE_OF_CODE[code] if code else None


def with_penalty(order: Blackmail, kj: Decimal, stones: int = 0) -> Blackmail:
    """The blackmail with the Strafe the game master read in its article (6.6.2, 6.6.21)."""
    if kj < 0 or stones < 0:
        raise ValueError("a penalty cannot be negative")
    return replace(order, penalty_kj=kj.quantize(CENT), penalty_stones=stones)


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------

#: Fields after the code: (least, most); None = no upper bound.
_ARITY: dict[str, tuple[int, int | None]] = {
    "a": (1, 1),
    "x": (2, 2),
    "v": (0, 0),
    "l": (1, 1),
    "f": (1, 1),
    "g": (2, 2),
    "p": (1, None),
    "i": (1, 1),
    "b": (1, 1),
    "d": (2, 2),
    "s": (2, 2),
    "e": (2, None),
}
_FORMAT: dict[str, str] = {
    "a": "a,name",
    "x": "x,punkte,name",
    "v": "v",
    "l": "l,Losnummer",
    "f": "f,Betrag",
    "g": "g,Händler,Betrag",
    "p": "p,Betrag,Gast[,Gast,...]",
    "i": "i,Anzahl",
    "b": "b,Wachfaktor",
    "d": "d,Anzahl,Spieler",
    "s": "s,Betrag,Spieler",
    "e": "e,Aktion,alle or e,Aktion,Spieler",
}


def is_pseudonym(name: str) -> bool:
    """A player's three-letter pseudonym (README: "three-letter pseudonyms")."""
    return len(name) == 3 and name.isalpha()


def normalize_player(name: str) -> str:
    return name.strip().upper()


class _Errors:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, message: str) -> None:
        self.items.append(message)


def _player(text: str, what: str, players: Collection[str], errors: _Errors) -> str:
    name = normalize_player(text)
    if not name:
        errors.add(f"{what} is missing")
    elif not is_pseudonym(name):
        errors.add(f"{what} {text.strip()!r} is not a three-letter pseudonym")
    elif name not in players:
        errors.add(f"unknown player {name!r}")
    return name


def _trader(text: str, traders: Collection[str], errors: _Errors) -> str:
    for t in traders:
        if t.lower() == text.strip().lower():
            return t
    errors.add(f"unknown trader {text.strip()!r} (traders: {', '.join(traders)})")
    return text.strip()


def _count(text: str, what: str, errors: _Errors) -> int:
    s = text.strip()
    if s.startswith("-") and s[1:].isdigit():
        errors.add(f"{what} {s} is negative")
        return 0
    if not s.isdigit():
        errors.add(f"{what} {s!r} is not a whole number")
        return 0
    value = int(s)
    if value < 1:
        errors.add(f"{what} must be at least 1, not {value}")
    return value


def _amount(text: str, what: str, errors: _Errors) -> Decimal:
    try:
        value = parse_amount(text)
    except ValueError as e:
        errors.add(f"{what}: {e}")
        return Decimal(0)
    if value < 0:
        errors.add(f"{what} {text.strip()} is negative")
    elif value == 0:
        errors.add(f"{what} must be more than 0 Kj")
    elif value != value.to_integral_value():
        errors.add(f"{what} {text.strip()} is not a whole number of Kj")
    return value.quantize(Decimal(1)) if value == value.to_integral_value() else value


def _lottery_number(text: str, errors: _Errors) -> int:
    s = text.strip()
    if not (s.isdigit() and 1 <= len(s) <= 2):
        errors.add(f"Losnummer {s!r} is not a two-digit number 01-49 (5.4)")
        return 0
    value = int(s)
    if not LOTTERY_LOWEST <= value <= LOTTERY_HIGHEST:
        errors.add(f"Losnummer {s} is outside 01-49 (5.4)")
    return value


def _code(text: str) -> str | None:
    s = text.strip().lower()
    if s in ACTION_NAMES:
        return s
    return _NAME_TO_CODE.get(s)


def _parse(
    fields: Sequence[str],
    issuer: str | None,
    players: Collection[str],
    traders: Collection[str],
    errors: _Errors,
) -> Order | None:
    """Parse split fields; ``issuer`` None means "any player" (inside ``e,...,alle``)."""
    if not fields or not fields[0].strip():
        errors.add("the order is empty")
        return None
    code = _code(fields[0])
    if code is None:
        errors.add(f"unknown order code {fields[0].strip()!r} (codes: {', '.join(ACTION_NAMES)})")
        return None
    rest = [f.strip() for f in fields[1:]]
    least, most = _ARITY[code]
    if len(rest) < least or (most is not None and len(rest) > most):
        errors.add(
            f"{ACTION_NAMES[code]} takes {_FORMAT[code]!r}: wrong number of fields "
            f"({len(rest) + 1} given)"
        )
        return None
    me = issuer or ""

    def other(text: str, what: str) -> str:
        name = _player(text, what, players, errors)
        if issuer is not None and name == issuer:
            errors.add(f"{ACTION_NAMES[code]}: a player cannot name himself ({name})")
        return name

    if code == "a":
        named = rest[0]
        if any(t.lower() == named.lower() for t in traders):
            return Accuse(me, _trader(named, traders, errors), True)
        if not is_pseudonym(normalize_player(named)):
            errors.add(f"unknown player or trader {named!r}")
            return None
        return Accuse(me, other(named, "the accused"), False)
    if code == "x":
        points = _count(rest[0], "Punkte", errors)
        return Denounce(me, points, other(rest[1], "the denounced"))
    if code == "v":
        return Rent(me)
    if code == "l":
        return Lottery(me, _lottery_number(rest[0], errors))
    if code == "f":
        return Forge(me, _amount(rest[0], "Betrag", errors))
    if code == "g":
        trader = _trader(rest[0], traders, errors)
        return Bribe(me, trader, _amount(rest[1], "Schmiergeld", errors))
    if code == "p":
        amount = _amount(rest[0], "Betrag", errors)
        guests = tuple(other(g, "guest") for g in rest[1:])
        if len(set(guests)) != len(guests):
            errors.add("a guest is on the guest list twice (6.1)")
        return Party(me, amount, guests)
    if code == "i":
        return Import(me, _count(rest[0], "Anzahl", errors))
    if code == "b":
        return Guard(me, _count(rest[0], "Wachfaktor", errors))
    if code == "d":
        count = _count(rest[0], "Anzahl", errors)
        return Theft(me, count, other(rest[1], "the robbed player"))
    if code == "s":
        amount = _amount(rest[0], "Betrag", errors)
        return Sabotage(me, amount, other(rest[1], "the sabotaged player"))
    # code == "e": everything between the code and the last field is the action.
    last = rest[-1]
    target: str | None = None if last.lower() == ALL else other(last, "the blackmailed player")
    inner = rest[:-1]
    spec: ActionSpec | None = None
    if len(inner) == 1:
        inner_code = _code(inner[0])
        if inner_code is None:
            errors.add(f"Erpressen: unknown action {inner[0]!r} (6.6: one of the 12 actions)")
        else:
            spec = ActionSpec(inner_code)
    else:
        sub = _Errors()
        inner_order = _parse(inner, target, players, traders, sub)
        for message in sub.items:
            errors.add(f"Erpressen, in the action {','.join(inner)!r}: {message}")
        if inner_order is not None and not sub.items:
            spec = ActionSpec(inner_order.CODE, inner_order.args())
    if spec is None:
        return None
    return Blackmail(me, spec, target)


def parse_order(
    text: str,
    player: str,
    *,
    players: Collection[str],
    traders: Collection[str] = TRADERS,
) -> tuple[Order | None, tuple[str, ...]]:
    """Parse ``text`` as ordered by ``player``; ``players`` are the game's pseudonyms.

    Returns ``(order, ())`` or ``(None, errors)``.
    """
    errors = _Errors()
    known = {normalize_player(p) for p in players}
    issuer = _player(player, "the ordering player", known, errors)
    order = _parse(text.split(","), issuer, known, traders, errors)
    if errors.items or order is None:
        return None, tuple(errors.items)
    return order, ()


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
