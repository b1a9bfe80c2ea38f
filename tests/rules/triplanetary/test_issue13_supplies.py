"""Issue 13, items 1, 4 and 5: supplies per crew (§3 §14), the Executive Liner as an office
(§11A), ship crews at a recreation module (§20). Every amount is computed by hand in a comment.

Each test plays a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres, Sam is the Patrol with 500 KC (§3, §6); a crew earns 0.1 KC a day, paid every 30 days
(§13).
"""

from __future__ import annotations

from typing import Any

from tests.memory import Table, table


def cash(t: Table, player: str) -> str:
    return f"{t.cash(player):.2f}"


def patrol(t: Table) -> str:
    return f"{t.balance('patrol'):.2f}"


def ship(t: Table, name: str) -> dict[str, Any]:
    return next(r for r in t.rows("Ships") if r["name"] == name)


def base(t: Table, name: str) -> dict[str, Any]:
    return next(r for r in t.rows("Bases") if r["name"] == name)


def crews(t: Table) -> list[str]:
    return [c["status"] for c in t.rows("Crews")]


def tick(t: Table, days: str) -> str:
    """Tick; every line of the report."""
    t(f"tick {days}")
    return t.report()


def wages(t: Table) -> list[dict[str, str]]:
    """Each wages transaction as {account: amount}."""
    return [
        {p.account: f"{p.amount.amount:.2f}" for p in txn.postings}
        for txn in t.books.journal
        if txn.kind == "wages"
    ]


# -- §3 §14: three months for the crews aboard on day 0, one unit a crew a month ---------------


def test_s14_two_crews_fed_three_months_from_day_0() -> None:
    """The issue's reproduction: fed through day 90, no fine, nobody dies."""
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    run = t("hire Ann --ship Nomad --crews 2")
    # 3 months × 2 crews = 6 units: the 3 the ship came with and 3 for the second crew
    assert "Nomad now carries 6 units of supplies, three months for its 2 crews" in run
    assert ship(t, "Nomad")["supplies"] == 6
    run = tick(t, "90")
    # day 1: 2 units (6 → 4), day 31: 2 (→ 2), day 61: 2 (→ 0): both crews fed through day 90
    assert (ship(t, "Nomad")["supplies"], ship(t, "Nomad")["emergency_left"]) == (0, 14)
    assert "emergency" not in run
    assert crews(t) == ["active", "active"]
    # 25 + 100 - 10 transport - 2 × 2 hire - 3 pay days (30, 60, 90) × 2 crews × 3.00 = 93
    assert cash(t, "Ann") == "93.00"
    assert patrol(t) == "500.00"
    run = tick(t, "1")  # day 91: out of supplies; one fine for the ship
    assert (
        "Nomad is out of supplies and lives on its emergency supplies: the crews die on day 105"
        in run
    )
    assert cash(t, "Ann") == "83.00"  # 93 - 10


def test_s14_three_crews_hired_one_by_one_on_day_0_carry_nine_units_later_ones_none() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    assert ship(t, "Nomad")["supplies"] == 3  # the first crew: the 3 units the ship came with
    t("hire Ann --ship Nomad --crews 2")
    assert ship(t, "Nomad")["supplies"] == 9  # topped up to 3 months × 3 crews
    run = tick(t, "90")
    # days 1, 31 and 61: 3 units each (9 → 6 → 3 → 0)
    assert ship(t, "Nomad")["supplies"] == 0
    assert "emergency" not in run
    # 125 - 10 - 3 × 2 hire - 3 pay days × 3 crews × 3.00 = 82
    assert cash(t, "Ann") == "82.00"
    assert patrol(t) == "500.00"
    t("hire Ann --ship Nomad")  # after day 0, supplies are bought: no top-up
    assert ship(t, "Nomad")["supplies"] == 0


