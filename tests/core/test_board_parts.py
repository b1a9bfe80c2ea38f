"""The board games' shared parts of a summary and a statement (ledger/core/board_parts.py) and a
game's tables declared as data (ledger/core/statement_parts.py, `layouts`): the standings rank
the players in the game by worth, a tie by the turn order, those out last; the turns of a period
are the Turns rows from that round on; a layout makes a new, empty table each time."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace
from typing import Any, cast

from ledger.core import board_parts
from ledger.core.board import refuses
from ledger.core.board_table import Seat, Table, TurnRow
from ledger.core.statement_parts import Layout, game_summary


def _table(winner: str | None, *seats: Seat) -> Table:
    return cast(Table, SimpleNamespace(seats=list(seats), winner=winner))


def test_standings_rank_by_worth_then_order_and_those_out_last() -> None:
    worth = {"Ann": Decimal(5), "Bob": Decimal(9), "Cy": Decimal(5), "Dee": Decimal(99)}
    table = _table(
        None,
        Seat("Ann", "cash:Ann", 1, False, 2),
        Seat("Bob", "cash:Bob", 1, False, 3),
        Seat("Cy", "cash:Cy", 1, False, 1),
        Seat("Dee", "cash:Dee", 1, True, 4),
    )
    shown = board_parts.standings(
        table, worth.__getitem__, [("worth", "r")], lambda s: [str(worth[s.name])]
    )
    assert shown.columns == ["#", "player", "worth", "status"]
    assert shown.align == ["r", "l", "r", "l"]
    assert shown.rows == [
        ["1", "Bob", "9", "playing"],
        ["2", "Cy", "5", "playing"],
        ["3", "Ann", "5", "playing"],
        ["4", "Dee", "99", "out"],
    ]


def test_the_one_left_has_won() -> None:
    ann, bob = Seat("Ann", "a", 1, False, 1), Seat("Bob", "b", 1, True, 2)
    table = _table("Ann", ann, bob)
    assert [board_parts.state_of(table, s) for s in (ann, bob)] == ["won", "out"]


def test_the_turns_of_a_period_from_its_round_and_of_one_player() -> None:
    rows = [
        TurnRow(1, 1, "Ann", "3,4", 1, 8, "South: buys it", "705.1a"),
        TurnRow(2, 1, "Bob", "1,1", 1, 3, "", ""),
        TurnRow(3, 2, "Ann", "6,6", 8, 20, "Tax", "706.1"),
    ]
    assert board_parts.turns(rows, 2).rows == [["3", "2", "Ann", "6+6", "8", "20", "Tax", "706.1"]]
    assert [r[0] for r in board_parts.turns(rows, 0, "Ann").rows] == ["1", "3"]
    assert board_parts.turns(rows, 3).empty == "no turns in the period"


def test_a_layout_makes_a_new_empty_table_each_time() -> None:
    layout = Layout("The board", "field|name", "rl", "no fields")
    first: Any = layout.table()
    first.rows.append(["1", "Start"])
    second = layout.table()
    assert (second.title, second.columns, second.align, second.rows, second.empty) == (
        "The board",
        ["field", "name"],
        ["r", "l"],
        [],
        "no fields",
    )
    assert Layout("Next", "|").table().align == ["l", "l"]


def test_the_game_summary_says_the_game_the_period_and_the_currency() -> None:
    books = cast(Any, SimpleNamespace(game=SimpleNamespace(title="a game"), day=7, currency="MU"))
    table = Layout("Standings", "player").table()
    summary = game_summary(books, 3, [("round", "7")], [table], "The end")
    assert (summary.title, summary.game, summary.since, summary.day, summary.currency) == (
        "The end",
        "a game",
        3,
        7,
        "MU",
    )
    assert (summary.facts, summary.sections) == ([("round", "7")], [table])
    assert game_summary(books, 0, [], []).title == "Game summary"


def test_what_pay_and_tick_refuse_is_read_from_the_games_table() -> None:
    said = refuses("ledger.rules.boardfile")
    assert set(said) == {"pay", "tick"}
    assert said["tick"][0].test == "test_board_the_last_player_wins"
