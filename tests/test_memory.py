"""The books in memory (tests/memory.py) are the books a file gives: the same pipe tables and
commands run in memory and through the real CLI on a real .xlsx end with the same sheets, row
for row, in every game (issue 37). A rule test moved to memory asserts the same figures."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from ledger.io.sheet_read import read_raw
from tests.conftest import Ledger
from tests.memory import Table, as_read, refused, table
from tests.pipe_tables import workbook

SCENES: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "triplanetary": (
        """
        Ships | id | name  | owner | type      | status | location | supplies
              | S1 | Nomad | Ann   | transport | active | Ceres    | 3
        """,
        {"patrol": "Sam"},
        ["pay Ann Bob 3.25", "hire Ann --ship Nomad", "office open Bob --at Ceres", "tick 45"],
    ),
    "planetopoly": (
        "",
        {"players": ("Ann", "Bob", "Cy")},
        ["start Ann", "buy Ann lyra-1", "rent Bob lyra-1", "risk Cy --dice 3,5", "pay Cy Ann 5"],
    ),
    "matador21": ("", {"first": "Ann"}, ["roll --dice 6,4", "roll --dice 3,4", "tick 2"]),
    "egon": (
        "",
        {"players": ("ABC", "BOB", "CAT")},
        ["order ABC x,5,BOB", "order BOB l,17", "purchase BOB 3 180", "draw", "tick"],
    ),
}


def sheets_of(t: Table) -> dict[str, list[list[Any]]]:
    """Every sheet's rows as the loader reads them, the game's random id left out."""
    return {
        s.name: [
            list(row) for _, row in s.rows if not (s.name == "Settings" and row[0] == "game_id")
        ]
        for s in as_read(t.books)
    }


@pytest.mark.parametrize("game", sorted(SCENES))
def test_37_a_game_in_memory_is_the_game_on_file(game: str, tmp_path: Any) -> None:
    text, options, lines = SCENES[game]
    players = options.get("players", ("Ann", "Bob"))
    in_memory = table(text, game=game, seed=7, players=players, first=options.get("first"))
    on_file: Ledger = workbook(
        tmp_path, text, game=game, seed=7, players=players, patrol=options.get("patrol")
    )
    if options.get("first"):  # the 21-field game's first player, as `new --first` names it
        on_file(
            "new",
            "--game",
            game,
            "--seed",
            "7",
            "--force",
            "--first",
            options["first"],
            *(a for p in players for a in ("--player", p)),
        )
    for line in lines:
        in_memory(line)
        on_file(*line.split(" "))
    read = Table(read_raw(on_file.path))
    assert not [p for p in read.problems if p.is_error]
    assert sheets_of(in_memory) == sheets_of(read)


def test_37_a_refusal_in_memory_leaves_the_books_as_they_were() -> None:
    t = table()
    before = sheets_of(t)
    with refused("overdrawn"):
        t("pay Ann Bob 1000")
    assert sheets_of(t) == before and t.cash("Ann") == Decimal("25.00")


def test_37_rows_typed_between_two_commands_are_posted_by_the_next() -> None:
    t = table()
    t.type_rows(
        """
        Events | type | player | to  | amount
               | pay  | Ann    | Bob | 2.50
        """
    )
    said = t("tick 1")
    assert "Events!A2: pay Ann -> txn 4" in said
    assert (t.cash("Ann"), t.cash("Bob")) == (Decimal("22.50"), Decimal("27.50"))


def test_37_a_typed_mistake_is_named_by_its_cell() -> None:
    t = table(
        """
        Events | type | player | to  | amount
               | pay  | Ann    | Bob | 12,5
        """
    )
    with refused("not-a-number") as found:
        t("tick 1")
    assert found[0].where == "Events!F2"


def test_37_check_says_what_ledger_check_says_and_whether_it_would_pass() -> None:
    t = table()
    assert t.check(clean=True) == ""
    t.type_rows(
        """
        Events | type | player | to  | amount
               | pay  | Ann    | Bob | 12,5
        """
    )
    assert "Events!F2: not-a-number" in t.check(clean=False)
