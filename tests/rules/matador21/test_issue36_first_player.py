"""Issue 36, item 3: `ledger new --game matador21` says who was drawn to begin (301.4) and
the colours drawn (301.1), as the Dice sheet records them."""

from __future__ import annotations

from tests.conftest import Ledger


def test_issue36_new_says_who_was_drawn_to_begin(ledger: Ledger) -> None:
    said = ledger("new", "--game", "matador21", "--seed", "3", "-p", "Ann", "-p", "Bob", "-p", "Cy")
    turn = ledger("status", "--json").json()["turn"]
    assert (
        f"The first player (301.4): {turn} begins (a 2 on a 3-sided die, drawn from the seed)."
        in said.stderr
    )
    assert "Colour of Ann (301.1): Ann is red" in said.stderr
