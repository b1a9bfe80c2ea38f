"""Issue 36, item 4: an overdraft names the player's money in their other banks and the
command that moves it (§30: the banks move money between planets and make no loans).
Fresh game: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC at Luna.

The first test runs the real CLI on a real workbook (what `ledger pay` prints when refused,
and that the command it names then goes through); the others play on books in memory
(tests/memory.py)."""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import Ledger
from tests.memory import Table, table


def ann_at_ceres_and_mars(game: Ledger, more_at_ceres: str, mars: str) -> None:
    """`more_at_ceres` on top of Ann's 25 KC at Ceres, and `mars` at Mars, paid in by the
    bank."""
    game("pay", "bank", "Ann", mars, "--to-bank", "Mars")
    if more_at_ceres != "0":
        game("pay", "bank", "Ann", more_at_ceres, "--to-bank", "Ceres")


def ann_in_memory(more_at_ceres: str, mars: str) -> Table:
    """`ann_at_ceres_and_mars` on books in memory."""
    t = table()
    t(f"pay bank Ann {mars} --to-bank Mars")
    if more_at_ceres != "0":
        t(f"pay bank Ann {more_at_ceres} --to-bank Ceres")
    return t


def test_issue36_an_overdraft_names_the_other_bank_and_the_command_that_moves_it(
    game: Ledger,
) -> None:
    ann_at_ceres_and_mars(game, "58", "148.50")  # 83.00 at Ceres, 148.50 at Mars
    said = game("pay", "Ann", "Bob", "200", expect=1).stderr
    assert "Ann has 83.00 KC in cash:Ann:Ceres and cannot pay 200.00 KC" in said
    assert "Ann has 148.50 KC at Mars" in said
    move = "ledger pay Ann Ann 117.00 --from-bank Mars --to-bank Ceres"
    assert move in said and "§30" in said
    assert game("balance", "--json").json()["players"]["Ann"] == "231.50"  # nothing moved
    game(*move.split()[1:])  # the command it names does what it says
    game("pay", "Ann", "Bob", "200")
    assert game("balance", "--json").json()["players"]["Bob"] == "225.00"


def test_issue36_an_overdraft_takes_from_several_banks_richest_first() -> None:
    t = ann_in_memory("0", "40")
    t("pay bank Ann 30 --to-bank Io")  # 25 at Ceres, 40 at Mars, 30 at Io
    said = t.refusal("pay Ann Bob 80")
    assert "Ann has 40.00 KC at Mars, 30.00 KC at Io" in said
    assert "ledger pay Ann Ann 40.00 --from-bank Mars --to-bank Ceres" in said
    assert "ledger pay Ann Ann 15.00 --from-bank Io --to-bank Ceres" in said
    assert t.cash("Ann") == Decimal("95.00")  # nothing moved


def test_issue36_an_overdraft_all_banks_cannot_cover_says_so() -> None:
    t = ann_in_memory("0", "10")  # 25 at Ceres, 10 at Mars: 35 in all
    said = t.refusal("pay Ann Bob 50")
    assert "Ann has 10.00 KC at Mars" in said
    assert "all of Ann's banks together hold 35.00 KC, less than 50.00 KC" in said
    assert "ledger pay Ann Ann" not in said


def test_issue36_an_overdraft_with_no_money_elsewhere_keeps_the_short_hint() -> None:
    said = table().refusal("pay Ann Bob 30")
    assert "banks make no loans (§30); pay less, or move money to this bank first" in said
    assert "ledger pay Ann Ann" not in said
