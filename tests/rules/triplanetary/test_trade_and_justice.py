"""Triplanetary V/2 trade, taxes, liners, crime and trials through the real CLI, amounts by hand.

Ann has 1025 KC after `pay bank Ann 1000`; her transport Nomad (50 CP hold) is bought on day 0.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.conftest import Ledger, add_rows, rows


@pytest.fixture
def trader(game: Ledger) -> Ledger:
    game.prepare(
        ("pay", "bank", "Ann", "1000"),
        ("buy", "Ann", "transport", "--name", "Nomad"),
        ("tick", "1"),
    )
    return game


def last(game: Ledger) -> dict[str, str]:
    t = game("journal", "--json").json()[-1]
    return {p["account"]: p["amount"] for p in t["postings"]}


def players(game: Ledger) -> dict[str, dict[str, object]]:
    return {r["name"]: r for r in rows(game.path, "Players")}


def cash(game: Ledger, who: str) -> Decimal:
    return Decimal(game("balance", "--json").json()["players"][who])


# -- §39 buying and selling -------------------------------------------------------------------------


def test_s39_buy_goods_where_the_table_sells_them(trader: Ledger) -> None:
    trader("buy", "Ann", "manufactured-goods", "20", "--at", "Venus", "--ship", "Nomad")
    assert last(trader) == {"cash:Ann:Ceres": "-60.00", "market": "60.00"}  # 20 × 3 KC at Venus
    assert rows(trader.path, "Cargo") == [{"holder": "S1", "good": "manufactured-goods", "qty": 20}]


def test_s39_a_place_that_does_not_sell_a_good_lists_the_places_that_do(trader: Ledger) -> None:
    run = trader(
        "buy", "Ann", "manufactured-goods", "5", "--at", "Ceres", "--ship", "Nomad", expect=1
    )
    assert "--at: not-sold-here Ceres does not sell manufactured-goods" in run.stderr
    assert "Venus (3 KC), Earth (4 KC), Mars (5 KC)" in run.stderr


def test_s39_sell_at_the_price_of_the_place_with_10_percent_tax_split(trader: Ledger) -> None:
    trader("buy", "Ann", "manufactured-goods", "10", "--at", "Venus", "--ship", "Nomad")
    trader("sell", "Ann", "manufactured-goods", "10", "--at", "Mars", "--ship", "Nomad")
    # 10 × 5.5 = 55.00; tax 5.50: 2.75 Patrol, 2.75 Earth; the money lands in the bank at Mars (§30)
    assert last(trader) == {
        "market": "-55.00",
        "cash:Ann:Mars": "49.50",
        "patrol": "2.75",
        "earth": "2.75",
    }
    assert rows(trader.path, "Cargo") == []


def test_s39_selling_what_the_hold_does_not_have_is_refused(trader: Ledger) -> None:
    run = trader("sell", "Ann", "cordrazine", "1", "--at", "Mars", "--ship", "Nomad", expect=1)
    assert "CP: not-in-hold Nomad holds 0 CP of cordrazine, not 1" in run.stderr


def test_s39_a_place_that_does_not_buy_lists_the_places_that_do(trader: Ledger) -> None:
    trader("buy", "Ann", "manufactured-goods", "10", "--at", "Venus", "--ship", "Nomad")
    run = trader(
        "sell", "Ann", "manufactured-goods", "10", "--at", "Earth", "--ship", "Nomad", expect=1
    )
    assert (
        "not-bought-here Earth does not buy manufactured-goods" in run.stderr
        and "Callisto (6 KC)" in run.stderr
    )


def test_s29_a_sale_between_players_is_taxed_and_the_odd_cent_is_on_record(trader: Ledger) -> None:
    trader("pay", "bank", "Bob", "100")
    trader("buy", "Bob", "transport", "--name", "Magpie")
    trader("tick", "30")  # Magpie is built
    trader("buy", "Ann", "manufactured-goods", "10", "--at", "Venus", "--ship", "Nomad")
    trader(
        "sell",
        "Ann",
        "manufactured-goods",
        "10",
        "--ship",
        "Nomad",
        "--to",
        "Bob",
        "--price",
        "55.50",
        "--to-ship",
        "Magpie",
    )
    # 10% of 55.50 = 5.55: the Patrol's half rounded down 2.77, Earth 2.78 with the odd cent
    assert last(trader) == {
        "cash:Bob:Ceres": "-55.50",
        "cash:Ann:Ceres": "49.95",
        "patrol": "2.77",
        "earth": "2.78",
    }
    assert {(c["holder"], c["qty"]) for c in rows(trader.path, "Cargo")} == {("S2", 10)}


def test_s26_a_saturated_market_pays_25_percent_less_for_later_loads(trader: Ledger) -> None:
    trader("buy", "Ann", "manufactured-goods", "25", "--at", "Venus", "--ship", "Nomad")
    trader(
        "sell", "Ann", "manufactured-goods", "15", "--at", "Mars", "--ship", "Nomad"
    )  # 2 days: 15 CP
    trader(
        "sell", "Ann", "manufactured-goods", "5", "--at", "Mars", "--ship", "Nomad"
    )  # same day: full price
    assert last(trader)["market"] == "-27.50"
    trader("tick", "1")
    trader(
        "sell", "Ann", "manufactured-goods", "2", "--at", "Mars", "--ship", "Nomad"
    )  # the next day: 25% less
    assert last(trader)["market"] == "-8.25"  # 2 × 5.5 × 0.75
    market = next(m for m in rows(trader.path, "Markets") if m["place"] == "Mars")
    assert (
        market["saturated_until"] == 3
    )  # 15 CP on day 1 saturate days 2-3 (§26: a day per 10 CP, rounded up)
    trader("tick", "3")
    trader(
        "sell", "Ann", "manufactured-goods", "3", "--at", "Mars", "--ship", "Nomad"
    )  # day 5: full price again
    assert last(trader)["market"] == "-16.50"


@pytest.mark.slow
def test_s26_raw_ore_cordrazite_and_cordrazine_do_not_saturate(trader: Ledger) -> None:
    trader("claim", "Ann", "Rich")
    trader("tick", "1")
    trader("hire", "Ann", "--mine", "Rich")
    trader("supply", "Ann", "--mine", "Rich", "--months", "2")
    trader("tick", "30")
    trader("pickup", "Ann", "--ship", "Nomad", "--from", "Rich", "30")
    trader("sell", "Ann", "raw-ore", "20", "--at", "Ceres", "--ship", "Nomad")
    trader("tick", "1")
    trader("sell", "Ann", "raw-ore", "10", "--at", "Ceres", "--ship", "Nomad")
    assert last(trader)["market"] == "-10.00"  # 10 × 1 KC, no drop


@pytest.mark.slow
def test_s25_ceres_sells_processed_ore_only_from_the_raw_ore_it_was_sold(trader: Ledger) -> None:
    run = trader("buy", "Ann", "processed-ore", "1", "--at", "Ceres", "--ship", "Nomad", expect=1)
    assert "market-empty" in run.stderr
    trader("claim", "Ann", "Rich")
    trader("tick", "1")
    trader("hire", "Ann", "--mine", "Rich")
    trader("supply", "Ann", "--mine", "Rich", "--months", "1")
    trader("tick", "8")
    trader("pickup", "Ann", "--ship", "Nomad", "--from", "Rich")
    trader("sell", "Ann", "raw-ore", "8", "--at", "Ceres", "--ship", "Nomad")
    trader(
        "buy", "Ann", "processed-ore", "2", "--at", "Ceres", "--ship", "Nomad"
    )  # 8 raw = 2 processed
    assert last(trader) == {"cash:Ann:Ceres": "-4.00", "market": "4.00"}


@pytest.mark.slow
def test_s25_process_ore_at_ceres(trader: Ledger) -> None:
    trader("claim", "Ann", "Rich")
    trader("tick", "1")
    trader("hire", "Ann", "--mine", "Rich")
    trader("supply", "Ann", "--mine", "Rich", "--months", "1")
    trader("tick", "9")
    trader("pickup", "Ann", "--ship", "Nomad", "--from", "Rich", "9")
    trader("process", "Ann", "--at", "Ceres", "9", "--ship", "Nomad")
    cargo = {c["good"]: c["qty"] for c in rows(trader.path, "Cargo") if c["holder"] == "S1"}
    assert cargo == {"processed-ore": 2, "raw-ore": 1}
    run = trader("process", "Ann", "--at", "Mars", "--ship", "Nomad", expect=1)
    assert "only Ceres and Callisto process ore (§25)" in run.stderr


def test_s27_fuel_and_c_t_ore_cannot_be_picked_up_in_passing(trader: Ledger) -> None:
    trader("claim", "Ann", "Hot", "--ct")
    trader("tick", "1")
    run = trader("pickup", "Ann", "--ship", "Nomad", "--from", "Hot", "--good", "c-t-ore", expect=1)
    assert "not-portable" in run.stderr and "§27" in run.stderr and "--docked" in run.stderr
    run = trader(
        "dropoff", "Ann", "--ship", "Nomad", "--to", "Hot", "--good", "fuel", "--docked", expect=1
    )  # a ship's fuel is its tank, filled by `ledger fuel`, never a good in the hold
    assert "not-portable" in run.stderr and "ledger fuel" in run.stderr


def test_s27_s23_c_t_ore_is_loaded_docked_by_a_ship_with_grapples(trader: Ledger) -> None:
    """§27 forbids C-T ore only in passing; §23: "C-T may only be handled by a ship that has
    been equipped with pseudo magnetic grapples"."""
    trader("claim", "Ann", "Hot", "--ct")
    trader("buy", "Ann", "pseudo-magnetic-grapples", "--base", "Hot")
    trader("tick", "1")
    trader("hire", "Ann", "--mine", "Hot")
    trader("supply", "Ann", "--mine", "Hot", "--months", "1")
    trader("tick", "10")  # 2 CP of C-T ore
    args = ("pickup", "Ann", "--ship", "Nomad", "--from", "Hot", "--good", "c-t-ore", "--docked")
    run = trader(*args, expect=1)
    assert "needs-grapples" in run.stderr and "§23" in run.stderr
    trader("buy", "Ann", "pseudo-magnetic-grapples", "--ship", "Nomad")
    trader(*args)
    held = {c["good"]: c["qty"] for c in rows(trader.path, "Cargo") if c["holder"] == "S1"}
    assert held["c-t-ore"] == 2


