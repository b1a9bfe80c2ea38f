"""Triplanetary V/2 trade, taxes, liners, crime and trials, amounts by hand.

Each test plays a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres, Sam is the Patrol with 500 KC. The `trader` fixture: Ann has 1025 KC after
`pay bank Ann 1000`; her transport Nomad (50 CP hold) is bought on day 0. What only the command
does (the game's printable summary) runs the real CLI on a real workbook.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.conftest import Ledger
from tests.memory import Table, table


@pytest.fixture
def trader() -> Table:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann transport --name Nomad")
    t("tick 1")
    return t


@pytest.fixture
def cli_trader(game: Ledger) -> Ledger:
    """The `trader` fixture on a real workbook."""
    game.prepare(
        ("pay", "bank", "Ann", "1000"),
        ("buy", "Ann", "transport", "--name", "Nomad"),
        ("tick", "1"),
    )
    return game


def last(t: Table) -> dict[str, str]:
    txn = t.journal()[-1]
    return {p["account"]: p["amount"] for p in txn["postings"]}


def players(t: Table) -> dict[str, dict[str, object]]:
    return {r["name"]: r for r in t.rows("Players")}


def cash(t: Table, who: str) -> Decimal:
    return Decimal(f"{t.cash(who):.2f}")


# -- §39 buying and selling -------------------------------------------------------------------------


def test_s39_buy_goods_where_the_table_sells_them(trader: Table) -> None:
    t = trader
    t("buy Ann manufactured-goods 20 --at Venus --ship Nomad")
    assert last(t) == {"cash:Ann:Ceres": "-60.00", "market": "60.00"}  # 20 × 3 KC at Venus
    assert t.rows("Cargo") == [{"holder": "S1", "good": "manufactured-goods", "qty": 20}]


def test_s39_a_place_that_does_not_sell_a_good_lists_the_places_that_do(trader: Table) -> None:
    t = trader
    run = t.refusal("buy Ann manufactured-goods 5 --at Ceres --ship Nomad")
    assert "--at: not-sold-here Ceres does not sell manufactured-goods" in run
    assert "Venus (3 KC), Earth (4 KC), Mars (5 KC)" in run


def test_s39_sell_at_the_price_of_the_place_with_10_percent_tax_split(trader: Table) -> None:
    t = trader
    t("buy Ann manufactured-goods 10 --at Venus --ship Nomad")
    t("sell Ann manufactured-goods 10 --at Mars --ship Nomad")
    # 10 × 5.5 = 55.00; tax 5.50: 2.75 Patrol, 2.75 Earth; the money lands in the bank at Mars (§30)
    assert last(t) == {
        "market": "-55.00",
        "cash:Ann:Mars": "49.50",
        "patrol": "2.75",
        "earth": "2.75",
    }
    assert t.rows("Cargo") == []


def test_s39_selling_what_the_hold_does_not_have_is_refused(trader: Table) -> None:
    t = trader
    run = t.refusal("sell Ann cordrazine 1 --at Mars --ship Nomad")
    assert "CP: not-in-hold Nomad holds 0 CP of cordrazine, not 1" in run


def test_s39_a_place_that_does_not_buy_lists_the_places_that_do(trader: Table) -> None:
    t = trader
    t("buy Ann manufactured-goods 10 --at Venus --ship Nomad")
    run = t.refusal("sell Ann manufactured-goods 10 --at Earth --ship Nomad")
    assert (
        "not-bought-here Earth does not buy manufactured-goods" in run and "Callisto (6 KC)" in run
    )


def test_s29_a_sale_between_players_is_taxed_and_the_odd_cent_is_on_record(trader: Table) -> None:
    t = trader
    t("pay bank Bob 100")
    t("buy Bob transport --name Magpie")
    t("tick 30")  # Magpie is built
    t("buy Ann manufactured-goods 10 --at Venus --ship Nomad")
    t("sell Ann manufactured-goods 10 --ship Nomad --to Bob --price 55.50 --to-ship Magpie")
    # 10% of 55.50 = 5.55: the Patrol's half rounded down 2.77, Earth 2.78 with the odd cent
    assert last(t) == {
        "cash:Bob:Ceres": "-55.50",
        "cash:Ann:Ceres": "49.95",
        "patrol": "2.77",
        "earth": "2.78",
    }
    assert {(c["holder"], c["qty"]) for c in t.rows("Cargo")} == {("S2", 10)}


def test_s26_a_saturated_market_pays_25_percent_less_for_later_loads(trader: Table) -> None:
    t = trader
    t("buy Ann manufactured-goods 25 --at Venus --ship Nomad")
    t("sell Ann manufactured-goods 15 --at Mars --ship Nomad")  # 2 days: 15 CP
    t("sell Ann manufactured-goods 5 --at Mars --ship Nomad")  # same day: full price
    assert last(t)["market"] == "-27.50"
    t("tick 1")
    t("sell Ann manufactured-goods 2 --at Mars --ship Nomad")  # the next day: 25% less
    assert last(t)["market"] == "-8.25"  # 2 × 5.5 × 0.75
    market = next(m for m in t.rows("Markets") if m["place"] == "Mars")
    # 15 CP on day 1 saturate days 2-3 (§26: a day per 10 CP, rounded up)
    assert market["saturated_until"] == 3
    t("tick 3")
    t("sell Ann manufactured-goods 3 --at Mars --ship Nomad")  # day 5: full price again
    assert last(t)["market"] == "-16.50"


def test_s26_raw_ore_cordrazite_and_cordrazine_do_not_saturate(trader: Table) -> None:
    t = trader
    t("claim Ann Rich")
    t("tick 1")
    t("hire Ann --mine Rich")
    t("supply Ann --mine Rich --months 2")
    t("tick 30")
    t("pickup Ann --ship Nomad --from Rich 30")
    t("sell Ann raw-ore 20 --at Ceres --ship Nomad")
    t("tick 1")
    t("sell Ann raw-ore 10 --at Ceres --ship Nomad")
    assert last(t)["market"] == "-10.00"  # 10 × 1 KC, no drop


def test_s25_ceres_sells_processed_ore_only_from_the_raw_ore_it_was_sold(trader: Table) -> None:
    t = trader
    run = t.refusal("buy Ann processed-ore 1 --at Ceres --ship Nomad")
    assert "market-empty" in run
    t("claim Ann Rich")
    t("tick 1")
    t("hire Ann --mine Rich")
    t("supply Ann --mine Rich --months 1")
    t("tick 8")
    t("pickup Ann --ship Nomad --from Rich")
    t("sell Ann raw-ore 8 --at Ceres --ship Nomad")
    t("buy Ann processed-ore 2 --at Ceres --ship Nomad")  # 8 raw = 2 processed
    assert last(t) == {"cash:Ann:Ceres": "-4.00", "market": "4.00"}


def test_s25_process_ore_at_ceres(trader: Table) -> None:
    t = trader
    t("claim Ann Rich")
    t("tick 1")
    t("hire Ann --mine Rich")
    t("supply Ann --mine Rich --months 1")
    t("tick 9")
    t("pickup Ann --ship Nomad --from Rich 9")
    t("process Ann --at Ceres 9 --ship Nomad")
    cargo = {c["good"]: c["qty"] for c in t.rows("Cargo") if c["holder"] == "S1"}
    assert cargo == {"processed-ore": 2, "raw-ore": 1}
    run = t.refusal("process Ann --at Mars --ship Nomad")
    assert "only Ceres and Callisto process ore (§25)" in run


def test_s27_fuel_and_c_t_ore_cannot_be_picked_up_in_passing(trader: Table) -> None:
    t = trader
    t("claim Ann Hot --ct")
    t("tick 1")
    run = t.refusal("pickup Ann --ship Nomad --from Hot --good c-t-ore")
    assert "not-portable" in run and "§27" in run and "--docked" in run
    # a ship's fuel is its tank, filled by `ledger fuel`, never a good in the hold
    run = t.refusal("dropoff Ann --ship Nomad --to Hot --good fuel --docked")
    assert "not-portable" in run and "ledger fuel" in run


def test_s27_s23_c_t_ore_is_loaded_docked_by_a_ship_with_grapples(trader: Table) -> None:
    """§27 forbids C-T ore only in passing; §23: "C-T may only be handled by a ship that has
    been equipped with pseudo magnetic grapples"."""
    t = trader
    t("claim Ann Hot --ct")
    t("buy Ann pseudo-magnetic-grapples --base Hot")
    t("tick 1")
    t("hire Ann --mine Hot")
    t("supply Ann --mine Hot --months 1")
    t("tick 10")  # 2 CP of C-T ore
    line = "pickup Ann --ship Nomad --from Hot --good c-t-ore --docked"
    run = t.refusal(line)
    assert "needs-grapples" in run and "§23" in run
    t("buy Ann pseudo-magnetic-grapples --ship Nomad")
    t(line)
    held = {c["good"]: c["qty"] for c in t.rows("Cargo") if c["holder"] == "S1"}
    assert held["c-t-ore"] == 2


