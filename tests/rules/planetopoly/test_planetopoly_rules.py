"""Planetopoly's rules, one test a numbered point that moves money or ownership, through the real
CLI on real workbooks (../shared/rules/planetopoly.txt; rulings in ../shared/rules/README.md).

Every player starts with 3000 MU (§1). The example board of a new workbook (numbers used below):
Lyra 1-3 cost 600, a support point 300, a rent for each of 0 to 9 points: 60 / 300 / 600 /
1200 (station) / 1450 / 1750 / 2000 (2 stations) / 2350 / 2650 / 3000 (base), sale value 300, a
point sells for 150, remote-buy premium 200, mortgage 300;
Vega 1000 (point 500, premium 300, mortgage 500); Sirius 1800 (mortgage 900); toll stations and
speed traps cost 800, sell for 400, mortgage 400.

Each test's workbook is written as the sheets it starts from (pipe tables, tests/pipe_tables.py):
its Players and, where a test needs them, the Holdings (deed | owner | points) or Deeds. Only
the tests of `ledger new` itself (§1) make theirs with `new`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ledger.rules.planetopoly import tables
from tests.conftest import Ledger, add_rows, rows, set_setting

Table = Callable[[str], Ledger]


@pytest.fixture
def planetopoly(workbook: Any) -> Table:
    """`planetopoly('''Players | name | ...''')`: a Planetopoly workbook from pipe tables."""

    def build(text: str) -> Ledger:
        return workbook(text, game="planetopoly")  # type: ignore[no-any-return]

    return build


def new(ledger: Ledger, *players: str) -> Ledger:
    args = ["new", "--game", "planetopoly"]
    for p in players or ("Ann", "Bob"):
        args += ["--player", p]
    ledger(*args)
    return ledger


def status(ledger: Ledger) -> dict[str, Any]:
    data: dict[str, Any] = ledger("status", "--json").json()["players"]
    return data


def cash(ledger: Ledger, name: str) -> str:
    return str(ledger("balance", "--json").json()["players"][name])


def refused(ledger: Ledger, *args: str) -> str:
    """The command is refused, nothing is written, and the message is returned."""
    run = ledger(*args, expect=1)
    assert "nothing was written" in run.stderr
    return run.stderr


# -- §1 preparation ---------------------------------------------------------------------------------


def test_1_opening_3000_each(ledger: Ledger) -> None:
    new(ledger, "Ann", "Bob", "Cy", "Dan")
    data = ledger("balance", "--json").json()
    assert data["players"] == {n: "3000.00" for n in ("Ann", "Bob", "Cy", "Dan")}
    assert data["accounts"]["bank"] == "-12000.00"  # 4 × 3000 out of the bank


def test_1_at_most_four_players(ledger: Ledger) -> None:
    five = [word for name in "ABCDE" for word in ("-p", name)]
    run = ledger("new", "--game", "planetopoly", *five, expect=1)
    assert "§1: Planetopoly has at most 4 players, not 5" in run.stderr
    assert not ledger.path.exists()


def test_1_new_workbook_holds_an_example_board_marked_as_such(ledger: Ledger) -> None:
    new(ledger)
    deeds = rows(ledger.path, "Deeds")
    assert len(deeds) == 12 + 4 + 4  # four planets of three plots, 4 toll stations, 4 speed traps
    assert all("EXAMPLE" in d["note"] for d in deeds)
    assert {d["key"] for d in deeds if d["kind"] == "toll-station"} == {
        f"toll-station-{n}" for n in (1, 2, 3, 4)
    }
    assert all(d["mortgage"] * 2 == d["price"] for d in deeds)  # mortgage half the price
    ledger("check")


# -- §3 start -------------------------------------------------------------------------------------


def test_3_passing_start_pays_1000(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("start", "Ann")
    assert cash(book, "Ann") == "4000.00"  # 3000 + 1000


def test_3_landing_exactly_on_start_pays_200_more(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("start", "Ann", "--exact")
    assert cash(book, "Ann") == "4200.00"  # 3000 + 1000 + 200


# -- §4 risk field ---------------------------------------------------------------------------------


def _risk(planetopoly: Table, dice: str) -> str:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("risk", "Ann", "--dice", dice)
    return cash(book, "Ann")


def test_4_risk_even_minus_odd_times_30_pays(planetopoly: Table) -> None:
    assert _risk(planetopoly, "2,5") == "2910.00"  # 2 - 5 = -3 × 30 = -90


def test_4_risk_even_minus_odd_times_30_receives(planetopoly: Table) -> None:
    assert _risk(planetopoly, "1,6") == "3150.00"  # 6 - 1 = 5 × 30 = +150


def test_4_risk_two_odd_pay_sum_times_30(planetopoly: Table) -> None:
    assert _risk(planetopoly, "3,5") == "2760.00"  # 3 + 5 = 8 × 30 = 240 paid


def test_4_risk_two_odd_doubles_times_50(planetopoly: Table) -> None:
    assert _risk(planetopoly, "5,5") == "2500.00"  # 5 + 5 = 10 × 50 = 500 paid


def test_4_risk_two_even_receive_sum_times_30(planetopoly: Table) -> None:
    assert _risk(planetopoly, "2,4") == "3180.00"  # 2 + 4 = 6 × 30 = 180 received


def test_4_risk_two_even_doubles_times_50(planetopoly: Table) -> None:
    assert _risk(planetopoly, "4,4") == "3400.00"  # 4 + 4 = 8 × 50 = 400 received


def test_4_risk_dice_recorded_and_bad_dice_refused(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("risk", "Ann", "--dice", "6,6")
    dice = rows(book.path, "Dice")
    assert [d["result"] for d in dice] == [6, 6]
    assert "+600 MU" in str(dice[0]["decided"])  # 6 + 6 = 12 × 50
    assert "§2: a die shows 1 to 6" in refused(book, "risk", "Ann", "--dice", "7,1")


def test_11_risk_table_equals_the_formula_in_all_36_cells() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            assert tables.RISK[a - 1][b - 1] == tables.risk_formula(a, b), (a, b)
    for n, printed in tables.ST_RENT_PRINTED.items():
        assert tuple(tables.ST_RENT[n][t] for t in range(2, 13)) == printed


def test_11_risk_all_36_cells_through_events_rows(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    cells = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    add_rows(  # one Events row a cell of the table: R0 risk Ann --dice 1,1, ..., R35 --dice 6,6
        book.path,
        "Events",
        [
            [f"R{i}", None, "risk", "Ann", None, None, f"--dice {a},{b}"]
            for i, (a, b) in enumerate(cells)
        ],
    )
    book("post")
    # the table's rows sum to -130, +530, -570, +970, -1010, +1410: 1200 in all
    assert cash(book, "Ann") == "4200.00"
    amounts = [t for t in rows(book.path, "Journal") if t.get("kind") == "risk"]
    assert len({t["txn"] for t in amounts}) == 36
    assert all(e["posted"] for e in rows(book.path, "Events"))


# -- §5 planet fields ------------------------------------------------------------------------------


def test_5_buy_a_plot_pays_its_price_to_the_bank(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("buy", "Ann", "lyra-1")
    assert cash(book, "Ann") == "2400.00"  # 3000 - 600
    assert status(book)["Ann"]["owns"] == {"lyra-1": 0}


def test_5_claim_refuses_a_plot_to_another_player(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("buy", "Ann", "lyra-1")
    msg = refused(book, "buy", "Bob", "lyra-2")
    assert "§5: Ann owns a plot of Lyra and has the claim to the whole planet" in msg
    assert cash(book, "Bob") == "3000.00"


def test_5_two_deeds_of_every_claimed_planet_before_another(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("buy", "Ann", "lyra-1")
    assert "§5: Ann holds one deed of Lyra" in refused(book, "buy", "Ann", "vega-1")
    book("buy", "Ann", "lyra-2")
    book("buy", "Ann", "vega-1")
    assert cash(book, "Ann") == "800.00"  # 3000 - 600 - 600 - 1000


def test_5_one_plot_owned_at_most_one_point(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
        """
    )
    msg = refused(book, "build", "Ann", "lyra-1")
    assert "§5: a player who owns only one plot of a planet may have one support point" in msg


