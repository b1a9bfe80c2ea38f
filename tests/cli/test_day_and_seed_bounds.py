"""The day and the seed are bounded: a day past `MAX_DAY` would make the exports' dates
overflow, a seed past 2**53 - 1 is saved rounded (a cell is a double) and the dice change."""

from __future__ import annotations

import hashlib

from ledger.core.checks import MAX_DAY
from tests.conftest import Ledger, edit_cells


def digest(game: Ledger) -> str:
    return hashlib.sha256(game.path.read_bytes()).hexdigest()


def test_a_day_past_the_last_is_named_in_settings_and_nothing_is_written(game: Ledger) -> None:
    edit_cells(game.path, {"Settings!B3": 3_000_000})
    before = digest(game)
    for args in (
        ("pay", "Ann", "Bob", "1"),
        ("export", "-f", "csv", "-o", str(game.folder / "out.csv")),
        ("statement", "-f", "text"),
        ("check",),
    ):
        run = game(*args, expect=1)
        assert "Settings!B3: bad-day" in run.stderr + run.stdout, args
        assert "hint: set the day to a whole number from 0 to 1000000" in run.stderr + run.stdout
        assert "internal error" not in run.stderr + run.stdout
    assert digest(game) == before
    assert not (game.folder / "out.csv").exists()


def test_the_last_day_itself_exports(game: Ledger) -> None:
    edit_cells(game.path, {"Settings!B3": MAX_DAY})
    game("pay", "Ann", "Bob", "1")
    game("export", "-f", "csv", "-o", str(game.folder / "out.csv"))
    assert "4737-" in (game.folder / "out.csv").read_text()


def test_check_flags_a_seed_cell_past_a_whole_number_in_range(game: Ledger) -> None:
    edit_cells(game.path, {"Settings!B4": 1.2345678901234567e19})
    run = game("check", expect=1)
    assert "Settings!B4: bad-seed" in run.stdout + run.stderr
