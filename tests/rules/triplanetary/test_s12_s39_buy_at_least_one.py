"""`ledger buy` of none: §12's items and §39's goods are bought one or more at a time. A
quantity of 0 bought one packet without a word, and 0 CP of goods ended in an internal
error (a transaction of 0 KC); each is refused now, naming QTY, and nothing changes."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.memory import table


@pytest.mark.parametrize(("qty", "says"), [("0", "buy at least one"), ("-2", "cannot be negative")])
def test_s12_an_item_is_bought_one_or_more_at_a_time(qty: str, says: str) -> None:
    t = table()
    said = t.refusal(f"buy Ann packet {qty} --name Nomad --at Ceres")
    assert f"QTY: bad-number {says}" in said or f"QTY: bad-number QTY {says}" in said
    assert t.rows("Ships") == [] and t.cash("Ann") == Decimal("25.00")


@pytest.mark.parametrize(
    ("qty", "says"), [("0", "buy at least one CP"), ("-2", "cannot be negative")]
)
def test_s39_goods_are_bought_one_cp_or_more_at_a_time(qty: str, says: str) -> None:
    t = table()
    t("pay bank Ann 300")
    t("buy Ann transport --name Nomad --at Earth")
    before = t.journal()
    said = t.refusal(f"buy Ann manufactured-goods {qty} --at Earth --ship Nomad")
    assert f"QTY: bad-number {says}" in said or f"QTY: bad-number QTY {says}" in said
    assert t.journal() == before