def test_5_two_plots_owned_at_most_two_points_each(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 2
                 | lyra-2 | Ann   | 0
        """
    )
    assert "§5: a player who owns two plots" in refused(book, "build", "Ann", "lyra-1")
    book("build", "Ann", "lyra-2", "--points", "2")
    assert cash(book, "Ann") == "2400.00"  # 3000 - 2 × 300
    assert status(book)["Ann"]["owns"] == {"lyra-1": 2, "lyra-2": 2}


def test_5_station_needs_a_point_on_each_other_plot(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 2
                 | lyra-2 | Ann   | 1
                 | lyra-3 | Ann   | 0
        """
    )
    msg = refused(book, "build", "Ann", "lyra-1")
    assert "§5: a space station needs a support point on each of the other two plots" in msg
    book("build", "Ann", "lyra-3")
    book("build", "Ann", "lyra-1")  # the third point: a space station
    assert status(book)["Ann"]["owns"] == {"lyra-1": 3, "lyra-2": 1, "lyra-3": 1}
    assert cash(book, "Ann") == "2400.00"  # 3000 - 2 × 300


def test_5_two_stations_need_two_points_on_each_other_plot(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 5
                 | lyra-2 | Ann   | 2
                 | lyra-3 | Ann   | 1
        """
    )
    assert "§5: two space stations need two support points" in refused(
        book, "build", "Ann", "lyra-1"
    )
    book("build", "Ann", "lyra-3")
    book("build", "Ann", "lyra-1")
    assert status(book)["Ann"]["owns"]["lyra-1"] == 6


def test_5_space_base_needs_a_station_on_each_other_plot(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 8
                 | lyra-2 | Ann   | 3
                 | lyra-3 | Ann   | 2
        """
    )
    assert "§5: a space base needs a space station" in refused(book, "build", "Ann", "lyra-1")
    book("build", "Ann", "lyra-3")
    book("build", "Ann", "lyra-1")  # 9 points: three stations are a space base
    assert "a space base (9 support points)" in refused(book, "build", "Ann", "lyra-1")
    assert cash(book, "Ann") == "2400.00"  # 3000 - 2 × 300


