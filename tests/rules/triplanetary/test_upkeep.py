"""Triplanetary V/2 property and `ledger tick`: one test per rule, amounts computed by hand.

Every test plays a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres, Sam is the Patrol with 500 KC (§3, §6). `pay bank Ann N` gives a player money for a
scenario. What only the command does (a dry run, the printable summary) runs the real CLI on a
real workbook.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ledger.cli.reports import tick_json
from tests.conftest import Ledger
from tests.memory import Table, table


def cash(t: Table, player: str) -> str:
    return f"{t.cash(player):.2f}"


def accounts(t: Table) -> dict[str, str]:
    return {a: v.plain() for a, v in t.books.journal.balances().items()}


def ship(t: Table, name: str) -> dict[str, Any]:
    return next(r for r in t.rows("Ships") if r["name"] == name)


def tick(t: Table, days: str) -> str:
    """Tick; every line of the report."""
    t(f"tick {days}")
    return t.report()


def txn_count(t: Table) -> int:
    return len(t.journal())


# -- §3 §12 buying and building ------------------------------------------------------------------


def test_s3_day_0_purchases_are_ready_at_once_with_3_months_of_supplies() -> None:
    t = table()
    run = t("buy Ann transport --name Nomad")
    assert "Nomad ready at Ceres with 3 months of supplies" in run
    s = ship(t, "Nomad")
    assert (s["type"], s["price"], s["built_at"], s["supplies"], s["emergency_left"]) == (
        "transport",
        10,
        "Ceres",
        3,
        14,
    )
    assert cash(t, "Ann") == "15.00"
    assert accounts(t)["suppliers"] == "10.00"


def test_s12_ships_take_30_days_per_attack_factor_and_are_paid_in_advance() -> None:
    t = table()
    t("pay bank Ann 200")
    t("tick 1")
    run = t("buy Ann corsair --name Raven --at Mars")  # Corsair: factor 4, 100 KC
    assert "ready on day 121" in run
    assert cash(t, "Ann") == "125.00"  # paid in advance (§12)
    order = t.rows("Construction")[0]
    assert (order["item"], order["place"], order["ready_day"], order["status"]) == (
        "corsair",
        "Mars",
        121,
        "building",
    )
    t("tick 119")
    assert t.rows("Ships") == []
    run = tick(t, "1")
    assert "construction done: S1 Raven ready at Mars" in run
    s = ship(t, "Raven")
    assert (s["built_day"], s["supplies"], s["built_at"]) == (
        121,
        0,
        "Mars",
    )  # after day 0, supplies are bought


def test_s12_commercial_ships_bases_and_modules_take_their_ruled_days() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("tick 1")
    t("buy Ann transport --name T")  # 1D: 30 days (ruling)
    t("buy Ann liner --name L")  # 2D: 60 days (ruling)
    t("buy Ann base --name Rock")  # §12: 30 days
    ready = {r["name"]: r["ready_day"] for r in t.rows("Construction")}
    assert ready == {"T": 31, "L": 61, "Rock": 31}


def test_s12_build_days_are_a_house_rule_in_the_price_list() -> None:
    t = table()
    data = t.rows("PriceList")
    row = 2 + next(i for i, r in enumerate(data) if r["item"] == "corsair")

    t.edit_cells({f"PriceList!I{row}": 45, f"PriceList!D{row}": 80})
    t("pay bank Ann 100")
    t("tick 1")
    t("buy Ann corsair --name R")
    assert t.rows("Construction")[0]["ready_day"] == 46
    assert cash(t, "Ann") == "45.00"


def test_s38_equipment_goes_into_the_hold_and_an_overfull_hold_is_refused() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann corvette --name Wasp")  # hold 5 CP
    run = t("buy Ann mark-ii-mine --ship Wasp")  # 5 CP
    assert "now in Wasp" in run
    run = t.refusal("buy Ann mark-ii-mine --ship Wasp")
    assert "--ship" not in run.split(":")[0]
    assert "hold-full" in run and "5 CP of hold, 5 used" in run
    assert t.rows("Cargo") == [{"holder": "S1", "good": "mark-ii-mine", "qty": 1}]


def test_s38_loading_onto_a_ship_under_construction_is_refused() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("tick 1")
    t("buy Ann packet --name Slow")
    run = t.refusal("buy Ann mark-i-mine --ship Slow")
    assert "under-construction" in run and "ready on day 61" in run


def test_s38_unknown_items_and_consumables_get_a_clear_answer() -> None:
    t = table()
    run = t.refusal("buy Ann warp-drive")
    assert "ITEM: unknown-item" in run
    run = t.refusal("buy Ann fuel")
    assert "ledger fuel" in run


# -- §13 crews -------------------------------------------------------------------------------


def test_s13_hire_costs_2_kc_a_crew() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad --crews 2")
    assert cash(t, "Ann") == "11.00"  # 25 - 10 - 2 × 2
    assert [c["id"] for c in t.rows("Crews")] == ["C1", "C2"]


def test_s13_wages_are_paid_every_30_days_in_one_transaction_per_owner() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad --crews 2")
    t("move Nomad --land")
    before = txn_count(t)
    t("tick 29")
    assert txn_count(t) == before
    t("tick 1")
    txns = t.journal()
    assert len(txns) == before + 1
    wages = txns[-1]
    assert (wages["kind"], wages["day"], wages["rule"]) == ("wages", 30, "§13")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Ann:Ceres": "-6.00",
        "crews": "6.00",
    }  # 2 × 30 × 0.1
    assert cash(t, "Ann") == "5.00"


def test_s13_unpaid_wages_stay_owed_and_are_paid_when_money_comes() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad --crews 2")
    t("move Nomad --land")
    t("pay Ann Bob 11")  # Ann has 0
    run = tick(t, "30")
    assert (
        "crew C1 not paid: 3.00 KC owed for 30 days; the tick pays it on day 60 if Ann has "
        "the money then (§13); it quits on day 180 unless paid"
    ) in run
    t("pay bank Ann 100")
    t("tick 30")
    wages = t.journal()[-1]
    assert wages["day"] == 60 and {p["amount"] for p in wages["postings"]} == {
        "-12.00",
        "12.00",
    }  # 2 crews × 60 days


def test_s13_crew_quits_after_180_unpaid_days() -> None:
    crew_quits_after_180_unpaid_days(table())


def crew_quits_after_180_unpaid_days(t: Table) -> None:
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("move Nomad --land")
    t("pay Ann Bob 13")  # nothing left for wages
    t("tick 179")
    assert t.rows("Crews")[0]["status"] == "active"
    run = tick(t, "1")
    assert "crew C1 quit after 180 days unpaid; Nomad must land at the nearest planet" in run
    crew = t.rows("Crews")[0]
    assert (crew["status"], crew["ended_day"]) == ("quit", 180)
    assert ship(t, "Nomad")["status"] == "landing"


def test_s13_hiring_costs_double_after_a_crew_quit() -> None:
    t = table()
    crew_quits_after_180_unpaid_days(t)
    t("pay bank Ann 10")
    t("hire Ann --ship Nomad")
    assert cash(t, "Ann") == "6.00"  # 4 KC: double (§13)
    assert t.journal()[-1]["rule"].startswith("§13 (double")


def test_s13_discharge_pays_back_wages_and_14_days_severance() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("move Nomad --land")
    t("tick 10")
    t("discharge C1")
    assert cash(t, "Ann") == "10.60"  # 25 - 10 - 2 - (10 days + 14 days) × 0.1
    assert t.rows("Crews")[0]["status"] == "discharged"
    t("tick 30")
    assert cash(t, "Ann") == "10.60"  # no more wages


def test_s13_wage_is_a_house_rule() -> None:
    t = table()
    t.set_setting("crew_wage_per_day", 0.2)  # §38's figure
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("move Nomad --land")
    t("tick 30")
    assert cash(t, "Ann") == "7.00"  # 25 - 10 - 2 - 6


# -- §14 supplies ------------------------------------------------------------------------------


def test_s14_emergency_supplies_from_day_91_fined_10_kc_a_day_dead_on_day_105() -> None:
    """The issue's scenario: a crew with 3 months of supplies and no resupply."""
    t = table()
    t("pay bank Ann 500")
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("tick 90")
    s = ship(t, "Nomad")
    assert (s["supplies"], s["emergency_left"]) == (0, 14)
    assert cash(t, "Ann") == "504.00"  # 525 - 10 - 2 - 3 × 3.00 wages
    run = tick(t, "1")
    assert (
        "Nomad is out of supplies and lives on its emergency supplies: the crews die on day 105"
        in run
    )
    assert cash(t, "Ann") == "494.00"
    assert accounts(t)["patrol"] == "510.00"
    t("tick 13")  # days 92-104: 13 more days of emergency supplies
    assert ship(t, "Nomad")["emergency_left"] == 0
    assert t.rows("Crews")[0]["status"] == "active"
    run = tick(t, "1")  # day 105
    assert "died: no supplies left; it drifts on its last course and speed" in run
    assert t.rows("Crews")[0]["status"] == "dead"
    assert ship(t, "Nomad")["status"] == "drifting"
    assert cash(t, "Ann") == "364.00"  # 504 - 14 × 10 KC fines; the dead crew is not paid
    assert accounts(t)["patrol"] == "640.00"
    t("tick 30")
    assert cash(t, "Ann") == "364.00"