def test_s33_a_pirate_trades_only_at_ceres(trader: Table) -> None:
    t = trader
    t("buy Ann manufactured-goods 10 --at Venus --ship Nomad")
    t("declare Ann pirate")
    run = t.refusal("sell Ann manufactured-goods 10 --at Mars --ship Nomad")
    assert "outlaw-trade" in run and "Ceres" in run
    t("sell Ann manufactured-goods 10 --at Ceres --ship Nomad")


def test_s6_the_patrol_may_not_trade() -> None:
    t = table()
    t("buy Sam transport --name Cop")
    run = t.refusal("buy Sam manufactured-goods 1 --at Venus --ship Cop")
    assert "patrol-may-not-trade" in run


def test_s9_a_company_sale_moves_everything_and_is_taxed(trader: Table) -> None:
    t = trader
    t("hire Ann --ship Nomad")
    t("pay bank Bob 500")
    t("sell-company Ann Bob 400")
    assert last(t) == {
        "cash:Bob:Ceres": "-400.00",
        "cash:Ann:Ceres": "360.00",
        "patrol": "20.00",
        "earth": "20.00",
    }
    assert t.rows("Ships")[0]["owner"] == "Bob"
    assert t.rows("Crews")[0]["owner"] == "Bob"


# -- §28 §40 liners -----------------------------------------------------------------------------------


