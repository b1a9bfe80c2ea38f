"""A board described in one TOML file (read with the standard library's `tomllib`): the fields in
order, the money, the jail, what a shortfall does and the house rules, checked in one pass.
Every mistake names its line and the field (the key) it is in: `where(line)` says where that
line is (`orbit-row.toml:12` at `ledger new`, `Board!B13` in the workbook). Pure: text in,
records and problems out.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import msgspec

from ledger.core.data import rows
from ledger.core.money import parse_amount
from ledger.core.problems import Problem
from ledger.core.sayings import Sayings

START, LOT, STATION, UTILITY, TAX = "start", "lot", "station", "utility", "tax"
JAIL, GO_TO_JAIL, FREE = "jail", "go-to-jail", "free"
KINDS = (START, LOT, STATION, UTILITY, TAX, JAIL, GO_TO_JAIL, FREE)
#: The fields a player may buy: a lot's rent is by its level, a station's by how many of its
#: group the owner has, a utility's the same times the dice.
OWNABLE = (LOT, STATION, UTILITY)
LOAN, OUT = "loan", "out"
ZERO = Decimal(0)
#: What the board's reader, `ledger check` and the commands say of a mistake, by name
#: (said.csv: its code, message and hint).
SAID = Sayings(__package__ or "ledger.rules.boardfile")


class Square(msgspec.Struct, frozen=True):
    """A field of the board, numbered from 1 (the start) in the file's order."""

    number: int
    name: str
    kind: str
    group: str = ""
    price: Decimal = ZERO
    rents: tuple[Decimal, ...] = ()
    amount: Decimal = ZERO  # a tax

    @property
    def ownable(self) -> bool:
        return self.kind in OWNABLE


class Rules(msgspec.Struct, frozen=True):
    """What the file says, every amount a Decimal."""

    name: str
    squares: tuple[Square, ...]
    start_money: Decimal
    pass_start: Decimal
    land_on_start: Decimal
    shortfall: str
    loan_limit: Decimal
    full_group_rent: Decimal
    buy_on_landing: bool
    jail_fine: Decimal
    pot: bool
    pot_bonus: Decimal
    double_start: bool

    @property
    def jail(self) -> int:
        """The jail's field (0 when the board has none)."""
        return next((s.number for s in self.squares if s.kind == JAIL), 0)

    def group(self, name: str) -> list[Square]:
        return [s for s in self.squares if s.group == name and s.ownable]


def _keys() -> dict[str, dict[str, tuple[str, Any]]]:
    """The keys a file may have, by table ("": the top, "field": a [[field]]), from keys.csv:
    how each is read and its default (None: required)."""
    keys: dict[str, dict[str, tuple[str, Any]]] = {}
    for row in rows(__package__ or "ledger.rules.boardfile", "keys.csv"):
        kind, text = row["read as"], row["default"]
        default: Any = Decimal(text) if kind in ("money", "factor", "percent") and text else text
        default = (text == "true") if kind == "bool" else default
        keys.setdefault(row["table"], {})[row["key"]] = (kind, default if text else None)
    return keys


KEYS = _keys()
TOP, JAIL_KEYS, HOUSE_KEYS = KEYS[""], KEYS["jail"], KEYS["house_rules"]
FIELD_KEYS = tuple(KEYS["field"])
#: The keys each kind of field needs; it has no use for the others.
WANTS = dict.fromkeys(OWNABLE, ("group", "price", "rents")) | {TAX: ("amount",)}
TABLES = {"jail": JAIL_KEYS, "house_rules": HOUSE_KEYS}
#: What a value read each way must be, as a mistake says it (wanted.csv).
_WANTED = {
    r["read as"]: r["wanted"] for r in rows(__package__ or "ledger.rules.boardfile", "wanted.csv")
}


def lines_of(text: str) -> dict[tuple[str, int, str], int]:
    """Where each key is: (table, its index among the tables of that name, key) -> line; the
    key "" is the table's header. A key of a table written inline is found at the table's."""
    found: dict[tuple[str, int, str], int] = {}
    table, counts = "", {"": 0}
    for n, line in enumerate(text.splitlines(), start=1):
        head = re.match(r"\s*\[\[?\s*([\w.-]+)\s*\]\]?", line)
        if head:
            table = head.group(1)
            counts[table] = counts.get(table, 0) + 1
            found[(table, counts[table] - 1, "")] = n
            continue
        key = re.match(r"\s*([\w-]+)\s*=", line)
        if key:
            found.setdefault((table, counts.get(table, 1) - 1 if table else 0, key.group(1)), n)
    return found