def test_s33_a_pirate_trades_only_at_ceres(trader: Ledger) -> None:
    trader("buy", "Ann", "manufactured-goods", "10", "--at", "Venus", "--ship", "Nomad")
    trader("declare", "Ann", "pirate")
    run = trader(
        "sell", "Ann", "manufactured-goods", "10", "--at", "Mars", "--ship", "Nomad", expect=1
    )
    assert "outlaw-trade" in run.stderr and "Ceres" in run.stderr
    trader("sell", "Ann", "manufactured-goods", "10", "--at", "Ceres", "--ship", "Nomad")


def test_s6_the_patrol_may_not_trade(game: Ledger) -> None:
    game("buy", "Sam", "transport", "--name", "Cop")
    run = game("buy", "Sam", "manufactured-goods", "1", "--at", "Venus", "--ship", "Cop", expect=1)
    assert "patrol-may-not-trade" in run.stderr


def test_s9_a_company_sale_moves_everything_and_is_taxed(trader: Ledger) -> None:
    trader("hire", "Ann", "--ship", "Nomad")
    trader("pay", "bank", "Bob", "500")
    trader("sell-company", "Ann", "Bob", "400")
    assert last(trader) == {
        "cash:Bob:Ceres": "-400.00",
        "cash:Ann:Ceres": "360.00",
        "patrol": "20.00",
        "earth": "20.00",
    }
    assert rows(trader.path, "Ships")[0]["owner"] == "Bob"
    assert rows(trader.path, "Crews")[0]["owner"] == "Bob"