def test_5_no_support_points_on_the_turn_the_plot_was_bought(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("buy", "Ann", "lyra-1")
    assert "only at the next opportunity" in refused(book, "build", "Ann", "lyra-1")
    book("start", "Bob")  # another player's move: Ann's next opportunity may come
    book("build", "Ann", "lyra-1")
    assert cash(book, "Ann") == "2100.00"  # 3000 - 600 - 300


def test_5_rent_by_the_plots_level(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 3
                 | lyra-2 | Ann   | 2
                 | lyra-3 | Ann   | 1
        """
    )
    book("rent", "Bob", "lyra-1")  # a space station: 1200
    book("rent", "Bob", "lyra-2")  # 2 support points: 600
    book("rent", "Bob", "lyra-3")  # 1 support point: 300
    assert cash(book, "Bob") == "900.00"  # 3000 - 1200 - 600 - 300
    assert cash(book, "Ann") == "5100.00"  # 3000 + 2100


def test_5_a_point_built_on_a_station_raises_the_rent_to_its_level(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 3
                 | lyra-2 | Ann   | 1
                 | lyra-3 | Ann   | 1
        """
    )
    book("build", "Ann", "lyra-1", "--points", "1")  # a space station + 1 point
    book("rent", "Bob", "lyra-1")  # its own level's rent: 1450, not the station's 1200
    assert cash(book, "Bob") == "1550.00"  # 3000 - 1450


#: The example board's Lyra: the rent at each number of support points (RENT_LEVELS' order).
LYRA_RENTS = (60, 300, 600, 1200, 1450, 1750, 2000, 2350, 2650, 3000)


@pytest.mark.parametrize("points", range(10))
def test_5_rent_at_every_level_of_the_rulings(planetopoly: Table, points: int) -> None:
    others = 0 if points < 3 else 1 if points < 6 else 2 if points < 9 else 3  # §5's limits
    book = planetopoly(
        f"""
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | {points}
                 | lyra-2 | Ann   | {others}
                 | lyra-3 | Ann   | {others}
        """
    )
    said = book("rent", "Bob", "lyra-1").stdout
    assert f"({tables.level_name(points)})" in said
    assert cash(book, "Bob") == f"{3000 - LYRA_RENTS[points]}.00"


def test_5_every_level_has_a_deeds_column_filled_on_the_example_board(ledger: Ledger) -> None:
    new(ledger)
    deeds = rows(ledger.path, "Deeds")
    columns = [column for _, column, _ in tables.RENT_LEVELS]
    assert columns == [
        "rent",
        "rent_1_point",
        "rent_2_points",
        "rent_station",
        "rent_station_1_point",
        "rent_station_2_points",
        "rent_2_stations",
        "rent_2_stations_1_point",
        "rent_2_stations_2_points",
        "rent_base",
    ]
    for d in (d for d in deeds if d["kind"] == "plot"):
        rents = [d[c] for c in columns]
        assert all(r > 0 for r in rents) and rents == sorted(rents), d["key"]
        assert "EXAMPLE" in d["note"]
    lyra = next(d for d in deeds if d["key"] == "lyra-1")
    assert [lyra[c] for c in columns] == list(LYRA_RENTS)


def test_5_a_level_without_its_rent_in_deeds_is_named_and_its_rent_refused(
    planetopoly: Table,
) -> None:
    # a workbook made before the columns of a station + 1 or + 2 points existed
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Deeds    | key    | name   | kind | planet | price | rent | rent_1_point | rent_2_points | rent_station | point_price
                 | lyra-1 | Lyra 1 | plot | Lyra   | 600   | 60   | 300          | 600           | 1200         | 300
                 | lyra-2 | Lyra 2 | plot | Lyra   | 600   | 60   | 300          | 600           | 1200         | 300
                 | lyra-3 | Lyra 3 | plot | Lyra   | 600   | 60   | 300          | 600           | 1200         | 300
        Holdings | deed   | owner  | points
                 | lyra-1 | Ann    | 4
                 | lyra-2 | Ann    | 1
                 | lyra-3 | Ann    | 1
        """
    )
    run = book("check")  # a warning, not an error: the rest of the game goes on
    assert (
        "Deeds!J2: no-rent (warning) §5: lyra-1 stands at a space station + 1 support point and the Deeds "
        "sheet has no rent for that level (column rent_station_1_point)"
    ) in run.stdout + run.stderr
    msg = refused(book, "rent", "Bob", "lyra-1")
    assert "§5: the Deeds sheet has no rent of Lyra 1 for a space station + 1 support point" in msg
    assert "(column rent_station_1_point)" in msg
    assert cash(book, "Bob") == "3000.00"
    book("rent", "Bob", "lyra-2")  # a level with its rent typed in: 300
    assert cash(book, "Bob") == "2700.00"


# -- §6 toll stations and speed traps ----------------------------------------------------------------


def test_6_toll_station_gives_no_claim(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("buy", "Ann", "toll-station-1")
    book("buy", "Ann", "lyra-1")  # no unfinished claim: the toll station claims nothing
    book("buy", "Bob", "toll-station-2")
    assert cash(book, "Ann") == "1600.00"  # 3000 - 800 - 600
    assert cash(book, "Bob") == "2200.00"  # 3000 - 800
    msg = refused(book, "build", "Bob", "toll-station-2")
    assert "§6: no support points can be built on a toll station" in msg


def test_6_speed_trap_rent_by_number_owned_and_dice(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | speed-trap-1   | Bob
                 | speed-trap-2   | Bob
                 | toll-station-1 | Bob
        """
    )
    book("rent", "Ann", "speed-trap-1", "--dice", "4,2")  # 2 speed traps, total 6: 600
    book("rent", "Ann", "toll-station-1", "--dice", "6,6")  # 1 toll station, total 12: 600
    assert cash(book, "Ann") == "1800.00"  # 3000 - 600 - 600
    assert "§6: the rent of a speed trap goes by the dice total" in refused(
        book, "rent", "Ann", "speed-trap-2"
    )