def test_s14_crews_on_a_planet_need_no_supplies() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("move Nomad --to Mars --land")
    t("tick 100")
    assert ship(t, "Nomad")["supplies"] == 3
    t("move Nomad --space")
    t("tick 1")
    assert ship(t, "Nomad")["supplies"] == 2


def test_s14_supplies_beyond_3_months_go_into_the_hold() -> None:
    t = table()
    t("pay bank Ann 500")
    t("buy Ann corvette --name Wasp")  # hold 5 CP
    t("hire Ann --ship Wasp")
    t("supply Ann --ship Wasp --months 5")  # 3 + 5 = 8 units: 3 built in, 5 in the hold
    assert ship(t, "Wasp")["supplies"] == 8
    run = t.refusal("supply Ann --ship Wasp --months 1")
    assert "--months: hold-full" in run
    assert cash(t, "Ann") == "468.00"  # 525 - 50 - 2 - 5


def test_s14_replacing_used_emergency_supplies_costs_1_kc_on_resupply() -> None:
    t = table()
    t("pay bank Ann 500")
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("tick 92")  # 2 days of emergency supplies used
    before = Decimal(cash(t, "Ann"))
    t("supply Ann --ship Nomad --months 2")
    assert Decimal(cash(t, "Ann")) == before - 2 - 1
    s = ship(t, "Nomad")
    assert (s["supplies"], s["emergency_left"]) == (2, 14)