class _Reader:
    """Reads the parsed file's values, collecting the problems with their lines."""

    def __init__(self, text: str, where: Callable[[int], str]) -> None:
        self.at = lines_of(text)
        self.where = where
        self.found: list[tuple[int, Problem]] = []

    def line(self, table: str, index: int, key: str) -> int:
        found = self.at.get((table, index, key))
        if found is None and not table:  # a table the top does not know: its header's line
            found = self.at.get((key, 0, ""))
        return found or self.at.get((table, index, ""), 1)

    def say(self, name: str, place: tuple[str, int, str], /, **fields: object) -> None:
        """The saying `name` (said.csv) of the key at `place`, its line in front."""
        n = self.line(*place)
        said = SAID.problem(name, self.where(n), **fields)
        message = f"line {n}: {said.message}"
        self.found.append((n, msgspec.structs.replace(said, message=message)))

    @property
    def problems(self) -> list[Problem]:
        """Every mistake, in the order of the file's lines."""
        return [p for _, p in sorted(self.found, key=lambda x: x[0])]

    def value(self, kind: str, raw: Any, place: tuple[str, int, str], label: str) -> Any:
        """`raw` read as `kind`, or None with its problem."""
        read = _READERS[kind](raw)
        if read is None:
            wanted, why = _WANTED[kind], _why(raw, kind)
            self.say("bad-value", place, label=label, shown=_shown(raw), wanted=wanted, why=why)
        return read

    def table(
        self, data: dict[str, Any], name: str, keys: dict[str, tuple[str, Any]]
    ) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in data:
            if key not in keys:
                label, known = _label(name, key), ", ".join(keys)
                self.say("unknown-key", (name, 0, key), label=label, known=known)
        for key, (kind, default) in keys.items():
            if key not in data:
                if default is None:
                    self.say("missing-key", (name, 0, ""), key=key, wanted=_WANTED[kind])
                out[key] = default
                continue
            out[key] = self.value(kind, data[key], (name, 0, key), _label(name, key))
        return out