def test_s28_s40_passengers_gather_while_a_line_is_open_and_pay_their_fares(trader: Table) -> None:
    t = trader
    t("liner open Ann Earth Mars")
    assert players(t)["Ann"]["pr"] == 5  # §36C: +5 while running a line
    t("tick 9")  # Earth-Mars: one passenger every 4 days
    assert t.rows("Liners")[0]["waiting"] == 2
    t("liner depart Ann Earth Mars --ship Nomad")
    assert last(t) == {"passengers": "-8.00", "cash:Ann:Earth": "8.00"}  # 2 × 4 KC
    t("liner close L1")
    assert players(t)["Ann"]["pr"] == -1  # -5 no longer running, -1 for stopping
    assert [p["change"] for p in t.rows("PR")] == [5, -5, -1]


def test_s40_an_unknown_route_is_refused(trader: Table) -> None:
    t = trader
    run = t.refusal("liner open Ann Mars Io")
    assert "no-such-route" in run


# -- §31 §30 §32 ------------------------------------------------------------------------------------------


def test_s31_lloyds_pays_now_for_up_to_half_a_cargo_and_gets_its_full_value_at_sale(
    trader: Table,
) -> None:
    t = trader
    t("buy Ann manufactured-goods 20 --at Venus --ship Nomad")
    run = t.refusal("lloyds Ann manufactured-goods 11 --ship Nomad --at Venus")
    assert "too-much-underwritten" in run
    t("lloyds Ann manufactured-goods 10 --ship Nomad --at Venus")
    assert last(t) == {"lloyds": "-30.00", "cash:Ann:Venus": "30.00"}
    t("sell Ann manufactured-goods 20 --at Mars --ship Nomad")
    # gross 110, tax 11; Lloyds' 10 CP at the full 5.5 = 55 go to Lloyds
    assert last(t) == {
        "market": "-110.00",
        "cash:Ann:Mars": "44.00",
        "patrol": "5.50",
        "earth": "5.50",
        "lloyds": "55.00",
    }
    assert t.rows("Underwriting")[0]["status"] == "settled"