# -- §28 §40 liners -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_s28_s40_passengers_gather_while_a_line_is_open_and_pay_their_fares(trader: Ledger) -> None:
    trader("liner", "open", "Ann", "Earth", "Mars")
    assert players(trader)["Ann"]["pr"] == 5  # §36C: +5 while running a line
    trader("tick", "9")  # Earth-Mars: one passenger every 4 days
    assert rows(trader.path, "Liners")[0]["waiting"] == 2
    trader("liner", "depart", "Ann", "Earth", "Mars", "--ship", "Nomad")
    assert last(trader) == {"passengers": "-8.00", "cash:Ann:Earth": "8.00"}  # 2 × 4 KC
    trader("liner", "close", "L1")
    assert players(trader)["Ann"]["pr"] == -1  # -5 no longer running, -1 for stopping
    assert [p["change"] for p in rows(trader.path, "PR")] == [5, -5, -1]


def test_s40_an_unknown_route_is_refused(trader: Ledger) -> None:
    run = trader("liner", "open", "Ann", "Mars", "Io", expect=1)
    assert "no-such-route" in run.stderr


# -- §31 §30 §32 ------------------------------------------------------------------------------------------


def test_s31_lloyds_pays_now_for_up_to_half_a_cargo_and_gets_its_full_value_at_sale(
    trader: Ledger,
) -> None:
    trader("buy", "Ann", "manufactured-goods", "20", "--at", "Venus", "--ship", "Nomad")
    run = trader(
        "lloyds", "Ann", "manufactured-goods", "11", "--ship", "Nomad", "--at", "Venus", expect=1
    )
    assert "too-much-underwritten" in run.stderr
    trader("lloyds", "Ann", "manufactured-goods", "10", "--ship", "Nomad", "--at", "Venus")
    assert last(trader) == {"lloyds": "-30.00", "cash:Ann:Venus": "30.00"}
    trader("sell", "Ann", "manufactured-goods", "20", "--at", "Mars", "--ship", "Nomad")
    # gross 110, tax 11; Lloyds' 10 CP at the full 5.5 = 55 go to Lloyds
    assert last(trader) == {
        "market": "-110.00",
        "cash:Ann:Mars": "44.00",
        "patrol": "5.50",
        "earth": "5.50",
        "lloyds": "55.00",
    }
    assert rows(trader.path, "Underwriting")[0]["status"] == "settled"