def test_s14_fewer_units_than_crews_feeds_as_many_as_units() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad --crews 2")  # C1, C2; 6 units
    t("tick 40")  # day 1: 6 → 4; day 31: 4 → 2; C1 and C2 fed through day 60
    t("hire Ann --ship Nomad")  # C3 on day 40: it eats from the ship's next period
    assert ship(t, "Nomad")["supplies"] == 2
    # 1025 - 10 - 4 hire - 6.00 wages (day 30) - 2 hire = 1003
    assert cash(t, "Ann") == "1003.00"
    t("tick 20")  # day 60: C1 and C2 paid 6.00 (C3's pay day is day 70)
    run = tick(t, "1")
    # day 61: 3 crews, 2 units: C1 and C2 eat them (fed through day 90); only C3 lives on the
    # ship's 14 days of emergency supplies (days 61-74), one 10 KC fine a day
    assert (
        "Nomad has no supplies for 1 crew of its 3 (C3): it lives on its emergency supplies and dies on day 75"
        in run
    )
    assert (ship(t, "Nomad")["supplies"], ship(t, "Nomad")["emergency_left"]) == (0, 13)
    assert cash(t, "Ann") == "987.00"  # 1003 - 6.00 - 10
    run = tick(t, "14")  # days 62-75
    assert "crew C3 of Nomad died: no supplies left for it; the other crews are fed" in run
    assert crews(t) == ["active", "active", "dead"]
    assert ship(t, "Nomad")["status"] == "active"  # its other crews still man it
    # 987 - 13 fines (days 62-74) × 10 - C3's wages on day 70 (30 days × 0.1) = 854
    assert cash(t, "Ann") == "854.00"
    assert patrol(t) == "640.00"  # 500 + 14 fines × 10
    t("tick 15")  # day 90: C1 and C2 paid 6.00
    run = tick(t, "1")
    # day 91: C1 and C2 are out of supplies and C3 used up the emergency supplies: they die
    assert "the crews of Nomad (C1, C2) died: no supplies left; it drifts" in run
    assert crews(t) == ["dead", "dead", "dead"]
    assert ship(t, "Nomad")["status"] == "drifting"
    assert cash(t, "Ann") == "848.00"  # 854 - 6.00; no fine: no emergency supplies left


def test_s14_a_base_feeds_as_many_crews_as_units_with_30_days_of_emergency_supplies() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock")  # 250 KC
    t("hire Ann --base Rock")  # C1
    t("supply Ann --base Rock --months 1")  # 1 unit for its 1 crew: 1 KC
    t("hire Ann --base Rock")  # C2
    assert cash(t, "Ann") == "770.00"  # 1025 - 250 - 2 - 1 - 2
    run = tick(t, "20")
    # day 1: C1 eats the unit (fed through day 30); C2 lives on the base's emergency supplies
    assert (
        "Rock has no supplies for 1 crew of its 2 (C2): it lives on its emergency supplies and dies on day 31"
        in run
    )
    assert base(t, "Rock")["emergency_left"] == 10  # 30 - 20 days
    assert cash(t, "Ann") == "570.00"  # 770 - 20 fines × 10
    t("supply Ann --base Rock --months 1")
    # 1 month × 2 crews = 2 units, + 2 KC to replace the base's emergency supplies = 4 KC
    assert (base(t, "Rock")["supplies"], base(t, "Rock")["emergency_left"]) == (2, 30)
    assert cash(t, "Ann") == "566.00"
    t("tick 30")  # day 21: C2 eats (fed through 50); day 30: wages 6.00; day 31: C1 eats
    assert (base(t, "Rock")["supplies"], base(t, "Rock")["emergency_left"]) == (0, 30)
    assert cash(t, "Ann") == "560.00"
    assert patrol(t) == "700.00"  # 500 + 20 × 10
    t("tick 30")
    # days 51-60 C2, days 61-80 C1 and C2 on emergency supplies: 30 days, one fine a day for
    # the base however many crews eat them; 560 - 6.00 wages (day 60) - 30 × 10 = 254
    assert base(t, "Rock")["emergency_left"] == 0
    assert crews(t) == ["active", "active"]
    assert cash(t, "Ann") == "254.00"
    assert patrol(t) == "1000.00"
    run = tick(t, "1")  # day 81
    assert "the crews of Rock (C1, C2) died: no supplies left; all its functions stop" in run
    assert base(t, "Rock")["status"] == "stopped"


# -- §11A the Executive Liner as a mobile office ------------------------------------------------


def test_s11a_an_executive_liner_office_pays_office_fees_and_feeds_its_staff_2_units_a_month() -> (
    None
):
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann executive-liner --name Comet")  # 250 KC; 3 units on day 0
    t("hire Ann --ship Comet")
    run = t("office open Ann --at Comet")
    # §8: 10 KC to open + 5 KC for the first 30 days; §11A: the staff eat 2 units in advance
    assert "its staff ate 2 units of Comet's supplies for the period, 1 left" in run
    assert cash(t, "Ann") == "758.00"  # 1025 - 250 - 2 - 15
    t("supply Ann --ship Comet --months 2")
    # 2 months × (1 crew + 2 units of staff) = 6 units, 6 KC
    assert ship(t, "Comet")["supplies"] == 7
    assert cash(t, "Ann") == "752.00"
    t("tick 30")  # day 1: the crew eats 1 (7 → 6); day 30: the fee 5, the staff 2 (→ 4)
    assert ship(t, "Comet")["supplies"] == 4
    assert t.rows("Offices")[0]["paid_until"] == 60
    assert cash(t, "Ann") == "744.00"  # 752 - 5 fee - 3.00 wages
    t("tick 30")  # day 31: the crew 1 (→ 3); day 60: the staff 2 (→ 1): 3 units a month
    assert ship(t, "Comet")["supplies"] == 1
    assert cash(t, "Ann") == "736.00"  # 744 - 5 - 3.00
    run = tick(t, "30")  # day 61: the crew eats the last unit; day 90: nothing for the staff
    assert (
        "office O1 in Comet closed: its staff need 2 units of supplies for the period and Comet has 0"
        in run
    )
    assert t.rows("Offices")[0]["status"] == "closed"
    assert cash(t, "Ann") == "733.00"  # 736 - 3.00 wages; no fee for a closed office


