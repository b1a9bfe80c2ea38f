"""The shared step of a column that must hold one of a list: each check in the table's order,
the message and hint from the row, an empty cell fine only where the row says so."""

from __future__ import annotations

import msgspec

from ledger.core.among import Among, problems


class Row(msgspec.Struct, frozen=True):
    id: str
    owner: str
    post: str = ""


CHECKS = (
    Among(
        "o",
        "Rows",
        "owner",
        "players",
        "unknown-owner",
        "{value!r} is no player",
        "one of: {among}",
    ),
    Among("o", "Rows", "post", "posts", "unknown-post", "{id} mans {value!r}", "", blank=True),
)


def _where(record: Row, column: str) -> str:
    return f"{record.id}.{column}"


def test_each_check_in_order() -> None:
    lists = {"players": ("Ann", "Bob"), "posts": {"S1"}}
    found = list(problems(Row("C1", "Cy", "S9"), CHECKS, lists, _where))
    assert [(p.code, p.where, p.message, p.hint) for p in found] == [
        ("unknown-owner", "C1.owner", "'Cy' is no player", "one of: Ann, Bob"),
        ("unknown-post", "C1.post", "C1 mans 'S9'", ""),
    ]


def test_an_empty_cell_only_where_the_row_allows_it() -> None:
    lists = {"players": ("Ann",), "posts": {"S1"}}
    assert not list(problems(Row("C1", "Ann"), CHECKS, lists, _where))
    found = list(problems(Row("C1", ""), CHECKS, lists, _where))
    assert [p.code for p in found] == ["unknown-owner"]
