"""Issue 36, item 2 for the Egon-Spiel: a purchase (section 3) or a party (6.1) beyond the
player's cash goes through, and the game master is told what the debt will cost at the tick:
50% interest a round on what the salary leaves of it, and out past 10,000 Kj of debt (section 2).
Fresh game: ABC, BOB, CAT with 1000 Kj each, round 0.
"""

from __future__ import annotations

from tests.conftest import Ledger, rows


def egon(ledger: Ledger) -> Ledger:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    return ledger


def test_issue36_2_a_purchase_beyond_the_cash_is_entered_with_the_interest_it_costs(
    ledger: Ledger,
) -> None:
    egon(ledger)
    run = ledger("purchase", "CAT", "10", "3000")
    assert "round 1: CAT buys 10 stone(s) for 3000.00 Kj" in run.stdout  # it goes through
    assert "debt-ahead (warning)" in run.stderr
    # 1,000 - 3,000: a debt of 2,000 Kj; 50% of it is 1,000 Kj (before the salary pays some)
    assert "CAT has 1,000.00 Kj" in run.stderr and "a debt of 2,000.00 Kj" in run.stderr
    assert "50% interest" in run.stderr and "1,000.00 Kj" in run.stderr
    assert "section 2" in run.stderr and "out of the game" not in run.stderr
    assert [p["player"] for p in rows(ledger.path, "Purchases")] == ["CAT"]  # saved


def test_issue36_2_a_purchase_that_puts_the_player_past_10000_of_debt_says_out(
    ledger: Ledger,
) -> None:
    egon(ledger)
    run = ledger("purchase", "CAT", "10", "12000")
    # a debt of 11,000 Kj, past 10,000 Kj before the interest: out unless the salary covers it
    assert "a debt of 11,000.00 Kj" in run.stderr
    assert "past 10,000.00 Kj" in run.stderr and "CAT is out of the game" in run.stderr


def test_issue36_2_a_party_beyond_the_cash_counts_with_the_purchase(ledger: Ledger) -> None:
    egon(ledger)
    assert "debt-ahead" not in ledger("purchase", "BOB", "5", "600").stderr  # 400 left
    run = ledger("order", "BOB", "p,900,ABC")
    assert "debt-ahead (warning)" in run.stderr
    assert "a debt of 500.00 Kj" in run.stderr  # 1,000 - 600 - 900
    assert [o["order"] for o in rows(ledger.path, "Orders")] == ["p,900,ABC"]


def test_issue36_2_no_warning_within_the_cash(ledger: Ledger) -> None:
    egon(ledger)
    assert "debt-ahead" not in ledger("purchase", "CAT", "10", "1000").stderr
