"""Issue 26, item 10, the command line's part: a comma where a whole number goes gets the comma
hint (not "not a valid int"), and `ledger buy --help` outside a workbook shows every game's
`buy`."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Ledger, invoke


def test_10_a_comma_in_a_whole_number_of_a_games_command_gets_the_comma_hint(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    run = game("supply", "Ann", "--ship", "Nomad", "--months", "1,5", expect=1)
    assert "--months: not-a-number '1,5' uses a comma; --months is one whole number" in run.stderr
    assert "hint: type one whole number without a comma, e.g. --months 2" in run.stderr
    assert "not a valid int" not in run.stdout + run.stderr
    run = game("buy", "Ann", "transport", "x", expect=1)
    assert "QTY: bad-number QTY must be a whole number, not 'x'" in run.stderr


def test_10_days_of_tick_and_forecast_get_the_comma_hint(game: Ledger) -> None:
    before = game.path.read_bytes()
    for command in ("tick", "forecast"):
        run = game(command, "1,5", expect=1)
        assert "DAYS: not-a-number '1,5' uses a comma; DAYS is one whole number" in run.stderr
        assert "e.g. 2" in run.stderr and "not a valid int" not in run.stdout + run.stderr
    run = game("tick", "-3", expect=1)
    assert "DAYS must be 1 or more, not -3" in run.stderr
    assert game.path.read_bytes() == before


def test_10_buy_help_outside_a_workbook_shows_every_games_buy(tmp_path: Path) -> None:
    run = invoke(["buy", "--help"], {"LEDGER_WORKBOOK": str(tmp_path / "none.xlsx")})
    assert run.exit_code == 0, run.stdout + run.stderr
    text = run.stdout
    assert "buy in Triplanetary Variant V/2" in text and "buy in Planetopoly" in text
    assert "§38 price list" in text and "Buy the deed the player landed on" in text
    assert "Name a workbook of one of them (-w) to run it." in text
    run = invoke(["buy", "Ann", "x"], {"LEDGER_WORKBOOK": str(tmp_path / "none.xlsx")})
    assert run.exit_code == 2 and "name a workbook of one of them" in run.stdout + run.stderr