def test_s14_a_base_has_30_days_of_emergency_supplies_and_refills_for_2_kc() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock")
    t("hire Ann --base Rock")
    t("tick 1")
    base = t.rows("Bases")[0]
    assert base["emergency_left"] == 29  # a base starts with no supplies: day 1 is an emergency day
    t("tick 29")
    t("supply Ann --base Rock --months 1")
    base = t.rows("Bases")[0]
    assert (base["emergency_left"], base["supplies"]) == (30, 1)
    assert t.journal()[-1]["postings"][0]["amount"] == "-3.00"  # 1 unit + 2 KC refill


# -- §15 fuel -------------------------------------------------------------------------------------


def test_s15_fuel_costs_1_kc_a_unit_up_to_the_tank() -> None:
    t = table()
    t("buy Ann transport --name Nomad")  # tank 10
    t("fuel Ann --ship Nomad 8")
    assert cash(t, "Ann") == "7.00"
    run = t.refusal("fuel Ann --ship Nomad 3")
    assert "UNITS: tank-full" in run and "buy at most 2" in run


# -- §8 offices ---------------------------------------------------------------------------------------


def test_s8_an_office_costs_10_kc_and_5_kc_every_30_days_in_advance() -> None:
    t = table()
    t("office open Ann --at Mars")
    assert cash(t, "Ann") == "10.00"  # 10 + the first 5 in advance
    t("tick 29")
    assert cash(t, "Ann") == "10.00"
    run = tick(t, "1")
    assert "office fee O1 at Mars, paid until day 60" in run
    assert cash(t, "Ann") == "5.00"


def test_s8_an_office_that_cannot_be_paid_closes() -> None:
    t = table()
    t("office open Ann --at Mars")
    t("pay Ann Bob 10")
    run = tick(t, "30")
    assert "office O1 at Mars closed" in run
    assert t.rows("Offices")[0]["status"] == "closed"
    t("pay bank Ann 15")
    t("office open Ann --at Mars")  # restarting costs as much as a new one
    assert cash(t, "Ann") == "0.00"
    assert t.rows("Offices")[0]["status"] == "open"


def test_s8_office_close_command() -> None:
    t = table()
    t("office open Ann --at Mars")
    t("office close O1")
    t("tick 60")
    assert cash(t, "Ann") == "10.00"