def test_6_counted_together_by_setting(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | speed-trap-1   | Bob
                 | speed-trap-2   | Bob
                 | toll-station-1 | Bob
        """
    )
    set_setting(book.path, "count_st_together", "yes")
    book("rent", "Ann", "speed-trap-1", "--dice", "4,2")  # 3 counted together, total 6: 900
    assert cash(book, "Ann") == "2100.00"


# -- §7 event fields -------------------------------------------------------------------------------


def test_7_event_card_pays_or_receives(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("event", "Ann", "--pay", "150", "--card", "Repairs")
    book("event", "Ann", "--receive", "80")
    assert cash(book, "Ann") == "2930.00"  # 3000 - 150 + 80
    assert "§7" in refused(book, "event", "Ann", "--pay", "10", "--receive", "10")


# -- §8 remote buy ---------------------------------------------------------------------------------


def test_8_remote_buy_pays_price_to_bank_and_premium_to_lander(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    book("remote-buy", "Ann", "lyra-3", "--lander", "Bob")
    assert cash(book, "Ann") == "2200.00"  # 3000 - 600 - 200
    assert cash(book, "Bob") == "3200.00"  # 3000 + the premium 200
    assert status(book)["Ann"]["owns"] == {"lyra-1": 0, "lyra-3": 0}


def test_8_remote_buy_needs_the_claim(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    msg = refused(book, "remote-buy", "Bob", "lyra-3", "--lander", "Ann")
    assert "§8: Bob has no claim to Lyra (Ann has)" in msg


def test_8_remote_buy_of_support_points(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
                 | lyra-2 | Ann   | 1
        """
    )
    book("remote-buy", "Ann", "lyra-2", "--lander", "Bob", "--points", "1")
    assert cash(book, "Ann") == "2500.00"  # 3000 - 300 - 200
    assert cash(book, "Bob") == "3200.00"
    assert status(book)["Ann"]["owns"]["lyra-2"] == 2


