"""Reading an order of "Das kleine Egon-Spiel" as written into its record (orders.py).

"Im Zweifelsfall kann die Aktion auch immer ausgeschrieben werden" (5.): the code may be the
action's name (``Anzeige,XYZ``). Codes, players and traders are read without regard to case;
players are three-letter pseudonyms (README), a Losnummer is 01-49 (5.4), a blackmail names an
action and ``alle`` or a player (6.6).

`parse_order` returns ``(order, ())`` or ``(None, errors)``; every error is a sentence naming
the reason. `read_order` gives each error as an `OrderError` with its hint (a mistyped player's
nearest name) and whether it is about the ordering player or the order's text. Nothing here
looks at a game state: who is in jail or out is `evaluate`'s business.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from decimal import Decimal
from typing import get_args

import msgspec

from ledger.core.money import parse_amount
from ledger.core.names import did_you_mean
from ledger.core.problems import Problem, problem
from ledger.rules.egon.orders import (
    ACTION_NAMES,
    ALL,
    ORDER_KINDS,
    PHASE_OF_CODE,
    Accuse,
    ActionSpec,
    Blackmail,
    Order,
    Party,
)
from ledger.rules.egon.tables import (
    LOTTERY_HIGHEST,
    LOTTERY_LOWEST,
    ORDER_COUNT_MOST,
    ORDER_KJ_MOST,
    TRADERS,
)

_NAME_TO_CODE: dict[str, str] = {k.name.lower(): c for c, k in ORDER_KINDS.items()} | {
    k.also: c for c, k in ORDER_KINDS.items() if k.also
}


def phase_of_text(text: str) -> int | None:
    """The action phase of an order as written (its code or action name), None if unknown."""
    code = _code(text.split(",", 1)[0])
    return PHASE_OF_CODE[code] if code else None


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------


def is_pseudonym(name: str) -> bool:
    """A player's three-letter pseudonym (README: "three-letter pseudonyms")."""
    return len(name) == 3 and name.isalpha()


def normalize_player(name: str) -> str:
    return name.strip().upper()


class OrderError(msgspec.Struct, frozen=True):
    """Why an order cannot be read: the sentence, what to do (may be empty), and whether it is
    about the ordering player (the PLAYER argument, the Orders sheet's player column) rather
    than the order's text."""

    message: str
    hint: str = ""
    about_player: bool = False

    def problem(self, at_player: str, at_order: str, *, label: str = "", hint: str = "") -> Problem:
        """The error as a problem named at the ordering player or at the order; `hint` when
        the error has none."""
        code, where = (
            ("unknown-player", at_player) if self.about_player else ("bad-order", at_order)
        )
        return problem(code, where, label + self.message, self.hint or hint)


class _Errors:
    def __init__(self) -> None:
        self.found: list[OrderError] = []

    def add(self, message: str, hint: str = "", *, about_player: bool = False) -> None:
        self.found.append(OrderError(message, hint, about_player))


def _player(
    text: str,
    what: str,
    players: Collection[str],
    errors: _Errors,
    *,
    about_player: bool = False,
) -> str:
    name = normalize_player(text)
    hint = did_you_mean(name, players) + "players: " + ", ".join(players)
    if not name:
        errors.add(f"{what} is missing", hint, about_player=about_player)
    elif not is_pseudonym(name):
        errors.add(
            f"{what} {text.strip()!r} is not a three-letter pseudonym",
            hint,
            about_player=about_player,
        )
    elif name not in players:
        errors.add(f"unknown player {name!r}", hint, about_player=about_player)
    return name


def _trader(text: str, traders: Collection[str], errors: _Errors) -> str:
    for t in traders:
        if t.lower() == text.strip().lower():
            return t
    errors.add(
        f"unknown trader {text.strip()!r} (traders: {', '.join(traders)})",
        did_you_mean(text, traders).strip(),
    )
    return text.strip()


def _digits(s: str) -> bool:
    """0-9 alone: `str.isdigit` also takes ² and ٣, which `int` reads wrongly or not at all."""
    return s.isascii() and s.isdigit()


def _count(text: str, what: str, errors: _Errors) -> int:
    s = text.strip()
    if s.startswith("-") and _digits(s[1:]):
        errors.add(f"{what} {s} is negative")
        return 0
    if not _digits(s):
        errors.add(f"{what} {s!r} is not a whole number")
        return 0
    value = int(s) if len(s) <= 9 else ORDER_COUNT_MOST + 1  # a long one is too many
    if value < 1:
        errors.add(f"{what} must be at least 1, not {value}")
    elif value > ORDER_COUNT_MOST:
        shown = s if len(s) <= 12 else s[:12] + "..."
        errors.add(f"{what} {shown} is more than an order carries: at most {ORDER_COUNT_MOST}")
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
    elif value > ORDER_KJ_MOST:
        errors.add(f"{what} {value} Kj is more than an order carries: at most {ORDER_KJ_MOST:,} Kj")
    elif value != value.to_integral_value():
        errors.add(f"{what} {text.strip()} is not a whole number of Kj")
    return value.to_integral_value() if value == value.to_integral_value() else value


