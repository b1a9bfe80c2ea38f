"""Issue 36, items 2 and 6 for Triplanetary V/2: a move the rules allow goes through, and the
banker is told what it will cost (a crew with no supplies, §14); a trial by class tries the
crime of that class on record (§36B); a branch bank is a bank to pay from and to (§30), set up
by a corporation.

Each test runs the real CLI on a real workbook: Ann and Bob start with 25 KC at Ceres, Sam is
the Patrol with 500 KC (§3, §6).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.conftest import Ledger, rows


def cash(game: Ledger, who: str) -> Decimal:
    return Decimal(game("balance", "--json").json()["players"][who])


def accounts(game: Ledger) -> dict[str, str]:
    data: dict[str, str] = game("balance", "--json").json()["accounts"]
    return data


def crews(game: Ledger) -> list[str]:
    return [c["status"] for c in rows(game.path, "Crews")]


# -- §14: a crew hired where there are no supplies for it -------------------------------------------


def test_issue36_s14_a_crew_hired_on_a_bare_mine_is_told_it_dies_the_next_day(game: Ledger) -> None:
    game("claim", "Ann", "Rich")
    game("tick", "1")  # day 1: the claim is registered (§24)
    run = game("hire", "Ann", "--mine", "Rich")
    assert "crews C1 on Rich" in run.stdout  # it goes through: hired, 2 KC (§13)
    assert "no-supplies (warning)" in run.stderr
    assert "Rich has no supplies for its crew" in run.stderr
    assert "a mine has no emergency supplies" in run.stderr
    assert "dies on day 2 unless supplied (§14)" in run.stderr
    assert "ledger supply Ann --mine Rich --months 1" in run.stderr
    assert crews(game) == ["active"]  # saved
    game("tick", "1")
    assert crews(game) == ["dead"]  # as the warning said


def test_issue36_s14_a_crew_hired_on_a_ship_without_supplies_lives_on_its_emergency_supplies(
    game: Ledger,
) -> None:
    game("pay", "bank", "Ann", "100")
    game("tick", "1")
    game("buy", "Ann", "transport", "--name", "Nomad")  # day 1: no supplies aboard (§14)
    game("tick", "30")  # day 31: built (§12)
    run = game("hire", "Ann", "--ship", "Nomad")
    assert "no-supplies (warning)" in run.stderr
    # 14 days of emergency supplies from day 32, 10 KC a day to the Patrol, dead on day 46
    assert "emergency supplies" in run.stderr and "dies on day 46" in run.stderr


def test_issue36_s14_no_warning_where_the_crew_is_fed(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")  # day 0: three months aboard (§3 §14)
    assert "no-supplies" not in game("hire", "Ann", "--ship", "Nomad", "--crews", "2").stderr
    game("claim", "Ann", "Rich")
    game("tick", "1")
    game("supply", "Ann", "--mine", "Rich", "--months", "1")
    run = game("hire", "Ann", "--mine", "Rich")
    assert "no-supplies" not in run.stderr


# -- §36B: a trial by class tries the crime of that class on record ---------------------------------


def test_issue36_s36_a_trial_by_class_tries_the_open_crime_of_that_class(game: Ledger) -> None:
    game("pay", "bank", "Ann", "1000")
    game("crime", "Ann", "--class", "II", "--what", "claim jumping")  # X1
    run = game("trial", "Ann", "--class", "II", "--roll", "2")
    # 2 + PR 0 = 2: 250 KC fine (§41, class II); the trial is X1's
    assert "crime-tried-by-class (warning)" in run.stderr
    assert "tries Ann's crime X1" in run.stderr
    crime = rows(game.path, "Crimes")[0]
    assert (crime["status"], crime["tried_day"]) == ("tried", 0)
    # one crime, one fine: trying it again by its id is refused (§36B)
    again = game("trial", "Ann", "--crime", "X1", "--roll", "5", expect=1)
    assert "crime-tried" in again.stderr
    assert cash(game, "Ann") == Decimal("775.00")  # 1025 - 250


def test_issue36_s36_a_trial_by_class_with_two_open_crimes_of_it_asks_which(game: Ledger) -> None:
    game("pay", "bank", "Ann", "1000")
    game("crime", "Ann", "--class", "II", "--what", "claim jumping")  # X1
    game("crime", "Ann", "--class", "I", "--what", "contract breaking")  # X2
    game("crime", "Ann", "--class", "II", "--what", "abduction")  # X3
    run = game("trial", "Ann", "--class", "II", "--roll", "2", expect=1)
    assert "which-crime" in run.stderr
    assert "X1, X3" in run.stderr and "--crime X1" in run.stderr
    assert "nothing was written" in run.stderr
    assert cash(game, "Ann") == Decimal("1025.00")


def test_issue36_s36_a_trial_by_class_with_no_crime_of_it_on_record_stands_alone(
    game: Ledger,
) -> None:
    game("crime", "Ann", "--class", "I", "--what", "contract breaking")  # X1, class I
    run = game("trial", "Ann", "--class", "II", "--roll", "6")  # a crime not on record
    assert "crime-tried-by-class" not in run.stderr
    assert rows(game.path, "Crimes")[0]["status"] == "open"


# -- §30: branch banks -------------------------------------------------------------------------------


@pytest.fixture
def branch(game: Ledger) -> Ledger:
    """Ann's corporation (§7, 5 KC, active on day 5) sets up branch BB1 on her base B1 (§30)."""
    game.prepare(
        ("pay", "bank", "Ann", "7000"),  # 7,025
        ("pay", "bank", "Bob", "100"),
        ("buy", "Ann", "base", "--name", "Rock"),  # 250: 6,775
        ("buy", "Ann", "transport", "--name", "Nomad"),  # 10: 6,765
        ("incorporate", "Ann", "--at", "Mars"),  # 5: 6,760
        ("tick", "5"),
        ("branch", "Ann", "--base", "Rock", "--ship", "Nomad"),  # 5,500: 1,260
        ("branch-open", "BB1"),
    )
    return game


