"""Issue 36, items 2 and 6 for Triplanetary V/2: a move the rules allow goes through, and the
banker is told what it will cost (a crew with no supplies, §14); a trial by class tries the
crime of that class on record (§36B); a branch bank is a bank to pay from and to (§30), set up
by a corporation.

Ann and Bob start with 25 KC at Ceres, Sam is the Patrol with 500 KC (§3, §6). The tests play
on books in memory (tests/memory.py); what the command prints, a warning and its hint, and
that a refused command writes nothing run the real CLI on a real workbook (the first test and
the last).
"""

from __future__ import annotations

import shlex
from decimal import Decimal

import pytest

from tests.conftest import Ledger, rows
from tests.memory import Table, table


def cash(t: Table, who: str) -> Decimal:
    return Decimal(f"{t.cash(who):.2f}")


def account(t: Table, name: str) -> str:
    """An account's balance as `ledger balance --json` gives it under "accounts"."""
    return f"{t.balance(name):.2f}"


def crews(game: Ledger) -> list[str]:
    return [c["status"] for c in rows(game.path, "Crews")]


def warned(t: Table) -> str:
    """The last command's warnings as the command prints them, each with its hint (the
    harness's `warned()` leaves the hints out)."""
    return "\n".join(p.line() + (f"\n    hint: {p.hint}" if p.hint else "") for p in t.warnings)


# -- §14: a crew hired where there are no supplies for it -------------------------------------------


def test_issue36_s14_a_crew_hired_on_a_bare_mine_is_told_it_dies_the_next_day(game: Ledger) -> None:
    """Through the CLI: what `ledger hire` prints, and the warning's hint."""
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


def test_issue36_s14_a_crew_hired_on_a_ship_without_supplies_lives_on_its_emergency_supplies() -> (
    None
):
    t = table()
    t("pay bank Ann 100")
    t("tick 1")
    t("buy Ann transport --name Nomad")  # day 1: no supplies aboard (§14)
    t("tick 30")  # day 31: built (§12)
    t("hire Ann --ship Nomad")
    said = warned(t)
    assert "no-supplies (warning)" in said
    # 14 days of emergency supplies from day 32, 10 KC a day to the Patrol, dead on day 46
    assert "emergency supplies" in said and "dies on day 46" in said


def test_issue36_s14_no_warning_where_the_crew_is_fed() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")  # day 0: three months aboard (§3 §14)
    t("hire Ann --ship Nomad --crews 2")
    assert "no-supplies" not in warned(t)
    t("claim Ann Rich")
    t("tick 1")
    t("supply Ann --mine Rich --months 1")
    t("hire Ann --mine Rich")
    assert "no-supplies" not in warned(t)


# -- §36B: a trial by class tries the crime of that class on record ---------------------------------


def test_issue36_s36_a_trial_by_class_tries_the_open_crime_of_that_class() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("crime Ann --class II --what 'claim jumping'")  # X1
    t("trial Ann --class II --roll 2")
    # 2 + PR 0 = 2: 250 KC fine (§41, class II); the trial is X1's
    said = warned(t)
    assert "crime-tried-by-class (warning)" in said
    assert "tries Ann's crime X1" in said
    crime = t.rows("Crimes")[0]
    assert (crime["status"], crime["tried_day"]) == ("tried", 0)
    # one crime, one fine: trying it again by its id is refused (§36B)
    again = t.refusal("trial Ann --crime X1 --roll 5")
    assert "crime-tried" in again
    assert cash(t, "Ann") == Decimal("775.00")  # 1025 - 250


def test_issue36_s36_a_trial_by_class_with_two_open_crimes_of_it_asks_which() -> None:
    t = two_open_crimes_of_class_ii(table())
    said = t.refusal("trial Ann --class II --roll 2")
    assert "which-crime" in said
    assert "X1, X3" in said and "--crime X1" in said
    # "nothing was written": test_issue36_a_refused_command_writes_nothing, on the CLI
    assert cash(t, "Ann") == Decimal("1025.00")


def two_open_crimes_of_class_ii(t: Table) -> Table:
    t("pay bank Ann 1000")
    t("crime Ann --class II --what 'claim jumping'")  # X1
    t("crime Ann --class I --what 'contract breaking'")  # X2
    t("crime Ann --class II --what abduction")  # X3
    return t


