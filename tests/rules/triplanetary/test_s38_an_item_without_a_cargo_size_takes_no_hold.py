"""§38: an item's starred *CARGO SIZE is the CP it takes in a hold; an item without one (the
Special Clandestine Radar: "-") takes none. `buy` counted it as none, but every later check of
the hold counted each unit as 1 CP, so a hold it had filled refused the next purchase."""

from __future__ import annotations

from tests.memory import table


def test_s38_a_radar_in_the_hold_leaves_the_hold_free() -> None:
    t = table(game="triplanetary", players=("Ann", "Bob"))
    t("pay Sam Ann 400")
    t("buy Ann transport --name Nomad")  # 50 CP of hold
    t("buy Ann special-clandestine-radar 5 --ship Nomad")  # no cargo size: 0 CP
    t("buy Ann sun-ship-sail 5 --ship Nomad")  # 5 × 10 CP: the whole hold
    held = {r["good"]: r["qty"] for r in t.rows("Cargo") if r["holder"] == "S1"}
    assert held == {"special-clandestine-radar": 5, "sun-ship-sail": 5}
