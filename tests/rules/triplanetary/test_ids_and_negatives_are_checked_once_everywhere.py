"""Ids name the rows other rows and commands refer to (`liner close L1`, a transfer's T1): an id
used twice is named by `ledger check` in the Liners (§28, §40), Underwriting (§31), Branches
(§30) and Transfers (§21) sheets as in the others (those four were not looked at); and a
negative value is named once, by the negatives' rule."""

from __future__ import annotations

import pytest

from tests.memory import table

ROWS = {
    "Liners": "Liners | id | owner | frm | to | status\n | L1 | Ann | Earth | Mars | open\n"
    " | L1 | Bob | Mars | Earth | open\n",
    "Underwriting": "Underwriting | id | owner | ship | good | qty | status\n"
    " | U1 | Ann | S1 | ore | 1 | settled\n | U1 | Bob | S1 | ore | 1 | settled\n",
    "Branches": "Branches | id | owner | base | status\n | BB1 | Ann | | shipping\n"
    " | BB1 | Bob | | shipping\n",
    "Transfers": "Transfers | id | owner | good | qty | source | target | status\n"
    " | T1 | Ann | ore | 1 | B1 | B2 | done\n | T1 | Bob | ore | 1 | B1 | B2 | done\n",
}


@pytest.mark.parametrize("sheet", sorted(ROWS))
def test_s21_s28_s30_s31_an_id_used_twice_is_named_in_every_sheet(sheet: str) -> None:
    t = table(game="triplanetary", players=("Ann", "Bob"))
    t.type_rows(ROWS[sheet])
    said = t.check()
    assert f"{sheet}!A3: duplicate-id the id" in said, said


def test_s14_a_posts_negative_supplies_is_named_once() -> None:
    """§14: supplies are units, never below 0: `ledger check` named the cell twice, once by
    the posts' rule (negative-supplies) and once by the negatives' (negative-value)."""
    t = table(game="triplanetary", players=("Ann", "Bob"))
    t.type_rows("Bases | id | owner | type | name | supplies\n | B1 | Ann | base | Rock | -3\n")
    said = t.check()
    assert said.count("Bases!") == 1, said
    assert "Bases!J2: negative-value supplies of Rock cannot be negative" in said
