"""Planetopoly: the states of the books each command refuses to act on (docs/commands.md names
these tests), and the defects the machine (test_planetopoly_machine.py) found, each through the
real CLI on a real workbook. Numbers of the example board: see test_planetopoly_rules.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import Ledger, add_rows

Table = Callable[[str], Ledger]

TWO = """
    Players | name | role
            | Ann  | player
            | Bob  | player
"""


@pytest.fixture
def planetopoly(workbook: Any) -> Table:
    def build(text: str) -> Ledger:
        return workbook(text, game="planetopoly")  # type: ignore[no-any-return]

    return build


def refused(book: Ledger, *args: str) -> str:
    """The command is refused, nothing is written, and the message is returned."""
    before = book.path.read_bytes()
    run = book(*args, expect=1)
    assert "nothing was written" in run.stderr, run.stderr
    assert book.path.read_bytes() == before
    return run.stderr


def cash(book: Ledger, name: str) -> str:
    return str(book("balance", "--json").json()["players"][name])


# -- §2 the game won ------------------------------------------------------------------------------


@pytest.fixture
def ann_has_won(planetopoly: Table) -> Ledger:
    """Ann and Bob; Bob has lost (a debt of 500 and nothing to mortgage): Ann has won (§2)."""
    book = planetopoly(TWO)
    book("event", "Bob", "--pay", "3500")
    return book


@pytest.mark.parametrize("args", [("Ann", "bank", "10"), ("bank", "Ann", "10")])
def test_2_a_won_game_refuses_a_payment(ann_has_won: Ledger, args: tuple[str, ...]) -> None:
    """The machine found `ledger pay` taken after the game was won: §2 the game is over."""
    said = refused(ann_has_won, "pay", *args)
    assert "game-over §2: the game is over: Ann is the player left and has won" in said
    assert cash(ann_has_won, "Ann") == "3000.00"


def test_2_a_won_game_refuses_a_pay_row_of_events(ann_has_won: Ledger) -> None:
    add_rows(ann_has_won.path, "Events", [[None, None, "pay", "bank", "Ann", 10]])
    run = ann_has_won("post", expect=1)
    assert "Events!E2: game-over §2: the game is over" in run.stderr, run.stderr
    assert cash(ann_has_won, "Ann") == "3000.00"
