"""The commands that only show read a branch bank's accounts (§30) as the rest do."""

from __future__ import annotations

from tests.conftest import Ledger


def test_s30_journal_shows_a_branch_banks_account(game: Ledger) -> None:
    game("pay", "bank", "Ann", "6000")
    game("buy", "Ann", "base", "--name", "Rock")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("incorporate", "Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    game("tick", "5")
    game("branch", "Ann", "--base", "Rock", "--ship", "Nomad")
    game("branch-open", "BB1")
    accounts = {p["account"] for t in game("journal", "--json").json() for p in t["postings"]}
    assert "cash:Ann:B1" in accounts  # the branch bank on B1 holds Ann's reserves
    assert game("journal", "--player", "Ann").exit_code == 0
