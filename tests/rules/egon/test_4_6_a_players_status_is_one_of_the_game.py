"""4.6, 2: a player is free (frei), in the Gefängnis or the Zuchthaus, or out (ausgeschieden);
a status typed in Players that is none of these is named by its cell by `ledger check` and
refuses the commands that would play on it (the tick ended in an internal error, ValueError)."""

from __future__ import annotations

import pytest

from tests.memory import table

SAID = "Players!G2: bad-status 'x' is not a status of the game"


@pytest.mark.parametrize("status", ["frei", "Gefängnis", "Zuchthaus", "ausgeschieden", None])
def test_4_6_the_games_statuses_are_clean(status: str | None) -> None:
    t = table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)
    t.edit_cells({"Players!G2": status})
    assert "bad-status" not in t.check()


def test_4_6_another_status_is_named_by_its_cell_and_refuses_the_next_command() -> None:
    t = table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)
    t.edit_cells({"Players!G2": "x"})
    said = t.check(clean=False)
    assert SAID in said
    assert "hint: one of: frei, Gefängnis, Zuchthaus, ausgeschieden" in said
    assert SAID in t.refusal("draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6 --max-price 60")
