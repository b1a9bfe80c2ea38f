"""§14, §19: a player's statement warns of a base whose supplies run out when the crews it
feeds are those of the mines on its hex (§19: a base is a supply depot), as `ledger status`
and the tick count them (a statement counted only the crews on the base itself, and said
nothing of a base whose only crews work its mines).

Ann starts with 25 KC at Ceres and is given 1000 (§3); the books are in memory
(tests/memory.py).
"""

from __future__ import annotations

from ledger.rules.triplanetary.statement import warnings
from ledger.rules.triplanetary.status import falls_due
from tests.memory import table


def test_s14_s19_the_statement_warns_when_a_base_that_feeds_mine_crews_runs_out() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock --at Ceres")  # day 0: ready at once, with no supplies (§3)
    t("claim Ann 'Hex 1' --base Rock")  # a mine on Rock's hex
    t("tick 2")  # day 2: the claim is registered (§24)
    t("hire Ann --mine 'Hex 1' --crews 3")  # fed by Rock, which has no supplies (§19)
    ann = t.books.player("Ann")
    assert ann is not None
    [due] = falls_due(t.books, ann)["supplies"]
    assert (due["name"], due["runs_out"], due["crews_die"]) == ("Rock", 3, 33)
    assert (
        "Rock runs out of supplies on day 3; its crews die on day 33 unless resupplied"
        in warnings(t.books, ann)
    )