# -- §29 property tax -------------------------------------------------------------------------------


def test_s29_a_packet_and_no_crew_pays_10_percent_of_50_kc_on_day_360() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann packet --name Post")
    t("tick 359")
    assert cash(t, "Ann") == "75.00"
    run = tick(t, "1")
    assert "property tax: 10% of 50.00 KC of ships and bases" in run
    assert cash(t, "Ann") == "70.00"
    tax = t.journal()[-1]
    assert tax["rule"] == "§29" and tax["day"] == 360
    assert {p["account"]: p["amount"] for p in tax["postings"]} == {
        "cash:Ann:Ceres": "-5.00",
        "patrol": "2.50",
        "earth": "2.50",
    }


def test_s29_property_tax_counts_ships_being_built_and_keeps_the_odd_cent() -> None:
    t = table()
    t("pay bank Ann 1000")
    data = t.rows("PriceList")
    row = 2 + next(i for i, r in enumerate(data) if r["item"] == "packet")

    t.edit_cells({f"PriceList!D{row}": 55.5})
    t("tick 350")
    t("buy Ann packet --name Late")  # ready on day 410: still being built on day 360
    t("tick 10")
    tax = t.journal()[-1]
    amounts = {p["account"]: p["amount"] for p in tax["postings"]}
    assert amounts == {
        "cash:Ann:Ceres": "-5.55",
        "patrol": "2.77",
        "earth": "2.78",
    }  # the odd cent to Earth


def test_s29_unpaid_tax_is_a_class_i_crime_and_two_cycles_make_a_pirate() -> None:
    t = table()
    t.refusal("buy Ann packet --name Post")  # 50 KC: too dear
    t("pay bank Ann 25")
    t("buy Ann packet --name Post")
    run = tick(t, "360")
    assert "property tax of 5.00 KC unpaid: a class I crime on record (X1)" in run
    crimes = t.rows("Crimes")
    assert [(c["player"], c["class"], c["status"]) for c in crimes] == [("Ann", 1, "open")]
    run = tick(t, "360")
    assert "Ann is now a pirate (2 tax cycles unpaid); PR -15" in run
    ann = t.rows("Players")[0]
    assert (ann["status"], ann["pr"]) == ("pirate", -15)


def test_s29_owed_tax_is_collected_when_money_comes_in() -> None:
    t = table()
    t("pay bank Ann 25")
    t("buy Ann packet --name Post")
    t("tick 360")
    t("pay bank Ann 3")
    t("tick 1")
    assert cash(t, "Ann") == "0.00"
    dues = t.rows("Dues")
    assert [(d["creditor"], d["amount"]) for d in dues] == [
        ("patrol", 0),
        ("earth", 2),
    ]  # 2.50 + 0.50 paid
    t("pay bank Ann 10")
    t("tick 1")
    assert cash(t, "Ann") == "8.00"
    assert [d["amount"] for d in t.rows("Dues")] == [0, 0]
    assert t.rows("Crimes")[0]["status"] == "paid"
    assert accounts(t)["earth"] == "2.50"


def test_s29_what_the_player_has_is_taken_on_the_tax_day_and_the_rest_owed() -> None:
    t = table()
    t("pay bank Ann 28")
    t("buy Ann packet --name Post")  # 53 - 50: 3.00 left
    run = tick(t, "360")  # tax 5.00: 3.00 now, 2.00 owed
    assert "property tax of 5.00 KC unpaid: a class I crime on record (X1)" in run
    assert cash(t, "Ann") == "0.00"
    dues = t.rows("Dues")
    assert [(d["creditor"], d["amount"]) for d in dues] == [("patrol", 0), ("earth", 2)]
    assert t.rows("Crimes")[0]["status"] == "open"  # 2.00 still unpaid


def test_s29_a_recreation_module_goes_with_its_destroyed_base(game: Ledger) -> None:
    game("pay", "bank", "Ann", "1000")
    game("buy", "Ann", "base", "--name", "Rock")  # 250
    game("buy", "Ann", "recreation-module", "--base", "Rock")  # 50
    game("buy", "Ann", "packet", "--name", "Post")  # 50
    game("destroy", "Rock")
    ahead = game("statement", "--player", "Ann", "--format", "text").stdout
    assert "property tax on day 360: 5.00 KC" in ahead  # the statement foresees the same
    run = game("tick", "360", "--json").json()
    lines = [line["text"] for p in run["players"].values() for line in p["lines"]]
    assert "property tax: 10% of 50.00 KC of ships and bases" in "\n".join(lines)  # the packet only


