"""Issue 13, "tests for what works but is untested": Triplanetary amounts that had no test of
their own, each hand-computed.

Each test plays a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres and Sam is the Patrol with 500 KC, day 0.
"""

from __future__ import annotations

from typing import Any

from tests.memory import Table, table


def postings(t: Table) -> dict[str, str]:
    txn = t.journal()[-1]
    return {p["account"]: p["amount"] for p in txn["postings"]}


def store(t: Table, holder: str) -> dict[str, int]:
    return {c["good"]: c["qty"] for c in t.rows("Cargo") if c["holder"] == holder}


def market(t: Table, place: str, good: str) -> int:
    found: list[dict[str, Any]] = [
        m for m in t.rows("Markets") if m["place"] == place and m["good"] == good
    ]
    return int(found[0]["stock"]) if found else 0


# -- §25 ------------------------------------------------------------------------------------------


def test_s25_processor_12_cp_a_day() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock")  # B1, ready at once on day 0
    t("buy Ann ore-processor --base Rock")
    t.add_rows("Cargo", [["B1", "raw-ore", 30]])
    t("tick 1")  # 12 of the 30 CP handled: 12 / 4 = 3 processed, 18 raw left
    assert store(t, "B1") == {"ore-processor": 1, "raw-ore": 18, "processed-ore": 3}
    t("tick 2")  # 12 more (6 raw, 6 processed), then the last 6: 4 into 1, 2 left
    assert store(t, "B1") == {"ore-processor": 1, "raw-ore": 2, "processed-ore": 7}


def test_s25_two_processors_handle_24_cp_a_day() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock")
    t("buy Ann ore-processor 2 --base Rock")
    t.add_rows("Cargo", [["B1", "raw-ore", 30]])
    t("tick 1")  # 2 × 12 = 24 CP: 6 processed, 6 raw left
    assert store(t, "B1") == {"ore-processor": 2, "raw-ore": 6, "processed-ore": 6}


def test_s25_earth_turns_4_cordrazite_into_1_cordrazine_a_day() -> None:
    t = table()
    t.add_rows("Markets", [["Earth", "cordrazite", 10, 0, 0]])
    t("tick 1")  # 10 - 4 = 6; 1 Cordrazine
    assert (market(t, "Earth", "cordrazite"), market(t, "Earth", "cordrazine")) == (6, 1)
    t("tick 2")  # day 2: 6 - 4 = 2, 2 Cordrazine; day 3: 2 < 4, nothing
    assert (market(t, "Earth", "cordrazite"), market(t, "Earth", "cordrazine")) == (2, 2)


# -- §36C recreation modules at a trial ----------------------------------------------------------


def _with_module(t: Table) -> Table:
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock")  # 250
    t("buy Ann recreation-module --base Rock")  # 50
    return t


def test_s36c_recreation_modules_plus_2_tried_at_mars_or_beltward() -> None:
    t = _with_module(table())
    run = t("trial Ann --class I --roll 3 --at Mars")
    # die 3 + PR 0 + 2 = 5: class I, 3..6 is the 50 KC fine (§41)
    assert "recreation modules, tried at Mars +2 = 5" in run
    assert postings(t) == {"cash:Ann:Ceres": "-50.00", "patrol": "50.00"}
    run = t("trial Ann --class I --roll 3 --at Ceres")  # beltward
    assert "tried at Ceres +2 = 5" in run


def test_s36c_recreation_modules_minus_2_tried_at_earth_or_sunward() -> None:
    t = _with_module(table())
    run = t("trial Ann --class I --roll 3 --at Earth")
    # die 3 + PR 0 - 2 = 1: class I, -2..2 is the 100 KC fine (§41)
    assert "recreation modules, tried at Earth -2 = 1" in run
    assert postings(t) == {"cash:Ann:Ceres": "-100.00", "patrol": "100.00"}
    run = t("trial Ann --class I --roll 3 --at Venus")  # sunward
    assert "tried at Venus -2 = 1" in run


def test_s36c_no_recreation_module_no_change() -> None:
    t = table()
    t("pay bank Ann 1000")
    run = t("trial Ann --class I --roll 3 --at Mars")
    assert "recreation modules" not in run  # 3 + 0 = 3: the 50 KC fine
    assert postings(t) == {"cash:Ann:Ceres": "-50.00", "patrol": "50.00"}


# -- §30 §32 -----------------------------------------------------------------------------------


def test_s30_branch_fee_500_and_reserve_5000() -> None:
    t = table()
    t("pay bank Ann 6000")  # 6,025
    t("buy Ann base --name Rock")  # 250: 5,775
    t("buy Ann transport --name Nomad")  # 10: 5,765; 50 CP of hold
    t("incorporate Ann")  # 5: 5,760; §30: a corporation sets up a branch bank
    t("tick 5")  # §7: active on day 5
    t("branch Ann --base Rock --ship Nomad")
    # 500 fee to the suppliers; 5,000 of reserves, shipped as 5000 / 100 = 50 CP of Plutonium
    assert postings(t) == {
        "cash:Ann:Ceres": "-5500.00",
        "suppliers": "500.00",
        "reserves:Ann": "5000.00",
    }
    assert store(t, "S1") == {"plutonium": 50}
    t("branch-open BB1")  # the reserves become Ann's account at the branch
    accounts = {a: v.plain() for a, v in t.books.journal.balances().items()}
    assert (accounts["cash:Ann:B1"], accounts.get("reserves:Ann", "0.00")) == ("5000.00", "0.00")


def test_s32_colonization_costs_100000_kc() -> None:
    t = table()
    t("pay bank Ann 101500")  # 101,525
    t("buy Ann bussard-ramscoop 3 --name Ark")  # 1,500: 100,025
    run = t("colonize Ann")
    assert "leaves on day 360" in run  # day 0 + 360 (§32)
    assert postings(t) == {"cash:Ann:Ceres": "-100000.00", "suppliers": "100000.00"}
    assert f"{t.cash('Ann'):.2f}" == "25.00"


# -- §19 a base holds any amount -----------------------------------------------------------------


def test_s19_base_stores_any_amount_a_ship_does_not() -> None:
    t = table()
    t("pay bank Ann 2000")
    t("buy Ann base --name Rock")
    t("buy Ann transport --name Nomad")  # a 50 CP hold
    # 10 ore processors are 10 × 25 = 250 CP: a base takes them (§19), a transport does not
    t("buy Ann ore-processor 10 --base Rock")
    assert store(t, "B1") == {"ore-processor": 10}
    run = t.refusal("buy Ann ore-processor 3 --ship Nomad")
    assert "hold-full Nomad has 50 CP of hold, 0 used; this needs 75 more" in run
    # 500 units of supplies on the base: no hold to overflow
    t("supply Ann --base Rock --months 500")
    assert [b["supplies"] for b in t.rows("Bases")] == [500]
