"""§23 Prospecting: the die decides what a hex holds, recorded with what it decided."""

from __future__ import annotations

from tests.conftest import Ledger, rows


def _ship(game: Ledger, item: str = "transport") -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", item, "--name", "Nomad")


def test_s23_prospect_a_six_on_the_die_is_high_grade_ore(game: Ledger) -> None:
    _ship(game)
    run = game("prospect", "Ann", "--ship", "Nomad", "--hex", "0412", "--dice", "6")
    assert "finds high-grade ore in hex 0412" in run.stdout
    dice = rows(game.path, "Dice")
    assert dice[-1]["result"] == 6 and dice[-1]["decided"] == "a six: high-grade ore"
    assert dice[-1]["source"] == "entered"
    assert game.balances()["player:Ann"] == "115.00"  # no money changes hands: 125 - 10


def test_s23_prospect_a_one_rolled_again_and_another_one_is_ct_ore(game: Ledger) -> None:
    _ship(game)
    run = game("prospect", "Ann", "--ship", "Nomad", "--hex", "0413", "--dice", "1,1")
    assert "C-T ore" in run.stdout and "disabled for 4 days, until day 4" in run.stdout
    decided = [r["decided"] for r in rows(game.path, "Dice")[-2:]]
    assert decided == [
        "a one: the die is rolled again",
        "a second one: C-T ore; the ship is disabled until day 4",
    ]
    run = game("prospect", "Ann", "--ship", "Nomad", "--hex", "0414", "--dice", "1,3")
    assert "finds no ore in hex 0414 (1, 3" in run.stdout
    run = game("prospect", "Ann", "--ship", "Nomad", "--hex", "0415", "--dice", "5")
    assert "finds no ore in hex 0415 (5" in run.stdout


def test_s23_prospect_a_second_look_needs_two_sixes_on_the_dice(game: Ledger) -> None:
    _ship(game)
    run = game("prospect", "Ann", "--ship", "Nomad", "--hex", "0412", "--again", "--dice", "6,5")
    assert "6+5, no high-grade ore" in run.stdout
    run = game("prospect", "Ann", "--ship", "Nomad", "--hex", "0412", "--again", "--dice", "6,6")
    assert "6+6, two sixes: high-grade ore" in run.stdout


def test_s23_prospect_only_a_transport_or_packet_and_dice_from_the_seed(game: Ledger) -> None:
    game("pay", "bank", "Ann", "500")
    _ship(game, "liner")
    run = game("prospect", "Ann", "--ship", "Nomad", "--hex", "0412", expect=1)
    assert "cannot-prospect" in run.stderr and "(§23)" in run.stderr
    game("buy", "Ann", "packet", "--name", "Scout")
    game("prospect", "Ann", "--ship", "Scout", "--hex", "0412")  # drawn from the seeded dice
    assert rows(game.path, "Dice")[-1]["source"] == "drawn"
    run = game("prospect", "Ann", "--ship", "Scout", "--hex", "0412", "--dice", "7", expect=1)
    assert "bad-dice" in run.stderr
