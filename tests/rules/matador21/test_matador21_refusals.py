"""What the 21-field game's commands refuse (docs/commands.md names these tests), and the defects
the machine (test_matador21_machine.py) found, each with the rule it broke in its name. The board
is the README's (10 Tower 6000/3200, 11 Castle 8000/4000, 16 Goldmine 2000, 18-21 Fleets).

A refusal's words are tested on books in memory (tests/memory.py); what only the command does
(a refusal leaving the workbook's bytes as they were, the statements a tick writes) runs the
real CLI on a real workbook."""

from __future__ import annotations

from typing import Any

from tests.conftest import add_rows, edit_cells, rows
from tests.memory import Table
from tests.rules.matador21.test_matador21_rules import board, cash, status, table
from tests.statement_chain import chain_problems, tick_statements


def _won_by_b() -> Table:
    t = board(owners="| 11 | Castle | B\n")
    t("pay A bank 29000")
    said = t("roll --dice 6,4")  # Castle's 4,000 > 1,000: A is out, B has won
    assert "The game is over: B won (403.1)." in said
    return t


def test_403_1_no_payment_after_the_game_is_won() -> None:
    t = _won_by_b()
    for args in ("B bank 5", "bank B 5"):
        said = t.refusal(f"pay {args}")
        assert "game-over the game is over: B won (403.1)" in said, said
    t.add_rows("Events", [["E1", None, "pay", "B", "bank", 5, None, None]])
    said = t.refusal("post")  # typed in Events: the same
    assert "Events!" in said and "403.1" in said
    assert cash(t) == {"A": "0.00", "B": "31000.00"}  # 30,000 + the 1,000 A had


def test_403_1_the_winning_tick_keeps_the_statements_of_the_tick_before(workbook: Any) -> None:
    """A tick that ends the game in the round the tick before ended on wrote its statements
    over that tick's: the statements of rounds 1 were lost, and the chain broken."""
    book = table(workbook)
    book("tick", "1")  # round 1: A, then B
    # the banker's corrections: B owns every field, A's piece on the Goldmine, A with 1
    players = {r["name"]: i for i, r in enumerate(rows(book.path, "Players"), start=2)}
    edit_cells(book.path, {f"Players!D{players['A']}": 16})
    edit_cells(book.path, {f"Owners!C{i}": "B" for i in range(2, 19)})
    book("pay", "A", "bank", status(book)["players"]["A"]["cash"])  # all A has
    book("pay", "bank", "A", "1")
    book("tick", "1")  # A moves 2-12 from 16: a fleet or territory of B's, rent > 1: out
    s = status(book)
    assert (s["winner"], s["round"]) == ("B", 2)
    for name in ("A", "B"):
        made = tick_statements(book.folder / "statements", name)
        assert [m.period for m in made] == ["round 1", "round 2"], [m.name for m in made]
        assert chain_problems(made) == []


def test_403_1_a_turn_typed_in_events_after_the_win_names_its_row() -> None:
    """The refusal of a roll typed in Events once the game is won named the command (`roll:`),
    not the row to put right."""
    t = _won_by_b()
    t.add_rows("Events", [["E1", None, "roll", "B", None, None, "--dice 1,2", None]])
    said = t.refusal("post")
    assert "Events!A2: game-over the game is over: B won" in said, said


def _a_out(workbook: Any) -> Any:
    """A, B and C; A out on B's Castle (rent 4,000 > 1,500), B to play."""
    book = table(workbook, owners="| 11 | Castle | B\n", c=1)
    book("pay", "A", "bank", "28500")
    book("roll", "--dice", "6,4")
    assert status(book)["players"]["A"]["out"] is True
    return book


def test_102_3_a_roll_for_one_whose_turn_it_is_not_or_who_is_out_is_refused(
    workbook: Any,
) -> None:
    book = _a_out(workbook)
    before = book.path.read_bytes()
    for who in ("C", "A", "Zed"):
        run = book("roll", "--dice", "1,1", "--player", who, expect=1)
        assert f"not-their-turn it is B's turn, not {who}'s" in run.stderr, run.stderr
        assert ("out of the game (401.2c)" if who == "A" else "(102.3)") in run.stderr
    assert book.path.read_bytes() == before
    book("roll", "--dice", "1,1", "--player", "B")  # the one whose turn it is


def test_401_2b_a_field_typed_for_a_player_who_is_out_is_refused_by_every_command(
    workbook: Any,
) -> None:
    book = _a_out(workbook)
    add_rows(book.path, "Owners", [[4, "Cold Desert", "A"]])  # typed for A, at row 3
    before = book.path.read_bytes()
    for command in (("roll",), ("tick", "1"), ("pay", "B", "C", "1")):
        run = book(*command, expect=1)
        assert "Owners!C3: owned-by-loser A is out of the game and owns nothing" in run.stderr
        assert "401.2b" in run.stderr
    assert book.path.read_bytes() == before