# -- §20 recreation modules -------------------------------------------------------------------------


def test_s20_a_bases_crews_spend_half_their_pay_at_its_own_module() -> None:
    """ "If a crew has access to a recreational module, on their base ...": no Crews cell to
    fill in for the module on the crews' own base."""
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Home")  # 250
    t("buy Ann recreation-module --base Home")  # 50
    t("supply Ann --base Home --months 10")  # 10
    t("hire Ann --base Home --crews 2")  # 4
    assert t.rows("Crews")[0]["module"] is None
    t("tick 30")  # wages 2 x 30 x 0.10 = 6.00, half of it spent at Ann's own module
    wages = [x for x in t.journal() if x["rule"] == "§13"][-1]
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Ann:Ceres": "-3.00",
        "crews": "3.00",
    }


def test_s20_crews_spend_half_their_pay_at_a_recreation_module() -> None:
    t = table()
    t("pay bank Ann 1000")
    t.refusal("buy Bob base --name Rock")
    t("pay bank Bob 1000")
    t("buy Bob base --name Rock")
    t("buy Bob recreation-module --base Rock")
    t("supply Bob --base Rock --months 10")
    t("buy Ann base --name Den")  # a base's crew: all its pay counts (§20)
    t("supply Ann --base Den --months 1")
    t("hire Ann --base Den")
    t.add_rows("Crews", [])

    t.edit_cells({"Crews!F2": "R1"})  # the crew can reach Bob's module
    bob_before = Decimal(cash(t, "Bob"))
    run = tick(t, "30")
    assert "recreation module: half the pay of Ann's crews" in run
    assert Decimal(cash(t, "Bob")) == bob_before + Decimal("1.50")
    wages = next(x for x in t.journal() if x["kind"] == "wages")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Ann:Ceres": "-3.00",
        "cash:Bob:Ceres": "1.50",
        "crews": "1.50",
    }
    assert t.rows("Bases")[0]["supplies"] == 8  # the module used 2 CP of supplies


def test_s20_a_module_without_supplies_shuts_down() -> None:
    t = table()
    t("pay bank Bob 1000")
    t("buy Bob base --name Rock")
    t("buy Bob recreation-module --base Rock")
    run = tick(t, "1")
    assert "recreation module R1 shut" in run
    assert t.rows("Modules")[0]["status"] == "shut"
    t("supply Bob --base Rock --months 2")
    run = tick(t, "1")
    assert "recreation module R1 is open again" in run


# -- §7 §24 §23 §25 ---------------------------------------------------------------------------------


def test_s7_incorporation_costs_5_kc_and_takes_5_days() -> None:
    t = table()
    t("incorporate Ann --at Mars --name 'Ann Mining'")
    assert cash(t, "Ann") == "20.00"
    t("tick 4")
    assert t.rows("Corporations")[0]["status"] == "forming"
    run = tick(t, "1")
    assert "corporation K1 Ann Mining is formed" in run


def test_s7_a_player_with_two_ships_must_incorporate() -> None:
    t = table()
    t("buy Ann transport 2 --name T")
    run = t.check()
    assert "must-incorporate (warning) Ann has 2 ships and no corporation" in run
    t("incorporate Ann")
    assert "must-incorporate" not in t.check()


def test_s24_a_claim_costs_1_kc_and_is_registered_the_next_day() -> None:
    t = table()
    t("claim Ann 'Hex 0412'")
    assert cash(t, "Ann") == "24.00"
    run = t.refusal("hire Ann --mine 'Hex 0412'")
    assert "claim-not-registered" in run
    run = tick(t, "1")
    assert "claim M1 Hex 0412 is registered" in run


def test_s23_a_crewed_mine_makes_1_cp_a_day_and_a_ct_mine_1_cp_every_5_days() -> None:
    t = table()
    t("pay bank Ann 150")
    t("claim Ann Rich")
    t("claim Ann Hot --ct")
    t("claim Ann Idle")
    t("buy Ann pseudo-magnetic-grapples --base Hot")  # 50 KC (§23, §38)
    t("tick 1")
    t("hire Ann --mine Rich")
    t("hire Ann --mine Hot")
    t("supply Ann --mine Rich --months 1")
    t("supply Ann --mine Hot --months 1")
    t("tick 10")
    store = {(c["holder"], c["good"]): c["qty"] for c in t.rows("Cargo")}
    assert store == {
        ("M1", "raw-ore"): 10,
        ("M2", "c-t-ore"): 2,
        ("M2", "pseudo-magnetic-grapples"): 1,
    }  # the uncrewed claim makes nothing


