"""A column whose value must be one of a list (a player, another sheet's id, a state), as one
shared step a game gives its data: a table (its checks.csv, a row a column) of the rule that
runs the check, the sheet and the column, the name of the list, and the problem's code, message
and hint; the game names each list's values when its rule runs."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Any

import msgspec

from ledger.core import data
from ledger.core.problems import Problem, problem


class Among(msgspec.Struct, frozen=True):
    """A column of a sheet's records that holds one of the list `among`, else the problem
    `code`: `said` is its message (`{value!r}` the cell's value, `{id}` and any other field
    of the record), `hint` its hint (`{among}` the list, joined by commas); with `blank`, an
    empty cell is fine."""

    rule: str
    sheet: str
    column: str
    among: str
    code: str
    said: str
    hint: str
    blank: bool = False


def table(package: str, name: str = "checks.csv") -> dict[str, tuple[Among, ...]]:
    """The checks of the table `name` in `package`'s folder (columns rule, sheet, column,
    among, code, said, hint, blank), by the rule that runs them, in the table's order."""
    found: dict[str, list[Among]] = {}
    for row in data.rows(package, name):
        check = msgspec.convert({**row, "blank": row["blank"] == "yes"}, Among)
        found.setdefault(check.rule, []).append(check)
    return {rule: tuple(checks) for rule, checks in found.items()}


def problems(
    record: Any,
    checks: Iterable[Among],
    lists: Mapping[str, Collection[str]],
    where: Callable[[Any, str], str],
) -> Iterator[Problem]:
    """What `record` breaks of `checks`, in their order, each naming its cell (`where(record,
    column)`); `lists` gives each list's values, in the order a hint shows them."""
    for check in checks:
        value = getattr(record, check.column)
        known = lists[check.among]
        if value in known or (check.blank and not value):
            continue
        fields = {name: getattr(record, name) for name in record.__struct_fields__}
        yield problem(
            check.code,
            where(record, check.column),
            check.said.format_map({**fields, "value": value}),
            check.hint.format(among=", ".join(known)),
        )
