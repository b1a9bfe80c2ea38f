"""The pipe-table fixture builds real workbooks that ledger reads as the banker typed them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import rows
from tests.pipe_tables import parse, type_rows, value


def test_a_ship_typed_as_a_table_is_the_books(workbook: Any) -> None:
    book = workbook(
        """
        Players | name | role   | status
                | Ann  | player | free
                | Bob  | player | free
                | Sam  | patrol | free
        Ships   | id | name  | owner | type      | built_at | location | status | supplies
                | S1 | Nomad | Ann   | transport | Ceres    | Ceres    | active | 3
        """
    )
    book("check")
    book("hire", "Ann", "--ship", "Nomad")
    assert book.balances()["player:Ann"] == "23.00"  # 25 - 2 KC for the crew (§13)


def test_cells_are_typed_as_in_excel() -> None:
    assert [value(c) for c in ("", "12.50", "3", "'0042", "yes")] == [None, 12.5, 3, "0042", "yes"]
    sheets = parse(
        """
        Events | type | player | to  | amount
               | pay  | Ann    | Bob | 2.50
        """
    )
    assert sheets == {"Events": (["type", "player", "to", "amount"], [["pay", "Ann", "Bob", 2.5]])}


def test_a_comment_ends_a_line_and_a_hash_in_a_cell_stays() -> None:
    sheets = parse(
        """
        Events | type | memo      # the memo column
               | pay  | invoice#7   # Ann pays Bob
        """
    )
    assert sheets == {"Events": (["type", "memo"], [["pay", "invoice#7"]])}


def test_rows_typed_later_go_under_the_last_row(workbook: Any) -> None:
    book = workbook(
        """
        Events | id | type | player | to  | amount
               | E1 | pay  | Ann    | Bob | 1
        """
    )
    type_rows(
        book,
        """
        Events | id | type | player | to  | amount
               | E2 | pay  | Bob    | Ann | 0.25
        """,
    )
    assert [(r["id"], r["amount"]) for r in rows(book.path, "Events")] == [("E1", 1), ("E2", 0.25)]
    book("post")
    assert book.balances()["player:Ann"] == "24.25"  # 25 - 1 + 0.25


def test_a_row_that_does_not_fit_its_headers_is_the_tests_mistake() -> None:
    with pytest.raises(ValueError, match="2 cells under 3 headers"):
        parse("Ships | id | name | owner\n | S1 | Nomad\n")