def test_s11a_the_office_takes_20_cp_of_the_liners_hold() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann executive-liner --name Comet")  # hold 20 CP
    t("buy Ann executive-liner --name Star")
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Comet")
    t("office open Ann --at Comet")  # 3 - 2 = 1 unit left
    run = t.refusal("buy Ann mark-ii-mine --ship Comet")  # 5 CP
    assert "Comet has 20 CP of hold, 20 used; this needs 5 more" in run
    # built into it: 3 months × (1 crew + 2 units of staff) = 9 units; 1 + 6 fit, 1 + 9 do not
    run = t.refusal("supply Ann --ship Comet --months 3")
    assert "hold-full" in run
    t("supply Ann --ship Comet --months 2")
    assert ship(t, "Comet")["supplies"] == 7
    t("buy Ann mark-ii-mine --ship Star")
    run = t.refusal("office open Ann --at Star")
    assert "Star has 20 CP of hold, 5 used; its office takes 20 CP (§11A)" in run
    run = t.refusal("office open Ann --at Nomad")
    assert "or in an Executive Liner (§11A), not 'Nomad'" in run
    assert not [p for p in t.problems if p.is_error]


# -- §20 a ship's crews at a recreation module ---------------------------------------------------


def module_for_ann(t: Table) -> None:
    """Bob's base Rock with a module (R1) and 10 units of supplies; Ann's transport Nomad with
    one crew (C1) who can reach the module."""
    t("pay bank Bob 1000")
    t("buy Bob base --name Rock")
    t("buy Bob recreation-module --base Rock")
    t("supply Bob --base Rock --months 10")
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t.edit_cells({"Crews!F2": "R1"})  # the module column of C1


def test_s20_a_ship_crew_spends_at_a_module_only_after_7_days_at_its_base_and_for_those_days() -> (
    None
):
    t = table()
    module_for_ann(t)
    bob = cash(t, "Bob")
    assert bob == "715.00"  # 1025 - 250 - 50 - 10
    t("tick 10")
    t("move Nomad --to Rock")  # day 10
    t("tick 25")
    # the pay of day 30 covers days 1-30; Nomad has been at Rock more than 7 days on days
    # 18-30: 13 days × 0.1 × 50% = 0.65 to Bob, the rest of the 3.00 to the crew
    assert wages(t)[0] == {"cash:Ann:Ceres": "-3.00", "cash:Bob:Ceres": "0.65", "crews": "2.35"}
    t("move Nomad --to Mars")  # day 35: days 31-35 at Rock count
    t("tick 5")
    t("move Nomad --to Rock")  # day 40
    t("tick 7")
    t("move Nomad --to Mars")  # day 47: days 41-47 are one week, not more
    t("tick 13")
    # the pay of day 60: 5 days × 0.1 × 50% = 0.25
    assert wages(t)[1] == {"cash:Ann:Ceres": "-3.00", "cash:Bob:Ceres": "0.25", "crews": "2.75"}
    assert cash(t, "Bob") == "715.90"
    assert cash(t, "Ann") == "7.00"  # 25 - 10 - 2 - 2 × 3.00


def test_s20_the_week_is_a_house_rule() -> None:
    t = table()
    module_for_ann(t)
    t.set_setting("module_ship_days", 0)
    t("move Nomad --to Rock")  # day 0
    t("tick 30")
    # every day of 1-30 counts: 30 × 0.1 × 50% = 1.50
    assert wages(t)[0] == {"cash:Ann:Ceres": "-3.00", "cash:Bob:Ceres": "1.50", "crews": "1.50"}


def test_s20_a_ship_crew_away_from_the_base_spends_nothing_there() -> None:
    t = table()
    module_for_ann(t)
    t("tick 30")  # Nomad stays at Ceres
    assert wages(t)[0] == {"cash:Ann:Ceres": "-3.00", "crews": "3.00"}
    assert cash(t, "Bob") == "715.00"