def test_issue36_s36_a_trial_by_class_with_no_crime_of_it_on_record_stands_alone() -> None:
    t = table()
    t("crime Ann --class I --what 'contract breaking'")  # X1, class I
    t("trial Ann --class II --roll 6")  # a crime not on record
    assert "crime-tried-by-class" not in warned(t)
    assert t.rows("Crimes")[0]["status"] == "open"


# -- §30: branch banks -------------------------------------------------------------------------------

#: Ann's corporation (§7, 5 KC, active on day 5) sets up branch BB1 on her base B1 (§30).
BRANCH = (
    "pay bank Ann 7000",  # 7,025
    "pay bank Bob 100",
    "buy Ann base --name Rock",  # 250: 6,775
    "buy Ann transport --name Nomad",  # 10: 6,765
    "incorporate Ann --at Mars",  # 5: 6,760
    "tick 5",
    "branch Ann --base Rock --ship Nomad",  # 5,500: 1,260
    "branch-open BB1",
)


@pytest.fixture
def branch() -> Table:
    """Ann's corporation (§7, 5 KC, active on day 5) sets up branch BB1 on her base B1 (§30)."""
    t = table()
    for line in BRANCH:
        t(line)
    return t


def test_issue36_s30_money_moves_to_and_from_a_branch_bank(branch: Table) -> None:
    branch("pay Ann Ann 1000 --from-bank Ceres --to-bank B1")
    assert account(branch, "cash:Ann:B1") == "6000.00"
    branch("pay Ann Bob 100 --from-bank B1")
    assert account(branch, "cash:Ann:B1") == "5900.00"
    assert account(branch, "cash:Bob:Ceres") == "225.00"
    branch("pay Ann Ann 50 --from-bank Rock --to-bank Mars")  # by name
    assert account(branch, "cash:Ann:B1") == "5850.00"
    branch.check(clean=True)


def test_issue36_s30_a_branch_bank_is_its_owners(branch: Table) -> None:
    said = branch.refusal("pay Bob Bob 10 --from-bank Ceres --to-bank B1")
    assert "unknown-bank" in said
    # "nothing was written": test_issue36_a_refused_command_writes_nothing, on the CLI


def test_issue36_s30_a_player_without_a_corporation_sets_up_no_branch() -> None:
    t = table()
    t("pay bank Ann 6000")
    t("buy Ann base --name Rock")
    t("buy Ann transport --name Nomad")
    said = t.refusal("branch Ann --base Rock --ship Nomad")
    assert "no-corporation" in said and "§30" in said
    assert "ledger incorporate Ann" in said
    t("incorporate Ann")
    said = t.refusal("branch Ann --base Rock --ship Nomad")
    assert "no-corporation" in said and "active on day 5" in said
    assert t.rows("Branches") == []


# -- what only the command does: a refusal writes nothing to the workbook ----------------------------

#: The states of the refusals above (the commands before) and the command refused.
ON_FILE: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "which-crime": (
        (
            "pay bank Ann 1000",
            "crime Ann --class II --what 'claim jumping'",
            "crime Ann --class I --what 'contract breaking'",
            "crime Ann --class II --what abduction",
        ),
        ("trial", "Ann", "--class", "II", "--roll", "2"),
        "which-crime",
    ),
    "unknown-bank": (
        BRANCH,
        ("pay", "Bob", "Bob", "10", "--from-bank", "Ceres", "--to-bank", "B1"),
        "unknown-bank",
    ),
}


@pytest.mark.parametrize("scene", sorted(ON_FILE))
def test_issue36_a_refused_command_writes_nothing(game: Ledger, scene: str) -> None:
    """`ledger` refuses with exit code 1, says that nothing was written and leaves the
    workbook's bytes as they were."""
    before, args, code = ON_FILE[scene]
    game.prepare(*(tuple(shlex.split(line)) for line in before))
    kept = game.path.read_bytes()
    run = game(*args, expect=1)
    assert code in run.stderr
    assert "nothing was written" in run.stderr
    assert game.path.read_bytes() == kept
