"""6.6.3: a blackmail waiting in the Blackmails sheet is settled in the next round as the order
that made it (`e,ACTION,VICTIM`) would be; a row typed by hand is read as that order, in any
case of its names, and one naming no player or no action is named by its cell (it ended in an
internal error at the tick)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.memory import Table, table

DRAW = "draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6 --max-price 60"


def after_round_1(row: list[Any]) -> Table:
    t = table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)
    t(DRAW)
    t("tick")
    t.add_rows("Blackmails", [row])
    return t


def settled(row: list[Any]) -> tuple[Any, ...]:
    t = after_round_1(row)
    t(DRAW)
    t("tick")
    return tuple(map(str, t.rows("Results"))), t.status()["players"]


def test_6_6_3_a_row_typed_in_lower_case_is_settled_as_the_players_names() -> None:
    assert after_round_1(["cat", "x,3,bob", "abc", 1, 12.5, 0]).check(clean=True) == ""
    assert settled(["cat", "x,3,bob", "abc", 1, 12.5, 0]) == settled(
        ["CAT", "x,3,BOB", "ABC", 1, 12.5, 0]
    )


@pytest.mark.parametrize(
    ("row", "said"),
    [
        (["ZZZ", "v", "ABC", 1, 12.5, 0], "Blackmails!A2: unknown-player unknown player 'ZZZ'"),
        (
            ["CAT", "v", "zed", 1, 12.5, 0],
            "Blackmails!C2: unknown-player Blackmails row 2: 'zed' is not a player of the game",
        ),
        (["CAT", "q,9", "ABC", 1, 12.5, 0], "Blackmails!B2: bad-order Erpressen, in the action"),
    ],
)
def test_6_6_3_a_row_naming_no_player_or_no_action_is_named_by_its_cell(
    row: list[Any], said: str
) -> None:
    t = after_round_1(row)
    assert said in t.check(clean=False)
    assert said in t.refusal("tick")