# -- §9 sales and debts ----------------------------------------------------------------------------


def test_9_sale_value_from_the_bank(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | toll-station-1 | Ann
        """
    )
    book("sell", "Ann", "toll-station-1")
    assert cash(book, "Ann") == "3400.00"  # 3000 + 400
    assert status(book)["Ann"]["owns"] == {}


def test_9_selling_points_keeps_the_limits_on_the_other_plots(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 3
                 | lyra-2 | Ann   | 1
                 | lyra-3 | Ann   | 1
        """
    )
    msg = refused(book, "sell", "Ann", "lyra-2", "--points", "1")
    assert "§9 §5: a space station needs a support point on each of the other two plots" in msg
    assert "sell them first" in refused(book, "sell", "Ann", "lyra-1")
    book("sell", "Ann", "lyra-1", "--points", "1")
    book("sell", "Ann", "lyra-2", "--points", "1")
    assert cash(book, "Ann") == "3300.00"  # 3000 + 2 × 150


def test_9_rent_shortfall_borrowed_exactly_and_repaid_from_income(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name     | role
                 | Ann      | player
                 | Bob      | player
        Holdings | deed     | owner | points
                 | lyra-1   | Ann   | 3
                 | lyra-2   | Ann   | 1
                 | lyra-3   | Ann   | 1
                 | sirius-1 | Bob   | 0
        """
    )
    book("event", "Bob", "--pay", "2500")  # Bob keeps 500
    book("rent", "Bob", "lyra-1")  # 1200: 500 in cash, the bank lends the shortfall 700
    s = status(book)["Bob"]
    assert (s["cash"], s["debt"], s["out"]) == ("0.00", "700.00", False)  # 700 <= mortgage 900
    assert "§9: Bob owes the bank 700.00 MU and may not buy anything" in refused(
        book, "buy", "Bob", "vega-1"
    )
    assert "§9" in refused(book, "build", "Bob", "sirius-1")
    book("start", "Bob")  # 1000 in: 700 repay the debt first
    s = status(book)["Bob"]
    assert (s["cash"], s["debt"]) == ("300.00", "0.00")
    assert book("balance", "--json").json()["accounts"]["loan:Bob"] == "0.00"
    assert rows(book.path, "Players")[1]["debt"] == 0


def test_9_debt_above_the_mortgage_value_loses(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
                 | Cy             | player
        Holdings | deed           | owner
                 | toll-station-1 | Bob
                 | lyra-1         | Ann
        """
    )
    book("event", "Bob", "--pay", "3500")  # debt 500 > mortgage 400: Bob has lost
    s = status(book)["Bob"]
    assert (s["out"], s["owns"], s["debt"]) == (True, {}, "0.00")  # written off (ruling)
    assert "§9: Bob has lost the game" in refused(book, "start", "Bob")
    assert "§9: Bob has lost the game and takes no more part" in refused(
        book, "pay", "Ann", "Bob", "10"
    )
    data = book("balance", "--json").json()
    assert data["accounts"]["bank"] == "-6000.00"  # -9000 + 3500 paid - 500 written off
    book("buy", "Ann", "lyra-2")  # nothing of Bob's is left in the way