def test_s23_a_ct_mine_needs_pseudo_magnetic_grapples() -> None:
    """§23: "A crew also needs pseudo-magnetic grapples to work a C-T mine."."""
    t = table()
    t("pay bank Ann 150")
    t("claim Ann Hot --ct")
    t("tick 1")
    t("hire Ann --mine Hot")
    t("supply Ann --mine Hot --months 1")
    run = tick(t, "10")
    assert "C-T mine M1 makes nothing: its crews have no pseudo-magnetic grapples" in run
    assert run.count("makes nothing") == 1  # said once a tick
    assert not [c for c in t.rows("Cargo") if c["good"] == "c-t-ore"]
    t("buy Ann pseudo-magnetic-grapples --base Hot")
    t("tick 10")  # 1 CP every 5 crewed days from here
    assert [(c["holder"], c["qty"]) for c in t.rows("Cargo") if c["good"] == "c-t-ore"] == [
        ("M1", 2)
    ]


def test_s25_ganymede_makes_2_cp_of_cordrazite_a_day_and_a_processor_12_cp_of_ore_into_3() -> None:
    t = table()
    t("pay bank Ann 100")
    t("claim Ann Rich")
    t("tick 1")
    t("hire Ann --mine Rich")
    t("supply Ann --mine Rich --months 2")
    t("buy Ann ore-processor --base Rich")
    t("tick 17")  # 17 CP of raw ore, 1 a day; the processor turns each 4 CP into 1 (§25)
    store = {c["good"]: c["qty"] for c in t.rows("Cargo") if c["holder"] == "M1"}
    assert store == {"processed-ore": 4, "raw-ore": 1, "ore-processor": 1}
    ganymede = next(m for m in t.rows("Markets") if m["place"] == "Ganymede")
    assert ganymede["stock"] == 36  # 18 days × 2 CP


# -- §41 §6 and the Events route -----------------------------------------------------------------------


def test_s41_a_prison_term_ends_on_its_day() -> None:
    t = table()

    t.edit_cells({"Players!D2": "imprisoned", "Players!E2": 10})
    t("tick 9")
    assert t.rows("Players")[0]["status"] == "imprisoned"
    run = tick(t, "1")
    assert "released from prison" in run
    assert t.rows("Players")[0]["status"] == "free"


def test_events_rows_go_through_the_same_commands() -> None:
    t = table()
    t.add_rows(
        "Events",
        [
            ["E1", None, "buy", "Ann", None, None, "transport --name Nomad"],
            ["E2", None, "hire", "Ann", None, None, "--ship Nomad"],
            ["E3", None, "fuel", "Ann", None, 5, "--ship Nomad"],
        ],
    )
    t("post")
    assert cash(t, "Ann") == "8.00"  # 25 - 10 - 2 - 5
    assert [r["posted"] for r in t.rows("Events")] == ["txn 4", "txn 5", "txn 6"]
    t.add_rows(
        "Events",
        [
            ["E4", None, "buy", "Ann", None, None, "warp-drive"],
            ["E5", None, "hire", "Ann", None, None, "--ship Nowhere --crews x"],
        ],
    )
    run = t.check()
    assert "Events!G5: unknown-item" in run
    assert "Events!G6: bad-number" in run


