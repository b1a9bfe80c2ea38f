"""Issue 13: amounts of Triplanetary Variant V/2 that no test checked, through the real CLI on
a real workbook (see docs/rules-coverage.md). Every expected number is worked out by hand."""

from __future__ import annotations

from tests.conftest import Ledger


def test_s3_each_player_starts_with_25_kc_at_ceres(ledger: Ledger) -> None:
    # §3: "Each player will start with 25 KC ... Any extra money may be left in a bank
    # account on Ceres." Three players: 3 x 25 = 75 KC from the bank, all at Ceres.
    ledger.new("Ann", "Bob", "Cy", patrol=None)
    assert ledger.balances() == {
        "bank": "-75.00",
        "cash:Ann:Ceres": "25.00",
        "cash:Bob:Ceres": "25.00",
        "cash:Cy:Ceres": "25.00",
        "player:Ann": "25.00",
        "player:Bob": "25.00",
        "player:Cy": "25.00",
    }


def test_s6_the_patrol_starts_with_500_kc(ledger: Ledger) -> None:
    # §6: "The Patrol player starts with 500 KC": 2 x 25 + 500 = 550 KC from the bank.
    ledger.new("Ann", "Bob", patrol="Sam")
    got = ledger.balances()
    assert (got["patrol"], got["player:Sam"], got["bank"]) == ("500.00", "500.00", "-550.00")
