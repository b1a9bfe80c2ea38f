"""A game's tables as data: CSV files in its folder, a row an entry with the rule it comes from,
read as text (`importlib.resources`: from the installed package as from a checkout)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from decimal import Decimal
from importlib import resources
from typing import Any, TypeVar, cast

import msgspec

from ledger.core.params import Refusal
from ledger.core.schema import Kind, Setting

T = TypeVar("T")


def rows(package: str, name: str) -> list[dict[str, str]]:
    """The rows of the table `name` in `package`'s folder, each by its header."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def records(package: str, name: str, kind: type[T]) -> tuple[T, ...]:
    """The rows of the table `name` as records of `kind` (a msgspec Struct whose fields are
    the columns; an empty cell is the field's default, a column it has not, such as `rule`,
    is the table's note)."""
    return tuple(
        msgspec.convert({k: v for k, v in row.items() if v != ""}, kind, strict=False)
        for row in rows(package, name)
    )


def refusals(package: str, name: str = "refusals.csv") -> dict[str, tuple[Refusal, ...]]:
    """What each command refuses (columns command, state, rule, test), in the table's order;
    a row with no state lists a command that refuses nothing of its own."""
    found: dict[str, list[Refusal]] = {}
    for row in rows(package, name):
        listed = found.setdefault(row["command"], [])
        if row["state"]:
            listed.append(Refusal(row["state"], row["rule"], row["test"]))
    return {command: tuple(listed) for command, listed in found.items()}


_DEFAULTS: dict[str, Callable[[str], Any]] = {
    "money": Decimal,
    "decimal": Decimal,
    "int": int,
    "day": int,
    "bool": lambda text: text == "yes",
    "text": str,
}


def numbers(package: str, name: str = "numbers.csv") -> dict[str, Any]:
    """A game's printed numbers by key (columns key, value, kind, rule, note): the value read
    as its kind is read in settings.csv, `names` a tuple of the words of the cell."""
    read = _DEFAULTS | {"names": lambda text: tuple(text.split())}
    return {row["key"]: read[row["kind"]](row["value"]) for row in rows(package, name)}


def settings(package: str, name: str = "settings.csv") -> tuple[Setting, ...]:
    """A game's house-rule settings in the order the Settings sheet shows them (columns key,
    default, kind, rule, description; a flag's default `yes` or `no`)."""
    return tuple(
        Setting(
            row["key"],
            _DEFAULTS[row["kind"]](row["default"]),
            cast(Kind, row["kind"]),
            row["rule"],
            row["description"],
        )
        for row in rows(package, name)
    )