def test_s30_a_branch_bank_costs_500_and_5000_kc_shipped_as_plutonium(trader: Table) -> None:
    t = trader
    t("pay bank Ann 6000")
    t("buy Ann base --name Rock")
    t("incorporate Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    t("tick 30")
    t("branch Ann --base Rock --ship Nomad")
    assert {c["good"]: c["qty"] for c in t.rows("Cargo")} == {"plutonium": 50}
    t("branch-open BB1")
    assert f"{t.balance('cash:Ann:B1'):.2f}" == "5000.00"
    t.check(clean=True)


def test_s32_colonization_takes_three_ramscoops_100000_kc_and_360_days(trader: Table) -> None:
    t = trader
    run = t.refusal("colonize Ann")
    assert "needs-ramscoops" in run
    t("pay bank Ann 102000")
    t("buy Ann bussard-ramscoop 3 --name Ark")
    t("tick 30")
    t("colonize Ann")
    t("tick 360")
    assert {s["status"] for s in t.rows("Ships") if s["type"] == "bussard-ramscoop"} == {"departed"}
    assert players(t)["Ann"]["pr"] == 5


# -- §36 §41 crime and trials ---------------------------------------------------------------------------


def test_s36a_a_crime_goes_on_record(trader: Table) -> None:
    t = trader
    t("crime Bob --class II --what 'claim jumping'")
    crime = t.rows("Crimes")[0]
    assert (crime["player"], crime["class"], crime["status"]) == ("Bob", 2, "open")


def test_s6_fines_go_to_the_patrol_and_what_cannot_be_paid_is_owed() -> None:
    t = table()
    t("fine Bob 30 --reason 'reckless docking'")
    assert last(t) == {"cash:Bob:Ceres": "-25.00", "patrol": "25.00"}
    assert t.rows("Dues")[0]["amount"] == 5


def test_s36b_trial_result_is_die_plus_pr_read_off_s41() -> None:
    t = table()
    run = t("trial Bob --class I --roll 4")  # 4 + PR 0 = 4: 50 KC fine (§41 class I, 6..3)
    assert "= 4: 50 KC Fine" in run
    dice = t.rows("Dice")
    assert (dice[0]["result"], dice[0]["source"], dice[0]["decided"]) == (
        4,
        "entered",
        "result 4: 50 KC Fine",
    )


def test_s36d_bribes_cost_500_each_and_succeed_on_1_to_3() -> None:
    t = table()
    t("pay bank Bob 2000")
    run = t("trial Bob --class II --roll 6 --bribes 3 --bribe-rolls 1,3,5")
    # bribes +1 +1 -1 = +1; PR 0 at the trial; 6 + 0 + 1 = 7: 100 KC fine (class II, 10..7)
    assert "= 7: 100 KC Fine" in run
    assert players(t)["Bob"]["pr"] == -1  # -1 PR for the failed bribe, from now on
    txns = t.journal()
    bribes = next(t for t in txns if t["kind"] == "bribe")
    assert {p["account"]: p["amount"] for p in bribes["postings"]} == {
        "cash:Bob:Ceres": "-1500.00",
        "judges": "1500.00",
    }
    assert [d["decided"].split(":")[0] for d in t.rows("Dice")] == [
        "bribe succeeds",
        "bribe succeeds",
        "bribe fails",
        "result 7",
    ]


def test_s36d_at_most_three_bribes() -> None:
    t = table()
    run = t.refusal("trial Bob --class I --bribes 4")
    assert "too-many-bribes" in run


def test_s41_imprisonment_until_a_day_and_release() -> None:
    t = table()
    t("pay bank Bob 1000")
    t.edit_cells({"Players!F3": -10})  # Bob's PR -10
    t("trial Bob --class II --roll 1")  # 1 - 10 = -9: 120 days + 1000 KC (class II)
    bob = players(t)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("imprisoned", 120)
    assert last(t) == {"cash:Bob:Ceres": "-1000.00", "patrol": "1000.00"}
    t("tick 120")
    assert players(t)["Bob"]["status"] == "free"


def test_s41_a_second_sentence_starts_when_the_first_ends() -> None:
    """ "N Day Imprisonment" is served in full: a shorter sentence passed on a prisoner does not
    cut the term already running, it follows it."""
    t = table()
    t("trial Bob --class III --roll 1")  # PR 0: 1, 180 days (class III)
    assert players(t)["Bob"]["status_until"] == 180
    t.edit_cells({"Players!F3": -10})
    run = t("trial Bob --class II --roll 1")  # -9: 120 days + 1000 KC
    assert "Bob is imprisoned until day 300, after the term to day 180" in run
    t("tick 180")
    assert players(t)["Bob"]["status"] == "imprisoned"
    t("tick 120")
    assert players(t)["Bob"]["status"] == "free"


def test_s41_confiscation_of_half_the_goods(trader: Table) -> None:
    t = trader
    t("buy Ann manufactured-goods 15 --at Venus --ship Nomad")
    t.edit_cells({"Players!F2": -12})
    t("trial Ann --class III --roll 2")  # 2 - 12 = -10: 720 days + half of all goods
    assert t.rows("Cargo")[0]["qty"] == 7  # 8 of 15 taken (half, rounded up)
    assert players(t)["Ann"]["status_until"] == 721


def test_s41_death_dissolves_the_company(trader: Table) -> None:
    t = trader
    t("hire Ann --ship Nomad")
    t.edit_cells({"Players!F2": -30})
    t("trial Ann --class III --roll 3")  # -27: death and confiscation of all goods
    assert players(t)["Ann"]["status"] == "dead"
    assert t.rows("Crews")[0]["status"] == "dead"
    # -27 is the maximum penalty (-1) and -21 or less (-2): PR -30 - 3
    assert players(t)["Ann"]["pr"] == -33


def test_s36c_suit_dismissed_and_21_or_more() -> None:
    t = table()
    t.edit_cells({"Players!F3": 18})
    t("trial Bob --class I --roll 5")  # 23: suit dismissed (+1) and 21 or more (+2)
    assert players(t)["Bob"]["pr"] == 21


def test_s36_drawn_dice_come_from_the_seed_and_are_recorded() -> None:
    results = []
    for _ in range(2):
        t = table(seed=99)
        t("trial Bob --class I")
        results.append(t.rows("Dice")[0]["result"])
    assert results[0] == results[1] and 1 <= results[0] <= 6


def test_s33_s34_declaring_is_irreversible() -> None:
    t = table()
    t("declare Bob pirate")
    assert (players(t)["Bob"]["status"], players(t)["Bob"]["pr"]) == ("pirate", -15)
    run = t.refusal("declare Bob pirate")
    assert "irreversible" in run
    t("declare Bob warlord")  # a pirate may become a warlord
    run = t.refusal("declare Bob pirate")
    assert players(t)["Bob"]["pr"] == -30


def test_s36c_the_tables_own_pr_awards() -> None:
    t = table()
    t("pr Ann +1 --reason heroism")
    t("pr Ann -2 --reason 'lied to the table'")
    assert players(t)["Ann"]["pr"] == -1
    assert [(r["change"], r["reason"]) for r in t.rows("PR")] == [
        (1, "heroism"),
        (-2, "lied to the table"),
    ]


def test_trade_and_trials_as_events_rows(trader: Table) -> None:
    t = trader
    t.add_rows(
        "Events",
        [
            ["E1", None, "buy", "Ann", None, None, "manufactured-goods 10 --at Venus --ship Nomad"],
            ["E2", None, "sell", "Ann", None, 10, "manufactured-goods --at Mars --ship Nomad"],
            ["E3", None, "trial", "Bob", None, None, "--class I --roll 4"],
            ["E4", None, "fine", "Bob", None, 5, "--reason speeding"],
        ],
    )
    t("post")
    # the trial's 50 KC fine takes Bob's 25 KC (txn 8) and the rest is owed; so is the next fine
    assert [r["posted"] for r in t.rows("Events")] == ["txn 6", "txn 7", "txn 8", "done"]
    assert sum(d["amount"] for d in t.rows("Dues")) == 30


def test_s5_a_destroyed_ship_kills_its_crews_and_a_player_aboard(trader: Table) -> None:
    t = trader
    t("hire Ann --ship Nomad")
    t("office open Ann --at Mars")
    t("destroy Nomad --aboard Ann")
    assert t.rows("Ships")[0]["status"] == "destroyed"
    assert t.rows("Crews")[0]["status"] == "dead"
    assert players(t)["Ann"]["status"] == "dead"
    assert t.rows("Offices")[0]["status"] == "closed"
    before = cash(t, "Ann")
    t("tick 60")
    assert cash(t, "Ann") == before  # no wages, no fees


def test_s39_goods_trade_where_the_ship_is_when_no_place_is_named(trader: Table) -> None:
    t = trader
    t("move Nomad --to Venus")
    t("buy Ann manufactured-goods 3 --ship Nomad")
    assert last(t) == {"cash:Ann:Ceres": "-9.00", "market": "9.00"}  # 3 × 3 KC at Venus


def test_the_game_summary_counts_taxes_and_fines_collected_not_the_patrols_purse(
    cli_trader: Ledger,
) -> None:
    trader = cli_trader
    trader("fine", "Bob", "3", "--reason", "docking")
    run = trader("report", "game", "--format", "text")
    assert "3.00 / 0.00 KC" in run.stdout


def test_s9_s29_a_sale_at_no_price_is_refused_naming_what_is_sold(trader: Table) -> None:
    """One priced sale step for a company (§9) and goods (§29): a price of 0 is refused, and
    the refusal names what was to be sold."""
    t = trader
    t("pay bank Bob 100")
    t("buy Bob transport --name Magpie")
    t("tick 30")
    t("buy Ann manufactured-goods 10 --at Venus --ship Nomad")
    goods = t.refusal(
        "sell Ann manufactured-goods 10 --ship Nomad --to Bob --price 0 --to-ship Magpie"
    )
    assert "goods are sold for more than 0, not 0.00 (§29)" in goods
    company = t.refusal("sell-company Ann Bob 0")
    assert "a company is sold for more than 0, not 0.00 (§9 §29)" in company
