"""`ledger new`'s options for a game's special players come from the game (`Game.roles`)."""

from __future__ import annotations

from tests.conftest import Ledger


def test_new_takes_the_games_role_option_in_both_spellings(ledger: Ledger) -> None:
    r = ledger("new", "--patrol=Sam", "--game", "triplanetary", "-p", "Ann")
    assert r.exit_code == 0, r.stdout
    data = ledger("balance", "--json").json()
    assert data["accounts"]["patrol"] == "500.00"
    assert "Sam" in ledger("balance").stdout


def test_new_refuses_another_games_role_as_a_problem(ledger: Ledger) -> None:
    r = ledger("new", "--game", "egon", "-p", "Ann", "-p", "Bob", "--patrol", "Sam", expect=1)
    assert r.exit_code == 1
    assert "no-patrol-in-game" in r.stderr and "leave out --patrol" in r.stderr
    assert not ledger.path.exists()


def test_new_still_refuses_a_mistyped_option(ledger: Ledger) -> None:
    r = ledger("new", "--game", "triplanetary", "-p", "Ann", "--patrl", "Sam", expect=2)
    assert r.exit_code == 2
    assert "--patrl" in r.stdout + r.stderr
    assert not ledger.path.exists()


def test_new_help_lists_every_games_special_players(ledger: Ledger) -> None:
    out = ledger("new", "--help").stdout
    assert "Special players (by game)" in out
    assert "--patrol NAME" in out and "Triplanetary" in out