def _lottery_number(text: str, errors: _Errors) -> int:
    s = text.strip()
    if not (_digits(s) and 1 <= len(s) <= 2):
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
    kind = ORDER_KINDS[code]
    if len(rest) < kind.least or (kind.most is not None and len(rest) > kind.most):
        errors.add(
            f"{kind.name} takes {kind.form!r}: wrong number of fields ({len(rest) + 1} given)"
        )
        return None
    return _READERS.get(code, _as_read)(_Reader(issuer, code, players, traders, errors), rest)


class _Reader(msgspec.Struct, frozen=True):
    """What an order's fields are read against: who orders (None: any player), the game's
    players and traders, and where the errors go."""

    issuer: str | None
    code: str
    players: Collection[str]
    traders: Collection[str]
    errors: _Errors

    @property
    def me(self) -> str:
        return self.issuer or ""

    def other(self, text: str, what: str) -> str:
        name = _player(text, what, self.players, self.errors)
        if self.issuer is not None and name == self.issuer:
            self.errors.add(f"{ACTION_NAMES[self.code]}: a player cannot name himself ({name})")
        return name


def _accuse(r: _Reader, rest: list[str]) -> Order | None:
    named = rest[0]
    if any(t.lower() == named.lower() for t in r.traders):
        return Accuse(r.me, _trader(named, r.traders, r.errors), True)
    if not is_pseudonym(normalize_player(named)):
        r.errors.add(
            f"unknown player or trader {named!r}",
            did_you_mean(named, [*r.players, *r.traders])
            + f"players: {', '.join(r.players)}; traders: {', '.join(r.traders)}",
        )
        return None
    return Accuse(r.me, r.other(named, "the accused"), False)


def _party(r: _Reader, rest: list[str]) -> Order:
    amount = _amount(rest[0], "Betrag", r.errors)
    guests = tuple(r.other(g, "guest") for g in rest[1:])
    if len(set(guests)) != len(guests):
        r.errors.add("a guest is on the guest list twice (6.1)")
    return Party(r.me, amount, guests)


def _blackmail(r: _Reader, rest: list[str]) -> Order | None:
    """6.6: everything between the code and the last field is the action."""
    last, inner = rest[-1], rest[:-1]
    target = None if last.lower() == ALL else r.other(last, "the blackmailed player")
    if len(inner) == 1:
        code = _code(inner[0])
        if code is None:
            r.errors.add(f"Erpressen: unknown action {inner[0]!r} (6.6: one of the 12 actions)")
        return None if code is None else Blackmail(r.me, ActionSpec(code), target)
    sub = _Errors()
    order = _parse(inner, target, r.players, r.traders, sub)
    for e in sub.found:
        r.errors.add(f"Erpressen, in the action {','.join(inner)!r}: {e.message}", e.hint)
    if order is None or sub.found:
        return None
    return Blackmail(r.me, ActionSpec(order.CODE, order.args()), target)


#: How a field is read, by the kind orders.csv names in its ``reads`` column.
_READ: dict[str, Callable[[_Reader, str, str], object]] = {
    "count": lambda r, text, what: _count(text, what, r.errors),
    "amount": lambda r, text, what: _amount(text, what, r.errors),
    "other": lambda r, text, what: r.other(text, what),
    "trader": lambda r, text, what: _trader(text, r.traders, r.errors),
    "lottery": lambda r, text, what: _lottery_number(text, r.errors),
}
#: Each code's order record (its fields after the player are those orders.csv reads).
_RECORDS: dict[str, Callable[..., Order]] = {k.CODE: k for k in get_args(Order)}


def _as_read(r: _Reader, rest: list[str]) -> Order:
    """The fields read into the order as its row of orders.csv says, left to right (so are
    the errors)."""
    reads = [field.split(" ", 1) for field in ORDER_KINDS[r.code].reads.split(";") if field]
    values = [_READ[kind](r, text, what) for (kind, what), text in zip(reads, rest, strict=True)]
    return _RECORDS[r.code](r.me, *values)


#: The codes whose fields are read by a function of their own (the others: `_as_read`).
_READERS: dict[str, Callable[[_Reader, list[str]], Order | None]] = {
    "a": _accuse,
    "p": _party,
    "e": _blackmail,
}


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
    order, errors = read_order(text, player, players=players, traders=traders)
    return order, tuple(e.message for e in errors)


def read_order(
    text: str,
    player: str,
    *,
    players: Collection[str],
    traders: Collection[str] = TRADERS,
) -> tuple[Order | None, tuple[OrderError, ...]]:
    """`parse_order` with each error's hint and whether it is about the ordering player."""
    errors = _Errors()
    known = list(dict.fromkeys(normalize_player(p) for p in players))
    issuer = _player(player, "the ordering player", known, errors, about_player=True)
    order = _parse(text.split(","), issuer, known, traders, errors)
    if errors.found or order is None:
        return None, tuple(errors.found)
    return order, ()