def test_issue36_s30_money_moves_to_and_from_a_branch_bank(branch: Ledger) -> None:
    branch("pay", "Ann", "Ann", "1000", "--from-bank", "Ceres", "--to-bank", "B1")
    assert accounts(branch)["cash:Ann:B1"] == "6000.00"
    branch("pay", "Ann", "Bob", "100", "--from-bank", "B1")
    assert accounts(branch)["cash:Ann:B1"] == "5900.00"
    assert accounts(branch)["cash:Bob:Ceres"] == "225.00"
    branch("pay", "Ann", "Ann", "50", "--from-bank", "Rock", "--to-bank", "Mars")  # by name
    assert accounts(branch)["cash:Ann:B1"] == "5850.00"
    assert branch("check").exit_code == 0


def test_issue36_s30_a_branch_bank_is_its_owners(branch: Ledger) -> None:
    run = branch("pay", "Bob", "Bob", "10", "--from-bank", "Ceres", "--to-bank", "B1", expect=1)
    assert "unknown-bank" in run.stderr
    assert "nothing was written" in run.stderr


def test_issue36_s30_a_player_without_a_corporation_sets_up_no_branch(game: Ledger) -> None:
    game("pay", "bank", "Ann", "6000")
    game("buy", "Ann", "base", "--name", "Rock")
    game("buy", "Ann", "transport", "--name", "Nomad")
    run = game("branch", "Ann", "--base", "Rock", "--ship", "Nomad", expect=1)
    assert "no-corporation" in run.stderr and "§30" in run.stderr
    assert "ledger incorporate Ann" in run.stderr
    game("incorporate", "Ann")
    run = game("branch", "Ann", "--base", "Rock", "--ship", "Nomad", expect=1)
    assert "no-corporation" in run.stderr and "active on day 5" in run.stderr
    assert rows(game.path, "Branches") == []
