"""§30, the ruling "where money lands" (docs/decisions.md): a charge at a place is taken from
the bank there first, then from the home bank (Ceres), then the others; and a charge at the
home bank asks it once. Fresh game in memory: Ann with 25 KC at Ceres, 100 KC paid in at Mars."""

from __future__ import annotations

from decimal import Decimal

from tests.memory import Table, table


def ann_with_money_at_mars() -> Table:
    t = table()
    t("pay bank Ann 100 --to-bank Mars")
    return t


def test_s30_an_office_opened_at_mars_is_paid_from_the_bank_at_mars_first() -> None:
    t = ann_with_money_at_mars()
    t("office open Ann --at Mars")  # 10 KC and 5 KC for the first 30 days (§8)
    assert (t.cash("Ann", "Ceres"), t.cash("Ann", "Mars")) == (Decimal("25.00"), Decimal("85.00"))


def test_s30_a_corporation_formed_at_mars_is_paid_from_the_bank_at_mars_first() -> None:
    t = ann_with_money_at_mars()
    t("incorporate Ann --at Mars")  # 5 KC (§7)
    assert (t.cash("Ann", "Ceres"), t.cash("Ann", "Mars")) == (Decimal("25.00"), Decimal("95.00"))


def test_s30_a_ship_bought_at_mars_is_paid_from_the_bank_at_mars_first() -> None:
    t = ann_with_money_at_mars()
    t("buy Ann transport --name Nomad --at Mars")  # 10 KC (§38)
    assert (t.cash("Ann", "Ceres"), t.cash("Ann", "Mars")) == (Decimal("25.00"), Decimal("90.00"))


def test_s30_a_ship_bought_at_ceres_takes_the_home_bank_once_then_mars() -> None:
    t = ann_with_money_at_mars()
    t("pay bank Ann 100 --to-bank Mars")
    t("buy Ann corvette --name Dart --at Ceres")  # 50 KC: all 25 at Ceres, then 25 from Mars
    assert (t.cash("Ann", "Ceres"), t.cash("Ann", "Mars")) == (Decimal("0.00"), Decimal("175.00"))