def _shown(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


def _why(raw: Any, kind: str) -> str:
    """Why a value is no amount, as the amounts' reader says it (more than a cell holds, more
    than two decimals, below 0), else how to write what is wanted."""
    if kind in ("money", "factor", "percent", "rents") and not isinstance(raw, bool):
        for one in raw if isinstance(raw, list) else [raw]:
            if isinstance(one, int | float | str):
                try:
                    if parse_amount(str(one)) < 0:
                        return f"{one} is below 0"
                except ValueError as exc:
                    return str(exc)
    return f"write {_WANTED[kind]}"


def _label(table: str, key: str) -> str:
    return f"[{table}] {key}" if table else key


def _money(raw: Any) -> Decimal | None:
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        return None
    try:
        amount = parse_amount(str(raw))
    except ValueError:
        return None
    return amount if amount >= 0 else None


def _factor(raw: Any) -> Decimal | None:
    amount = _money(raw)
    return amount if amount is not None and amount >= 1 else None


def _percent(raw: Any) -> Decimal | None:
    amount = _money(raw)
    return amount if amount is not None and amount <= 100 else None


_READERS: dict[str, Callable[[Any], Any]] = {
    "money": _money,
    "factor": _factor,
    "percent": _percent,
    "bool": lambda raw: raw if isinstance(raw, bool) else None,
    "text": lambda raw: raw.strip() if isinstance(raw, str) and raw.strip() else None,
    "shortfall": lambda raw: raw if raw in (LOAN, OUT) else None,
    "kind": lambda raw: raw if raw in KINDS else None,
    "rents": lambda raw: (
        tuple(_money(r) for r in raw)
        if isinstance(raw, list) and raw and None not in [_money(r) for r in raw]
        else None
    ),
}


def read(text: str, where: Callable[[int], str]) -> tuple[Rules | None, list[Problem]]:
    """The board `text` describes, and every mistake in it (the rules are None when there is
    one)."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # not TOML; nested past reading; a huge number
        n = int(m.group(1)) if (m := re.search(r"line (\d+)", str(exc))) else 1
        why = (
            str(exc)
            if isinstance(exc, tomllib.TOMLDecodeError)
            else "it nests deeper than a board needs"
            if isinstance(exc, RecursionError)
            else "it holds a number too long to read"
        )
        return None, [SAID.problem("not-toml", where(n), n=n, why=why)]
    r = _Reader(text, where)
    tables = {k: v for k, v in data.items() if k in TABLES and isinstance(v, dict)}
    top = r.table({k: v for k, v in data.items() if k not in (*tables, "field")}, "", TOP)
    inner = {name: r.table(tables.get(name, {}), name, keys) for name, keys in TABLES.items()}
    squares = _squares(r, data.get("field"))
    if r.problems or squares is None:
        return None, r.problems
    # the keys of the top and of [house_rules] are the rules' fields; [jail] fine the jail's
    rules = Rules(squares=squares, jail_fine=inner["jail"]["fine"], **top, **inner["house_rules"])
    return rules, []


def _squares(r: _Reader, raw: Any) -> tuple[Square, ...] | None:
    """The [[field]] tables in order, each checked, then the board as a whole."""
    if not isinstance(raw, list) or not raw:
        r.say("no-fields", ("", 0, ""))
        return None
    out: list[Square] = []
    sketches: list[Square] = []  # each field as far as it reads: the layout is checked too
    for i, data in enumerate(raw):
        square, sketch = _square(r, i, data if isinstance(data, dict) else {})
        out += [square] if square is not None else []
        sketches += [sketch] if sketch is not None else []
    if len(out) == len(raw):
        _layout(r, out)
        return tuple(out)
    if len(sketches) == len(raw):  # the fields' own mistakes and the board's, in one pass
        _layout(r, sketches, complete=False)
    return None


def _square(r: _Reader, i: int, data: dict[str, Any]) -> tuple[Square | None, Square | None]:
    """The field, or None with its problems; and its sketch (its name, kind and group, for
    the layout's checks), None when its name or kind cannot be read."""
    before = len(r.problems)
    at = ("field", i, "")
    for key in data:
        if key not in FIELD_KEYS:
            known = ", ".join(FIELD_KEYS)
            r.say("unknown-field-key", ("field", i, key), i=i + 1, key=key, known=known)
    values: dict[str, Any] = {}
    for key, (kind, _) in list(KEYS["field"].items())[:2]:  # name and kind
        if key not in data:
            r.say("field-without", at, i=i + 1, key=key, wanted=_WANTED[kind])
        else:
            values[key] = r.value(kind, data[key], ("field", i, key), f"field {i + 1}'s {key}")
    kind = values.get("kind")
    wants = WANTS.get(kind or "", ())
    for key, (read_as, _) in list(KEYS["field"].items())[2:]:
        _one(r, i, data, values, key, read_as, key in wants, kind)
    if values.get("name") is None or kind is None:
        return None, None
    sketch = Square(i + 1, values["name"], kind, values.get("group") or "")
    return (None if len(r.problems) > before else Square(i + 1, **values)), sketch


def _one(
    r: _Reader,
    i: int,
    data: dict[str, Any],
    values: dict[str, Any],
    key: str,
    read_as: str,
    wanted: bool,
    kind: str | None,
) -> None:
    """A field's key its kind wants (missing: a problem), or one it has no use for."""
    place = ("field", i, key)
    if key not in data:
        if wanted:
            words = {"kind": kind, "key": key, "wanted": _WANTED[read_as]}
            r.say("kind-without", ("field", i, ""), i=i + 1, **words)
        return
    if not wanted and kind is not None:
        r.say("no-use-for", place, i=i + 1, kind=kind, key=key)
        return
    found = r.value(read_as, data[key], place, f"field {i + 1}'s {key}")
    if found is not None:
        values[key] = found


def _layout(r: _Reader, squares: list[Square], complete: bool = True) -> None:
    """The board as a whole: the start first and once, one jail where a field sends players
    to it, names once, a group all of one kind with a rent for every count of it."""
    starts = [s for s in squares if s.kind == START]
    if not starts or squares[0].kind != START or len(starts) > 1:
        r.say("start-first", ("field", 0, "kind"))
    jails = [s for s in squares if s.kind == JAIL]
    if len(jails) > 1 or (not jails and any(s.kind == GO_TO_JAIL for s in squares)):
        at = (jails[1].number - 1) if len(jails) > 1 else 0
        r.say("one-jail", ("field", at, "kind"), count=len(jails))
    seen: dict[str, int] = {}
    for s in squares:
        if s.name.casefold() in seen:
            first = seen[s.name.casefold()]
            r.say("name-twice", ("field", s.number - 1, "name"), s=s, first=first)
        seen.setdefault(s.name.casefold(), s.number)
    _groups(r, squares, complete)


def _groups(r: _Reader, squares: list[Square], complete: bool) -> None:
    """A group is all of one kind; a station's or utility's rents cover every count of it."""
    groups: dict[str, list[Square]] = {}
    for s in squares:
        if s.ownable:
            groups.setdefault(s.group, []).append(s)
    for name, members in groups.items():
        kinds = {s.kind for s in members}
        for s in members:
            if len(kinds) > 1:
                mixed = ", ".join(sorted(kinds))
                r.say("mixed-group", ("field", s.number - 1, "group"), name=name, kinds=mixed)
            elif complete and s.kind != LOT and len(s.rents) < len(members):
                counts = {"count": len(members), "rents": len(s.rents)}
                r.say("rent-a-count", ("field", s.number - 1, "rents"), s=s, name=name, **counts)