def test_tick_dry_run_writes_nothing(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    before = game.path.read_bytes()
    run = game("tick", "30", "--dry-run", "--json")
    assert run.json()["players"]["Ann"]["charges"] == "3.00"
    assert game.path.read_bytes() == before
    assert "dry run" in run.stderr
    assert not list(game.folder.glob("*.html"))


def test_tick_writes_a_printable_summary_beside_the_workbook(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "<b>Nomad</b>")
    game("hire", "Ann", "--ship", "<b>Nomad</b>")
    game("tick", "30")
    html = (game.folder / "ledger-days-0001-0030.html").read_text()
    assert "Ann pays wages of crew C1" in html and "−3.00" in html
    assert "<b>Nomad</b>" not in html  # autoescaped


def test_tick_json_lists_charges_per_player() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("tick 60")
    data = tick_json(t.data)
    assert (data["from_day"], data["to_day"]) == (0, 60)
    assert data["players"]["Ann"]["charges"] == "6.00"


def test_s9_a_merger_costs_1000_kc_and_takes_120_days() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("incorporate Ann --name 'Ann Mining'")
    t("incorporate Bob --name 'Bob Freight'")
    t("tick 5")
    run = t("merge K1 K2")
    assert "complete on day 125" in run
    assert cash(t, "Ann") == "20.00"  # 1025 - 5 - 1000
    t("tick 119")
    assert [c["status"] for c in t.rows("Corporations")] == ["merging", "merging"]
    run = tick(t, "1")
    assert "the merger into Ann Mining is complete" in run
    corps = t.rows("Corporations")
    assert [c["status"] for c in corps] == ["active", "merged"]
    assert corps[0]["members"] == "Bob"


def test_s9_merge_through_an_events_row() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("incorporate Ann")
    t("incorporate Bob")
    t("tick 5")
    t.add_rows("Events", [["E1", None, "merge", "K1", "K2"]])
    t("post")
    assert t.rows("Corporations")[0]["status"] == "merging"


# -- found in review --------------------------------------------------------------------------------


def test_s7_incorporating_after_a_purchase_under_construction_works() -> None:
    t = table()
    t("pay bank Ann 500")
    t("tick 1")
    t("buy Ann transport --name T")
    t("incorporate Ann --at Mars")
    assert [r["id"] for r in t.rows("Construction")] == ["W1"]
    assert [r["id"] for r in t.rows("Corporations")] == ["K1"]


def test_s29_a_zero_tax_is_no_crime() -> None:
    t = table()
    t.set_setting("property_tax_percent", 0)
    t("buy Ann transport --name T")
    t("tick 720")
    assert t.rows("Crimes") == []
    assert t.rows("Players")[0]["status"] == "free"


def test_s13_a_mine_with_a_base_is_crewed_and_fed_by_the_base() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock")
    t("supply Ann --base Rock --months 10")
    t("hire Ann --base Rock")
    t("claim Ann Hex1 --base Rock")
    t("tick 1")
    t("hire Ann --mine Hex1")
    t("tick 10")
    store = {c["good"]: c["qty"] for c in t.rows("Cargo") if c["holder"] == "M1"}
    assert store == {"raw-ore": 11}  # the base's crew mans the claim from its registration, day 1
    assert {c["status"] for c in t.rows("Crews")} == {"active"}
    # The base took a unit for its crew on day 1; the mine's crew, hired on day 1, eats from
    # the base from its next period (day 31) on: supplies are taken per 30-day period.
    assert t.rows("Bases")[0]["supplies"] == 9
    t("tick 20")
    assert t.rows("Bases")[0]["supplies"] == 7


def test_s14_the_patrol_does_not_fine_itself() -> None:
    t = table()
    t("buy Sam corsair --name Cop")
    t("hire Sam --ship Cop")
    t("tick 92")
    data = tick_json(t.data)
    assert data["players"]["Sam"]["charges"] == "9.00"  # three months of wages, no fines
    assert cash(t, "Sam") == "389.00"  # 500 - 100 corsair - 2 hire - 9 wages; no fine from itself


def test_s13_a_crew_quits_on_its_quit_day_even_off_a_pay_day() -> None:
    t = table()
    t.set_setting("crew_quit_days", 100)
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad")
    t("move Nomad --land")
    t("pay Ann Bob 13")
    t("tick 100")
    assert t.rows("Crews")[0]["ended_day"] == 100


def test_check_refuses_negative_cargo_and_nonsense_settings() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t.add_rows("Cargo", [["S1", "raw-ore", -3]])
    t.set_setting("crew_pay_days", 0)
    run = t.check()
    assert "Cargo!C2: negative-value" in run
    assert "bad-setting crew_pay_days must be 1 or more" in run


def test_settings_out_of_range_are_problems() -> None:
    t = table()
    t.set_setting("sales_tax_percent", 150)
    t.set_setting("start_supply_months", -2)
    run = t.check()
    assert "bad-setting sales_tax_percent is 150; a percentage is from 0 to 100" in run
    assert "bad-setting start_supply_months cannot be negative (-2)" in run