def test_2_the_player_left_at_the_end_has_won_and_the_game_is_over(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | toll-station-1 | Bob
                 | lyra-1         | Ann
        """
    )
    run = book("event", "Bob", "--pay", "3500")  # debt 500 > mortgage 400: Bob has lost
    assert "Bob has lost (§9)" in run.stdout
    for command in (("start", "Ann"), ("buy", "Ann", "lyra-2"), ("event", "Ann", "--receive", "9")):
        msg = refused(book, *command)
        assert "game-over §2: the game is over: Ann is the player left and has won" in msg
    assert cash(book, "Ann") == "3000.00"  # as the game ended
    facts = book("report", "game", "--format", "text").stdout
    assert "winner: Ann (§2: the player left at the end)" in facts


def test_9_debt_equal_to_the_mortgage_value_does_not_lose(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | toll-station-1 | Bob
        """
    )
    book("event", "Bob", "--pay", "3400")  # debt 400 = mortgage 400: not more
    s = status(book)["Bob"]
    assert (s["out"], s["debt"]) == (False, "400.00")


def bob_owes_100(planetopoly: Table) -> Ledger:
    """Ann and Bob; Bob owns lyra-1 (mortgage 300) and has borrowed 100 for an event card."""
    book: Ledger = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Bob
        """
    )
    book("event", "Bob", "--pay", "3100")  # 3000 in cash: the bank lends 100 (§9)
    return book


def test_9_money_paid_with_ledger_pay_repays_the_debt_first(planetopoly: Table) -> None:
    book = bob_owes_100(planetopoly)
    run = book("pay", "Ann", "Bob", "150")  # "he must use it to repay his debts"
    assert "Bob repays 100.00 of debt (§9)" in run.stdout
    s = status(book)["Bob"]
    assert (s["cash"], s["debt"]) == ("50.00", "0.00")
    assert "debt-not-repaid" not in book("check").stdout


def test_9_a_pay_row_of_events_repays_the_debt_and_owns_the_repayment(planetopoly: Table) -> None:
    book = bob_owes_100(planetopoly)
    add_rows(book.path, "Events", [[None, None, "pay", "Ann", "Bob", 150]])
    run = book("post")
    assert "posted Events!A2: pay Ann -> txn" in run.stderr + run.stdout
    repay = [t for t in book("journal", "--json").json() if t["kind"] == "repay"]
    assert [t["event"] for t in repay] == ["Events!A2"]
    row = rows(book.path, "Events")[0]
    assert row["posted"] == f"txn {repay[0]['txn'] - 1}, {repay[0]['txn']}"
    assert status(book)["Bob"]["debt"] == "0.00"


def test_9_a_payment_by_choice_is_not_lent_and_says_why(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    said = refused(book, "pay", "Ann", "Bob", "3001")
    assert "§9: the bank lends only the shortfall of what a player must pay" in said
    assert "§30" not in said  # another game's rule


def test_9_the_balance_table_shows_the_loans_and_adds_up(planetopoly: Table) -> None:
    book = bob_owes_100(planetopoly)
    lines = book("balance").stdout.splitlines()
    shown = {
        cells[0]: cells[-1]
        for cells in ([c.strip() for c in line.strip("│").split("│")] for line in lines)
        if len(cells) == 3
    }
    assert shown["loan:Bob"] == "-100.00" and shown["bank"] == "-2,900.00"
    assert shown["all accounts"] == "0.00"


def test_9_selling_zero_support_points_is_refused_not_the_whole_plot(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    assert "§9: --points must be 1 or more" in refused(
        book, "sell", "Ann", "lyra-1", "--points", "0"
    )
    assert status(book)["Ann"]["owns"] == {"lyra-1": 0}


# -- §10 prison ------------------------------------------------------------------------------------


def test_10_bail_600_then_400_then_200(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("prison", "Ann")
    book("bail", "Ann")  # first turn: 600
    book("prison", "Ann")
    book("stay", "Ann")
    book("bail", "Ann")  # second turn: 400
    book("prison", "Ann")
    book("stay", "Ann")
    book("stay", "Ann")
    book("bail", "Ann")  # third turn: 200
    assert cash(book, "Ann") == "1800.00"  # 3000 - 600 - 400 - 200
    assert status(book)["Ann"]["in_prison"] is False


def test_10_third_stay_serves_the_sentence_and_frees_on_the_next_turn(planetopoly: Table) -> None:
    """ "If he still chooses to stay in prison and to miss a third round he has served his
    sentence and must continue from the prison field once it is his turn again": in prison
    for that third round (no rent), free with no fine at his next move."""
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    book("prison", "Ann")
    book("stay", "Ann")
    book("stay", "Ann")
    assert status(book)["Ann"]["prison_turns"] == 2
    run = book("stay", "Ann")
    assert "the sentence is served, no fine" in run.stdout
    s = status(book)["Ann"]
    assert (s["in_prison"], s["prison_turns"], s["cash"]) == (True, 3, "3000.00")
    # the third round missed: Bob lands on Ann's plot and owes nothing
    assert "§10: Ann is in prison and collects no rent" in book("rent", "Bob", "lyra-1").stderr
    assert "sentence-served" in refused(book, "stay", "Ann")
    # a sale is made "any time": it is not her turn, and she is in prison until then
    said = refused(book, "sell", "Ann", "lyra-1")
    assert "§10: Ann has served the sentence but is in prison until their next turn" in said
    run = book("start", "Ann")  # Ann's turn again: she moves on, and passes start
    assert "Ann has served the sentence and leaves prison, no fine (§10)" in run.stdout
    s = status(book)["Ann"]
    assert (s["in_prison"], s["prison_turns"], s["cash"]) == (False, 0, "4000.00")
    book("rent", "Bob", "lyra-1")
    assert cash(book, "Bob") == "2940.00"


def ann_has_served(planetopoly: Table) -> Ledger:
    """Ann and Bob; Ann went to prison and stayed three times: the sentence served (§10)."""
    book: Ledger = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    book("prison", "Ann")
    for _ in range(3):
        book("stay", "Ann")
    return book


def test_10_a_prisoner_who_has_served_may_go_back_to_prison_on_that_turn(
    planetopoly: Table,
) -> None:
    book = ann_has_served(planetopoly)
    book("prison", "Ann")  # three doubles on the turn that frees her: a new sentence
    s = status(book)["Ann"]
    assert (s["in_prison"], s["prison_turns"]) == (True, 0)
    book("bail", "Ann")  # the first turn's fine again
    assert cash(book, "Ann") == "2400.00"


def test_10_bail_after_the_sentence_is_served_costs_nothing(planetopoly: Table) -> None:
    book = ann_has_served(planetopoly)
    assert "no fine" in book("bail", "Ann").stdout
    assert (status(book)["Ann"]["in_prison"], cash(book, "Ann")) == (False, "3000.00")


def test_10_prisoner_collects_no_rent(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    book("prison", "Ann")
    run = book("rent", "Bob", "lyra-1")  # allowed, worth nothing: exit 0, said as a warning
    assert "§10: Ann is in prison and collects no rent" in run.stderr
    assert cash(book, "Bob") == "3000.00"


def test_issue36_10_a_rent_to_an_owner_in_prison_is_nothing_to_pay_not_an_error(
    planetopoly: Table,
) -> None:
    """Issue 36 (2): "If a player lands on a field owned by a player who is in prison he does
    not have to pay rent" (§10): the banker records the landing, told it costs nothing."""
    book = planetopoly(
        """
        Players  | name          | role
                 | Ann           | player
                 | Bob           | player
        Holdings | deed          | owner
                 | speed-trap-1  | Ann
        """
    )
    book("prison", "Ann")
    run = book("rent", "Bob", "speed-trap-1", "--dice", "3,4")
    assert run.exit_code == 0 and "nothing posted" in run.stdout
    assert "owner-in-prison (warning) §10: Ann is in prison and collects no rent" in run.stderr
    assert "Bob pays nothing" in run.stderr
    assert (cash(book, "Bob"), cash(book, "Ann")) == ("3000.00", "3000.00")
    assert not [t for t in book("journal", "--json").json() if t["kind"] == "rent"]


