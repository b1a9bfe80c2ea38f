"""§9: a deed sold to the bank goes back to the bank, whatever the case its Holdings row was
typed in. A row typed `Toll-Station-1` is the deed toll-station-1 to every command (a key is
found in any case), so its sale must release that row: it stayed, and the seller could sell
the same deed again and again. Books in memory: Ann and Bob."""

from __future__ import annotations

from decimal import Decimal

from tests.memory import refused, table


def test_s9_a_deed_sold_is_released_though_its_row_is_typed_in_another_case() -> None:
    t = table(game="planetopoly", patrol=None)
    t("buy Ann toll-station-1")
    t.edit_cells({"Holdings!A2": "Toll-Station-1"})
    t.check(clean=True)  # the row is the deed toll-station-1 to ledger check too
    t("sell Ann toll-station-1")
    assert t.rows("Holdings") == []
    assert t.cash("Ann") == Decimal("2600.00")
    with refused("not-owner"):
        t("sell Ann toll-station-1")