def test_s30_a_branch_bank_costs_500_and_5000_kc_shipped_as_plutonium(trader: Ledger) -> None:
    trader("pay", "bank", "Ann", "6000")
    trader("buy", "Ann", "base", "--name", "Rock")
    trader("incorporate", "Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    trader("tick", "30")
    trader("branch", "Ann", "--base", "Rock", "--ship", "Nomad")
    assert {c["good"]: c["qty"] for c in rows(trader.path, "Cargo")} == {"plutonium": 50}
    trader("branch-open", "BB1")
    accounts = trader("balance", "--json").json()["accounts"]
    assert accounts["cash:Ann:B1"] == "5000.00"
    assert trader("check").exit_code == 0


def test_s32_colonization_takes_three_ramscoops_100000_kc_and_360_days(trader: Ledger) -> None:
    run = trader("colonize", "Ann", expect=1)
    assert "needs-ramscoops" in run.stderr
    trader("pay", "bank", "Ann", "102000")
    trader("buy", "Ann", "bussard-ramscoop", "3", "--name", "Ark")
    trader("tick", "30")
    trader("colonize", "Ann")
    trader("tick", "360")
    assert {s["status"] for s in rows(trader.path, "Ships") if s["type"] == "bussard-ramscoop"} == {
        "departed"
    }
    assert players(trader)["Ann"]["pr"] == 5


# -- §36 §41 crime and trials ---------------------------------------------------------------------------


def test_s36a_a_crime_goes_on_record(trader: Ledger) -> None:
    trader("crime", "Bob", "--class", "II", "--what", "claim jumping")
    crime = rows(trader.path, "Crimes")[0]
    assert (crime["player"], crime["class"], crime["status"]) == ("Bob", 2, "open")


def test_s6_fines_go_to_the_patrol_and_what_cannot_be_paid_is_owed(game: Ledger) -> None:
    game("fine", "Bob", "30", "--reason", "reckless docking")
    assert last(game) == {"cash:Bob:Ceres": "-25.00", "patrol": "25.00"}
    assert rows(game.path, "Dues")[0]["amount"] == 5


def test_s36b_trial_result_is_die_plus_pr_read_off_s41(game: Ledger) -> None:
    run = game(
        "trial", "Bob", "--class", "I", "--roll", "4"
    )  # 4 + PR 0 = 4: 50 KC fine (§41 class I, 6..3)
    assert "= 4: 50 KC Fine" in run.stdout
    dice = rows(game.path, "Dice")
    assert (dice[0]["result"], dice[0]["source"], dice[0]["decided"]) == (
        4,
        "entered",
        "result 4: 50 KC Fine",
    )


def test_s36d_bribes_cost_500_each_and_succeed_on_1_to_3(game: Ledger) -> None:
    game("pay", "bank", "Bob", "2000")
    run = game(
        "trial", "Bob", "--class", "II", "--roll", "6", "--bribes", "3", "--bribe-rolls", "1,3,5"
    )
    # bribes +1 +1 -1 = +1; PR 0 at the trial; 6 + 0 + 1 = 7: 100 KC fine (class II, 10..7)
    assert "= 7: 100 KC Fine" in run.stdout
    assert players(game)["Bob"]["pr"] == -1  # -1 PR for the failed bribe, from now on
    txns = game("journal", "--json").json()
    bribes = next(t for t in txns if t["kind"] == "bribe")
    assert {p["account"]: p["amount"] for p in bribes["postings"]} == {
        "cash:Bob:Ceres": "-1500.00",
        "judges": "1500.00",
    }
    assert [d["decided"].split(":")[0] for d in rows(game.path, "Dice")] == [
        "bribe succeeds",
        "bribe succeeds",
        "bribe fails",
        "result 7",
    ]


def test_s36d_at_most_three_bribes(game: Ledger) -> None:
    run = game("trial", "Bob", "--class", "I", "--bribes", "4", expect=1)
    assert "too-many-bribes" in run.stderr


def test_s41_imprisonment_until_a_day_and_release(game: Ledger) -> None:
    game("pay", "bank", "Bob", "1000")
    from tests.conftest import edit_cells

    edit_cells(game.path, {"Players!F3": -10})  # Bob's PR -10
    game(
        "trial", "Bob", "--class", "II", "--roll", "1"
    )  # 1 - 10 = -9: 120 days + 1000 KC (class II)
    bob = players(game)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("imprisoned", 120)
    assert last(game) == {"cash:Bob:Ceres": "-1000.00", "patrol": "1000.00"}
    game("tick", "120")
    assert players(game)["Bob"]["status"] == "free"


def test_s41_a_second_sentence_starts_when_the_first_ends(game: Ledger) -> None:
    """ "N Day Imprisonment" is served in full: a shorter sentence passed on a prisoner does not
    cut the term already running, it follows it."""
    from tests.conftest import edit_cells

    game("trial", "Bob", "--class", "III", "--roll", "1")  # PR 0: 1, 180 days (class III)
    assert players(game)["Bob"]["status_until"] == 180
    edit_cells(game.path, {"Players!F3": -10})
    run = game("trial", "Bob", "--class", "II", "--roll", "1")  # -9: 120 days + 1000 KC
    assert "Bob is imprisoned until day 300, after the term to day 180" in run.stdout
    game("tick", "180")
    assert players(game)["Bob"]["status"] == "imprisoned"
    game("tick", "120")
    assert players(game)["Bob"]["status"] == "free"


def test_s41_confiscation_of_half_the_goods(trader: Ledger) -> None:
    from tests.conftest import edit_cells

    trader("buy", "Ann", "manufactured-goods", "15", "--at", "Venus", "--ship", "Nomad")
    edit_cells(trader.path, {"Players!F2": -12})
    trader(
        "trial", "Ann", "--class", "III", "--roll", "2"
    )  # 2 - 12 = -10: 720 days + half of all goods
    assert rows(trader.path, "Cargo")[0]["qty"] == 7  # 8 of 15 taken (half, rounded up)
    assert players(trader)["Ann"]["status_until"] == 721


def test_s41_death_dissolves_the_company(trader: Ledger) -> None:
    from tests.conftest import edit_cells

    trader("hire", "Ann", "--ship", "Nomad")
    edit_cells(trader.path, {"Players!F2": -30})
    trader(
        "trial", "Ann", "--class", "III", "--roll", "3"
    )  # -27: death and confiscation of all goods
    assert players(trader)["Ann"]["status"] == "dead"
    assert rows(trader.path, "Crews")[0]["status"] == "dead"
    # -27 is the maximum penalty (-1) and -21 or less (-2): PR -30 - 3
    assert players(trader)["Ann"]["pr"] == -33


def test_s36c_suit_dismissed_and_21_or_more(game: Ledger) -> None:
    from tests.conftest import edit_cells

    edit_cells(game.path, {"Players!F3": 18})
    game(
        "trial", "Bob", "--class", "I", "--roll", "5"
    )  # 23: suit dismissed (+1) and 21 or more (+2)
    assert players(game)["Bob"]["pr"] == 21


def test_s36_drawn_dice_come_from_the_seed_and_are_recorded(ledger: Ledger) -> None:
    results = []
    for _ in range(2):
        ledger.new(seed=99)
        ledger("trial", "Bob", "--class", "I")
        results.append(rows(ledger.path, "Dice")[0]["result"])
        ledger.path.unlink()
        for f in ledger.folder.glob(".ledger.xlsx*"):
            if f.is_file():
                f.unlink()
    assert results[0] == results[1] and 1 <= results[0] <= 6


def test_s33_s34_declaring_is_irreversible(game: Ledger) -> None:
    game("declare", "Bob", "pirate")
    assert (players(game)["Bob"]["status"], players(game)["Bob"]["pr"]) == ("pirate", -15)
    run = game("declare", "Bob", "pirate", expect=1)
    assert "irreversible" in run.stderr
    game("declare", "Bob", "warlord")  # a pirate may become a warlord
    run = game("declare", "Bob", "pirate", expect=1)
    assert players(game)["Bob"]["pr"] == -30


def test_s36c_the_tables_own_pr_awards(game: Ledger) -> None:
    game("pr", "Ann", "+1", "--reason", "heroism")
    game("pr", "Ann", "-2", "--reason", "lied to the table")
    assert players(game)["Ann"]["pr"] == -1
    assert [(r["change"], r["reason"]) for r in rows(game.path, "PR")] == [
        (1, "heroism"),
        (-2, "lied to the table"),
    ]


def test_trade_and_trials_as_events_rows(trader: Ledger) -> None:
    add_rows(
        trader.path,
        "Events",
        [
            ["E1", None, "buy", "Ann", None, None, "manufactured-goods 10 --at Venus --ship Nomad"],
            ["E2", None, "sell", "Ann", None, 10, "manufactured-goods --at Mars --ship Nomad"],
            ["E3", None, "trial", "Bob", None, None, "--class I --roll 4"],
            ["E4", None, "fine", "Bob", None, 5, "--reason speeding"],
        ],
    )
    trader("post")
    # the trial's 50 KC fine takes Bob's 25 KC (txn 8) and the rest is owed; so is the next fine
    assert [r["posted"] for r in rows(trader.path, "Events")] == ["txn 6", "txn 7", "txn 8", "done"]
    assert sum(d["amount"] for d in rows(trader.path, "Dues")) == 30


def test_s5_a_destroyed_ship_kills_its_crews_and_a_player_aboard(trader: Ledger) -> None:
    trader("hire", "Ann", "--ship", "Nomad")
    trader("office", "open", "Ann", "--at", "Mars")
    trader("destroy", "Nomad", "--aboard", "Ann")
    assert rows(trader.path, "Ships")[0]["status"] == "destroyed"
    assert rows(trader.path, "Crews")[0]["status"] == "dead"
    assert players(trader)["Ann"]["status"] == "dead"
    assert rows(trader.path, "Offices")[0]["status"] == "closed"
    before = cash(trader, "Ann")
    trader("tick", "60")
    assert cash(trader, "Ann") == before  # no wages, no fees


def test_s39_goods_trade_where_the_ship_is_when_no_place_is_named(trader: Ledger) -> None:
    trader("move", "Nomad", "--to", "Venus")
    trader("buy", "Ann", "manufactured-goods", "3", "--ship", "Nomad")
    assert last(trader) == {"cash:Ann:Ceres": "-9.00", "market": "9.00"}  # 3 × 3 KC at Venus


def test_the_game_summary_counts_taxes_and_fines_collected_not_the_patrols_purse(
    trader: Ledger,
) -> None:
    trader("fine", "Bob", "3", "--reason", "docking")
    run = trader("report", "game", "--format", "text")
    assert "3.00 / 0.00 KC" in run.stdout


def test_s9_s29_a_sale_at_no_price_is_refused_naming_what_is_sold(trader: Ledger) -> None:
    """One priced sale step for a company (§9) and goods (§29): a price of 0 is refused, and
    the refusal names what was to be sold."""
    trader("pay", "bank", "Bob", "100")
    trader("buy", "Bob", "transport", "--name", "Magpie")
    trader("tick", "30")
    trader("buy", "Ann", "manufactured-goods", "10", "--at", "Venus", "--ship", "Nomad")
    goods = trader(
        "sell",
        "Ann",
        "manufactured-goods",
        "10",
        "--ship",
        "Nomad",
        "--to",
        "Bob",
        "--price",
        "0",
        "--to-ship",
        "Magpie",
        expect=1,
    )
    assert "goods are sold for more than 0, not 0.00 (§29)" in goods.stderr
    company = trader("sell-company", "Ann", "Bob", "0", expect=1)
    assert "a company is sold for more than 0, not 0.00 (§9 §29)" in company.stderr