def test_10_a_prisoner_does_not_move_so_pays_no_rent_and_draws_no_card(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    book("prison", "Bob")
    said = refused(book, "rent", "Bob", "lyra-1")
    assert "§10: Bob is in prison and may not pay rent: a prisoner does not move" in said
    assert "§10: Bob is in prison" in refused(book, "event", "Bob", "--receive", "50")
    assert cash(book, "Bob") == "3000.00"


def test_10_prisoner_makes_no_sale_or_remote_buy(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    book("prison", "Ann")
    assert "§10: Ann is in prison and may not sell" in refused(book, "sell", "Ann", "lyra-1")
    msg = refused(book, "remote-buy", "Ann", "lyra-2", "--lander", "Bob")
    assert "§10: Ann is in prison and may not carry out a remote buy" in msg


# -- the workbook ---------------------------------------------------------------------------------


def test_tick_says_there_are_no_periodic_charges(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    run = book("tick", expect=1)
    assert "Planetopoly has no periodic charges" in run.stderr
    assert "ledger start, risk, buy, build, rent" in run.stderr


def test_status_json_shape(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner
                 | speed-trap-1 | Ann
        """
    )
    book("start", "Ann")
    book("rent", "Bob", "speed-trap-1", "--dice", "1,1")  # 1 speed trap, total 2: 100
    ann = {
        "cash": "4100.00",
        "debt": "0.00",
        "in_prison": False,
        "prison_turns": 0,
        "out": False,
        "owns": {"speed-trap-1": 0},
        "bail_now": None,  # issue 36: what a prisoner pays to leave now (§10)
        "mortgage_value": "400.00",  # issue 36: speed trap 1 (800), mortgage half (§9)
    }
    bob = {**ann, "cash": "2900.00", "owns": {}, "mortgage_value": "0.00"}
    assert book("status", "--json").json() == {"players": {"Ann": ann, "Bob": bob}}


def test_5_status_says_each_plots_level_and_writes_amounts_as_people_read_them(
    planetopoly: Table,
) -> None:
    book = planetopoly(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner | points
                 | lyra-1       | Ann   | 4
                 | lyra-2       | Ann   | 1
                 | lyra-3       | Ann   | 1
                 | speed-trap-1 | Ann   | 0
        """
    )
    book("start", "Ann")
    said = book("status").stdout
    for words in (
        "4,000.00",  # 3000 + 1000, with its thousands separator as `ledger balance`
        "lyra-1: a space station + 1 support point",
        "lyra-2: 1 support point",
        "lyra-3: 1 support point",
        "speed-trap-1",
        "playing",
    ):
        assert words in said, words
    assert "lyra-1: 4" not in said and "speed-trap-1: 0" not in said
    owns = status(book)["Ann"]["owns"]  # --json keeps the numbers
    assert owns == {"lyra-1": 4, "lyra-2": 1, "lyra-3": 1, "speed-trap-1": 0}
    assert status(book)["Ann"]["cash"] == "4000.00"


def test_check_deeds_three_plots_a_planet_and_rents_not_falling(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players | name   | role
                | Ann    | player
                | Bob    | player
        Deeds   | key    | name   | kind | planet | price | rent | rent_1_point | point_price
                | lyra-1 | Lyra 1 | plot | Lyra   | 600   | 60   | 50           | 300
                | lyra-2 | Lyra 2 | plot | Lyra   | 600   | 60   | 300          | 300
        """
    )
    run = book("check", expect=1)
    said = run.stdout + run.stderr
    assert (
        "Deeds!A2: rent-falls §5: the rent of lyra-1 falls from 60.00 (bare plot) to 50.00" in said
    )
    assert "planet-not-three §5: the planet Lyra has 2 plots, not three" in said


def test_statement_and_game_summary(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
        """
    )
    book("rent", "Bob", "lyra-1")  # 300
    text = book("statement", "--player", "Ann", "--format", "text").stdout
    assert "Lyra 1" in text and "1 support point" in text and "300.00" in text
    report = book("report", "game", "--format", "text").stdout
    assert "Standings by net worth" in report
    # Ann: 3300 cash + 300 sale value + 150 for the point = 3750; Bob 2700
    assert report.index("3,750.00") < report.index("2,700.00")
