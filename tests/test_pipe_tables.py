"""The pipe-table fixture builds real workbooks that ledger reads as the banker typed them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.pipe_tables import parse, value


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


def test_a_row_that_does_not_fit_its_headers_is_the_tests_mistake() -> None:
    with pytest.raises(ValueError, match="2 cells under 3 headers"):
        parse("Ships | id | name | owner\n | S1 | Nomad\n")
